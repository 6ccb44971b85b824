"""Bad input at the adapters' edge: every refusal is a CardrulesError, and nothing changes."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.adapters.compact import CompactEncoding, FullEncoding, action_encoding
from cardrules.encoding import ViewEncoder
from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    IllegalActionError,
)
from cardrules.game import CHANCE
from cardrules.games.rook import Play as RookPlay
from cardrules.games.rook import RookRule

pettingzoo = pytest.importorskip("cardrules.adapters.pettingzoo")

BUILT_IN = ("euchre", "rook", "voormsi", "tournament")


def _dealt(name: str, seed: int = 3) -> tuple[Any, Any]:
    """The game ``name`` and the first decision state of a hand dealt with ``seed``."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new_hand(dealer=0)
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    return game, state


# -- PettingZoo --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["euchre", "rook"])
@pytest.mark.parametrize("code", [0.5, 42.5, True, False, None, "x", "0", np.float64(0.0), 1.0])
def test_aec_step_refuses_a_code_that_is_no_int_and_changes_nothing(name: str, code: Any) -> None:
    """``int(0.5)`` used to apply code 0 and ``True`` code 1: the raw value now reaches the encoding."""
    env = pettingzoo.cardrules_env(name)
    env.reset(seed=3)
    state, agent, pending = env.state, env.agent_selection, env.pending
    with pytest.raises(ArgumentTypeError):
        env.step(code)
    assert (env.state, env.agent_selection, env.pending) == (state, agent, pending)
    legal = np.flatnonzero(env.observe(agent)["action_mask"])
    env.step(np.int64(legal[0]))  # a NumPy integer is a code
    assert env.state is not state or env.pending != pending


@pytest.mark.parametrize("method", ["observe", "action_space", "observation_space"])
def test_aec_unknown_agent_is_named_with_the_agents_there_are(method: str) -> None:
    env = pettingzoo.cardrules_env("euchre")
    env.reset(seed=1)
    with pytest.raises(ArgumentError, match=r"player_9.*player_0, player_1, player_2, player_3"):
        getattr(env, method)("player_9")
    for agent in (None, 0, ["player_0"]):
        with pytest.raises(ArgumentTypeError, match="an agent is a str"):
            getattr(env, method)(agent)
    assert getattr(env, method)("player_3") is not None


@pytest.mark.parametrize("game", [None, "euchre", 3, object()])
def test_aec_env_takes_a_game_object(game: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="takes a cardrules game"):
        pettingzoo.CardrulesAECEnv(game)
    assert pettingzoo.CardrulesAECEnv(get_game("euchre")).possible_agents[0] == "player_0"


# -- the compact encoding ----------------------------------------------------------------------


def test_rook_compact_code_at_bidding_cites_rule_r9() -> None:
    """Rule R9 (bidding turns): a card code while bidding is refused with the rule the game gives
    for playing that card now, not with ``rule=None``."""
    env = pettingzoo.cardrules_env("rook")
    env.reset(seed=3)
    state = env.state
    with pytest.raises(IllegalActionError) as refused:
        env.step(0)
    card = env.game.deck.cards[0]
    with pytest.raises(IllegalActionError) as by_game:
        env.game.apply(state, RookPlay(card))
    assert refused.value.rule is RookRule.R9 is by_game.value.rule
    assert str(refused.value).startswith("rule R9")
    assert env.state is state


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(["rook", "voormsi"]))
def test_illegal_compact_codes_cite_a_rule_of_the_game(seed: int, name: str) -> None:
    """Every refused code that names a card or an action (all but *done* with nothing selected)
    cites one of the game's rules, the one the game itself gives for that action."""
    game: Any = get_game(name)
    encoding = CompactEncoding(game)
    rule_type = type(next(iter(game.rulebook)).id)
    rng = random.Random(seed)
    state = game.new_hand(dealer=rng.randrange(game.num_players))
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        legal = set(encoding.legal_codes(state))
        for code in range(encoding.num_distinct_actions):
            if code in legal or code == encoding.done:
                continue
            with pytest.raises(IllegalActionError) as refused:
                encoding.step(state, 0, code)
            assert isinstance(refused.value.rule, rule_type), (code, str(refused.value))
        actions = game.legal_actions(state)
        state = game.apply(state, actions[rng.randrange(len(actions))])


@pytest.mark.parametrize("name", ["rook", "voormsi", "euchre"])
def test_pending_selection_is_checked(name: str) -> None:
    game, state = _dealt(name)
    encoding = action_encoding(game)
    too_big = 1 << max(encoding.pending_size, 1)
    not_ints: tuple[Any, ...] = ("x", None, True, 1.0, np.int64(0))
    for pending in not_ints:
        with pytest.raises(ArgumentTypeError, match="pending selection"):
            encoding.legal_codes(state, pending)
        with pytest.raises(ArgumentTypeError, match="pending selection"):
            encoding.step(state, pending, 0)
        with pytest.raises(ArgumentTypeError, match="pending selection"):
            encoding.pending_cards(pending)
    for pending in (-1, too_big, 10**40):
        with pytest.raises(ArgumentError, match="pending selection"):
            encoding.legal_codes(state, pending)
        with pytest.raises(ArgumentError, match="pending selection"):
            encoding.code_to_string(state, pending, 0)
        with pytest.raises(ArgumentError, match="pending selection"):
            encoding.pending_features(pending)
    assert encoding.legal_codes(state, 0)


@pytest.mark.parametrize("name", ["rook", "voormsi"])
@pytest.mark.parametrize("action", [None, "x", 7, ["lead"]])
def test_codes_of_a_non_action_is_refused_by_name(name: str, action: Any) -> None:
    game, state = _dealt(name)
    encoding = CompactEncoding(game)
    with pytest.raises(CardrulesError) as refused:
        encoding.codes_of(state, action)
    assert isinstance(refused.value, ArgumentError | ArgumentTypeError | IllegalActionError)
    assert repr(action) in str(refused.value)


def test_codes_of_an_illegal_group_cites_the_game_rule() -> None:
    """Rule V17 (following a group) names the cards a seat does not hold."""
    game, state = _dealt("voormsi")
    encoding = CompactEncoding(game)
    held = set(game.view(state, game.to_move(state)).hand)
    card = next(c for c in game.deck.cards if c not in held)
    lead = type(game.legal_actions(state)[0])((card,))
    with pytest.raises(IllegalActionError) as refused:
        encoding.codes_of(state, lead)
    assert refused.value.rule == "V17"


@pytest.mark.parametrize("name", BUILT_IN)
def test_full_encoding_step_checks_the_state(name: str) -> None:
    game, state = _dealt(name)
    encoding = FullEncoding(game)
    for bad in (None, "state", get_game("rook" if name != "rook" else "euchre").new_hand(dealer=0)):
        with pytest.raises(ArgumentTypeError):
            encoding.step(bad, 0, 0)
    with pytest.raises(ArgumentError):
        encoding.step(state, 1, 0)  # the full encoding never keeps a selection
    code = encoding.legal_codes(state)[0]
    assert encoding.step(state, 0, code) == (0, game.index_to_action(code))


# -- OpenSpiel ---------------------------------------------------------------------------------

DEAL_RULE = {"euchre": "E4", "rook": "R6", "voormsi": "V5", "tournament": "T1"}


def _at_deal(name: str) -> Any:
    """A fresh OpenSpiel state of ``name`` with its dealer chosen (seat 0): at the deal's first card."""
    osp = pytest.importorskip("cardrules.adapters.openspiel")
    state = osp.register(name).new_initial_state()
    if len(state.chance_outcomes()) == state.get_game().num_players():
        state.apply_action(0)
    return state


@pytest.mark.parametrize("name", sorted(DEAL_RULE))
def test_openspiel_deal_refuses_a_card_dealt_or_off_the_deck(name: str) -> None:
    """Rules E4/R6/V5/T1 (the deal): every chance code is checked against the undealt cards as it
    comes, and a refused one leaves the state usable (it used to be accepted until the last card,
    whose refusal left the state stuck)."""
    state = _at_deal(name)
    first = state.chance_outcomes()[0][0]
    state.apply_action(first)
    outcomes, history = state.chance_outcomes(), state.history()
    for bad in (first, 10**6, len(state.get_game().cardrules_game.deck), -2):
        with pytest.raises(IllegalActionError, match="chance outcome") as refused:
            state.apply_action(bad)
        assert refused.value.rule == DEAL_RULE[name]
        assert (state.chance_outcomes(), state.history()) == (outcomes, history)
    rng = random.Random(5)
    while not state.is_terminal():  # the hand still deals and plays to its end
        if state.is_chance_node():
            codes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(codes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.returns()) == state.get_game().num_players()


@pytest.mark.parametrize("name", ["euchre", "rook", "voormsi"])
def test_openspiel_dealer_choice_refuses_a_seat_out_of_range(name: str) -> None:
    """The first dealer (E3/R5/V4) is one of the seats; a refusal changes nothing."""
    osp = pytest.importorskip("cardrules.adapters.openspiel")
    state = osp.register(name).new_initial_state()
    outcomes = state.chance_outcomes()
    for bad in (4, 10**6):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
        assert state.chance_outcomes() == outcomes and state.history() == []
    state.apply_action(outcomes[-1][0])
    assert state.history() == [outcomes[-1][0]]


# -- ViewEncoder -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILT_IN)
def test_view_encoder_refuses_what_is_no_view_of_its_game(name: str) -> None:
    game, state = _dealt(name)
    encoder = ViewEncoder(game)
    other = get_game("rook" if name != "rook" else "euchre")
    other_view = other.view(other.new_hand(dealer=0), 0)
    for bad in (state, None, other_view, "view"):
        with pytest.raises(ArgumentTypeError, match="view must be"):
            encoder.encode(bad)
    assert len(encoder.encode(game.view(state, 0))) == encoder.size


@pytest.mark.parametrize("game", [None, "euchre", 3])
def test_view_encoder_takes_a_game(game: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="ViewEncoder takes a cardrules game"):
        ViewEncoder(game)

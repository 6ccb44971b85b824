"""The compact action encoding: small spaces, exactly the game's legal actions, whole games that
replay (R13 Rook's bury, V16/V17 Voormsi's groups, taken one card at a time)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardrules import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    IllegalActionError,
    get_game,
)
from cardrules.adapters.compact import (
    COMPACT_LIMIT,
    CompactEncoding,
    FullEncoding,
    action_encoding,
)
from cardrules.records import replay
from cardrules.registry import available_games

GAMES = ("euchre", "rook", "voormsi", "tournament", "whist")


def _completions(encoding: Any, state: Any, pending: int = 0) -> list[tuple[tuple[int, ...], Any]]:
    """Every sequence of compact codes from ``state`` that completes a game action, with it."""
    found: list[tuple[tuple[int, ...], Any]] = []
    for code in encoding.legal_codes(state, pending):
        selection, action = encoding.step(state, pending, code)
        if action is not None:
            assert selection == 0
            found.append(((code,), action))
            continue
        assert selection, "a step that completes nothing must leave a selection pending"
        for codes, completed in _completions(encoding, state, selection):
            found.append(((code, *codes), completed))
    return found


def _random_decisions(game: Any, seed: int, count: int, keep: Any) -> list[Any]:
    """Decision states of random single hands for which ``keep(state)`` holds."""
    rng = random.Random(seed)
    found: list[Any] = []
    for _ in range(200):
        state = game.new_hand(dealer=rng.randrange(game.num_players))
        while (seat := game.to_move(state)) is not None:
            if seat == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            if keep(state):
                found.append(state)
                if len(found) == count:
                    return found
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
    return found


def _has_group(game: Any, state: Any) -> bool:
    return any(len(getattr(a, "cards", ())) > 1 for a in game.legal_actions(state))


@pytest.mark.parametrize("name", sorted(set(GAMES) | set(available_games())))
def test_every_game_has_a_small_compact_space(name: str) -> None:
    game = get_game(name)
    compact = action_encoding(game)
    assert compact.num_distinct_actions <= COMPACT_LIMIT
    full = action_encoding(game, "full")
    assert full.num_distinct_actions == game.num_distinct_actions
    if game.num_distinct_actions <= COMPACT_LIMIT:
        assert isinstance(compact, FullEncoding) and compact.is_full
    else:
        assert isinstance(compact, CompactEncoding) and not compact.is_full


def test_rook_and_voormsi_spaces() -> None:
    """Rook: one code per card, done, and the 19 actions that name no card (pass, redeal, the
    eleven bids of R10, four trumps, correct, claim); Voormsi: one code per card and done."""
    rook = action_encoding(get_game("rook"))
    assert isinstance(rook, CompactEncoding)
    assert rook.num_distinct_actions == 41 + 1 + 19
    assert [get_game("rook").format_action(a) for a in rook.others][:3] == [
        "pass",
        "redeal",
        "bid 70",
    ]
    assert action_encoding(get_game("voormsi")).num_distinct_actions == 36 + 1


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_rook_bury_completions_are_the_legal_buries(seed: int) -> None:
    """R13: the five cards of a bury one at a time; every completion from the bury state is a
    legal bury, every legal bury is exactly one completion, five codes long."""
    game = get_game("rook")
    encoding = CompactEncoding(game)
    states = _random_decisions(game, seed, 1, lambda s: _has_group(game, s))
    assert states, "random play always reaches a bury"
    state = states[0]
    completions = _completions(encoding, state)
    actions = [action for _, action in completions]
    assert len(actions) == len(set(actions)) == len(game.legal_actions(state))
    assert set(actions) == set(game.legal_actions(state))
    for codes, action in completions:
        assert len(codes) == 5 and list(codes) == sorted(codes)
        assert encoding.codes_of(state, action) == codes


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    rules=st.sampled_from(
        [
            {},
            {"players": 3},
            {"players": 2, "multi_card_leads": False},
            {"must_follow_suit": True, "diamond_three_is_king": True},
        ]
    ),
)
def test_voormsi_group_completions_are_the_legal_groups(seed: int, rules: dict[str, Any]) -> None:
    """V16/V17: a lead or a play of 1-4 cards, one card at a time with a done; the completions
    from random states are exactly the legal groups, each reached once."""
    game = get_game("voormsi", **rules)
    encoding = CompactEncoding(game)
    for state in _random_decisions(game, seed, 6, lambda s: True):
        completions = _completions(encoding, state)
        actions = [action for _, action in completions]
        assert len(actions) == len(set(actions)) == len(game.legal_actions(state))
        assert set(actions) == set(game.legal_actions(state))
        for codes, action in completions:
            assert encoding.codes_of(state, action) == codes
            cards = [c for c in codes if c != encoding.done]
            assert len(cards) == len(action.cards) and cards == sorted(cards)


def test_voormsi_states_with_groups_are_met() -> None:
    """The completion test above meets multi-card groups (it would pass vacuously otherwise)."""
    game = get_game("voormsi")
    states = _random_decisions(game, 1, 3, lambda s: _has_group(game, s))
    assert len(states) == 3
    encoding = CompactEncoding(game)
    assert any(
        encoding.done in codes for state in states for codes, _ in _completions(encoding, state)
    )


@pytest.mark.parametrize("name", ["rook", "voormsi"])
def test_illegal_codes_are_refused(name: str) -> None:
    game = get_game(name)
    encoding = CompactEncoding(game)
    state = _random_decisions(game, 2, 1, lambda s: _has_group(game, s))[0]
    legal = encoding.legal_codes(state)
    illegal = next(c for c in range(encoding.num_distinct_actions) if c not in legal)
    with pytest.raises(IllegalActionError):
        encoding.step(state, 0, illegal)
    with pytest.raises(IllegalActionError):
        encoding.step(state, 0, encoding.done)  # nothing selected
    with pytest.raises(ArgumentError):
        encoding.step(state, 0, encoding.num_distinct_actions)
    with pytest.raises(ArgumentTypeError):
        encoding.step(state, 0, True)
    with pytest.raises(ArgumentTypeError):
        encoding.step(state, 0, "3")  # type: ignore[arg-type]
    assert encoding.step(state, 0, np.int64(legal[0]))[0] >= 0


def test_unknown_encoding_and_decks_with_copies() -> None:
    with pytest.raises(ArgumentError):
        action_encoding(get_game("euchre"), "tiny")  # type: ignore[arg-type]
    with pytest.raises(CardrulesError):
        CompactEncoding(get_game("tournament"))  # two packs: a card has two indices


@pytest.mark.parametrize("name", GAMES)
def test_random_agent_plays_whole_aec_hands_that_replay(name: str) -> None:
    pytest.importorskip("pettingzoo")
    from cardrules.adapters.pettingzoo import cardrules_env

    env = cardrules_env(name)
    for seed in (1, 2):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        selecting = 0
        for agent in env.agent_iter(max_iter=20_000):
            obs, _reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if env.pending:
                selecting += 1
                # The agent sees its own selection, and nobody else does.
                size = env.encoder.size
                assert obs["observation"][size:].sum() == bin(env.pending).count("1")
                for other in env.possible_agents:
                    if other != agent:
                        assert env.observe(other)["observation"][size:].sum() == 0
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(rng.choice(legal)))
        assert env.game.is_over(env.state)
        assert replay(env.record()) == env.state
        if name == "rook":
            assert selecting >= 4  # the bury: four cards pending before the fifth completes it


@pytest.mark.parametrize("name", GAMES)
def test_random_agent_plays_whole_pyspiel_hands_that_replay(name: str) -> None:
    pytest.importorskip("pyspiel")
    from cardrules.adapters.openspiel import register

    game = register(name)
    assert game.num_distinct_actions() <= COMPACT_LIMIT
    rng = random.Random(3)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            player = state.current_player()
            if state.pending:
                text = state.information_state_string(player)
                assert "selected:" in text
                other = (player + 1) % game.num_players()
                assert "selected:" not in state.information_state_string(other)
            action = rng.choice(state.legal_actions())
            assert state.action_to_string(player, action)
            state.apply_action(action)
        assert replay(state.record()) == state.inner
        assert state.returns() == [float(r) for r in state._cr.outcome(state.inner).returns]


@settings(max_examples=25, deadline=None)
@given(
    hand=st.lists(st.integers(0, 40), min_size=5, max_size=14, unique=True),
    forced_count=st.integers(0, 3),
)
@example(hand=[3, 40, *range(10, 22)], forced_count=0)  # the bidder's 14 cards, nothing forced
@example(hand=[0, 7, 1, *range(20, 31)], forced_count=2)
def test_rook_bury_family_matches_the_listed_buries(hand: list[int], forced_count: int) -> None:
    """R13: the buries Rook lists lazily (some cards forced, any of the others) are read without
    listing them; every selection gets the same options as from the 2 002 buries listed."""
    import itertools

    from cardrules.games.rook.choices import BuryChoices

    game = get_game("rook")
    encoding = CompactEncoding(game)
    forced = sum(1 << i for i in hand[:forced_count])
    pool = sum(1 << i for i in hand[forced_count:])
    buries = BuryChoices(game.deck.cards, forced, pool)
    family, listed = encoding.legal_of(buries), encoding.legal_of(tuple(buries))
    assert type(family).__name__ == "_Family" and type(listed).__name__ == "_Listed"
    outside = next(i for i in range(41) if i not in hand)
    for size in range(6):
        for cards in itertools.combinations(sorted([*hand, outside]), size):
            mask = sum(1 << i for i in cards)
            assert family.options(mask) == listed.options(mask), cards
            if listed.options(mask)[1]:
                assert family.group(mask) == listed.group(mask)

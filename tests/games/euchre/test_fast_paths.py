"""The engine's hot paths: exact shuffle, packet dealing, interned fast paths agreeing with the general
path, state value semantics, and the rollout between hands (Game.rollout's contract)."""

from __future__ import annotations

import copy
import math
import pickle
import random

import pytest

from cardrules import (
    CHANCE,
    Deal,
    IllegalActionError,
    alternating_packets,
    deal_packets,
)
from cardrules.decks import shuffled_order
from cardrules.games.euchre import (
    DealInfo,
    Discard,
    EuchreGame,
    EuchreState,
    NameTrump,
    OrderUp,
    Pass,
    Play,
    make_game,
)
from cardrules.games.euchre.state import Progress, Setup

from .stacking import FixedCode


def _deal(order: object) -> Deal:
    """A Deal carrying ``order`` however bad: set after construction, since ``Deal`` refuses a
    badly typed order when built (#28) and only a tampered action can reach the engine."""
    deal = Deal(())
    object.__setattr__(deal, "order", order)
    return deal


def _lehmer(order: tuple[int, ...]) -> int:
    """The mixed-radix code that the Lehmer shuffle decodes into ``order`` (its inverse)."""
    cards = list(range(24))
    code, weight = 0, 1
    for n, card in zip(range(24, 0, -1), order, strict=True):
        k = cards.index(card)
        cards.pop(k)
        code += k * weight
        weight *= n
    return code


@pytest.mark.parametrize("code", [0, 1, 23, 24, 10**20, math.factorial(24) - 1, 123456789012345])
def test_E4_lehmer_shuffle_decodes_each_code_to_its_own_permutation(code: int) -> None:
    """E4: the Lehmer shuffle is a bijection from range(24!) onto the orders: with one uniform
    draw of the code (``randrange(24!)``), every order has probability exactly 1/24!."""
    order = shuffled_order(FixedCode(code), 24, "lehmer")
    assert sorted(order) == list(range(24))
    assert _lehmer(order) == code


def test_E4_lehmer_shuffle_draws_once_and_is_seed_stable() -> None:
    rng = random.Random(5)
    order = shuffled_order(rng, 24, "lehmer")
    again = random.Random(5)
    code = again.randrange(math.factorial(24))
    assert rng.getstate() == again.getstate()  # exactly one draw
    assert _lehmer(order) == code


def _reference_deal(game: EuchreGame, dealer: int, order: tuple[int, ...]) -> tuple[int, ...]:
    first, second = (3, 2) if game.rules.deal_pattern == "3-2" else (2, 3)
    positions, _ = deal_packets(
        range(24), 4, alternating_packets(4, first, second), first=(dealer + 1) % 4
    )
    return tuple(sum(1 << order[p] for p in positions[s]) for s in range(4))


@pytest.mark.parametrize("pattern", ["3-2", "2-3"])
def test_E4_packet_deal_matches_the_core_reference(pattern: str) -> None:
    game = make_game(deal_pattern=pattern)
    rng = random.Random(4)
    for dealer in range(4):
        for _ in range(20):
            order = shuffled_order(rng, 24, "lehmer")
            state = game.apply(game.new_hand(dealer=dealer), Deal(order))
            assert state.hands == _reference_deal(game, dealer, order)
            assert state.deal == DealInfo(dealer, order[20], sum(1 << c for c in order[21:]))
            assert state.to_move == (dealer + 1) % 4


@pytest.mark.parametrize(
    "order",
    [
        tuple(range(23)),
        tuple(range(25)),
        (0, *range(23)),
        (*range(23), 24),
        (*range(23), -1),
        (*range(23), 23.0),
        (*range(23), "x"),
    ],
)
def test_E4_bad_deals_are_refused_and_leave_the_state_alone(order: tuple[object, ...]) -> None:
    game = make_game()
    state = game.new_hand(dealer=2)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as err:
        game.apply(state, _deal(order))
    assert err.value.rule == "E4"
    assert state == before


def _fresh_equal(action: object) -> object:
    """An action equal to ``action`` but not the interned object the engine hands out."""
    if isinstance(action, Play):
        return Play(action.card)
    if isinstance(action, Discard):
        return Discard(action.card)
    if isinstance(action, OrderUp):
        return OrderUp(action.alone)
    if isinstance(action, NameTrump):
        return NameTrump(action.suit, action.alone)
    if isinstance(action, Pass):
        return Pass()
    return copy.deepcopy(action)


@pytest.mark.parametrize(
    "options", [{}, {"defend_alone": True, "no_trump": True}, {"canadian_loner": True}]
)
def test_fast_paths_agree_with_equal_non_interned_actions(options: dict[str, object]) -> None:
    """An equal action built by the caller takes the general path: the same next state."""
    game = make_game(**options)
    rng = random.Random(8)
    for _ in range(60):
        state = game.new_hand()
        while state.to_move is not None:
            if state.to_move == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            action = rng.choice(game.legal_actions(state))
            fresh = _fresh_equal(action)
            assert fresh is not action and fresh == action
            nxt = game.apply(state, action)
            assert game.apply(state, fresh) == nxt
            assert game.apply(state, action, seat=state.to_move) == nxt
            state = nxt


def test_E13_illegal_play_raises_with_the_rule_and_leaves_the_state_alone() -> None:
    game = make_game()
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        state = game.new_hand()
        while state.to_move is not None and checked < 40:
            if state.to_move == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            legal = game.legal_actions(state)
            if state.phase == "play":
                illegal = [p for p in game.all_actions() if isinstance(p, Play) and p not in legal]
                before = copy.deepcopy(state)
                for action in rng.sample(illegal, 3):
                    with pytest.raises(IllegalActionError) as err:
                        game.apply(state, action)
                    assert err.value.rule == "E13"
                    assert state == before
                checked += 1
            state = game.apply(state, rng.choice(legal))
    assert checked == 40


def test_states_are_values_equal_only_to_states() -> None:
    game = make_game()
    rng = random.Random(2)
    state = game.new_hand(dealer=1)
    state = game.apply(state, game.sample_chance(state, rng))
    state = game.apply(state, game.legal_actions(state)[1])  # order up: the dealer discards
    twin = EuchreState(*state)
    assert twin == state and hash(twin) == hash(state) and twin is not state
    assert state.__ne__(twin) is False
    assert state != tuple(state) and tuple(state) != state
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state
    assert DealInfo(1, 2, 3) != (1, 2, 3, -1) and DealInfo(1, 2, 3) == DealInfo(1, 2, 3, -1)
    assert Progress() != (0, (), (0, 0)) and Progress() == Progress(0, (), (0, 0))
    assert Setup(DealInfo(0)) != (DealInfo(0), None, None, (), (0, 0, 0, 0))
    assert repr(state).startswith("EuchreState(phase='discard', to_move=1,")
    with pytest.raises(AttributeError):
        state.phase = "play"  # type: ignore[misc]


def _between_hands(game: EuchreGame, seed: int) -> EuchreState:
    """A match state just after a hand was scored, before the next deal."""
    rng = random.Random(seed)
    state = game.new_match()
    dealt = False
    while True:
        if state.to_move == CHANCE:
            if state.phase == "deal" and dealt:
                return state
            dealt = dealt or state.phase == "deal"
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)))


def test_rollout_between_hands_is_the_outcome_of_the_hand_that_ended() -> None:
    """Game.rollout: between two hands of a match, the outcome of the hand just scored, whatever
    the rng; at a terminal state, the final hand's outcome."""
    game = make_game()
    for seed in range(5):
        state = _between_hands(game, seed)
        last = state.match.last
        assert state.phase == "deal" and last is not None
        before = copy.deepcopy(state)
        outcomes = {game.rollout(state, random.Random(k)) for k in range(20)}
        assert outcomes == {game.hand_outcome(last.points)}
        assert state == before
    rng = random.Random(9)
    state = game.new_match()
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    final = state.match.last
    assert final is not None
    assert game.rollout(state, random.Random(1)) == game.hand_outcome(final.points)


def test_rollout_at_the_start_of_a_match_plays_the_first_hand() -> None:
    """Before the first deal (no hand has ended yet) a rollout plays the hand out: it varies."""
    game = make_game()
    state = game.new_match()
    points = {game.rollout(state, random.Random(k)).team_points for k in range(200)}
    assert len(points) >= 3

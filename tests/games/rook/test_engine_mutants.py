"""Tests written to kill the survivors of a mutation run over the Rook engine (issue #18).

They pin what the rest of the suite reaches only through the game: the values the rule functions
of ``engine.py`` return (A2's outcome of an all-pass, A6's bury at five non-counters, the points
and reasons of R21, R22 and R24, what is a revoke), the outcome of a hand computed afresh (the
game keeps the outcomes it has made, so a test that clears that memo sees the rule again), the
refusal of a revoke action with nothing to act on (R24) and of bad arguments, and the module's
lazy ``RookGame`` export.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from cardrules import ArgumentTypeError, Card, IllegalActionError
from cardrules.games.rook import (
    ClaimRevoke,
    CorrectRevoke,
    RookRule,
    claim_result,
    engine,
    make_game,
)
from cardrules.games.rook.game import RookGame as GameModuleRookGame

from ._helpers import dealt, in_play


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("pass_deal", ("throw_in", 0)),
        ("redeal_same_dealer", ("redeal", 3)),
        ("dealer_forced_min", ("forced", 3)),
    ],
)
def test_A2_all_passed_names_what_happens(mode: str, expected: tuple[str, int]) -> None:
    """A2: when all four pass, the hand is thrown in and the deal passes on, the same dealer
    deals again, or the dealer is forced to take the bid."""
    assert engine.all_passed(mode, 3) == expected


@pytest.mark.parametrize("points", [(85, 35), (0, 120), (-120, 40), (240, 0), (0, 0)])
def test_R22_hand_outcome_is_the_team_difference_over_240(points: tuple[int, int]) -> None:
    """R22: a hand's outcome gives each seat its team's lead in points, scaled by the widest
    swing of a hand (240), partners alike (R1); computed afresh, not from the game's memo."""
    engine._OUTCOMES.clear()
    first = engine.hand_outcome(points)
    for outcome in (first, engine._hand_outcome(points)):
        lead = (points[0] - points[1]) / 240
        assert outcome.returns == pytest.approx((lead, -lead, lead, -lead))
    assert engine.hand_outcome(points) is first  # kept: asking again makes no new value


@pytest.mark.parametrize(
    ("claimer", "offender", "expected"),
    [
        (0, 1, (25, -70)),
        (3, 2, (-70, 40)),
    ],
)
def test_R24_claim_result_names_the_teams(
    claimer: int, offender: int, expected: tuple[int, int]
) -> None:
    """R24: a claimed revoke costs the offender's team its bid, and the claimer's team scores the
    counters it captured; the reason names both seats and both teams (team = seat % 2, R1)."""
    points, reason = claim_result(70, (25, 40), claimer, offender)
    assert points == expected
    loser, scorer = offender % 2, 1 - offender % 2
    assert reason == (
        f"R24: seat {claimer} claimed the revoke of seat {offender}: team {loser} loses the bid 70,"
        f" team {scorer} scores its captured counters"
    )


@pytest.mark.parametrize("plain_cards", [4, 5, 6])
def test_A6_bury_pool_without_counters_at_five_plain_cards(plain_cards: int) -> None:
    """R13, A6: with counters barred from the nest, a hand of five or more non-counters buries
    five of them (nothing forced, the pool is the non-counters); with fewer it buries all of them
    (forced) and makes up five from its counters."""
    counters = 0b111 << 10
    plain = (1 << plain_cards) - 1
    hand = plain | counters
    forced, pool = engine.bury_pool(hand, counters, counters_allowed=False)
    if plain_cards >= engine.NEST_SIZE:
        assert (forced, pool) == (0, plain)
    else:
        assert (forced, pool) == (plain, counters)
    assert engine.bury_pool(hand, counters, counters_allowed=True) == (0, hand)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((0, 80, (85, 15), 1, 20), ((85, 35), "R22: team 0 made 85 on a bid of 80")),
        ((0, 80, (60, 40), 1, 20), ((-80, 60), "R22: team 0 was set (60 on a bid of 80)")),
        ((1, 70, (30, 50), 1, 20), ((30, 70), "R22: team 1 made 70 on a bid of 70")),
        (
            (1, 80, (60, 40), 0, 20, 0),
            ((-80, 40), "R24: the revoke of seat 0 was found at the end of the hand"),
        ),
    ],
)
def test_R21_R22_R24_hand_result_gives_points_and_reason(
    args: tuple[Any, ...], expected: tuple[tuple[int, int], str]
) -> None:
    """R21: the last trick's team takes the nest's points; R22: the bidding team scores what it
    took if it made its bid, else loses the bid; R24: a revoke found at the end costs the
    offender's team its bid. Each result says why, for the hand report."""
    assert engine.hand_result(*args) == expected


def test_R24_is_revoke_is_a_held_card_outside_the_proper_plays() -> None:
    """R24: playing a card is a revoke exactly when the hand holds it and it is not one of the
    proper plays (R15-R17); a card not held is no revoke (it cannot be played at all)."""
    for hand, proper in itertools.product(range(16), range(16)):
        for card in range(4):
            held, allowed = hand >> card & 1, proper >> card & 1
            assert engine.is_revoke(hand, card, proper) is bool(held and not allowed)


@pytest.mark.parametrize("action", [CorrectRevoke(), ClaimRevoke()], ids=repr)
def test_R24_strict_play_refuses_revoke_actions(action: CorrectRevoke | ClaimRevoke) -> None:
    """R24: in strict play a revoke cannot happen, so a correction or a claim is refused with the
    rule, the action, the seat and the legal actions."""
    game = make_game()
    state = in_play(game)
    with pytest.raises(IllegalActionError, match="there is no revoke to act on") as info:
        game.apply(state, action)
    error = info.value
    assert error.rule is RookRule.R24
    assert error.action == action
    assert error.seat == 0
    assert error.legal == game.legal_actions(state)


@pytest.mark.parametrize(
    ("phase", "action", "why"),
    [
        ("bidding", CorrectRevoke(), "there is no revoke to act on"),
        ("bidding", ClaimRevoke(), "there is no revoke to act on"),
        ("play", CorrectRevoke(), "seat 1 has no open revoke to correct"),
        ("play", ClaimRevoke(), "seat 1's opponents have no established revoke to claim"),
    ],
)
def test_R24_table_play_refuses_revoke_actions_with_nothing_to_act_on(
    phase: str, action: CorrectRevoke | ClaimRevoke, why: str
) -> None:
    """R24 in table play: outside the play there is no revoke; in play a seat corrects only its
    own open revoke and claims only an established revoke of its opponents. Each refusal names
    the rule, the action and the seat."""
    game = make_game(preset="table_play")
    state = dealt(game) if phase == "bidding" else in_play(game)
    assert state.phase == phase
    with pytest.raises(IllegalActionError) as info:
        game.apply(state, action, seat=1)
    error = info.value
    assert (error.rule, error.why, error.action, error.seat) == (RookRule.R24, why, action, 1)


@pytest.mark.parametrize("bad", [(85, "35"), ("85", 35), (85,), [85, 35], (85, 35, 0)], ids=repr)
def test_R22_hand_outcome_refuses_what_is_not_two_ints(bad: Any) -> None:
    """The outcome of a hand needs its points as a tuple of two ints; anything else is a type
    error that shows the value."""
    with pytest.raises(ArgumentTypeError) as info:
        engine.hand_outcome(bad)
    assert str(info.value) == f"points must be a tuple of two ints (team 0, team 1), not {bad!r}"


def test_R4_counter_value_refuses_what_is_not_a_card() -> None:
    """R4 values cards; a card text is not a card (a type error showing its type and value)."""
    values = {"R5": 5, "Y10": 10, "G14": 10, "B13": 0, "R": 20}
    assert {text: engine.counter_value(Card.parse(text)) for text in values} == values
    with pytest.raises(ArgumentTypeError) as info:
        engine.counter_value("R5")  # type: ignore[arg-type]
    assert str(info.value) == "card must be a Card, not str 'R5'"


def test_engine_module_still_exports_rook_game_lazily() -> None:
    """``RookGame`` moved to ``game.py``; the old import path gives the same class, and any other
    missing name is the usual ``AttributeError`` naming the module and the name."""
    assert engine.RookGame is GameModuleRookGame
    with pytest.raises(AttributeError, match=r"module '.*rook.engine' has no attribute 'nope'"):
        engine.nope  # noqa: B018

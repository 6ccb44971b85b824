"""Auctions, calling rounds, partnerships, matches and the ladder."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import (
    AscendingAuction,
    CallingRounds,
    IllegalActionError,
    Ladder,
    MatchScore,
    Partnership,
    RulesError,
)
from cardrules.rulebook import RuleId
from cardrules.scoring import HandResult


class AuctionRule(RuleId):
    """The rule ids these tests hand to the core auctions: a closed set of their own, so that the
    core's tests depend on no game. No book is registered, so errors write the bare id."""

    BID_RANGE = "X1"
    MUST_CALL = "X2"


def rook_auction(first: int = 1) -> AscendingAuction:
    return AscendingAuction.start(
        num_players=4, first=first, minimum=70, maximum=120, step=5, rule=AuctionRule.BID_RANGE
    )


def test_auction_overbid_partner_example() -> None:
    # Rook edge case 11: A 70, B pass, C 75, D pass, A 80, C pass -> A wins at 80.
    a = rook_auction(0).bid(0, 70).pass_(1).bid(2, 75).pass_(3).bid(0, 80).pass_(2)
    assert a.is_over and a.winner == (0, 80) and not a.all_passed
    assert a.legal_bids() == ()


def test_auction_ends_at_once_on_maximum() -> None:
    a = rook_auction().bid(1, 120)
    assert a.is_over and a.winner == (1, 120)


def test_auction_pass_pass_pass_bid_ends() -> None:
    a = rook_auction().pass_(1).pass_(2).pass_(3).bid(0, 70)
    assert a.is_over and a.winner == (0, 70)


def test_auction_all_pass() -> None:
    a = rook_auction().pass_(1).pass_(2).pass_(3).pass_(0)
    assert a.is_over and a.all_passed and a.winner is None


def test_auction_skips_passed_players() -> None:
    a = rook_auction().bid(1, 70).pass_(2).bid(3, 75)
    assert a.to_move == 0
    a = a.bid(0, 80).bid(1, 85)
    assert a.to_move == 3


def test_auction_rejections() -> None:
    a = rook_auction().bid(1, 80)
    with pytest.raises(
        IllegalActionError, match=r"^rule X1: a bid must be a multiple of 5 from 85 to 120"
    ) as caught:
        a.bid(2, 80)
    assert caught.value.rule is AuctionRule.BID_RANGE
    with pytest.raises(IllegalActionError, match="rule X1"):
        a.bid(2, 87)
    with pytest.raises(IllegalActionError, match="turn"):
        a.bid(3, 90)
    over = rook_auction().bid(1, 120)
    with pytest.raises(IllegalActionError, match="over"):
        over.pass_(2)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"num_players": 1, "first": 0, "minimum": 1, "maximum": 2}, "two players"),
        ({"num_players": 4, "first": 4, "minimum": 1, "maximum": 2}, "first bidder"),
        ({"num_players": 4, "first": 0, "minimum": 70, "maximum": 121, "step": 5}, "whole steps"),
    ],
)
def test_auction_bad_setup(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(RulesError, match=match):
        AscendingAuction.start(**kwargs)


@given(st.lists(st.integers(0, 11), max_size=40), st.integers(0, 3))
def test_auction_never_accepts_a_bid_below_the_high_bid(choices: list[int], first: int) -> None:
    a = rook_auction(first)
    for choice in choices:
        if a.is_over:
            break
        seat = a.to_move
        assert seat is not None
        if choice == 0 or not a.legal_bids():
            a = a.pass_(seat)
            continue
        amount = 65 + 5 * choice
        if a.high_bid is not None and amount <= a.high_bid:
            with pytest.raises(IllegalActionError):
                a.bid(seat, amount)
            a = a.pass_(seat)
        else:
            before = a.high_bid
            a = a.bid(seat, amount)
            assert before is None or (a.high_bid is not None and a.high_bid > before)
    bids = [amount for _, amount in a.history if amount is not None]
    assert bids == sorted(set(bids))


def test_calling_rounds_first_call_ends() -> None:
    c = CallingRounds.start(num_players=4, first=1, rounds=2)
    c = c.pass_(1).call(2, "order")
    assert c.is_over and c.caller == (2, 0, "order") and c.to_move is None and not c.may_pass
    with pytest.raises(IllegalActionError, match="over"):
        c.pass_(3)


def test_calling_rounds_stick_the_dealer() -> None:
    c = CallingRounds.start(
        num_players=4, first=1, rounds=2, forced_last=True, rule=AuctionRule.MUST_CALL
    )
    for seat in (1, 2, 3, 0, 1, 2, 3):
        c = c.pass_(seat)
    assert c.to_move == 0 and not c.may_pass
    with pytest.raises(IllegalActionError, match=r"^rule X2: the last caller must call"):
        c.pass_(0)
    with pytest.raises(IllegalActionError, match="turn"):
        c.call(1, "S")


def test_calling_rounds_all_pass() -> None:
    c = CallingRounds.start(num_players=4, first=0, rounds=2)
    for seat in (0, 1, 2, 3) * 2:
        c = c.pass_(seat)
    assert c.all_passed and c.is_over


def test_calling_rounds_bad_setup() -> None:
    with pytest.raises(RulesError):
        CallingRounds.start(num_players=4, first=5, rounds=2)


def test_partnerships() -> None:
    teams = Partnership.opposite(4)
    assert teams.teams == ((0, 2), (1, 3))
    assert teams.team_of(3) == 1 and teams.partners(0) == (2,)
    assert teams.seat_points((5, -2)) == (5, -2, 5, -2)
    assert Partnership.solo(3).teams == ((0,), (1,), (2,))
    assert teams.num_players == 4
    with pytest.raises(RulesError):
        Partnership.opposite(3)
    with pytest.raises(RulesError):
        teams.team_of(7)


def test_match_first_to_target() -> None:
    m = MatchScore.start(teams=2, target=10, scores=(8, 3))
    m = m.add((4, 0))
    assert m.is_over and m.winner == 0 and m.scores == (12, 3) and m.hands == 1
    with pytest.raises(RulesError, match="already over"):
        m.add((1, 0))


def test_match_highest_over_target_ties_play_on() -> None:
    m = MatchScore.start(teams=2, target=300, rule="highest_over_target", scores=(250, 280))
    m = m.add((60, 30))
    assert not m.is_over and m.scores == (310, 310)
    m = m.add((-100, 0))
    assert m.winner == 1


def test_match_setup_errors() -> None:
    with pytest.raises(RulesError, match="at or over the target"):
        MatchScore.start(teams=2, target=10, scores=(10, 0))
    with pytest.raises(RulesError, match="needs 2 int scores"):
        MatchScore.start(teams=2, target=10, scores=(1,))
    with pytest.raises(RulesError, match="at or over the target"):
        MatchScore.start(teams=2, target=10, rule="highest_over_target", scores=(11, 10))


def test_R23_a_level_score_over_the_target_is_a_valid_start() -> None:
    """Under "highest_over_target" equal totals over the target play another hand (Rook's R23)."""
    score = MatchScore.start(teams=2, target=300, rule="highest_over_target", scores=(305, 305))
    assert not score.is_over
    assert score.add((5, 0)).winner == 0
    with pytest.raises(RulesError, match="win rule"):
        MatchScore.start(teams=2, target=10, rule="lowest")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="team figures"):
        MatchScore.start(teams=2, target=10).add((1,))


def test_ladder_bust_rules() -> None:
    assert Ladder().add(8, 3) == 7
    assert Ladder(9, "subtract_overshoot_from_previous").add(8, 3) == 6
    assert Ladder(9, "no_bust").add(8, 3) == 11
    assert Ladder().add(7, 2) == 9 and Ladder().reached(9) and not Ladder().reached(8)
    assert Ladder(9, "no_bust").reached(11)
    with pytest.raises(RulesError):
        Ladder(9, "explode")  # type: ignore[arg-type]


def test_hand_result_value() -> None:
    assert HandResult((1, 0), "E15: makers take 3").points == (1, 0)

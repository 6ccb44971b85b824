"""Rook hand reports: why the last hand scored what it did (cold code).

:meth:`~cardrules.games.rook.game.RookGame.hand_report` reads the finished hand
the state keeps (:class:`~cardrules.games.rook.state.LastHand`, made once when the hand is scored)
and returns a :class:`~cardrules.reports.HandReport`: the status (:class:`RookStatus`), the
contract, every trick with its winner and counters, each side's points item by item with the rule
that gives them, the revokes, and the match scores before and after.

>>> from cardrules.games.rook import Play, make_game
>>> game = make_game()
>>> s = game.parse_position(
...     "play hand dealer=3 scores=0,0 hands=-/-/Y10/B10 bids=70,p,p,p buried=Y14,B5,B6,B7,B13"
...     " trump=G tricks=0:R13,R10,R7,R5/0:R14,R11,R8,R6/0:G10,G5,G7,G9/0:G11,G6,G8,Y5/"
...     "0:G12,R12,R9,Y6/0:G13,Y11,Y8,Y7/0:G14,Y12,Y9,B8/0:B14,B12,B11,B9 trick=0:R,Y13")
>>> s = game.apply(game.apply(s, Play(Card.parse("Y10"))), Play(Card.parse("B10")))
>>> report = game.hand_report(s)
>>> report.status, report.points, report.contract.bid
(<RookStatus.MADE: 'made'>, (120, 0), 70)
>>> [(i.side, i.points, i.rule, i.what) for i in report.items]  # doctest: +NORMALIZE_WHITESPACE
[(0, 105, <RookRule.R22: 'R22'>, 'counters in the tricks won'),
 (0, 15, <RookRule.R21: 'R21'>, 'the nest, with the last trick'),
 (1, 0, <RookRule.R22: 'R22'>, 'counters in the tricks won')]
>>> report.tricks[-1].winner, report.tricks[-1].points, report.scores_after
(0, 40, (120, 0))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.cards import Card
from cardrules.games.rook.engine import counters_in
from cardrules.games.rook.rulebook import RookRule
from cardrules.games.rook.state import LastHand, Revoke, RookState
from cardrules.reports import (
    ContractReport,
    HandReport,
    HandStatus,
    RevokeReport,
    ScoreItem,
    TrickReport,
    check_report_args,
)

if TYPE_CHECKING:
    from cardrules.games.rook.game import RookGame

__all__ = ["RookStatus", "hand_report"]


class RookStatus(HandStatus, game="rook", seats=4, sides=2):
    """How a Rook hand ended."""

    MADE = "made"
    """The bidding team took at least its bid (R22): both teams score their counters."""
    SET = "set"
    """The bidding team fell short (R22): it loses the bid, the opponents score their counters."""
    THROWN_IN = "thrown_in"
    """All four passed and the hand was thrown in (A2 ``pass_deal``): nothing scores."""
    REVOKE_CLAIMED = "revoke_claimed"
    """An established revoke was claimed (R24): the hand stopped there."""
    REVOKE_FOUND = "revoke_found"
    """A revoke still standing after the last trick was found (R24)."""


def _status(game: RookGame, rec: LastHand) -> RookStatus:
    if rec.bidder < 0:
        return RookStatus.THROWN_IN
    if rec.claimer >= 0:
        return RookStatus.REVOKE_CLAIMED
    if rec.revokes:
        return RookStatus.REVOKE_FOUND
    return RookStatus.MADE if rec.points[rec.bidder % 2] >= 0 else RookStatus.SET


def _items(game: RookGame, rec: LastHand, status: RookStatus) -> list[ScoreItem]:
    items: list[ScoreItem] = []
    if status is RookStatus.THROWN_IN:
        return items
    nest = counters_in(game.points, rec.nest)
    last_side = rec.leader % 2  # the winner of the last trick (R21)
    if status is RookStatus.REVOKE_CLAIMED or status is RookStatus.REVOKE_FOUND:
        from cardrules.games.rook.position import claimed_revoke

        offender = (
            claimed_revoke(game, rec) if status is RookStatus.REVOKE_CLAIMED else rec.revokes[0]
        ).seat
        off = offender % 2
        items.append(
            ScoreItem(
                off, -rec.bid, RookRule.R24, f"revoke of seat {offender}: loses the bid", offender
            )
        )
        other = 1 - off
        items.append(
            ScoreItem(other, rec.captured[other], RookRule.R24, "counters captured before the revoke was "
                      + ("claimed" if status is RookStatus.REVOKE_CLAIMED else "found"))
        )  # fmt: skip
        if status is RookStatus.REVOKE_FOUND and last_side == other:
            items.append(
                ScoreItem(other, nest, RookRule.R21, "the nest, with the last trick", rec.leader)
            )
        return items
    team = rec.bidder % 2
    total = rec.captured[team] + (nest if last_side == team else 0)
    for side in (0, 1):
        if side == team and status is RookStatus.SET:
            items.append(
                ScoreItem(side, -rec.bid, RookRule.R22, f"set: took {total} on a bid of {rec.bid}, "
                          "loses the bid", rec.bidder)
            )  # fmt: skip
            continue
        items.append(
            ScoreItem(side, rec.captured[side], RookRule.R22, "counters in the tricks won")
        )
        if last_side == side:
            items.append(
                ScoreItem(side, nest, RookRule.R21, "the nest, with the last trick", rec.leader)
            )
    return items


def _revoke_reports(game: RookGame, rec: LastHand, status: RookStatus) -> list[RevokeReport]:
    cards = game.deck.cards
    out = [RevokeReport(r.seat, r.trick + 1, cards[r.card], "corrected") for r in rec.corrected]
    penalised: Revoke | None = None
    if status is RookStatus.REVOKE_CLAIMED:
        from cardrules.games.rook.position import claimed_revoke

        penalised = claimed_revoke(game, rec)
    elif status is RookStatus.REVOKE_FOUND:
        penalised = rec.revokes[0]
    for r in rec.revokes:
        if r is penalised and status is RookStatus.REVOKE_CLAIMED:
            out.append(
                RevokeReport(r.seat, r.trick + 1, cards[r.card], "claimed", rec.claimer, True)
            )
        elif status is RookStatus.REVOKE_FOUND:
            out.append(
                RevokeReport(r.seat, r.trick + 1, cards[r.card], "found", None, r is penalised)
            )
        else:
            out.append(RevokeReport(r.seat, r.trick + 1, cards[r.card], "open"))
    return out


def hand_report(game: RookGame, state: RookState) -> HandReport | None:
    """The :class:`~cardrules.reports.HandReport` of the last finished hand of ``state`` (also
    between the hands of a match and at its end), or ``None`` before any hand finished. Its
    status is a :class:`RookStatus`; see the module docstring."""
    from cardrules.games.rook.game import RookGame

    check_report_args(game, RookGame, state)
    rec = state.last
    if rec.dealer < 0:  # NO_HAND (compared by value: states may be pickled)
        return None
    cards = game.deck.cards
    status = _status(game, rec)
    contract = None
    if rec.bidder >= 0:
        detail = ""
        if rec.auction is not None and rec.auction.all_passed:
            detail = "all passed: the dealer takes the bid at 70 (A2)"
        contract = ContractReport(rec.bidder, rec.bid, rec.trump, detail=detail)
    tricks: list[TrickReport] = []
    if rec.trump is not None:
        order = game.orders[rec.trump]
        for k, (lead, played) in enumerate(rec.tricks):
            winner = (lead + order.winning_position(played)) % 4
            tricks.append(
                TrickReport(
                    k + 1,
                    lead,
                    tuple(((lead + p) % 4, (cards[c],)) for p, c in enumerate(played)),
                    winner,
                    sum(game.points[c] for c in played),
                )
            )
        if rec.trick:
            plays: tuple[tuple[int, tuple[Card, ...]], ...] = tuple(
                ((rec.leader + p) % 4, (cards[c],)) for p, c in enumerate(rec.trick)
            )
            tricks.append(
                TrickReport(
                    len(rec.tricks) + 1,
                    rec.leader,
                    plays,
                    None,
                    sum(game.points[c] for c in rec.trick),
                )
            )
    after = state.score.scores
    points = rec.points
    notes = [rec.reason]
    if status is RookStatus.REVOKE_CLAIMED or status is RookStatus.REVOKE_FOUND:
        notes.append("R24: the nest is not awarded" if status is RookStatus.REVOKE_CLAIMED
                     else "R24: the bid is not checked")  # fmt: skip
    return HandReport(
        game="rook",
        hand=state.hand_no,
        dealer=rec.dealer,
        status=status,
        contract=contract,
        tricks=tuple(tricks),
        items=tuple(_items(game, rec, status)),
        points=points,
        scores_before=(after[0] - points[0], after[1] - points[1]),
        scores_after=(after[0], after[1]),
        revokes=tuple(_revoke_reports(game, rec, status)),
        notes=tuple(notes),
    )

"""Hand reports: why a Euchre hand scored what it did (cold code, see :mod:`cardrules.reports`).

>>> from cardrules.games.euchre import make_game
>>> game = make_game()
>>> s = game.parse_position(
...     "play hand dealer=0 hands=9C,10C,JC,QC,KC/JD,JH,QH,KH,AH/QD,KD,AD,9H,10H/"
...     "9S,10S,JS,QS,KS up=AS kitty=AC,9D,10D calls=p,p,p,p,name-H-alone")
>>> while not game.is_over(s):
...     s = game.apply(s, game.legal_actions(s)[0])
>>> report = game.hand_report(s)
>>> report.status, report.points, [(i.rule, i.what) for i in report.items]
(<EuchreStatus.MARCH: 'march'>, (0, 4), [(<EuchreRule.E15: 'E15'>, 'lone march: the lone maker takes all 5 tricks')])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.games.euchre.actions import NameNoTrump, NameTrump, OrderUp
from cardrules.games.euchre.engine import claimable_revoke, trick_winner
from cardrules.games.euchre.rulebook import EuchreRule
from cardrules.games.euchre.state import DECK, EuchreState
from cardrules.reports import (
    ContractReport,
    HandReport,
    HandStatus,
    RevokeOutcome,
    RevokeReport,
    ScoreItem,
    TrickReport,
    check_report_args,
)

if TYPE_CHECKING:
    from cardrules.games.euchre.game import EuchreGame

__all__ = ["EuchreStatus", "hand_report"]


class EuchreStatus(HandStatus, game="euchre", seats=4, sides=2):
    """How a Euchre hand ended (the ``status`` of its :class:`~cardrules.reports.HandReport`)."""

    MADE = "made"
    """The makers took 3 or 4 tricks (E15)."""
    MARCH = "march"
    """The makers took all 5 tricks (E15; alone or not: see the contract)."""
    EUCHRED = "euchred"
    """The defenders took 3 or more tricks (E15, D6, EV1)."""
    THROWN_IN = "thrown in"
    """Everybody passed twice with stick the dealer off: no score (E8, D7)."""
    FARMERS_HAND = "farmer's hand"
    """A farmer's hand was claimed: no score, the same dealer redeals (E5)."""
    REVOKE = "revoke"
    """A revoke was claimed or found: the penalty replaces the hand's score (E17)."""


def _tricks(n: int) -> str:
    return "1 trick" if n == 1 else f"{n} tricks"


def _detail(bid: object, maker: int, dealer: int) -> str:
    if isinstance(bid, OrderUp):
        if maker == dealer:
            return "picked up"
        return "assisted" if (maker - dealer) % 2 == 0 else "ordered up"
    if isinstance(bid, NameNoTrump):
        return "named no trump"
    if isinstance(bid, NameTrump):
        return "named"
    return ""


def hand_report(game: EuchreGame, state: EuchreState) -> HandReport | None:
    """The report of the last finished hand of ``state`` (``None`` before any hand finished)."""
    from cardrules.games.euchre.game import EuchreGame

    check_report_args(game, EuchreGame, state)
    from cardrules.games.euchre.position import finished_of

    hand = finished_of(state)
    match = state.match
    result = match.last
    if hand is None or result is None:
        return None
    setup = hand.setup
    deal, calls, contract, revokes, _, corrected = setup
    dealer = deal.dealer
    # -- the contract ---------------------------------------------------------------------------
    contract_report = None
    if contract is not None:
        bid = calls.caller[2] if calls is not None and calls.caller is not None else None
        contract_report = ContractReport(
            declarer=contract.maker,
            trump=contract.trump,
            alone=contract.alone,
            lone_defender=contract.lone_defender if contract.lone_defender >= 0 else None,
            detail=_detail(bid, contract.maker, dealer),
        )
    # -- the tricks -----------------------------------------------------------------------------
    tricks: list[TrickReport] = []
    card = DECK.cards.__getitem__
    if contract is not None:
        nxt = game.next_seats[contract.out]
        done = list(hand.progress.tricks)
        rows = [*done, (hand.progress.leader, hand.trick)] if hand.trick else done
        for number, (leader, cards) in enumerate(rows, start=1):
            seats = [leader]
            for _ in range(len(cards) - 1):
                seats.append(nxt[seats[-1]])
            winner = None
            if number <= len(done):
                winner = seats[trick_winner(cards, contract.trump)]  # E14
            plays = tuple((s, (card(c),)) for s, c in zip(seats, cards, strict=True))
            tricks.append(TrickReport(number, leader, plays, winner))
    # -- the score ------------------------------------------------------------------------------
    items: list[ScoreItem] = []
    # E17: revokes taken back first (they are not penalised), then those left standing.
    revoke_reports = [
        RevokeReport(r.seat, r.trick_no + 1, card(r.card), "corrected",
                     replaced_by=card(r.replacement))
        for r in corrected
    ]  # fmt: skip
    points = result.points
    claimer = hand.claimer
    if contract is None:
        status = EuchreStatus.FARMERS_HAND if claimer >= 0 else EuchreStatus.THROWN_IN
    elif revokes and (claimer >= 0 or len(hand.progress.tricks) == 5):
        status = EuchreStatus.REVOKE
        at_end = hand.progress
        named = (
            claimable_revoke(revokes, claimer, contract, at_end.tricks, at_end.leader, hand.trick)
            if claimer >= 0
            else revokes[0]
        )
        assert named is not None
        side = 1 - named.seat % 2
        how = f"claimed by seat {claimer}" if claimer >= 0 else "found at the end of the hand"
        lone = contract.alone and named.seat % 2 != contract.maker % 2
        what = f"revoke by seat {named.seat} ({how})" + (", against a lone maker" if lone else "")
        items.append(ScoreItem(side, points[side], EuchreRule.E17, what, seat=named.seat))
        for r in revokes:
            outcome: RevokeOutcome = "open"
            if r is named or r == named:
                outcome = "claimed" if claimer >= 0 else "found"
            revoke_reports.append(
                RevokeReport(
                    r.seat,
                    r.trick_no + 1,
                    DECK.cards[r.card],
                    outcome,
                    claimed_by=claimer if outcome == "claimed" else None,
                    penalised=outcome != "open",
                )
            )
    else:
        makers = contract.maker % 2
        taken = hand.progress.won[makers]
        if taken == 5:
            status = EuchreStatus.MARCH
            what = (
                "lone march: the lone maker takes all 5 tricks"
                if contract.alone
                else ("march: the makers take all 5 tricks")
            )
            items.append(
                ScoreItem(makers, points[makers], EuchreRule.E15, what, seat=contract.maker)
            )
        elif taken >= 3:
            status = EuchreStatus.MADE
            who = "the lone maker takes" if contract.alone else "the makers take"
            items.append(
                ScoreItem(makers, points[makers], EuchreRule.E15, f"made: {who} {taken} tricks",
                          seat=contract.maker)
            )  # fmt: skip
        else:
            status = EuchreStatus.EUCHRED
            side = 1 - makers
            if contract.lone_defender >= 0:
                rule, what = (
                    EuchreRule.EV1,
                    f"euchre by the lone defender (seat {contract.lone_defender})",
                )
                seat: int | None = contract.lone_defender
            elif contract.alone:
                rule = EuchreRule.D6 if game.rules.euchred_loner_points != 2 else EuchreRule.E15
                what, seat = f"euchre: the lone maker takes {_tricks(taken)}", None
            else:
                rule, what, seat = EuchreRule.E15, f"euchre: the makers take {_tricks(taken)}", None
            items.append(ScoreItem(side, points[side], rule, what, seat=seat))
    record = match.record
    played = match.score.hands
    after = match.score.scores
    before = record.before if record is not None else (0, 0)
    return HandReport(
        game="euchre",
        hand=played,
        dealer=dealer,
        status=status,
        contract=contract_report,
        tricks=tuple(tricks),
        items=tuple(items),
        points=points,
        scores_before=tuple(before),
        scores_after=after,
        revokes=tuple(revoke_reports),
        notes=(result.reason,) if result.reason else (),
    )

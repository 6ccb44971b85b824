"""Euchre hand scoring (E15, D6, EV1 defend alone, E17 revoke penalty).

>>> from cardrules.games.euchre.state import Contract
>>> rules = EuchreRules()
>>> score_hand(rules, Contract(Suit.HEARTS, maker=1, alone=True, out=1 << 3), maker_tricks=5).points
(0, 4)
>>> score_hand(rules, Contract(Suit.HEARTS, maker=1, alone=False, out=0), maker_tricks=2).points
(2, 0)
"""

from __future__ import annotations

from cardrules import ArgumentError, ArgumentTypeError, HandResult
from cardrules.errors import check_int
from cardrules.game import check_seat
from cardrules.games.euchre.checks import check_contract, show
from cardrules.games.euchre.rules import EuchreRules
from cardrules.games.euchre.state import Contract

__all__ = ["revoke_penalty", "score_hand"]


def score_hand(rules: EuchreRules, contract: Contract, maker_tricks: int) -> HandResult:
    """The points of a played-out hand, by team, with the reason (E15 table, D6, EV1)."""
    if not isinstance(rules, EuchreRules):
        raise ArgumentTypeError(f"rules must be EuchreRules, not {show(rules)}")
    check_contract(contract)
    check_int(maker_tricks, "maker_tricks", 0, 5)
    makers = contract.maker % 2
    points = [0, 0]
    if maker_tricks == 5:
        value = 4 if contract.alone else 2
        points[makers] = value
        why = "E15: lone march" if contract.alone else "E15: march"
    elif maker_tricks >= 3:
        points[makers] = 1
        why = f"E15: makers take {maker_tricks}"
    else:
        if contract.lone_defender >= 0:
            value, why = rules.lone_defender_points, "EV1: a lone defender euchres the makers"
        elif contract.alone:
            value, why = rules.euchred_loner_points, "E15/D6: lone maker euchred"
        else:
            value, why = 2, "E15: makers euchred"
        points[1 - makers] = value
    return HandResult((points[0], points[1]), why)


def revoke_penalty(contract: Contract, offender: int, *, claimer: int | None = None) -> HandResult:
    """E17: the offender's opponents score 4 if the offenders defended against a lone maker, else 2.

    The penalty replaces the hand's normal score. ``claimer`` is the seat that claimed the revoke
    (an opponent of the offender), or ``None`` when it was found at the end of the hand.

    >>> contract = Contract(Suit.HEARTS, maker=1, alone=True, out=1 << 3)
    >>> revoke_penalty(contract, 2, claimer=1)
    HandResult(points=(0, 4), reason='E17: revoke by seat 2, claimed by seat 1')
    >>> revoke_penalty(contract, 2, claimer=0)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: E17: a claim is made by an opponent of the offender (seat 2), not by seat 0
    """
    check_contract(contract)
    check_seat(offender, 4, "offender")
    if claimer is not None and (check_seat(claimer, 4, "claimer") - offender) % 2 == 0:
        raise ArgumentError(
            f"E17: a claim is made by an opponent of the offender (seat {offender}), "
            f"not by seat {claimer}"
        )
    offenders = offender % 2
    lone_against = contract.alone and offenders != contract.maker % 2
    value = 4 if lone_against else 2
    points = [0, 0]
    points[1 - offenders] = value
    how = "" if claimer is None else f", claimed by seat {claimer}"
    return HandResult((points[0], points[1]), f"E17: revoke by seat {offender}{how}")

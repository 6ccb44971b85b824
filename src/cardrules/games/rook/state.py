"""The state of a Rook match or hand: one immutable value, cards as bitmask ints.

A card is its index in the game's deck (``rook41``, or ``rook57`` with ``full_deck``); a hand or
the nest is an ``int`` bitmask; a trick is a tuple of card indices in play order.
"""

from __future__ import annotations

from typing import Literal

import attrs

from cardrules import AscendingAuction, MatchScore, Suit

__all__ = ["Phase", "Revoke", "RookState"]

Phase = Literal["choose_dealer", "deal", "bidding", "bury", "trump", "play", "over"]
"""Where a state is: a chance step, the auction, the bidder's bury and trump call, play, or over."""


@attrs.frozen
class Revoke:
    """A revoke accepted in renege mode (R24): who, in which trick (0-based), at which position
    of that trick (0 = the lead), and the card (its deck index)."""

    seat: int
    trick: int
    position: int
    card: int


# Not slotted, on purpose: attrs' frozen __init__ fills a dict-backed instance through its
# __dict__, about three times faster for these 20 fields than the object.__setattr__ call per
# slot a frozen slotted class needs (measured 1.6 us against 4.7 us); a new state is built at
# every step, so this is the largest single cost of stepping.
@attrs.frozen(slots=False)
class RookState:
    """A Rook state.

    ``hands`` are bitmasks (the bidder holds 14 cards between taking the nest and burying);
    ``nest`` is the nest as dealt, then (after the bury) the five buried cards. ``tricks`` holds the
    completed tricks as ``(leader, cards)``; ``captured`` the counters each team took in them.
    ``revokes`` lists the revokes still standing (renege mode); ``returned`` the ``(seat, card)``
    pairs handed back by corrections (public knowledge); ``proper_play`` the seat that has just
    corrected a revoke and must now make a proper play (A4), else -1. ``hand_no`` counts finished hands (scored
    or thrown in; a redeal does not count). ``last_points``/``last_reason`` describe the last
    finished hand.
    """

    phase: Phase
    to_move: int | None
    dealer: int | None
    score: MatchScore
    single_hand: bool = False
    hands: tuple[int, ...] = (0, 0, 0, 0)
    nest: int = 0
    auction: AscendingAuction | None = None
    bidder: int = -1
    bid: int = 0
    trump: Suit | None = None
    leader: int = 0
    trick: tuple[int, ...] = ()
    tricks: tuple[tuple[int, tuple[int, ...]], ...] = ()
    captured: tuple[int, int] = (0, 0)
    revokes: tuple[Revoke, ...] = ()
    returned: tuple[tuple[int, int], ...] = ()
    hand_no: int = 0
    last_points: tuple[int, int] = (0, 0)
    last_reason: str = ""
    proper_play: int = -1

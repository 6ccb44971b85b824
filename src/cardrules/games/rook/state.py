"""The state of a Rook match or hand: one immutable value, cards as bitmask ints.

A card is its index in the game's deck (``rook41``, or ``rook57`` with ``full_deck``); a hand or
the nest is an ``int`` bitmask; a trick is a tuple of card indices in play order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Literal

import attrs

from cardrules import AscendingAuction, MatchScore, Suit
from cardrules.game import GameConfig
from cardrules.states import blank_twin, slotted_builder

if TYPE_CHECKING:
    from cardrules.table_svg import TableScene

__all__ = [
    "BLANK_STATE",
    "NO_HAND",
    "LastHand",
    "Phase",
    "Revoke",
    "RookState",
    "build_last_hand",
    "build_state",
]

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


@attrs.frozen(weakref_slot=False)
class LastHand:
    """The last finished hand (scored or thrown in), kept by the state for the hand report
    (:meth:`~cardrules.games.rook.game.RookGame.hand_report`).

    Made once per hand, when the hand is scored, from the state that ended it: ``dealer`` (-1 when
    no hand has finished yet), the auction, contract (``bidder`` -1 for a thrown-in hand), the
    buried nest, the completed tricks, the unfinished trick (a claim) with its leader, the counters
    captured, the revokes standing and those corrected (R24), the seat that claimed (-1 if none),
    and the hand's ``points`` and ``reason``. Cards are deck indices, as in :class:`RookState`.
    """

    points: tuple[int, int] = (0, 0)
    reason: str = ""
    dealer: int = -1
    auction: AscendingAuction | None = None
    bidder: int = -1
    bid: int = 0
    trump: Suit | None = None
    nest: int = 0
    tricks: tuple[tuple[int, tuple[int, ...]], ...] = ()
    leader: int = 0
    trick: tuple[int, ...] = ()
    captured: tuple[int, int] = (0, 0)
    revokes: tuple[Revoke, ...] = ()
    corrected: tuple[Revoke, ...] = ()
    claimer: int = -1


NO_HAND: Final = LastHand()
"""The ``last`` of a state before any hand has finished."""

build_last_hand: Final[Callable[..., LastHand]] = slotted_builder(LastHand)
"""``LastHand(*fields)``, made once a hand by the engine: every field given, in field order,
nothing validated — generated from the field list (:func:`cardrules.states.slotted_builder`).

>>> build_last_hand((5, 0), "", 0, None, -1, 0, None, 0, (), 0, (), (0, 0), (), (), -1) == (
...     LastHand((5, 0), dealer=0))
True
"""


# Slotted, without a weakref slot: a slotted instance reads its fields about three times faster
# than a dict-backed one, and (with no __weakref__ slot) it shares its layout with the plain
# mutable twin class that ``build_state`` fills at the speed of ordinary attribute stores (see
# there). attrs' own frozen __init__ (one object.__setattr__ per
# field) stays the public constructor, and attrs.evolve works as before.
@attrs.frozen(weakref_slot=False)
class RookState:
    """A Rook state.

    ``hands`` are bitmasks (the bidder holds 14 cards between taking the nest and burying);
    ``nest`` is the nest as dealt, then (after the bury) the five buried cards. ``tricks`` holds the
    completed tricks as ``(leader, cards)``; ``captured`` the counters each team took in them.
    ``revokes`` lists the revokes still standing (renege mode); ``returned`` the ``(seat, card)``
    pairs handed back by corrections (public knowledge); ``corrected`` the revokes corrected in this
    hand (R24, A4; public); ``proper_play`` the seat that has just corrected a revoke and must now
    make a proper play (A4), else -1. ``hand_no`` counts finished hands (scored or thrown in; a
    redeal does not count). ``last`` is the last finished hand (:class:`LastHand`,
    :data:`NO_HAND` before any), whose points and reason are also :attr:`last_points` and
    :attr:`last_reason`. ``config`` is the :class:`~cardrules.game.GameConfig` of the game that
    made the state (``None`` for one built by hand, which any Rook game reads unchecked).
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
    corrected: tuple[Revoke, ...] = ()
    hand_no: int = 0
    last: LastHand = NO_HAND
    proper_play: int = -1
    # Which game made the state: every RookGame method refuses a state of other rules (a full-deck
    # state read by standard Rook names other cards). Compared for equality; left out of the hash
    # (equal states of one game share it) and of the repr.
    config: GameConfig | None = attrs.field(default=None, repr=False, hash=False)

    @property
    def last_points(self) -> tuple[int, int]:
        """The points per team of the last finished hand ((0, 0) before any)."""
        return self.last.points

    @property
    def last_reason(self) -> str:
        """Why the last finished hand scored what it did ("" before any)."""
        return self.last.reason

    def table_scene(self, game: Any = None) -> TableScene:
        """The whole table, every hand face up (``cardrules.games.rook.picture``); ``game``, when given,
        is the game this state belongs to."""
        from cardrules.games.rook.picture import state_scene

        return state_scene(self, game)

    def _repr_svg_(self) -> str:
        """The omniscient table as SVG, for Jupyter (:func:`cardrules.svg.render`)."""
        from cardrules.svg import render

        return render(self)


# The engine's constructor, generated from the field list (cardrules.states): a plain twin class
# with RookState's slots is filled by ordinary attribute stores (~15 ns each, against ~80 ns for
# the object.__setattr__ of a frozen class's own __init__) and relabelled as a RookState, which
# CPython allows between two classes of identical layout. The result is an ordinary immutable
# RookState, equal (and equally hashed) to the one the constructor builds.
build_state: Final[Callable[..., RookState]] = slotted_builder(RookState)
"""``RookState(*fields)`` for the engine's hot paths: every field given, in field order, nothing
validated.

>>> s = build_state("deal", -1, 0, MatchScore.start(teams=2, target=300), True, (0, 0, 0, 0),
...                 0, None, -1, 0, None, 0, (), (), (0, 0), (), (), (), 0, NO_HAND, -1, None)
>>> s == RookState("deal", -1, 0, MatchScore.start(teams=2, target=300), True)
True
"""
BLANK_STATE: Final[Any] = blank_twin(RookState)
"""The twin that :data:`build_state` fills, for the fast module's inlined copy of it (its two
hottest steps; ``tests/games/rook/test_fast_paths.py`` checks the copy against the builder)."""

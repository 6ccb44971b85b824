"""Euchre states: immutable values, with the per-deal, per-contract and per-match parts kept apart.

Inside a state a card is its index in the ``euchre24`` deck and a hand is an ``int`` bitmask, so the
engine's hot path works on ints; :class:`~cardrules.games.euchre.views.EuchreView` and
:meth:`EuchreGame.card_zones` hand out :class:`~cardrules.Card` values.
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

from cardrules import CallingRounds, HandResult, MatchScore, Suit, get_deck

__all__ = [
    "DECK",
    "NO_PROGRESS",
    "Contract",
    "DealInfo",
    "EuchreState",
    "MatchInfo",
    "Phase",
    "Progress",
    "Revoke",
    "Setup",
    "make_state",
]

DECK: Final = get_deck("euchre24")
"""The 24-card deck (E2)."""

Phase = Literal["choose_dealer", "deal", "bidding", "discard", "defend", "play", "over"]
"""Where a state is: ``choose_dealer`` and ``deal`` are chance steps; ``over`` ends the match
(or the single hand)."""


@attrs.frozen
class DealInfo:
    """The deal: the dealer, the up-card, the face-down kitty and the dealer's discard.

    ``upcard`` is a card index (``-1`` before the deal); ``kitty`` the bitmask of the three
    face-down undealt cards; ``discard`` the dealer's buried card (``-1`` if none).
    """

    dealer: int
    upcard: int = -1
    kitty: int = 0
    discard: int = -1


@attrs.frozen
class Contract:
    """The made trump: ``trump`` (``None`` for no-trump), the ``maker`` seat, whether it went
    ``alone``, the bitmask ``out`` of seats sitting out, the ``lone_defender`` seat (``-1`` if none)
    and whether the dealer ``picked_up`` the up-card."""

    trump: Suit | None
    maker: int
    alone: bool
    out: int
    lone_defender: int = -1
    picked_up: bool = False


@attrs.frozen
class MatchInfo:
    """The match around the hand: the running ``score``, whether this is a ``single_hand`` game, and
    the ``last`` hand's result (``None`` before the first hand ends)."""

    score: MatchScore
    single_hand: bool = False
    last: HandResult | None = None


@attrs.frozen
class Revoke:
    """Revoke mode (E17): ``seat`` played ``card`` in trick number ``trick_no`` (0-based) although it
    could follow the led suit. ``established`` once the trick is complete."""

    trick_no: int
    seat: int
    card: int
    established: bool = False


@attrs.frozen
class Progress:
    """The play so far: the ``leader`` of the current trick, the completed ``tricks`` as
    ``(leader, cards)`` and the tricks ``won`` per team. Rebuilt once per trick."""

    leader: int = 0
    tricks: tuple[tuple[int, tuple[int, ...]], ...] = ()
    won: tuple[int, int] = (0, 0)


@attrs.frozen
class Setup:
    """What stays fixed while the cards are played: the ``deal``, the ``calls`` (bidding), the
    ``contract``, and in revoke mode the recorded ``revokes`` and the ``shown`` cards (``shown[s]``:
    cards publicly known to be in seat ``s``'s hand after a revoke correction)."""

    deal: DealInfo
    calls: CallingRounds | None = None
    contract: Contract | None = None
    revokes: tuple[Revoke, ...] = ()
    shown: tuple[int, ...] = (0, 0, 0, 0)


NO_PROGRESS: Final = Progress()


@attrs.frozen
class EuchreState:
    """A Euchre state.

    ``hands`` are bitmasks by seat; ``trick`` the card indices played to the current trick (from
    ``leader``). The per-trick :class:`Progress`, the per-hand :class:`Setup` and the per-match
    :class:`MatchInfo` are separate values, so the hot path rebuilds only what changes; properties
    give their fields directly (``state.leader``, ``state.contract``…).
    """

    phase: Phase
    to_move: int | None
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    progress: Progress
    setup: Setup
    match: MatchInfo

    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
        return self.progress.leader

    @property
    def tricks(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The completed tricks as ``(leader, cards)``."""
        return self.progress.tricks

    @property
    def won(self) -> tuple[int, int]:
        """Tricks won per team in this hand."""
        return self.progress.won

    @property
    def deal(self) -> DealInfo:
        """The deal (dealer, up-card, kitty, discard)."""
        return self.setup.deal

    @property
    def calls(self) -> CallingRounds | None:
        """The bidding rounds (``None`` before the deal)."""
        return self.setup.calls

    @property
    def contract(self) -> Contract | None:
        """The made trump, once made."""
        return self.setup.contract

    @property
    def revokes(self) -> tuple[Revoke, ...]:
        """Revokes recorded in revoke mode (E17)."""
        return self.setup.revokes

    @property
    def shown(self) -> tuple[int, ...]:
        """Per seat, cards publicly known to be in that hand."""
        return self.setup.shown

    @property
    def dealer(self) -> int:
        """The dealer's seat (``-1`` before the first dealer is chosen)."""
        return self.setup.deal.dealer

    @property
    def score(self) -> MatchScore:
        """The running match score."""
        return self.match.score


def make_state(
    phase: Phase,
    to_move: int | None,
    hands: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...],
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    won: tuple[int, int],
    deal: DealInfo,
    calls: CallingRounds | None,
    contract: Contract | None,
    match: MatchInfo,
    revokes: tuple[Revoke, ...] = (),
    shown: tuple[int, ...] = (0, 0, 0, 0),
) -> EuchreState:
    """Build a state from its flat fields (the readable way; the engine's hot path builds the parts
    directly)."""
    return EuchreState(
        phase,
        to_move,
        hands,
        trick,
        Progress(leader, tricks, won),
        Setup(deal, calls, contract, revokes, shown),
        match,
    )

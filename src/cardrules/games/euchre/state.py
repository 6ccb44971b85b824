"""Euchre states: immutable values, with the per-deal, per-contract and per-match parts kept apart.

Inside a state a card is its index in the ``euchre24`` deck and a hand is an ``int`` bitmask, so the
engine's hot path works on ints; :class:`~cardrules.games.euchre.views.EuchreView` and
:meth:`EuchreGame.card_zones` hand out :class:`~cardrules.Card` values.

The parts rebuilt during play (:class:`EuchreState` on every card, :class:`Progress` on every
trick, :class:`Setup` and :class:`DealInfo` a few times a hand) are immutable named-tuple
subclasses: the engine builds one with a single ``tuple.__new__`` call and reads it by unpacking,
several times cheaper than a frozen attrs class (for the seven fields of a state, about 0.2 µs
against 1.1 µs on CPython 3.11, a state built per move), which is why they are not attrs classes. Each is hashable and equal only to a value of its
own class (never to a plain tuple). The parts built once per hand or interned by the engine
(:class:`Contract`, :class:`MatchInfo`, :class:`Revoke`, :class:`CorrectedRevoke`) stay frozen attrs
classes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple

import attrs

from cardrules import CallingRounds, Card, HandResult, MatchScore, Suit, get_deck, iter_bits
from cardrules.game import GameConfig

if TYPE_CHECKING:
    from cardrules.table_svg import TableScene

__all__ = [
    "DECK",
    "NO_PROGRESS",
    "Contract",
    "CorrectedRevoke",
    "DealInfo",
    "EuchreState",
    "FinishedHand",
    "MatchInfo",
    "Phase",
    "Progress",
    "Revoke",
    "Setup",
    "card_zones",
    "make_state",
]

DECK: Final = get_deck("euchre24")
"""The 24-card deck (E2)."""

Phase = Literal["choose_dealer", "deal", "bidding", "discard", "defend", "play", "over"]
"""Where a state is: ``choose_dealer`` and ``deal`` are chance steps; ``over`` ends the match
(or the single hand)."""


class _DealFields(NamedTuple):
    dealer: int
    upcard: int = -1
    kitty: int = 0
    discard: int = -1


class DealInfo(_DealFields):
    """The deal: the dealer, the up-card, the face-down kitty and the dealer's discard.

    ``upcard`` is a card index (``-1`` before the deal); ``kitty`` the bitmask of the three
    face-down undealt cards; ``discard`` the dealer's buried card (``-1`` if none).

    Built once or twice per hand, so it is an immutable tuple subclass (a constructor about a
    fifth of a frozen attrs class's); it is equal only to another :class:`DealInfo`.

    >>> DealInfo(2, upcard=5).discard
    -1
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is DealInfo and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)


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
class Revoke:
    """Revoke mode (E17): ``seat`` played ``card`` in trick number ``trick_no`` (0-based) although it
    could follow the led suit. ``established`` once the trick is complete."""

    trick_no: int
    seat: int
    card: int
    established: bool = False


@attrs.frozen
class CorrectedRevoke:
    """Revoke mode (E17): a revoke taken back. ``seat`` played ``card`` in trick number
    ``trick_no`` (0-based) although it could follow suit, then corrected it by playing
    ``replacement`` (a card of the led suit) in its place.

    Public: every seat saw the card played and taken back, so views carry these too. The state
    keeps them until the hand ends, for the hand report (the revoke is not penalised).
    """

    trick_no: int
    seat: int
    card: int
    replacement: int


class _ProgressFields(NamedTuple):
    leader: int = 0
    tricks: tuple[tuple[int, tuple[int, ...]], ...] = ()
    won: tuple[int, int] = (0, 0)


class Progress(_ProgressFields):
    """The play so far: the ``leader`` of the current trick, the completed ``tricks`` as
    ``(leader, cards)`` and the tricks ``won`` per team. Rebuilt once per trick.

    An immutable tuple subclass (cheap to build in the hot path) equal only to another
    :class:`Progress`.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Progress and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)


class _SetupFields(NamedTuple):
    deal: DealInfo
    calls: CallingRounds | None = None
    contract: Contract | None = None
    revokes: tuple[Revoke, ...] = ()
    shown: tuple[int, ...] = (0, 0, 0, 0)
    corrected: tuple[CorrectedRevoke, ...] = ()


class Setup(_SetupFields):
    """What stays fixed while the cards are played: the ``deal``, the ``calls`` (bidding), the
    ``contract``, and in revoke mode the recorded ``revokes``, the ``shown`` cards (``shown[s]``:
    cards publicly known to be in seat ``s``'s hand after a revoke correction) and the
    ``corrected`` revokes of the hand, in the order they were taken back.

    An immutable tuple subclass equal only to another :class:`Setup`.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Setup and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)


NO_PROGRESS: Final = Progress()


@attrs.frozen
class FinishedHand:
    """What is left of a finished hand once the next deal starts: what :meth:`EuchreGame.hand_report`
    reads, kept in :attr:`MatchInfo.record`.

    ``hands``, ``trick``, ``progress`` and ``setup`` are the hand's parts as they were when it ended
    (shared, not copied); ``before`` the match scores before it; ``claimer`` the seat whose claim
    ended it (a farmer's hand, E5, or a revoke, E17), ``-1`` if none.
    """

    hands: tuple[int, ...]
    trick: tuple[int, ...]
    progress: Progress
    setup: Setup
    before: tuple[int, ...]
    claimer: int = -1


@attrs.frozen
class MatchInfo:
    """The match around the hand: the running ``score`` (``score.hands`` counts the finished
    hands), whether this is a ``single_hand`` game, the ``last`` hand's result (``None`` before the
    first hand ends) and its ``record`` (kept for :meth:`EuchreGame.hand_report` when the state moves
    on; ``None`` when the over state of a fresh single hand holds the hand itself); ``config`` the
    :class:`~cardrules.game.GameConfig` of the game that made it, which its states (and views)
    carry here, in the part built once a hand (``None`` for one built by hand: unchecked)."""

    score: MatchScore
    single_hand: bool = False
    last: HandResult | None = None
    record: FinishedHand | None = None
    config: GameConfig | None = attrs.field(default=None, repr=False, hash=False)


class _StateFields(NamedTuple):
    phase: Phase
    to_move: int | None
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    progress: Progress
    setup: Setup
    match: MatchInfo


class EuchreState(_StateFields):
    """A Euchre state.

    ``hands`` are bitmasks by seat; ``trick`` the card indices played to the current trick (from
    ``leader``). The per-trick :class:`Progress`, the per-hand :class:`Setup` and the per-match
    :class:`MatchInfo` are separate values, so the hot path rebuilds only what changes; properties
    give their fields directly (``state.leader``, ``state.contract``…).

    The state is an immutable tuple subclass (a named tuple of those seven fields): the engine builds
    one with a single ``tuple.__new__`` call (about a third of a frozen attrs class's constructor)
    and reads it by unpacking. It is hashable, and equal only to another :class:`EuchreState` with
    equal fields (never to a plain tuple).
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is EuchreState and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)

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
    def corrected(self) -> tuple[CorrectedRevoke, ...]:
        """The revokes corrected in this hand (revoke mode, E17), oldest first."""
        return self.setup.corrected

    @property
    def dealer(self) -> int:
        """The dealer's seat (``-1`` before the first dealer is chosen)."""
        return self.setup.deal.dealer

    @property
    def score(self) -> MatchScore:
        """The running match score."""
        return self.match.score

    @property
    def config(self) -> GameConfig | None:
        """The :class:`~cardrules.game.GameConfig` of the game that made the state (kept in
        ``match``): a Euchre game refuses a state of other rules."""
        return self.match.config

    def table_scene(self, game: Any = None) -> TableScene:
        """The whole table, every hand face up (``cardrules.games.euchre.picture``); ``game``, when given,
        is the game this state belongs to."""
        from cardrules.games.euchre.picture import state_scene

        return state_scene(self, game)

    def _repr_svg_(self) -> str:
        """The omniscient table as SVG, for Jupyter (:func:`cardrules.svg.render`)."""
        from cardrules.svg import render

        return render(self)


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
    corrected: tuple[CorrectedRevoke, ...] = (),
) -> EuchreState:
    """Build a state from its flat fields (the readable way; the engine's hot path builds the parts
    directly)."""
    return EuchreState(
        phase,
        to_move,
        hands,
        trick,
        Progress(leader, tricks, won),
        Setup(deal, calls, contract, revokes, shown, corrected),
        match,
    )


def card_zones(state: EuchreState) -> dict[str, list[Card]]:
    """Where every card of ``state`` is (an omniscient account): the hands, the face-down kitty,
    the up-card (while on the kitty), the discard, the trick and the won tricks; ``undealt``
    before the deal.

    >>> len(card_zones(make_state("deal", -1, (0, 0, 0, 0), 0, (), (), (0, 0), DealInfo(0),
    ...     None, None, MatchInfo(MatchScore.start(teams=2, target=10), True)))["undealt"])
    24
    """
    cards = DECK.cards
    if state.phase in ("choose_dealer", "deal") or state.deal.upcard < 0:
        return {"undealt": list(cards)}
    zones = {f"hand {s}": [cards[c] for c in iter_bits(state.hands[s])] for s in range(4)}
    deal = state.deal
    contract = state.contract
    picked = contract is not None and contract.picked_up
    zones["kitty"] = [cards[c] for c in iter_bits(deal.kitty)]
    zones["upcard"] = [] if picked else [cards[deal.upcard]]
    zones["discard"] = [cards[deal.discard]] if deal.discard >= 0 else []
    zones["trick"] = [cards[c] for c in state.trick]
    zones["won"] = [cards[c] for _, t in state.tricks for c in t]
    return zones

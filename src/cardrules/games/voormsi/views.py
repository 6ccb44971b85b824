"""What one seat may know (:class:`VoormsiView`) and sampling full states consistent with it.

Hidden: the other hands and the stock (its cards and its order). Known beyond the public history:

* cards a Voormsi player showed this seat to prove the B1 bonus (V24) stay known while unplayed;
* public deductions about the J♣: a player who did not play it under the V15 compulsion, or whose
  B1 bonus passed the C10 check, lacks it until their next draw; a player whose B1 bonus was refused
  by that check holds it (``toqu_known``: 0 unknown, 1 lacks, 2 holds).

:func:`sample_state` deals the unseen cards uniformly among the assignments to the other hands and
the stock that respect these constraints (:func:`cardrules.deal_constrained`), then orders the stock
uniformly at random.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs

from cardrules import Card, CardSet, deal_constrained, iter_bits
from cardrules.game import GameConfig, check_seat
from cardrules.games.voormsi.ranking import DECK, TOQUTSIT
from cardrules.games.voormsi.state import Phase, TrickInfo, VoormsiState
from cardrules.svg import SvgMixin

if TYPE_CHECKING:
    from cardrules.table_svg import TableScene

__all__ = ["VoormsiView", "sample_state", "view_of"]


@attrs.frozen
class VoormsiView(SvgMixin):
    """One seat's information set: its hand, what it was shown, and everything public."""

    seat: int
    phase: Phase
    to_move: int | None
    dealer: int | None
    hand: CardSet
    hand_sizes: tuple[int, ...]
    stock_size: int
    leader: int
    trick: tuple[tuple[int, tuple[Card, ...]], ...]
    trick_size: int
    heading: int
    statuses: tuple[tuple[Card, int], ...]
    info: TrickInfo
    tricks: tuple[tuple[tuple[tuple[int, tuple[Card, ...]], ...], int], ...]
    units: tuple[int, ...]
    seq_side: int
    pending: tuple[int, ...]
    scores: tuple[int, ...]
    deal_start: tuple[int, ...]
    shown: tuple[tuple[int, int, CardSet], ...]
    """``(viewer, owner, cards)`` of every B1 proof this deal; the cards only where the viewer is this seat."""
    toqu_known: tuple[int, ...]
    single_hand: bool
    winner: int
    end: str
    config: GameConfig | None = attrs.field(default=None, repr=False, kw_only=True)
    """The state's :class:`~cardrules.game.GameConfig`: a game refuses a view of other rules."""

    def table_scene(self, game: Any = None) -> TableScene:
        """This view as a card table, in the seat's eyes (``cardrules.games.voormsi.picture``): what
        :func:`cardrules.svg.render` and ``_repr_svg_`` draw. ``game`` gives the
        ladder's target."""
        from cardrules.games.voormsi.picture import view_scene

        return view_scene(self, game)

    def known_cards(self, owner: int) -> CardSet:
        """Cards of ``owner`` this seat knows to be in that hand now (shown and not yet played)."""
        check_seat(owner, len(self.hand_sizes), "owner")
        return CardSet(DECK, _known(self, owner, _played(self)))


def _known(view: VoormsiView, owner: int, played: int) -> int:
    mask = 0
    for viewer, who, cards in view.shown:
        if viewer == view.seat and who == owner:
            mask |= cards.mask
    return mask & ~played


_SINGLES: tuple[tuple[Card, ...], ...] = tuple((card,) for card in DECK.cards)
_BIT: dict[Card, int] = {card: 1 << i for i, card in enumerate(DECK.cards)}


def _cards(mask: int) -> tuple[Card, ...]:
    if not mask & (mask - 1):  # most plays are one card
        return _SINGLES[mask.bit_length() - 1]
    return tuple(DECK.cards[i] for i in iter_bits(mask))


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= _BIT[card]
    return mask


TrickMasks = tuple[tuple[int, int], ...]


def _trick_masks(
    view: VoormsiView,
) -> tuple[TrickMasks, tuple[tuple[TrickMasks, int], ...], int]:
    """The trick in progress and the tricks taken as ``(seat, mask)`` plays, and every card played."""
    trick = tuple((p, _mask(cards)) for p, cards in view.trick)
    tricks = tuple((tuple((p, _mask(cs)) for p, cs in plays), w) for plays, w in view.tricks)
    played = 0
    for plays, _ in tricks:
        for _, mask in plays:
            played |= mask
    for _, mask in trick:
        played |= mask
    return trick, tricks, played


def _played(view: VoormsiView) -> int:
    return _trick_masks(view)[2]


def view_of(s: VoormsiState, seat: int) -> VoormsiView:
    """The view of ``seat`` in state ``s``."""
    shown = tuple(
        (viewer, owner, CardSet(DECK, mask if viewer == seat else 0))
        for viewer, owner, mask in s.revealed
    )
    return VoormsiView(
        seat,
        s.phase,
        s.to_move,
        s.dealer,
        CardSet(DECK, s.hands[seat]),
        tuple(h.bit_count() for h in s.hands),
        len(s.stock),
        s.leader,
        tuple((p, _cards(m)) for p, m in s.trick),
        s.trick_size,
        s.heading,
        tuple((DECK.cards[c], st) for c, st in s.statuses),
        s.info,
        tuple((tuple((p, _cards(m)) for p, m in plays), w) for plays, w in s.tricks),
        s.units,
        s.seq_side,
        s.pending,
        s.scores,
        s.deal_start,
        shown,
        s.toqu_known,
        s.single_hand,
        s.winner,
        s.end,
        config=s.config,
    )


def sample_state(view: VoormsiView, rng: random.Random) -> VoormsiState:
    """A full state whose view for ``view.seat`` is ``view`` (hidden cards dealt uniformly, see above)."""
    seat = view.seat
    n = len(view.hand_sizes)
    trick, tricks, played = _trick_masks(view)
    known = [_known(view, s, played) if s != seat else 0 for s in range(n)]
    hands = [known[s] for s in range(n)]
    hands[seat] = view.hand.mask
    unseen = DECK.full_mask & ~played & ~view.hand.mask
    for k in known:
        unseen &= ~k
    # CORE-CANDIDATE: hidden hands plus an ordered face-down stock (deal_constrained with the stock
    # as an extra pile, then a uniform order for it) — every draw-from-stock game needs this.
    stock_pile = n  # deal_constrained's extra "seat" for the stock
    capacities = [view.hand_sizes[s] - known[s].bit_count() for s in range(n)]
    capacities[seat] = 0
    capacities.append(view.stock_size)
    everyone = sum(1 << s for s in range(n + 1) if s != seat)
    allowed: dict[int, int] = {}
    for card in iter_bits(unseen):
        holders = everyone
        if card == TOQUTSIT:
            for s in range(n):
                if s == seat:
                    continue
                if view.toqu_known[s] == 1:
                    holders &= ~(1 << s)
                elif view.toqu_known[s] == 2:
                    holders = 1 << s
        allowed[card] = holders
    stock: list[int] = []
    if allowed and any(capacities):  # (also at a game's end mid-deal: cards are left in hands)
        dealt = deal_constrained(allowed, capacities, rng)
        for s in range(n):
            if s != seat:
                hands[s] |= sum(1 << c for c in dealt[s])
        stock = list(dealt[stock_pile])
        rng.shuffle(stock)
    revealed = []
    for viewer, owner, cards in view.shown:
        # Another seat's proof: what it saw is hidden from us; any hand consistent with the sample
        # will do, and the owner's current hand is one (its unplayed cards are still held).
        revealed.append((viewer, owner, cards.mask if viewer == seat else hands[owner]))
    return VoormsiState(
        view.phase,
        view.to_move,
        view.dealer,
        tuple(hands),
        tuple(stock),
        view.leader,
        trick,
        view.trick_size,
        view.heading,
        tuple((DECK.index(c), st) for c, st in view.statuses),
        view.info,
        tricks,
        view.units,
        view.seq_side,
        view.pending,
        view.scores,
        view.deal_start,
        tuple(revealed),
        view.toqu_known,
        view.single_hand,
        view.winner,
        view.end,
        played,
        config=view.config,
    )

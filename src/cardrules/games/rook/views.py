"""What one seat may know (:class:`RookView`) and sampling full states from it.

A view holds the seat's own cards, the public history (auction, trump, every card played, tricks,
captured counters, corrections), and the buried nest for the bidder alone (R13). At the end of a
hand everything is shown. R20 forbids looking back at played tricks at the table; a view keeps
them, since a player with perfect memory knows them anyway.

Sampling (:func:`sample_from_view`) deals the unseen cards uniformly among the worlds consistent
with the view (:func:`cardrules.sampling.deal_constrained`): the nest is a sixth "holder" with no void
constraint; a seat that did not follow the led effective suit lacks it (R15) — and since the Bird
is a trump (R17), a seat that did not follow a trump lead holds no trump and not the Bird (R17b
would have forced it out). Playing the Bird on a colour lead reveals nothing (R16). With
``nest_discard_counters=False`` the nest and the bidder's kept cards must satisfy A6; that
cross-constraint is handled exactly by counting the two cases.

Revokes (renege mode, R24, "who sees a revoke"): a revoke is known at first only to its offender;
it becomes public, in every seat's view, when the offender later plays a card of the suit it
failed to follow (:func:`~cardrules.games.rook.engine.is_public_revoke`), and at the end of the
hand. Until then the other seats assume honest play: the show-out reads as a void, here as in
sampling. A known revoke reveals no void; it proves instead that the offender then held a card of
the led suit, and sampling keeps only the worlds where it did. Should no honest world fit the
view (the cards a correction handed back can contradict a secret revoke's show-out), the sample
is drawn without the show-out voids of the other seats, and every show-out its deal makes a
revoke is recorded in the sampled state as a secret revoke, which the view does not show.

A hand thrown in because all four passed (A2) shows nothing at its end: no hand, no nest.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs

from cardrules import (
    AscendingAuction,
    Card,
    CardSet,
    ImpossibleDealError,
    MatchScore,
    Suit,
    count_deals,
    deal_constrained,
    iter_bits,
)
from cardrules.game import GameConfig
from cardrules.games.rook.revoke import revoke_public
from cardrules.games.rook.state import NO_HAND, LastHand, Phase, Revoke, RookState
from cardrules.svg import SvgMixin

if TYPE_CHECKING:
    from cardrules.games.rook.game import RookGame
    from cardrules.table_svg import TableScene

__all__ = ["RookView", "make_view", "revealed_voids", "sample_from_view"]

_NEST = 4  # the nest's slot among the holders handed to deal_constrained
_REVOKE_TRIES = 200  # draws to find a world where each known revoke could have been avoided


@attrs.frozen
class RookView(SvgMixin):
    """What ``seat`` knows. ``nest`` is the buried nest for its bidder (and for all at the end of
    a played hand), else ``None``; ``revealed`` is every hand once a played hand is over, else
    ``None`` (a hand thrown in, A2, shows neither); ``revokes`` are the seat's own standing revokes
    and the public ones (R24: its offender has since played the suit it failed to follow, or the
    hand is over; any other revoke is secret);
    ``proper_play`` the seat that must follow suit after correcting a revoke (public), or -1;
    ``corrected`` the revokes corrected in this hand (public); ``last`` the last finished hand,
    shown whole (:class:`~cardrules.games.rook.state.LastHand`)."""

    seat: int
    phase: Phase
    to_move: int | None
    dealer: int | None
    hand: CardSet
    hand_sizes: tuple[int, ...]
    nest_size: int
    nest: CardSet | None
    auction: AscendingAuction | None
    bidder: int
    bid: int
    trump: Suit | None
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    captured: tuple[int, int]
    revokes: tuple[Revoke, ...]
    returned: tuple[tuple[int, Card], ...]
    revealed: tuple[CardSet, ...] | None
    score: MatchScore
    single_hand: bool
    hand_no: int
    last_points: tuple[int, int]
    last_reason: str
    proper_play: int
    corrected: tuple[Revoke, ...] = ()
    last: LastHand = NO_HAND
    config: GameConfig | None = attrs.field(default=None, repr=False, kw_only=True)
    """The state's :class:`~cardrules.game.GameConfig`: a game refuses a view of other rules."""

    def table_scene(self, game: Any = None) -> TableScene:
        """This view as a card table, in the seat's eyes (``cardrules.games.rook.picture``): what
        :func:`cardrules.svg.render` and ``_repr_svg_`` draw."""
        from cardrules.games.rook.picture import view_scene

        return view_scene(self)


def make_view(game: RookGame, state: RookState, seat: int) -> RookView:
    """The view of ``seat`` in ``state``."""
    deck = game.deck
    cards = deck.cards
    # A hand thrown in (A2: all passed, no bidder) is not shown at its end, as in a match.
    over = state.phase == "over" and state.bidder >= 0
    nest_known = over or (seat == state.bidder and state.phase in ("trump", "play"))
    return RookView(
        seat,
        state.phase,
        state.to_move,
        state.dealer,
        CardSet(deck, state.hands[seat]),
        tuple(h.bit_count() for h in state.hands),
        state.nest.bit_count(),
        CardSet(deck, state.nest) if nest_known else None,
        state.auction,
        state.bidder,
        state.bid,
        state.trump,
        state.leader,
        tuple(cards[c] for c in state.trick),
        tuple((lead, tuple(cards[c] for c in t)) for lead, t in state.tricks),
        state.captured,
        _known_revokes(game, state, seat) if state.revokes else (),
        tuple((s, cards[c]) for s, c in state.returned),
        tuple(CardSet(deck, h) for h in state.hands) if over else None,
        state.score,
        state.single_hand,
        state.hand_no,
        state.last_points,
        state.last_reason,
        state.proper_play,
        state.corrected,
        state.last,
        config=state.config,
    )


def _known_revokes(game: RookGame, state: RookState, seat: int) -> tuple[Revoke, ...]:
    """The revokes ``seat`` knows of (R24): its own, and the public ones."""
    over = state.phase == "over"
    return tuple(
        r
        for r in state.revokes
        if r.seat == seat
        or revoke_public(game, state.trump, state.tricks, state.leader, state.trick, r, over)
    )


def revealed_voids(
    game: RookGame,
    trump: Suit,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    revokes: tuple[Revoke, ...] = (),
) -> list[set[Suit | None]]:
    """Per seat, the effective suits it is known to lack, from ``(leader, cards)`` tricks (R15-R17).

    A play listed in ``revokes`` (renege mode, R24) reveals nothing: the player could follow.

    >>> from cardrules.games.rook import make_game
    >>> game = make_game()
    >>> d = game.deck
    >>> trick = (0, tuple(d.index(c) for c in ("G9", "R", "Y5", "G14")))
    >>> revealed_voids(game, Suit.GREEN, (trick,))[2]
    {<Suit.GREEN: 6>}
    >>> revealed_voids(game, Suit.RED, (trick,))[1], revealed_voids(game, Suit.RED, (trick,))[2]
    (set(), {<Suit.GREEN: 6>})
    """
    order = game.orders[trump]
    effective = order.effective_suits
    voids: list[set[Suit | None]] = [set(), set(), set(), set()]
    revoked = {(r.trick, r.position) for r in revokes}
    for t, (lead, cards) in enumerate(tricks):
        if not cards:
            continue
        led = effective[cards[0]]
        for k, card in enumerate(cards):
            # The Bird may always be played (R16): it reveals nothing unless it follows.
            if effective[card] != led and card != game.bird and (t, k) not in revoked:
                voids[(lead + k) % 4].add(led)
    return voids


def sample_from_view(game: RookGame, view: RookView, rng: random.Random) -> RookState:
    """A full state consistent with ``view``, unseen cards dealt uniformly within the constraints."""
    deck = game.deck
    index = deck.index
    seat = view.seat
    tricks = tuple((lead, tuple(index(c) for c in t)) for lead, t in view.tricks)
    trick = tuple(index(c) for c in view.trick)
    hands = [0, 0, 0, 0]
    nest = view.nest.mask if view.nest is not None else 0
    revokes = view.revokes
    if view.revealed is not None:
        hands = [h.mask for h in view.revealed]
    elif sum(view.hand_sizes) + (view.nest_size if view.nest is None else 0) > len(view.hand):
        hands, dealt_nest, secret = _deal_hidden(game, view, tricks, trick, rng)
        if view.nest is None:
            nest = dealt_nest
        if secret:  # R24: in play order, as the state records them
            revokes = tuple(sorted((*revokes, *secret), key=lambda r: (r.trick, r.position)))
    hands[seat] = view.hand.mask
    return RookState(
        view.phase,
        view.to_move,
        view.dealer,
        view.score,
        view.single_hand,
        tuple(hands),
        nest,
        view.auction,
        view.bidder,
        view.bid,
        view.trump,
        view.leader,
        trick,
        tricks,
        view.captured,
        revokes,
        tuple((s, index(c)) for s, c in view.returned),
        view.corrected,
        view.hand_no,
        view.last,
        view.proper_play,
        game.config,
    )


def _deal_hidden(
    game: RookGame,
    view: RookView,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    trick: tuple[int, ...],
    rng: random.Random,
) -> tuple[list[int], int, tuple[Revoke, ...]]:
    """The hidden hands and nest, and the secret revokes of the other seats that deal implies
    (none when an honest world fits the view, R24)."""
    seat = view.seat
    known = view.hand.mask | (view.nest.mask if view.nest is not None else 0)
    for _, cards in (*tricks, (view.leader, trick)):
        for c in cards:
            known |= 1 << c
    unseen = game.deck.full_mask & ~known
    caps = [0 if s == seat else view.hand_sizes[s] for s in range(4)]
    caps.append(view.nest_size if view.nest is None else 0)
    others = sum(1 << s for s in range(4) if s != seat)
    if view.nest is None and view.nest_size:
        others |= 1 << _NEST
    allowed = dict.fromkeys(iter_bits(unseen), others)
    pinned: dict[int, int] = {}
    for holder, card in view.returned:
        c = game.deck.index(card)
        if unseen >> c & 1 and holder != seat:
            pinned[c] = 1 << holder  # handed back by a correction, in sight of all (R24)
    constrained = dict(allowed)
    needs: list[tuple[int, int]] = []
    if view.trump is not None:
        order = game.orders[view.trump]
        voids = revealed_voids(game, view.trump, (*tricks, (view.leader, trick)), view.revokes)
        needs = _revoke_needs(game, view, (*tricks, (view.leader, trick)))
        for c in constrained:
            suit = order.effective_suits[c]
            for s in range(4):
                if suit in voids[s]:
                    constrained[c] &= ~(1 << s)
    constrained.update(pinned)
    try:
        dealt = _deal_a6(game, view, tricks, trick, constrained, caps, rng)
    except ImpossibleDealError:
        if not game.rules.renege_mode:
            raise
        # R24: a secret revoke can leave no honest world (its offender still holds the suit, and
        # the cards left cannot all be placed elsewhere): then any show-out of another seat may
        # have been a secret revoke; those this deal implies are recorded below.
        constrained = allowed
        constrained.update(pinned)
        dealt = _deal_a6(game, view, tricks, trick, constrained, caps, rng)
    hands = [sum(1 << c for c in dealt[s]) for s in range(4)]
    # R24: each known revoke of another seat proves it then held a card of the led suit; keep
    # only such worlds (rejection keeps the draw uniform among them). The true world is one of
    # them; should every bounded try miss, the last draw is kept (it still fits the view).
    for _ in range(_REVOKE_TRIES):
        if all(hands[offender] & suit for offender, suit in needs):
            break
        dealt = _deal_a6(game, view, tricks, trick, constrained, caps, rng)
        hands = [sum(1 << c for c in dealt[s]) for s in range(4)]
    secret: tuple[Revoke, ...] = ()
    if game.rules.renege_mode and view.trump is not None:
        secret = _secret_revokes(game, view, (*tricks, (view.leader, trick)), hands)
    return hands, sum(1 << c for c in dealt[_NEST]), secret


def _secret_revokes(
    game: RookGame,
    view: RookView,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    hands: list[int],
) -> tuple[Revoke, ...]:
    """R24: the show-outs of the other seats that were revokes in a world whose hidden hands are
    ``hands``: the player still holds a card of the suit it did not follow (the Bird a trump).
    Not public (the player has played none of that suit since, else the view would show it), so
    recording them in the sampled state leaves its view unchanged."""
    assert view.trump is not None
    order = game.orders[view.trump]
    effective = order.effective_suits
    known = {(r.trick, r.position) for r in view.revokes}
    out = []
    for t, (lead, cards) in enumerate(tricks):
        if not cards:
            continue
        led = effective[cards[0]]
        for k in range(1, len(cards)):
            player = (lead + k) % 4
            card = cards[k]
            if (
                player != view.seat
                and effective[card] != led
                and card != game.bird
                and (t, k) not in known
                and hands[player] & order.suit_mask(led)
            ):
                out.append(Revoke(player, t, k, card))
    return tuple(out)


def _revoke_needs(
    game: RookGame, view: RookView, tricks: tuple[tuple[int, tuple[int, ...]], ...]
) -> list[tuple[int, int]]:
    """``(offender, suit mask)`` per known revoke of another seat whose offender must still hold a
    card of the led suit: it has played none since (a card it played later would explain it)."""
    assert view.trump is not None
    order = game.orders[view.trump]
    effective = order.effective_suits
    needs = []
    for r in view.revokes:
        if r.seat == view.seat or r.trick >= len(tricks):
            continue
        led = effective[tricks[r.trick][1][0]]
        later = any(
            (lead2 + k) % 4 == r.seat and effective[c] == led
            for t, (lead2, cards2) in enumerate(tricks)
            for k, c in enumerate(cards2)
            if (t, k) > (r.trick, r.position)
        )
        if not later:
            needs.append((r.seat, order.suit_mask(led)))
    return needs


def _deal_a6(
    game: RookGame,
    view: RookView,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    trick: tuple[int, ...],
    allowed: dict[int, int],
    caps: list[int],
    rng: random.Random,
) -> tuple[tuple[int, ...], ...]:
    """Deal with the A6 restriction on the buried nest when it is in force and hidden to ``view``.

    A legal bury holds min(5, n) non-counters, n those of the bidder's 14 cards: so either the nest
    is five non-counters (case A) or the nine cards the bidder kept hold none (case B). Worlds are
    drawn uniformly from A ∪ B: pick A with weight |A|, else B \\ A (drawn from B, rejecting A).
    """
    bidder = view.bidder
    if (
        game.rules.nest_discard_counters
        or view.nest is not None
        or view.phase not in ("trump", "play")
        or bidder == view.seat
    ):
        return deal_constrained(allowed, caps, rng)
    counters = game.counter_mask
    nest_bit = 1 << _NEST
    case_a = {c: m & ~nest_bit if counters >> c & 1 else m for c, m in allowed.items()}
    played_plain = any(
        (lead + k) % 4 == bidder and not counters >> c & 1
        for lead, cards in (*tricks, (view.leader, trick))
        for k, c in enumerate(cards)
    )
    weight_a = count_deals(case_a, caps)
    weight_b_only = 0
    if not played_plain:
        bidder_bit = 1 << bidder
        case_b = {c: m if counters >> c & 1 else m & ~bidder_bit for c, m in allowed.items()}
        both = {c: m if counters >> c & 1 else m & ~bidder_bit for c, m in case_a.items()}
        weight_b_only = count_deals(case_b, caps) - count_deals(both, caps)
    total = weight_a + weight_b_only
    if total == 0:
        raise ImpossibleDealError("no deal of the hidden cards respects A6")
    if rng.randrange(total) < weight_a:
        return deal_constrained(case_a, caps, rng)
    while True:
        dealt = deal_constrained(case_b, caps, rng)
        if any(counters >> c & 1 for c in dealt[_NEST]):
            return dealt

"""Information sets: what one seat may know, and uniform sampling of the states behind a view.

A seat sees its own hand, the up-card and whether the dealer took it, every bid and play, in revoke
mode its own revokes, the public revokes (E17, who sees a revoke: the offender has since played the
suit it failed to follow, or the hand is over; :func:`~cardrules.games.euchre.engine.revoke_public`,
still importable from here) and those corrected, cards
shown by a revoke correction, and the dealer's discard only if it is the dealer. :func:`sample_state` deals every unseen card **uniformly among the states
consistent with the view** using :func:`cardrules.deal_constrained`:

* revealed voids, by effective suit (a seat that did not follow a led ♦ while ♥ are trump holds no
  ♦ card, and may still hold the J♦, which is a trump);
* the picked-up up-card is in the dealer's hand until played, unless the dealer discarded it
  (D3): the two cases are weighed by their exact number of states (the dealer's own view knows);
* the face-down kitty and (for everybody but the dealer) the buried discard may be any unseen card;
* in revoke mode, cards returned by a correction are known to be in their owner's hand, and a
  known revoke proves that the offender held a card of the led suit then (rejection sampling,
  which keeps the distribution exactly uniform). A revoke the seat does not know of is not
  assumed: the show-out reads as a void (honest play, E17). Should no honest world fit the view
  (the cards a correction showed can contradict a secret revoke's show-out), the show-out voids
  of the other seats are dropped and each show-out the deal then makes a revoke is recorded in the
  sampled state as a secret revoke, which the view does not show.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs

from cardrules import (
    CallingRounds,
    Card,
    CardSet,
    ImpossibleDealError,
    count_deals,
    deal_constrained,
)
from cardrules.game import check_rng
from cardrules.games.euchre.checks import check_contract
from cardrules.games.euchre.engine import (
    FOLLOW_MASKS,
    next_active_seat,
    played_after,
    revoke_public,
)
from cardrules.games.euchre.state import (
    DECK,
    Contract,
    CorrectedRevoke,
    DealInfo,
    EuchreState,
    MatchInfo,
    Phase,
    Revoke,
    make_state,
)
from cardrules.svg import SvgMixin

if TYPE_CHECKING:
    from cardrules.games.euchre.game import EuchreGame
    from cardrules.table_svg import TableScene

__all__ = ["EuchreView", "revealed_voids", "revoke_public", "sample_state", "view_of"]

_PILE = 4  # the holder index of the face-down cards (kitty, and the discard for non-dealers)
_MAX_REJECTIONS = 100_000


@attrs.frozen
class EuchreView(SvgMixin):
    """What ``seat`` knows: its own ``hand``, every public value, and the ``discard`` only if it is
    the dealer. ``upcard`` is ``None`` before the deal; ``contract.picked_up`` says whether the dealer
    took it. ``shown[s]`` are cards publicly known to be in seat ``s``'s hand (revoke corrections);
    ``corrected`` the revokes taken back in this hand (public: everybody saw them)."""

    seat: int
    phase: Phase
    to_move: int | None
    dealer: int
    hand: CardSet
    hand_sizes: tuple[int, ...]
    upcard: Card | None
    discard: Card | None
    calls: CallingRounds | None
    contract: Contract | None
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    won: tuple[int, int]
    match: MatchInfo
    revokes: tuple[Revoke, ...]
    shown: tuple[CardSet, ...]
    corrected: tuple[CorrectedRevoke, ...] = ()

    def table_scene(self, game: Any = None) -> TableScene:
        """This view as a card table, in the seat's eyes (``cardrules.games.euchre.picture``): what
        :func:`cardrules.svg.render` and ``_repr_svg_`` draw."""
        from cardrules.games.euchre.picture import view_scene

        return view_scene(self)


_NO_SHOWN: tuple[CardSet, ...] = tuple(CardSet(DECK, 0) for _ in range(4))
# Card objects by index, as a list: its bound __getitem__ is a fast builtin for map().
_CARD_LIST: list[Card] = list(DECK.cards)


def view_of(game: EuchreGame, state: EuchreState, seat: int) -> EuchreView:
    """The view of ``seat`` (an ``int`` 0-3, not a ``bool``) at ``state`` (a Euchre state)."""
    if type(state) is not EuchreState:
        game.reject_state(state)
    if type(seat) is not int or not 0 <= seat < 4:
        game.check_seat(seat)  # raises
    card = _CARD_LIST.__getitem__
    phase, to_move, hands, trick, progress, setup, match = state
    if match.record is not None:
        # The last hand's record holds its kitty, discard and the cards left in hand: not the
        # seat's to know. The view keeps the result (hand_report of a view's state is public).
        match = MatchInfo(match.score, match.single_hand, match.last, config=match.config)
    leader, tricks, won = progress
    deal, calls, contract, revokes, shown, corrected = setup
    if revokes and phase != "over":
        # E17 (who sees a revoke): the seat's own revokes, and the public ones.
        assert contract is not None
        revokes = tuple(
            r
            for r in revokes
            if r.seat == seat or revoke_public(r, contract, tricks, leader, trick, hand_over=False)
        )
    dealer, upcard, _, discard = deal
    h0, h1, h2, h3 = hands
    return EuchreView(
        seat,
        phase,
        to_move,
        dealer,
        CardSet(DECK, hands[seat]),
        (h0.bit_count(), h1.bit_count(), h2.bit_count(), h3.bit_count()),
        card(upcard) if upcard >= 0 else None,
        card(discard) if discard >= 0 and seat == dealer else None,
        calls,
        contract,
        leader,
        tuple(map(card, trick)),
        tuple([(lead, tuple(map(card, t))) for lead, t in tricks]),
        won,
        match,
        revokes,
        _NO_SHOWN if not any(shown) else tuple(CardSet(DECK, m) for m in shown),
        corrected,
    )


def revealed_voids(
    game: EuchreGame,
    contract: Contract,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    revokes: tuple[Revoke, ...],
) -> list[int]:
    """Per seat, the bitmask of cards it cannot hold: the effective suits it failed to follow (E11,
    E13). A recorded revoke (E17) reveals nothing: the offender could follow."""
    check_contract(contract)
    follow = FOLLOW_MASKS[contract.trump]
    nxt = game.next_seats[contract.out]
    revoked = {(r.trick_no, r.seat, r.card) for r in revokes}
    voids = [0, 0, 0, 0]
    for trick_no, (leader, cards) in enumerate(tricks):
        if not cards:
            continue
        led = follow[cards[0]]
        seat = leader
        for card in cards[1:]:
            seat = nxt[seat]
            if not led >> card & 1 and (trick_no, seat, card) not in revoked:
                voids[seat] |= led
    return voids


def sample_state(game: EuchreGame, view: EuchreView, rng: random.Random) -> EuchreState:
    """A state drawn uniformly among those whose ``view(…, view.seat)`` equals ``view``.

    ``view`` must be a :class:`EuchreView` and ``rng`` a :class:`random.Random`
    (else :class:`~cardrules.errors.ArgumentTypeError`).
    """
    if type(view) is not EuchreView:
        game.check_view(view)  # raises
    check_rng(rng)
    seat = view.seat
    if view.upcard is None:
        return make_state(
            view.phase, view.to_move, (0, 0, 0, 0), 0, (), (), (0, 0), DealInfo(view.dealer),
            None, None, view.match,
        )  # fmt: skip
    index = DECK.index
    dealer = view.dealer
    upcard = index(view.upcard)
    tricks = tuple((lead, tuple(index(c) for c in t)) for lead, t in view.tricks)
    trick = tuple(index(c) for c in view.trick)
    shown = tuple(s.mask for s in view.shown)
    contract = view.contract
    picked = contract is not None and contract.picked_up
    played = sum(1 << c for _, t in tricks for c in t) | sum(1 << c for c in trick)
    discard_known = view.discard is not None
    seen = view.hand.mask | played | 1 << upcard
    if discard_known:
        assert view.discard is not None
        seen |= 1 << index(view.discard)
    for s in range(4):
        if s != seat:
            seen |= shown[s]
    caps = [0, 0, 0, 0, 3]
    for s in range(4):
        if s != seat:
            caps[s] = view.hand_sizes[s] - shown[s].bit_count()
    # Before the dealer's discard there is none to hide (phase "discard").
    hidden_discard = picked and seat != dealer and view.phase != "discard"
    if hidden_discard:
        caps[_PILE] += 1
    voids = [0, 0, 0, 0]
    if contract is not None and view.phase in ("play", "over"):
        voids = revealed_voids(game, contract, (*tricks, (view.leader, trick)), view.revokes)
    offenders = [r for r in view.revokes if r.seat != seat]
    try:
        dealt, hands, upcard_case = _draw(
            game, view, contract, tricks, offenders, seen, played, caps, voids, hidden_discard,
            rng,
        )  # fmt: skip
    except ImpossibleDealError:
        if not game.rules.renege_mode or not any(voids):
            raise
        # E17: a secret revoke can leave no honest world (its offender still holds the suit, and
        # the cards left cannot all be placed elsewhere): then any show-out of another seat may
        # have been a secret revoke; those the deal implies are recorded below.
        dealt, hands, upcard_case = _draw(
            game, view, contract, tricks, offenders, seen, played, caps, [0, 0, 0, 0],
            hidden_discard, rng,
        )  # fmt: skip
    revokes = view.revokes
    if game.rules.renege_mode and contract is not None and view.phase == "play":
        secret = _secret_revokes(game, view, contract, (*tricks, (view.leader, trick)), hands)
        if secret:
            revokes = _in_play_order(game, contract, (*tricks, (view.leader, trick)),
                                     (*revokes, *secret))  # fmt: skip
    pile = list(dealt[_PILE])
    discard = index(view.discard) if discard_known and view.discard is not None else -1
    if hidden_discard:
        discard = upcard if upcard_case == "discard" else pile.pop(rng.randrange(len(pile)))
    kitty = sum(1 << c for c in pile)
    return make_state(
        view.phase,
        view.to_move,
        tuple(hands),
        view.leader,
        trick,
        tricks,
        view.won,
        DealInfo(dealer, upcard, kitty, discard),
        view.calls,
        contract,
        view.match,
        revokes,
        shown,
        view.corrected,
    )


def _draw(
    game: EuchreGame,
    view: EuchreView,
    contract: Contract | None,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    offenders: list[Revoke],
    seen: int,
    played: int,
    caps: list[int],
    voids: list[int],
    hidden_discard: bool,
    rng: random.Random,
) -> tuple[tuple[tuple[int, ...], ...], list[int], str]:
    """The hidden cards dealt uniformly under ``voids`` (the holders' dealt cards, the four
    hands, and where the picked-up up-card went: ``"hand"``, ``"discard"`` or ``""``)."""
    seat = view.seat
    dealer = view.dealer
    upcard = DECK.index(view.upcard) if view.upcard is not None else -1
    shown = tuple(s.mask for s in view.shown)
    picked = contract is not None and contract.picked_up
    allowed: dict[int, int] = {}
    for c in range(24):
        if not seen >> c & 1:
            allowed[c] = (1 << _PILE) | sum(
                1 << s for s in range(4) if s != seat and caps[s] and not voids[s] >> c & 1
            )
    # The picked-up up-card of someone else's deal: in the dealer's hand, or buried by D3.
    cases: list[tuple[int, str, dict[int, int], list[int]]] = []
    if picked and seat != dealer and not hidden_discard:
        # E6: the dealer holds it until discarding.
        cases.append((1, "hand", {**allowed, upcard: 1 << dealer}, caps))
    elif hidden_discard and not (played | shown[dealer]) >> upcard & 1:
        # (An up-card played, or shown in the dealer's hand after a corrected revoke, E17, is
        # placed already: the discard is then one of the four buried cards, the plain case.)
        if not voids[dealer] >> upcard & 1 and caps[dealer]:
            # Four states per deal: any of the four buried cards can be the discard.
            allowed_a = {**allowed, upcard: 1 << dealer}
            cases.append((4 * count_deals(allowed_a, caps), "hand", allowed_a, caps))
        if game.rules.dealer_may_discard_upcard:
            caps_b = [*caps[:_PILE], caps[_PILE] - 1]
            cases.append((count_deals(allowed, caps_b), "discard", allowed, caps_b))
    else:
        cases.append((1, "", allowed, caps))
    cases = [c for c in cases if c[0]]
    if not cases:
        raise ImpossibleDealError("no deal of the hidden cards respects the view")
    total = sum(c[0] for c in cases)
    # Rejection from the exact uniform proposal keeps the result uniform over the states that
    # also explain every known revoke.
    for _ in range(_MAX_REJECTIONS):
        pick = rng.randrange(total)
        for weight, upcard_case, case_allowed, case_caps in cases:  # noqa: B007
            if pick < weight:
                break
            pick -= weight
        dealt = deal_constrained(case_allowed, case_caps, rng)
        hands = [view.hand.mask if s == seat else shown[s] for s in range(4)]
        for s in range(4):
            if s != seat:
                hands[s] |= sum(1 << c for c in dealt[s])
        if offenders and not _revokes_possible(game, view, contract, offenders, hands, tricks):
            continue
        return dealt, hands, upcard_case
    # pragma: no cover - only for views no real play can produce
    raise ImpossibleDealError("no sampled deal explains the recorded revokes")


def _secret_revokes(
    game: EuchreGame,
    view: EuchreView,
    contract: Contract,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    hands: list[int],
) -> tuple[Revoke, ...]:
    """E17: the show-outs of the other seats that were revokes in a world whose hands are
    ``hands``: the player still holds a card of the suit it did not follow. Not public (the
    player has played none of that suit since, else the view would show it), so recording them in
    the sampled state leaves its view unchanged."""
    follow = FOLLOW_MASKS[contract.trump]
    known = {(r.trick_no, r.seat) for r in view.revokes}
    out = []
    for trick_no, (leader, cards) in enumerate(tricks):
        if not cards:
            continue
        led = follow[cards[0]]
        player = leader
        for card in cards[1:]:
            player = next_active_seat(player, contract.out)
            if (
                player != view.seat
                and not led >> card & 1
                and (trick_no, player) not in known
                and hands[player] & led
            ):
                out.append(Revoke(trick_no, player, card, trick_no < len(tricks) - 1))
    return tuple(out)


def _in_play_order(
    game: EuchreGame,
    contract: Contract,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    revokes: tuple[Revoke, ...],
) -> tuple[Revoke, ...]:
    """``revokes`` sorted as the state records them: in the order they were played."""

    def place(r: Revoke) -> tuple[int, int]:
        leader = tricks[r.trick_no][0]
        k = 0
        while leader != r.seat:
            leader = next_active_seat(leader, contract.out)
            k += 1
        return r.trick_no, k

    return tuple(sorted(revokes, key=place))


def _revokes_possible(
    game: EuchreGame,
    view: EuchreView,
    contract: Contract | None,
    offenders: list[Revoke],
    hands: list[int],
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
) -> bool:
    """E17: each recorded revoke needs a card of the led suit in the offender's hand at the time:
    one played by it later, or one still held."""
    assert contract is not None
    follow = FOLLOW_MASKS[contract.trump]
    index = DECK.index
    current = (view.leader, tuple(index(c) for c in view.trick))
    all_tricks = (*tricks, current)
    for r in offenders:
        led = follow[all_tricks[r.trick_no][1][0]]
        if not (hands[r.seat] | played_after(r, all_tricks, contract.out)) & led:
            return False
    return True

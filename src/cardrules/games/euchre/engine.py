"""The rules of Euchre as functions on ints: one named function per rule, each in one place.

Inside the engine a card is its index in the ``euchre24`` deck (:data:`DECK`), a hand is an ``int``
bitmask of card indices and a seat is an ``int`` from 0 to 3. The trick rules stand on the core
primitives: the card ranking is a :class:`~cardrules.SuitOrder` built by
:func:`~cardrules.trump_order`, following is :func:`cardrules.tricks.must_follow` on that order and
the winner of a trick is :meth:`SuitOrder.winning_position <cardrules.SuitOrder.winning_position>`.
The hot paths read tables *generated at import* from those functions (:data:`FOLLOW_MASKS` from
:func:`playable`, :data:`WIN_KEYS` from :meth:`SuitOrder.beats <cardrules.SuitOrder.beats>`,
:data:`NEXT_SEATS` from :func:`next_active_seat`); the few places that inline a rule for speed are
all in :mod:`cardrules.games.euchre.fast`, each tagged ``# copy of rule <ID>: <function>``, and
``tests/games/euchre/test_rule_copies.py`` finds each one and checks it against the function.

Where each rule lives (:class:`~cardrules.games.euchre.rulebook.EuchreRule` ids; ``fast`` is
:mod:`cardrules.games.euchre.fast`, the steps on states that chain these functions, and
``EuchreGame`` the protocol wired to them):

=====  ============================================================================================
E1     :data:`TEAMS` (partners sit opposite)
E2     :data:`DECK`; :func:`~cardrules.games.euchre.actions.checked_action` refuses any other card
E3     ``EuchreGame.sample_chance`` draws the first dealer; the deal passes to the left after
       each hand (``fast.end_hand``), also after a throw-in (:func:`dealer_after_throw_in`)
E4     the core :func:`~cardrules.decks.shuffled_order` (``"lehmer"``: one draw below 24!);
       :func:`deal_positions` (the packets of the core :func:`~cardrules.dealing.deal_packets`),
       dealt with the up-card and the kitty by ``fast.deal_stream``
E5     :func:`is_farmers_hand`; the claim in ``fast.apply_out_of_turn``
E6     :func:`dealer_picks_up` (round one's order-up) and :func:`discardable`; the core
       :class:`~cardrules.bidding.CallingRounds` runs the rounds
E7     :func:`round_two_trumps` (the turned-down suit may not be named)
E8     :func:`round_two_trumps` (``stuck``: the dealer may not pass, and the rounds' ``forced_last``)
E9     :func:`sitting_out` (the partner sits out); :func:`next_active_seat` skips it
       (:data:`NEXT_SEATS`, :data:`ACTIVE_SEATS`, :data:`SEAT_AT`)
E10    :func:`trump_ranking`
E11    :func:`effective_suit_masks` (the left bower counts as trump)
E12    :func:`first_leader`; the winner of a trick leads the next (:func:`trick_winner`)
E13    :func:`playable`
E14    :func:`trick_winner`
E15    :func:`~cardrules.games.euchre.scoring.score_hand`
E16    the core :class:`~cardrules.scoring.MatchScore` (the match score, its end), credited by
       ``fast.end_hand``
E17    :class:`~cardrules.games.euchre.game.RevokeModeGame` (bound to the revoke-mode steps),
       :func:`is_public_revoke` and :func:`revoke_public` (who sees a revoke),
       :func:`claimable_revoke` (who may claim it) and
       :func:`~cardrules.games.euchre.scoring.revoke_penalty`
D1     :func:`round_two_trumps` (``any_suit_when_stuck``)
D2     :func:`is_farmers_hand` (``four_suffice``)
D3     :func:`discardable` (``may_discard_upcard``)
D4     :func:`first_leader` (``left_of_lone``)
D5     out of scope: who may go alone is not restricted (:func:`sitting_out`)
D6     :func:`~cardrules.games.euchre.scoring.score_hand`
D7     :func:`dealer_after_throw_in` (``same_dealer``)
D8     the core :class:`~cardrules.scoring.MatchScore` (the first side to reach the target wins)
EV1    :func:`first_defender` (who is asked first); ``fast.apply_defend``
EV2    :func:`must_go_alone`
EV3    :func:`trump_ranking` with ``trump=None``; :func:`round_two_trumps` (``no_trump``)
EV4    :meth:`EuchreRules.from_dict <cardrules.games.euchre.rules.EuchreRules.from_dict>`
EV5    the ``target_score`` option of :class:`~cardrules.games.euchre.rules.EuchreRules`
=====  ============================================================================================

>>> hand = DECK.mask("JD 9H AS")
>>> CardSet(DECK, playable(hand, DECK.index("KH"), Suit.HEARTS))  # E11: JD is a heart
CardSet('euchre24', 'JD 9H')
>>> trick_winner(tuple(DECK.index(c) for c in ("AS", "KS", "9H", "JD")), Suit.HEARTS)
3
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from cardrules import (
    JACK,
    ArgumentTypeError,
    Card,
    Partnership,
    Suit,
    SuitOrder,
    plain_order,
    trump_order,
)
from cardrules.dealing import alternating_packets, deal_packets
from cardrules.decks import shuffled_order
from cardrules.errors import check_int
from cardrules.game import check_seat
from cardrules.games.euchre.checks import show
from cardrules.games.euchre.state import DECK, Contract, Revoke
from cardrules.tricks import FollowRule, must_follow

if TYPE_CHECKING:  # the protocol class lives in game.py; this name stays importable from here
    from cardrules.games.euchre.game import EuchreGame as EuchreGame

__all__ = [
    "ACTIVE_SEATS",
    "CARD_KEYS",
    "FOLLOW_MASKS",
    "NEXT_SEATS",
    "ORDERS",
    "SEAT_AT",
    "SUITS",
    "TEAMS",
    "TRUMPS",
    "WIN_KEYS",
    "claimable_revoke",
    "deal_positions",
    "dealer_after_throw_in",
    "dealer_picks_up",
    "discardable",
    "effective_suit_masks",
    "first_defender",
    "first_leader",
    "is_farmers_hand",
    "is_public_revoke",
    "must_go_alone",
    "next_active_seat",
    "playable",
    "played_after",
    "revoke_public",
    "round_two_trumps",
    "shuffle24",
    "sitting_out",
    "trick_winner",
    "trump_ranking",
]

TEAMS: Final = Partnership.opposite(4)
"""E1: seats 0 and 2 against seats 1 and 3."""
SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""The four suits, in deck order."""
TRUMPS: Final[tuple[Suit | None, ...]] = (*SUITS, None)
"""Every trump a contract can have: a suit, or ``None`` for no-trump (EV3)."""
_NINES_TENS: Final = DECK.rank_masks[9] | DECK.rank_masks[10]


def next_active_seat(seat: int, out: int) -> int:
    """E9, E12: the next seat clockwise from ``seat`` that is not sitting out (``out`` is a seat
    bitmask).

    >>> next_active_seat(0, 0b0010), next_active_seat(3, 0b0001)
    (2, 1)
    """
    check_seat(seat, 4)
    check_int(out, "out", 0, 15)
    for k in range(1, 5):
        nxt = (seat + k) % 4
        if not out >> nxt & 1:
            return nxt
    return seat  # everybody out: only reachable for impossible masks, kept total for the tables


def _walk(nxt: tuple[int, ...], seat: int) -> tuple[int, ...]:
    seats = [seat]
    for _ in range(3):
        seats.append(nxt[seats[-1]])
    return tuple(seats)


NEXT_SEATS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(next_active_seat(s, out) for s in range(4)) for out in range(16)
)
"""``NEXT_SEATS[out][seat]``: :func:`next_active_seat` for every seat and sitting-out bitmask."""
ACTIVE_SEATS: Final[tuple[int, ...]] = tuple(4 - out.bit_count() for out in range(16))
"""``ACTIVE_SEATS[out]``: how many seats play (the cards in a complete trick, E9)."""
SEAT_AT: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_walk(NEXT_SEATS[out], leader) for leader in range(4)) for out in range(16)
)
"""``SEAT_AT[out][leader][pos]``: the seat playing the ``pos``-th card of a trick led by
``leader`` (E12: turn order skips the seats that sit out)."""


def deal_positions(dealer: int, pattern: str) -> tuple[tuple[int, ...], ...]:
    """E4: the positions in the deal stream of each seat's five cards, dealt by ``dealer`` in
    ``pattern`` (``"3-2"``: 3, 2, 3, 2 cards from the dealer's left, then 2, 3, 2, 3; ``"2-3"``
    the other way round); the kitty is ``stream[20:24]``, the up-card ``stream[20]``.

    >>> deal_positions(3, "3-2")[0], deal_positions(3, "3-2")[1]
    ((0, 1, 2, 10, 11), (3, 4, 12, 13, 14))
    """
    check_seat(dealer, 4, "dealer")
    first, second = (3, 2) if pattern == "3-2" else (2, 3)
    packets = alternating_packets(4, first, second)
    positions: tuple[tuple[int, ...], ...] = deal_packets(
        range(24), 4, packets, first=(dealer + 1) % 4
    )[0]
    return positions


def is_farmers_hand(hand: int, *, four_suffice: bool) -> bool:
    """E5, D2: whether ``hand`` (a bitmask) is a farmer's hand: five 9s and 10s, or at least four
    when ``four_suffice`` (the ``"mixed_four"`` reading).

    >>> is_farmers_hand(DECK.mask("9C 10C 9D 10D AS"), four_suffice=False)
    False
    >>> is_farmers_hand(DECK.mask("9C 10C 9D 10D AS"), four_suffice=True)
    True
    """
    return (hand & _NINES_TENS).bit_count() >= (4 if four_suffice else 5)


def must_go_alone(seat: int, dealer: int, *, canadian_loner: bool) -> bool:
    """EV2: with the Canadian loner, the dealer's partner may order the up-card only to go alone.

    >>> must_go_alone(2, 0, canadian_loner=True), must_go_alone(1, 0, canadian_loner=True)
    (True, False)
    """
    return canadian_loner and seat == (dealer + 2) % 4


def round_two_trumps(
    up: Suit, *, stuck: bool, any_suit_when_stuck: bool, no_trump: bool
) -> tuple[Suit | None, ...]:
    """E7, E8, D1, EV3: the trumps a seat may name in round two, after ``up``'s suit was turned
    down: any other suit; the turned-down suit too for a dealer who is ``stuck`` (may not pass,
    E8) when D1 allows it (``any_suit_when_stuck``); no-trump (``None``) when EV3 is played.
    A seat that is not stuck may also pass.

    >>> trumps = round_two_trumps(Suit.HEARTS, stuck=False, any_suit_when_stuck=True, no_trump=True)
    >>> [s.symbol if s is not None else "no-trump" for s in trumps]
    ['♣', '♦', '♠', 'no-trump']
    >>> len(round_two_trumps(Suit.HEARTS, stuck=True, any_suit_when_stuck=True, no_trump=False))
    4
    """
    allowed: list[Suit | None] = [s for s in SUITS if s != up or (stuck and any_suit_when_stuck)]
    if no_trump:
        allowed.append(None)
    return tuple(allowed)


def dealer_picks_up(maker: int, alone: bool, dealer: int) -> bool:
    """E6, E9: an order-up gives the dealer the up-card, unless the dealer sits out as the
    partner of a lone maker.

    >>> dealer_picks_up(1, False, 3), dealer_picks_up(1, True, 3)
    (True, False)
    """
    return not (alone and (maker + 2) % 4 == dealer)


def sitting_out(maker: int, alone: bool) -> int:
    """E9: the bitmask of the seats that sit the hand out: the partner of a lone maker.

    >>> sitting_out(1, True), sitting_out(1, False)
    (8, 0)
    """
    return 1 << (maker + 2) % 4 if alone else 0


def discardable(hand: int, upcard: int, *, may_discard_upcard: bool) -> int:
    """E6, D3: the cards (a bitmask) the dealer may discard after picking up ``upcard``: any card
    held, the up-card itself only when D3 allows it.

    >>> hand = DECK.mask("9C 10C JC QC KC AH")
    >>> CardSet(DECK, discardable(hand, DECK.index("AH"), may_discard_upcard=False))
    CardSet('euchre24', '9C 10C JC QC KC')
    """
    return hand if may_discard_upcard else hand & ~(1 << upcard)


def first_leader(dealer: int, maker: int, alone: bool, out: int, *, left_of_lone: bool) -> int:
    """E12, D4: who leads the first trick: the first active seat clockwise from the dealer's left
    (``out`` is the bitmask of the seats sitting out). With ``left_of_lone`` (D4's
    ``"left_of_lone_player"``), when eldest sits out because its partner, the dealer, went alone,
    the seat left of the lone maker leads.

    >>> first_leader(0, 3, True, 1 << 1, left_of_lone=False)
    2
    >>> first_leader(0, 3, True, 1 << 1, left_of_lone=True)
    0
    """
    eldest = (dealer + 1) % 4
    start = eldest
    if left_of_lone and alone and maker == (eldest + 2) % 4:
        start = (maker + 1) % 4
    return next_active_seat(start, out) if out >> start & 1 else start


def first_defender(dealer: int, maker: int) -> int:
    """EV1: the defender asked first whether to defend alone: the first opponent of the maker
    clockwise from the dealer's left.

    >>> first_defender(0, 1), first_defender(0, 2)
    (2, 1)
    """
    seat = (dealer + 1) % 4
    while seat % 2 == maker % 2:
        seat = (seat + 1) % 4
    return seat


def dealer_after_throw_in(dealer: int, *, same_dealer: bool) -> int:
    """E3, E8, D7: who deals after all eight calls passed and the hand was thrown in: the next
    seat, as after any hand, or the same dealer again (D7 ``"same_dealer"``).

    >>> dealer_after_throw_in(3, same_dealer=False), dealer_after_throw_in(3, same_dealer=True)
    (0, 3)
    """
    return dealer if same_dealer else (dealer + 1) % 4


def _check_trump(trump: object) -> None:
    if trump is not None and trump not in SUITS:
        raise ArgumentTypeError(f"trump must be one of ♣ ♦ ♥ ♠ or None, not {show(trump)}")


def trump_ranking(trump: Suit | None) -> SuitOrder:
    """E10: the right bower (the jack of trumps), the left bower (the other jack of the trump
    colour), then A K Q 10 9 of trumps; A K Q J 10 9 in the plain suits. No-trump (``None``, EV3)
    has no bowers.

    >>> order = trump_ranking(Suit.HEARTS)
    >>> [str(DECK.card(c)) for c in order.ranked(Suit.HEARTS)]
    ['JH', 'JD', 'AH', 'KH', 'QH', '10H', '9H']
    """
    _check_trump(trump)
    if trump is None:
        return plain_order(DECK)
    return trump_order(DECK, trump, promoted=(Card(JACK, trump), Card(JACK, trump.same_colour)))


def effective_suit_masks(order: SuitOrder) -> tuple[int, ...]:
    """E11: for each card, the bitmask of the cards of its *effective* suit (the left bower is
    trump in every respect).

    >>> hearts = trump_ranking(Suit.HEARTS)
    >>> CardSet(DECK, effective_suit_masks(hearts)[DECK.index("JD")])
    CardSet('euchre24', 'JD 9H 10H JH QH KH AH')
    """
    if not isinstance(order, SuitOrder) or order.deck != DECK:
        raise ArgumentTypeError(
            f"order must be a SuitOrder of the euchre24 deck, not {show(order)}"
        )
    return tuple(order.suit_masks[order.effective_suits[c]] for c in range(len(DECK)))


ORDERS: Final[Mapping[Suit | None, SuitOrder]] = {t: trump_ranking(t) for t in TRUMPS}
"""The card ranking (E10) of each trump, built once."""
_FOLLOW_RULES: Final[Mapping[Suit | None, FollowRule]] = {
    t: must_follow(order) for t, order in ORDERS.items()
}


def playable(hand: int, led: int | None, trump: Suit | None) -> int:
    """E13: the cards of ``hand`` (a bitmask) that may be played to a trick whose first card is
    ``led`` (a card index; ``None`` to lead): the cards of the led *effective* suit (E11) if the
    hand holds any, else the whole hand.

    The core :func:`~cardrules.tricks.must_follow` on the :func:`trump_ranking` of ``trump``.

    >>> CardSet(DECK, playable(DECK.mask("JD 9H AS"), DECK.index("QD"), Suit.HEARTS))
    CardSet('euchre24', 'JD 9H AS')
    >>> CardSet(DECK, playable(DECK.mask("JD 9H AS"), None, Suit.HEARTS))
    CardSet('euchre24', 'JD 9H AS')
    """
    return _FOLLOW_RULES[trump](hand, led)


def trick_winner(trick: Sequence[int], trump: Suit | None) -> int:
    """E14: the position (0 = the led card) of the card that wins ``trick``: the highest trump,
    else the highest card of the led effective suit.

    The core :meth:`SuitOrder.winning_position <cardrules.SuitOrder.winning_position>` on the
    :func:`trump_ranking` of ``trump``.

    >>> trick_winner([DECK.index(c) for c in ("9S", "AS", "JC")], Suit.CLUBS)
    2
    """
    return ORDERS[trump].winning_position(trick)


def is_public_revoke(led_mask: int, played_since: int, *, hand_over: bool) -> bool:
    """E17: who sees a revoke — whether a revoke is public, shown in every seat's view and open to
    a claim. It is once its offender has played a card of the suit it failed to follow
    (``led_mask``, the led effective suit, E11: the left bower is a trump) in a later trick
    (``played_since``, the mask of the cards it played after the revoke), which every seat sees;
    and once the hand is over. Until then only the offender knows it.

    >>> hearts = DECK.mask("9H 10H QH KH AH JH JD")  # hearts trump: the left bower is a heart
    >>> is_public_revoke(hearts, DECK.mask("JD"), hand_over=False)
    True
    >>> is_public_revoke(hearts, DECK.mask("JC AS"), hand_over=False)
    False
    """
    return hand_over or bool(led_mask & played_since)


def played_after(revoke: Revoke, every: tuple[tuple[int, tuple[int, ...]], ...], out: int) -> int:
    """E17: the mask of the cards ``revoke``'s offender played in the tricks after the revoke's
    own, ``every`` being the hand's tricks as ``(leader, cards)`` with the one in progress last
    (``out``: the seats that sit out, skipped in the turn order, E12).

    >>> every = ((0, (0, 6, 12, 18)), (1, (1, 7)))
    >>> played_after(Revoke(0, 1, 6), every, 0) == 1 << 1
    True
    """
    since = 0
    for lead, cards in every[revoke.trick_no + 1 :]:
        player = lead
        for card in cards:
            if player == revoke.seat:
                since |= 1 << card
            player = NEXT_SEATS[out][player]
    return since


def revoke_public(
    revoke: Revoke,
    contract: Contract,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    leader: int,
    trick: tuple[int, ...],
    *,
    hand_over: bool,
) -> bool:
    """E17: whether ``revoke`` is public in a hand whose completed ``tricks`` and current
    ``trick`` (led by ``leader``) are these: :func:`is_public_revoke` with the led suit of its
    trick and the cards its offender played in the tricks after it (:func:`played_after`).

    >>> hearts = Contract(Suit.HEARTS, maker=0, alone=False, out=0)
    >>> revoke = Revoke(0, 1, DECK.index("9S"))  # seat 1 played 9S to a heart lead
    >>> first = (0, tuple(DECK.index(c) for c in ("AH", "9S", "KH", "QH")))
    >>> revoke_public(revoke, hearts, (first,), 0, (), hand_over=False)
    False
    >>> revoke_public(revoke, hearts, (first,), 0, (DECK.index("AS"), DECK.index("9H")),
    ...               hand_over=False)
    True
    """
    if hand_over:
        return True
    every = (*tricks, (leader, trick))
    if revoke.trick_no >= len(every) or not every[revoke.trick_no][1]:
        return False
    led = FOLLOW_MASKS[contract.trump][every[revoke.trick_no][1][0]]
    since = played_after(revoke, every, contract.out)
    return is_public_revoke(led, since, hand_over=False)


def claimable_revoke(
    revokes: tuple[Revoke, ...],
    claimer: int,
    contract: Contract,
    tricks: tuple[tuple[int, tuple[int, ...]], ...],
    leader: int,
    trick: tuple[int, ...],
) -> Revoke | None:
    """E17 (who claims): the revoke a claim by ``claimer`` names, the earliest revoke of the
    claimer's opponents that is established and public (:func:`revoke_public` in the hand whose
    tricks are these); ``None``: nothing to claim. ``revokes`` are in play order.

    >>> hearts = Contract(Suit.HEARTS, maker=0, alone=False, out=0)
    >>> claimable_revoke((Revoke(0, 1, 0, established=True),), 0, hearts, (), 0, ())
    """
    for revoke in revokes:
        if (
            revoke.established
            and (revoke.seat ^ claimer) & 1
            and revoke_public(revoke, contract, tricks, leader, trick, hand_over=False)
        ):
            return revoke
    return None


def _card_keys(trump: Suit | None) -> tuple[int, ...]:
    # One key per card for the whole hand: the power inside its effective suit, +100 for trumps.
    order = ORDERS[trump]
    return tuple(
        order.powers[c] + (100 if trump is not None and order.effective_suits[c] == trump else 0)
        for c in range(len(DECK))
    )


FOLLOW_MASKS: Final[Mapping[Suit | None, tuple[int, ...]]] = {
    t: order.follow_masks() for t, order in ORDERS.items()
}
"""``FOLLOW_MASKS[trump][led]``: the cards of the led card's effective suit (E11, E13), the follow
table the core generates from the E10 ranking (:meth:`SuitOrder.follow_masks
<cardrules.ranking.SuitOrder.follow_masks>`; a hand ``h`` may play ``h & FOLLOW_MASKS[trump][led]
or h``, which is :func:`playable`)."""
WIN_KEYS: Final[Mapping[Suit | None, tuple[tuple[int, ...], ...]]] = {
    t: order.win_keys() for t, order in ORDERS.items()
}
"""``WIN_KEYS[trump][led][card]``: the card of the highest key wins a trick led by ``led``
(E14), the table the core generates from the ranking (:meth:`SuitOrder.win_keys
<cardrules.ranking.SuitOrder.win_keys>`, from :meth:`SuitOrder.beats <cardrules.SuitOrder.beats>`)."""
CARD_KEYS: Final[Mapping[Suit | None, tuple[int, ...]]] = {t: _card_keys(t) for t in TRUMPS}
"""``CARD_KEYS[trump][card]``: the power of a card inside its effective suit, plus 100 for a
trump (what :meth:`EuchreGame.tables` hands out)."""


def __getattr__(name: str) -> Any:
    # EuchreGame lived here before the protocol moved to game.py; imported lazily (game.py imports
    # this module) so ``from cardrules.games.euchre.engine import EuchreGame`` keeps working.
    if name == "EuchreGame":
        from cardrules.games.euchre.game import EuchreGame

        return EuchreGame
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def shuffle24(rng: random.Random) -> tuple[int, ...]:
    """Deprecated: the core :func:`~cardrules.decks.shuffled_order` ``(rng, 24, "lehmer")`` gives
    the same orders (E4); this name is kept for one release.

    >>> import random, warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     shuffle24(random.Random(3)) == shuffled_order(random.Random(3), 24, "lehmer")
    True
    """
    warnings.warn(
        "shuffle24 is deprecated: use cardrules.decks.shuffled_order(rng, 24, 'lehmer'), "
        "which gives the same orders",
        DeprecationWarning,
        stacklevel=2,
    )
    return shuffled_order(rng, 24, "lehmer")

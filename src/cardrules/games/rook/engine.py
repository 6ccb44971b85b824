"""The rules of Tournament Rook as steps on ints: one named function per rule.

Cards are deck indices, hands bitmasks, tricks tuples of indices (as in
:class:`~cardrules.games.rook.state.RookState`). :class:`~cardrules.games.rook.game.RookGame`
(the Game protocol, notation and the explanations of illegal actions) runs these functions, or the
tables generated from them when the game is made. Every rule of the book
(:data:`~cardrules.games.rook.ROOK_RULES`) and where it lives:

====  =============================================================================================
Rule  Function
====  =============================================================================================
R1    :data:`TEAMS` (fixed partnerships, partners opposite); ``seat % 2`` is the team
R2    :func:`rook_deck` (41 cards, or 57 with ``full_deck``)
R3    :func:`suit_order` (14 high, 5 low within a colour)
R4    :func:`counter_value`; :func:`card_points` is its table over a deck, :func:`counters_in`
      the sum over a set of cards
R5    :func:`next_dealer`
R6    :func:`deal_layout` (who receives each position of the shuffled stream; the nest) and
      :func:`hand_size`
R7    not modelled (a misdeal is physical only)
R8    :func:`may_ask_redeal`
R9    :func:`start_auction` (left of the dealer bids first, clockwise)
R10   :func:`start_auction` (the core :class:`~cardrules.bidding.AscendingAuction` checks a bid)
R11   :func:`start_auction` (a seat that passed is skipped)
R12   :func:`auction_winner`
R13   :func:`bury_pool` (any five of the 14 cards); trump is one of :data:`COLOURS`
R14   :func:`first_leader`
R15   :func:`follow_rule` (follow the led colour; the core :func:`~cardrules.tricks.must_follow`)
R16   :func:`follow_rule` (the Bird at any time; :func:`~cardrules.tricks.with_always_playable`)
R17   :func:`follow_rule` (the Bird belongs to trump: its effective suit in :func:`suit_order`)
R18   :func:`bird_sequence` (the Bird's place among the trumps, A1)
R19   :func:`trick_winner` (the core :meth:`~cardrules.ranking.SuitOrder.winning_position`)
R20   not a rule of play: :mod:`cardrules.games.rook.views` shows no finished trick
R21   :func:`hand_result` (the last trick takes the nest)
R22   :func:`hand_result`
R23   :func:`match_start` (the core :class:`~cardrules.scoring.MatchScore`, checked per hand)
R24   :func:`is_revoke`, :func:`is_public_revoke` (who sees a revoke, who may claim it),
      :func:`claim_result` and :func:`hand_result` (``offender``); table play
      itself is the variant :class:`~cardrules.games.rook.revoke.TablePlay`
A1    :func:`bird_sequence`
A2    :func:`all_passed`
A3    :func:`redeal_dealer`
A4    :func:`is_established`
A5    :func:`first_leader`
A6    :func:`bury_pool`
A7    :func:`match_start` (the target score)
A8    :data:`TEAMS` (the contract belongs to the team)
RV1   :func:`rook_deck` and :func:`hand_size` (``full_deck``: 57 cards, 13 each)
RV2   not offered (40 cards leave 35 after the nest: no even deal)
RV3   not offered (42 cards leave 37 after the nest: no even deal)
RV4   not offered (its maximum bid and counters are unsourced)
====  =============================================================================================

The hot paths use tables generated here from the rule functions, so they cannot disagree with
them: :func:`follow_table` (from :func:`follow_rule`) and :func:`win_keys` (from the core
:meth:`~cardrules.ranking.SuitOrder.beats`). Where the benchmark proved a function call too dear,
the rule is written out again in :mod:`cardrules.games.rook.fast` (and nowhere else), with a
``# copy of rules <ids>: <function>`` comment, and ``tests/games/rook/test_rule_copies.py`` finds
every such copy and checks it against the function.

>>> deck = rook_deck(full_deck=False)
>>> order = suit_order(deck, Suit.GREEN, "high")
>>> trick = [deck.index(c) for c in ("G5", "G14", "R", "Y14")]
>>> trick_winner(order, trick)  # R18, R19: the Bird is the highest trump
2
>>> follow = follow_rule(order, deck.mask("R"))
>>> str(CardSet(deck, follow(deck.mask("G9 R Y5"), deck.index("G10"))))  # R15, R16
'G9 R'
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from cardrules import (
    BIRD,
    ArgumentError,
    ArgumentTypeError,
    AscendingAuction,
    Card,
    DeckSpec,
    MatchScore,
    Outcome,
    Partnership,
    Suit,
    SuitOrder,
    deal_one_at_a_time,
    get_deck,
    must_follow,
    trump_order,
    with_always_playable,
)
from cardrules.errors import short_repr
from cardrules.game import check_seat
from cardrules.games.rook.rulebook import RookRule
from cardrules.tricks import FollowRule

if TYPE_CHECKING:
    # RookGame lived here before the game object moved to cardrules.games.rook.game; it is still
    # importable from this module (see __getattr__ below).
    from cardrules.games.rook.fast import legal_play_mask
    from cardrules.games.rook.game import RookGame

# hand_result and hand_outcome are public too; the docs' API page documents them.
__all__ = [
    "BID_STEP",
    "COLOURS",
    "MAX_BID",
    "MIN_BID",
    "NEST_SIZE",
    "TEAMS",
    "RookGame",
    "all_passed",
    "auction_winner",
    "bird_sequence",
    "bury_pool",
    "card_points",
    "claim_result",
    "counter_value",
    "counters_in",
    "deal_layout",
    "first_leader",
    "follow_rule",
    "follow_table",
    "hand_size",
    "is_established",
    "is_public_revoke",
    "is_revoke",
    "legal_play_mask",
    "match_start",
    "may_ask_redeal",
    "next_dealer",
    "redeal_dealer",
    "rook_deck",
    "start_auction",
    "suit_order",
    "trick_winner",
    "win_keys",
]

TEAMS: Final = Partnership.opposite(4)
"""R1, A8: two fixed partnerships, partners opposite (teams {0, 2} and {1, 3})."""
COLOURS: Final = (Suit.RED, Suit.YELLOW, Suit.GREEN, Suit.BLACK)
"""R2, R13: the four colours, each a possible trump."""
MIN_BID: Final = 70
"""R10: the lowest bid."""
MAX_BID: Final = 120
"""R10: the highest bid (all the counters)."""
BID_STEP: Final = 5
"""R10: bids are multiples of 5."""
NEST_SIZE: Final = 5
"""R6, R13: cards in the nest."""

_short = short_repr  # for messages: a hostile __repr__ does not hide the real error


def __getattr__(name: str) -> Any:
    """``RookGame`` for code that imports it from here (its old home), and ``legal_play_mask``
    (now in :mod:`cardrules.games.rook.fast`, the one module with copies of rules): loaded on
    first use, as both modules import this one."""
    if name == "RookGame":
        from cardrules.games.rook.game import RookGame

        return RookGame
    if name == "legal_play_mask":
        from cardrules.games.rook.fast import legal_play_mask

        return legal_play_mask
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- components, deal and bidding ------------------------------------------------------------------
def rook_deck(full_deck: bool) -> DeckSpec:
    """R2: the 41-card deck (colours × 5–14 and the Bird), or all 57 cards with ``full_deck``.

    >>> len(rook_deck(False)), len(rook_deck(True))
    (41, 57)
    """
    return get_deck("rook57" if full_deck else "rook41")


def hand_size(full_deck: bool) -> int:
    """R6, RV1: cards dealt to each seat: 9 of the 41 cards (13 of the 57 with ``full_deck``),
    the nest taking five.

    >>> hand_size(False) * 4 + NEST_SIZE, hand_size(True) * 4 + NEST_SIZE
    (41, 57)
    """
    return 13 if full_deck else 9


def counter_value(card: Card) -> int:
    """R4: a 5 is worth 5, a 10 or a 14 is worth 10, the Bird 20; other cards nothing.

    >>> [counter_value(Card.parse(c)) for c in ("R5", "Y10", "G14", "B13", "R")]
    [5, 10, 10, 0, 20]
    """
    if type(card) is not Card:
        raise ArgumentTypeError(f"card must be a Card, not {type(card).__name__} {_short(card)}")
    if card.is_bird:
        return 20
    return {5: 5, 10: 10, 14: 10}.get(card.rank, 0)


def card_points(deck: DeckSpec) -> tuple[int, ...]:
    """R4 as a table: the counters of each card of ``deck``, by deck index (120 in all).

    >>> sum(card_points(rook_deck(False))), sum(card_points(rook_deck(True)))
    (120, 120)
    """
    return tuple(counter_value(c) for c in deck.cards)


def counters_in(points: Sequence[int], cards: int) -> int:
    """R4: the counters in a set of cards (a bitmask of deck indices), ``points`` the table of
    :func:`card_points`: the nest's, at the end of a hand (R21).

    >>> deck = rook_deck(False)
    >>> counters_in(card_points(deck), deck.mask("R5 R10 R14 R G9"))
    45
    """
    total = 0
    while cards:
        low = cards & -cards
        total += points[low.bit_length() - 1]
        cards ^= low
    return total


def next_dealer(dealer: int) -> int:
    """R5: after each hand the deal passes to the left.

    >>> next_dealer(0), next_dealer(3)
    (1, 0)
    """
    return (dealer + 1) % 4


@functools.cache
def deal_layout(deck_size: int, cards_each: int, left: int) -> tuple[int, ...]:
    """R6: who receives each position of the shuffled stream (a seat, or 4 for the nest), dealing
    one at a time from ``left`` (the seat left of the dealer): after each of the first five
    rounds a card goes to the nest (positions 4, 9, 14, 19, 24). Made by the core
    :func:`~cardrules.dealing.deal_one_at_a_time` from the positions themselves.

    >>> layout = deal_layout(41, 9, 1)
    >>> [p for p, holder in enumerate(layout) if holder == 4], layout[:6]
    ([4, 9, 14, 19, 24], (1, 2, 3, 0, 4, 1))
    """
    hands, nest, _ = deal_one_at_a_time(
        range(deck_size), 4, cards_each, first=left, side_every_round=1, side_count=NEST_SIZE
    )
    holder = [0] * deck_size
    for seat, positions in enumerate(hands):
        for pos in positions:
            holder[pos] = seat
    for pos in nest:
        holder[pos] = 4
    return tuple(holder)


def may_ask_redeal(hand: int, counter_mask: int) -> bool:
    """R8: a hand without a counter (no 5, 10, 14 nor the Bird) may ask for a redeal.

    >>> deck = rook_deck(False)
    >>> counters = sum(1 << i for i, p in enumerate(card_points(deck)) if p)
    >>> may_ask_redeal(deck.mask("R6 R7 Y8"), counters), may_ask_redeal(deck.mask("R R6"), counters)
    (True, False)
    """
    return not hand & counter_mask


def start_auction(first: int) -> AscendingAuction:
    """R9–R11: the auction, ``first`` (left of the dealer) to bid, then clockwise; bids are
    multiples of 5 from 70 to 120, each above the last (R10), and a seat that passed is out (R11).
    The core :class:`~cardrules.bidding.AscendingAuction` keeps these rules, citing R10.

    >>> start_auction(1).bid(1, 70).pass_(2).legal_bids()[:2]
    (75, 80)
    """
    return AscendingAuction.start(
        num_players=4, first=first, minimum=MIN_BID, maximum=MAX_BID, step=BID_STEP,
        rule=RookRule.R10,
    )  # fmt: skip


def auction_winner(auction: AscendingAuction) -> tuple[int, int] | None:
    """R12: ``(bidder, bid)`` once three seats have passed after a bid (or on a bid of 120);
    ``None`` while the auction goes on or when nobody bid (then A2, :func:`all_passed`).

    >>> auction_winner(start_auction(0).bid(0, 120))
    (0, 120)
    """
    if auction.to_move is not None:
        return None
    return auction.winner


def all_passed(mode: str, dealer: int) -> tuple[str, int]:
    """A2: what happens when all four pass: ``("throw_in", next dealer)`` (the default, the hand
    scores nothing), ``("redeal", dealer)`` (the same dealer deals again) or ``("forced", dealer)``
    (the dealer becomes the bidder at 70).

    >>> all_passed("pass_deal", 3), all_passed("dealer_forced_min", 3)
    (('throw_in', 0), ('forced', 3))
    """
    if mode == "pass_deal":
        return "throw_in", next_dealer(dealer)
    if mode == "redeal_same_dealer":
        return "redeal", dealer
    return "forced", dealer


def redeal_dealer(dealer: int, mode: str) -> int:
    """A3: who deals again after an R8 redeal: the same dealer (default) or the next.

    >>> redeal_dealer(2, "same"), redeal_dealer(2, "next")
    (2, 3)
    """
    return dealer if mode == "same" else next_dealer(dealer)


# -- nest, trump and the lead ----------------------------------------------------------------------
def bury_pool(hand: int, counter_mask: int, counters_allowed: bool) -> tuple[int, int]:
    """R13, A6: ``(forced, pool)``: a legal bury is ``forced`` plus any cards of ``pool`` up to
    five. With counters allowed (A6 default) nothing is forced and the pool is the whole hand.
    Without, the bury holds min(5, non-counters) non-counters: five of them if the hand has five,
    else all of them plus counters.

    >>> bury_pool(0b1111, 0b1, True), bury_pool(0b111111, 0b1, False), bury_pool(0b111, 0b1, False)
    ((0, 15), (0, 62), (6, 1))
    """
    if counters_allowed:
        return 0, hand
    plain = hand & ~counter_mask
    if plain.bit_count() >= NEST_SIZE:
        return 0, plain
    return plain, hand & counter_mask


def first_leader(dealer: int, bidder: int, first_lead: str) -> int:
    """R14, A5: who leads the first trick: left of the dealer (default), the bidder, or the
    bidder's left.

    >>> first_leader(3, 1, "left_of_dealer"), first_leader(3, 1, "bidder"), first_leader(3, 1, "left_of_bidder")
    (0, 1, 2)
    """
    if first_lead == "bidder":
        return bidder
    if first_lead == "left_of_bidder":
        return (bidder + 1) % 4
    return next_dealer(dealer)


# -- play: ranks, following, the trick ---------------------------------------------------------------
def bird_sequence(deck: DeckSpec, trump: Suit, bird_rank: str) -> list[Card]:
    """R18, A1: the trumps, highest first, with the Bird on top (``high``), at the bottom
    (``low``) or between the 10 and the 11 (``ten_and_half``).

    >>> [str(c) for c in bird_sequence(rook_deck(False), Suit.RED, "ten_and_half")][3:6]
    ['R11', 'R', 'R10']
    """
    colour = sorted((c for c in deck.cards if c.suit == trump), key=lambda c: -c.rank)
    if bird_rank == "high":
        return [BIRD, *colour]
    if bird_rank == "low":
        return [*colour, BIRD]
    above = [c for c in colour if c.rank > 10]
    return [*above, BIRD, *(c for c in colour if c.rank <= 10)]


def suit_order(deck: DeckSpec, trump: Suit, bird_rank: str) -> SuitOrder:
    """R3, R17, R18: the core trump order of a hand: 14 high within a colour, the Bird a trump
    (its effective suit for following, leading and voids) at its A1 place.

    >>> order = suit_order(rook_deck(False), Suit.BLACK, "high")
    >>> order.effective_suit(rook_deck(False).index(BIRD)) is Suit.BLACK
    True
    """
    return trump_order(deck, trump, trump_sequence=bird_sequence(deck, trump, bird_rank))


def follow_rule(order: SuitOrder, bird_mask: int) -> FollowRule:
    """R15–R17: the cards a hand may play to a trick (``led`` its first card, or ``None`` to
    lead): the led effective suit if the hand holds it (R15; a led Bird is a trump lead, and a
    trump lead makes a lone Bird compulsory, R17, since the Bird's effective suit is trump), and
    the Bird at any time (R16). Built from the core :func:`~cardrules.tricks.must_follow` and
    :func:`~cardrules.tricks.with_always_playable`.

    >>> deck = rook_deck(False)
    >>> rule = follow_rule(suit_order(deck, Suit.RED, "high"), deck.mask("R"))
    >>> str(CardSet(deck, rule(deck.mask("R Y5 G7"), deck.index("R9"))))  # R17b: the lone Bird
    'R'
    >>> str(CardSet(deck, rule(deck.mask("R5 Y5 G7"), deck.index("R"))))  # R17a: a Bird lead
    'R5'
    """
    return with_always_playable(must_follow(order), bird_mask)


def follow_table(order: SuitOrder) -> tuple[int, ...]:
    """R15, R17 as a table: per led card, the cards that follow it (its effective suit): the
    order's own follow table (:meth:`SuitOrder.follow_masks <cardrules.ranking.SuitOrder.follow_masks>`,
    which is the core :func:`~cardrules.tricks.must_follow` of a hand of the whole deck). With it,
    :func:`follow_rule` is :func:`~cardrules.games.rook.fast.legal_play_mask` (two ands and an or).

    >>> deck = rook_deck(False)
    >>> table = follow_table(suit_order(deck, Suit.RED, "high"))
    >>> str(CardSet(deck, table[deck.index("R")])) == str(CardSet(deck, table[deck.index("R5")]))
    True
    """
    return order.follow_masks()


def win_keys(order: SuitOrder) -> tuple[tuple[int, ...], ...]:
    """R19 as a table: per led card, a key per card whose maximum over a trick marks its winner
    (0 for a card that cannot win it): the order's own table
    (:meth:`SuitOrder.win_keys <cardrules.ranking.SuitOrder.win_keys>`, generated from the core
    :meth:`~cardrules.ranking.SuitOrder.beats`), so ``max`` over the keys is :func:`trick_winner`.

    >>> deck = rook_deck(False)
    >>> keys = win_keys(suit_order(deck, Suit.RED, "high"))[deck.index("Y5")]
    >>> keys[deck.index("R")] > keys[deck.index("R14")] > keys[deck.index("Y14")] > keys[deck.index("G14")]
    True
    """
    return order.win_keys()


def trick_winner(order: SuitOrder, trick: Sequence[int]) -> int:
    """R18, R19: the position (0 = the lead) of the card that wins ``trick``: the highest trump
    (the Bird by its A1 rank), else the highest card of the led colour. The core
    :meth:`~cardrules.ranking.SuitOrder.winning_position`.

    >>> deck = rook_deck(False)
    >>> trick_winner(suit_order(deck, Suit.RED, "high"), [deck.index(c) for c in ("Y5", "Y9", "R5", "G14")])
    2
    """
    return order.winning_position(trick)


# -- revokes (R24) ----------------------------------------------------------------------------------
def is_revoke(hand: int, card: int, proper: int) -> bool:
    """R24: a play of a held ``card`` outside the ``proper`` plays (:func:`follow_rule`) is a
    revoke: refused in strict play, recorded in table play.

    >>> is_revoke(0b110, 1, 0b100), is_revoke(0b110, 2, 0b100)
    (True, False)
    """
    return bool(hand >> card & 1) and not proper >> card & 1


def is_established(revoke_trick: int, tricks_done: int, window: str) -> bool:
    """A4: a revoke made in trick ``revoke_trick`` (0-based) is established, no longer to be
    corrected, once the next trick is complete (``next_trick``, default) or its own
    (``current_trick``); ``tricks_done`` counts the completed tricks.

    >>> is_established(2, 3, "next_trick"), is_established(2, 3, "current_trick")
    (False, True)
    """
    extra = 1 if window == "next_trick" else 0
    return tricks_done >= revoke_trick + 1 + extra


def is_public_revoke(
    seat: int,
    revoke_trick: int,
    led_mask: int,
    tricks: Sequence[tuple[int, Sequence[int]]],
    leader: int,
    trick: Sequence[int],
    hand_over: bool,
) -> bool:
    """R24 (who sees a revoke): whether ``seat``'s revoke in trick ``revoke_trick`` (0-based) is
    public, shown in every seat's view and open to a claim. It is once the offender has played,
    in a later trick, a card of the suit it failed to follow (``led_mask``, the led effective
    suit: the Bird is a trump, R17), which every seat sees; and once the hand is over. Until then
    only the offender knows it. ``tricks`` are the completed ``(leader, cards)`` tricks, ``leader``
    and ``trick`` the trick in progress.

    >>> is_public_revoke(1, 0, 0b10110, [(0, (1, 8, 9, 10)), (3, (11, 12, 4))], 0, (), False)
    True
    >>> is_public_revoke(1, 0, 0b10110, [(0, (1, 8, 9, 10))], 3, (11, 12), False)
    False
    """
    if hand_over:
        return True
    for lead, cards in (*tricks[revoke_trick + 1 :], (leader, trick)):
        k = (seat - lead) % 4
        if k < len(cards) and led_mask >> cards[k] & 1:
            return True
    return False


# -- scoring -----------------------------------------------------------------------------------------
def match_start(target: int) -> MatchScore:
    """R23, A7: a fresh match score to ``target``, checked at the end of a hand only: a side at or
    over the target wins; both over it, the higher total; level, another hand.

    >>> match_start(300).add((310, 305)).winner, match_start(300).add((305, 305)).is_over
    (0, False)
    """
    return MatchScore.start(teams=2, target=target, rule="highest_over_target")


def hand_result(
    bidder: int,
    bid: int,
    captured: tuple[int, int],
    last_winner: int,
    nest_points: int,
    offender: int | None = None,
) -> tuple[tuple[int, int], str]:
    """The points of a played hand and why (R21, R22; R24 when ``offender`` revoked).

    >>> hand_result(0, 80, (85, 15), 1, 20)[0]
    (85, 35)
    >>> hand_result(0, 80, (60, 40), 1, 20)[0]
    (-80, 60)
    >>> hand_result(1, 80, (60, 40), 0, 20, offender=0)[0]
    (-80, 40)

    Seats are 0–3, ``bid`` a multiple of 5 from 70 to 120 (R10), ``captured`` the counters each
    team took in its tricks and ``nest_points`` those of the nest (all 0–120, together at most
    the deck's 120, R4); anything else raises :class:`~cardrules.errors.ArgumentTypeError` or
    :class:`~cardrules.errors.ArgumentError` naming the argument:

    >>> hand_result(9, 80, (85, 15), 1, 20)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: bidder must be from 0 to 3, not 9
    """
    check_seat(bidder, 4, "bidder")
    _check_bid(bid)
    _check_captured(captured, nest_points)
    check_seat(last_winner, 4, "last_winner")
    if offender is not None:
        check_seat(offender, 4, "offender")
    totals = list(captured)
    if offender is not None:
        off = offender % 2
        points = [0, 0]
        points[off] = -bid
        points[1 - off] = totals[1 - off] + (nest_points if last_winner % 2 != off else 0)
        why = f"R24: the revoke of seat {offender} was found at the end of the hand"
        return (points[0], points[1]), why
    totals[last_winner % 2] += nest_points  # R21: the last trick takes the nest
    team = bidder % 2
    if totals[team] >= bid:
        why = f"R22: team {team} made {totals[team]} on a bid of {bid}"
        return (totals[0], totals[1]), why
    points = [0, 0]
    points[team] = -bid
    points[1 - team] = totals[1 - team]
    why = f"R22: team {team} was set ({totals[team]} on a bid of {bid})"
    return (points[0], points[1]), why


def claim_result(
    bid: int, captured: tuple[int, int], claimer: int, offender: int
) -> tuple[tuple[int, int], str]:
    """The points of a hand ended by ``claimer``'s claim of ``offender``'s revoke, and why (R24).

    >>> claim_result(70, (25, 40), 0, 1)
    ((25, -70), 'R24: seat 0 claimed the revoke of seat 1: team 1 loses the bid 70, team 0 scores its captured counters')

    The arguments are checked as :func:`hand_result` checks them (seats 0–3, a bid of R10):

    >>> claim_result("70", (25, 40), 0, 1)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: bid must be an int, a multiple of 5 from 70 to 120, not str '70'
    """
    _check_bid(bid)
    _check_captured(captured, 0)
    check_seat(claimer, 4, "claimer")
    check_seat(offender, 4, "offender")
    points = [0, 0]
    points[offender % 2] = -bid
    points[1 - offender % 2] = captured[1 - offender % 2]
    reason = (
        f"R24: seat {claimer} claimed the revoke of seat {offender}: team {offender % 2} loses the "
        f"bid {bid}, team {1 - offender % 2} scores its captured counters"
    )
    return (points[0], points[1]), reason


def _check_bid(bid: object) -> None:
    """R10: a bid is a multiple of 5 from 70 to 120 (A2's forced dealer bids the lowest, 70)."""
    if type(bid) is not int:
        raise ArgumentTypeError(
            "bid must be an int, a multiple of 5 from 70 to 120, "
            f"not {type(bid).__name__} {short_repr(bid)}"
        )
    if not 70 <= bid <= 120 or bid % 5:
        raise ArgumentError(f"bid must be a multiple of 5 from 70 to 120, not {bid}")


def _check_team_pair(value: object, argument: str) -> None:
    """A figure per team: a tuple of two ints (team 0, team 1)."""
    if (
        type(value) is not tuple
        or len(value) != 2
        or type(value[0]) is not int
        or type(value[1]) is not int
    ):
        raise ArgumentTypeError(
            f"{argument} must be a tuple of two ints (team 0, team 1), not {short_repr(value)}"
        )


def _check_captured(captured: tuple[int, int], nest_points: object) -> None:
    """R4: each team's captured counters and the nest's are 0–120 and share the deck's 120."""
    _check_team_pair(captured, "captured")
    if type(nest_points) is not int:
        raise ArgumentTypeError(
            f"nest_points must be an int, not {type(nest_points).__name__} {short_repr(nest_points)}"
        )
    if min(captured[0], captured[1], nest_points) < 0:
        raise ArgumentError(
            f"captured and nest_points must not be negative, not {captured} and {nest_points}"
        )
    if captured[0] + captured[1] + nest_points > 120:
        raise ArgumentError(
            f"captured {captured} and nest_points {nest_points} add up to more than the "
            "deck's 120 counters"
        )


def hand_outcome(points: tuple[int, int]) -> Outcome:
    """The outcome of one hand: its points per team, returns scaled by the widest swing (240).

    >>> hand_outcome((85, 35)).returns
    (0.20833333333333334, -0.20833333333333334, 0.20833333333333334, -0.20833333333333334)
    """
    _check_team_pair(points, "points")
    outcome = _OUTCOMES.get(points)
    if outcome is None:
        outcome = _hand_outcome(points)  # an immutable value: kept (a few hundred possible)
        if len(_OUTCOMES) < 4096:
            _OUTCOMES[points] = outcome
    return outcome


_OUTCOMES: Final[dict[tuple[int, int], Outcome]] = {}


def _hand_outcome(points: tuple[int, int]) -> Outcome:
    return Outcome.for_hand(TEAMS, points, scale=240)  # the widest swing of a hand

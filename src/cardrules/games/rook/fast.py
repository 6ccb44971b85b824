"""Rook's fast module: the hot steps of play, and the only module with copies of rules.

:class:`~cardrules.games.rook.game.RookGame` wires the Game protocol to the rules of
:mod:`cardrules.games.rook.engine`; where the benchmark proved a call to them too dear, the step
is written here, on ints and bitmasks:

* :func:`apply` and :func:`legal_actions` *are* the game's methods of those names (bound in the
  class, so that no call is added): the interned actions of the legal lists take a fast path,
  anything else the game's :meth:`~cardrules.games.rook.game.RookGame.checked_apply`, which
  checks every field and explains every refusal;
* the named steps those paths take — :func:`play` (a card, and the trick it completes),
  :func:`after_auction`, :func:`buried`, :func:`named_trump`, :func:`dealt`, :func:`end_hand`
  and :func:`redeal` — which the checked path takes too, so that each state change is written
  once;
* :func:`random_action`, the game's uniform draw without listing every bury, and the playouts
  of a rollout: :func:`fused_playout` (strict play on bitmasks, building no states) and
  :func:`stepped_playout`;
* the tables these use, made once per game by :func:`install`.

A rule written out again here carries a comment naming every rule id the copy holds and the
engine function(s) it copies, ``# copy of rules R15, R16, R17: follow_rule``, as read by
:func:`cardrules.testing.rule_copies`; ``tests/games/rook/test_rule_copies.py`` checks each copy
against its function.

>>> from cardrules.games.rook import make_game
>>> game = make_game()
>>> state = game.new_hand(dealer=0)
>>> rng = random.Random(3)
>>> while state.phase != "play":
...     state = game.apply(state, game.random_action(state, rng))
>>> fused_playout(game, state, random.Random(5)) == stepped_playout(game, state, random.Random(5))
True
"""

from __future__ import annotations

import functools
import random
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import (
    CHANCE,
    AscendingAuction,
    Deal,
    IllegalActionError,
    MatchScore,
    Outcome,
    Suit,
    get_deck,
    iter_bits,
)
from cardrules.game import check_rng
from cardrules.games.rook.actions import (
    Bury,
    Pass,
    Play,
    Redeal,
    RookAction,
)
from cardrules.games.rook.engine import (
    BID_STEP,
    MAX_BID,
    MIN_BID,
    NEST_SIZE,
    all_passed,
    auction_winner,
    counters_in,
    first_leader,
    hand_outcome,
    hand_result,
    next_dealer,
)
from cardrules.games.rook.rulebook import RookRule
from cardrules.games.rook.state import (
    BLANK_STATE,
    NO_HAND,
    Revoke,
    RookState,
    build_last_hand,
    build_state,
)

if TYPE_CHECKING:
    from cardrules.games.rook.game import RookGame

__all__ = [
    "PASS",
    "REDEAL",
    "AuctionNode",
    "after_auction",
    "apply",
    "buried",
    "dealt",
    "deck_plays",
    "end_hand",
    "fused_playout",
    "install",
    "legal_actions",
    "legal_play_mask",
    "named_trump",
    "play",
    "play_tables",
    "plays_of",
    "random_action",
    "redeal",
    "rollout",
    "stepped_playout",
    "still_held",
]

PASS: Final = Pass()
"""The interned pass of the legal lists (apply's bidding fast path knows it by identity)."""
REDEAL: Final = Redeal()
"""The interned R8 redeal request of the legal lists."""

_new_object: Final = object.__new__
_AUCTION_CACHE_LIMIT: Final = 10_000
# Legal play lists met in play, by card mask: follow masks (a colour's cards, the Bird) recur from
# hand to hand; 32k entries hold them all and cost a few MB at most.
_PLAYS_CACHE_LIMIT: Final = 1 << 15
_PLAYS_CACHES: Final[dict[str, dict[int, tuple[Play, ...]]]] = {}
_NO_HANDS: Final = (0, 0, 0, 0)
_NO_POINTS: Final = (0, 0)
_INT_ONLY: Final = {int}


# -- the tables ---------------------------------------------------------------------------------
@functools.cache
def play_tables(deck_name: str) -> tuple[int, tuple[tuple[tuple[Play, ...], ...], ...]]:
    """``(width, tables)``: per block of ``width`` cards of the deck, the interned plays of each
    subset of the block, so that the plays of a mask are the concatenation of its blocks'
    entries (three tuple adds instead of a loop over bits). Shared by every game on one deck:
    4 x 2,048 small tuples for the 41-card deck; the 57-card deck uses eight 8-card blocks.

    >>> width, tables = play_tables("rook41")
    >>> width, [str(p.card) for p in tables[0][0b101]]
    (11, ['R5', 'R7'])
    """
    cards = get_deck(deck_name).cards
    plays = tuple(Play(c) for c in cards)
    width = 11 if len(cards) <= 44 else 8
    tables = []
    for base in range(0, 8 * width, width):
        tables.append(
            tuple(
                tuple(
                    plays[base + b] for b in range(width) if sub >> b & 1 and base + b < len(cards)
                )
                for sub in range(1 << width)
            )
            if base < len(cards) or width == 8
            else ()
        )
    return width, tuple(tables)


class AuctionNode:
    """What the fast paths cache about one auction value: its legal actions and its successors."""

    __slots__ = ("after", "auction", "legal", "legal_redeal")

    def __init__(self, auction: AscendingAuction, legal: tuple[RookAction, ...]) -> None:
        self.auction = auction  # kept alive, so its id() is not reused while cached
        self.legal = legal
        self.legal_redeal = (*legal, REDEAL)
        self.after: dict[int, AscendingAuction] = {}  # 0 = pass, else the bid


def deck_plays(deck_name: str) -> tuple[Play, ...]:
    """The interned play of each card of the deck, by deck index (those of :func:`play_tables`).

    >>> deck_plays("rook41")[0] is play_tables("rook41")[1][0][1][0]
    True
    """
    width, tables = play_tables(deck_name)
    return tuple(tables[i // width][1 << (i % width)][0] for i in range(len(get_deck(deck_name))))


def install(game: RookGame) -> None:
    """Make the tables of ``game``'s fast steps (once, when the game is made): the interned
    plays and their lists by mask, the auction cache, the deal's holders and the identities of
    the interned actions. Each is a value of the rules (or a bounded memo of pure results), never
    data of one call, so that one game object may serve many threads."""
    deck = game.deck
    width, tables = play_tables(deck.name)
    game._play_tables = tables
    game._play_width = width
    game._plays_cache = _PLAYS_CACHES.setdefault(deck.name, {})  # shared per deck
    game._play_pos = {id(p): i for i, p in enumerate(game.plays)}  # interned play -> card
    game._listed_follow = game.play_variant.listed_follow
    game._play_mask = game.play_variant.play_mask
    # R6: the layout of the stream as one itemgetter per holder (the four hands, then the
    # nest), so that dealing a shuffle is one pass.
    game._deal_getters = {
        left: tuple(itemgetter(*(p for p, h in enumerate(layout) if h == k)) for k in range(5))
        for left, layout in game.deal_layouts.items()
    }
    game._bit = {i: 1 << i for i in range(len(deck))}
    game._full_mask = (1 << len(deck)) - 1
    # apply's bidding fast path: the interned pass (0) and bids (their amount), by identity.
    # Anything else (an equal but fresh Bid, Bid(0), Bid(70.0)) takes the checked path.
    game._bid_keys = {id(PASS): 0}
    game._bid_keys.update({id(b): amount for amount, b in game.bids.items()})
    game._trump_of = {id(a): a.suit for a in game.trumps}
    game._nodes = {}
    for auction in game.auctions.values():
        auction_node(game, auction)
    game._first_leads = tuple(
        first_leader(d, b, game.rules.first_lead) for d in range(4) for b in range(4)
    )
    # Scores after one hand, by its points (bounded: points are multiples of 5 in -120..240).
    game._first_scores = {}


def plays_of(game: RookGame, mask: int) -> tuple[Play, ...]:
    """The interned plays of the cards of ``mask``, in deck order.

    >>> from cardrules.games.rook import make_game
    >>> game = make_game()
    >>> [str(p.card) for p in plays_of(game, game.deck.mask("R5 G9 R"))]
    ['R5', 'G9', 'R']
    """
    t = game._play_tables
    if game._play_width == 11:
        return (
            t[0][mask & 2047] + t[1][mask >> 11 & 2047] + t[2][mask >> 22 & 2047] + t[3][mask >> 33]
        )
    return (
        t[0][mask & 255] + t[1][mask >> 8 & 255] + t[2][mask >> 16 & 255]
        + t[3][mask >> 24 & 255] + t[4][mask >> 32 & 255] + t[5][mask >> 40 & 255]
        + t[6][mask >> 48 & 255] + t[7][mask >> 56 & 255]
    )  # fmt: skip


def _plays_cache_add(game: RookGame, mask: int) -> tuple[Play, ...]:
    plays = plays_of(game, mask)
    cache = game._plays_cache
    if len(cache) >= _PLAYS_CACHE_LIMIT:
        cache.clear()  # bounded memory: the cache refills with the masks met most
    cache[mask] = plays
    return plays


def auction_node(game: RookGame, auction: AscendingAuction) -> AuctionNode:
    """The cache entry of an auction value (made on first sight): its legal calls (R10, R11)."""
    nodes = game._nodes
    if len(nodes) >= _AUCTION_CACHE_LIMIT:
        nodes.clear()  # bounded memory; entries are remade on demand
    bids = game.bids
    legal: tuple[RookAction, ...] = (PASS, *(bids[b] for b in auction.legal_bids()))
    node = nodes[id(auction)] = AuctionNode(auction, legal)
    return node


def legal_play_mask(hand: int, led_follow: int, bird_mask: int) -> int:
    """:func:`~cardrules.games.rook.engine.follow_rule` on the table of
    :func:`~cardrules.games.rook.engine.follow_table`: ``led_follow`` is the table's entry for the
    led card (pass ``-1`` to lead: any card).

    >>> from cardrules import CardSet
    >>> from cardrules.games.rook.engine import follow_table, rook_deck, suit_order
    >>> deck = rook_deck(False)
    >>> table = follow_table(suit_order(deck, Suit.RED, "high"))
    >>> hand = deck.mask("R Y5 Y9 G7")
    >>> str(CardSet(deck, legal_play_mask(hand, table[deck.index("Y14")], deck.mask("R"))))
    'Y5 Y9 R'
    """
    # copy of rules R15, R16, R17: follow_rule
    following = hand & led_follow
    return following | (hand & bird_mask) if following else hand


# -- the protocol's hot methods (bound in RookGame) ---------------------------------------------
def legal_actions(game: RookGame, state: RookState) -> tuple[RookAction, ...]:
    """The actions of the seat to move: bids, pass and its own R8 redeal; the buries; the
    trump colours; the legal plays (every held card in renege mode), then its own R24
    correction and its R24 claim of an established revoke of its opponents.

    Play and bid lists are interned tuples of interned actions; the buries are a
    :class:`~cardrules.games.rook.choices.BuryChoices`, a tuple whose 2,002 (or so) elements
    are made only when looked at."""
    if type(state) is not RookState or state.config is not game.config:
        game.check_state(state)
    seat = state.to_move
    if seat is None or seat < 0:
        return ()
    phase = state.phase
    if phase == "play":
        # R15-R17 as the play variant lists them (its play_mask, written out): strict play
        # lists the proper plays, table play every held card; a seat that just corrected a
        # revoke owes a proper play (A4).
        mask = hand = state.hands[seat]
        trick = state.trick
        if trick:
            tables = game.follow_masks if seat == state.proper_play else game._listed_follow
            # copy of rules R15, R16, R17: follow_rule
            following = hand & tables[state.trump][trick[0]]  # type: ignore[index]
            if following:
                mask = following | (hand & game.bird_mask)
        if mask == hand:  # a lead, or any card: made from the tables
            plays = plays_of(game, mask)
        else:
            # Following keeps to a colour (and the Bird): such masks recur from hand to hand
            # and are cached.
            cached = game._plays_cache.get(mask)
            plays = cached if cached is not None else _plays_cache_add(game, mask)
        if state.revokes:  # R24: the offender's correction, an opponent's claim
            return (*plays, *game.play_variant.revoke_actions(state, seat))
        return plays
    if phase == "bidding":
        auction = state.auction
        assert auction is not None
        node = game._nodes.get(id(auction))
        if node is None or node.auction is not auction:
            node = auction_node(game, auction)
        if game.rules.no_counter_redeal and not state.hands[seat] & game.counter_mask:
            return node.legal_redeal  # R8: this seat may ask for a redeal (may_redeal)
        return node.legal
    if phase == "bury":
        return game.legal_buries(state.hands[seat])
    if phase == "trump":
        return game.trumps
    return ()


def apply(game: RookGame, state: RookState, action: Any, seat: int | None = None) -> RookState:
    """The next state; raises :class:`~cardrules.errors.IllegalActionError` with the rule id.

    ``seat`` defaults to the seat to move; another seat may take its out-of-turn actions
    (:meth:`~cardrules.games.rook.game.RookGame.out_of_turn_actions`), and ``-1`` applies a
    chance action at a chance state. The state must be a
    :class:`~cardrules.games.rook.state.RookState` and ``seat`` an ``int`` seat
    (:class:`~cardrules.errors.ArgumentTypeError`, :class:`~cardrules.errors.ArgumentError`);
    every field of the action is checked, on the fast paths too (they take only the interned
    actions of :meth:`~cardrules.games.rook.game.RookGame.legal_actions`). ``state`` is never
    changed.

    >>> from cardrules.games.rook import Bid, make_game
    >>> game = make_game()
    >>> s = game.new_hand(dealer=3)
    >>> s = game.apply(s, game.sample_chance(s, random.Random(5)))
    >>> bad = Bid(70)
    >>> object.__setattr__(bad, "amount", 70.0)  # tampered: Bid(70.0) cannot be built
    >>> game.apply(s, bad)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalActionError: rule R10 (bid range): a bid is an int multiple of 5 from 70 to 120, not float 70.0 [seat 0, action Bid(amount=70.0)]
    """
    if type(state) is not RookState or state.config is not game.config:
        game.check_state(state)
    if seat is not None:
        return game.checked_apply(state, action, seat)
    # The hot paths: the interned actions of legal_actions, in turn. Each checks the action
    # against the legal set as cheaply as it can and leaves anything unusual to the checked
    # path, which explains (or, in renege mode, records) it.
    phase = state.phase
    if phase == "play":
        card = game._play_pos.get(id(action))
        mover = state.to_move
        if card is not None and mover is not None:
            trick = state.trick
            h = state.hands
            hand = h[mover]
            if trick:
                # The proper plays (follow_rule on its table, as legal_play_mask).
                # copy of rules R15, R16, R17: follow_rule
                following = hand & game.follow_masks[state.trump][trick[0]]  # type: ignore[index]
                legal = following | (hand & game.bird_mask) if following else hand
            else:
                legal = hand
            if legal >> card & 1:
                if len(trick) == 3:
                    return play(game, state, mover, card, state.revokes)
                bit = 1 << card
                if mover == 0:
                    hands = (hand ^ bit, h[1], h[2], h[3])
                elif mover == 1:
                    hands = (h[0], hand ^ bit, h[2], h[3])
                elif mover == 2:
                    hands = (h[0], h[1], hand ^ bit, h[3])
                else:
                    hands = (h[0], h[1], h[2], hand ^ bit)
                # build_state, inlined (this is the step taken most often): the new state is
                # the old one with the mover, hands and trick changed.
                new = _new_object(BLANK_STATE)
                new.phase = phase
                new.to_move = (mover + 1) % 4
                new.dealer = state.dealer
                new.score = state.score
                new.single_hand = state.single_hand
                new.hands = hands
                new.nest = state.nest
                new.auction = state.auction
                new.bidder = state.bidder
                new.bid = state.bid
                new.trump = state.trump
                new.leader = state.leader
                new.trick = (*trick, card)
                new.tricks = state.tricks
                new.captured = state.captured
                new.revokes = state.revokes
                # R24: a card handed back by a correction is shown until played again.
                new.returned = still_held(state.returned, card) if state.returned else ()
                new.corrected = state.corrected
                new.hand_no = state.hand_no
                new.last = state.last
                new.proper_play = -1
                new.config = state.config
                new.__class__ = RookState
                return new  # type: ignore[no-any-return]
    elif phase == "bidding":
        key = game._bid_keys.get(id(action))  # 0: the interned pass; else a bid
        if key is not None:
            auction = state.auction
            mover = state.to_move
            if auction is not None and mover is not None and mover == auction.to_move:
                node = game._nodes.get(id(auction))
                if node is None or node.auction is not auction:
                    node = auction_node(game, auction)
                after = node.after.get(key)
                if after is None:
                    # R10, R11: the core auction checks the bid; a refusal is explained by the
                    # checked path, with the legal calls.
                    try:
                        after = auction.pass_(mover) if key == 0 else auction.bid(mover, key)
                    except IllegalActionError:
                        return game.checked_apply(state, action, None)
                    node.after[key] = after
                return after_auction(game, state, after)
    elif phase == "deal":
        if type(action) is Deal:
            return dealt(game, state, action)
    elif phase == "bury":
        # One of the legal buries: BuryChoices checks it (five cards of the deck, a tuple in deck
        # order, legal for this hand) in O(1); else the checked path says why.
        mover = state.to_move
        if type(action) is Bury and mover is not None:
            mask = game.legal_buries(state.hands[mover]).mask_if_legal(action)
            if mask is not None:
                return buried(game, state, mover, mask)
    elif phase == "trump":
        suit = game._trump_of.get(id(action))
        if suit is not None and state.to_move is not None:
            return named_trump(game, state, suit)
    return game.checked_apply(state, action, None)


# -- the steps ----------------------------------------------------------------------------------
def still_held(returned: tuple[tuple[int, int], ...], card: int) -> tuple[tuple[int, int], ...]:
    """R24: the ``(seat, card)`` pairs a correction handed back, once ``card`` is played: a card
    shown by a correction is known to be in its holder's hand until played again, then it is no
    longer listed (it is in the trick, for all to see).

    >>> still_held(((1, 7), (2, 9)), 7)
    ((2, 9),)
    """
    return tuple(entry for entry in returned if entry[1] != card)


def play(
    game: RookGame, state: RookState, seat: int, card: int, revokes: tuple[Revoke, ...]
) -> RookState:
    """The state after ``seat`` plays ``card`` (held; its legality is the caller's), with the
    hand's ``revokes`` (R24): the next seat plays, or the trick is won (R19) and its winner
    leads, or the ninth trick ends the hand (R21, R22)."""
    h = state.hands
    bit = 1 << card
    if seat == 0:
        hands = (h[0] ^ bit, h[1], h[2], h[3])
    elif seat == 1:
        hands = (h[0], h[1] ^ bit, h[2], h[3])
    elif seat == 2:
        hands = (h[0], h[1], h[2] ^ bit, h[3])
    else:
        hands = (h[0], h[1], h[2], h[3] ^ bit)
    trick = (*state.trick, card)
    # R24: a card handed back by a correction is shown until played again.
    returned = still_held(state.returned, card) if state.returned else ()
    if len(trick) < 4:
        return build_state(
            "play", (seat + 1) % 4, state.dealer, state.score, state.single_hand, hands,
            state.nest, state.auction, state.bidder, state.bid, state.trump, state.leader,
            trick, state.tricks, state.captured, revokes, returned, state.corrected,
            state.hand_no, state.last, -1, state.config,
        )  # fmt: skip
    assert state.trump is not None
    t0, t1, t2, t3 = trick
    keys = game.winner_keys[state.trump][t0]
    # copy of rules R18, R19: trick_winner
    # (on its win_keys table: the highest key wins; keys of one trick differ, or are 0)
    best, top = 0, keys[t0]
    if keys[t1] > top:
        best, top = 1, keys[t1]
    if keys[t2] > top:
        best, top = 2, keys[t2]
    if keys[t3] > top:
        best = 3
    winner = (state.leader + best) % 4
    points = game.points
    taken = points[t0] + points[t1] + points[t2] + points[t3]
    c0, c1 = state.captured
    captured = (c0 + taken, c1) if winner % 2 == 0 else (c0, c1 + taken)
    tricks = (*state.tricks, (state.leader, trick))
    if len(tricks) < game.cards_each:
        # build_state, inlined (a trick is completed nine times a hand).
        new = _new_object(BLANK_STATE)
        new.phase = "play"
        new.to_move = winner
        new.dealer = state.dealer
        new.score = state.score
        new.single_hand = state.single_hand
        new.hands = hands
        new.nest = state.nest
        new.auction = state.auction
        new.bidder = state.bidder
        new.bid = state.bid
        new.trump = state.trump
        new.leader = winner
        new.trick = ()
        new.tricks = tricks
        new.captured = captured
        new.revokes = revokes
        new.returned = returned
        new.corrected = state.corrected
        new.hand_no = state.hand_no
        new.last = state.last
        new.proper_play = -1
        new.config = state.config
        new.__class__ = RookState
        return new  # type: ignore[no-any-return]
    done = build_state(
        "play", None, state.dealer, state.score, state.single_hand, hands, state.nest,
        state.auction, state.bidder, state.bid, state.trump, winner, (), tricks, captured,
        revokes, returned, state.corrected, state.hand_no, state.last, -1, state.config,
    )  # fmt: skip
    result, reason = hand_result(
        state.bidder, state.bid, captured, winner,
        counters_in(points, state.nest),
        revokes[0].seat if revokes else None,
    )  # fmt: skip
    return end_hand(game, done, result, reason)


def dealt(game: RookGame, state: RookState, action: Any) -> RookState:
    """The state after the chance action of a ``deal`` state (R6): the hands and the nest of a
    shuffle, left of the dealer to bid (R9). A deal that does not order the whole deck is refused
    (R6), on this path too."""
    assert state.dealer is not None
    left = (state.dealer + 1) % 4
    masks = _deal_masks(game, action, left)
    return build_state(
        "bidding", left, state.dealer, state.score, state.single_hand, masks[:4], masks[4],
        game.auctions[left], -1, 0, None, 0, (), (), _NO_POINTS, (), (), (),
        state.hand_no, state.last, -1, state.config,
    )  # fmt: skip


def _deal_masks(game: RookGame, action: Any, left: int) -> tuple[int, int, int, int, int]:
    """R6: the four hands and the nest of a deal, as masks; the deal is checked (chance)."""
    if type(action) is Deal:
        # getattr: no type assumed (the compiled build would refuse a tampered, non-tuple order
        # with a bare TypeError on reading it).
        order = getattr(action, "order", None)
        try:
            # Card indices are ints (True would pass for 1 below).
            if (
                type(order) is tuple
                and len(order) == len(game.deck)
                and {*map(type, order)} == _INT_ONLY
            ):
                # Each card's bit (a KeyError for anything but a card index), then each holder's
                # sum over its stream positions.
                bits = list(map(game._bit.__getitem__, order))
                g0, g1, g2, g3, g4 = game._deal_getters[left]
                masks = (sum(g0(bits)), sum(g1(bits)), sum(g2(bits)), sum(g3(bits)), sum(g4(bits)))
                # len(order) cards cover every bit: a permutation of the deck's indices.
                if masks[0] | masks[1] | masks[2] | masks[3] | masks[4] == game._full_mask:
                    return masks
        except (KeyError, TypeError):
            pass  # not card indices: check_deal says why
    deal = game.check_deal(action, RookRule.R6)
    out = [0, 0, 0, 0, 0]
    for holder, card in zip(game.deal_layouts[left], deal.order, strict=True):
        out[holder] |= 1 << card
    return out[0], out[1], out[2], out[3], out[4]


def after_auction(game: RookGame, state: RookState, auction: AscendingAuction) -> RookState:
    """The state after a bid or pass that made ``auction``: the next call, or the contract
    (R12; A2 when all passed) and the bidder takes the nest (R13)."""
    if auction.to_move is not None:
        return build_state(
            "bidding", auction.to_move, state.dealer, state.score, state.single_hand,
            state.hands, state.nest, auction, -1, 0, None, 0, (), (), _NO_POINTS, (), (),
            (), state.hand_no, state.last, -1, state.config,
        )  # fmt: skip
    contract = auction_winner(auction)  # R12
    if contract is not None:
        bidder, bid = contract
    else:
        assert state.dealer is not None
        step, seat = all_passed(game.rules.all_pass, state.dealer)  # A2
        if step == "throw_in":  # the deal passes left, as after any hand (end_hand)
            # The hand ends with the auction as it stands, the last pass in it.
            passed = attrs.evolve(state, auction=auction)
            return end_hand(game, passed, (0, 0), "A2: all passed, the hand is thrown in")
        if step == "redeal":
            return redeal(state, seat)
        bidder, bid = seat, MIN_BID
    # R13: the bidder takes the nest into the hand.
    hands = list(state.hands)
    hands[bidder] |= state.nest
    return build_state(
        "bury", bidder, state.dealer, state.score, state.single_hand, tuple(hands), 0,
        auction, bidder, bid, None, 0, (), (), _NO_POINTS, (), (), (),
        state.hand_no, state.last, -1, state.config,
    )  # fmt: skip


def buried(game: RookGame, state: RookState, seat: int, mask: int) -> RookState:
    """The state after ``seat`` buried the cards of ``mask`` (R13): trump is named next."""
    hands = list(state.hands)
    hands[seat] &= ~mask
    return build_state(
        "trump", seat, state.dealer, state.score, state.single_hand, tuple(hands), mask,
        state.auction, state.bidder, state.bid, None, 0, (), (), _NO_POINTS, (), (),
        (), state.hand_no, state.last, -1, state.config,
    )  # fmt: skip


def named_trump(game: RookGame, state: RookState, suit: Suit) -> RookState:
    """The state after the bidder named ``suit`` trump (R13): the first lead is R14/A5's."""
    assert state.dealer is not None
    leader = game._first_leads[4 * state.dealer + state.bidder % 4]
    return build_state(
        "play", leader, state.dealer, state.score, state.single_hand, state.hands, state.nest,
        state.auction, state.bidder, state.bid, suit, leader, (), (), _NO_POINTS, (), (),
        (), state.hand_no, state.last, -1, state.config,
    )  # fmt: skip


def end_hand(
    game: RookGame, state: RookState, points: tuple[int, int], reason: str, claimer: int = -1
) -> RookState:
    """Score a finished (or thrown-in) hand; the deal passes left (R5) unless the match ends
    (R23, checked at the end of a hand only).

    The hand is kept as the state's ``last`` (:class:`~cardrules.games.rook.state.LastHand`) for
    :meth:`~cardrules.games.rook.game.RookGame.hand_report`: made here, once per hand, so that
    play itself carries nothing more.
    """
    score0 = game.fresh_score
    if state.score is score0:
        # A single hand (or a match's first) always adds to the fresh score: memoised.
        score = game._first_scores.get(points)
        if score is None:
            score = score0.add(points)
            if len(game._first_scores) < 4096:
                game._first_scores[points] = score
    else:
        score = state.score.add(points)  # R23: checked at the end of a hand only
    over = state.single_hand or score.is_over
    assert state.dealer is not None
    thrown = state.bidder < 0
    last = build_last_hand(
        points, reason, state.dealer, state.auction, state.bidder, state.bid, state.trump,
        0 if thrown else state.nest, state.tricks, state.leader, state.trick, state.captured,
        state.revokes, state.corrected, claimer,
    )  # fmt: skip
    if over:
        return build_state(
            "over", None, state.dealer, score, state.single_hand, state.hands, state.nest,
            state.auction, state.bidder, state.bid, state.trump, state.leader, state.trick,
            state.tricks, state.captured, state.revokes, state.returned, state.corrected,
            state.hand_no + 1, last, -1, state.config,
        )  # fmt: skip
    return build_state(
        "deal", CHANCE, next_dealer(state.dealer), score, state.single_hand, _NO_HANDS, 0, None,
        -1, 0, None, 0, (), (), _NO_POINTS, (), (), (), state.hand_no + 1, last, -1, state.config,
    )  # fmt: skip


def redeal(state: RookState, dealer: int | None) -> RookState:
    """The deal is annulled (R8, A2, A3): nothing scores, the same hand is dealt again by
    ``dealer``."""
    return build_state(
        "deal", CHANCE, dealer, state.score, state.single_hand, _NO_HANDS, 0, None, -1, 0,
        None, 0, (), (), _NO_POINTS, (), (), (), state.hand_no, state.last, -1, state.config,
    )  # fmt: skip


def start(
    game: RookGame, phase: Any, dealer: int | None, score: MatchScore, single: bool
) -> RookState:
    """A fresh state before any deal (``choose_dealer`` or ``deal``) with the match ``score``."""
    return build_state(
        phase, CHANCE, dealer, score, single, _NO_HANDS, 0, None, -1, 0, None, 0, (), (),
        _NO_POINTS, (), (), (), 0, NO_HAND, -1, game.config,
    )  # fmt: skip


# -- random play --------------------------------------------------------------------------------
def random_action(game: RookGame, state: RookState, rng: random.Random) -> Any:
    """A uniformly random legal action (or chance action), without listing every bury.

    Same distribution as ``rng.choice(legal_actions(state))`` for every phase (the draws
    from ``rng`` differ: plays and bids use ``rng.random()``, buries ``rng.sample``).
    At a finished state there is none: an :class:`~cardrules.errors.IllegalActionError`.
    """
    if type(state) is not RookState or state.config is not game.config:
        game.check_state(state)
    if type(rng) is not random.Random:
        check_rng(rng)
    seat = state.to_move
    if seat == CHANCE:
        return game.sample_chance(state, rng)
    if state.phase == "play" and seat is not None and not state.revokes:
        # The k-th legal card (in legal_actions order), k uniform. int(random() * n) is
        # uniform on 0..n-1 up to a bias below 2**-50, and much cheaper than randrange.
        mask = game._play_mask(state, seat)  # the plays legal_actions lists
        for _ in range(int(rng.random() * mask.bit_count())):
            mask &= mask - 1
        return game.plays[(mask & -mask).bit_length() - 1]
    if state.phase == "bidding" and seat is not None:
        # Pass, the legal bids, then the seat's own redeal: legal_actions' list, not built.
        auction = state.auction
        assert auction is not None
        high = auction.high_bid
        low = MIN_BID if high is None else high + BID_STEP
        bids = (MAX_BID - low) // BID_STEP + 1 if low <= MAX_BID else 0
        redeal_too = game.rules.no_counter_redeal and not state.hands[seat] & game.counter_mask
        k = int(rng.random() * (1 + bids + redeal_too))
        if k == 0:
            return PASS
        return game.bids[low + (k - 1) * BID_STEP] if k <= bids else REDEAL
    if state.phase == "bury":
        assert seat is not None
        forced, pool = game.bury_pool(state.hands[seat])
        need = NEST_SIZE - forced.bit_count()
        picked = rng.sample(list(iter_bits(pool)), need)
        return Bury(tuple(game.deck.cards[i] for i in (*iter_bits(forced), *picked)))
    legal = game.legal_actions(state)
    if not legal:
        raise IllegalActionError(RookRule.R23, "the game is over: no action to draw")
    return legal[rng.randrange(len(legal))]


def rollout(game: RookGame, state: RookState, rng: random.Random) -> Outcome:
    """Play the current hand out at random and return its outcome (points of that hand).

    At the end of a match or single hand: the outcome of its last hand. Between two hands of a
    match (the last hand scored, the next step the deal): the outcome of the hand that just
    ended, without playing another (``Game.rollout``); the state after an R8/A2 redeal of a
    later hand is the same value, field for field, and gets the same answer.

    The auction, bury and trump call are stepped with :func:`random_action`; the play is the
    play variant's (:meth:`~cardrules.games.rook.revoke.StrictPlay.play_out`): in strict play
    a fused playout on bitmasks that builds no states, in table play (renege mode) the steps
    themselves, since an offender's legal actions include its correction, which rewinds the
    play (R24). A thrown-in hand scores 0-0.
    """
    if type(state) is not RookState or state.config is not game.config:
        game.check_state(state)
    if type(rng) is not random.Random:
        check_rng(rng)
    phase = state.phase
    if phase == "over" or (phase == "deal" and state.hand_no > 0):
        return hand_outcome(state.last_points)
    hand_no = state.hand_no
    while state.phase != "play":
        if state.phase == "over" or state.hand_no != hand_no:
            return hand_outcome(state.last_points)
        state = apply(game, state, random_action(game, state, rng))
    return game.play_variant.play_out(state, rng)


def stepped_playout(game: RookGame, state: RookState, rng: random.Random) -> Outcome:
    """The rest of the hand of ``state`` as :func:`random_action` and :func:`apply` in a loop:
    its outcome (the points of that hand)."""
    hand_no = state.hand_no
    while state.phase != "over" and state.hand_no == hand_no:
        state = apply(game, state, random_action(game, state, rng))
    return hand_outcome(state.last_points)


def fused_playout(game: RookGame, state: RookState, rng: random.Random) -> Outcome:
    """The outcome of the rest of the strict hand of ``state`` (in its play phase, checked by the
    caller), played at random with ``rng`` exactly as :func:`stepped_playout` plays it (the same
    draws, the same result), on bitmasks without building states: at each turn the k-th legal
    card in deck order, ``k = int(rng.random() * number of legal cards)``."""
    assert state.trump is not None
    assert state.to_move is not None
    if state.revokes:  # a position with revokes (table play only): step it
        return stepped_playout(game, state, rng)
    follow = game.follow_masks[state.trump]
    win_keys = game.winner_keys[state.trump]
    bird = game.bird_mask
    points = game.points
    hands = list(state.hands)
    captured = list(state.captured)
    seat = state.to_move
    remaining = game.cards_each - len(state.tricks)
    random_ = rng.random
    # The trick so far: its led card's follow mask and winner keys, the best key and its
    # seat, the counters in it (R19, R20), as play computes them.
    played = len(state.trick)
    winner = state.leader
    best = taken = 0
    keys: tuple[int, ...] = ()
    led_mask = 0
    if played:
        led = state.trick[0]
        keys, led_mask = win_keys[led], follow[led]
        for pos, card in enumerate(state.trick):
            taken += points[card]
            # copy of rules R18, R19: trick_winner
            if keys[card] > best:
                best, winner = keys[card], (state.leader + pos) % 4
    while True:
        hand = hands[seat]
        mask = hand
        if played:
            # copy of rules R15, R16, R17: follow_rule
            following = hand & led_mask
            if following:
                mask = following | (hand & bird)
        # The k-th legal card in deck order, k uniform (as random_action draws it).
        for _ in range(int(random_() * mask.bit_count())):
            mask &= mask - 1
        low = mask & -mask
        card = low.bit_length() - 1
        hands[seat] = hand ^ low
        taken += points[card]
        if not played:
            keys, led_mask = win_keys[card], follow[card]
            best, winner, played = keys[card], seat, 1
            seat = (seat + 1) % 4
            continue
        # copy of rules R18, R19: trick_winner
        if keys[card] > best:
            best, winner = keys[card], seat
        played += 1
        if played < 4:
            seat = (seat + 1) % 4
            continue
        captured[winner % 2] += taken
        remaining -= 1
        if not remaining:
            break
        seat, played, taken = winner, 0, 0
    nest = counters_in(points, state.nest)
    result, _ = hand_result(state.bidder, state.bid, (captured[0], captured[1]), winner, nest)
    return hand_outcome(result)

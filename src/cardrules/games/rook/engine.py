"""The Rook engine: :class:`RookGame`, the Game protocol for Tournament Rook (rules R1–R24).

>>> game = RookGame()
>>> s = game.new_hand(dealer=3)
>>> s = game.apply(s, game.sample_chance(s, random.Random(5)))
>>> s.phase, game.to_move(s), [game.format_action(a) for a in game.legal_actions(s)][:3]
('bidding', 0, ['pass', 'bid 70', 'bid 75'])
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Mapping, Sequence
from math import comb
from typing import Any, Final

from cardrules import (
    BIRD,
    CHANCE,
    AscendingAuction,
    Card,
    CardSet,
    ChooseDealer,
    Deal,
    DeckSpec,
    GameBase,
    IllegalActionError,
    MatchScore,
    NotationError,
    Outcome,
    Partnership,
    RulesError,
    Suit,
    SuitOrder,
    deal_one_at_a_time,
    get_deck,
    iter_bits,
    must_follow,
    normalize_notation,
    parse_cards,
    trump_order,
    with_always_playable,
)
from cardrules.games.rook.actions import (
    Bid,
    Bury,
    ClaimRevoke,
    CorrectRevoke,
    NameTrump,
    Pass,
    Play,
    Redeal,
    RookAction,
    card_text,
    format_rook_action,
)
from cardrules.games.rook.rules import RookRules
from cardrules.games.rook.state import Revoke, RookState
from cardrules.games.rook.views import RookView, make_view, sample_from_view

__all__ = ["COLOURS", "MAX_BID", "MIN_BID", "NEST_SIZE", "RookGame", "counter_value"]

TEAMS: Final = Partnership.opposite(4)
_new_object: Final = object.__new__
COLOURS: Final = (Suit.RED, Suit.YELLOW, Suit.GREEN, Suit.BLACK)
MIN_BID: Final = 70
MAX_BID: Final = 120
BID_STEP: Final = 5
NEST_SIZE: Final = 5
_PASS: Final = Pass()
_REDEAL: Final = Redeal()
_CORRECT: Final = CorrectRevoke()
_CLAIM: Final = ClaimRevoke()


def counter_value(card: Card) -> int:
    """R4: a 5 is worth 5, a 10 or a 14 is worth 10, the Bird 20; other cards nothing.

    >>> [counter_value(Card.parse(c)) for c in ("R5", "Y10", "G14", "B13", "R")]
    [5, 10, 10, 0, 20]
    """
    if card.is_bird:
        return 20
    return {5: 5, 10: 10, 14: 10}.get(card.rank, 0)


def _bird_sequence(deck: DeckSpec, trump: Suit, bird_rank: str) -> list[Card]:
    """The trumps, highest first, with the Bird placed as A1 says."""
    colour = sorted((c for c in deck.cards if c.suit == trump), key=lambda c: -c.rank)
    if bird_rank == "high":
        return [BIRD, *colour]
    if bird_rank == "low":
        return [*colour, BIRD]
    above = [c for c in colour if c.rank > 10]
    return [*above, BIRD, *(c for c in colour if c.rank <= 10)]


class RookGame(GameBase[RookState, RookAction, RookView]):
    """Tournament Rook (Kentucky Discard) on the Game protocol.

    Integer encoding: the positions in :meth:`all_actions` (pass, redeal, the eleven bids, the four
    trump colours, one play per card, correct, claim), followed by one code per five-card
    :class:`~cardrules.games.rook.actions.Bury`, ranked in the combinatorial number system over
    deck indices (C(41, 5) = 749,398 codes; C(57, 5) with ``full_deck``). A bury is one action
    whose notation names its cards, so its code cannot be a position in the 14-card hand (the
    encoding is state-free).
    """

    name = "rook"
    num_players = 4

    def __init__(self, rules: RookRules | None = None) -> None:
        super().__init__(rules or RookRules())
        self.rules: RookRules
        deck = get_deck("rook57" if self.rules.full_deck else "rook41")
        self.deck = deck
        self.cards_each = 13 if self.rules.full_deck else 9
        self.points: tuple[int, ...] = tuple(counter_value(c) for c in deck.cards)
        self.counter_mask = sum(1 << i for i, p in enumerate(self.points) if p)
        self.bird = deck.index(BIRD)
        self.bird_mask = 1 << self.bird
        self.orders: dict[Suit, SuitOrder] = {
            t: trump_order(deck, t, trump_sequence=_bird_sequence(deck, t, self.rules.bird_rank))
            for t in COLOURS
        }
        # R15-R17: follow the led effective suit (the Bird is a trump), and the Bird at any time.
        self.follow = {
            t: with_always_playable(must_follow(order), self.bird_mask)
            for t, order in self.orders.items()
        }
        # Hot-path tables: card -> index, and per trump the mask of the led card's effective
        # suit (the cards that follow it), so that a legal mask is two ands and an or.
        self._card_index: dict[Card, int] = {c: i for i, c in enumerate(deck.cards)}
        self._follow_masks: dict[Suit, tuple[int, ...]] = {
            t: tuple(order.suit_mask(order.effective_suits[i]) for i in range(len(deck)))
            for t, order in self.orders.items()
        }
        self._plays = tuple(Play(c) for c in deck.cards)
        self._renege = self.rules.renege_mode
        # CORE-CANDIDATE: a deal_layout(...) companion of deal_one_at_a_time giving the holder of
        # each stream position, so that engines deal a shuffle in one pass.
        # R6: who receives each position of the stream (4 = the nest), per first receiver. The
        # layout is what deal_one_at_a_time makes of the positions themselves; dealing a shuffle
        # is then one pass over it (nest at positions 4, 9, 14, 19, 24).
        self._deal_layout: dict[int, tuple[int, ...]] = {}
        for left in range(4):
            hands, nest, _ = deal_one_at_a_time(
                range(len(deck)), 4, self.cards_each, first=left, side_every_round=1,
                side_count=NEST_SIZE,
            )  # fmt: skip
            holder = [0] * len(deck)
            for seat, positions in enumerate(hands):
                for pos in positions:
                    holder[pos] = seat
            for pos in nest:
                holder[pos] = 4
            self._deal_layout[left] = tuple(holder)
        # R9/R10: the fresh auction of each first bidder (an immutable value, shared).
        self._auctions = {
            left: AscendingAuction.start(
                num_players=4,
                first=left,
                minimum=MIN_BID,
                maximum=MAX_BID,
                step=BID_STEP,
                rule="R10",
            )
            for left in range(4)
        }
        self._bids = {b: Bid(b) for b in range(MIN_BID, MAX_BID + 1, BID_STEP)}
        self._trumps = tuple(NameTrump(t) for t in COLOURS)
        self._legal_buries = functools.lru_cache(maxsize=512)(self._compute_buries)

    # -- encoding and notation -----------------------------------------------------------------
    def all_actions(self) -> tuple[RookAction, ...]:
        """Every action but the buries (see the class docstring for their codes)."""
        return (
            _PASS,
            _REDEAL,
            *self._bids.values(),
            *self._trumps,
            *self._plays,
            _CORRECT,
            _CLAIM,
        )

    @property
    def num_distinct_actions(self) -> int:
        """The listed actions plus one code per five-card bury."""
        return len(self._table()) + comb(len(self.deck), NEST_SIZE)

    # CORE-CANDIDATE: GameBase only encodes actions it can list in all_actions(); a "block of
    # k-card combinations ranked in the combinatorial number system" (codes, unranking, parsing)
    # would serve any discard/bury/kitty action (Rook's nest, Skat, Pinochle widow).
    def action_to_index(self, action: RookAction) -> int:
        """The integer code of ``action`` (a bury: its combinatorial rank after the listed actions)."""
        if isinstance(action, Bury):
            idx = self._bury_indices(action)
            if idx is None:
                raise NotationError(f"{action!r} is not an action of rook")
            return len(self._table()) + sum(comb(c, k + 1) for k, c in enumerate(idx))
        return super().action_to_index(action)

    def index_to_action(self, index: int) -> RookAction:
        """The action of an integer code (the inverse of :meth:`action_to_index`)."""
        base = len(self._table())
        if isinstance(index, int) and base <= index < self.num_distinct_actions:
            rest = index - base
            chosen: list[int] = []
            # Unrank in the combinatorial number system: the largest c with C(c, k) <= rest.
            for k in range(NEST_SIZE, 0, -1):
                c = k - 1
                while comb(c + 1, k) <= rest:
                    c += 1
                chosen.append(c)
                rest -= comb(c, k)
            return Bury(tuple(self.deck.cards[c] for c in chosen))
        return super().index_to_action(index)

    def _bury_indices(self, action: Bury) -> list[int] | None:
        cards = action.cards
        if not isinstance(cards, tuple) or len(cards) != NEST_SIZE:
            return None
        index = self._card_index
        if not all(type(c) is Card and c in index for c in cards):
            return None
        idx = sorted(index[c] for c in cards)
        return idx if len(set(idx)) == NEST_SIZE else None

    def format_action(self, action: Any) -> str:
        """The notation of an action, chance actions included (``deal …``, ``dealer N``)."""
        if isinstance(action, Deal | ChooseDealer):
            return self.format_chance(action)
        return format_rook_action(action)

    def parse_action(self, text: str, state: RookState) -> Any:
        """Read ``bid 85``, ``pass``, ``redeal``, ``bury R5 G14 …``, ``trump Green``, ``play Bird``…"""
        if isinstance(text, str):
            head, _, rest = normalize_notation(text).partition(" ")
            if head == "bury":
                cards = parse_cards(rest)
                if len(cards) != NEST_SIZE or len(set(cards)) != NEST_SIZE:
                    raise NotationError(f"bury takes five different cards, not {rest!r}")
                for card in cards:
                    if card not in self.deck:
                        raise NotationError(f"{card} is not a card of the {self.deck.name} deck")
                return Bury(cards)
        return super().parse_action(text, state)

    # -- starting states ----------------------------------------------------------------------
    def _fresh_score(self) -> MatchScore:
        return MatchScore.start(teams=2, target=self.rules.target_score, rule="highest_over_target")

    def new_match(self) -> RookState:
        """A match to ``target_score``; the first dealer is drawn by chance (R5)."""
        return RookState("choose_dealer", CHANCE, None, self._fresh_score())

    def new_hand(self, dealer: int | None = None) -> RookState:
        """A single hand (``None``: the dealer is drawn by chance). It ends when scored or thrown in."""
        if dealer is None:
            return RookState("choose_dealer", CHANCE, None, self._fresh_score(), True)
        if isinstance(dealer, bool) or dealer not in range(4):
            raise RulesError(f"dealer must be a seat 0-3, not {dealer!r}")
        return RookState("deal", CHANCE, dealer, self._fresh_score(), True)

    # -- the protocol -------------------------------------------------------------------------
    def to_move(self, state: RookState) -> int | None:
        """The seat to act, ``CHANCE`` (a shuffle or the dealer draw), or ``None`` when over."""
        return state.to_move

    def is_over(self, state: RookState) -> bool:
        """Whether the match (or the single hand) is over."""
        return state.phase == "over"

    def sample_chance(self, state: RookState, rng: random.Random) -> Deal | ChooseDealer:
        """The chance action of a chance state: the first dealer (R5) or a shuffled deal (R6)."""
        if state.phase == "choose_dealer":
            return ChooseDealer(rng.randrange(4))
        if state.phase == "deal":
            return self.shuffle(rng)
        raise IllegalActionError("R6", "this is not a chance state")

    def has_counter(self, hand: int) -> bool:
        """Whether a hand holds a counter (R4, R8)."""
        return bool(hand & self.counter_mask)

    def may_redeal(self, state: RookState, seat: int) -> bool:
        """R8: during the bidding, a seat whose dealt cards hold no counter may ask for a redeal."""
        return (
            self.rules.no_counter_redeal
            and state.phase == "bidding"
            and seat in range(4)
            and not self.has_counter(state.hands[seat])
        )

    def strict_mask(self, state: RookState, seat: int) -> int:
        """The cards ``seat`` may play without revoking (R15–R17)."""
        assert state.trump is not None
        # The core follow rule; the hot paths (apply, random_action, rollout) inline the same
        # computation on _follow_masks, and test_engine_fast_paths checks they agree.
        return self.follow[state.trump](state.hands[seat], state.trick[0] if state.trick else None)

    def legal_actions(self, state: RookState) -> tuple[RookAction, ...]:
        """The actions of the seat to move: bids, pass and its own R8 redeal; the buries; the
        trump colours; the legal plays (every held card in renege mode) and its own correction."""
        seat = state.to_move
        if seat is None or seat == CHANCE:
            return ()
        phase = state.phase
        if phase == "play":
            if self._renege and state.trick and seat != state.proper_play:
                mask = state.hands[seat]  # R24: any held card; a wrong one is a revoke
            else:
                mask = self.strict_mask(state, seat)
            plays = self._plays
            cards = tuple(plays[i] for i in iter_bits(mask))
            if state.revokes and self._open_revoke(state, seat) is not None:
                return (*cards, _CORRECT)  # R24: the offender may take its revoke back
            return cards
        if phase == "bidding":
            assert state.auction is not None
            actions: list[RookAction] = [_PASS]
            actions.extend(self._bids[b] for b in state.auction.legal_bids())
            if self.may_redeal(state, seat):
                actions.append(_REDEAL)
            return tuple(actions)
        if phase == "bury":
            return self._legal_buries(state.hands[seat])
        if phase == "trump":
            return self._trumps
        return ()

    def bury_pool(self, hand: int) -> tuple[int, int]:
        """``(forced, pool)``: a legal bury is ``forced`` plus any cards of ``pool`` up to five.

        With counters allowed (A6 default) nothing is forced and the pool is the whole hand. With
        ``nest_discard_counters=False`` the bury holds min(5, non-counters) non-counters: five of
        them if the hand has five, else all of them plus counters.
        """
        if self.rules.nest_discard_counters:
            return 0, hand
        plain = hand & ~self.counter_mask
        if plain.bit_count() >= NEST_SIZE:
            return 0, plain
        return plain, hand & self.counter_mask

    def _compute_buries(self, hand: int) -> tuple[Bury, ...]:
        forced, pool = self.bury_pool(hand)
        cards = self.deck.cards
        fixed = [cards[i] for i in iter_bits(forced)]
        need = NEST_SIZE - len(fixed)
        return tuple(
            Bury((*fixed, *(cards[i] for i in combo)))
            for combo in itertools.combinations(iter_bits(pool), need)
        )

    def out_of_turn_actions(self, state: RookState, seat: int) -> tuple[RookAction, ...]:
        """What ``seat`` may do while another seat is to move: an R8 redeal request, an R24
        correction of its own open revoke, or an R24 claim of an established revoke.

        The seat to move finds its redeal and its correction among its legal actions. A claim is
        made between one's own plays: it rests on another seat's secret revoke, so it cannot be one
        of the legal actions (which depend only on what the seat to move knows).
        """
        actions: list[RookAction] = []
        if seat == state.to_move:
            return ()
        if self.may_redeal(state, seat):
            actions.append(_REDEAL)
        if state.phase == "play" and state.revokes:
            if self._open_revoke(state, seat) is not None:
                actions.append(_CORRECT)
            if self._claimable(state, seat):
                actions.append(_CLAIM)
        return tuple(actions)

    def _established(self, state: RookState, revoke: Revoke) -> bool:
        """A4: a revoke is established once its trick (``current_trick``) or the next trick
        (``next_trick``, default) is complete."""
        extra = 1 if self.rules.renege_correction_window == "next_trick" else 0
        return len(state.tricks) >= revoke.trick + 1 + extra

    def _open_revoke(self, state: RookState, seat: int) -> Revoke | None:
        for revoke in state.revokes:
            if revoke.seat == seat and not self._established(state, revoke):
                return revoke
        return None

    def _claimable(self, state: RookState, seat: int) -> bool:
        # One penalty a hand: the earliest revoke is the first to be established.
        if not state.revokes:
            return False
        first = state.revokes[0]
        return self._established(state, first) and seat % 2 != first.seat % 2

    # -- apply --------------------------------------------------------------------------------
    def apply(self, state: RookState, action: Any, seat: int | None = None) -> RookState:
        """The next state; raises :class:`~cardrules.errors.IllegalActionError` with the rule id.

        ``seat`` defaults to the seat to move; another seat may take its out-of-turn actions
        (:meth:`out_of_turn_actions`), and ``-1`` applies a chance action.
        """
        mover = state.to_move
        if (
            type(action) is Play
            and type(action.card) is Card
            and state.phase == "play"
            and mover is not None
            and (seat is None or seat == mover)
        ):
            # The hot path: a proper play in turn. Anything unusual (a card not held, a
            # revoke, a bad value) goes through _apply_play, which explains or records it.
            card = self._card_index.get(action.card)
            hand = state.hands[mover]
            if card is not None and hand >> card & 1:
                trick = state.trick
                if trick:
                    assert state.trump is not None
                    following = hand & self._follow_masks[state.trump][trick[0]]
                    if following and not (following | (hand & self.bird_mask)) >> card & 1:
                        return self._apply_play(state, action, mover)
                return self._play(state, mover, card, state.revokes)
            return self._apply_play(state, action, mover)
        if mover is None:
            raise IllegalActionError("R23", "the game is over", action=action, seat=seat)
        actor = mover if seat is None else seat
        if isinstance(actor, bool) or not isinstance(actor, int) or actor not in range(-1, 4):
            raise IllegalActionError("R1", f"no seat {actor!r}", action=action, seat=None)
        if isinstance(action, Redeal | CorrectRevoke | ClaimRevoke) and actor != CHANCE:
            if isinstance(action, ClaimRevoke) and actor == mover:
                raise IllegalActionError(
                    "R24",
                    "a claim is made while another seat is to move",
                    action=action,
                    seat=actor,
                )
            return self._apply_out_of_turn(state, action, actor)
        if actor != mover:
            who = "chance" if mover == CHANCE else f"seat {mover}"
            rule = "R15" if state.phase == "play" else "R9"
            raise IllegalActionError(rule, f"it is {who}'s turn", action=action, seat=actor)
        if mover == CHANCE:
            return self._apply_chance(state, action)
        phase = state.phase
        if phase == "bidding":
            return self._apply_bid(state, action, actor)
        if phase == "bury":
            return self._apply_bury(state, action, actor)
        if phase == "trump":
            if not isinstance(action, NameTrump) or action not in self._trumps:
                raise IllegalActionError(
                    "R13", "the bidder names a trump colour", action=action, seat=actor
                )
            return RookState(
                "play", self._first_leader(state), state.dealer, state.score, state.single_hand,
                state.hands, state.nest, state.auction, state.bidder, state.bid, action.suit,
                self._first_leader(state), (), (), (0, 0), (), (), state.hand_no,
                state.last_points, state.last_reason,
            )  # fmt: skip
        return self._apply_play(state, action, actor)

    def _first_leader(self, state: RookState) -> int:
        """R14/A5: left of the dealer by default; the bidder or the bidder's left as variants."""
        assert state.dealer is not None
        if self.rules.first_lead == "bidder":
            return state.bidder
        if self.rules.first_lead == "left_of_bidder":
            return (state.bidder + 1) % 4
        return (state.dealer + 1) % 4

    def _apply_chance(self, state: RookState, action: Any) -> RookState:
        if state.phase == "choose_dealer":
            if (
                not isinstance(action, ChooseDealer)
                or isinstance(action.seat, bool)
                or action.seat not in range(4)
            ):
                raise IllegalActionError(
                    "R5", "the first step draws a dealer (seat 0-3)", action=action
                )
            return RookState("deal", CHANCE, action.seat, state.score, state.single_hand)
        deal = self.check_deal(action)
        assert state.dealer is not None
        left = (state.dealer + 1) % 4
        masks = [0, 0, 0, 0, 0]
        for holder, card in zip(self._deal_layout[left], deal.order, strict=True):
            masks[holder] |= 1 << card
        return RookState(
            "bidding", left, state.dealer, state.score, state.single_hand, tuple(masks[:4]),
            masks[4], self._auctions[left], hand_no=state.hand_no,
            last_points=state.last_points, last_reason=state.last_reason,
        )  # fmt: skip

    def _apply_bid(self, state: RookState, action: Any, seat: int) -> RookState:
        auction = state.auction
        assert auction is not None
        if isinstance(action, Pass):
            auction = auction.pass_(seat)
        elif isinstance(action, Bid):
            auction = auction.bid(seat, action.amount)  # R10, R11 (the auction checks them)
        else:
            raise IllegalActionError("R9", "bid or pass", action=action, seat=seat)
        if not auction.is_over:
            return RookState(
                "bidding", auction.to_move, state.dealer, state.score, state.single_hand,
                state.hands, state.nest, auction, hand_no=state.hand_no,
                last_points=state.last_points, last_reason=state.last_reason,
            )  # fmt: skip
        if auction.winner is not None:
            bidder, bid = auction.winner  # R12
        else:
            mode = self.rules.all_pass  # A2
            if mode == "pass_deal":
                return self._end_hand(state, (0, 0), "A2: all passed, the hand is thrown in")
            if mode == "redeal_same_dealer":
                return self._redeal(state, state.dealer)
            assert state.dealer is not None
            bidder, bid = state.dealer, MIN_BID
        # R13: the bidder takes the nest into the hand.
        hands = list(state.hands)
        hands[bidder] |= state.nest
        return RookState(
            "bury", bidder, state.dealer, state.score, state.single_hand, tuple(hands), 0,
            auction, bidder, bid, hand_no=state.hand_no, last_points=state.last_points,
            last_reason=state.last_reason,
        )  # fmt: skip

    def _apply_bury(self, state: RookState, action: Any, seat: int) -> RookState:
        if not isinstance(action, Bury):
            raise IllegalActionError(
                "R13", "the bidder buries five cards", action=action, seat=seat
            )
        idx = self._bury_indices(action)
        if idx is None:
            raise IllegalActionError(
                "R13", "bury five different Rook cards", action=action, seat=seat
            )
        mask = sum(1 << i for i in idx)
        hand = state.hands[seat]
        if mask & ~hand:
            missing = CardSet(self.deck, mask & ~hand)
            raise IllegalActionError(
                "R13", f"the bidder does not hold {missing}", action=action, seat=seat
            )
        forced, pool = self.bury_pool(hand)
        if mask & forced != forced or mask & ~(forced | pool):
            raise IllegalActionError(
                "A6",
                "counters may be buried only when fewer than five non-counters are held",
                action=action,
                seat=seat,
            )
        hands = list(state.hands)
        hands[seat] = hand & ~mask
        return RookState(
            "trump", seat, state.dealer, state.score, state.single_hand, tuple(hands), mask,
            state.auction, state.bidder, state.bid, hand_no=state.hand_no,
            last_points=state.last_points, last_reason=state.last_reason,
        )  # fmt: skip

    def _apply_play(self, state: RookState, action: Any, seat: int) -> RookState:
        if not isinstance(action, Play) or not isinstance(action.card, Card):
            raise IllegalActionError("R15", "play one card", action=action, seat=seat)
        card_index = self._card_index.get(action.card)
        if card_index is None:
            raise IllegalActionError(
                "R2", f"{action.card} is not a card of this deck", action=action, seat=seat
            )
        card = card_index
        hand = state.hands[seat]
        if not hand >> card & 1:
            raise IllegalActionError(
                "R15",
                f"seat {seat} does not hold {card_text(action.card)}",
                action=action,
                seat=seat,
            )
        revokes = state.revokes
        if not self.strict_mask(state, seat) >> card & 1:
            if not self.rules.renege_mode or seat == state.proper_play:
                assert state.trump is not None
                order = self.orders[state.trump]
                led = order.effective_suits[state.trick[0]]
                holding = CardSet(self.deck, hand & order.suit_mask(led))
                colour = led.name.capitalize() if led is not None else "?"
                rule = "R17" if led == state.trump else "R15"
                if seat == state.proper_play:
                    rule = "A4"  # the correction of a revoke must be a proper play
                raise IllegalActionError(
                    rule,
                    f"must follow {colour} (holds {' '.join(card_text(c) for c in holding)}) "
                    "or play the Bird",
                    action=action,
                    seat=seat,
                )
            revokes = (*revokes, Revoke(seat, len(state.tricks), len(state.trick), card))
        return self._play(state, seat, card, revokes)

    def _play(
        self, state: RookState, seat: int, card: int, revokes: tuple[Revoke, ...]
    ) -> RookState:
        hands = list(state.hands)
        hands[seat] &= ~(1 << card)
        trick = (*state.trick, card)
        if len(trick) < 4:
            # Private fast path (DESIGN §3): a copy of the state's field dict with the four fields
            # a play changes. RookState is a frozen, dict-backed attrs class whose own __init__
            # fills __dict__ the same way; the result equals the constructor's, at half the cost.
            new = _new_object(RookState)
            fields = new.__dict__
            fields.update(state.__dict__)
            fields["to_move"] = (seat + 1) % 4
            fields["hands"] = (hands[0], hands[1], hands[2], hands[3])
            fields["trick"] = trick
            fields["revokes"] = revokes
            fields["proper_play"] = -1
            return new
        assert state.trump is not None
        winner = (state.leader + self.orders[state.trump].winning_position(trick)) % 4  # R19
        points = self.points
        captured = list(state.captured)
        captured[winner % 2] += sum(points[c] for c in trick)
        tricks = (*state.tricks, (state.leader, trick))
        if len(tricks) < self.cards_each:
            return RookState(
                "play", winner, state.dealer, state.score, state.single_hand, tuple(hands),
                state.nest, state.auction, state.bidder, state.bid, state.trump, winner, (),
                tricks, (captured[0], captured[1]), revokes, state.returned, state.hand_no,
                state.last_points, state.last_reason,
            )  # fmt: skip
        done = RookState(
            "play", None, state.dealer, state.score, state.single_hand, tuple(hands), state.nest,
            state.auction, state.bidder, state.bid, state.trump, winner, (), tricks,
            (captured[0], captured[1]), revokes, state.returned, state.hand_no,
            state.last_points, state.last_reason,
        )  # fmt: skip
        result, reason = hand_result(
            state.bidder, state.bid, (captured[0], captured[1]), winner,
            sum(points[c] for c in iter_bits(state.nest)),
            revokes[0].seat if revokes else None,
        )  # fmt: skip
        return self._end_hand(done, result, reason)

    def _end_hand(self, state: RookState, points: tuple[int, int], reason: str) -> RookState:
        """Score a finished (or thrown-in) hand; the deal passes left (R5) unless the match ends."""
        score = state.score.add(points)  # R23: checked at the end of a hand only
        over = state.single_hand or score.is_over
        assert state.dealer is not None
        if over:
            return RookState(
                "over", None, state.dealer, score, state.single_hand, state.hands, state.nest,
                state.auction, state.bidder, state.bid, state.trump, state.leader, state.trick,
                state.tricks, state.captured, state.revokes, state.returned, state.hand_no + 1,
                points, reason,
            )  # fmt: skip
        return RookState(
            "deal", CHANCE, (state.dealer + 1) % 4, score, state.single_hand,
            hand_no=state.hand_no + 1, last_points=points, last_reason=reason,
        )  # fmt: skip

    def _redeal(self, state: RookState, dealer: int | None) -> RookState:
        """The deal is annulled (R8, A2, A3): nothing scores, the same hand is dealt again."""
        return RookState(
            "deal", CHANCE, dealer, state.score, state.single_hand, hand_no=state.hand_no,
            last_points=state.last_points, last_reason=state.last_reason,
        )  # fmt: skip

    def _apply_out_of_turn(self, state: RookState, action: Any, seat: int) -> RookState:
        if isinstance(action, Redeal):
            if not self.rules.no_counter_redeal:
                raise IllegalActionError(
                    "R8", "the no-counter redeal is off", action=action, seat=seat
                )
            if state.phase != "bidding":
                raise IllegalActionError(
                    "R8", "a redeal may be asked only during the bidding", action=action, seat=seat
                )
            if self.has_counter(state.hands[seat]):
                counters = CardSet(self.deck, state.hands[seat] & self.counter_mask)
                raise IllegalActionError(
                    "R8",
                    f"the hand holds counters ({' '.join(card_text(c) for c in counters)})",
                    action=action,
                    seat=seat,
                )
            assert state.dealer is not None
            same = self.rules.no_counter_redeal_dealer == "same"  # A3
            return self._redeal(state, state.dealer if same else (state.dealer + 1) % 4)
        if state.phase != "play" or not self.rules.renege_mode:
            raise IllegalActionError(
                "R24", "there is no revoke to act on", action=action, seat=seat
            )
        if isinstance(action, CorrectRevoke):
            revoke = self._open_revoke(state, seat)
            if revoke is None:
                raise IllegalActionError(
                    "R24", f"seat {seat} has no open revoke to correct", action=action, seat=seat
                )
            return self._roll_back(state, revoke)
        if not self._claimable(state, seat):
            raise IllegalActionError(
                "R24", "no established revoke of the other team to claim", action=action, seat=seat
            )
        offender = state.revokes[0].seat
        points = [0, 0]
        points[offender % 2] = -state.bid
        points[1 - offender % 2] = state.captured[1 - offender % 2]
        reason = (
            f"R24: seat {seat} claimed the revoke of seat {offender}: team {offender % 2} loses the "
            f"bid {state.bid}, team {1 - offender % 2} scores its captured counters"
        )
        return self._end_hand(state, (points[0], points[1]), reason)

    def _roll_back(self, state: RookState, revoke: Revoke) -> RookState:
        """R24/A4 correction: every card from the revoking one on goes back to its holder."""
        assert state.trump is not None
        t, p = revoke.trick, revoke.position
        hands = list(state.hands)
        returned = list(state.returned)

        def give_back(leader: int, cards: Sequence[int], start: int) -> None:
            for k in range(start, len(cards)):
                holder = (leader + k) % 4
                hands[holder] |= 1 << cards[k]
                returned.append((holder, cards[k]))

        if t == len(state.tricks):
            leader, kept = state.leader, state.trick[:p]
            give_back(state.leader, state.trick, p)
            tricks = state.tricks
        else:
            leader, cards = state.tricks[t]
            kept = cards[:p]
            give_back(leader, cards, p)
            give_back(state.leader, state.trick, 0)
            tricks = state.tricks[:t]
        order = self.orders[state.trump]
        captured = [0, 0]
        for lead, cards in tricks:
            captured[(lead + order.winning_position(cards)) % 2] += sum(
                self.points[c] for c in cards
            )
        revokes = tuple(r for r in state.revokes if (r.trick, r.position) < (t, p))
        return RookState(
            "play", (leader + p) % 4, state.dealer, state.score, state.single_hand, tuple(hands),
            state.nest, state.auction, state.bidder, state.bid, state.trump, leader, kept, tricks,
            (captured[0], captured[1]), revokes, tuple(returned), state.hand_no,
            state.last_points, state.last_reason, revoke.seat,
        )  # fmt: skip

    # -- results ------------------------------------------------------------------------------
    def outcome(self, state: RookState) -> Outcome | None:
        """A single hand: its points per team; a match: the final scores and the winners."""
        if state.phase != "over":
            return None
        if state.single_hand:
            return hand_outcome(state.last_points)
        winner = state.score.winner
        winners = TEAMS.teams[winner] if winner is not None else ()
        returns = tuple(1.0 if s in winners else -1.0 for s in range(4))
        return Outcome(state.score.scores, TEAMS.seat_points(state.score.scores), winners, returns)

    # -- information ---------------------------------------------------------------------------
    def view(self, state: RookState, seat: int) -> RookView:
        """What ``seat`` may know (see :mod:`cardrules.games.rook.views`)."""
        return make_view(self, state, seat)

    def sample_state(self, view: RookView, rng: random.Random) -> RookState:
        """A full state consistent with ``view``, hidden cards dealt uniformly within the
        constraints (see :mod:`cardrules.games.rook.views`)."""
        return sample_from_view(self, view, rng)

    def card_zones(self, state: RookState) -> Mapping[str, Sequence[Card]]:
        """Every card's place: the four hands, the nest, the trick, the won tricks, or undealt."""
        cards = self.deck.cards
        zones: dict[str, Sequence[Card]] = {
            f"hand {s}": [cards[c] for c in iter_bits(state.hands[s])] for s in range(4)
        }
        zones["nest"] = [cards[c] for c in iter_bits(state.nest)]
        zones["trick"] = [cards[c] for c in state.trick]
        zones["won"] = [cards[c] for _, t in state.tricks for c in t]
        in_play = sum(len(z) for z in zones.values())
        zones["undealt"] = list(cards) if in_play == 0 else []
        return zones

    # -- random play ---------------------------------------------------------------------------
    # CORE-CANDIDATE: an optional protocol method random_action(state, rng) (uniform over
    # legal_actions, chance included) would let play_random, RandomBot-style playouts and the
    # benchmarks avoid listing 2,002 buries; GameBase could default it to rng.choice(legal).
    def random_action(self, state: RookState, rng: random.Random) -> Any:
        """A uniformly random legal action (or chance action), without listing every bury.

        Same distribution as ``rng.choice(legal_actions(state))`` for every phase (the draws
        from ``rng`` differ: plays and bids use ``rng.random()``, buries ``rng.sample``).
        """
        seat = state.to_move
        if seat == CHANCE:
            return self.sample_chance(state, rng)
        if state.phase == "play" and seat is not None and not state.revokes:
            # The k-th legal card (in legal_actions order), k uniform. int(random() * n) is
            # uniform on 0..n-1 up to a bias below 2**-50, and much cheaper than randrange.
            hand = state.hands[seat]
            mask = hand
            trick = state.trick
            if trick and (not self._renege or seat == state.proper_play):
                assert state.trump is not None
                following = hand & self._follow_masks[state.trump][trick[0]]
                if following:
                    mask = following | (hand & self.bird_mask)
            for _ in range(int(rng.random() * mask.bit_count())):
                mask &= mask - 1
            return self._plays[(mask & -mask).bit_length() - 1]
        if state.phase == "bidding" and seat is not None:
            # Pass, the legal bids, then the seat's own redeal: legal_actions' list, not built.
            auction = state.auction
            assert auction is not None
            high = auction.high_bid
            low = MIN_BID if high is None else high + BID_STEP
            bids = (MAX_BID - low) // BID_STEP + 1 if low <= MAX_BID else 0
            k = int(rng.random() * (1 + bids + self.may_redeal(state, seat)))
            if k == 0:
                return _PASS
            return self._bids[low + (k - 1) * BID_STEP] if k <= bids else _REDEAL
        if state.phase == "bury":
            assert state.to_move is not None
            forced, pool = self.bury_pool(state.hands[state.to_move])
            need = NEST_SIZE - forced.bit_count()
            picked = rng.sample(list(iter_bits(pool)), need)
            return Bury(tuple(self.deck.cards[i] for i in (*iter_bits(forced), *picked)))
        legal = self.legal_actions(state)
        return legal[rng.randrange(len(legal))]

    def rollout(self, state: RookState, rng: random.Random) -> Outcome:
        """Play the current hand out at random and return its outcome (points of that hand).

        The auction, bury and trump call are stepped with :meth:`random_action`; the play, the hot
        part, runs on bitmasks without building states. A thrown-in hand scores 0-0. In renege
        mode the play is stepped too: an offender's legal actions include its correction, which
        rewinds the play (R24), so the random play must be able to take it.
        """
        hand_no = state.hand_no
        while state.phase != "play" or self._renege:
            if state.phase == "over" or state.hand_no != hand_no:
                return hand_outcome(state.last_points)
            state = self.apply(state, self.random_action(state, rng))
        assert state.trump is not None
        order = self.orders[state.trump]
        effective = order.effective_suits
        suit_masks = order.suit_masks
        winning = order.winning_position
        bird = self.bird_mask
        points = self.points
        hands = list(state.hands)
        captured = list(state.captured)
        seat = state.to_move
        assert seat is not None  # a play-phase state always has a seat to move
        leader, trick = state.leader, list(state.trick)
        remaining = self.cards_each - len(state.tricks)
        random_ = rng.random
        while True:
            hand = hands[seat]
            mask = hand
            if trick:  # R15-R17, as in strict_mask
                follow = hand & suit_masks[effective[trick[0]]]
                if follow:
                    mask = follow | (hand & bird)
            # The k-th legal card, k uniform, as in random_action.
            for _ in range(int(random_() * mask.bit_count())):
                mask &= mask - 1
            card = (mask & -mask).bit_length() - 1
            hands[seat] = hand & ~(1 << card)
            trick.append(card)
            if len(trick) < 4:
                seat = (seat + 1) % 4
                continue
            leader = (leader + winning(trick)) % 4
            captured[leader % 2] += (
                points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
            )
            remaining -= 1
            if not remaining:
                break
            seat, trick = leader, []
        nest = sum(points[c] for c in iter_bits(state.nest))
        result, _ = hand_result(state.bidder, state.bid, (captured[0], captured[1]), leader, nest)
        return hand_outcome(result)


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
    """
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


def hand_outcome(points: tuple[int, int]) -> Outcome:
    """The outcome of one hand: its points per team, returns scaled by the widest swing (240)."""
    diff = points[0] - points[1]
    winners = TEAMS.teams[0] if diff > 0 else TEAMS.teams[1] if diff < 0 else ()
    returns = tuple((diff if s % 2 == 0 else -diff) / 240 for s in range(4))
    return Outcome(points, TEAMS.seat_points(points), winners, returns)

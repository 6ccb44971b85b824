"""The Euchre engine: legal actions and transitions on immutable states (E1-E17).

>>> from cardrules.games.euchre import make_game
>>> game = make_game()
>>> s = game.new_hand(dealer=0)
>>> s = game.apply(s, Deal(tuple(range(24))))  # an unshuffled stream (4.7)
>>> game.view(s, 1).hand, game.view(s, 1).upcard
(CardSet('euchre24', '9C 10C JC KD AD'), Card.parse('JS'))
>>> [game.format_action(a) for a in game.legal_actions(s)]
['pass', 'order', 'order alone']
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from cardrules import (
    CHANCE,
    JACK,
    CallingRounds,
    Card,
    CardSet,
    ChooseDealer,
    Deal,
    GameBase,
    HandResult,
    IllegalActionError,
    MatchScore,
    NotationError,
    Outcome,
    Partnership,
    RulesError,
    Suit,
    SuitOrder,
    alternating_packets,
    deal_packets,
    iter_bits,
    plain_order,
    trump_order,
)

from .actions import (
    ClaimRevoke,
    CorrectRevoke,
    DefendAlone,
    Discard,
    EuchreAction,
    FarmersHandClaim,
    NameTrump,
    OrderUp,
    Pass,
    Play,
)
from .rules import EuchreRules
from .scoring import revoke_penalty, score_hand
from .state import (
    DECK,
    NO_PROGRESS,
    Contract,
    DealInfo,
    EuchreState,
    MatchInfo,
    Progress,
    Revoke,
    Setup,
    make_state,
)

if TYPE_CHECKING:
    from .views import EuchreView

__all__ = ["TEAMS", "EuchreGame", "effective_suit_masks", "next_active_seat"]

TEAMS: Final = Partnership.opposite(4)
SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_CARD_INDEX: Final[Mapping[Card, int]] = {c: i for i, c in enumerate(DECK.cards)}
_NINES_TENS: Final = DECK.rank_masks[9] | DECK.rank_masks[10]
_PASS: Final = Pass()
_DEFEND: Final = DefendAlone()
_FARMER: Final = FarmersHandClaim()
_CLAIM: Final = ClaimRevoke()


def next_active_seat(seat: int, out: int) -> int:
    """The next seat clockwise from ``seat`` that is not sitting out (``out`` is a seat bitmask).

    >>> next_active_seat(0, 0b0010), next_active_seat(3, 0b0001)
    (2, 1)
    """
    for k in range(1, 5):
        nxt = (seat + k) % 4
        if not out >> nxt & 1:
            return nxt
    return seat  # everybody out: only reachable for impossible masks, kept total for the tables


_FACTORIAL_24: Final = math.factorial(24)
_ALL_24: Final = frozenset(range(24))


def shuffle24(rng: random.Random) -> tuple[int, ...]:
    """A uniformly random order of the 24 card indices, from one draw of ``rng``.

    One integer uniform below 24! is read as a mixed-radix (Lehmer) code: its digits are
    independent and uniform, so the permutation is exactly uniform, at a third of the cost of
    :meth:`random.Random.shuffle` (23 draws).

    >>> sorted(shuffle24(random.Random(1))) == list(range(24))
    True
    """
    # CORE-CANDIDATE: DeckSpec.shuffle could use this for any deck (the hot path of every deal).
    code = rng.randrange(_FACTORIAL_24)
    cards = list(range(24))
    order = []
    for n in range(24, 0, -1):
        code, k = divmod(code, n)
        order.append(cards.pop(k))
    return tuple(order)


def effective_suit_masks(order: SuitOrder) -> tuple[int, ...]:
    """For each card, the bitmask of the cards of its *effective* suit (E11: the left bower is trump).

    >>> hearts = trump_order(DECK, Suit.HEARTS, promoted=parse_cards("JH JD"))
    >>> CardSet(DECK, effective_suit_masks(hearts)[DECK.index("JD")])
    CardSet('euchre24', 'JD 9H 10H JH QH KH AH')
    """
    return tuple(order.suit_masks[order.effective_suits[c]] for c in range(len(DECK)))


def _trump_order(trump: Suit | None) -> SuitOrder:
    """E10: right bower, left bower, A K Q 10 9 of trump; no bowers at no-trump (4.4)."""
    if trump is None:
        return plain_order(DECK)
    return trump_order(DECK, trump, promoted=(Card(JACK, trump), Card(JACK, trump.same_colour)))


def _passed(calls: CallingRounds, seat: int) -> CallingRounds:
    """``calls.pass_(seat)`` for a pass already validated by the engine, without ``attrs.evolve``."""
    # CORE-CANDIDATE: CallingRounds.pass_/call could build with the constructor (evolve costs ~2 µs).
    position, round_no = calls.position + 1, calls.round
    if position == calls.num_players:
        position, round_no = 0, round_no + 1
    return CallingRounds(
        calls.num_players, calls.first, calls.rounds, calls.forced_last, round_no, position,
        calls.caller, (*calls.history, (seat, None)), calls.rule,
    )  # fmt: skip


def _called(calls: CallingRounds, seat: int, value: EuchreAction) -> CallingRounds:
    """``calls.call(seat, value)`` for a call already validated by the engine."""
    return CallingRounds(
        calls.num_players, calls.first, calls.rounds, calls.forced_last, calls.round,
        calls.position, (seat, calls.round, value), (*calls.history, (seat, value)), calls.rule,
    )  # fmt: skip


class EuchreGame(GameBase[EuchreState, EuchreAction, "EuchreView"]):
    """American partnership Euchre (rules E1-E17 of ``shared/rules/euchre.md``) on the Game protocol.

    Build it with :func:`make_game` (or ``get_game("euchre", **options)``).
    """

    name = "euchre"
    num_players = 4
    deck = DECK

    def __init__(self, rules: EuchreRules | None = None) -> None:
        super().__init__(rules or EuchreRules())
        self.rules: EuchreRules
        r = self.rules
        self._renege = r.renege_mode
        self._farmers = r.farmers_hand != "off"
        # Per-trump tables, cached on the game (hot path: follow masks and trick-winner keys).
        self._orders: dict[Suit | None, SuitOrder] = {t: _trump_order(t) for t in (*SUITS, None)}
        self._follow: dict[Suit | None, tuple[int, ...]] = {
            t: effective_suit_masks(o) for t, o in self._orders.items()
        }
        # Trick-winner key: trumps above everything, then rank order inside a suit (E14).
        self._key: dict[Suit | None, tuple[int, ...]] = {
            t: tuple(
                o.powers[c] + (100 if t is not None and o.effective_suits[c] == t else 0)
                for c in range(24)
            )
            for t, o in self._orders.items()
        }
        self._next: tuple[tuple[int, ...], ...] = tuple(
            tuple(next_active_seat(s, out) for s in range(4)) for out in range(16)
        )
        self._active: tuple[int, ...] = tuple(4 - out.bit_count() for out in range(16))
        self._plays: tuple[Play, ...] = tuple(Play(c) for c in DECK.cards)
        self._discards: tuple[Discard, ...] = tuple(Discard(c) for c in DECK.cards)
        self._corrects: tuple[CorrectRevoke, ...] = tuple(CorrectRevoke(c) for c in DECK.cards)
        self._play_lists: dict[int, tuple[Play, ...]] = {}
        # Legal plays of a mask as two cached halves (12 bits each): no misses, no growth.
        self._plays_lo = tuple(tuple(self._plays[c] for c in iter_bits(m)) for m in range(1 << 12))
        self._plays_hi = tuple(
            tuple(self._plays[c + 12] for c in iter_bits(m)) for m in range(1 << 12)
        )
        # id() of each interned Play -> its card index: a builtin call instead of Card.__hash__.
        self._play_ids = {id(p): c for c, p in enumerate(self._plays)}
        first, second = (3, 2) if r.deal_pattern == "3-2" else (2, 3)
        packets = alternating_packets(4, first, second)
        # E4 / 4.7: stream positions of each seat's cards, per dealer; the kitty is stream[20:24].
        self._deal_positions: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            deal_packets(range(24), 4, packets, first=(d + 1) % 4)[0] for d in range(4)
        )
        self._round1 = (_PASS, OrderUp(False), OrderUp(True))
        self._round1_canadian = (_PASS, OrderUp(True))
        self._round2: dict[tuple[Suit, bool], tuple[EuchreAction, ...]] = {}
        for up in SUITS:
            for stuck in (False, True):
                names: list[EuchreAction] = [] if stuck else [_PASS]
                allowed: list[Suit | None] = [
                    s for s in SUITS if s != up or (stuck and r.stick_dealer_any_suit)
                ]
                if r.no_trump:
                    allowed.append(None)
                for alone in (False, True):
                    names.extend(NameTrump(s, alone) for s in allowed)
                self._round2[(up, stuck)] = tuple(names)
        # Fresh calling rounds per first bidder: immutable values, shared by every deal.
        self._calls0 = tuple(
            CallingRounds.start(
                num_players=4, first=f, rounds=2, forced_last=r.stick_the_dealer, rule="E6"
            )
            for f in range(4)
        )
        self._score0 = MatchScore.start(teams=2, target=r.target_score)
        self._single0 = MatchInfo(self._score0, True)
        # The fresh single-hand states by dealer, and (index 4) the one that draws the dealer.
        self._fresh_hands: tuple[EuchreState, ...] = tuple(
            make_state(
                "deal" if d < 4 else "choose_dealer",
                CHANCE,
                (0, 0, 0, 0),
                0,
                (),
                (),
                (0, 0),
                DealInfo(d if d < 4 else -1),
                None,
                None,
                self._single0,
            )
            for d in range(5)
        )

    # -- the encoding ---------------------------------------------------------------------------
    def all_actions(self) -> tuple[EuchreAction, ...]:
        """Every non-chance action once: bids, discards, plays, then the special actions."""
        bids: list[EuchreAction] = [_PASS, OrderUp(False), OrderUp(True)]
        for alone in (False, True):
            bids.extend(NameTrump(s, alone) for s in (*SUITS, None))
        return (
            *bids,
            *self._discards,
            *self._plays,
            _DEFEND,
            _FARMER,
            *self._corrects,
            _CLAIM,
        )

    def format_action(self, action: Any) -> str:
        """The notation: ``pass``, ``order alone``, ``name H``, ``discard 9C``, ``play JD``, …"""
        if isinstance(action, Play):
            return f"play {action.card}"
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, OrderUp):
            return "order alone" if action.alone else "order"
        if isinstance(action, NameTrump):
            suit = "notrump" if action.suit is None else action.suit.letter
            return f"name {suit}" + (" alone" if action.alone else "")
        if isinstance(action, Discard):
            return f"discard {action.card}"
        if isinstance(action, DefendAlone):
            return "defend alone"
        if isinstance(action, FarmersHandClaim):
            return "farmers hand"
        if isinstance(action, CorrectRevoke):
            return f"correct {action.card}"
        if isinstance(action, ClaimRevoke):
            return "claim revoke"
        if isinstance(action, Deal | ChooseDealer):
            return self.format_chance(action)
        raise NotationError(f"not a Euchre action: {action!r}")

    def parse_action(self, text: str, state: EuchreState) -> Any:
        """Read an action from its notation; a named suit may also be a symbol or a word
        (``name ♥``, ``name hearts``), and ``no-trump`` / ``nt`` read as ``notrump``."""
        if isinstance(text, str):
            words = text.split()
            if len(words) >= 2 and words[0].lower() == "name":
                word = words[1]
                if word.lower() in ("no-trump", "nt", "no_trump"):
                    words[1] = "notrump"
                elif word.lower() != "notrump":
                    with contextlib.suppress(NotationError):
                        words[1] = Suit.parse(word).letter
                text = " ".join(words)
        return super().parse_action(text, state)

    # -- starting states ------------------------------------------------------------------------
    def _fresh_match(self, scores: Sequence[int] | None, single: bool) -> MatchInfo:
        if scores is None:
            return MatchInfo(self._score0, single)
        # E16 / 4.7: a start at or over the target is refused (MatchScore raises RulesError).
        return MatchInfo(
            MatchScore.start(teams=2, target=self.rules.target_score, scores=scores), single
        )

    def new_match(self, scores: Sequence[int] | None = None) -> EuchreState:
        """A match to ``target_score``; the first step is the chance choice of the dealer (E3).

        ``scores`` starts from given team scores (both below the target, else :class:`RulesError`).
        """
        return self._before_deal(
            "choose_dealer", CHANCE, -1, self._fresh_match(scores, single=False)
        )

    def new_hand(
        self, dealer: int | None = None, scores: Sequence[int] | None = None
    ) -> EuchreState:
        """A single deal by ``dealer`` (``None``: chosen by chance); the state ends after the hand."""
        if dealer is not None and (dealer not in range(4) or isinstance(dealer, bool)):
            raise RulesError(f"dealer must be a seat 0-3, not {dealer!r}")
        if scores is None:
            # States are immutable values: the fresh ones are built once and shared.
            return self._fresh_hands[4 if dealer is None else dealer]
        match = self._fresh_match(scores, single=True)
        if dealer is None:
            return self._before_deal("choose_dealer", CHANCE, -1, match)
        return self._before_deal("deal", CHANCE, dealer, match)

    def _before_deal(
        self, phase: Any, to_move: int | None, dealer: int, match: MatchInfo
    ) -> EuchreState:
        if match is self._single0 and phase == "deal":
            return self._fresh_hands[dealer]
        return make_state(
            phase, to_move, (0, 0, 0, 0), 0, (), (), (0, 0), DealInfo(dealer), None, None, match
        )

    # -- the protocol ---------------------------------------------------------------------------
    def to_move(self, state: EuchreState) -> int | None:
        """The seat to act, :data:`CHANCE`, or ``None`` once over."""
        return state.to_move

    def is_over(self, state: EuchreState) -> bool:
        """Whether the match (or the single hand) is over."""
        return state.phase == "over"

    def sample_chance(self, state: EuchreState, rng: random.Random) -> Deal | ChooseDealer:
        """The dealer draw (E3) or a uniform shuffle (E4)."""
        if state.phase == "choose_dealer":
            return ChooseDealer(rng.randrange(4))
        if state.phase == "deal":
            return Deal(shuffle24(rng))
        raise IllegalActionError("E4", "this is not a chance state")

    def legal_actions(self, state: EuchreState) -> tuple[EuchreAction, ...]:
        """The actions of the seat to move (empty at chance and terminal states)."""
        phase = state.phase
        seat = state.to_move
        if phase == "play":
            assert seat is not None
            # E13: follow the led effective suit if able (revoke mode: any held card). Hot path.
            hand = state.hands[seat]
            trick = state.trick
            if trick and not self._renege:
                contract = state.setup.contract
                assert contract is not None
                hand = hand & self._follow[contract.trump][trick[0]] or hand
            plays = self._plays_lo[hand & 4095] + self._plays_hi[hand >> 12]
            if self._renege and state.setup.revokes:
                return plays + self._specials(state, seat)  # E17: the mover may claim too
            return plays
        if seat is None or seat == CHANCE:
            return ()
        if phase == "bidding":
            calls = state.calls
            assert calls is not None
            if self._farmers and not calls.history:
                claims = self._specials(state, seat)  # E5: the mover may claim a farmer's hand too
                if claims:
                    return (*self._bids(state, seat, calls), *claims)
            return self._bids(state, seat, calls)
        if phase == "discard":
            hand = state.hands[seat]
            if not self.rules.dealer_may_discard_upcard:
                hand &= ~(1 << state.deal.upcard)
            return tuple(self._discards[c] for c in iter_bits(hand))
        if phase == "defend":
            return (_PASS, _DEFEND)
        return ()

    def _bids(
        self, state: EuchreState, seat: int, calls: CallingRounds
    ) -> tuple[EuchreAction, ...]:
        """E6-E8 and 4.4: the bids open to ``seat`` in the current round."""
        if calls.round == 0:
            if self.rules.canadian_loner and seat == (state.deal.dealer + 2) % 4:
                return self._round1_canadian  # 4.4: the assisting partner must go alone
            return self._round1
        return self._round2[(self._up_suit(state), not calls.may_pass)]

    def _play_list(self, mask: int) -> tuple[Play, ...]:
        plays = self._play_lists.get(mask)
        if plays is None:
            plays = self._play_lists[mask] = tuple(self._plays[c] for c in iter_bits(mask))
        return plays

    @staticmethod
    def _up_suit(state: EuchreState) -> Suit:
        suit = DECK.cards[state.deal.upcard].suit
        assert suit is not None
        return suit

    def out_of_turn_actions(self, state: EuchreState, seat: int) -> tuple[EuchreAction, ...]:
        """Farmer's-hand claims (E5) and revoke corrections and claims (E17) open to ``seat`` when it
        is not its turn (the seat to move finds them in :meth:`legal_actions`)."""
        if seat == state.to_move:
            return ()
        return self._specials(state, seat)

    def _specials(self, state: EuchreState, seat: int) -> tuple[EuchreAction, ...]:
        """The claims and corrections open to ``seat``, whether or not it is its turn."""
        phase = state.phase
        if phase == "bidding":
            calls = state.calls
            if (
                self.rules.farmers_hand != "off"
                and calls is not None
                and not calls.history
                and seat in range(4)
                and self.is_farmers_hand(state.hands[seat])
            ):
                return (_FARMER,)
            return ()
        if phase != "play" or not state.revokes:
            return ()
        actions: list[EuchreAction] = []
        trick_no = len(state.tricks)
        contract = state.contract
        assert contract is not None
        for revoke in state.revokes:
            if not revoke.established and revoke.seat == seat and revoke.trick_no == trick_no:
                led = self._follow[contract.trump][state.trick[0]]
                actions.extend(self._corrects[c] for c in iter_bits(state.hands[seat] & led))
        if any(r.established and r.seat % 2 != seat % 2 for r in state.revokes if seat in range(4)):
            actions.append(_CLAIM)
        return tuple(actions)

    def is_farmers_hand(self, hand: int) -> bool:
        """E5/D2: five 9s and 10s (``"redeal_all_9_10"``) or at least four (``"mixed_four"``)."""
        low = (hand & _NINES_TENS).bit_count()
        return low >= (4 if self.rules.farmers_hand == "mixed_four" else 5)

    # -- transitions ----------------------------------------------------------------------------
    def apply(self, state: EuchreState, action: Any, seat: int | None = None) -> EuchreState:
        """The state after ``action`` by ``seat`` (default: the seat to move).

        Raises :class:`IllegalActionError` naming the rule; ``state`` is never changed.
        """
        mover = state.to_move
        if state.phase == "play" and type(action) is Play and (seat is None or seat == mover):
            assert mover is not None
            seat = mover
            # The hot path: ints and bitmasks, one constructor call, no helper calls mid-trick.
            card = self._play_ids.get(id(action), -1)
            if card < 0:
                card = _CARD_INDEX.get(action.card, -1)
            hands = state.hands
            hand = hands[seat]
            if card < 0 or not hand >> card & 1:
                raise IllegalActionError(
                    "E13", f"seat {seat} does not hold {action.card}", action=action, seat=seat
                )
            setup = state.setup
            contract = setup.contract
            assert contract is not None
            trick = state.trick
            if trick:
                led_mask = self._follow[contract.trump][trick[0]]
                if hand & led_mask and not led_mask >> card & 1:
                    if not self._renege:
                        raise self._follow_error(state, seat, action, hand & led_mask)
                    # E17: accepted and recorded, pending until the trick is complete.
                    revoke = Revoke(len(state.progress.tricks), seat, card)
                    setup = Setup(
                        setup.deal, setup.calls, contract, (*setup.revokes, revoke), setup.shown
                    )
                trick = (*trick, card)
            else:
                trick = (card,)
            hands = (*hands[:seat], hand & ~(1 << card), *hands[seat + 1 :])
            if self._renege and setup.shown[seat] >> card & 1:
                shown = tuple(m & ~(1 << card) for m in setup.shown)
                setup = Setup(setup.deal, setup.calls, contract, setup.revokes, shown)
            out = contract.out
            if len(trick) < self._active[out]:
                return EuchreState(
                    "play", self._next[out][seat], hands, trick, state.progress, setup, state.match
                )
            return self._complete_trick(state, hands, trick, setup)
        if mover == CHANCE and (seat is None or seat == CHANCE):
            return self._apply_chance(state, action)  # no claim is ever open at a chance step
        if isinstance(action, FarmersHandClaim | CorrectRevoke | ClaimRevoke):
            return self._apply_out_of_turn(state, action, mover if seat is None else seat)
        if mover is None:
            raise IllegalActionError("E16", "the game is over", action=action, seat=seat)
        actor = mover if seat is None else seat
        if actor != mover:
            who = "chance" if mover == CHANCE else f"seat {mover}"
            rule = "E12" if state.phase == "play" else "E6"
            raise IllegalActionError(rule, f"it is {who}'s turn", action=action, seat=actor)
        if mover == CHANCE:
            return self._apply_chance(state, action)
        phase = state.phase
        if phase == "bidding":
            return self._apply_bid(state, mover, action)
        if phase == "discard":
            return self._apply_discard(state, mover, action)
        if phase == "defend":
            return self._apply_defend(state, mover, action)
        rule = "E13" if phase == "play" else "E6"
        raise IllegalActionError(
            rule, f"{action!r} is not an action of the {phase} phase", action=action, seat=actor
        )

    def _apply_chance(self, state: EuchreState, action: Any) -> EuchreState:
        if state.phase == "choose_dealer":
            if (
                not isinstance(action, ChooseDealer)
                or action.seat not in range(4)
                or isinstance(action.seat, bool)
            ):
                raise IllegalActionError(
                    "E3", "the first step draws the dealer (seat 0-3)", action=action
                )
            return self._before_deal("deal", CHANCE, action.seat, state.match)
        if not isinstance(action, Deal):
            raise IllegalActionError("E4", "the next step is a deal", action=action)
        order = action.order
        if len(order) != 24 or set(order) != _ALL_24:
            raise IllegalActionError("E4", "a deal must order all 24 cards once", action="deal")
        return self.deal(state, order)

    def deal(self, state: EuchreState, order: Sequence[int]) -> EuchreState:
        """E4 / 4.7: deal the stream in packets; the kitty is ``order[20:24]``, the up-card ``order[20]``."""
        dealer = state.deal.dealer
        hands = tuple(
            [
                (1 << order[a])
                | (1 << order[b])
                | (1 << order[c])
                | (1 << order[d])
                | (1 << order[e])
                for a, b, c, d, e in self._deal_positions[dealer]
            ]
        )
        kitty = (1 << order[21]) | (1 << order[22]) | (1 << order[23])
        first = (dealer + 1) % 4
        calls = self._calls0[first]
        setup = Setup(DealInfo(dealer, order[20], kitty), calls)
        return EuchreState("bidding", first, hands, (), NO_PROGRESS, setup, state.match)

    def _apply_bid(self, state: EuchreState, seat: int, action: Any) -> EuchreState:
        calls = state.calls
        assert calls is not None
        legal = self._bids(state, seat, calls)
        for candidate in legal:
            if candidate is action:
                break
        else:
            if action not in legal:
                raise self._bid_error(state, seat, action, legal)
        dealer = state.deal.dealer
        if isinstance(action, Pass):
            calls = _passed(calls, seat)
            if not calls.all_passed:
                return self._with_bidding(state, calls.to_move, calls)
            # E8 off / D7: eight passes throw the hand in; nobody scores.
            result = HandResult((0, 0), "E8: all passed, the hand is thrown in")
            same = self.rules.all_pass == "same_dealer"
            return self._end_hand(state, result, dealer if same else (dealer + 1) % 4, calls)
        calls = _called(calls, seat, action)
        if isinstance(action, OrderUp):
            trump: Suit | None = self._up_suit(state)
        else:
            trump = action.suit
        alone = action.alone
        partner = (seat + 2) % 4
        out = 1 << partner if alone else 0
        if isinstance(action, OrderUp) and not (alone and partner == dealer):
            # E6: the dealer takes the up-card and discards (E9: not when the dealer sits out).
            contract = Contract(trump, seat, alone, out, -1, True)
            hands = list(state.hands)
            hands[dealer] |= 1 << state.deal.upcard
            setup = Setup(state.setup.deal, calls, contract)
            return EuchreState("discard", dealer, tuple(hands), (), NO_PROGRESS, setup, state.match)
        contract = Contract(trump, seat, alone, out)
        return self._after_contract(state, state.hands, state.deal, calls, contract)

    def _bid_error(
        self, state: EuchreState, seat: int, action: Any, legal: Sequence[EuchreAction]
    ) -> IllegalActionError:
        calls = state.calls
        assert calls is not None
        dealer = state.deal.dealer
        if isinstance(action, Pass) and not calls.may_pass:
            why, rule = "the dealer is stuck and must name trump", "E8"
        elif calls.round == 0 and isinstance(action, NameTrump):
            why, rule = "round one only accepts or passes the up-card's suit", "E6"
        elif calls.round == 1 and isinstance(action, OrderUp):
            why, rule = "the up-card was turned down; name another suit", "E7"
        elif isinstance(action, OrderUp) and not action.alone and seat == (dealer + 2) % 4:
            why, rule = "with the Canadian loner the dealer's partner must go alone", "4.4"
        elif isinstance(action, NameTrump) and action.suit is None:
            why, rule = "no-trump is not allowed (no_trump=False)", "4.4"
        elif isinstance(action, NameTrump) and action.suit == self._up_suit(state):
            why, rule = f"the turned-down suit {action.suit.symbol} cannot be named", "E7"
        else:
            why, rule = f"not a bid: {action!r}", "E6"
        return IllegalActionError(rule, why, action=action, seat=seat, legal=legal)

    def _with_bidding(
        self, state: EuchreState, to_move: int | None, calls: CallingRounds
    ) -> EuchreState:
        setup = Setup(state.setup.deal, calls)
        return EuchreState("bidding", to_move, state.hands, (), NO_PROGRESS, setup, state.match)

    def _apply_discard(self, state: EuchreState, seat: int, action: Any) -> EuchreState:
        if not isinstance(action, Discard) or action.card not in _CARD_INDEX:
            raise IllegalActionError(
                "E6", "the dealer must discard one card", action=action, seat=seat
            )
        card = _CARD_INDEX[action.card]
        hand = state.hands[seat]
        if not hand >> card & 1:
            raise IllegalActionError(
                "E6", f"the dealer does not hold {action.card}", action=action, seat=seat
            )
        if card == state.deal.upcard and not self.rules.dealer_may_discard_upcard:
            raise IllegalActionError(
                "D3", "the dealer may not discard the up-card", action=action, seat=seat
            )
        hands = list(state.hands)
        hands[seat] = hand & ~(1 << card)
        d = state.deal
        deal = DealInfo(d.dealer, d.upcard, d.kitty, card)
        assert state.contract is not None
        assert state.calls is not None
        return self._after_contract(state, tuple(hands), deal, state.calls, state.contract)

    def _first_defender(self, dealer: int, contract: Contract) -> int:
        seat = (dealer + 1) % 4
        while seat % 2 == contract.maker % 2:
            seat = (seat + 1) % 4
        return seat

    def _after_contract(
        self,
        state: EuchreState,
        hands: tuple[int, ...],
        deal: DealInfo,
        calls: CallingRounds,
        contract: Contract,
    ) -> EuchreState:
        if contract.alone and self.rules.defend_alone:
            # 4.4 / 4.7: each defender is asked in turn, from the dealer's left.
            asked = self._first_defender(deal.dealer, contract)
            return make_state(
                "defend", asked, hands, state.leader, (), (), (0, 0), deal, calls, contract,
                state.match, state.revokes, state.shown,
            )  # fmt: skip
        return self._start_play(state, hands, deal, calls, contract)

    def _apply_defend(self, state: EuchreState, seat: int, action: Any) -> EuchreState:
        contract = state.contract
        assert contract is not None
        assert state.calls is not None
        if isinstance(action, DefendAlone):
            contract = Contract(
                contract.trump,
                contract.maker,
                True,
                contract.out | 1 << (seat + 2) % 4,
                seat,
                contract.picked_up,
            )
            return self._start_play(state, state.hands, state.deal, state.calls, contract)
        if isinstance(action, Pass):
            if seat == self._first_defender(state.deal.dealer, contract):
                return make_state(
                    "defend", (seat + 2) % 4, state.hands, state.leader, (), (), (0, 0),
                    state.deal, state.calls, contract, state.match, state.revokes, state.shown,
                )  # fmt: skip
            return self._start_play(state, state.hands, state.deal, state.calls, contract)
        raise IllegalActionError("4.4", "answer 'defend alone' or 'pass'", action=action, seat=seat)

    def first_leader(self, dealer: int, contract: Contract) -> int:
        """E12 / D4 / 4.7: the first active seat clockwise from the dealer's left.

        With ``lone_lead="left_of_lone_player"``, when eldest sits out because its partner went
        alone, the seat left of the lone maker (the dealer) leads instead, if it is active.
        """
        eldest = (dealer + 1) % 4
        start = eldest
        if (
            self.rules.lone_lead == "left_of_lone_player"
            and contract.alone
            and contract.maker == (eldest + 2) % 4
        ):
            start = (contract.maker + 1) % 4
        if contract.out >> start & 1:
            return self._next[contract.out][start]
        return start

    def _start_play(
        self,
        state: EuchreState,
        hands: tuple[int, ...],
        deal: DealInfo,
        calls: CallingRounds,
        contract: Contract,
    ) -> EuchreState:
        leader = self.first_leader(deal.dealer, contract)
        progress = Progress(leader) if leader else NO_PROGRESS
        setup = Setup(deal, calls, contract, state.setup.revokes, state.setup.shown)
        return EuchreState("play", leader, hands, (), progress, setup, state.match)

    def _follow_error(
        self, state: EuchreState, seat: int, action: Play, following: int
    ) -> IllegalActionError:
        assert state.contract is not None
        led = self._orders[state.contract.trump].effective_suits[state.trick[0]]
        symbol = led.symbol if led is not None else "?"
        return IllegalActionError(
            "E13",
            f"must follow {symbol} (holds {CardSet(DECK, following)})",
            action=action,
            seat=seat,
            legal=self._play_list(following),
        )

    def _complete_trick(
        self,
        state: EuchreState,
        hands: tuple[int, ...],
        trick: tuple[int, ...],
        setup: Setup,
    ) -> EuchreState:
        contract = setup.contract
        assert contract is not None
        nxt = self._next[contract.out]
        progress = state.progress
        # E14: the highest trump, else the highest card of the led (effective) suit.
        key = self._key[contract.trump]
        led_mask = self._follow[contract.trump][trick[0]]
        best_pos, best_key = 0, key[trick[0]]
        for pos in range(1, len(trick)):
            c = trick[pos]
            k = key[c]
            if k > best_key and (k >= 100 or led_mask >> c & 1):
                best_pos, best_key = pos, k
        leader = progress.leader
        winner = leader
        for _ in range(best_pos):
            winner = nxt[winner]
        won0, won1 = progress.won
        won = (won0 + 1, won1) if winner % 2 == 0 else (won0, won1 + 1)
        tricks = (*progress.tricks, (leader, trick))
        revokes = setup.revokes
        if revokes:
            # E17: the last card of a trick establishes its pending revokes.
            revokes = tuple(
                r if r.established else Revoke(r.trick_no, r.seat, r.card, True) for r in revokes
            )
            setup = Setup(setup.deal, setup.calls, contract, revokes, setup.shown)
        if len(tricks) < 5:
            return EuchreState(
                "play", winner, hands, (), Progress(winner, tricks, won), setup, state.match
            )
        played = EuchreState(
            "play", None, hands, (), Progress(winner, tricks, won), setup, state.match
        )
        if revokes:
            result = revoke_penalty(contract, revokes[0].seat)
        else:
            result = score_hand(self.rules, contract, won[contract.maker % 2])
        return self._end_hand(played, result, (setup.deal.dealer + 1) % 4, setup.calls)

    def _end_hand(
        self,
        state: EuchreState,
        result: HandResult,
        next_dealer: int,
        calls: CallingRounds | None,
    ) -> EuchreState:
        """Credit ``result`` (E15/E16); a single hand or a won match ends, else the next deal."""
        match = state.match
        score = match.score.add(result.points) if any(result.points) else match.score
        if match.single_hand or score.is_over:
            setup = state.setup
            if setup.calls is not calls:
                setup = Setup(setup.deal, calls, setup.contract, setup.revokes, setup.shown)
            final = MatchInfo(score, match.single_hand, result)
            return EuchreState("over", None, state.hands, state.trick, state.progress, setup, final)
        return self._before_deal("deal", CHANCE, next_dealer, MatchInfo(score, False, result))

    def _apply_out_of_turn(self, state: EuchreState, action: Any, seat: int | None) -> EuchreState:
        rule = "E5" if isinstance(action, FarmersHandClaim) else "E17"
        if seat is None or seat not in range(4) or action not in self._specials(state, seat):
            raise IllegalActionError(
                rule,
                "this claim or correction is not open to that seat now",
                action=action,
                seat=seat,
            )
        if isinstance(action, FarmersHandClaim):
            # E5 / 4.7: no score, the same dealer deals again.
            result = HandResult((0, 0), f"E5: farmer's hand claimed by seat {seat}, redeal")
            return self._end_hand(state, result, state.deal.dealer, state.calls)
        contract = state.contract
        assert contract is not None
        if isinstance(action, ClaimRevoke):
            first = next(r for r in state.revokes if r.established)
            return self._end_hand(
                state,
                revoke_penalty(contract, first.seat),
                (state.deal.dealer + 1) % 4,
                state.calls,
            )
        return self._correct(state, seat, _CARD_INDEX[action.card])

    def _correct(self, state: EuchreState, seat: int, card: int) -> EuchreState:
        """E17 / 4.7: the revoking card returns to the hand, ``card`` takes its place, later cards of
        the trick return to their owners and play resumes after the offender."""
        contract = state.contract
        assert contract is not None
        nxt = self._next[contract.out]
        seats = [state.leader]
        for _ in range(len(state.trick) - 1):
            seats.append(nxt[seats[-1]])
        pos = seats.index(seat)
        hands = list(state.hands)
        shown = list(state.shown)
        for p in range(pos, len(state.trick)):
            owner, back = seats[p], state.trick[p]
            hands[owner] |= 1 << back
            shown[owner] |= 1 << back
        hands[seat] &= ~(1 << card)
        trick = (*state.trick[:pos], card)
        trick_no = len(state.tricks)
        revokes = tuple(
            r
            for r in state.revokes
            if r.established or r.trick_no != trick_no or r.seat not in seats[pos:]
        )
        return make_state(
            "play", nxt[seat], tuple(hands), state.leader, trick, state.tricks, state.won,
            state.deal, state.calls, contract, state.match, revokes, tuple(shown),
        )  # fmt: skip

    # -- results --------------------------------------------------------------------------------
    def outcome(self, state: EuchreState) -> Outcome | None:
        """A single hand: the points it scored; a match: the final scores and the winners."""
        if state.phase != "over":
            return None
        match = state.match
        if match.single_hand:
            last = match.last
            return self.hand_outcome(last.points if last is not None else (0, 0))
        winner = match.score.winner
        winners = TEAMS.teams[winner] if winner is not None else ()
        returns = tuple(1.0 if s in winners else -1.0 for s in range(4))
        scores = match.score.scores
        return Outcome(scores, TEAMS.seat_points(scores), winners, returns)

    def hand_outcome(self, points: tuple[int, ...]) -> Outcome:
        """The outcome of one hand that scored ``points``; returns are the difference scaled to ±1."""
        diff = points[0] - points[1]
        scale = max(4, self.rules.lone_defender_points)
        winners = TEAMS.teams[0] if diff > 0 else TEAMS.teams[1] if diff < 0 else ()
        returns = tuple((diff if s % 2 == 0 else -diff) / scale for s in range(4))
        return Outcome(tuple(points), TEAMS.seat_points(points), winners, returns)

    def card_zones(self, state: EuchreState) -> Mapping[str, Sequence[Card]]:
        """Hands, the face-down kitty, the up-card (while on the kitty), the discard, the trick and
        the won tricks; ``undealt`` before the deal."""
        cards = DECK.cards
        if state.phase in ("choose_dealer", "deal") or state.deal.upcard < 0:
            return {"undealt": list(cards)}
        zones: dict[str, Sequence[Card]] = {
            f"hand {s}": [cards[c] for c in iter_bits(state.hands[s])] for s in range(4)
        }
        deal = state.deal
        contract = state.contract
        picked = contract is not None and contract.picked_up
        zones["kitty"] = [cards[c] for c in iter_bits(deal.kitty)]
        zones["upcard"] = [] if picked else [cards[deal.upcard]]
        zones["discard"] = [cards[deal.discard]] if deal.discard >= 0 else []
        zones["trick"] = [cards[c] for c in state.trick]
        zones["won"] = [cards[c] for _, t in state.tricks for c in t]
        return zones

    # -- information (views.py) and the fused rollout (rollout.py) ------------------------------
    def view(self, state: EuchreState, seat: int) -> EuchreView:
        """What ``seat`` may know (see :mod:`cardrules.games.euchre.views`)."""
        from .views import view_of

        return view_of(self, state, seat)

    def sample_state(self, view: EuchreView, rng: random.Random) -> EuchreState:
        """A state drawn uniformly among those consistent with ``view``."""
        from .views import sample_state

        return sample_state(self, view, rng)

    def rollout(self, state: EuchreState, rng: random.Random) -> Outcome:
        """Play the current hand out at random on bitmasks; the hand's outcome."""
        from .rollout import rollout

        return rollout(self, state, rng)

    def tables(self, trump: Suit | None) -> tuple[tuple[int, ...], tuple[int, ...], SuitOrder]:
        """The follow masks, trick-winner keys and :class:`SuitOrder` for ``trump`` (cached)."""
        return self._follow[trump], self._key[trump], self._orders[trump]

    @property
    def next_seats(self) -> tuple[tuple[int, ...], ...]:
        """``next_seats[out][seat]``: the next active seat clockwise for a sitting-out bitmask."""
        return self._next

"""The Rook game object: :class:`RookGame`, the Game protocol for Tournament Rook (rules R1–R24).

The protocol, wired to the parts that hold the game: the rules are the functions of
:mod:`~cardrules.games.rook.engine`; the hot steps (``apply``, ``legal_actions``,
``random_action``, ``rollout``) and the only copies of rules are :mod:`~cardrules.games.rook.fast`;
any other action value is checked and explained by :mod:`~cardrules.games.rook.checks`; table play
(R24) is the play variant of :mod:`~cardrules.games.rook.revoke`; ``position``, ``position_text``,
``parse_position`` and ``hand_report`` are functions of :mod:`~cardrules.games.rook.position` and
:mod:`~cardrules.games.rook.report`. Here remain the encoding, the notation and the starts.

>>> game = RookGame()
>>> s = game.new_hand(dealer=3)
>>> s = game.apply(s, game.sample_chance(s, random.Random(5)))
>>> s.phase, game.to_move(s), [game.format_action(a) for a in game.legal_actions(s)][:3]
('bidding', 0, ['pass', 'bid 70', 'bid 75'])
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from math import comb
from operator import itemgetter
from typing import Any, ClassVar, Final

from cardrules import (
    BIRD,
    ArgumentError,
    ArgumentTypeError,
    Card,
    ChooseDealer,
    Deal,
    GameBase,
    IllegalActionError,
    MatchScore,
    NotationError,
    Outcome,
    Suit,
    SuitOrder,
    get_deck,
    iter_bits,
    normalize_notation,
    parse_cards,
)
from cardrules.combinatorics import combination_rank, combination_unrank
from cardrules.decks import shuffled_order
from cardrules.errors import short_repr
from cardrules.game import check_rng, method, trusted_deal
from cardrules.games.rook import checks, fast, solving
from cardrules.games.rook import position as rook_position
from cardrules.games.rook import report as rook_report
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
    bury_of_sorted,
    format_rook_action,
)
from cardrules.games.rook.choices import BuryChoices
from cardrules.games.rook.engine import (
    BID_STEP,
    COLOURS,
    MAX_BID,
    MIN_BID,
    NEST_SIZE,
    TEAMS,
    bury_pool,
    card_points,
    deal_layout,
    follow_rule,
    follow_table,
    hand_outcome,
    hand_size,
    match_start,
    may_ask_redeal,
    rook_deck,
    start_auction,
    suit_order,
    win_keys,
)
from cardrules.games.rook.fast import PASS, REDEAL
from cardrules.games.rook.revoke import CLAIM, CORRECT, StrictPlay, TablePlay
from cardrules.games.rook.rulebook import ROOK_RULES, RookRule
from cardrules.games.rook.rules import RookRules
from cardrules.games.rook.state import RookState
from cardrules.games.rook.views import RookView, make_view, sample_from_view

__all__ = ["RookGame"]

# Every class apply and format_action know; the actions without fields need no further check.
_ACTION_KINDS: Final = frozenset(
    {Pass, Bid, Redeal, Bury, NameTrump, Play, CorrectRevoke, ClaimRevoke, Deal, ChooseDealer}
)
# Bury keeps its cards in the order of the 57-card deck; BuryChoices builds buries in deck order.
_BURY_ORDER: Final = {card: i for i, card in enumerate(get_deck("rook57").cards)}

_short = short_repr  # for messages: a hostile __repr__ does not hide the real error


class RookGame(GameBase[RookState, RookAction, RookView]):
    """Tournament Rook (Kentucky Discard) on the Game protocol.

    Integer encoding: the positions in :meth:`all_actions` (pass, redeal, the eleven bids, the four
    trump colours, one play per card, correct, claim), followed by one code per five-card
    :class:`~cardrules.games.rook.actions.Bury`, ranked in the combinatorial number system over
    deck indices (C(41, 5) = 749,398 codes; C(57, 5) with ``full_deck``). A bury is one action
    whose notation names its cards, so its code cannot be a position in the 14-card hand (the
    encoding is state-free).

    The rules are the functions of :mod:`cardrules.games.rook.engine`; ``play_variant`` is the
    game's :class:`~cardrules.games.rook.revoke.StrictPlay`, or its
    :class:`~cardrules.games.rook.revoke.TablePlay` in renege mode (R24), whose hooks decide
    what differs between the two. ``apply``, ``legal_actions`` and ``random_action`` are the
    functions of :mod:`cardrules.games.rook.fast`.

    A game holds only values of its rules, made once (read them, never change them): ``deck``
    (R2), ``cards_each`` (R6), ``points`` (R4, per card), ``counter_mask``, ``bird`` and
    ``bird_mask`` (the Bird's index and bit), ``orders`` (R3, R17, R18: the core trump order per
    trump colour), ``follow`` (R15–R17, :func:`~cardrules.games.rook.engine.follow_rule` per
    trump), ``follow_masks`` and ``winner_keys`` (their tables per trump,
    :func:`~cardrules.games.rook.engine.follow_table` and
    :func:`~cardrules.games.rook.engine.win_keys`), ``plays`` (the interned play of each card),
    ``bids`` (the interned bid of each amount), ``trumps`` (the interned trump calls),
    ``auctions`` (R9: the fresh auction per first bidder), ``deal_layouts`` (R6: the holder of
    each stream position per first receiver, :func:`~cardrules.games.rook.engine.deal_layout`)
    and ``fresh_score`` (R23: the score a match starts from); besides them only bounded memos of
    pure results, so that one game may serve many threads.
    """

    name = "rook"
    rulebook = ROOK_RULES
    checks_inline = True  # the hot paths check their arguments inline (no wrapper call)
    num_players = 4
    state_type: ClassVar[type[Any]] = RookState
    view_type: ClassVar[type[Any]] = RookView

    # The tables of the fast steps, made and read by cardrules.games.rook.fast (fast.install).
    _play_tables: tuple[tuple[tuple[Play, ...], ...], ...]
    _play_width: int
    _plays_cache: dict[int, tuple[Play, ...]]
    _play_pos: dict[int, int]
    _listed_follow: dict[Suit, tuple[int, ...]]
    _play_mask: Callable[[RookState, int], int]
    _deal_getters: dict[int, tuple[itemgetter[Any], ...]]
    _bit: dict[int, int]
    _full_mask: int
    _bid_keys: dict[int, int]
    _trump_of: dict[int, Suit]
    _nodes: dict[int, fast.AuctionNode]
    _first_leads: tuple[int, ...]
    _first_scores: dict[tuple[int, int], MatchScore]

    def __init__(self, rules: RookRules | None = None) -> None:
        if rules is not None and type(rules) is not RookRules:
            raise ArgumentTypeError(
                f"rules must be a RookRules (or None), not {type(rules).__name__} {_short(rules)}"
            )
        super().__init__(rules or RookRules())
        self.rules: RookRules
        rules = self.rules
        deck = rook_deck(rules.full_deck)  # R2
        self.deck = deck
        self.cards_each = hand_size(rules.full_deck)  # R6, RV1
        self.points: tuple[int, ...] = card_points(deck)  # R4
        self.counter_mask = sum(1 << i for i, p in enumerate(self.points) if p)
        self.bird = deck.index(BIRD)
        self.bird_mask = 1 << self.bird
        # R3, R17, R18: the core trump order of each trump colour, the Bird at its A1 place.
        self.orders: dict[Suit, SuitOrder] = {
            t: suit_order(deck, t, rules.bird_rank) for t in COLOURS
        }
        # R15-R17: follow the led effective suit (the Bird is a trump), and the Bird at any time.
        self.follow = {t: follow_rule(order, self.bird_mask) for t, order in self.orders.items()}
        # Hot-path tables, generated from the rules: per trump the cards that follow each led
        # card (follow_table: a legal mask is two ands and an or); and per trump and led card
        # the R19 winner keys (win_keys: a trick is won by the highest key, not by a walk).
        self.follow_masks: dict[Suit, tuple[int, ...]] = {
            t: follow_table(order) for t, order in self.orders.items()
        }
        self.winner_keys: dict[Suit, tuple[tuple[int, ...], ...]] = {
            t: win_keys(order) for t, order in self.orders.items()
        }
        self.card_index: dict[Card, int] = {c: i for i, c in enumerate(deck.cards)}
        self.plays: tuple[Play, ...] = tuple(fast.deck_plays(deck.name))
        # R6: who receives each position of the stream (4 = the nest), per first receiver.
        self.deal_layouts: dict[int, tuple[int, ...]] = {
            left: deal_layout(len(deck), self.cards_each, left) for left in range(4)
        }
        # Without duplicate cards the deck's shuffle is the core's order as it stands.
        self._unique_cards = len(set(deck.cards)) == len(deck.cards)
        # R9/R10: the fresh auction of each first bidder (an immutable value, shared).
        self.auctions = {left: start_auction(left) for left in range(4)}
        self.bids = {b: Bid(b) for b in range(MIN_BID, MAX_BID + 1, BID_STEP)}
        self.trumps = tuple(NameTrump(t) for t in COLOURS)
        self.fresh_score = match_start(rules.target_score)  # R23, A7
        # R24: strict play, or table play (renege mode), with its play-legality hooks.
        self.play_variant: StrictPlay = (TablePlay if rules.renege_mode else StrictPlay)(self)
        # A BuryChoices per hand (cheap to make; a bounded memo for the bots and searches that
        # list the same hand's buries again).
        self.legal_buries = functools.lru_cache(maxsize=16)(self._compute_buries)
        # BuryChoices builds its buries without re-sorting: deck order must be Bury's order.
        assert [_BURY_ORDER[c] for c in deck.cards] == sorted(_BURY_ORDER[c] for c in deck.cards)
        self._listed = len(self.all_actions())
        fast.install(self)

    # -- the hot steps, from the fast module (bound here: no call added) ------------------------
    apply = method(fast.apply)
    legal_actions = method(fast.legal_actions)
    random_action = method(fast.random_action)
    rollout = method(fast.rollout)
    checked_apply = checks.checked_apply
    solver_profile = method(solving.solver_profile)  # how the double-dummy solver reads a state

    # -- encoding and notation -----------------------------------------------------------------
    def all_actions(self) -> tuple[RookAction, ...]:
        """Every action but the buries (see the class docstring for their codes)."""
        return (PASS, REDEAL, *self.bids.values(), *self.trumps, *self.plays, CORRECT, CLAIM)

    @property
    def num_distinct_actions(self) -> int:
        """The listed actions plus one code per five-card bury."""
        return self._listed + comb(len(self.deck), NEST_SIZE)

    def action_to_index(self, action: RookAction) -> int:
        """The integer code of ``action`` (a bury: its combinatorial rank after the listed actions).

        Only this game's own actions have a code: an equal value with a field of another type
        (a ``Bid`` whose amount was changed to ``85.0`` after construction; ``Bid(85.0)`` itself
        cannot be built) is refused with a :class:`~cardrules.errors.NotationError`.

        >>> game = RookGame()
        >>> game.index_to_action(game.action_to_index(Bid(85)))
        Bid(amount=85)
        >>> bad = Bid(85)
        >>> object.__setattr__(bad, "amount", 85.0)
        >>> game.action_to_index(bad)
        Traceback (most recent call last):
        ...
        cardrules.errors.NotationError: Bid(amount=85.0) is not an action of rook
        """
        if type(action) is Bury:
            idx = checks.bury_indices(self, action)
            if idx is None:
                raise NotationError(
                    f"{_short(action)} is not an action of rook: a bury is five different cards "
                    f"of the {self.deck.name} deck, in deck order"
                )
            return self._listed + combination_rank(idx)
        return super().action_to_index(action)

    def index_to_action(self, index: int) -> RookAction:
        """The action of an integer code (the inverse of :meth:`action_to_index`)."""
        base = self._listed
        if type(index) is int and base <= index < self.num_distinct_actions:
            chosen = combination_unrank(index - base, NEST_SIZE)
            return bury_of_sorted(tuple(self.deck.cards[c] for c in chosen))
        return super().index_to_action(index)

    def check_action(self, action: object) -> None:
        """Refuse a value that is not a well-formed action of this game, field by field.

        Raises :class:`~cardrules.errors.IllegalActionError` naming the rule a field breaks
        (R10 for a bid that is not an ``int`` multiple of 5 from 70 to 120, R2 for a card that is
        not of this deck, R13 for a trump that is not a colour or a bury that is not five
        different cards of the deck, R5 for a dealer that is not a seat, R6 for a deal that does
        not order the whole deck), and :class:`~cardrules.errors.NotationError` for a
        value that is no Rook action at all. ``apply`` checks the fields of every action that does
        not take one of its fast paths (which accept only the interned actions of
        :meth:`legal_actions`, by identity).

        >>> RookGame().check_action(Bid(0))
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalActionError: rule R10 (bid range): a bid is an int multiple of 5 from 70 to 120, not int 0 [action Bid(amount=0)]
        """
        if type(action) not in _ACTION_KINDS:
            raise NotationError(f"not an action of rook: {type(action).__name__} {_short(action)}")
        checks.check_fields(self, action)

    def format_action(self, action: Any) -> str:
        """The notation of an action, chance actions included (``deal …``, ``dealer N``).

        Anything but a well-formed action of this game (see :meth:`check_action`) is a
        :class:`~cardrules.errors.NotationError`.

        >>> RookGame().format_action(Bid(85)), RookGame().format_action(Play(BIRD))
        ('bid 85', 'play Bird')
        """
        self._check_notation(action)
        if isinstance(action, Deal | ChooseDealer):
            return super().format_chance(action)
        return format_rook_action(action)

    def format_chance(self, action: Deal | ChooseDealer) -> str:
        """The notation of a chance action: ``deal`` and the 41 (or 57) cards, or ``dealer N``."""
        if type(action) is not Deal and type(action) is not ChooseDealer:
            raise NotationError(f"not a chance action of rook: {_short(action)}")
        self._check_notation(action)
        return super().format_chance(action)

    def _check_notation(self, action: object) -> None:
        """:meth:`check_action`, its refusals as :class:`~cardrules.errors.NotationError`."""
        try:
            self.check_action(action)
        except IllegalActionError as exc:
            raise NotationError(f"not an action of rook: {_short(action)} ({exc.why})") from None

    def parse_action(self, text: str, state: RookState) -> Any:
        """Read ``bid 85``, ``pass``, ``redeal``, ``bury R5 G14 …``, ``trump Green``, ``play Bird``…

        ``deal …`` must name every card of the deck once, and ``dealer N`` a seat; anything else
        that is not an action of the game is a :class:`~cardrules.errors.NotationError`.
        """
        if not isinstance(text, str):
            raise NotationError(f"an action's notation is text, not {type(text).__name__}")
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        head, _, rest = normalize_notation(text).partition(" ")
        if head == "bury":
            cards = parse_cards(rest)
            if len(cards) != NEST_SIZE or len(set(cards)) != NEST_SIZE:
                raise NotationError(f"bury takes five different cards, not {rest!r}")
            for card in cards:
                if card not in self.deck:
                    raise NotationError(f"{card} is not a card of the {self.deck.name} deck")
            return Bury(cards)
        # GameBase reads the rest; it refuses a partial deal and a dealer seat that does not exist.
        return super().parse_action(text, state)

    # -- starting states ----------------------------------------------------------------------
    def new_match(
        self, scores: tuple[int, int] | None = None, dealer: int | None = None
    ) -> RookState:
        """A match to ``target_score``, from ``scores`` (default 0, 0); the first dealer is drawn
        by chance (R5), or ``dealer`` deals the first hand.

        Scores are two ``int`` multiples of 5 (every hand scores in fives, R4, R10; negative ones
        are fine, R22); a match already decided is refused with a
        :class:`~cardrules.errors.RulesError` naming R23: both sides may be at or over the target
        only when level (another hand is played).

        >>> game = RookGame()
        >>> s = game.new_match(scores=(300, 300), dealer=2)
        >>> s.phase, s.dealer, s.score.scores
        ('deal', 2, (300, 300))
        >>> game.new_match(scores=(305, 300))
        Traceback (most recent call last):
        ...
        cardrules.errors.RulesError: R23: at 305,300 the match to 300 is already decided (a side at or over the target and ahead); a match can start only below it, or with both sides level over it
        """
        return self._begin(False, scores, dealer)

    def new_hand(
        self, dealer: int | None = None, scores: tuple[int, int] | None = None
    ) -> RookState:
        """A single hand (``None``: the dealer is drawn by chance). It ends when scored or thrown in.

        ``scores`` are the match scores the hand starts from (checked as in :meth:`new_match`).

        >>> RookGame().new_hand(dealer=4)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: dealer must be from 0 to 3, not 4
        >>> RookGame().new_hand(dealer=1, scores=(-60, 120)).score.scores
        (-60, 120)
        """
        return self._begin(True, scores, dealer)

    def _begin(self, single: bool, scores: object, dealer: object) -> RookState:
        if scores is None:
            if dealer is None:
                return fast.start(self, "choose_dealer", None, self.fresh_score, single)
            return fast.start(
                self, "deal", self.check_seat(dealer, "dealer"), self.fresh_score, single
            )
        start = rook_position.check_scores(self, scores)
        score = MatchScore(start, self.rules.target_score, "highest_over_target")
        seat = None if dealer is None else self.check_seat(dealer, "dealer")
        return fast.start(self, "choose_dealer" if seat is None else "deal", seat, score, single)

    # -- positions and reports (cold code: see cardrules.games.rook.position) -----------------
    position = rook_position.position
    position_text = rook_position.position_text
    parse_position = rook_position.parse_position
    hand_report = rook_report.hand_report

    # -- the protocol -------------------------------------------------------------------------
    def to_move(self, state: RookState) -> int | None:
        """The seat to act, ``CHANCE`` (a shuffle or the dealer draw), or ``None`` when over."""
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        return state.to_move

    def is_over(self, state: RookState) -> bool:
        """Whether the match (or the single hand) is over."""
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        return state.phase == "over"

    def sample_chance(self, state: RookState, rng: random.Random) -> Deal | ChooseDealer:
        """The chance action of a chance state: the first dealer (R5) or a shuffled deal (R6)."""
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        if type(rng) is not random.Random:
            check_rng(rng)
        if state.phase == "choose_dealer":
            return ChooseDealer(rng.randrange(4))
        if state.phase == "deal":
            if self._unique_cards and type(rng) is random.Random:
                return trusted_deal(shuffled_order(rng, len(self.deck)))  # = shuffle(rng)
            return self.shuffle(rng)
        raise IllegalActionError(RookRule.R6, "this is not a chance state")

    def _check_hand(self, hand: object) -> int:
        """``hand`` if it is an ``int`` bitmask of this deck's cards, else an argument error."""
        if type(hand) is not int:
            raise ArgumentTypeError(
                f"hand must be an int bitmask of {self.deck.name} cards, "
                f"not {type(hand).__name__} {_short(hand)}"
            )
        if hand < 0 or hand & ~self._full_mask:
            raise ArgumentError(
                f"hand must be a bitmask of {self.deck.name} cards (0 <= hand < 2**{len(self.deck)}),"
                f" not {hand:#x}"
            )
        return hand

    def has_counter(self, hand: int) -> bool:
        """Whether a hand (a bitmask of deck indices) holds a counter (R4, R8).

        >>> game = RookGame()
        >>> game.has_counter(game.deck.mask("R6 R7 Y8")), game.has_counter(game.deck.mask("R"))
        (False, True)
        """
        return bool(self._check_hand(hand) & self.counter_mask)

    def may_redeal(self, state: RookState, seat: int) -> bool:
        """R8: during the bidding, a seat whose dealt cards hold no counter may ask for a redeal."""
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        return self._may_redeal(state, self.check_seat(seat))

    def _may_redeal(self, state: RookState, seat: int) -> bool:
        return (
            self.rules.no_counter_redeal
            and state.phase == "bidding"
            and may_ask_redeal(state.hands[seat], self.counter_mask)
        )

    def strict_mask(self, state: RookState, seat: int) -> int:
        """The cards ``seat`` may play without revoking (R15–R17), as a bitmask; a state in play.

        >>> game = RookGame()
        >>> game.strict_mask(game.new_hand(dealer=0), 0)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: strict_mask needs a state in play (trump named), not one in deal
        """
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        seat = self.check_seat(seat)
        if state.phase != "play" or state.trump is None:
            raise ArgumentError(
                f"strict_mask needs a state in play (trump named), not one in {state.phase}"
            )
        # The rule itself (follow_rule); the hot paths use its table form (legal_play_mask).
        return self.follow[state.trump](state.hands[seat], state.trick[0] if state.trick else None)

    def bury_pool(self, hand: int) -> tuple[int, int]:
        """``(forced, pool)``: a legal bury is ``forced`` plus any cards of ``pool`` up to five.

        With counters allowed (A6 default) nothing is forced and the pool is the whole hand. With
        ``nest_discard_counters=False`` the bury holds min(5, non-counters) non-counters: five of
        them if the hand has five, else all of them plus counters. ``hand`` is a bitmask of deck
        indices.

        >>> game = RookGame(RookRules(nest_discard_counters=False))
        >>> hand = game.deck.mask("R5 R6 R7 R10 R14 Y5 Y14 G5 G10 G14 B5 B10 B14 R")
        >>> forced, pool = game.bury_pool(hand)
        >>> str(CardSet(game.deck, forced)), len(CardSet(game.deck, pool))
        ('R6 R7', 12)
        """
        return bury_pool(
            self._check_hand(hand), self.counter_mask, self.rules.nest_discard_counters
        )

    def _compute_buries(self, hand: int) -> BuryChoices:
        forced, pool = bury_pool(hand, self.counter_mask, self.rules.nest_discard_counters)
        return BuryChoices(self.deck.cards, forced, pool, self.card_index)

    def out_of_turn_actions(self, state: RookState, seat: int) -> tuple[RookAction, ...]:
        """What ``seat`` may do while another seat is to move: an R8 redeal request, an R24
        correction of its own open revoke, or an R24 claim of an established revoke of its
        opponents (the seat to move finds the same among its :meth:`legal_actions`)."""
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        if type(seat) is not int or not 0 <= seat < 4:
            self.check_seat(seat)
        if seat == state.to_move:
            return ()
        redeal = (REDEAL,) if self._may_redeal(state, seat) else ()
        if state.phase == "play" and state.revokes:
            return (*redeal, *self.play_variant.revoke_actions(state, seat))
        return redeal

    def actions_of(self, state: RookState, seat: int) -> tuple[RookAction, ...]:
        """What ``seat`` may do now, as an error's ``legal`` lists it: its :meth:`legal_actions`
        when it is to move, else its :meth:`out_of_turn_actions` (never another seat's, which
        would show its cards); nothing for a value that is no seat.

        >>> game = RookGame()
        >>> s = game.apply(game.new_hand(dealer=3), game.sample_chance(game.new_hand(dealer=3),
        ...     random.Random(5)))
        >>> len(game.actions_of(s, 0)) > 1, game.actions_of(s, 1)
        (True, ())
        """
        if seat == state.to_move:
            return self.legal_actions(state)
        if type(seat) is int and 0 <= seat < 4:
            return self.out_of_turn_actions(state, seat)
        return ()

    # -- results ------------------------------------------------------------------------------
    def outcome(self, state: RookState) -> Outcome | None:
        """A single hand: its points per team; a match: the final scores and the winners."""
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        if state.phase != "over":
            return None
        if state.single_hand:
            return hand_outcome(state.last_points)
        return Outcome.for_match(TEAMS, state.score)

    # -- information ---------------------------------------------------------------------------
    def describe(self, view: RookView, *, color: bool = False) -> str:
        """The text the ``cardrules`` command shows for ``view`` (a :class:`~cardrules.games.rook.views.RookView` of this game)."""
        from cardrules.games.rook.describe import describe

        self._check_own_view(view)
        if type(color) is not bool:
            raise ArgumentTypeError(f"color must be True or False, not {type(color).__name__}")
        return describe(view, color=color)

    def heuristic_bot(self) -> Any:
        """The game's heuristic bot, :class:`~cardrules.games.rook.bots.RookBot` (``--bots heuristic``)."""
        from cardrules.games.rook.bots import RookBot

        return RookBot(self)

    def view(self, state: RookState, seat: int) -> RookView:
        """What ``seat`` may know (see :mod:`cardrules.games.rook.views`).

        >>> RookGame().view(RookGame().new_hand(dealer=0), -1)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: seat must be from 0 to 3, not -1
        """
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        return make_view(self, state, self.check_seat(seat))

    def sample_state(self, view: RookView, rng: random.Random) -> RookState:
        """A full state consistent with ``view``, hidden cards dealt uniformly within the
        constraints (see :mod:`cardrules.games.rook.views`). ``view`` is a :class:`~cardrules.games.rook.views.RookView` of
        this game (its deck), ``rng`` a :class:`random.Random`."""
        self._check_own_view(view)
        if type(rng) is not random.Random:
            check_rng(rng)
        return sample_from_view(self, view, rng)

    def _check_own_view(self, view: object) -> None:
        """A :class:`~cardrules.games.rook.views.RookView` of this game's deck, else an argument error."""
        self.check_view(view)
        assert isinstance(view, RookView)
        if view.hand.deck is not self.deck:
            raise ArgumentError(
                f"view is of a game on the {view.hand.deck.name} deck, not {self.deck.name}"
            )

    def card_zones(self, state: RookState) -> Mapping[str, Sequence[Card]]:
        """Every card's place: the four hands, the nest, the trick, the won tricks, or undealt."""
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
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

"""The Rook game object: :class:`RookGame`, the Game protocol for Tournament Rook (rules R1–R24).

Here are the protocol (states, actions and their integer codes, apply, views, rollouts), the
notation and the explanation of every illegal action; the rules themselves are the functions of
:mod:`cardrules.games.rook.engine`, one per rule, and what differs in table play (renege mode, R24)
is the play variant of :mod:`cardrules.games.rook.revoke`.

>>> game = RookGame()
>>> s = game.new_hand(dealer=3)
>>> s = game.apply(s, game.sample_chance(s, random.Random(5)))
>>> s.phase, game.to_move(s), [game.format_action(a) for a in game.legal_actions(s)][:3]
('bidding', 0, ['pass', 'bid 70', 'bid 75'])
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from math import comb
from operator import itemgetter
from typing import Any, ClassVar, Final

from cardrules import (
    BIRD,
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    AscendingAuction,
    Card,
    CardSet,
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
from cardrules.game import check_rng, trusted_deal
from cardrules.games.rook.actions import (
    _ORDER,
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
    card_text,
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
    all_passed,
    auction_winner,
    bury_pool,
    card_points,
    deal_layout,
    first_leader,
    follow_rule,
    follow_table,
    hand_outcome,
    hand_result,
    hand_size,
    is_established,
    is_revoke,
    match_start,
    may_ask_redeal,
    next_dealer,
    redeal_dealer,
    rook_deck,
    start_auction,
    suit_order,
    win_keys,
)
from cardrules.games.rook.playout import fused_playout
from cardrules.games.rook.revoke import (
    _CLAIM,
    _CORRECT,
    StrictPlay,
    TablePlay,
    revoke_public,
)
from cardrules.games.rook.revoke import still_held as _still_held
from cardrules.games.rook.rulebook import ROOK_RULES, RookRule
from cardrules.games.rook.rules import RookRules
from cardrules.games.rook.state import (
    BLANK_STATE,
    NO_HAND,
    Revoke,
    RookState,
    build_last_hand,
    build_state,
)
from cardrules.games.rook.views import RookView, make_view, sample_from_view

__all__ = ["RookGame"]

_new_object: Final = object.__new__
_PASS: Final = Pass()
_REDEAL: Final = Redeal()
_LEAD: Final = -1  # legal_play_mask's follow mask for a lead: any card
_AUCTION_CACHE_LIMIT: Final = 10_000
# Legal play lists met in play, by card mask: follow masks (a colour's cards, the Bird) recur from
# hand to hand; 32k entries hold them all and cost a few MB at most.
_PLAYS_CACHE_LIMIT: Final = 1 << 15
_PLAYS_CACHES: Final[dict[str, dict[int, tuple[Play, ...]]]] = {}
_NO_HANDS: Final = (0, 0, 0, 0)
_INT_ONLY: Final = {int}
# Every class apply and format_action know; the actions without fields need no further check.
_ACTION_KINDS: Final = frozenset(
    {Pass, Bid, Redeal, Bury, NameTrump, Play, CorrectRevoke, ClaimRevoke, Deal, ChooseDealer}
)
_NO_POINTS: Final = (0, 0)


@functools.cache
def _play_tables(deck_name: str) -> tuple[int, tuple[tuple[tuple[Play, ...], ...], ...]]:
    """``(width, tables)``: per block of ``width`` cards of the deck, the interned plays of each
    subset of the block, so that the plays of a mask are the concatenation of its four blocks'
    entries (three tuple adds instead of a loop over bits). Shared by every game on one deck:
    4 x 2,048 small tuples for the 41-card deck; the 57-card deck uses eight 8-card blocks."""
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


class _AuctionNode:
    """What the engine caches about one auction value: its legal actions and its successors."""

    __slots__ = ("after", "auction", "legal", "legal_redeal")

    def __init__(self, auction: AscendingAuction, legal: tuple[RookAction, ...]) -> None:
        self.auction = auction  # kept alive, so its id() is not reused while cached
        self.legal = legal
        self.legal_redeal = (*legal, _REDEAL)
        self.after: dict[int, AscendingAuction] = {}  # 0 = pass, else the bid


_short = short_repr  # for messages: a hostile __repr__ does not hide the real error


def _with_legal(
    exc: IllegalActionError, legal: Sequence[RookAction], *, seat: int | None = None
) -> IllegalActionError:
    """``exc`` (raised by a helper that cannot see the state) again, with the legal actions (and
    the acting ``seat`` when the helper did not know it)."""
    return IllegalActionError(
        exc.rule, exc.why, action=exc.action, seat=exc.seat if seat is None else seat, legal=legal
    )


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
    what differs between the two.
    """

    name = "rook"
    rulebook = ROOK_RULES
    checks_inline = True  # the hot paths check their arguments inline (no wrapper call)
    num_players = 4
    state_type: ClassVar[type[Any]] = RookState
    view_type: ClassVar[type[Any]] = RookView

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
        # Hot-path tables, generated from the rules: card -> index; per trump the cards that
        # follow each led card (follow_table), so that a legal mask is two ands and an or; and
        # per trump and led card the R19 winner keys (win_keys), so that a trick is won by the
        # highest key rather than a walk.
        self._card_index: dict[Card, int] = {c: i for i, c in enumerate(deck.cards)}
        self._follow_masks: dict[Suit, tuple[int, ...]] = {
            t: follow_table(order) for t, order in self.orders.items()
        }
        self._win_keys: dict[Suit, tuple[tuple[int, ...], ...]] = {
            t: win_keys(order) for t, order in self.orders.items()
        }
        width, tables = _play_tables(deck.name)
        self._plays: tuple[Play, ...] = tuple(
            tables[i // width][1 << (i % width)][0] for i in range(len(deck))
        )
        self._play_tables = tables
        self._play_width = width
        self._plays_cache = _PLAYS_CACHES.setdefault(deck.name, {})  # shared per deck
        self._play_pos = {id(p): i for i, p in enumerate(self._plays)}  # interned play -> card
        self._card_pos = {id(c): i for i, c in enumerate(deck.cards)}  # interned card -> index
        # R24: strict play, or table play (renege mode), with its play-legality hooks.
        self.play_variant: StrictPlay = (TablePlay if rules.renege_mode else StrictPlay)(self)
        self._play_mask = self.play_variant.play_mask
        self._listed_follow = self.play_variant.listed_follow
        self._proper_mask = self.play_variant.proper_mask
        # R6: who receives each position of the stream (4 = the nest), per first receiver.
        self._deal_layout: dict[int, tuple[int, ...]] = {
            left: deal_layout(len(deck), self.cards_each, left) for left in range(4)
        }
        # The same layout as one itemgetter per holder (the four hands, then the nest), so that
        # dealing a shuffle is one pass.
        self._deal_getters = {
            left: tuple(itemgetter(*(p for p, h in enumerate(layout) if h == k)) for k in range(5))
            for left, layout in self._deal_layout.items()
        }
        self._bit = {i: 1 << i for i in range(len(deck))}
        self._full_mask = (1 << len(deck)) - 1
        # Without duplicate cards the deck's shuffle is the core's order as it stands.
        self._unique_cards = len(deck._index) == len(deck.cards)
        # R9/R10: the fresh auction of each first bidder (an immutable value, shared).
        self._auctions = {left: start_auction(left) for left in range(4)}
        self._bids = {b: Bid(b) for b in range(MIN_BID, MAX_BID + 1, BID_STEP)}
        self._trumps = tuple(NameTrump(t) for t in COLOURS)
        self._trump_of = {id(a): a.suit for a in self._trumps}
        self._nodes: dict[int, _AuctionNode] = {}
        for auction in self._auctions.values():
            self._node(auction)
        # A BuryChoices per hand (cheap to make; kept for the bots and searches that list the
        # same hand's buries again).
        self._legal_buries = functools.lru_cache(maxsize=16)(self._compute_buries)
        # BuryChoices builds its buries without re-sorting: deck order must be Bury's order.
        assert [_ORDER[c] for c in deck.cards] == sorted(_ORDER[c] for c in deck.cards)
        self._score0 = match_start(rules.target_score)  # R23, A7
        # Scores after one hand, by its points (bounded: points are multiples of 5 in -120..240).
        self._first_scores: dict[tuple[int, int], MatchScore] = {}
        self._no_counter_redeal = rules.no_counter_redeal
        # The proper play mask (R15-R17) strict play last listed, with its state (compared by
        # identity, so a stale or another thread's entry is simply not used): apply's legality
        # check for the play that almost always follows (StrictPlay.play_mask sets it).
        self._last_legal: tuple[RookState | None, int] = (None, 0)
        # apply's bidding fast path: the interned pass (0) and bids (their amount), by identity.
        # Anything else (an equal but fresh Bid, Bid(0), Bid(70.0)) takes the checked path.
        self._bid_keys: dict[int, int] = {id(_PASS): 0}
        self._bid_keys.update({id(b): amount for amount, b in self._bids.items()})
        # The last deal sample_chance made (its order is known to be a tuple of card indices):
        # apply skips the per-element type check for it. Compared by identity only.
        self._trusted_deal: Deal | None = None
        self._first_leads = tuple(self._leader_for(d, b) for d in range(4) for b in range(4))

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

    # GameBase only encodes actions it can list in all_actions(); the buries (C(57, 5) of them) get
    # arithmetic codes from cardrules.combinatorics instead.
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
            idx = self._bury_indices(action)
            if idx is None:
                raise NotationError(
                    f"{_short(action)} is not an action of rook: a bury is five different cards "
                    f"of the {self.deck.name} deck, in deck order"
                )
            return len(self._table()) + combination_rank(idx)
        return super().action_to_index(action)

    def index_to_action(self, index: int) -> RookAction:
        """The action of an integer code (the inverse of :meth:`action_to_index`)."""
        base = len(self._table())
        if type(index) is int and base <= index < self.num_distinct_actions:
            chosen = combination_unrank(index - base, NEST_SIZE)
            return bury_of_sorted(tuple(self.deck.cards[c] for c in chosen))
        return super().index_to_action(index)

    def _bury_indices(self, action: Bury) -> list[int] | None:
        """The deck indices of a well-formed bury (five different cards of this deck, as a tuple in
        deck order, as :class:`Bury` keeps them), else ``None``."""
        cards = action.cards
        if type(cards) is not tuple or len(cards) != NEST_SIZE:
            return None
        pos = self._card_pos
        idx = [pos.get(id(c), -1) for c in cards]  # interned cards (the usual case)
        if -1 in idx:
            index = self._card_index
            if not all(type(c) is Card and c in index for c in cards):
                return None
            idx = [index[c] for c in cards]
        # Strictly increasing: five different cards, in Bury's canonical (deck) order.
        if not idx[0] < idx[1] < idx[2] < idx[3] < idx[4]:
            return None
        return idx

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
        self._check_fields(action)

    def _check_fields(self, action: object) -> None:
        """``check_action`` for the fields: a value of another class passes (apply refuses it with
        the rule of the phase)."""
        kind = type(action)
        if kind is Play:
            card = action.card  # type: ignore[attr-defined]
            if type(card) is not Card or card not in self._card_index:
                raise IllegalActionError(
                    RookRule.R2, f"a play is one card of the {self.deck.name} deck, not "
                    f"{type(card).__name__} {_short(card)}", action=action,
                )  # fmt: skip
        elif kind is Bid:
            amount = action.amount  # type: ignore[attr-defined]
            if (
                type(amount) is not int
                or not MIN_BID <= amount <= MAX_BID
                or (amount - MIN_BID) % BID_STEP
            ):
                raise IllegalActionError(
                    RookRule.R10, f"a bid is an int multiple of {BID_STEP} from {MIN_BID} to {MAX_BID}, "
                    f"not {type(amount).__name__} {_short(amount)}", action=action,
                )  # fmt: skip
        elif kind is NameTrump:
            suit = action.suit  # type: ignore[attr-defined]
            if type(suit) is not Suit or suit not in COLOURS:
                raise IllegalActionError(
                    RookRule.R13, "trump is one of the colours Red, Yellow, Green, Black, not "
                    f"{type(suit).__name__} {_short(suit)}", action=action,
                )  # fmt: skip
        elif kind is Bury:
            if self._bury_indices(action) is None:  # type: ignore[arg-type]
                raise IllegalActionError(
                    RookRule.R13, f"a bury is a tuple of five different cards of the {self.deck.name} "
                    f"deck, not {_short(action.cards)}", action=action,  # type: ignore[attr-defined]
                )  # fmt: skip
        elif kind is Deal:
            self.check_deal(action, RookRule.R6)
        elif kind is ChooseDealer:
            seat = action.seat  # type: ignore[attr-defined]
            if type(seat) is not int or not 0 <= seat < 4:
                raise IllegalActionError(
                    RookRule.R5, f"the first dealer is a seat from 0 to 3, not {type(seat).__name__} "
                    f"{_short(seat)}", action=action,
                )  # fmt: skip

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
    def _fresh_score(self) -> MatchScore:
        return self._score0  # an immutable value: one per game is enough

    def _start(self, phase: Any, dealer: int | None, single_hand: bool) -> RookState:
        return build_state(
            phase, CHANCE, dealer, self._score0, single_hand, _NO_HANDS, 0, None, -1, 0, None, 0,
            (), (), _NO_POINTS, (), (), (), 0, NO_HAND, -1, self.config,
        )  # fmt: skip

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
                return self._start("choose_dealer", None, single)
            return self._start("deal", self.check_seat(dealer, "dealer"), single)
        from cardrules.games.rook.position import check_scores

        start = check_scores(self, scores)
        score = MatchScore(start, self.rules.target_score, "highest_over_target")
        seat = None if dealer is None else self.check_seat(dealer, "dealer")
        return build_state(
            "choose_dealer" if seat is None else "deal", CHANCE, seat, score, single, _NO_HANDS,
            0, None, -1, 0, None, 0, (), (), _NO_POINTS, (), (), (), 0, NO_HAND, -1, self.config,
        )  # fmt: skip

    # -- positions and reports (cold code: see cardrules.games.rook.position) -----------------
    def position(
        self,
        *,
        hands: Sequence[str | Sequence[Card]] | Mapping[int, str | Sequence[Card]],
        dealer: int,
        nest: str | Sequence[Card] | None = None,
        bids: str | Sequence[int | str | None] = (),
        buried: str | Sequence[Card] | None = None,
        trump: Suit | str | None = None,
        tricks: Sequence[Any] = (),
        trick: str | Sequence[Card] = (),
        scores: tuple[int, int] = (0, 0),
        match: bool = False,
        returned: Sequence[Any] = (),
        corrected: Sequence[Any] = (),
    ) -> RookState:
        """Any reachable state of a hand, from plain values, checked against the rules.

        ``hands``: what each seat holds now (four card texts or card lists, or a mapping by
        seat); ``nest``: the nest as dealt (in the bidding); ``bids``: the auction from left of the
        dealer (``"70 p 75"`` or ``[70, None, 75]``; seats follow from the turn order, R9, R11);
        ``buried``: the bidder's five buried cards (R13); ``trump``: a colour; ``tricks``: the
        completed tricks, each ``(leader, cards)`` or just its cards; ``trick``: the trick in
        progress. ``scores`` are the match scores (as in :meth:`new_match`), ``match`` makes it a
        hand of a match rather than a single hand. In renege mode, ``returned`` and ``corrected``
        carry the corrections made (see :mod:`~cardrules.games.rook.position`); revokes follow
        from the play itself (a play that does not follow when able), and strict mode refuses
        them.

        The position is replayed through the engine (stacked deal, bids, bury, trump, plays), so
        each violation raises a :class:`~cardrules.errors.PositionError` (an
        :class:`~cardrules.errors.ArgumentError`) naming the rule: R2 (every card once), R6 (the
        counts of the phase), R10/R11/R12 (the auction), R13/A6 (the bury), R14/R19 (who leads),
        R15/R17 (following). Tricks that finish the hand give the scored state.

        >>> game = RookGame()
        >>> s = game.position(dealer=3, bids="70 75", nest="B5 B6 B7 G10 G11",
        ...     hands=["R G14 G13 G12 R14 R13 Y14 B14 B13", "G5 G6 R12 R11 R10 Y13 Y12 Y11 B12",
        ...            "G7 G8 R9 R8 R7 Y10 Y9 Y8 B11", "G9 R6 R5 Y7 Y6 Y5 B10 B9 B8"])
        >>> s.phase, game.to_move(s), game.format_action(game.legal_actions(s)[1])
        ('bidding', 2, 'bid 80')
        >>> game.position(dealer=3, bids="70 65", nest="B5 B6 B7 G10 G11", hands=[
        ...     "R G14 G13 G12 R14 R13 Y14 B14 B13", "G5 G6 R12 R11 R10 Y13 Y12 Y11 B12",
        ...     "G7 G8 R9 R8 R7 Y10 Y9 Y8 B11", "G9 R6 R5 Y7 Y6 Y5 B10 B9 B8"])
        Traceback (most recent call last):
        ...
        cardrules.errors.PositionError: position: rule R10 (bid range): bid 2 (seat 1): a bid must be a multiple of 5 from 75 to 120
        """
        from cardrules.games.rook.position import build_position

        return build_position(
            self, match=match, dealer=dealer, scores=scores, hands=hands, nest=nest, bids=bids,
            buried=buried, trump=trump, tricks=tricks, trick=trick, returned=returned,
            corrected=corrected,
        )  # fmt: skip

    def position_text(self, state: RookState) -> str:
        """The one-line text of any state (every phase, between hands and at match end), which
        :meth:`parse_position` reads back exactly. The format is described in
        :mod:`cardrules.games.rook.position` and the Rook page of the docs.

        >>> game = RookGame()
        >>> game.position_text(game.new_match(scores=(120, -40), dealer=2))
        'deal match dealer=2 scores=120,-40'
        """
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        from cardrules.games.rook.position import position_text

        return position_text(self, state)

    def parse_position(self, text: str) -> RookState:
        """The state of a position text (:meth:`position_text`): ``parse_position(position_text(s))
        == s``. Unreadable text is a :class:`~cardrules.errors.NotationError`, a position play
        cannot reach a :class:`~cardrules.errors.PositionError` naming the rule.

        >>> game = RookGame()
        >>> game.parse_position("deal match dealer=2 scores=120,-40") == game.new_match(
        ...     scores=(120, -40), dealer=2)
        True
        """
        from cardrules.games.rook.position import parse_position

        return parse_position(self, text)

    def hand_report(self, state: RookState) -> Any:
        """The :class:`~cardrules.reports.HandReport` of the last finished hand (also between the
        hands of a match and at its end), or ``None`` before any hand finished. Its status is a
        :class:`~cardrules.games.rook.report.RookStatus`; see :mod:`cardrules.games.rook.report`.
        """
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        from cardrules.games.rook.report import hand_report

        return hand_report(self, state)

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
                # The same deal as shuffle(rng); apply trusts its order without a second look.
                deal = self._trusted_deal = trusted_deal(shuffled_order(rng, len(self.deck)))
                return deal
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
            self._no_counter_redeal
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
        return self._strict_mask(state, seat)

    def _strict_mask(self, state: RookState, seat: int) -> int:
        assert state.trump is not None
        # The rule itself (follow_rule); the hot paths use its table form (legal_play_mask).
        return self.follow[state.trump](state.hands[seat], state.trick[0] if state.trick else None)

    def legal_actions(self, state: RookState) -> tuple[RookAction, ...]:
        """The actions of the seat to move: bids, pass and its own R8 redeal; the buries; the
        trump colours; the legal plays (every held card in renege mode), then its own R24
        correction and its R24 claim of an established revoke of its opponents.

        Play and bid lists are interned tuples of interned actions; the buries are a
        :class:`~cardrules.games.rook.choices.BuryChoices`, a tuple whose 2,002 (or so) elements
        are made only when looked at."""
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
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
                tables = self._follow_masks if seat == state.proper_play else self._listed_follow
                # copy of rule R15: follow_rule
                following = hand & tables[state.trump][trick[0]]  # type: ignore[index]
                if following:
                    mask = following | (hand & self.bird_mask)
                if tables is self._follow_masks:  # proper plays: what apply checks next
                    self._last_legal = (state, mask)
            else:
                self._last_legal = (state, mask)  # a lead: any card
            if mask == hand:  # a lead, or any card: made from the tables
                plays = self._plays_of(mask)
            else:
                # Following keeps to a colour (and the Bird): such masks recur from hand to hand
                # and are cached.
                cached = self._plays_cache.get(mask)
                plays = cached if cached is not None else self._plays_cache_add(mask)
            if state.revokes:  # R24: the offender's correction, an opponent's claim
                return (*plays, *self.play_variant.revoke_actions(state, seat))
            return plays
        if phase == "bidding":
            auction = state.auction
            assert auction is not None
            node = self._nodes.get(id(auction))
            if node is None or node.auction is not auction:
                node = self._node(auction)
            if self._no_counter_redeal and not state.hands[seat] & self.counter_mask:
                return node.legal_redeal  # R8: this seat may ask for a redeal (may_redeal)
            return node.legal
        if phase == "bury":
            return self._legal_buries(state.hands[seat])
        if phase == "trump":
            return self._trumps
        return ()

    def _plays_of(self, mask: int) -> tuple[Play, ...]:
        """The interned plays of the cards of ``mask``, in deck order."""
        t = self._play_tables
        if self._play_width == 11:
            return (
                t[0][mask & 2047]
                + t[1][mask >> 11 & 2047]
                + t[2][mask >> 22 & 2047]
                + t[3][mask >> 33]
            )
        return (
            t[0][mask & 255] + t[1][mask >> 8 & 255] + t[2][mask >> 16 & 255]
            + t[3][mask >> 24 & 255] + t[4][mask >> 32 & 255] + t[5][mask >> 40 & 255]
            + t[6][mask >> 48 & 255] + t[7][mask >> 56 & 255]
        )  # fmt: skip

    def _plays_cache_add(self, mask: int) -> tuple[Play, ...]:
        plays = self._plays_of(mask)
        cache = self._plays_cache
        if len(cache) >= _PLAYS_CACHE_LIMIT:
            cache.clear()  # bounded memory: the cache refills with the masks met most
        cache[mask] = plays
        return plays

    def _node(self, auction: AscendingAuction) -> _AuctionNode:
        """The cache entry of an auction value (made on first sight)."""
        nodes = self._nodes
        if len(nodes) >= _AUCTION_CACHE_LIMIT:
            nodes.clear()  # bounded memory; entries are remade on demand
        bids = self._bids
        legal: tuple[RookAction, ...] = (_PASS, *(bids[b] for b in auction.legal_bids()))
        node = nodes[id(auction)] = _AuctionNode(auction, legal)
        return node

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
        return self._bury_pool(self._check_hand(hand))

    def _bury_pool(self, hand: int) -> tuple[int, int]:
        return bury_pool(hand, self.counter_mask, self.rules.nest_discard_counters)

    def _compute_buries(self, hand: int) -> BuryChoices:
        forced, pool = self._bury_pool(hand)
        return BuryChoices(self.deck.cards, forced, pool, self._card_index)

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
        redeal = (_REDEAL,) if self._may_redeal(state, seat) else ()
        if state.phase == "play" and state.revokes:
            return (*redeal, *self.play_variant.revoke_actions(state, seat))
        return redeal

    def _established(self, state: RookState, revoke: Revoke) -> bool:
        """A4: whether ``revoke`` can no longer be corrected (:func:`is_established`)."""
        return is_established(revoke.trick, len(state.tricks), self.rules.renege_correction_window)

    def _open_revoke(self, state: RookState, seat: int) -> Revoke | None:
        for revoke in state.revokes:
            if revoke.seat == seat and not self._established(state, revoke):
                return revoke
        return None

    def _public(self, state: RookState, revoke: Revoke) -> bool:
        """R24 (who sees a revoke): whether ``revoke`` is known to every seat
        (:func:`is_public_revoke`): its offender has since played a card of the led suit, or the
        hand is over."""
        return revoke_public(self, state.trump, state.tricks, state.leader, state.trick, revoke,
                             state.phase == "over")  # fmt: skip

    def _claim_target(self, state: RookState, seat: int) -> Revoke | None:
        """R24 (who claims): the earliest revoke of ``seat``'s opponents that is established and
        public, the one its claim names and penalises; ``None`` if it has none to claim. A seat
        never claims its own side's revoke, nor one it cannot know of."""
        if state.phase != "play":
            return None
        side = seat % 2
        for revoke in state.revokes:  # in the order they were made
            if (
                revoke.seat % 2 != side
                and self._established(state, revoke)
                and self._public(state, revoke)
            ):
                return revoke
        return None

    # -- apply --------------------------------------------------------------------------------
    def apply(self, state: RookState, action: Any, seat: int | None = None) -> RookState:
        """The next state; raises :class:`~cardrules.errors.IllegalActionError` with the rule id.

        ``seat`` defaults to the seat to move; another seat may take its out-of-turn actions
        (:meth:`out_of_turn_actions`), and ``-1`` applies a chance action at a chance state. The
        state must be a :class:`~cardrules.games.rook.state.RookState` and ``seat`` an ``int`` seat
        (:class:`~cardrules.errors.ArgumentTypeError`, :class:`~cardrules.errors.ArgumentError`);
        every field of the action is checked, on the fast paths too (they take only the interned
        actions of :meth:`legal_actions`). ``state`` is never changed.

        >>> game = RookGame()
        >>> s = game.new_hand(dealer=3)
        >>> s = game.apply(s, game.sample_chance(s, random.Random(5)))
        >>> bad = Bid(70)
        >>> object.__setattr__(bad, "amount", 70.0)  # tampered: Bid(70.0) cannot be built
        >>> game.apply(s, bad)
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalActionError: rule R10 (bid range): a bid is an int multiple of 5 from 70 to 120, not float 70.0 [seat 0, action Bid(amount=70.0)]
        """
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        phase = state.phase
        if seat is None:
            # The hot paths: the interned actions of legal_actions, in turn. Each checks the action
            # against the legal set as cheaply as it can and leaves anything unusual to the
            # general path below, which explains (or, in renege mode, records) it.
            if phase == "play":
                card = self._play_pos.get(id(action))
                mover = state.to_move
                if card is not None and mover is not None:
                    trick = state.trick
                    last = self._last_legal
                    # The proper plays (R15-R17) strict play has just listed here, else computed.
                    legal = last[1] if last[0] is state else self._proper_mask(state, mover)
                    if legal >> card & 1:
                        if len(trick) == 3:
                            return self._play(state, mover, card, state.revokes)
                        h = state.hands
                        bit = 1 << card
                        if mover == 0:
                            hands = (h[0] ^ bit, h[1], h[2], h[3])
                        elif mover == 1:
                            hands = (h[0], h[1] ^ bit, h[2], h[3])
                        elif mover == 2:
                            hands = (h[0], h[1], h[2] ^ bit, h[3])
                        else:
                            hands = (h[0], h[1], h[2], h[3] ^ bit)
                        # build_state, inlined (this is the step taken most often): the new
                        # state is the old one with the mover, hands and trick changed.
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
                        new.returned = _still_held(state.returned, card) if state.returned else ()
                        new.corrected = state.corrected
                        new.hand_no = state.hand_no
                        new.last = state.last
                        new.proper_play = -1
                        new.config = state.config
                        new.__class__ = RookState
                        return new  # type: ignore[no-any-return]
                    # Not held, or a revoke: refused with the reason, or recorded (table play).
                    return self._apply_play(state, action, mover)
            elif phase == "bidding":
                key = self._bid_keys.get(id(action))  # 0: the interned pass; else a bid
                if key is not None:
                    auction = state.auction
                    mover = state.to_move
                    if auction is not None and mover is not None and mover == auction.to_move:
                        node = self._nodes.get(id(auction))
                        if node is None or node.auction is not auction:
                            node = self._node(auction)
                        after = node.after.get(key)
                        if after is None:
                            # R10, R11: the core auction checks the bid (and raises with R10).
                            try:
                                after = (
                                    auction.pass_(mover) if key == 0 else auction.bid(mover, key)
                                )
                            except IllegalActionError as exc:  # add the legal calls
                                raise _with_legal(exc, self.legal_actions(state)) from None
                            node.after[key] = after
                        return self._after_auction(state, after)
            elif phase == "deal":
                if type(action) is Deal:
                    return self._apply_chance(state, action)
            elif phase == "bury":
                # One of the legal buries: BuryChoices checks it (five cards of the deck, a tuple
                # in deck order, legal for this hand) in O(1); else the general path says why.
                mover = state.to_move
                if type(action) is Bury and mover is not None:
                    mask = self._legal_buries(state.hands[mover]).mask_if_legal(action)
                    if mask is not None:
                        return self._buried(state, mover, mask)
            elif phase == "trump":
                suit = self._trump_of.get(id(action))
                if suit is not None and state.to_move is not None:
                    return self._named_trump(state, suit)
        else:
            self.check_actor(state, seat, state.to_move)
        # The general path: every field of the action is checked (R2, R5, R10, R13) first.
        mover = state.to_move
        try:
            self._check_fields(action)
        except IllegalActionError as exc:
            if mover is None or mover == CHANCE or seat == CHANCE:
                raise
            # A malformed action of a seat: the error lists what that seat may do instead.
            actor = mover if seat is None else seat
            raise _with_legal(exc, self._options_of(state, actor), seat=actor) from None
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
            if card is not None and self._proper_mask(state, mover) >> card & 1:
                return self._play(state, mover, card, state.revokes)
            return self._apply_play(state, action, mover)
        if mover is None:
            raise IllegalActionError(RookRule.R23, "the game is over", action=action, seat=seat)
        actor = mover if seat is None else seat
        if isinstance(action, Redeal | CorrectRevoke | ClaimRevoke) and actor != CHANCE:
            # R8 and R24: in turn or out of turn alike.
            return self._apply_out_of_turn(state, action, actor)
        if actor != mover:
            who = "chance" if mover == CHANCE else f"seat {mover}"
            rule = RookRule.R15 if state.phase == "play" else RookRule.R9
            raise IllegalActionError(
                rule,
                f"it is {who}'s turn",
                action=action,
                seat=actor,
                legal=self._options_of(state, actor),
            )
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
                    RookRule.R13,
                    "the bidder names a trump colour",
                    action=action,
                    seat=actor,
                    legal=self.legal_actions(state),
                )
            return self._named_trump(state, action.suit)
        return self._apply_play(state, action, actor)

    def _named_trump(self, state: RookState, suit: Suit) -> RookState:
        leader = self._first_leader(state)
        return build_state(
            "play", leader, state.dealer, state.score, state.single_hand, state.hands, state.nest,
            state.auction, state.bidder, state.bid, suit, leader, (), (), _NO_POINTS, (), (),
            (), state.hand_no, state.last, -1, state.config,
        )  # fmt: skip

    def _first_leader(self, state: RookState) -> int:
        """R14/A5: left of the dealer by default; the bidder or the bidder's left as variants."""
        assert state.dealer is not None
        return self._first_leads[4 * state.dealer + state.bidder % 4]

    def _leader_for(self, dealer: int, bidder: int) -> int:
        return first_leader(dealer, bidder, self.rules.first_lead)

    def _apply_chance(self, state: RookState, action: Any) -> RookState:
        if state.phase == "choose_dealer":
            if (
                not isinstance(action, ChooseDealer)
                or isinstance(action.seat, bool)
                or action.seat not in range(4)
            ):
                raise IllegalActionError(
                    RookRule.R5, "the first step draws a dealer (seat 0-3)", action=action
                )
            return RookState(
                "deal", CHANCE, action.seat, state.score, state.single_hand, config=state.config
            )
        assert state.dealer is not None
        left = (state.dealer + 1) % 4
        masks = self._deal_masks(action, left)
        return build_state(
            "bidding", left, state.dealer, state.score, state.single_hand, masks[:4], masks[4],
            self._auctions[left], -1, 0, None, 0, (), (), _NO_POINTS, (), (), (),
            state.hand_no, state.last, -1, state.config,
        )  # fmt: skip

    def _deal_masks(self, action: Any, left: int) -> tuple[int, int, int, int, int]:
        """R6: the four hands and the nest of a deal, as masks; the deal is checked (chance)."""
        if type(action) is Deal:
            order = action.order
            bit = self._bit
            try:
                if (
                    type(order) is tuple
                    and len(order) == len(self.deck)
                    # Card indices are ints (True would pass for 1 below): sample_chance's own
                    # deal is known to hold ints, any other is looked at.
                    and (action is self._trusted_deal or {*map(type, order)} == _INT_ONLY)
                ):
                    # Each card's bit (a KeyError for anything but a card index), then each
                    # holder's sum over its stream positions.
                    bits = list(map(bit.__getitem__, order))
                    g0, g1, g2, g3, g4 = self._deal_getters[left]
                    masks = (
                        sum(g0(bits)),
                        sum(g1(bits)),
                        sum(g2(bits)),
                        sum(g3(bits)),
                        sum(g4(bits)),
                    )
                    # len(order) cards cover every bit: a permutation of the deck's indices.
                    if masks[0] | masks[1] | masks[2] | masks[3] | masks[4] == self._full_mask:
                        return masks
            except (KeyError, TypeError):
                pass  # not card indices: check_deal says why
        deal = self.check_deal(action, RookRule.R6)
        out = [0, 0, 0, 0, 0]
        for holder, card in zip(self._deal_layout[left], deal.order, strict=True):
            out[holder] |= 1 << card
        return out[0], out[1], out[2], out[3], out[4]

    def _apply_bid(self, state: RookState, action: Any, seat: int) -> RookState:
        auction = state.auction
        assert auction is not None
        if isinstance(action, Pass | Bid):
            try:
                if isinstance(action, Pass):
                    auction = auction.pass_(seat)
                else:
                    auction = auction.bid(seat, action.amount)  # R10, R11 (the auction checks)
            except IllegalActionError as exc:  # the error path only: add the legal calls
                raise _with_legal(exc, self.legal_actions(state)) from None
        else:
            raise IllegalActionError(
                RookRule.R9,
                "bid or pass",
                action=action,
                seat=seat,
                legal=self.legal_actions(state),
            )
        return self._after_auction(state, auction)

    def _after_auction(self, state: RookState, auction: AscendingAuction) -> RookState:
        """The state after a bid or pass that made ``auction``."""
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
            step, seat = all_passed(self.rules.all_pass, state.dealer)  # A2
            if step == "throw_in":  # the deal passes left, as after any hand (_end_hand)
                return self._end_hand(state, (0, 0), "A2: all passed, the hand is thrown in")
            if step == "redeal":
                return self._redeal(state, seat)
            bidder, bid = seat, MIN_BID
        # R13: the bidder takes the nest into the hand.
        hands = list(state.hands)
        hands[bidder] |= state.nest
        return build_state(
            "bury", bidder, state.dealer, state.score, state.single_hand, tuple(hands), 0,
            auction, bidder, bid, None, 0, (), (), _NO_POINTS, (), (), (),
            state.hand_no, state.last, -1, state.config,
        )  # fmt: skip

    def _apply_bury(self, state: RookState, action: Any, seat: int) -> RookState:
        if not isinstance(action, Bury):
            raise IllegalActionError(
                RookRule.R13,
                "the bidder buries five cards",
                action=action,
                seat=seat,
                legal=self.legal_actions(state),
            )
        hand = state.hands[seat]
        # One of the legal buries (BuryChoices answers in O(1), with its mask), else the checks
        # that say why not.
        mask = self._legal_buries(hand).mask_if_legal(action) if type(action) is Bury else None
        if mask is None:
            try:
                mask = self._checked_bury(action, seat, hand)
            except IllegalActionError as exc:  # the error path only: add the legal buries
                raise _with_legal(exc, self.legal_actions(state)) from None
        return self._buried(state, seat, mask)

    def _buried(self, state: RookState, seat: int, mask: int) -> RookState:
        """The state after ``seat`` buried the cards of ``mask`` (R13): trump is named next."""
        hand = state.hands[seat]
        hands = list(state.hands)
        hands[seat] = hand & ~mask
        return build_state(
            "trump", seat, state.dealer, state.score, state.single_hand, tuple(hands), mask,
            state.auction, state.bidder, state.bid, None, 0, (), (), _NO_POINTS, (), (),
            (), state.hand_no, state.last, -1, state.config,
        )  # fmt: skip

    def _checked_bury(self, action: Bury, seat: int, hand: int) -> int:
        """The mask of a legal bury, or the reason it is refused (R13, A6)."""
        idx = self._bury_indices(action)
        if idx is None:
            raise IllegalActionError(
                RookRule.R13, "bury five different Rook cards", action=action, seat=seat
            )
        mask = sum(1 << i for i in idx)
        if mask & ~hand:
            missing = CardSet(self.deck, mask & ~hand)
            raise IllegalActionError(
                RookRule.R13, f"the bidder does not hold {missing}", action=action, seat=seat
            )
        forced, pool = self._bury_pool(hand)
        if mask & forced == forced and not mask & ~(forced | pool):
            return mask
        raise IllegalActionError(
            RookRule.A6,
            "counters may be buried only when fewer than five non-counters are held",
            action=action,
            seat=seat,
        )

    def _apply_play(self, state: RookState, action: Any, seat: int) -> RookState:
        if not isinstance(action, Play) or not isinstance(action.card, Card):
            raise IllegalActionError(
                RookRule.R15,
                "play one card",
                action=action,
                seat=seat,
                legal=self.legal_actions(state),
            )
        card_index = self._card_index.get(action.card)
        if card_index is None:
            raise IllegalActionError(
                RookRule.R2,
                f"{action.card} is not a card of this deck",
                action=action,
                seat=seat,
                legal=self.legal_actions(state),
            )
        card = card_index
        hand = state.hands[seat]
        if not hand >> card & 1:
            raise IllegalActionError(
                RookRule.R15,
                f"seat {seat} does not hold {card_text(action.card)}",
                action=action,
                seat=seat,
                legal=self.legal_actions(state),
            )
        revokes = state.revokes
        if is_revoke(hand, card, self._strict_mask(state, seat)):
            # R24: refused (strict play), or recorded as a revoke (table play).
            revokes = self.play_variant.refused_play(state, seat, card)
        return self._play(state, seat, card, revokes)

    def _not_following(self, state: RookState, seat: int, card: int) -> IllegalActionError:
        """The error for ``seat``'s play of a held ``card`` that does not follow: R15 (a colour
        led), R17 (trump or the Bird led) or A4 (the proper play owed after a correction), with
        the cards it should follow with and the legal actions."""
        assert state.trump is not None
        order = self.orders[state.trump]
        led = order.effective_suits[state.trick[0]]
        holding = CardSet(self.deck, state.hands[seat] & order.suit_mask(led))
        colour = led.name.capitalize() if led is not None else "?"
        rule = RookRule.R17 if led == state.trump else RookRule.R15
        if seat == state.proper_play:
            rule = RookRule.A4  # the correction of a revoke must be a proper play
        action = self._plays[card]
        return IllegalActionError(
            rule,
            f"must follow {colour} (holds {' '.join(card_text(c) for c in holding)}) "
            "or play the Bird",
            action=action,
            seat=seat,
            legal=self.legal_actions(state),
        )

    def _play(
        self, state: RookState, seat: int, card: int, revokes: tuple[Revoke, ...]
    ) -> RookState:
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
        returned = _still_held(state.returned, card) if state.returned else ()
        if len(trick) < 4:
            return build_state(
                "play", (seat + 1) % 4, state.dealer, state.score, state.single_hand, hands,
                state.nest, state.auction, state.bidder, state.bid, state.trump, state.leader,
                trick, state.tricks, state.captured, revokes, returned, state.corrected,
                state.hand_no, state.last, -1, state.config,
            )  # fmt: skip
        assert state.trump is not None
        t0, t1, t2, t3 = trick
        keys = self._win_keys[state.trump][t0]
        # copy of rule R19: trick_winner
        # (on its win_keys table: the highest key wins; keys of one trick differ, or are 0)
        best, top = 0, keys[t0]
        if keys[t1] > top:
            best, top = 1, keys[t1]
        if keys[t2] > top:
            best, top = 2, keys[t2]
        if keys[t3] > top:
            best = 3
        winner = (state.leader + best) % 4
        points = self.points
        taken = points[t0] + points[t1] + points[t2] + points[t3]
        c0, c1 = state.captured
        captured = (c0 + taken, c1) if winner % 2 == 0 else (c0, c1 + taken)
        tricks = (*state.tricks, (state.leader, trick))
        if len(tricks) < self.cards_each:
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
            self._nest_points(state.nest),
            revokes[0].seat if revokes else None,
        )  # fmt: skip
        return self._end_hand(done, result, reason)

    def _nest_points(self, nest: int) -> int:
        """R4: the counters in a set of cards (the nest)."""
        points = self.points
        total = 0
        while nest:
            low = nest & -nest
            total += points[low.bit_length() - 1]
            nest ^= low
        return total

    def _end_hand(
        self, state: RookState, points: tuple[int, int], reason: str, claimer: int = -1
    ) -> RookState:
        """Score a finished (or thrown-in) hand; the deal passes left (R5) unless the match ends.

        The hand is kept as the state's ``last`` (:class:`LastHand`) for :meth:`hand_report`:
        made here, once per hand, so that play itself carries nothing more.
        """
        if state.score is self._score0:
            # A single hand (or a match's first) always adds to the fresh score: memoised.
            score = self._first_scores.get(points)
            if score is None:
                score = self._score0.add(points)
                if len(self._first_scores) < 4096:
                    self._first_scores[points] = score
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

    def _redeal(self, state: RookState, dealer: int | None) -> RookState:
        """The deal is annulled (R8, A2, A3): nothing scores, the same hand is dealt again."""
        return build_state(
            "deal", CHANCE, dealer, state.score, state.single_hand, _NO_HANDS, 0, None, -1, 0,
            None, 0, (), (), _NO_POINTS, (), (), (), state.hand_no, state.last, -1, state.config,
        )  # fmt: skip

    def _options_of(self, state: RookState, seat: int) -> tuple[RookAction, ...]:
        """What ``seat`` may do now, for an error's ``legal``: its legal actions when it is to
        move, else its out-of-turn actions (never another seat's, which would show its cards)."""
        if seat == state.to_move:
            return self.legal_actions(state)
        if type(seat) is int and 0 <= seat < 4:
            return self.out_of_turn_actions(state, seat)
        return ()

    def _apply_out_of_turn(self, state: RookState, action: Any, seat: int) -> RookState:
        if isinstance(action, Redeal):
            if not self.rules.no_counter_redeal:
                raise IllegalActionError(
                    RookRule.R8,
                    "the no-counter redeal is off",
                    action=action,
                    seat=seat,
                    legal=self._options_of(state, seat),
                )
            if state.phase != "bidding":
                raise IllegalActionError(
                    RookRule.R8,
                    "a redeal may be asked only during the bidding",
                    action=action,
                    seat=seat,
                    legal=self._options_of(state, seat),
                )
            if state.hands[seat] & self.counter_mask:
                counters = CardSet(self.deck, state.hands[seat] & self.counter_mask)
                raise IllegalActionError(
                    RookRule.R8,
                    f"the hand holds counters ({' '.join(card_text(c) for c in counters)})",
                    action=action,
                    seat=seat,
                    legal=self._options_of(state, seat),
                )
            assert state.dealer is not None
            return self._redeal(
                state, redeal_dealer(state.dealer, self.rules.no_counter_redeal_dealer)
            )
        # R24: correct or claim, as the play variant allows.
        return self.play_variant.act_on_revoke(state, action, seat)

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

    # -- random play ---------------------------------------------------------------------------
    # CORE-CANDIDATE: an optional protocol method random_action(state, rng) (uniform over
    # legal_actions, chance included) would let play_random, RandomBot-style playouts and the
    # benchmarks avoid listing 2,002 buries; GameBase could default it to rng.choice(legal).
    def random_action(self, state: RookState, rng: random.Random) -> Any:
        """A uniformly random legal action (or chance action), without listing every bury.

        Same distribution as ``rng.choice(legal_actions(state))`` for every phase (the draws
        from ``rng`` differ: plays and bids use ``rng.random()``, buries ``rng.sample``).
        At a finished state there is none: an :class:`~cardrules.errors.IllegalActionError`.
        """
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        if type(rng) is not random.Random:
            check_rng(rng)
        seat = state.to_move
        if seat == CHANCE:
            return self.sample_chance(state, rng)
        if state.phase == "play" and seat is not None and not state.revokes:
            # The k-th legal card (in legal_actions order), k uniform. int(random() * n) is
            # uniform on 0..n-1 up to a bias below 2**-50, and much cheaper than randrange.
            mask = self._play_mask(state, seat)  # the plays legal_actions lists
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
            k = int(rng.random() * (1 + bids + self._may_redeal(state, seat)))
            if k == 0:
                return _PASS
            return self._bids[low + (k - 1) * BID_STEP] if k <= bids else _REDEAL
        if state.phase == "bury":
            assert state.to_move is not None
            forced, pool = self._bury_pool(state.hands[state.to_move])
            need = NEST_SIZE - forced.bit_count()
            picked = rng.sample(list(iter_bits(pool)), need)
            return Bury(tuple(self.deck.cards[i] for i in (*iter_bits(forced), *picked)))
        legal = self.legal_actions(state)
        if not legal:
            raise IllegalActionError(RookRule.R23, "the game is over: no action to draw")
        return legal[rng.randrange(len(legal))]

    def rollout(self, state: RookState, rng: random.Random) -> Outcome:
        """Play the current hand out at random and return its outcome (points of that hand).

        At the end of a match or single hand: the outcome of its last hand. Between two hands of a
        match (the last hand scored, the next step the deal): the outcome of the hand that just
        ended, without playing another (``Game.rollout``); the state after an R8/A2 redeal of a
        later hand is the same value, field for field, and gets the same answer.

        The auction, bury and trump call are stepped with :meth:`random_action`; the play is the
        play variant's (:meth:`~cardrules.games.rook.revoke.StrictPlay.play_out`): in strict play
        a fused playout on bitmasks that builds no states, in table play (renege mode) the steps
        themselves, since an offender's legal actions include its correction, which rewinds the
        play (R24). A thrown-in hand scores 0-0.
        """
        if type(state) is not RookState or state.config is not self.config:
            self.check_state(state)
        if type(rng) is not random.Random:
            check_rng(rng)
        phase = state.phase
        if phase == "over" or (phase == "deal" and state.hand_no > 0):
            return hand_outcome(state.last_points)
        hand_no = state.hand_no
        while state.phase != "play":
            if state.phase == "over" or state.hand_no != hand_no:
                return hand_outcome(state.last_points)
            state = self.apply(state, self.random_action(state, rng))
        return self.play_variant.play_out(state, rng)

    def _stepped_playout(self, state: RookState, rng: random.Random) -> Outcome:
        """The rest of the hand as :meth:`random_action` and :meth:`apply` in a loop."""
        hand_no = state.hand_no
        while state.phase != "over" and state.hand_no == hand_no:
            state = self.apply(state, self.random_action(state, rng))
        return hand_outcome(state.last_points)

    def _fused_playout(self, state: RookState, rng: random.Random) -> Outcome:
        """The rest of a strict hand in play, as :meth:`_stepped_playout` plays it (the same
        draws, the same result), on bitmasks without building states: the fused copy the
        benchmark keeps (:func:`~cardrules.games.rook.playout.fused_playout`)."""
        return fused_playout(self, state, rng)

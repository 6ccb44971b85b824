"""The Euchre game on the :class:`~cardrules.Game` protocol: legal actions, transitions on
immutable states, the notation and the explanations of illegal actions (E1-E17).

The rules themselves are functions on ints in :mod:`cardrules.games.euchre.engine` (its docstring
maps every rule id to its function); this class chains them, checks every argument, and keeps the
hot paths fast with tables generated from those functions. Revoke (table) mode, E17, is the
:class:`RevokeModeGame` subclass, which overrides the play hooks: ``EuchreGame(rules)`` with
``renege_mode=True`` builds one.

>>> from cardrules.games.euchre import make_game
>>> game = make_game()
>>> s = game.new_hand(dealer=0)
>>> s = game.apply(s, Deal(tuple(range(24))))  # an unshuffled stream (E4)
>>> game.view(s, 1).hand, game.view(s, 1).upcard
(CardSet('euchre24', '9C 10C JC KD AD'), Card.parse('JS'))
>>> [game.format_action(a) for a in game.legal_actions(s)]
['pass', 'order', 'order alone']
"""

from __future__ import annotations

import contextlib
import operator
import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from cardrules import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    CallingRounds,
    Card,
    CardrulesError,
    CardSet,
    ChooseDealer,
    Deal,
    GameBase,
    HandReport,
    HandResult,
    IllegalActionError,
    MatchScore,
    NotationError,
    Outcome,
    RulesError,
    Suit,
    SuitOrder,
    alternating_packets,
    deal_packets,
    iter_bits,
)
from cardrules.decks import shuffled_order
from cardrules.errors import check_int
from cardrules.game import check_rng, check_seat, trusted_deal
from cardrules.games.euchre.actions import (
    ClaimRevoke,
    CorrectRevoke,
    DefendAlone,
    Discard,
    EuchreAction,
    FarmersHandClaim,
    NameNoTrump,
    NameTrump,
    OrderUp,
    Pass,
    Play,
)
from cardrules.games.euchre.checks import check_contract, show
from cardrules.games.euchre.engine import (
    CARD_KEYS,
    FOLLOW_MASKS,
    ORDERS,
    SUITS,
    TEAMS,
    WIN_KEYS,
    dealer_after_throw_in,
    dealer_picks_up,
    discardable,
    first_defender,
    first_leader,
    is_farmers_hand,
    must_go_alone,
    next_active_seat,
    playable,
    round_two_trumps,
    sitting_out,
    trick_winner,
)
from cardrules.games.euchre.playout import play_out, play_out_revoke_mode
from cardrules.games.euchre.rollout import rollout
from cardrules.games.euchre.rulebook import EUCHRE_RULES, EuchreRule
from cardrules.games.euchre.rules import EuchreRules
from cardrules.games.euchre.scoring import revoke_penalty, score_hand
from cardrules.games.euchre.state import (
    DECK,
    NO_PROGRESS,
    Contract,
    CorrectedRevoke,
    DealInfo,
    EuchreState,
    FinishedHand,
    MatchInfo,
    Progress,
    Revoke,
    Setup,
    make_state,
)
from cardrules.games.euchre.views import EuchreView, revoke_public, sample_state, view_of

if TYPE_CHECKING:  # position.py is cold code, imported on first use
    from cardrules.games.euchre.position import CardsLike, SeatCards, TrickLike

__all__ = ["EuchreGame", "RevokeModeGame"]

# id() of each deck card -> its index. Cards are interned (``Card(rank, suit)`` always returns the
# one instance, held by the deck), so this is an exact and cheap test that a value is a card of
# the deck: a bool, a float, a foreign card or any look-alike is simply absent.
_CARD_IDS: Final[Mapping[int, int]] = {id(c): i for i, c in enumerate(DECK.cards)}
_MISSING: Final = object()
_DECK_RANGE: Final = range(24)


def _check_alone(action: object) -> bool:
    alone = getattr(action, "alone", _MISSING)
    if type(alone) is not bool:
        raise _malformed(
            EuchreRule.E9,
            f"{type(action).__name__}.alone must be True or False, not {show(alone)}",
            action,
        )
    return alone


def _malformed(rule: EuchreRule, why: str, action: object) -> IllegalActionError:
    """The error for an action with a bad field; ``action`` as itself if it can be shown."""
    try:
        repr(action)
    except Exception:  # a field missing altogether, or a hostile __repr__
        return IllegalActionError(rule, why, action=show(action))
    return IllegalActionError(rule, why, action=action)


_PASS: Final = Pass()
_DEFEND: Final = DefendAlone()
_FARMER: Final = FarmersHandClaim()
_CLAIM: Final = ClaimRevoke()


def _passed(calls: CallingRounds, seat: int) -> CallingRounds:
    """``calls.pass_(seat)`` without its checks: the engine's table of calling rounds also records
    where a pass would lead when the rules forbid one (stick the dealer, E8), which ``pass_``
    refuses."""
    position, round_no = calls.position + 1, calls.round
    if position == calls.num_players:
        position, round_no = 0, round_no + 1
    return CallingRounds(
        calls.num_players, calls.first, calls.rounds, calls.forced_last, round_no, position,
        calls.caller, (*calls.history, (seat, None)), calls.rule,
    )  # fmt: skip


_CallsInfo = tuple[
    CallingRounds, int, bool, CallingRounds, "int | None", bool, "tuple[EuchreAction, ...]"
]
"""(calls, round, stuck (the mover may not pass), calls after a pass, their to_move, all passed,
the legal bids in round one (empty in round two, where they depend on the up-card))."""
_new: Final = tuple.__new__
_NO_SHOWN: Final = (0, 0, 0, 0)
_FULL_DECK: Final = (1 << 24) - 1
_Random: Final = random.Random
_BAD_DEAL: Final = "a deal must order all 24 cards once (as int indices)"
_BIT: Final[Mapping[int, int]] = {c: 1 << c for c in range(24)}


def _walk(nxt: tuple[int, ...], seat: int) -> tuple[int, ...]:
    seats = [seat]
    for _ in range(3):
        seats.append(nxt[seats[-1]])
    return tuple(seats)


def _suit_of(card: Card) -> Suit:
    suit = card.suit
    assert suit is not None
    return suit


@cache
def _play_tables() -> tuple[
    tuple[Play, ...], tuple[tuple[Play, ...], ...], tuple[tuple[Play, ...], ...]
]:
    """The 24 interned plays and, for each 12-bit half of a hand mask, its plays in deck order."""
    plays = tuple(Play(c) for c in DECK.cards)
    low = tuple(tuple(plays[c] for c in iter_bits(m)) for m in range(1 << 12))
    high = tuple(tuple(plays[c + 12] for c in iter_bits(m)) for m in range(1 << 12))
    return plays, low, high


_PHASE_RULES: Final[dict[type[object], EuchreRule]] = {
    OrderUp: EuchreRule.E6,
    Discard: EuchreRule.E6,
    Pass: EuchreRule.E6,
    NameTrump: EuchreRule.E7,
    NameNoTrump: EuchreRule.EV3,
    DefendAlone: EuchreRule.EV1,
}
"""The rule that says when an action of the bidding is taken: cited when one is tried in another
phase (a play of the card phase is refused by the play rules themselves)."""


class EuchreGame(GameBase[EuchreState, EuchreAction, "EuchreView"]):
    """American partnership Euchre (rules E1-E17) on the Game protocol.

    Build it with :func:`make_game` (or ``get_game("euchre", **options)``). Rules with
    ``renege_mode=True`` build the :class:`RevokeModeGame` variant.
    """

    name = "euchre"
    rulebook = EUCHRE_RULES
    checks_inline = True  # the hot paths check their arguments inline (no wrapper call)
    num_players = 4
    deck = DECK
    state_type = EuchreState
    view_type = EuchreView

    def __new__(cls, rules: EuchreRules | None = None) -> EuchreGame:
        # Revoke mode is a variant with its own play hooks, as python-chess's variants are Board
        # subclasses: EuchreGame(rules) picks it, so every way of building a game agrees.
        if cls is EuchreGame and getattr(rules, "renege_mode", False) is True:
            return super().__new__(RevokeModeGame)
        return super().__new__(cls)

    def __init__(self, rules: EuchreRules | None = None) -> None:
        super().__init__(rules or EuchreRules())
        self.rules: EuchreRules
        r = self.rules
        self._farmers = r.farmers_hand != "off"
        # Per-trump tables, generated at import from the rule functions (engine.py) and shared:
        # the follow masks from playable() (E13), the trick-winning keys from the core's
        # SuitOrder.beats (E14), and the card ranking of each trump (E10).
        self._orders: Mapping[Suit | None, SuitOrder] = ORDERS
        self._follow: Mapping[Suit | None, tuple[int, ...]] = FOLLOW_MASKS
        self._key: Mapping[Suit | None, tuple[int, ...]] = CARD_KEYS
        self._win_keys: Mapping[Suit | None, tuple[tuple[int, ...], ...]] = WIN_KEYS
        self._next: tuple[tuple[int, ...], ...] = tuple(
            tuple(next_active_seat(s, out) for s in range(4)) for out in range(16)
        )
        self._active: tuple[int, ...] = tuple(4 - out.bit_count() for out in range(16))
        # _seat_at[out][leader][pos]: the seat playing the pos-th card of a trick led by leader.
        self._seat_at: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(_walk(self._next[out], leader) for leader in range(4)) for out in range(16)
        )
        self._discards: tuple[Discard, ...] = tuple(Discard(c) for c in DECK.cards)
        self._corrects: tuple[CorrectRevoke, ...] = tuple(CorrectRevoke(c) for c in DECK.cards)
        # Interned plays and the legal plays of a mask as two halves (12 bits each): they depend on
        # the deck alone, so every game object shares one copy (building them takes ~10 ms).
        self._plays, self._plays_lo, self._plays_hi = _play_tables()
        # id() of each interned Play -> its card index: a builtin call instead of Card.__hash__.
        self._play_ids = {id(p): c for c, p in enumerate(self._plays)}
        first, second = (3, 2) if r.deal_pattern == "3-2" else (2, 3)
        packets = alternating_packets(4, first, second)
        # E4: stream positions of each seat's cards, per dealer; the kitty is stream[20:24].
        self._deal_positions: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            deal_packets(range(24), 4, packets, first=(d + 1) % 4)[0] for d in range(4)
        )
        # E4 as one C call: the stream positions of each receiver's five cards, eldest
        # first (dealer 3's table: eldest is seat 0), then the up-card and the kitty.
        self._by_receiver = operator.itemgetter(
            *(p for seat_positions in self._deal_positions[3] for p in seat_positions),
            20,
            21,
            22,
            23,
        )
        # Every bid exists once: the legal lists, the encoding and the API edge's checked path all
        # hand out these objects, so the fast paths can match a bid by identity.
        self._order_up: tuple[OrderUp, OrderUp] = (OrderUp(False), OrderUp(True))
        self._names: dict[tuple[Suit | None, bool], NameTrump | NameNoTrump] = {
            (s, alone): NameTrump(s, alone) for alone in (False, True) for s in SUITS
        }
        self._names.update({(None, alone): NameNoTrump(alone) for alone in (False, True)})
        self._round1 = (_PASS, *self._order_up)
        self._round1_canadian = (_PASS, self._order_up[True])
        self._round2: dict[tuple[Suit, bool], tuple[EuchreAction, ...]] = {}
        for up in SUITS:
            for stuck in (False, True):
                names: list[EuchreAction] = [] if stuck else [_PASS]
                allowed = round_two_trumps(
                    up,
                    stuck=stuck,
                    any_suit_when_stuck=r.stick_dealer_any_suit,
                    no_trump=r.no_trump,
                )
                for alone in (False, True):
                    names.extend(self._names[(s, alone)] for s in allowed)
                self._round2[(up, stuck)] = tuple(names)
        # Fresh calling rounds per first bidder: immutable values, shared by every deal.
        self._calls0 = tuple(
            CallingRounds.start(
                num_players=4,
                first=f,
                rounds=2,
                forced_last=r.stick_the_dealer,
                rule=EuchreRule.E6,
            )
            for f in range(4)
        )
        self._score0 = MatchScore.start(teams=2, target=r.target_score)
        self._single0 = MatchInfo(self._score0, True, config=self.config)
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

        # -- hot-path tables (all immutable values or caches of them; a game stays shareable) --
        self._dealers: tuple[ChooseDealer, ...] = tuple(ChooseDealer(s) for s in range(4))
        self._dealer_ids = {id(c): c.seat for c in self._dealers}
        self._discard_ids = {id(d): c for c, d in enumerate(self._discards)}
        self._up_suits: tuple[Suit, ...] = tuple(_suit_of(c) for c in DECK.cards)
        # Round-two bids by up-card index and "stuck" flag, without a tuple key to hash.
        self._round2_by_up: tuple[tuple[tuple[EuchreAction, ...], ...], ...] = tuple(
            (self._round2[(suit, False)], self._round2[(suit, True)]) for suit in self._up_suits
        )
        # The calling rounds met in play are interned: every sequence of passes from each first
        # bidder. id(calls) -> (calls, round, stuck, calls after a pass, its to_move, all passed).
        # The table holds each key object, so no other object can ever share its id.
        self._chain: dict[int, _CallsInfo] = {}
        for first_calls in self._calls0:
            calls = first_calls
            while not calls.is_over:
                info = self._calls_info(calls)
                self._chain[id(calls)] = info
                calls = info[3]
        # (id(interned calls), id(interned bid)) -> the calls after that bid; contracts and hand
        # results by their defining fields. Bounded caches of immutable values.
        self._after_call: dict[tuple[int, int], CallingRounds] = {}
        self._contracts: dict[tuple[Suit | None, int, bool, bool], Contract] = {}
        self._results: dict[tuple[int, bool, bool, int], HandResult] = {}
        # id(interned result) -> (result, the final MatchInfo of a fresh single hand).
        self._single_over: dict[int, tuple[HandResult, MatchInfo]] = {}
        self._may_discard_up = r.dealer_may_discard_upcard
        self._outcomes: dict[tuple[int, ...], Outcome] = {}
        self._scale = max(4, r.lone_defender_points)
        # id() of each interned action -> its code (all held by the game: the ids stay theirs).
        self._code_of_id = {id(a): i for i, a in enumerate(self.all_actions())}

    # -- the encoding ---------------------------------------------------------------------------
    def all_actions(self) -> tuple[EuchreAction, ...]:
        """Every non-chance action once: bids, discards, plays, then the special actions."""
        bids: list[EuchreAction] = [_PASS, *self._order_up]
        for alone in (False, True):
            bids.extend(self._names[(s, alone)] for s in (*SUITS, None))
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
        """The notation: ``pass``, ``order alone``, ``name H``, ``discard 9C``, ``play JD``, …

        Every field is checked first (:meth:`checked_action`): ``Play(True)`` cannot be built, and a
        ``Play`` whose card was changed to ``True`` after construction has no notation.

        >>> game = EuchreGame()
        >>> game.format_action(NameTrump(Suit.HEARTS, alone=True))
        'name H alone'
        >>> bad = Play(Card.parse("9C"))
        >>> object.__setattr__(bad, "card", True)  # tampered: the constructor refuses Play(True)
        >>> game.format_action(bad)
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalActionError: rule E2 (the deck): Play.card must be a card of the 24-card deck (9 10 J Q K A of ♣ ♦ ♥ ♠), not bool True [action Play(card=True)]
        """
        action = self.checked_action(action)
        kind = type(action)
        if kind is Play:
            return f"play {action.card}"
        if kind is Pass:
            return "pass"
        if kind is OrderUp:
            return "order alone" if action.alone else "order"
        if kind is NameTrump:
            return f"name {action.suit.letter}" + (" alone" if action.alone else "")
        if kind is NameNoTrump:
            return "name notrump alone" if action.alone else "name notrump"
        if kind is Discard:
            return f"discard {action.card}"
        if kind is DefendAlone:
            return "defend alone"
        if kind is FarmersHandClaim:
            return "farmers hand"
        if kind is CorrectRevoke:
            return f"correct {action.card}"
        if kind is ClaimRevoke:
            return "claim revoke"
        return self.format_chance(action)

    def checked_action(self, action: object) -> EuchreAction | Deal | ChooseDealer:
        """The game's own (interned) action equal to ``action``, once every field is checked.

        The API edge of :meth:`apply`, :meth:`format_action` and :meth:`action_to_index`. A field
        of the wrong type or out of range raises :class:`IllegalActionError` naming the rule it
        breaks, even where Python's ``==`` would take it for a good one (``True == 1``): E2 for a
        card that is not one of the 24 (``Play(True)``, ``Discard("9C")``, a Rook card), E7 for a
        named suit that is not ♣ ♦ ♥ ♠ (``NameTrump("H")``; no-trump is :class:`NameNoTrump`), E9
        for ``alone`` that is not a ``bool`` (``OrderUp(alone=1)``), E3 for a first dealer that is
        not a seat, E4 for a deal that does not order the 24 card indices (ints) once each. A value
        that is no Euchre action at all is a :class:`~cardrules.errors.NotationError`. (The
        constructors already refuse a field of the wrong type; these checks catch an action whose
        fields were changed after construction.)

        >>> game = EuchreGame()
        >>> action = game.checked_action(Play(Card.parse("JH")))
        >>> game.all_actions()[game.action_to_index(action)] is action
        True
        >>> game.checked_action(Play(Card.parse("2C")))
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalActionError: rule E2 (the deck): Play.card must be a card of the 24-card deck (9 10 J Q K A of ♣ ♦ ♥ ♠), not Card 2C [action Play(card=Card.parse('2C'))]
        """
        kind = type(action)
        if kind is Play or kind is Discard or kind is CorrectRevoke:
            card = getattr(action, "card", _MISSING)
            index = _CARD_IDS.get(id(card), -1)
            if index < 0:
                what = show(card) if type(card) is not Card else f"Card {card}"
                raise _malformed(
                    EuchreRule.E2,
                    f"{kind.__name__}.card must be a card of the 24-card deck "
                    f"(9 10 J Q K A of ♣ ♦ ♥ ♠), not {what}",
                    action,
                )
            table = (
                self._plays
                if kind is Play
                else self._discards
                if kind is Discard
                else self._corrects
            )
            return table[index]
        if kind is Pass:
            return _PASS
        if kind is OrderUp:
            return self._order_up[_check_alone(action)]
        if kind is NameTrump:
            suit = getattr(action, "suit", _MISSING)
            if type(suit) is not Suit or suit not in SUITS:
                raise _malformed(
                    EuchreRule.E7,
                    f"NameTrump.suit must be one of ♣ ♦ ♥ ♠ (no-trump is NameNoTrump), "
                    f"not {show(suit)}",
                    action,
                )
            return self._names[(suit, _check_alone(action))]
        if kind is NameNoTrump:
            return self._names[(None, _check_alone(action))]
        if kind is DefendAlone:
            return _DEFEND
        if kind is FarmersHandClaim:
            return _FARMER
        if kind is ClaimRevoke:
            return _CLAIM
        if kind is ChooseDealer:
            seat = getattr(action, "seat", None)
            if type(seat) is not int or not 0 <= seat < 4:
                raise _malformed(
                    EuchreRule.E3,
                    f"the first dealer is a seat from 0 to 3, not {show(seat)}",
                    action,
                )
            return self._dealers[seat]
        if kind is Deal:
            order = getattr(action, "order", None)
            if (
                type(order) is not tuple
                or len(order) != 24
                or not all(type(i) is int for i in order)
                or sorted(order) != list(_DECK_RANGE)
            ):
                raise IllegalActionError(EuchreRule.E4, _BAD_DEAL, action="deal")
            return action  # type: ignore[return-value]
        raise NotationError(f"not an action of euchre: {show(action)}")

    def action_to_index(self, action: EuchreAction) -> int:
        """The integer code of ``action`` (a position in :meth:`all_actions`), every field checked.

        >>> game = EuchreGame()
        >>> game.action_to_index(Pass()), game.action_to_index(Play(Card.parse("9C")))
        (0, 37)
        >>> bad = OrderUp(alone=True)
        >>> object.__setattr__(bad, "alone", 1)  # tampered: the constructor refuses alone=1
        >>> game.action_to_index(bad)
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalActionError: rule E9 (going alone): OrderUp.alone must be True or False, not int 1 [action OrderUp(alone=1)]
        """
        checked = self.checked_action(action)
        code = self._code_of_id.get(id(checked), -1)
        if code < 0:
            raise NotationError(f"{show(action)}: a chance action has no code")
        return code

    def parse_action(self, text: str, state: EuchreState) -> Any:
        """Read an action from its notation; a named suit may also be a symbol or a word
        (``name ♥``, ``name hearts``), and ``no-trump`` / ``nt`` read as ``notrump``.

        ``text`` must be a ``str`` (else :class:`~cardrules.errors.NotationError`) and ``state`` a
        Euchre state (else :class:`~cardrules.errors.ArgumentTypeError`).
        """
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
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
    def _fresh_match(self, scores: object, single: bool) -> MatchInfo:
        if scores is None:
            return self._single0 if single else MatchInfo(self._score0, single, config=self.config)
        if type(scores) is not tuple and type(scores) is not list:
            raise ArgumentTypeError(f"scores must be a tuple of two ints, not {show(scores)}")
        if len(scores) != 2:
            raise ArgumentError(f"scores must hold one score per team (two), not {len(scores)}")
        for team, score in enumerate(scores):
            if type(score) is not int:
                raise ArgumentTypeError(f"scores[{team}] must be an int, not {show(score)}")
            if score < 0:
                raise ArgumentError(f"scores[{team}] must not be negative, not {score}")
        target = self.rules.target_score
        if any(score >= target for score in scores):
            # E16: a start at or over the target is refused.
            raise RulesError(
                f"E16: a match cannot start with a score at or over the target {target}, "
                f"not {scores[0]}-{scores[1]}"
            )
        if single and not any(scores):
            return self._single0  # one value for a fresh single hand, whichever way it is asked
        return MatchInfo(
            MatchScore.start(teams=2, target=target, scores=tuple(scores)),
            single,
            config=self.config,
        )

    def new_match(
        self, scores: Sequence[int] | None = None, dealer: int | None = None
    ) -> EuchreState:
        """A match to ``target_score``.

        ``scores`` starts from given team scores: two ints, not negative
        (:class:`~cardrules.errors.ArgumentTypeError`, :class:`~cardrules.errors.ArgumentError`)
        and both below the target (else :class:`~cardrules.errors.RulesError`, E16). ``dealer``
        ``None`` draws the first dealer by chance (E3, the first step); a seat 0-3 makes the first
        deal that seat's, with no draw.

        >>> game = EuchreGame()
        >>> game.to_move(game.new_match(scores=(8, 9), dealer=2)), game.new_match().phase
        (-1, 'choose_dealer')
        >>> game.new_match(scores=(3, 12))
        Traceback (most recent call last):
        ...
        cardrules.errors.RulesError: E16: a match cannot start with a score at or over the target 10, not 3-12
        """
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < 4):
            self.check_dealer(dealer)  # raises
        match = self._fresh_match(scores, single=False)
        if dealer is None:
            return self._before_deal("choose_dealer", CHANCE, -1, match)
        return self._before_deal("deal", CHANCE, dealer, match)

    def new_hand(
        self, dealer: int | None = None, scores: Sequence[int] | None = None
    ) -> EuchreState:
        """A single deal by ``dealer`` (``None``: chosen by chance); the state ends after the hand.

        ``dealer`` is ``None`` or an ``int`` seat 0-3 (not a ``bool``); ``scores`` as for
        :meth:`new_match`.

        >>> EuchreGame().new_hand(dealer=True)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentTypeError: dealer must be an int from 0 to 3, not bool True
        """
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < 4):
            self.check_dealer(dealer)  # raises
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
    # Every method checks its arguments before it touches them: a state is an EuchreState (an
    # inline ``type(state) is not EuchreState`` test, the cheapest there is), seats are ints 0-3
    # (not bools), an rng is a random.Random, and actions go through checked_action unless they
    # are the game's own interned objects (an identity test on the fast paths).
    def to_move(self, state: EuchreState) -> int | None:
        """The seat to act, :data:`CHANCE`, or ``None`` once over."""
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
        return state[1]

    def is_over(self, state: EuchreState) -> bool:
        """Whether the match (or the single hand) is over."""
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
        return state[0] == "over"

    def sample_chance(self, state: EuchreState, rng: random.Random) -> Deal | ChooseDealer:
        """The dealer draw (E3) or a uniform shuffle (E4, the core
        :func:`~cardrules.decks.shuffled_order`, ``"lehmer"``)."""
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
        if not isinstance(rng, _Random):
            check_rng(rng)  # type: ignore[unreachable]  # raises: not what the annotation says
        phase = state[0]
        if phase == "deal":
            return trusted_deal(shuffled_order(rng, 24, "lehmer"))
        if phase == "choose_dealer":
            return self._dealers[rng.randrange(4)]  # interned: the four draws are shared values
        raise IllegalActionError(EuchreRule.E4, "this is not a chance state")

    def legal_actions(self, state: EuchreState) -> tuple[EuchreAction, ...]:
        """The actions of the seat to move (empty at chance and terminal states).

        In revoke mode (E17, :class:`RevokeModeGame`) any held card may be played, and a seat whose
        opponents have an established revoke finds the claim among its legal actions when it is
        its turn.
        """
        if type(state) is not EuchreState:
            self.check_state(state)
        phase, seat, hands, trick, _, setup, match = state
        if match.config is not self.config:  # (on the unpacked part: cheaper than state[6])
            self.check_state(state)
        if phase == "play":
            assert seat is not None
            # E13: follow the led effective suit if able. Hot path: the legal cards as one
            # concatenation of two precomputed half-tables.
            hand = hands[seat]
            if trick:
                contract = setup.contract
                assert contract is not None
                # copy of rule E13: playable
                hand = hand & self._follow[contract.trump][trick[0]] or hand
            return self._plays_lo[hand & 4095] + self._plays_hi[hand >> 12]  # _play_list, inline
        if seat is None or seat == CHANCE:
            return ()
        if phase == "bidding":
            calls = setup.calls
            assert calls is not None
            if self._farmers and not calls.history:
                claims = self._specials(state, seat)  # E5: the mover may claim a farmer's hand too
                if claims:
                    return (*self._bids(state, seat, calls), *claims)
            # _bids, inline: the interned calling rounds' entry, else computed.
            info = self._chain.get(id(calls))
            if info is None:
                info = self._calls_info(calls)
            return info[6] or self._round2_by_up[setup.deal.upcard][info[2]]
        if phase == "discard":
            hand = discardable(
                hands[seat], setup.deal.upcard, may_discard_upcard=self._may_discard_up
            )
            # Once a hand: built afresh rather than cached per mask (a cache keyed by six-card
            # masks would grow to C(24, 6) entries over a long simulation).
            return tuple(self._discards[c] for c in iter_bits(hand))
        if phase == "defend":
            return (_PASS, _DEFEND)
        return ()

    def _bids(
        self, state: EuchreState, seat: int, calls: CallingRounds
    ) -> tuple[EuchreAction, ...]:
        """E6-E8, EV2 and EV3: the bids open to ``seat`` (the seat to move) in the current round."""
        info = self._chain.get(id(calls))
        if info is None:
            info = self._calls_info(calls)
        return info[6] or self._round2_by_up[state[5].deal.upcard][info[2]]

    def _calls_info(self, calls: CallingRounds) -> _CallsInfo:
        """What the engine needs of ``calls`` (not yet over); computed once per interned value."""
        seat = calls.to_move
        assert seat is not None
        after = _passed(calls, seat)
        round1: tuple[EuchreAction, ...] = ()
        if calls.round == 0:
            round1 = self._round1
            # EV2: with the Canadian loner the assisting partner must go alone (the dealer sits
            # just before the eldest, who speaks first).
            if must_go_alone(seat, (calls.first + 3) % 4, canadian_loner=self.rules.canadian_loner):
                round1 = self._round1_canadian
        stuck = not calls.may_pass
        return (calls, calls.round, stuck, after, after.to_move, after.all_passed, round1)

    def _play_list(self, mask: int) -> tuple[Play, ...]:
        # Two precomputed halves (12 bits each, 4,096 tuples apiece): one concatenation, and no
        # cache that would grow with every hand mask met in a long simulation.
        return self._plays_lo[mask & 4095] + self._plays_hi[mask >> 12]

    @staticmethod
    def _up_suit(state: EuchreState) -> Suit:
        suit = DECK.cards[state.deal.upcard].suit
        assert suit is not None
        return suit

    def out_of_turn_actions(self, state: EuchreState, seat: int) -> tuple[EuchreAction, ...]:
        """Farmer's-hand claims (E5) and revoke corrections and claims (E17) open to ``seat`` when it
        is not its turn (the seat to move finds them in :meth:`legal_actions`).

        ``seat`` must be an ``int`` seat 0-3 (not a ``bool``).
        """
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
        if type(seat) is not int or not 0 <= seat < 4:
            self.check_seat(seat)  # raises
        if seat == state[1]:
            return ()
        return self._specials(state, seat)

    def _specials(self, state: EuchreState, seat: int) -> tuple[EuchreAction, ...]:
        """The claims and corrections open to ``seat`` (a checked seat), whether or not it is its
        turn."""
        phase = state.phase
        if phase == "bidding":
            calls = state.calls
            if (
                self._farmers
                and calls is not None
                and not calls.history
                and self._is_farmers(state.hands[seat])
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
                # E17: the revoke is taken back for a card that follows suit (E13); the seat
                # could follow when it revoked and still holds those cards.
                follows = playable(state.hands[seat], state.trick[0], contract.trump)
                actions.extend(self._corrects[c] for c in iter_bits(follows))
        if self._claimable(state.revokes, seat, contract, state.tricks, state.leader, state.trick):
            actions.append(_CLAIM)
        return tuple(actions)

    @staticmethod
    def _claimable(
        revokes: tuple[Revoke, ...],
        claimer: int,
        contract: Contract,
        tricks: tuple[tuple[int, tuple[int, ...]], ...],
        leader: int,
        trick: tuple[int, ...],
    ) -> Revoke | None:
        """E17: the revoke a claim by ``claimer`` names, the earliest revoke of the claimer's
        opponents that is established and public (who sees a revoke: :func:`revoke_public`, in
        the hand whose tricks are these); ``None``: nothing to claim. Revokes are recorded in play
        order."""
        for revoke in revokes:
            if (
                revoke.established
                and (revoke.seat ^ claimer) & 1
                and revoke_public(revoke, contract, tricks, leader, trick, hand_over=False)
            ):
                return revoke
        return None

    def is_farmers_hand(self, hand: int) -> bool:
        """E5/D2: five 9s and 10s (``"redeal_all_9_10"``) or at least four (``"mixed_four"``).

        ``hand`` is a bitmask of card indices of the 24-card deck (an ``int`` from 0 to 2**24 - 1).

        >>> game = EuchreGame(EuchreRules(farmers_hand="redeal_all_9_10"))
        >>> game.is_farmers_hand(DECK.mask("9C 10C 9D 10D 9H"))
        True
        >>> game.is_farmers_hand(-1)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: hand must be from 0 to 16777215, not -1
        """
        check_int(hand, "hand", 0, _FULL_DECK)
        return self._is_farmers(hand)

    def _is_farmers(self, hand: int) -> bool:
        return is_farmers_hand(hand, four_suffice=self.rules.farmers_hand == "mixed_four")

    # -- transitions ----------------------------------------------------------------------------
    def apply(self, state: EuchreState, action: Any, seat: int | None = None) -> EuchreState:
        """The state after ``action`` by ``seat`` (default: the seat to move).

        Raises :class:`IllegalActionError` naming the rule, also for an action with a field of the
        wrong type or out of range (see :meth:`checked_action`); ``state`` is never changed. A
        value that is not a Euchre state, or a seat that is not ``None``, :data:`CHANCE` (at a
        chance step) or an ``int`` 0-3, raises :class:`~cardrules.errors.ArgumentTypeError` or
        :class:`~cardrules.errors.ArgumentError`; a value that is no action at all, a
        :class:`~cardrules.errors.NotationError`.
        """
        if type(state) is not EuchreState:
            self.check_state(state)
        phase, mover, hands, trick, progress, setup, match = state
        if match.config is not self.config:  # (on the unpacked part: cheaper than state[6])
            self.check_state(state)
        if seat is None or (type(seat) is int and seat == mover):
            # Fast paths, one per phase: the action is checked against the legal set (a bitmask
            # test, or identity with an interned action) and the next state built with one
            # tuple.__new__ call. Anything unusual (an equal but not interned action, a claim,
            # an illegal action) takes the checked general path below, which validates every
            # argument and raises the detailed error. (RevokeModeGame sends its plays to
            # _apply_play before they reach this path.)
            if phase == "play":
                assert mover is not None
                card = self._play_ids.get(id(action), -1)
                if card >= 0:
                    # The hottest path of all (E12-E14), inline: ints, bitmasks, one tuple.
                    hand = hands[mover]
                    contract = setup.contract
                    assert contract is not None
                    if trick:
                        # E13: the legal set is the led effective suit held, else the hand.
                        # copy of rule E13: playable
                        if not (hand & self._follow[contract.trump][trick[0]] or hand) >> card & 1:
                            return self._apply_play(state, mover, action, card)  # raises
                        trick = (*trick, card)
                    elif hand >> card & 1:
                        trick = (card,)
                    else:
                        return self._apply_play(state, mover, action, card)  # raises
                    hand ^= 1 << card
                    h0, h1, h2, h3 = hands
                    if mover == 0:
                        hands = (hand, h1, h2, h3)
                    elif mover == 1:
                        hands = (h0, hand, h2, h3)
                    elif mover == 2:
                        hands = (h0, h1, hand, h3)
                    else:
                        hands = (h0, h1, h2, hand)
                    out = contract.out
                    if not out:  # four players: the next seat is simply the one to the left
                        if len(trick) < 4:
                            return _new(
                                EuchreState,
                                ("play", (mover + 1) & 3, hands, trick, progress, setup, match),
                            )
                    elif len(trick) < self._active[out]:
                        return _new(
                            EuchreState,
                            ("play", self._next[out][mover], hands, trick, progress, setup, match),
                        )
                    # The trick is complete (E14), inline and unrolled; no revokes in strict
                    # mode (see _complete_trick): the card of the highest key wins.
                    # copy of rule E14: trick_winner
                    leader, tricks, won = progress
                    keys = self._win_keys[contract.trump][trick[0]]
                    pos, best = 0, keys[trick[0]]
                    k = keys[trick[1]]
                    if k > best:
                        pos, best = 1, k
                    if not out:
                        k = keys[trick[2]]
                        if k > best:
                            pos, best = 2, k
                        if keys[trick[3]] > best:
                            pos = 3
                        winner = (leader + pos) % 4
                    else:
                        # A lone hand: three cards (two when a defender also plays alone).
                        if len(trick) == 3 and keys[trick[2]] > best:
                            pos = 2
                        winner = self._seat_at[out][leader][pos]
                    won0, won1 = won
                    won = (won0, won1 + 1) if winner & 1 else (won0 + 1, won1)
                    progress = _new(Progress, (winner, (*tricks, (leader, trick)), won))
                    if len(tricks) < 4:
                        return _new(
                            EuchreState, ("play", winner, hands, (), progress, setup, match)
                        )
                    # The last trick: score the hand (E15).
                    result = self._hand_result(contract, won[contract.maker & 1])
                    if match is self._single0:
                        entry = self._single_over.get(id(result))
                        if entry is not None:
                            return _new(
                                EuchreState,
                                ("over", None, hands, (), progress, setup, entry[1]),
                            )
                    played = _new(EuchreState, ("play", None, hands, (), progress, setup, match))
                    next_dealer = (setup.deal.dealer + 1) % 4
                    return self._end_hand(played, result, next_dealer, setup.calls)
            elif mover == CHANCE:
                if phase == "deal" and type(action) is Deal:
                    try:
                        order = action.order
                    except AttributeError:  # a Deal built without its field
                        order = None
                    return self._deal(state, order)  # checks the order
                if phase == "choose_dealer" and match is self._single0:
                    dealer = self._dealer_ids.get(id(action), -1)
                    if dealer >= 0:
                        return self._fresh_hands[dealer]  # E3: the fresh hand of that dealer
            elif phase == "bidding":
                assert mover is not None
                calls = setup.calls
                assert calls is not None
                info = self._chain.get(id(calls))
                if info is None:
                    info = self._calls_info(calls)
                legal = info[6] or self._round2_by_up[setup.deal.upcard][info[2]]
                for candidate in legal:
                    if candidate is action:
                        return self._apply_bid(state, mover, candidate, info)
            elif phase == "discard":
                assert mover is not None
                card = self._discard_ids.get(id(action), -1)
                if (
                    card >= 0
                    and discardable(
                        hands[mover], setup.deal.upcard, may_discard_upcard=self._may_discard_up
                    )
                    >> card
                    & 1
                ):
                    return self._discard(state, mover, card)
        # The general path: the seat, then every field of the action, are checked before use;
        # from here on ``action`` is the game's own interned object (or a chance action).
        if seat is not None and (type(seat) is not int or not 0 <= seat < 4):
            if type(seat) is not int:
                self.check_seat(seat)  # raises (before any == on a value of unknown type)
            self.check_actor(state, seat, mover)  # CHANCE at a chance step, else raises
        try:
            action = self.checked_action(action)
        except IllegalActionError as exc:
            if mover is None or mover == CHANCE or seat == CHANCE:
                raise
            # A malformed action of a seat: the error lists what that seat may do instead (its
            # own options only, never another seat's cards).
            actor = mover if seat is None else seat
            legal = self.legal_actions(state) if actor == mover else self._specials(state, actor)
            raise IllegalActionError(
                exc.rule, exc.why, action=exc.action, seat=actor, legal=legal
            ) from None
        if mover == CHANCE and (seat is None or seat == CHANCE):
            return self._apply_chance(state, action)
        if type(action) is FarmersHandClaim or type(action) is CorrectRevoke or action is _CLAIM:
            return self._apply_out_of_turn(state, action, mover if seat is None else seat)
        if mover is None:
            raise IllegalActionError(EuchreRule.E16, "the game is over", action=action, seat=seat)
        actor = mover if seat is None else seat
        if actor != mover:
            who = "chance" if mover == CHANCE else f"seat {mover}"
            rule = EuchreRule.E12 if phase == "play" else EuchreRule.E6
            # The seat learns only what it may do itself: its out-of-turn actions, never the
            # mover's cards.
            legal = () if actor == CHANCE else self._specials(state, actor)
            raise IllegalActionError(
                rule, f"it is {who}'s turn", action=action, seat=actor, legal=legal
            )
        if mover == CHANCE:
            return self._apply_chance(state, action)
        if phase == "play" and type(action) is Play:
            return self._apply_play(state, mover, action, self._play_ids[id(action)])
        if phase == "bidding":
            calls = setup.calls
            assert calls is not None
            info = self._chain.get(id(calls))
            if info is None:
                info = self._calls_info(calls)
            legal = info[6] or self._round2_by_up[setup.deal.upcard][info[2]]
            for candidate in legal:
                if candidate is action:
                    return self._apply_bid(state, mover, candidate, info)
            # The error path only: every legal action of the seat, the claims included.
            raise self._bid_error(state, mover, action, self.legal_actions(state))
        if phase == "discard":
            return self._apply_discard(state, mover, action)
        if phase == "defend":
            return self._apply_defend(state, mover, action)
        # The rule cited is the one that says when such an action is taken (a bid in the play
        # phase breaks no follow rule: it comes after the bidding is over).
        rule = _PHASE_RULES.get(type(action), EuchreRule.E12 if phase == "play" else EuchreRule.E6)
        try:
            written = self.format_action(action)
        except CardrulesError:
            written = show(action)
        raise IllegalActionError(
            rule,
            f"{written} is not an action of the {phase} phase"
            + (": the bidding is over, play a card" if phase == "play" else ""),
            action=action,
            seat=actor,
            legal=self.legal_actions(state),
        )

    def _off_suit_play(
        self, state: EuchreState, seat: int, action: Play, card: int, legal: int
    ) -> Setup:
        """The illegal-play hook: ``seat`` plays ``card`` although it can follow suit (``legal``:
        the cards it may play). Strict play refuses it (E13); :class:`RevokeModeGame` records a
        revoke instead and returns the hand's new :class:`Setup`."""
        raise self._follow_error(state, seat, action, legal)

    def _apply_play(self, state: EuchreState, seat: int, action: Any, card: int) -> EuchreState:
        """E12-E14: ``seat`` plays ``card`` (a deck index): the checked general path of a play
        (strict play's fast path is inlined in :meth:`apply`; every play of revoke mode)."""
        _, _, hands, trick, progress, setup, match = state
        hand = hands[seat]
        if not hand >> card & 1:
            raise IllegalActionError(
                EuchreRule.E13,
                f"seat {seat} does not hold {action.card}",
                action=action,
                seat=seat,
                legal=self.legal_actions(state),
            )
        contract = setup.contract
        assert contract is not None
        if trick:
            legal = playable(hand, trick[0], contract.trump)  # E13
            if not legal >> card & 1:
                setup = self._off_suit_play(state, seat, action, card, legal)  # E17 hook
            trick = (*trick, card)
        else:
            trick = (card,)
        hand ^= 1 << card
        h0, h1, h2, h3 = hands
        if seat == 0:
            hands = (hand, h1, h2, h3)
        elif seat == 1:
            hands = (h0, hand, h2, h3)
        elif seat == 2:
            hands = (h0, h1, hand, h3)
        else:
            hands = (h0, h1, h2, hand)
        if setup.shown[seat] >> card & 1:  # a card shown by a correction (E17) is played
            shown = tuple(m & ~(1 << card) for m in setup.shown)
            setup = Setup(setup.deal, setup.calls, contract, setup.revokes, shown, setup.corrected)
        out = contract.out
        if len(trick) < self._active[out]:
            return _new(
                EuchreState,
                ("play", self._next[out][seat], hands, trick, progress, setup, match),
            )
        return self._complete_trick(state, hands, trick, setup)

    def _apply_chance(self, state: EuchreState, action: Any) -> EuchreState:
        """A chance step with a checked action (:meth:`checked_action`)."""
        phase = state[0]
        if phase == "choose_dealer":
            if type(action) is not ChooseDealer:
                raise IllegalActionError(
                    EuchreRule.E3, "the first step draws the dealer (seat 0-3)", action=action
                )
            return self._before_deal("deal", CHANCE, action.seat, state.match)
        if type(action) is not Deal:
            raise IllegalActionError(EuchreRule.E4, "the next step is a deal", action=action)
        return self._deal(state, action.order)

    def deal(self, state: EuchreState, order: Sequence[int]) -> EuchreState:
        """E4: deal the stream in packets; the kitty is ``order[20:24]``, the up-card ``order[20]``.

        ``state`` must be at its deal step; ``order`` a tuple holding each card index 0-23 once
        (else :class:`IllegalActionError`, rule E4). ``apply(state, Deal(order))`` is the same.

        >>> game = EuchreGame()
        >>> game.deal(game.new_hand(dealer=0), tuple(range(24))).to_move
        1
        >>> game.deal(game.new_hand(dealer=0), (*range(23), True))
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalActionError: rule E4 (the deal): a deal must order all 24 cards once (as int indices) [action deal]
        """
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
        if state[0] != "deal":
            raise IllegalActionError(EuchreRule.E4, f"this is not a deal step (phase {state[0]})")
        return self._deal(state, order)

    def _deal(self, state: EuchreState, order: object) -> EuchreState:
        """:meth:`deal` at a state known to be at its deal step; ``order`` is checked here."""
        dealer = state[5].deal.dealer
        full = -1
        if type(order) is tuple and len(order) == 24:
            # The stream in receiver order (eldest first), then the up-card and the kitty.
            # fmt: off
            (
                a0, a1, a2, a3, a4, b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4,
                up, k0, k1, k2,
            ) = self._by_receiver(order)
            # Exact ints only (a bool or an int-like object would pass for its int), then each
            # one's bit from a table: a value out of 0-23 is absent (KeyError).
            if (
                int is type(a0) is type(a1) is type(a2) is type(a3) is type(a4) is type(b0)
                is type(b1) is type(b2) is type(b3) is type(b4) is type(c0) is type(c1)
                is type(c2) is type(c3) is type(c4) is type(d0) is type(d1) is type(d2)
                is type(d3) is type(d4) is type(up) is type(k0) is type(k1) is type(k2)
            ):
                bit = _BIT
                try:
                    r0 = bit[a0] | bit[a1] | bit[a2] | bit[a3] | bit[a4]
                    r1 = bit[b0] | bit[b1] | bit[b2] | bit[b3] | bit[b4]
                    r2 = bit[c0] | bit[c1] | bit[c2] | bit[c3] | bit[c4]
                    r3 = bit[d0] | bit[d1] | bit[d2] | bit[d3] | bit[d4]
                    kitty = bit[k0] | bit[k1] | bit[k2]
                    full = r0 | r1 | r2 | r3 | kitty | bit[up]
                except KeyError:
                    full = -1
            # fmt: on
        # 24 cards whose bits cover the whole deck: each index 0-23 exactly once.
        if full != _FULL_DECK:
            raise IllegalActionError(EuchreRule.E4, _BAD_DEAL, action="deal")
        first = (dealer + 1) % 4
        # Seat (first + r) % 4 receives the r-th packet sequence.
        if first == 0:
            hands = (r0, r1, r2, r3)
        elif first == 1:
            hands = (r3, r0, r1, r2)
        elif first == 2:
            hands = (r2, r3, r0, r1)
        else:
            hands = (r1, r2, r3, r0)
        deal = _new(DealInfo, (dealer, up, kitty, -1))
        setup = _new(Setup, (deal, self._calls0[first], None, (), _NO_SHOWN, ()))
        return _new(EuchreState, ("bidding", first, hands, (), NO_PROGRESS, setup, state[6]))

    def _apply_bid(
        self, state: EuchreState, seat: int, action: EuchreAction, info: _CallsInfo
    ) -> EuchreState:
        """A legal bid (``action`` is the interned one from the legal set)."""
        _, _, hands, _, _, setup, match = state
        calls = info[0]
        deal = setup.deal
        dealer = deal.dealer
        if action is _PASS:
            after, to_move, all_passed = info[3], info[4], info[5]
            if not all_passed:
                return _new(
                    EuchreState,
                    (
                        "bidding",
                        to_move,
                        hands,
                        (),
                        NO_PROGRESS,
                        _new(Setup, (deal, after, None, (), _NO_SHOWN, ())),
                        match,
                    ),
                )
            # E8 off / D7: eight passes throw the hand in; nobody scores.
            result = HandResult((0, 0), "E8: all passed, the hand is thrown in")
            same = self.rules.all_pass == "same_dealer"
            return self._end_hand(
                state, result, dealer_after_throw_in(dealer, same_dealer=same), after
            )
        key = (id(calls), id(action))
        called = self._after_call.get(key)
        if called is None:
            called = calls.call(seat, action)
            if self._chain.get(id(calls)) is not None:
                # Both keys are interned (held by the game), so their ids stay theirs.
                self._after_call[key] = called
        trump: Suit | None
        if isinstance(action, OrderUp):
            trump = self._up_suits[deal.upcard]
        elif isinstance(action, NameTrump):
            trump = action.suit
        else:
            assert isinstance(action, NameNoTrump)
            trump = None  # EV3
        alone = action.alone
        picked = isinstance(action, OrderUp) and dealer_picks_up(seat, alone, dealer)
        contract = self._contract(trump, seat, alone, picked)
        if picked:
            # E6: the dealer takes the up-card and discards (E9: not when the dealer sits out).
            h = list(hands)
            h[dealer] |= 1 << deal.upcard
            return _new(
                EuchreState,
                (
                    "discard",
                    dealer,
                    tuple(h),
                    (),
                    NO_PROGRESS,
                    _new(Setup, (deal, called, contract, (), _NO_SHOWN, ())),
                    match,
                ),
            )
        return self._after_contract(state, hands, deal, called, contract)

    def _contract(self, trump: Suit | None, maker: int, alone: bool, picked: bool) -> Contract:
        """The (interned) contract of a bid: ``alone`` puts the maker's partner out (E9)."""
        key = (trump, maker, alone, picked)
        contract = self._contracts.get(key)
        if contract is None:
            out = sitting_out(maker, alone)
            contract = self._contracts[key] = Contract(trump, maker, alone, out, -1, picked)
        return contract

    def _bid_error(
        self, state: EuchreState, seat: int, action: Any, legal: Sequence[EuchreAction]
    ) -> IllegalActionError:
        calls = state.calls
        assert calls is not None
        dealer = state.deal.dealer
        if isinstance(action, Pass) and not calls.may_pass:
            why, rule = "the dealer is stuck and must name trump", EuchreRule.E8
        elif calls.round == 0 and isinstance(action, NameTrump | NameNoTrump):
            why, rule = "round one only accepts or passes the up-card's suit", EuchreRule.E6
        elif calls.round == 1 and isinstance(action, OrderUp):
            why, rule = "the up-card was turned down; name another suit", EuchreRule.E7
        elif (
            isinstance(action, OrderUp)
            and not action.alone
            and must_go_alone(seat, dealer, canadian_loner=self.rules.canadian_loner)
        ):
            why, rule = "with the Canadian loner the dealer's partner must go alone", EuchreRule.EV2
        elif isinstance(action, NameNoTrump):
            why, rule = "no-trump is not allowed (no_trump=False)", EuchreRule.EV3
        elif isinstance(action, NameTrump) and action.suit == self._up_suit(state):
            why, rule = f"the turned-down suit {action.suit.symbol} cannot be named", EuchreRule.E7
        else:
            why, rule = f"not a bid: {action!r}", EuchreRule.E6
        return IllegalActionError(rule, why, action=action, seat=seat, legal=legal)

    def _with_bidding(
        self, state: EuchreState, to_move: int | None, calls: CallingRounds
    ) -> EuchreState:
        setup = Setup(state.setup.deal, calls)
        return EuchreState("bidding", to_move, state.hands, (), NO_PROGRESS, setup, state.match)

    def _apply_discard(self, state: EuchreState, seat: int, action: Any) -> EuchreState:
        """The general path of a discard (a checked action): the rule id of what is wrong."""
        if type(action) is not Discard:
            raise IllegalActionError(
                EuchreRule.E6,
                "the dealer must discard one card",
                action=action,
                seat=seat,
                legal=self.legal_actions(state),
            )
        card = self._discard_ids[id(action)]
        if not state.hands[seat] >> card & 1:
            raise IllegalActionError(
                EuchreRule.E6,
                f"the dealer does not hold {action.card}",
                action=action,
                seat=seat,
                legal=self.legal_actions(state),
            )
        if card == state.deal.upcard and not self._may_discard_up:
            raise IllegalActionError(
                EuchreRule.D3,
                "the dealer may not discard the up-card",
                action=action,
                seat=seat,
                legal=self.legal_actions(state),
            )
        return self._discard(state, seat, card)

    def _discard(self, state: EuchreState, seat: int, card: int) -> EuchreState:
        """E6: the dealer buries ``card`` (already checked legal)."""
        _, _, hands, _, _, setup, match = state
        h = list(hands)
        h[seat] &= ~(1 << card)
        d = setup.deal
        contract = setup.contract
        calls = setup.calls
        assert contract is not None
        assert calls is not None
        deal = _new(DealInfo, (d.dealer, d.upcard, d.kitty, card))
        if not contract.alone:
            # The common case, inline: eldest leads (E12) and nobody is asked to defend alone.
            eldest = (d.dealer + 1) % 4
            setup = _new(
                Setup, (deal, calls, contract, setup.revokes, setup.shown, setup.corrected)
            )
            return _new(
                EuchreState,
                (
                    "play",
                    eldest,
                    tuple(h),
                    (),
                    _new(Progress, (eldest, (), (0, 0))) if eldest else NO_PROGRESS,
                    setup,
                    match,
                ),
            )
        return self._after_contract(state, tuple(h), deal, calls, contract)

    def _first_defender(self, dealer: int, contract: Contract) -> int:
        return first_defender(dealer, contract.maker)

    def _after_contract(
        self,
        state: EuchreState,
        hands: tuple[int, ...],
        deal: DealInfo,
        calls: CallingRounds,
        contract: Contract,
    ) -> EuchreState:
        if contract.alone and self.rules.defend_alone:
            # EV1: each defender is asked in turn, from the dealer's left.
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
        raise IllegalActionError(
            EuchreRule.EV1,
            "answer 'defend alone' or 'pass'",
            action=action,
            seat=seat,
            legal=self.legal_actions(state),
        )

    def first_leader(self, dealer: int, contract: Contract) -> int:
        """E12 / D4: the first active seat clockwise from the dealer's left.

        With ``lone_lead="left_of_lone_player"``, when eldest sits out because its partner went
        alone, the seat left of the lone maker (the dealer) leads instead, if it is active.

        >>> EuchreGame().first_leader(0, Contract(Suit.HEARTS, maker=3, alone=True, out=1 << 1))
        2
        """
        check_seat(dealer, 4, "dealer")
        check_contract(contract)
        return self._first_leader(dealer, contract)

    def _first_leader(self, dealer: int, contract: Contract) -> int:
        return first_leader(
            dealer,
            contract.maker,
            contract.alone,
            contract.out,
            left_of_lone=self.rules.lone_lead == "left_of_lone_player",
        )

    def _start_play(
        self,
        state: EuchreState,
        hands: tuple[int, ...],
        deal: DealInfo,
        calls: CallingRounds,
        contract: Contract,
    ) -> EuchreState:
        leader = self._first_leader(deal.dealer, contract)
        progress = _new(Progress, (leader, (), (0, 0))) if leader else NO_PROGRESS
        setup = state[5]
        setup = _new(Setup, (deal, calls, contract, setup.revokes, setup.shown, setup.corrected))
        return _new(EuchreState, ("play", leader, hands, (), progress, setup, state[6]))

    def _follow_error(
        self, state: EuchreState, seat: int, action: Play, following: int
    ) -> IllegalActionError:
        assert state.contract is not None
        led = self._orders[state.contract.trump].effective_suits[state.trick[0]]
        symbol = led.symbol if led is not None else "?"
        return IllegalActionError(
            EuchreRule.E13,
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
        progress = state[4]
        # E14: the highest trump, else the highest card of the led (effective) suit.
        pos = trick_winner(trick, contract.trump)
        leader, tricks, (won0, won1) = progress
        winner = self._seat_at[contract.out][leader][pos]
        won = (won0 + 1, won1) if winner % 2 == 0 else (won0, won1 + 1)
        tricks = (*tricks, (leader, trick))
        revokes = setup.revokes
        if revokes:
            # E17: the last card of a trick establishes its pending revokes.
            revokes = tuple(
                r if r.established else Revoke(r.trick_no, r.seat, r.card, True) for r in revokes
            )
            setup = Setup(setup.deal, setup.calls, contract, revokes, setup.shown, setup.corrected)
        progress = _new(Progress, (winner, tricks, won))
        match = state[6]
        if len(tricks) < 5:
            return _new(EuchreState, ("play", winner, hands, (), progress, setup, match))
        if revokes:
            result = revoke_penalty(contract, revokes[0].seat)
        else:
            result = self._hand_result(contract, won[contract.maker % 2])
            if match is self._single0:
                # The end of a fresh single hand: its final match value is interned by result.
                entry = self._single_over.get(id(result))
                if entry is not None:
                    return _new(EuchreState, ("over", None, hands, (), progress, setup, entry[1]))
        played = _new(EuchreState, ("play", None, hands, (), progress, setup, match))
        return self._end_hand(played, result, (setup.deal.dealer + 1) % 4, setup.calls)

    def hand_result(self, contract: Contract, maker_tricks: int) -> HandResult:
        """The result of a played-out hand (:func:`score_hand`), interned by what it depends on.

        >>> EuchreGame().hand_result(Contract(Suit.HEARTS, 1, alone=True, out=1 << 3), 5).points
        (0, 4)
        >>> EuchreGame().hand_result(Contract(Suit.HEARTS, 1, alone=True, out=1 << 3), 6)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: maker_tricks must be from 0 to 5, not 6
        """
        check_contract(contract)
        check_int(maker_tricks, "maker_tricks", 0, 5)
        return self._hand_result(contract, maker_tricks)

    def _hand_result(self, contract: Contract, maker_tricks: int) -> HandResult:
        key = (contract.maker % 2, contract.alone, contract.lone_defender >= 0, maker_tricks)
        result = self._results.get(key)
        if result is None:
            result = self._results[key] = score_hand(self.rules, contract, maker_tricks)
            # The end of a fresh single hand with this result, built once (see _end_hand); the
            # entry holds the result, so its id stays its own.
            # Every finished hand counts in ``score.hands`` (the hand number of its report).
            score = self._score0.add(result.points)
            self._single_over[id(result)] = (
                result,
                MatchInfo(score, True, result, config=self.config),
            )
        return result

    def _end_hand(
        self,
        state: EuchreState,
        result: HandResult,
        next_dealer: int,
        calls: CallingRounds | None,
        claimer: int = -1,
    ) -> EuchreState:
        """Credit ``result`` (E15/E16); a single hand or a won match ends, else the next deal.

        The hand is kept in the match part (:class:`FinishedHand`) for :meth:`hand_report`, except
        at the end of a fresh single hand played out, whose over state holds it already.
        """
        _, _, hands, trick, progress, setup, match = state
        if setup.calls is not calls:
            setup = Setup(
                setup.deal, calls, setup.contract, setup.revokes, setup.shown, setup.corrected
            )
        if match is self._single0:
            # A fresh single hand (the common case of bots and benchmarks): its final match value
            # depends on the result only, and interned results make that a lookup.
            entry = self._single_over.get(id(result))
            if entry is not None:
                return _new(EuchreState, ("over", None, hands, trick, progress, setup, entry[1]))
        score = match.score.add(result.points)
        record = FinishedHand(hands, trick, progress, setup, match.score.scores, claimer)
        if match.single_hand or score.is_over:
            final = MatchInfo(score, match.single_hand, result, record, match.config)
            return _new(EuchreState, ("over", None, hands, trick, progress, setup, final))
        return self._before_deal(
            "deal", CHANCE, next_dealer, MatchInfo(score, False, result, record, match.config)
        )

    def _apply_out_of_turn(self, state: EuchreState, action: Any, seat: int | None) -> EuchreState:
        """A claim or a correction (a checked action) by ``seat`` (a checked seat, or the mover)."""
        rule = EuchreRule.E5 if isinstance(action, FarmersHandClaim) else EuchreRule.E17
        if seat is None or seat < 0 or action not in self._specials(state, seat):
            raise IllegalActionError(
                rule,
                "this claim or correction is not open to that seat now",
                action=action,
                seat=seat,
                legal=(
                    ()
                    if seat is None or seat < 0
                    else self.legal_actions(state)
                    if seat == state.to_move
                    else self._specials(state, seat)
                ),
            )
        if isinstance(action, FarmersHandClaim):
            # E5: no score, the same dealer deals again.
            result = HandResult((0, 0), f"E5: farmer's hand claimed by seat {seat}, redeal")
            return self._end_hand(state, result, state.deal.dealer, state.calls, seat)
        contract = state.contract
        assert contract is not None
        if isinstance(action, ClaimRevoke):
            # E17 (who claims): the claim names the earliest established revoke of the claimer's
            # opponents, never one of its own side, even an earlier one.
            named = self._claimable(
                state.revokes, seat, contract, state.tricks, state.leader, state.trick
            )
            assert named is not None  # the claim is open (checked above)
            return self._end_hand(
                state,
                revoke_penalty(contract, named.seat, claimer=seat),
                (state.deal.dealer + 1) % 4,
                state.calls,
                seat,
            )
        return self._correct(state, seat, _CARD_IDS[id(action.card)])

    def _correct(self, state: EuchreState, seat: int, card: int) -> EuchreState:
        """E17: the revoking card returns to the hand, ``card`` takes its place, later cards of
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
        shown[seat] &= ~(1 << card)  # a shown card played as the correction is no longer held
        trick = (*state.trick[:pos], card)
        trick_no = len(state.tricks)
        # Kept for the hand report: public, every seat saw the card played and taken back.
        corrected = (*state.corrected, CorrectedRevoke(trick_no, seat, state.trick[pos], card))
        revokes = tuple(
            r
            for r in state.revokes
            if r.established or r.trick_no != trick_no or r.seat not in seats[pos:]
        )
        return make_state(
            "play", nxt[seat], tuple(hands), state.leader, trick, state.tricks, state.won,
            state.deal, state.calls, contract, state.match, revokes, tuple(shown), corrected,
        )  # fmt: skip

    # -- positions and reports (cold code: position.py, report.py) ------------------------------
    def position(
        self,
        *,
        dealer: int | None = None,
        hands: SeatCards | None = None,
        upcard: Card | str | None = None,
        kitty: CardsLike | None = None,
        discard: Card | str | None = None,
        calls: str | Sequence[str] | None = None,
        trump: Suit | str | None = None,
        maker: int | None = None,
        alone: bool | None = None,
        lone_defender: int | None = None,
        defend: str | Sequence[str] | None = None,
        tricks: Sequence[TrickLike] = (),
        trick: TrickLike | None = None,
        shown: SeatCards | None = None,
        corrected: str | Sequence[str | tuple[int, Card | str, Card | str, int]] | None = None,
        claimed_by: int | None = None,
        scores: Sequence[int] | None = None,
        match: bool = False,
        played: int = 0,
        last: Mapping[str, Any] | None = None,
    ) -> EuchreState:
        """Build a reachable state from plain values, replaying it through the rules.

        The hand: ``dealer``; ``hands`` now (four card groups by seat — notation strings, card
        lists, a ``/``-separated text or a mapping seat -> cards; ``None``: not dealt yet);
        ``upcard`` and ``kitty`` (the 3 face-down cards, or all 4 in order, the up-card first);
        ``discard`` (the dealer's, after picking up); the bidding as ``calls`` (moves in
        notation, from the dealer's left: ``"pass, pass, order alone"``) **or** as the contract
        ``trump`` (a suit, or ``"NT"``), ``maker``, ``alone`` and ``lone_defender``; ``defend``,
        the answers to a lone maker (``"pass, alone"``; from the contract fields, defenders who
        play with no lone defender declined); the completed ``tricks`` (each its cards in play
        order, or ``(leader, cards)``) and the ``trick`` in progress; in revoke mode the revokes
        ``corrected`` (oldest first, each ``"SEAT: CARD > REPLACEMENT @ TRICK"`` or a tuple
        ``(seat, card, replacement, trick)``, the trick from 1: the seat revoked ``card`` and
        took it back for ``replacement``, the card it has in that trick now or played since) and
        the cards ``shown`` by corrections (the revoked card until played, and cards handed back
        to the seats that had played after the offender); ``claimed_by``: the seat whose claim
        ended the hand (a farmer's hand before any call, else a revoke). The match: ``match`` (``False``: a single hand),
        ``scores`` and ``played`` (hands finished) before the first hand given, and ``last``,
        the last finished hand of a match (a mapping of the hand fields above).

        Cards held are worked out back to the deal (the whole deck once, five to each seat), then
        the deal, calls, discard, answers, plays and claim are applied by the engine: a
        :class:`~cardrules.PositionError` names the rule a position breaks (a play that does not
        follow suit in strict mode: E13), a :class:`~cardrules.NotationError` a value that does
        not read; :meth:`parse_position` raises the same errors.

        >>> game = EuchreGame()
        >>> s = game.position(dealer=0, hands=["9C 10C JC QC KC", "JH JD AH KH QH",
        ...     "9H 10H AD KD QD", "9S 10S JS QS KS"], upcard="AS", kitty="AC 9D 10D",
        ...     trump="H", maker=1)
        >>> s.phase, s.to_move, game.format_action(game.legal_actions(s)[0])
        ('play', 1, 'play JD')
        >>> game.position(dealer=0, hands=["9C 10C JC QC KC", "JH AH KH QH",
        ...     "9H 10H AD KD", "9S 10S JS QS KS"], upcard="AS", kitty="AC 9D 10D",
        ...     trump="H", maker=1, trick="JD QD")
        Traceback (most recent call last):
        ...
        cardrules.errors.PositionError: position: rule E13 (follow suit): hand: trick 1, QD: must follow ♥ (holds 9H 10H)
        """
        from cardrules.games.euchre.position import build, hand_spec

        fields = {
            "dealer": dealer, "hands": hands, "upcard": upcard, "kitty": kitty,
            "discard": discard, "calls": calls, "trump": trump, "maker": maker, "alone": alone,
            "lone_defender": lone_defender, "defend": defend, "tricks": tricks, "trick": trick,
            "shown": shown, "corrected": corrected, "claimed_by": claimed_by,
        }  # fmt: skip
        if last is not None and not isinstance(last, Mapping):
            raise ArgumentTypeError(f"last must be a mapping of hand fields, not {show(last)}")
        return build(
            self,
            match=match,
            scores=scores,
            played=played,
            last=None if last is None else hand_spec(last, "last hand"),
            current=hand_spec(fields),
        )

    def position_text(self, state: EuchreState) -> str:
        """The one-line text of ``state``, any state reachable in play; :meth:`parse_position`
        reads it back exactly.

        The shared grammar (:mod:`cardrules.positions`): the phase, ``match`` or ``hand``, then
        ``key=value`` fields — ``dealer``, ``scores`` and ``done`` (the score sheet when the hand
        began), ``hands`` (seats 0-3 joined by ``/``, ``-`` for none), ``up``, ``kitty`` (face
        down), ``calls`` (``p`` for a pass), ``discard``, ``defend``, ``tricks``
        (``LEADER:c,c`` joined by ``/``), ``trick`` (in progress), ``corrected`` (revokes taken
        back, ``SEAT:CARD>REPLACEMENT@TRICK``), ``shown`` and ``claim``; then ``| last …``, the
        last finished hand of a match once the state has moved on.

        >>> game = EuchreGame()
        >>> game.position_text(game.new_match(scores=(8, 9), dealer=2))
        'deal match dealer=2 scores=8,9'
        """
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
        from cardrules.games.euchre.position import position_text

        return position_text(self, state)

    def parse_position(self, text: str) -> EuchreState:
        """The state written by :meth:`position_text` (its fields may come in any order).

        The old form (``hand | dealer 0; hands …``) is still read, for one release, with a
        :class:`DeprecationWarning`.

        >>> game = EuchreGame()
        >>> game.parse_position("deal match dealer=2 scores=8,9") == game.new_match(
        ...     scores=(8, 9), dealer=2)
        True
        >>> game.parse_position("deal hand dealer=5")
        Traceback (most recent call last):
        ...
        cardrules.errors.NotationError: hand: dealer must be at most 3, not 5
        """
        from cardrules.games.euchre.position import parse_text

        return parse_text(self, text)

    def hand_report(self, state: EuchreState) -> HandReport | None:
        """The account of the last finished hand: its :class:`EuchreStatus`, contract, tricks,
        scoring items with their rule ids, revokes and the match scores around it — at the end of
        a hand, between the hands of a match and at its end (``None`` before any hand finished).

        >>> from cardrules.testing import play_moves
        >>> game = EuchreGame()
        >>> s = game.parse_position(
        ...     "bidding match dealer=0 scores=3,4 hands=JD,JH,QH,KH,AH/9C,10C,JC,QC,KC/"
        ...     "QD,KD,AD,9H,10H/9S,10S,JS,QS,KS up=AS kitty=AC,9D,10D")
        >>> game.hand_report(s) is None
        True
        >>> s = play_moves(game, s, "order; discard AS")
        >>> while game.to_move(s) != CHANCE:
        ...     s = game.apply(s, game.legal_actions(s)[0])
        >>> report = game.hand_report(s)
        >>> report.status, report.contract.detail, report.points, report.scores_after
        (<EuchreStatus.MARCH: 'march'>, 'ordered up', (0, 2), (3, 6))
        >>> [(item.side, item.rule, item.what) for item in report.items]
        [(1, <EuchreRule.E15: 'E15'>, 'march: the makers take all 5 tricks')]
        """
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
        from cardrules.games.euchre.report import hand_report

        return hand_report(self, state)

    # -- results --------------------------------------------------------------------------------
    def outcome(self, state: EuchreState) -> Outcome | None:
        """A single hand: the points it scored; a match: the final scores and the winners."""
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
        if state[0] != "over":
            return None
        match = state[6]
        if match.single_hand:
            last = match.last
            return self._points_outcome(last.points if last is not None else (0, 0))
        return Outcome.for_match(TEAMS, match.score)

    def hand_outcome(self, points: Sequence[int]) -> Outcome:
        """The outcome of one hand that scored ``points``; returns are the difference scaled to ±1.

        ``points`` are two ints, one per team, from 0 to the widest swing of a hand (4, or the
        ``lone_defender_points``). Outcomes are immutable values, interned by ``points``.

        >>> EuchreGame().hand_outcome((0, 2)).returns
        (-0.5, 0.5, -0.5, 0.5)
        """
        if type(points) is not tuple and type(points) is not list:
            raise ArgumentTypeError(f"points must be a tuple of two ints, not {show(points)}")
        if len(points) != 2:
            raise ArgumentError(f"points must hold one figure per team (two), not {len(points)}")
        for team, value in enumerate(points):
            check_int(value, f"points[{team}]", 0, self._scale)
        return self._points_outcome(tuple(points))

    def _points_outcome(self, points: tuple[int, ...]) -> Outcome:
        """:meth:`hand_outcome` of checked points (the rollout's last step: a lookup)."""
        outcome = self._outcomes.get(points)
        if outcome is None:
            # The widest swing of a hand: a march alone (4) or a euchre by a lone defender.
            outcome = Outcome.for_hand(TEAMS, points, scale=self._scale)
            self._outcomes[points] = outcome
        return outcome

    def card_zones(self, state: EuchreState) -> Mapping[str, Sequence[Card]]:
        """Hands, the face-down kitty, the up-card (while on the kitty), the discard, the trick and
        the won tricks; ``undealt`` before the deal."""
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
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
    def describe(self, view: EuchreView, *, color: bool = False) -> str:
        """The text the ``cardrules`` command shows for ``view`` (see :mod:`.describe`)."""
        from cardrules.games.euchre.describe import describe

        if type(view) is EuchreView:
            self.check_config(view.match, "view")  # a view carries its state's config there
        return describe(view, color=color)

    def heuristic_bot(self) -> Any:
        """The game's heuristic bot, :class:`~cardrules.games.euchre.bots.EuchreBot` (``--bots heuristic``)."""
        from cardrules.games.euchre.bots import EuchreBot

        return EuchreBot()

    def view(self, state: EuchreState, seat: int) -> EuchreView:
        """What ``seat`` may know (see :mod:`cardrules.games.euchre.views`).

        ``seat`` must be an ``int`` seat 0-3 (not a ``bool``).
        """
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
        return view_of(self, state, seat)

    def sample_state(self, view: EuchreView, rng: random.Random) -> EuchreState:
        """A state drawn uniformly among those consistent with ``view`` (a view of this game)."""
        if type(view) is EuchreView:
            self.check_config(view.match, "view")  # a view carries its state's config there
        return sample_state(self, view, rng)

    def rollout(self, state: EuchreState, rng: random.Random) -> Outcome:
        """Play the current hand out at random on bitmasks; the hand's outcome."""
        if type(state) is not EuchreState or state[6].config is not self.config:
            # Here, not only in rollout.py: compiled (setup.py), its typed signature would refuse
            # a non-tuple with a bare TypeError before its own check could name the error.
            self.check_state(state)
        return rollout(self, state, rng)

    def _play_out(self, state: EuchreState, rng: random.Random) -> Outcome:
        """The rollout's hook for the card play (a state in its play phase): strict play's fused
        loop (see :mod:`cardrules.games.euchre.rollout`)."""
        return play_out(self, state, rng)

    def tables(self, trump: Suit | None) -> tuple[tuple[int, ...], tuple[int, ...], SuitOrder]:
        """The follow masks, trick-winner keys and :class:`SuitOrder` for ``trump`` (cached).

        ``trump`` is one of the four French suits, or ``None`` for no-trump (EV3).
        """
        if trump is not None and (type(trump) is not Suit or trump not in SUITS):
            if type(trump) is not Suit:
                raise ArgumentTypeError(f"trump must be a Suit or None, not {show(trump)}")
            raise ArgumentError(f"trump must be ♣ ♦ ♥ ♠ or None, not {trump.name}")
        return self._tables(trump)

    def _tables(self, trump: Suit | None) -> tuple[tuple[int, ...], tuple[int, ...], SuitOrder]:
        return self._follow[trump], self._key[trump], self._orders[trump]

    @property
    def next_seats(self) -> tuple[tuple[int, ...], ...]:
        """``next_seats[out][seat]``: the next active seat clockwise for a sitting-out bitmask."""
        return self._next


class RevokeModeGame(EuchreGame):
    """Euchre in revoke (table) mode, E17: the variant built for ``renege_mode=True``.

    It overrides the play hooks of :class:`EuchreGame`: any held card is a legal play
    (:meth:`legal_actions`), a play that does not follow suit while able is recorded as a revoke
    instead of refused (``_off_suit_play``), and the rollout plays on with revokes, claims and
    their penalty. Corrections and claims (``_specials``) and the penalty at the end of a hand
    (``_complete_trick``) follow from the recorded revokes, which only this variant makes.

    >>> game = EuchreGame(EuchreRules(renege_mode=True))
    >>> type(game).__name__, isinstance(game, EuchreGame)
    ('RevokeModeGame', True)
    >>> RevokeModeGame(EuchreRules())
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: RevokeModeGame plays revoke mode (E17): its rules need renege_mode=True
    """

    checks_inline = True  # as EuchreGame: the overrides check their arguments inline

    def __init__(self, rules: EuchreRules | None = None) -> None:
        super().__init__(EuchreRules(renege_mode=True) if rules is None else rules)
        if self.rules.renege_mode is not True:
            raise RulesError(
                "RevokeModeGame plays revoke mode (E17): its rules need renege_mode=True"
            )

    def legal_actions(self, state: EuchreState) -> tuple[EuchreAction, ...]:
        """As :meth:`EuchreGame.legal_actions`, but in play any held card may be played (E17), and
        the claim of an established revoke of the opponents is open to the seat to move."""
        if type(state) is EuchreState and state[0] == "play" and state[6].config is self.config:
            seat = state[1]
            assert seat is not None
            plays = self._play_list(state[2][seat])
            if state[5].revokes:
                return plays + self._specials(state, seat)  # E17: the mover may claim too
            return plays
        return super().legal_actions(state)

    def apply(self, state: EuchreState, action: Any, seat: int | None = None) -> EuchreState:
        """As :meth:`EuchreGame.apply`; every play of the seat to move goes through the checked
        ``_apply_play``, which records revokes (E17)."""
        if type(state) is EuchreState and state[0] == "play" and state[6].config is self.config:
            mover = state[1]
            if seat is None or (type(seat) is int and seat == mover):
                card = self._play_ids.get(id(action), -1)
                if card >= 0:
                    assert mover is not None
                    return self._apply_play(state, mover, action, card)
        return super().apply(state, action, seat)

    def _off_suit_play(
        self, state: EuchreState, seat: int, action: Play, card: int, legal: int
    ) -> Setup:
        """E17: the play is accepted and recorded as a revoke, pending until the trick is
        complete."""
        setup = state[5]
        revoke = Revoke(len(state[4].tricks), seat, card)
        return Setup(
            setup.deal, setup.calls, setup.contract, (*setup.revokes, revoke), setup.shown,
            setup.corrected,
        )  # fmt: skip

    def _play_out(self, state: EuchreState, rng: random.Random) -> Outcome:
        """The rollout's card play with revokes, claims and their penalty (E17)."""
        return play_out_revoke_mode(self, state, rng)

"""The Euchre game on the :class:`~cardrules.Game` protocol: the protocol wired to the rules and
the steps, with the notation and the checks of every argument (E1-E17).

Where things are: the rules, each once, as functions on ints in
:mod:`cardrules.games.euchre.engine` (its docstring maps every rule id to its function); the
transitions on states, with the hot paths and the fused rollouts, in
:mod:`cardrules.games.euchre.fast` (``apply`` and ``legal_actions`` are bound to its functions,
so the protocol adds no call on the hot path); positions in :mod:`~cardrules.games.euchre.position`,
hand reports in :mod:`~cardrules.games.euchre.report`, views in
:mod:`~cardrules.games.euchre.views`. Revoke (table) mode, E17, is the :class:`RevokeModeGame`
subclass, bound to the revoke-mode steps: ``EuchreGame(rules)`` with ``renege_mode=True`` builds
one. A game object holds only immutable tables built in its constructor: it may be shared between
threads.

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

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    Card,
    ChooseDealer,
    Deal,
    GameBase,
    HandReport,
    HandResult,
    IllegalActionError,
    NotationError,
    Outcome,
    RulesError,
    Suit,
    SuitOrder,
)
from cardrules.decks import shuffled_order
from cardrules.errors import check_int
from cardrules.game import check_rng, check_seat, method, trusted_deal
from cardrules.games.euchre import fast, solving
from cardrules.games.euchre.actions import (
    CLAIM,
    CORRECTS,
    DEALERS,
    DEFEND,
    DISCARDS,
    FARMER,
    NAMES,
    ORDER_UPS,
    PASS,
    PLAYS,
    EuchreAction,
    action_text,
    bid_text,
    checked_action,
)
from cardrules.games.euchre.checks import check_contract, show
from cardrules.games.euchre.engine import (
    CARD_KEYS,
    FOLLOW_MASKS,
    NEXT_SEATS,
    ORDERS,
    SUITS,
    TEAMS,
    is_farmers_hand,
)
from cardrules.games.euchre.rulebook import EUCHRE_RULES, EuchreRule
from cardrules.games.euchre.rules import EuchreRules
from cardrules.games.euchre.state import DECK, Contract, EuchreState, card_zones
from cardrules.games.euchre.views import EuchreView, sample_state, view_of

if TYPE_CHECKING:  # position.py is cold code, imported on first use
    from cardrules.games.euchre.position import CardsLike, SeatCards, TrickLike

__all__ = ["EuchreGame", "RevokeModeGame"]

_Random: Final = random.Random


class EuchreGame(GameBase[EuchreState, EuchreAction, "EuchreView"], fast.FastTables):
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

    # The hot paths, bound to the steps of fast.py (no call added): E4-E17.
    legal_actions = method(fast.legal_actions)
    apply = method(fast.apply)
    solver_profile = method(solving.solver_profile)  # how the double-dummy solver reads a state

    def __new__(cls, rules: EuchreRules | None = None) -> EuchreGame:
        # Revoke mode is a variant with its own play steps, as python-chess's variants are Board
        # subclasses: EuchreGame(rules) picks it, so every way of building a game agrees.
        if cls is EuchreGame and getattr(rules, "renege_mode", False) is True:
            return super().__new__(RevokeModeGame)
        return super().__new__(cls)

    def __init__(self, rules: EuchreRules | None = None) -> None:
        super().__init__(rules or EuchreRules())
        self.rules: EuchreRules
        fast.init_tables(self)  # the steps' interned states, bids, contracts, results, outcomes
        # id() of each interned action -> its code (all held by the module: the ids stay theirs).
        self._code_of_id = {id(a): i for i, a in enumerate(self.all_actions())}
        # The core's encoding and notation tables, built now rather than on first use: no method
        # writes to a game after its constructor (a game may be shared between threads).
        _ = self.num_distinct_actions

    # -- the encoding ---------------------------------------------------------------------------
    def all_actions(self) -> tuple[EuchreAction, ...]:
        """Every non-chance action once: bids, discards, plays, then the special actions."""
        bids: list[EuchreAction] = [PASS, *ORDER_UPS]
        for alone in (False, True):
            bids.extend(NAMES[(s, alone)] for s in (*SUITS, None))
        return (*bids, *DISCARDS, *PLAYS, DEFEND, FARMER, *CORRECTS, CLAIM)

    def format_action(self, action: Any) -> str:
        """The notation: ``pass``, ``order alone``, ``name H``, ``discard 9C``, ``play JD``, …

        Every field is checked first (:meth:`checked_action`): ``Play(True)`` cannot be built, and a
        ``Play`` whose card was changed to ``True`` after construction has no notation.

        >>> from cardrules.games.euchre import NameTrump, Play
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
        action = checked_action(action)
        if type(action) is Deal or type(action) is ChooseDealer:
            return self.format_chance(action)
        return action_text(action)

    def checked_action(self, action: object) -> EuchreAction | Deal | ChooseDealer:
        """The game's own (interned) action equal to ``action``, once every field is checked
        (:func:`cardrules.games.euchre.actions.checked_action`: E2, E3, E4, E7, E9).

        >>> from cardrules.games.euchre import Play
        >>> game = EuchreGame()
        >>> action = game.checked_action(Play(Card.parse("JH")))
        >>> game.all_actions()[game.action_to_index(action)] is action
        True
        """
        return checked_action(action)

    def action_to_index(self, action: EuchreAction) -> int:
        """The integer code of ``action`` (a position in :meth:`all_actions`), every field checked.

        >>> from cardrules.games.euchre import OrderUp, Pass, Play
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
        return super().parse_action(bid_text(text) if isinstance(text, str) else text, state)

    # -- starting states ------------------------------------------------------------------------
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
        match = fast.match_info(self, scores, single=False)
        return fast.before_deal(
            self, "deal" if dealer is not None else "choose_dealer", dealer, match
        )

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
        # States are immutable values: the fresh single hands are built once and shared.
        match = fast.match_info(self, scores, single=True)
        return fast.before_deal(
            self, "deal" if dealer is not None else "choose_dealer", dealer, match
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
            return DEALERS[rng.randrange(4)]  # interned: the four draws are shared values
        raise IllegalActionError(EuchreRule.E4, "this is not a chance state")

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
        return fast.specials(self, state, seat)

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
        check_int(hand, "hand", 0, (1 << 24) - 1)
        return is_farmers_hand(hand, four_suffice=self.rules.farmers_hand == "mixed_four")

    # -- transitions (the steps: fast.py) --------------------------------------------------------
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
        return fast.deal_stream(self, state, order)

    def first_leader(self, dealer: int, contract: Contract) -> int:
        """E12 / D4: the first active seat clockwise from the dealer's left.

        With ``lone_lead="left_of_lone_player"``, when eldest sits out because its partner went
        alone, the seat left of the lone maker (the dealer) leads instead, if it is active.

        >>> EuchreGame().first_leader(0, Contract(Suit.HEARTS, maker=3, alone=True, out=1 << 1))
        2
        """
        check_seat(dealer, 4, "dealer")
        check_contract(contract)
        return fast.first_lead(self, dealer, contract)

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
        return fast.hand_result(self, contract, maker_tricks)

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
        """Build a reachable state from plain values, replaying it through the rules: the fields
        of the hand, and of the match around it, are those of
        :func:`cardrules.games.euchre.position.position`, which says how each is written and
        which error a position that breaks a rule raises (:meth:`parse_position` raises the same).

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
        from cardrules.games.euchre.position import position

        fields = {
            "dealer": dealer, "hands": hands, "upcard": upcard, "kitty": kitty,
            "discard": discard, "calls": calls, "trump": trump, "maker": maker, "alone": alone,
            "lone_defender": lone_defender, "defend": defend, "tricks": tricks, "trick": trick,
            "shown": shown, "corrected": corrected, "claimed_by": claimed_by,
        }  # fmt: skip
        return position(self, fields, match=match, scores=scores, played=played, last=last)

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
            return fast.points_outcome(self, last.points if last is not None else (0, 0))
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
            check_int(value, f"points[{team}]", 0, max(4, self.rules.lone_defender_points))
        return fast.points_outcome(self, tuple(points))

    def card_zones(self, state: EuchreState) -> Mapping[str, Sequence[Card]]:
        """Hands, the face-down kitty, the up-card (while on the kitty), the discard, the trick and
        the won tricks; ``undealt`` before the deal."""
        if type(state) is not EuchreState or state[6].config is not self.config:
            self.check_state(state)
        return card_zones(state)

    # -- information (views.py) and the fused rollout (fast.py) ------------------------------
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
            # Here, not only in fast.rollout: compiled, its typed signature would refuse a
            # non-tuple with a bare TypeError before its own check could name the error.
            self.check_state(state)
        return fast.rollout(self, state, rng)

    def tables(self, trump: Suit | None) -> tuple[tuple[int, ...], tuple[int, ...], SuitOrder]:
        """The follow masks, trick-winner keys and :class:`SuitOrder` for ``trump`` (cached).

        ``trump`` is one of the four French suits, or ``None`` for no-trump (EV3).
        """
        if trump is not None and (type(trump) is not Suit or trump not in SUITS):
            if type(trump) is not Suit:
                raise ArgumentTypeError(f"trump must be a Suit or None, not {show(trump)}")
            raise ArgumentError(f"trump must be ♣ ♦ ♥ ♠ or None, not {trump.name}")
        return FOLLOW_MASKS[trump], CARD_KEYS[trump], ORDERS[trump]

    @property
    def next_seats(self) -> tuple[tuple[int, ...], ...]:
        """``next_seats[out][seat]``: the next active seat clockwise for a sitting-out bitmask."""
        return NEXT_SEATS


class RevokeModeGame(EuchreGame):
    """Euchre in revoke (table) mode, E17: the variant built for ``renege_mode=True``.

    It binds the revoke-mode steps of :mod:`~cardrules.games.euchre.fast`: any held card is a
    legal play (:meth:`legal_actions`), and every play goes through the checked play step, which
    records a play that does not follow suit while able as a revoke instead of refusing it; the
    rollout plays on with revokes, claims and their penalty. Corrections and claims
    (:meth:`out_of_turn_actions`) and the penalty at the end of a hand follow from the recorded
    revokes, which only this variant makes.

    >>> game = EuchreGame(EuchreRules(renege_mode=True))
    >>> type(game).__name__, isinstance(game, EuchreGame)
    ('RevokeModeGame', True)
    >>> RevokeModeGame(EuchreRules())
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: RevokeModeGame plays revoke mode (E17): its rules need renege_mode=True
    """

    checks_inline = True  # as EuchreGame: the overrides check their arguments inline
    legal_actions = method(fast.legal_actions_revoke_mode)
    apply = method(fast.apply_revoke_mode)

    def __init__(self, rules: EuchreRules | None = None) -> None:
        super().__init__(EuchreRules(renege_mode=True) if rules is None else rules)
        if self.rules.renege_mode is not True:
            raise RulesError(
                "RevokeModeGame plays revoke mode (E17): its rules need renege_mode=True"
            )

"""The Tournament patience on the cardrules Game protocol: :class:`TournamentGame`.

This module wires the protocol (argument checks, chance, the notation, the errors of illegal
actions) to the modules that do the work: the rules — each in one named function, and the words
of why an action is refused — are the steps on ints of :mod:`cardrules.games.tournament.engine`,
whose table maps every rule id to its function; the rollout runs on
:mod:`cardrules.games.tournament.fast`; views and sampled states are
:mod:`~cardrules.games.tournament.views`', positions
:mod:`~cardrules.games.tournament.position`'s, reports :mod:`~cardrules.games.tournament.report`'s.

Rule ids are the members of ``TournamentRule`` (T1–T11, B1–B8, TV1–TV3), stated in the rule book
``TOURNAMENT_RULES``. The first step of a game is a chance :class:`~cardrules.Deal` (a whole
shuffled deck). Under the default rule B1 (``reserve_fix = "reshuffle"``) a deal whose eight
reserve cards hold no Ace and no King is **rejected**: the state stays a chance state and the next
step is another, independent ``Deal``. Each shuffle is thus an explicit, uniform chance action,
the reserve distribution is exactly the traditional rejection loop, records replay every rejected
shuffle, and a test can stack a rejected deck.

>>> game = make_game()
>>> s = game.new_hand()
>>> s = game.apply(s, game.sample_chance(s, random.Random(4)))
>>> game.to_move(s), len(s.columns), len(s.stock)
(0, 6, 72)
>>> game.format_action(game.legal_actions(s)[-1])
'resign'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from cardrules import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    Card,
    Deal,
    GameBase,
    IllegalActionError,
    NotationError,
    Outcome,
    PositionError,
    RulesError,
)
from cardrules.errors import short_repr
from cardrules.game import check_rng, check_seat
from cardrules.games.tournament.actions import (
    FOUNDATION0,
    NUM_PILES,
    RESERVE0,
    DealStock,
    Move,
    Redeal,
    Resign,
    TournamentAction,
    check_move,
    check_no_scores,
    check_turn,
    encodes,
    format_move,
    parse_move,
)
from cardrules.games.tournament.engine import TournamentEngine, outcome_of
from cardrules.games.tournament.fast import fast_playout
from cardrules.games.tournament.position import build_position, check_layout
from cardrules.games.tournament.rulebook import TOURNAMENT_RULES, TournamentRule
from cardrules.games.tournament.rules import TournamentRules
from cardrules.games.tournament.state import (
    DECK,
    TournamentState,
    TournamentView,
)
from cardrules.games.tournament.views import sample_view, view_of, zones_of

__all__ = ["TournamentGame", "make_game"]

_STATE: Final[type[Any]] = TournamentState
"""The state class, for the inline ``type(state) is not _STATE`` checks of the API edge (typed
as a plain type, so that the checker does not take the refusal of other values for dead code)."""


_FOUNDATIONS: Final = range(FOUNDATION0, FOUNDATION0 + 8)
_CELLS: Final = range(RESERVE0, RESERVE0 + 8)


def check_rules(rules: object) -> None:
    """Refuse a rules object that is not a :class:`TournamentRules` (``None`` means the defaults)."""
    if rules is not None and not isinstance(rules, TournamentRules):
        raise ArgumentTypeError(
            f"rules must be a TournamentRules (or None), not {type(rules).__name__}"
        )


class TournamentGame(GameBase[TournamentState, TournamentAction, TournamentView]):
    """Tournament patience (Maréchal Saxe) and its relatives, for one player (seat 0)."""

    name = "tournament"
    checks_inline = True  # the hot paths check their arguments inline (no wrapper call)
    num_players = 1
    deck = DECK
    state_type = TournamentState
    view_type = TournamentView
    rulebook = TOURNAMENT_RULES

    def __init__(self, rules: TournamentRules | None = None) -> None:
        check_rules(rules)
        super().__init__(rules or TournamentRules())
        self.rules: TournamentRules
        r = self.rules
        if r.variant == "kingsdown_eights":
            raise RulesError("Kingsdown Eights is KingsdownEightsGame (use make_game)")
        self.num_columns = r.num_columns
        self.engine = engine = TournamentEngine(r)
        # The rule steps, bound once (the hot paths call them without another lookup).
        self._move = engine.move
        self._legal_moves = engine.legal_moves
        self._legal_actions = engine.legal_actions
        self._move_legal = engine.move_is_legal
        self._can_deal = engine.may_deal
        self._can_redeal = engine.may_redeal
        self._alive = engine.can_progress
        self._settle = engine.settle
        self._reveal = engine.reveal
        self._deal_stock = engine.deal_stock_action
        self._redeal = engine.redeal_action
        self._resign = engine.resign_action

    # -- encoding and notation -----------------------------------------------------------------
    def all_actions(self) -> tuple[TournamentAction, ...]:
        """Every move this variant's layout allows in principle, then ``deal``, ``redeal``, ``resign``."""
        cols = range(self.num_columns)
        pairs = [(s, f) for s in (*cols, *_CELLS) for f in _FOUNDATIONS]  # T6 (a)
        pairs += [(c, r) for c in cols for r in _CELLS]  # T6 (b)
        pairs += [(f, f ^ 1) for f in _FOUNDATIONS]  # T6 (c)
        if self.engine.any_source:  # B8 "any"
            pairs += [(f, r) for f in _FOUNDATIONS for r in _CELLS]
            pairs += [(a, b) for a in _CELLS for b in _CELLS if a != b]
        if self.engine.build:  # TV2: Cicely's building
            pairs += [(a, b) for a in cols for b in cols if a != b]
        moves: list[TournamentAction] = [self._move(s, d) for s, d in pairs]
        return (*moves, self._deal_stock, self._redeal, self._resign)

    def format_action(self, action: Any) -> str:
        """``T3>F♠↑``, ``R5>F♥↓``, ``T2>R4``, ``F♣↑>F♣↓``, ``deal``, ``redeal``, ``resign``; chance: ``deal 2C …``."""
        cls = type(action)
        if cls is Move:
            return format_move(action)
        if cls is DealStock:
            return "deal"
        if cls is Redeal:
            return "redeal"
        if cls is Resign:
            return "resign"
        if cls is Deal:
            return self.format_chance(self.check_deal(action, TournamentRule.T1))
        raise NotationError(f"not a Tournament action: {short_repr(action)}")

    def parse_action(self, text: str, state: TournamentState) -> Any:
        """Read any action's notation; moves also in ASCII (``T3>FS+``, ``FC+>FC-``, ``FS->FS+``)."""
        if not isinstance(text, str):
            raise NotationError(f"an action's notation is text, not {type(text).__name__}")
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        low = " ".join(text.split()).lower()
        simple = {"deal": self._deal_stock, "redeal": self._redeal, "resign": self._resign}
        if low in simple:
            return simple[low]
        if low.startswith("deal "):
            action = super().parse_action(text, state)
            if type(action) is not Deal or len(action.order) != len(DECK):
                raise NotationError(f"{short_repr(text)}: a deal lists all {len(DECK)} cards")
            return action
        if ">" in low:
            move = parse_move(text, columns=self.num_columns)
            if not encodes(self, move):
                raise NotationError(f"{short_repr(text)} is not a move of this layout")
            return self._move(move.src, move.dst)
        raise NotationError(f"not an action of {self.name}: {short_repr(text)}")

    # -- starting states and chance ------------------------------------------------------------
    def new_match(
        self, scores: Sequence[int] | None = None, dealer: int | None = None
    ) -> TournamentState:
        """A fresh game: the first step is the chance :class:`~cardrules.Deal`.

        The signature is the trick games' one; a patience has one seat and carries no score from
        game to game, so ``scores`` may only be ``None`` or ``(0,)`` and ``dealer`` ``None`` or 0.

        >>> make_game().new_match(scores=(0,), dealer=0) == make_game().new_match()
        True
        >>> make_game().new_match(scores=(10,))
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: scores must be None or (0,): Tournament carries no score from game to game, not (10,)
        """
        return self._begin(scores, dealer)

    def new_hand(
        self, dealer: int | None = None, scores: Sequence[int] | None = None
    ) -> TournamentState:
        """Same as :meth:`new_match` (one player; ``dealer`` may only be ``None`` or the int 0)."""
        return self._begin(scores, dealer)

    def _begin(self, scores: object, dealer: object) -> TournamentState:
        if dealer is not None:
            check_seat(dealer, 1, "dealer")
        check_no_scores(scores)
        return TournamentState("deal", config=self.config)

    def to_move(self, state: TournamentState) -> int | None:
        """Seat 0 in play, ``CHANCE`` before the deal is accepted, ``None`` when over."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        if state.phase == "deal":
            return CHANCE
        return 0 if state.phase == "play" else None

    def is_over(self, state: TournamentState) -> bool:
        """Whether the game has ended (won, lost or resigned)."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        return state.phase == "over"

    def sample_chance(self, state: TournamentState, rng: random.Random) -> Deal:
        """A uniform shuffle (each rejected reserve under B1 leads to another one)."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        check_rng(rng)
        if state.phase != "deal":
            raise IllegalActionError(TournamentRule.T2, "this is not a chance state")
        return self.shuffle(rng)

    def _apply_deal(self, state: TournamentState, action: Any) -> TournamentState:
        return self.engine.deal(state, self.check_deal(action, TournamentRule.T1).order)

    # -- positions for tests and examples -------------------------------------------------------
    def position(
        self,
        *,
        reserve: Sequence[str | None] = (),
        columns: Sequence[str] = (),
        foundations: Mapping[str, str | int] | None = None,
        stock: str | None = None,
        redeals_used: int = 0,
    ) -> TournamentState:
        """A hand-built position (cards as text, columns and foundations bottom first).

        ``foundations`` maps a pile name to its cards or to a count (``{"F♠↑": 6}``: A♠…6♠).
        ``stock=None`` puts every card not placed elsewhere into the stock in deck order; with an
        explicit ``stock`` (``""`` for none) they go onto the foundations of their suits instead
        (suits whose piles are given must then be complete). Each card of the deck is placed
        exactly as often as the deck holds it (T1). Empty columns are refilled from the stock
        (T7) and the result settled (T11); the layout is then checked as :meth:`check_position`
        does, each error naming its rule. A deal leaves at most 72 cards in the stock (T3, 64 with
        Cicely's eight piles): with ``stock=None`` the cards beyond go under the columns' given
        cards (shared out from column 1), and an explicit ``stock`` holding more raises
        :class:`~cardrules.errors.PositionError`.

        Pile names are read as in the notation, ASCII included (``{"FS-": 3}``: K♠ Q♠ J♠ on the
        spade King foundation, T4). Arguments of the wrong type raise
        :class:`~cardrules.errors.ArgumentTypeError`, values out of range
        :class:`~cardrules.errors.ArgumentError`, unreadable cards
        :class:`~cardrules.errors.NotationError`, a layout that breaks a rule
        :class:`~cardrules.errors.PositionError`.

        >>> game = make_game()
        >>> s = game.position(reserve=["AS"], columns=["2C 3C"], foundations={"F♥↓": 13})
        >>> game.format_action(game.legal_actions(s)[0]), len(s.stock)
        ('R1>F♠↑', 68)
        >>> reserve = ["AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C"]
        >>> s = game.position(reserve=reserve, foundations={"FS-": 3})
        >>> [DECK.cards[c].ascii for c in s.foundations[7]], len(s.stock)
        (['KS', 'QS', 'JS'], 69)
        >>> len(game.position(foundations={"FS-": 3}).stock)  # 5 more under the columns
        72
        >>> game.position(stock=" ".join(c.ascii for c in DECK.cards))  # 24 refill the columns
        Traceback (most recent call last):
        ...
        cardrules.errors.PositionError: position: rule T3 (the tableau): the deal leaves 72 cards in the stock, and the stock never grows (T7, T8, T9); this one holds 80
        """
        return build_position(
            self,
            reserve=reserve,
            columns=columns,
            foundations=foundations,
            stock=stock,
            redeals_used=redeals_used,
        )

    def check_position(self, state: TournamentState) -> None:
        """Raise :class:`~cardrules.errors.PositionError` naming the rule ``state`` breaks, if any.

        The checks of :func:`~cardrules.games.tournament.position.check_layout` (T1 every card once,
        T4 foundations as runs, T7, T9, T11 …); :meth:`position` and :meth:`parse_position` run
        them on every position they make.
        """
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        try:
            check_layout(self, state)
        except (TypeError, ValueError, IndexError, AttributeError) as exc:
            if isinstance(exc, NotationError | PositionError):
                raise
            raise NotationError(f"position: not a Tournament layout ({exc})") from None

    def position_text(self, state: TournamentState) -> str:
        """The one-line text of any state (before the deal, in play, won, lost, after redeals),
        which :meth:`parse_position` reads back exactly. The format is described in
        :mod:`cardrules.games.tournament.position` and on the Tournament page of the docs.

        >>> game = make_game()
        >>> s = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(4)))
        >>> game.position_text(s)[:60]
        'play shuffles=1 redeals=0 R=QD,JC,10S,2H,QC,AH,8D,4D T=4D,JS'
        >>> game.parse_position(game.position_text(s)) == s
        True
        """
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        self._check_layout(state)
        from cardrules.games.tournament.position import position_text

        return position_text(self, state)

    def parse_position(self, text: str) -> TournamentState:
        """The state of a position text (:meth:`position_text`); unreadable text raises
        :class:`~cardrules.errors.NotationError`, an impossible layout
        :class:`~cardrules.errors.PositionError` naming the rule it breaks.

        >>> game = make_game()
        >>> kings = ["KS", "KH", "KD", "KC"] * 2
        >>> text = game.position_text(game.position(reserve=kings, foundations={"FS+": 3}))
        >>> text[text.index("FS+"):text.index(" S=")]
        'FS+=A,2,3'
        >>> game.parse_position(text.replace("FS+=A,2,3", "FS+=A,3,2"))
        Traceback (most recent call last):
        ...
        cardrules.errors.PositionError: position: rule T4 (the foundations): foundation F♠↑ is built up from A in ♠; 3S cannot lie at place 2
        """
        from cardrules.games.tournament.position import parse_position

        return parse_position(self, text)

    def hand_report(self, state: TournamentState) -> Any:
        """The :class:`~cardrules.reports.HandReport` of a finished game, ``None`` before: its
        status is a :class:`~cardrules.games.tournament.report.TournamentStatus`; see
        :mod:`cardrules.games.tournament.report`."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        self._check_layout(state)
        from cardrules.games.tournament.report import hand_report

        return hand_report(self, state)

    # -- rules (the steps are the engine's) -----------------------------------------------------
    def legal_actions(self, state: TournamentState) -> tuple[TournamentAction, ...]:
        """The legal actions in a fixed order (moves, then ``deal``, ``redeal``, ``resign``)."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        if state.phase != "play":
            return ()
        return tuple(self._legal_actions(state))

    def out_of_turn_actions(
        self, state: TournamentState, seat: int
    ) -> tuple[TournamentAction, ...]:
        """None: Tournament has one player (``state`` and ``seat`` are checked all the same)."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        check_seat(seat, 1)
        return ()

    def apply(
        self, state: TournamentState, action: Any, seat: int | None = None
    ) -> TournamentState:
        """The next state; :class:`~cardrules.IllegalActionError` names the broken rule.

        ``seat`` is ``None``, 0, or :data:`~cardrules.CHANCE` at the deal; a :class:`Move`'s piles
        are ``int`` ids (:func:`~cardrules.games.tournament.actions.check_move`).
        """
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        phase = state.phase
        check_turn(self, state, action, seat, TournamentRule.T2, TournamentRule.T11)
        if phase == "deal":
            return self._apply_deal(state, action)
        cls = type(action)
        if cls is Move:
            src, dst = action.src, action.dst
            if (
                type(src) is not int
                or type(dst) is not int
                or not (0 <= src < NUM_PILES and 0 <= dst < NUM_PILES)
            ):
                check_move(action)  # raises, naming the bad field
            if not self._move_legal(state, src, dst):
                rule, why = self.engine.why_illegal(state, src, dst)
                raise IllegalActionError(
                    rule, why, action=format_move(action), seat=0, legal=self.legal_actions(state)
                )
            return self.engine.play_move(state, src, dst)
        if cls is DealStock:
            if not self._can_deal(state):
                rule = TournamentRule.T8 if not state.stock else TournamentRule.B3
                why = (
                    "the stock is empty"
                    if not state.stock
                    else "a tableau or reserve card can still go to a foundation"
                )
                raise IllegalActionError(
                    rule, why, action="deal", seat=0, legal=self.legal_actions(state)
                )
            return self.engine.play_deal(state)
        if cls is Redeal:
            if not self._can_redeal(state):
                rule, why = self.engine.why_no_redeal(state)
                raise IllegalActionError(
                    rule, why, action="redeal", seat=0, legal=self.legal_actions(state)
                )
            return self.engine.play_redeal(state)
        if cls is Resign:
            return self.engine.resign(state)
        raise IllegalActionError(
            TournamentRule.T6,
            f"not a Tournament action: {short_repr(action)}",
            action=short_repr(action),
            seat=0,
            legal=self.legal_actions(state),
        )

    def outcome(self, state: TournamentState) -> Outcome | None:
        """Points: cards on the foundations (0-104); winners ``(0,)`` and return +1 on a win, else -1."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        if state.phase != "over":
            return None
        return outcome_of(sum(map(len, state.foundations)), state.result == "won")

    def describe(self, view: TournamentView, *, color: bool = False) -> str:
        """The text layout the ``cardrules`` command shows for ``view``."""
        from cardrules.games.tournament.describe import describe

        self._check_view(view)
        if type(color) is not bool:
            raise ArgumentTypeError(f"color must be True or False, not {short_repr(color)}")
        return describe(view, color=color)

    def heuristic_bot(self) -> Any:
        """The fair player: decides from the view alone (``--bots heuristic``)."""
        from cardrules.games.tournament.bots import FairPlayer

        return FairPlayer()

    # -- information ---------------------------------------------------------------------------
    def render_svg(self, value: TournamentState | TournamentView) -> str:
        """The layout as an SVG picture (a state is drawn as the player sees it)."""
        from cardrules.games.tournament.picture import layout_svg

        if type(value) is TournamentState:
            return layout_svg(self.view(value))
        if type(value) is not TournamentView:
            raise ArgumentTypeError(
                f"render_svg draws a TournamentState or TournamentView, not {short_repr(value)}"
            )
        self._check_view(value)
        return layout_svg(value)

    def _check_layout(self, state: TournamentState) -> None:
        """A dealt state must have this variant's number of columns (where a slower check pays)."""
        if state.columns and len(state.columns) != self.num_columns:
            raise ArgumentError(
                f"state has {len(state.columns)} columns; this game has {self.num_columns}"
            )

    def _check_view(self, view: object) -> None:
        """A :class:`TournamentView` of this variant's layout."""
        self.check_view(view)
        assert isinstance(view, TournamentView)
        if view.columns and len(view.columns) != self.num_columns:
            raise ArgumentError(
                f"view has {len(view.columns)} columns; this game has {self.num_columns}"
            )

    def view(self, state: TournamentState, seat: int = 0) -> TournamentView:
        """What the player sees: the stock order and (squared piles) covered cards stay hidden."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        check_seat(seat, 1)
        self._check_layout(state)
        return view_of(self, state)

    def sample_state(self, view: TournamentView, rng: random.Random) -> TournamentState:
        """A state consistent with ``view``: the hidden cards in a uniformly random order.

        Under ``reserve_fix="reshuffle"`` every arrangement of the hidden cards is equally likely
        given what the player saw, so this is the exact posterior. (Under ``"swap_in"`` the swap
        makes some arrangements likelier; the sample is still uniform — see the docs.)
        """
        self._check_view(view)
        check_rng(rng)
        return sample_view(self, view, rng)

    def card_zones(self, state: TournamentState) -> Mapping[str, Sequence[Card]]:
        """Zones ``R1``…``R8``, ``T1``…, ``stock``, the foundations, or ``undealt`` before the deal."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        self._check_layout(state)
        return zones_of(state)

    def solve(
        self, state: TournamentState, *, max_nodes: int = 200_000, max_seconds: float | None = None
    ) -> Any:
        """The clairvoyant solver on ``state``: see :func:`cardrules.games.tournament.solver.solve`."""
        from cardrules.games.tournament.solver import solve

        self.check_state(state)
        self._check_layout(state)
        return solve(self, state, max_nodes=max_nodes, max_seconds=max_seconds)

    def hint(
        self, state: TournamentState, *, max_nodes: int = 50_000, max_seconds: float | None = None
    ) -> TournamentAction | None:
        """The first action of a winning line (the solver reads the stock order), else ``None``.

        >>> game = make_game()
        >>> p = game.position(reserve=["KS"], stock="", foundations={"F♠↑": 12, "F♠↓": 13})
        >>> p.result, game.hint(p)
        ('', Move(src=8, dst=22))
        """
        from cardrules.games.tournament.solver import hint

        self.check_state(state)
        self._check_layout(state)
        return hint(self, state, max_nodes=max_nodes, max_seconds=max_seconds)

    def winnable_deal(
        self, seed: int | random.Random, *, max_nodes: int = 50_000, max_tries: int = 100
    ) -> Any:
        """The first seeded deal the solver proves won, with its seed and the winning line.

        See :func:`cardrules.games.tournament.winnable.winnable_deal` (and there, why this is not
        a ``new_hand`` option).
        """
        from cardrules.games.tournament.winnable import winnable_deal

        return winnable_deal(self, seed, max_nodes=max_nodes, max_tries=max_tries)

    def step(self, state: TournamentState, action: TournamentAction) -> TournamentState:
        """The next state, as :meth:`apply` gives it (one player, no ``seat`` to check).

        Once a fast path that trusted its action, it now checks the state, the action's fields and
        its legality as cheaply as :meth:`apply` does (a move is checked alone, with no list of the
        legal moves built), and raises the same errors.
        """
        return self.apply(state, action)

    def rollout(self, state: TournamentState, rng: random.Random) -> Outcome:
        """Uniformly random legal play to the end: the engine's rule functions on a mutable board
        (:func:`~cardrules.games.tournament.fast.fast_playout`); it draws from
        the same legal-action lists and applies the same transitions as stepping with
        :meth:`apply`, so its outcome distribution is that of stepping (tested seed by seed)."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        check_rng(rng)
        self._check_layout(state)
        while state.phase == "deal":
            state = self._apply_deal(state, self.shuffle(rng))
        if state.phase == "over":
            return outcome_of(sum(map(len, state.foundations)), state.result == "won")
        return outcome_of(*fast_playout(self.engine, state, rng))


def make_game(**options: Any) -> Any:
    """The entry-point factory: ``make_game()``, ``make_game(preset="pysolfc")``, ``make_game(max_redeals=1)``.

    Returns a :class:`TournamentGame`, or a
    :class:`~cardrules.games.tournament.kingsdown.KingsdownEightsGame` for
    ``variant="kingsdown_eights"`` (``preset="kingsdown_eights"``).
    """
    preset = options.pop("preset", None)
    rules = (
        TournamentRules.preset(preset, **options) if preset else TournamentRules.from_dict(options)
    )
    if rules.variant == "kingsdown_eights":
        from cardrules.games.tournament.kingsdown import KingsdownEightsGame

        return KingsdownEightsGame(rules)
    return TournamentGame(rules)

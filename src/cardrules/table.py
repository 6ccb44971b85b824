"""A table: one game being played, with its history, undo, notation, views, pictures and records.

python-chess's ``Board`` is the model: a :class:`Table` holds a game and its current state, takes
actions with :meth:`Table.push` (an action or its text, out-of-turn claims and corrections
included), takes them back with :meth:`Table.pop` or :meth:`Table.undo_to`, and keeps the
history with seats and notation. It deals the chance steps (the shuffle, the first dealer) from
the :class:`random.Random` it was given, never from the global generator, or takes them pushed
like any other step (a stacked deck is a pushed :class:`~cardrules.game.Deal`).

The table is a convenience over the immutable states, never a second implementation of a rule:
every step goes through the game's ``apply``, which refuses what the rules forbid; a refused push
leaves the table as it was.

>>> import random
>>> from cardrules import get_game
>>> table = Table(get_game("euchre"), start="hand", dealer=0, rng=random.Random(7))
>>> table.to_move, table.legal
(1, ('pass', 'order', 'order alone'))
>>> table.push("order")
>>> table.history[-1]
TableStep(seat=1, notation='order', auto=False)
>>> table.pop().notation
'order'
>>> table.ply  # the deal the table made from its generator
1
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Iterable, Mapping
from typing import Any, Generic, Literal, final, overload

import attrs

from cardrules import svg as _svg
from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    IllegalActionError,
    RecordError,
    check_int,
    short_repr,
)
from cardrules.game import CHANCE, ActionT, Game, Outcome, StateT, ViewT, check_rng, check_seat
from cardrules.records import GameRecord, record_game, replay_steps
from cardrules.text import Style, format_value

__all__ = ["MAX_CHANCE_STEPS", "Table", "TableStep", "UndoError"]

MAX_CHANCE_STEPS = 1000
"""How many chance steps in a row the table deals before it gives up on a game that never
reaches a seat's turn (a broken plugin): :class:`~cardrules.errors.CardrulesError`."""

_GAME_METHODS = (
    "new_match",
    "new_hand",
    "to_move",
    "legal_actions",
    "out_of_turn_actions",
    "apply",
    "sample_chance",
    "is_over",
    "outcome",
    "view",
    "format_action",
    "parse_action",
)


class UndoError(CardrulesError, IndexError):
    """:meth:`Table.pop` with nothing pushed to take back (an :class:`IndexError` too, as
    ``list.pop`` on an empty list raises).

    >>> issubclass(UndoError, IndexError)
    True
    """


@final
@attrs.frozen
class TableStep:
    """One step of a table's history: the ``seat`` that took it (:data:`~cardrules.game.CHANCE`,
    ``-1``, for a chance step), the ``action``, its ``notation`` (the game's ``format_action``),
    and ``auto``: whether the table dealt it from its own generator rather than taking it pushed.

    >>> from cardrules.game import ChooseDealer
    >>> step = TableStep(-1, ChooseDealer(2), "dealer 2", auto=True)
    >>> str(step)
    'chance: dealer 2'
    """

    seat: int
    action: Any = attrs.field(repr=False)
    notation: str
    auto: bool = False

    def __str__(self) -> str:
        who = "chance" if self.seat == CHANCE else f"seat {self.seat}"
        return f"{who}: {self.notation}"


def _check_game(game: object) -> None:
    """Refuse a value that is not a game: a name (``"euchre"``) or an object lacking the methods
    the table calls."""
    if isinstance(getattr(game, "name", None), str) and all(
        callable(getattr(game, method, None)) for method in _GAME_METHODS
    ):
        return
    hint = " (build it with cardrules.get_game)" if isinstance(game, str) else ""
    raise ArgumentTypeError(
        f"game must be a game, not {type(game).__name__} {short_repr(game)}{hint}"
    )


def _check_optional_rng(rng: object) -> random.Random | None:
    return None if rng is None else check_rng(rng)


def _check_actor(seat: object, num_players: int) -> int | None:
    """``push``'s ``seat``: ``None`` (the seat to move), :data:`CHANCE` or a seat of the game."""
    if seat is None or (type(seat) is int and seat == CHANCE):
        return seat
    return check_seat(seat, num_players)


def _takes_color(hook: Any) -> bool:
    try:
        return "color" in inspect.signature(hook).parameters
    except (TypeError, ValueError):
        return False


def _describe(game: Any, view: Any, color: bool) -> str:
    """The text of a seat's ``view``: the game's ``describe`` hook, else its fields one a line."""
    hook = getattr(game, "describe", None)
    if callable(hook):
        text: str = hook(view, color=color) if _takes_color(hook) else hook(view)
        return text
    if not attrs.has(type(view)):
        return format_value(view, Style(color))
    lines = []
    for field in attrs.fields(type(view)):
        value = getattr(view, field.name)
        if value is None or value == () or value == "":
            continue
        lines.append(f"  {field.name.replace('_', ' ')}: {format_value(value, Style(color))}")
    return "\n".join(lines)


class Table(Generic[StateT, ActionT, ViewT]):
    """A game being played: its state, the history of steps that led there, and the way on.

    ``Table(game)`` starts a new match of ``game`` (``start="hand"``: a single hand), from
    ``dealer`` when given (else the game's own start: a first dealer drawn by chance where its
    rules say so). With ``rng`` (a :class:`random.Random`), the table deals every chance step
    itself, at the start and after each push, as soon as the game reaches one; without it, a
    chance step waits for a push (``table.push(Deal(order))``, ``"deal 9C JH …"``) or for
    :meth:`deal`. :meth:`from_state`, :meth:`from_position`, :meth:`from_record` and
    :meth:`from_text` start elsewhere.

    >>> import random
    >>> from cardrules import get_game
    >>> table = Table(get_game("rook"), rng=random.Random(1))
    >>> [str(step) for step in table.history]  # doctest: +ELLIPSIS
    ['chance: dealer ...', 'chance: deal ...']
    >>> Table("rook")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: game must be a game, not str 'rook' (build it with cardrules.get_game)
    """

    __slots__ = ("_dealer", "_game", "_rng", "_start", "_states", "_steps")

    # A typed game gives a typed table (``table.view(0)`` is that game's view); a game whose type
    # is a union (``get_game("tournament")``: the patience or its Kingsdown variant) or a plain
    # ``Game`` gives a ``Table[Any, Any, Any]`` rather than a type error.
    @overload
    def __init__(
        self,
        game: Game[StateT, ActionT, ViewT],
        *,
        start: Literal["match", "hand"] = "match",
        dealer: int | None = None,
        rng: random.Random | None = None,
    ) -> None: ...
    @overload
    def __init__(
        self: Table[Any, Any, Any],
        game: Game[Any, Any, Any],
        *,
        start: Literal["match", "hand"] = "match",
        dealer: int | None = None,
        rng: random.Random | None = None,
    ) -> None: ...
    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        start: Literal["match", "hand"] = "match",
        dealer: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        _check_game(game)
        if start not in ("match", "hand"):
            raise ArgumentError(f"start must be 'match' or 'hand', not {short_repr(start)}")
        if dealer is not None:
            check_seat(dealer, game.num_players, "dealer")
        self._setup(game, _check_optional_rng(rng), start, dealer)
        # The start a record of this table replays from (GameRecord.start_state): a match's
        # first dealer is passed only when there is one, as a game's new_match need not take it.
        if start == "match":
            state = game.new_match() if dealer is None else game.new_match(dealer=dealer)  # type: ignore[call-arg]
        else:
            state = game.new_hand(dealer=dealer)
        self._begin(state)

    def _setup(
        self, game: Any, rng: random.Random | None, start: str | None, dealer: int | None
    ) -> None:
        self._game: Game[StateT, ActionT, ViewT] = game
        self._rng = rng
        self._start = start
        self._dealer = dealer
        self._states: list[StateT] = []
        self._steps: list[TableStep] = []

    def _begin(self, state: StateT, steps: Iterable[tuple[TableStep, StateT]] = ()) -> None:
        self._states = [state]
        self._steps = []
        for step, after in steps:
            self._steps.append(step)
            self._states.append(after)
        if self._rng is not None:
            dealt = self._chance_steps(self._states[-1], self._rng, auto=True)
            self._commit(dealt)

    # -- other starts ------------------------------------------------------------------------
    @overload
    @classmethod
    def from_state(
        cls, game: Game[StateT, ActionT, ViewT], state: StateT, *, rng: random.Random | None = None
    ) -> Table[StateT, ActionT, ViewT]: ...
    @overload
    @classmethod
    def from_state(
        cls, game: Game[Any, Any, Any], state: Any, *, rng: random.Random | None = None
    ) -> Table[Any, Any, Any]: ...
    @classmethod
    def from_state(
        cls, game: Game[Any, Any, Any], state: Any, *, rng: random.Random | None = None
    ) -> Table[Any, Any, Any]:
        """A table that starts at ``state`` of ``game`` (a position set up with
        ``game.position(…)``, a state of a search). Such a table has no record: a record starts
        at a new match or hand (:meth:`to_record` says so).

        >>> from cardrules import get_game
        >>> euchre, rook = get_game("euchre"), get_game("rook")
        >>> Table.from_state(euchre, rook.new_hand(dealer=0))
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentTypeError: state must be a EuchreState of euchre, not RookState ...
        """
        _check_game(game)
        checked = _check_optional_rng(rng)
        check_state = getattr(game, "check_state", None)
        if callable(check_state):
            check_state(state)
        game.to_move(state)  # a game without check_state refuses a stranger here
        table: Table[Any, Any, Any] = cls.__new__(cls)
        table._setup(game, checked, None, None)
        table._begin(state)
        return table

    @overload
    @classmethod
    def from_position(
        cls, game: Game[StateT, ActionT, ViewT], text: str, *, rng: random.Random | None = None
    ) -> Table[StateT, ActionT, ViewT]: ...
    @overload
    @classmethod
    def from_position(
        cls, game: Game[Any, Any, Any], text: str, *, rng: random.Random | None = None
    ) -> Table[Any, Any, Any]: ...
    @classmethod
    def from_position(
        cls, game: Game[Any, Any, Any], text: str, *, rng: random.Random | None = None
    ) -> Table[Any, Any, Any]:
        """A table at the position ``text`` reads as (``game.parse_position``; see the
        Positions page): :meth:`from_state` of that state.

        >>> from cardrules import get_game
        >>> text = ("bidding hand dealer=0 scores=0,0 hands=10C,AC,10D,AD,AH/9C,QD,10S,JS,KS/"
        ...         "QC,9D,KD,KH,QS/JC,KC,9H,JH,QH up=AS kitty=JD,10H,9S")
        >>> table = Table.from_position(get_game("euchre"), text)
        >>> table.push("order")
        >>> table.legal
        ('discard 10C', 'discard AC', 'discard 10D', 'discard AD', 'discard AH', 'discard AS')
        """
        _check_game(game)
        parse = getattr(game, "parse_position", None)
        if not callable(parse):
            raise CardrulesError(f"{game.name} has no position text (no parse_position hook)")
        if not isinstance(text, str):
            raise ArgumentTypeError(f"text must be a str, not {type(text).__name__}")
        return cls.from_state(game, parse(text), rng=rng)

    @overload
    @classmethod
    def from_record(
        cls,
        record: GameRecord,
        game: Game[StateT, ActionT, ViewT],
        *,
        rng: random.Random | None = None,
    ) -> Table[StateT, ActionT, ViewT]: ...
    @overload
    @classmethod
    def from_record(
        cls,
        record: GameRecord,
        game: Game[Any, Any, Any] | None = None,
        *,
        rng: random.Random | None = None,
    ) -> Table[Any, Any, Any]: ...
    @classmethod
    def from_record(
        cls,
        record: GameRecord,
        game: Game[Any, Any, Any] | None = None,
        *,
        rng: random.Random | None = None,
    ) -> Table[Any, Any, Any]:
        """The table a :class:`~cardrules.records.GameRecord` tells: its start, then every step
        replayed through the game's ``apply`` (:func:`~cardrules.records.replay_steps`, which
        raises :class:`~cardrules.records.ReplayError` naming a step that does not replay).

        ``game`` defaults to the record's registered game with its rules. The record's chance
        steps count as dealt by the table (:meth:`pop` takes back a seat's step with the deal
        that followed it); with ``rng``, a record that stops at a chance step is dealt on.
        """
        if not isinstance(record, GameRecord):
            raise ArgumentTypeError(
                f"record must be a GameRecord, not {type(record).__name__} {short_repr(record)}"
                " (Table.from_text reads a record's text)"
            )
        checked = _check_optional_rng(rng)
        if game is None:
            game = record.build_game()
        else:
            _check_game(game)
        steps: list[tuple[TableStep, Any]] = []
        start = None
        for replayed in replay_steps(record, game):
            if start is None:
                start = replayed.before
            notation = game.format_action(replayed.action)
            step = TableStep(replayed.seat, replayed.action, notation, replayed.seat == CHANCE)
            steps.append((step, replayed.after))
        if start is None:
            start = record.start_state(game)
        table: Table[Any, Any, Any] = cls.__new__(cls)
        table._setup(game, checked, record.start, record.dealer)
        table._begin(start, steps)
        return table

    @overload
    @classmethod
    def from_text(
        cls,
        text: str | bytes,
        game: Game[StateT, ActionT, ViewT],
        *,
        rng: random.Random | None = None,
    ) -> Table[StateT, ActionT, ViewT]: ...
    @overload
    @classmethod
    def from_text(
        cls,
        text: str | bytes,
        game: Game[Any, Any, Any] | None = None,
        *,
        rng: random.Random | None = None,
    ) -> Table[Any, Any, Any]: ...
    @classmethod
    def from_text(
        cls,
        text: str | bytes,
        game: Game[Any, Any, Any] | None = None,
        *,
        rng: random.Random | None = None,
    ) -> Table[Any, Any, Any]:
        """The table of a record's text (the ``.cgn`` form :meth:`to_text` writes and
        ``cardrules play --record`` saves; :func:`cardrules.recordtext.read` reads it). A JSON
        record is read with :meth:`GameRecord.from_json <cardrules.records.GameRecord.from_json>`
        and given to :meth:`from_record`."""
        return cls.from_record(GameRecord.from_text(text, game), game, rng=rng)

    # -- what is on the table ----------------------------------------------------------------
    @property
    def game(self) -> Game[StateT, ActionT, ViewT]:
        """The game played."""
        return self._game

    @property
    def state(self) -> StateT:
        """The current state (an immutable value: keep it, search from it, compare it)."""
        return self._states[-1]

    @property
    def start_state(self) -> StateT:
        """The state the table started from (before its first step)."""
        return self._states[0]

    @property
    def rng(self) -> random.Random | None:
        """The generator the table deals chance steps from (``None``: it deals none itself).

        Setting it (a :class:`random.Random` or ``None``) changes what later pushes deal; it
        deals nothing by itself (:meth:`deal` does).
        """
        return self._rng

    @rng.setter
    def rng(self, value: random.Random | None) -> None:
        self._rng = _check_optional_rng(value)

    @property
    def history(self) -> tuple[TableStep, ...]:
        """Every step so far, first to last (python-chess's ``move_stack``)."""
        return tuple(self._steps)

    @property
    def steps(self) -> tuple[tuple[int, Any], ...]:
        """The history as ``(seat, action)`` pairs, what :func:`~cardrules.records.record_game`
        takes."""
        return tuple((step.seat, step.action) for step in self._steps)

    @property
    def ply(self) -> int:
        """How many steps the table has taken (chance steps included)."""
        return len(self._steps)

    @property
    def to_move(self) -> int | None:
        """The seat to act, :data:`~cardrules.game.CHANCE` at a chance step the table has not
        dealt, ``None`` when the game is over."""
        return self._game.to_move(self.state)

    @property
    def is_over(self) -> bool:
        """Whether the match (or the single hand) is over."""
        return self._game.is_over(self.state)

    @property
    def outcome(self) -> Outcome | None:
        """The game's :class:`~cardrules.game.Outcome` once it is over, else ``None``."""
        return self._game.outcome(self.state)

    @property
    def legal(self) -> tuple[str, ...]:
        """The actions of the seat to move, in notation (the order of :meth:`legal_actions`)."""
        return self.legal_texts()

    def legal_actions(self, seat: int | None = None) -> tuple[ActionT, ...]:
        """The actions of the seat to move (``seat`` left out), or all that ``seat`` may take
        now: in its turn its legal actions, and at any time its out-of-turn ones (a claim, a
        correction; the game's ``out_of_turn_actions``). Empty at a chance step.

        >>> from cardrules import get_game
        >>> Table(get_game("euchre")).legal_actions(seat=4)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: seat must be from 0 to 3, not 4
        """
        state = self.state
        if seat is None:
            return tuple(self._game.legal_actions(state))
        seat = check_seat(seat, self._game.num_players)
        mine = self._game.legal_actions(state) if self._game.to_move(state) == seat else ()
        return (*mine, *self._game.out_of_turn_actions(state, seat))

    def legal_texts(self, seat: int | None = None) -> tuple[str, ...]:
        """:meth:`legal_actions` in the game's notation."""
        return tuple(self._game.format_action(a) for a in self.legal_actions(seat))

    def view(self, seat: int) -> ViewT:
        """What ``seat`` may know now (the game's ``view``): all a seat's player is shown."""
        return self._game.view(self.state, check_seat(seat, self._game.num_players))

    def position_text(self) -> str:
        """The one-line text of the current position (the game's ``position_text``; the whole
        table, hidden cards included), which :meth:`from_position` reads back."""
        hook = getattr(self._game, "position_text", None)
        if not callable(hook):
            raise CardrulesError(f"{self._game.name} has no position text (no position_text hook)")
        text: str = hook(self.state)
        return text

    def hand_report(self) -> Any:
        """The report of the last finished hand (the game's ``hand_report``:
        :class:`~cardrules.reports.HandReport`, why it scored what it did), ``None`` before the
        first hand is over."""
        hook = getattr(self._game, "hand_report", None)
        if not callable(hook):
            raise CardrulesError(f"{self._game.name} makes no hand reports (no hand_report hook)")
        return hook(self.state)

    # -- steps -------------------------------------------------------------------------------
    def push(self, action: Any, seat: int | None = None) -> None:
        """Take ``action`` (an action, or its text in the game's notation, read with the game's
        ``parse_action``) for the seat to move, or for ``seat``: an out-of-turn action (a claim,
        a correction) needs its seat. Then, with an :attr:`rng`, deal the chance steps that
        follow.

        The game's ``apply`` decides: an action the rules forbid raises its
        :class:`~cardrules.errors.IllegalActionError` (with the rule id), a text that does not
        read a :class:`~cardrules.errors.NotationError`, and the table stays as it was.

        >>> import random
        >>> from cardrules import get_game
        >>> table = Table(get_game("euchre"), start="hand", dealer=0, rng=random.Random(7))
        >>> table.push("play AS")
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalActionError: rule E6 (first bidding round): not a bid: ...
        >>> table.ply
        1
        """
        actor = _check_actor(seat, self._game.num_players)
        state = self.state
        if isinstance(action, str):
            action = self._game.parse_action(action, state)
        if actor is None:
            after = self._game.apply(state, action)
            actor = self._game.to_move(state)
            if actor is None:  # a game whose apply took a step after its end
                raise IllegalActionError(None, "the game is over", action=action)
        else:
            after = self._game.apply(state, action, seat=actor)
        pushed = [(TableStep(actor, action, self._game.format_action(action)), after)]
        if self._rng is not None:
            pushed += self._chance_steps(after, self._rng, auto=True)
        self._commit(pushed)

    def deal(self, rng: random.Random | None = None) -> int:
        """Deal the chance steps due now from ``rng`` (by default the table's :attr:`rng`), up
        to the next seat's turn; how many were dealt. :meth:`pop` takes them back as one.

        >>> from cardrules import get_game
        >>> table = Table(get_game("euchre"))
        >>> table.to_move
        -1
        >>> table.deal()
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: the table has no rng to deal from: give deal one, or push the chance step
        """
        chosen = self._rng if rng is None else check_rng(rng)
        if chosen is None:
            raise ArgumentError(
                "the table has no rng to deal from: give deal one, or push the chance step"
            )
        dealt = self._chance_steps(self.state, chosen, auto=False)
        self._commit(dealt)
        return len(dealt)

    def _chance_steps(
        self, state: StateT, rng: random.Random, *, auto: bool
    ) -> list[tuple[TableStep, StateT]]:
        """The chance steps from ``state`` to the next seat's turn, drawn from ``rng``; all but
        the first marked ``auto`` (the first too when ``auto``)."""
        game = self._game
        dealt: list[tuple[TableStep, StateT]] = []
        while game.to_move(state) == CHANCE:
            if len(dealt) == MAX_CHANCE_STEPS:
                raise CardrulesError(
                    f"{game.name} took {MAX_CHANCE_STEPS} chance steps in a row without a "
                    "seat's turn"
                )
            action = game.sample_chance(state, rng)
            state = game.apply(state, action)
            step = TableStep(CHANCE, action, game.format_action(action), auto or bool(dealt))
            dealt.append((step, state))
        return dealt

    def _commit(self, pushed: Iterable[tuple[TableStep, StateT]]) -> None:
        for step, after in pushed:
            self._steps.append(step)
            self._states.append(after)

    def pop(self) -> TableStep:
        """Take back the last push: its step, and the chance steps the table dealt after it.
        Returns the step pushed. :class:`UndoError` when nothing was pushed (the deals the
        table made on its own at the start are taken back by ``undo_to(0)``).

        >>> import random
        >>> from cardrules import get_game
        >>> table = Table(get_game("euchre"), start="hand", dealer=0, rng=random.Random(7))
        >>> table.pop()
        Traceback (most recent call last):
        ...
        cardrules.table.UndoError: nothing was pushed to take back (undo_to(0) takes back the table's own deals)
        """
        last = len(self._steps) - 1
        while last >= 0 and self._steps[last].auto:
            last -= 1
        if last < 0:
            raise UndoError(
                "nothing was pushed to take back (undo_to(0) takes back the table's own deals)"
            )
        step = self._steps[last]
        self._truncate(last)
        return step

    def undo_to(self, ply: int) -> tuple[TableStep, ...]:
        """Go back to the state after the first ``ply`` steps (``0``: the start), chance steps
        counted; the steps taken back, in the order they were taken. Nothing is dealt after it:
        a table left at a chance step waits for a push or :meth:`deal`.

        >>> import random
        >>> from cardrules import get_game
        >>> table = Table(get_game("euchre"), start="hand", dealer=0, rng=random.Random(7))
        >>> [str(step)[:12] for step in table.undo_to(0)], table.ply, table.to_move
        (['chance: deal'], 0, -1)
        >>> table.undo_to(3)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: ply must be from 0 to 0, not 3
        """
        check_int(ply, "ply", 0, len(self._steps))
        taken = tuple(self._steps[ply:])
        self._truncate(ply)
        return taken

    def _truncate(self, ply: int) -> None:
        del self._steps[ply:]
        del self._states[ply + 1 :]

    # -- records -----------------------------------------------------------------------------
    @property
    def start(self) -> Literal["match", "hand"] | None:
        """How the table started: ``"match"``, ``"hand"``, or ``None`` for a position
        (:meth:`from_state`)."""
        if self._start == "match":
            return "match"
        return "hand" if self._start == "hand" else None

    @property
    def dealer(self) -> int | None:
        """The first dealer the table was started with (``None``: the game's own start)."""
        return self._dealer

    def analyse(self, *, node_limit: int = 300_000) -> tuple[Any, ...]:
        """Every card play so far marked with its double-dummy cost
        (:func:`cardrules.solver.analyse_steps`, a :class:`~cardrules.solver.PlayAnalysis` per
        play): omniscient by nature — the solver knows every hand — so for reviewing a finished
        hand or a record, never for a seat in play. Euchre, Rook and Voormsi.

        >>> table = Table(get_game("euchre"), start="hand", dealer=0, rng=random.Random(3))
        >>> while not table.is_over:
        ...     table.push(table.legal_actions()[0])
        >>> marks = table.analyse()
        >>> len(marks), sum(m.cost for m in marks) >= 0
        (20, True)
        """
        from cardrules.solver import analyse_steps

        return analyse_steps(self.game, self.start_state, self.steps, node_limit=node_limit)

    def to_record(self, metadata: Mapping[str, Any] | None = None) -> GameRecord:
        """The :class:`~cardrules.records.GameRecord` of the history (its start, every step with
        its seat, each finished hand's report), with ``metadata`` (JSON data: a date, the
        players…). A record is a referee's document: it holds every card dealt, so a game UI
        shows it to a player only for finished hands. A table started at a position has none
        (:class:`~cardrules.errors.RecordError`).

        >>> import random
        >>> from cardrules import get_game
        >>> table = Table(get_game("euchre"), start="hand", dealer=0, rng=random.Random(7))
        >>> table.push("pass")
        >>> record = table.to_record({"Event": "club night"})
        >>> record.actions[-1], Table.from_record(record).history == table.history
        ((1, 'pass'), True)
        """
        start = self.start
        if start is None:
            raise RecordError(
                "a record starts at a new match or hand; this table started at a position"
            )
        return record_game(
            self._game, self.steps, start=start, dealer=self._dealer, metadata=metadata
        )

    def to_text(self, metadata: Mapping[str, Any] | None = None) -> str:
        """The record as text (:meth:`to_record`, then
        :meth:`GameRecord.to_text <cardrules.records.GameRecord.to_text>`: tags and moves in the
        game's notation, as PGN is chess's), which :meth:`from_text` reads back."""
        return self.to_record(metadata).to_text(self._game)

    # -- text and pictures -------------------------------------------------------------------
    def text(self, seat: int | None = None, *, color: bool = False) -> str:
        """The table in words: for ``seat``, what that seat sees (its view, as the game's
        ``describe`` writes it); without ``seat``, the whole table, every hand shown (a
        spectator's or referee's picture). ``color`` colours red suits for a terminal.
        ``str(table)`` is ``table.text()``.
        """
        if not isinstance(color, bool):
            raise ArgumentTypeError(
                f"color must be True or False, not {type(color).__name__} {short_repr(color)}"
            )
        game = self._game
        if seat is not None:
            return _describe(game, self.view(seat), color)
        turn = self.to_move
        if turn is None:
            said = "over"
        elif turn == CHANCE:
            said = "chance to deal"
        else:
            said = f"seat {turn} to move"
        lines = [f"{game.name} · {self.ply} steps · {said}"]
        if self._steps:
            lines.append(f"last step: {self._steps[-1]}")
        hook = getattr(game, "position_text", None)
        if callable(hook):
            lines.append(f"position: {hook(self.state)}")
        for each in range(game.num_players):
            if game.num_players > 1:
                lines.append(f"-- seat {each}")
            lines.append(_describe(game, game.view(self.state, each), color))
        return "\n".join(lines)

    def svg(
        self,
        seat: int | None = None,
        *,
        size: int | None = None,
        bottom: int | None = None,
        highlight: Iterable[Any] = (),
        last_trick: bool = True,
    ) -> str:
        """An SVG picture (:func:`cardrules.svg.render`): for ``seat``, of that seat's view only
        (the other hands as card backs, that seat at the bottom: what a game UI shows a player);
        without ``seat``, of the whole table. ``size``, ``bottom`` (the seat drawn at the
        bottom), ``highlight`` and ``last_trick`` are :func:`~cardrules.svg.render`'s options. ``table._repr_svg_()`` (Jupyter) is
        ``table.svg()``.

        >>> import random
        >>> from cardrules import get_game
        >>> table = Table(get_game("euchre"), start="hand", dealer=0, rng=random.Random(7))
        >>> table.svg(seat=1).count('class="card back"') > table.svg().count('class="card back"')
        True
        """
        if seat is None:
            value: Any = self.state
        else:
            value = self.view(seat)
        return _svg.render(
            value, self._game, size=size, bottom=bottom, highlight=highlight, last_trick=last_trick
        )

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        turn = self.to_move
        said = "over" if turn is None else "chance" if turn == CHANCE else f"seat {turn}"
        return f"<Table {self._game.name}: {self.ply} steps, {said} to move>"

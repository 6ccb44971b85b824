"""The Game protocol, the chance actions every game shares, outcomes and rules configs.

A game is one immutable object per rules config. Everything that changes lives in the state, which
is an immutable value too, so a search tree can share states freely:

>>> game = get_game("euchre")
>>> s = game.new_hand(dealer=0)
>>> game.to_move(s) == CHANCE
True
>>> s2 = game.apply(s, game.sample_chance(s, random.Random(1)))
>>> game.to_move(s2), s2 == game.apply(s, game.sample_chance(s, random.Random(1)))
(1, True)

``to_move(state)`` is a seat, :data:`CHANCE` when the next step is random, or ``None`` when the
state is over. Chance steps are explicit actions (:class:`Deal`, :class:`ChooseDealer`) drawn with
an explicit :class:`random.Random`, so a game is fully described by its rules and its action list.
"""

from __future__ import annotations

import abc
import functools
import inspect
import random
import sys
import types
import typing
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import (
    Any,
    ClassVar,
    Final,
    Generic,
    Literal,
    Protocol,
    Self,
    TypeVar,
    final,
    runtime_checkable,
)

import attrs

from cardrules.cards import Card, Suit, parse_cards
from cardrules.decks import DeckSpec
from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    IllegalActionError,
    NotationError,
    RulesError,
    check_int,
    short_repr,
)
from cardrules.notation import looks_numeric, read_number
from cardrules.rulebook import RuleBook, RuleId
from cardrules.scoring import MatchScore, Partnership

__all__ = [
    "CHANCE",
    "ChooseDealer",
    "Deal",
    "Game",
    "GameBase",
    "GameConfig",
    "OptionInfo",
    "Outcome",
    "RulesConfig",
    "check_count",
    "check_rng",
    "check_seat",
    "method",
    "normalize_notation",
    "plain_class",
]

CHANCE: Final = -1
"""The value of ``to_move`` when the next step is a chance action."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")
StepT = TypeVar("StepT", bound=Callable[..., Any])
ClassT = TypeVar("ClassT", bound=type)


def action_field_type_error(
    cls: type, field: str, expected: str, value: object
) -> ArgumentTypeError:
    """The error for an action built with a field of the wrong type (``Play(True)``).

    >>> action_field_type_error(ChooseDealer, "seat", "an int", 1.0)
    ArgumentTypeError('ChooseDealer.seat must be an int, not float 1.0')
    """
    return ArgumentTypeError(
        f"{cls.__name__}.{field} must be {expected}, not {type(value).__name__} {short_repr(value)}"
    )


def action_field_error(cls: type, field: str, expected: str, value: object) -> ArgumentError:
    """The error for an action built with a field out of range (``ChooseDealer(-1)``).

    >>> action_field_error(ChooseDealer, "seat", "at least 0", -1)
    ArgumentError('ChooseDealer.seat must be at least 0, not -1')
    """
    return ArgumentError(f"{cls.__name__}.{field} must be {expected}, not {short_repr(value)}")


@final
@attrs.frozen
class Deal:
    """Chance action: the shuffled deck, as card indices in dealing order (``order[0]`` dealt first).

    ``order`` is a tuple of ``int`` indices of at least 0, checked when the action is built (that
    it is a permutation of the game's deck is the game's check, rule of the deal):

    >>> Deal((2, 0, 1)).order
    (2, 0, 1)
    >>> Deal([2, 0, 1])
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: Deal.order must be a tuple of ints, not list [2, 0, 1]
    """

    order: tuple[int, ...]

    def __attrs_post_init__(self) -> None:
        order: object = self.order
        if type(order) is not tuple:
            raise action_field_type_error(Deal, "order", "a tuple of ints", order)
        # One pass over the types (a set of them), not a Python loop: a Deal is built every hand.
        if order and set(map(type, order)) != {int}:
            bad = next(x for x in order if type(x) is not int)
            raise action_field_type_error(Deal, "order", "a tuple of ints", bad)
        if order and min(order) < 0:
            raise action_field_error(Deal, "order", "card indices of at least 0", min(order))


_new_deal: Final = object.__new__
_set_field: Final = object.__setattr__


def trusted_deal(order: tuple[int, ...]) -> Deal:
    """``Deal(order)`` without the field checks, for an engine's own shuffle (a tuple of card
    indices by construction): a hand of a rollout builds one, and the check of every index would
    cost a few percent of it. The value is the same: ``trusted_deal(o) == Deal(o)``.

    >>> trusted_deal((1, 0)) == Deal((1, 0))
    True
    """
    deal = _new_deal(Deal)
    _set_field(deal, "order", order)  # the frozen class's own way of filling a field
    return deal


@final
@attrs.frozen
class ChooseDealer:
    """Chance action: the first dealer of a match, drawn at random.

    ``seat`` is an ``int`` of at least 0 (whether the game has that seat is the game's check):

    >>> ChooseDealer(True)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: ChooseDealer.seat must be an int, not bool True
    """

    seat: int

    def __attrs_post_init__(self) -> None:
        seat: object = self.seat
        if type(seat) is not int:
            raise action_field_type_error(ChooseDealer, "seat", "an int", seat)
        if seat < 0:
            raise action_field_error(ChooseDealer, "seat", "at least 0", seat)


@final
@attrs.frozen
class Outcome:
    """The result of a finished hand or match.

    ``team_points`` are the points each team scored in the hand (or, for a match, its final score);
    ``seat_points`` the same per seat; ``winners`` the winning seats (empty on a draw or when a hand
    has no winner); ``returns`` per seat in ``[-1, 1]`` for learning and search (+1 win, −1 loss,
    0 draw; a hand's returns are its point difference scaled to that range).
    """

    team_points: tuple[int, ...]
    seat_points: tuple[int, ...]
    winners: tuple[int, ...]
    returns: tuple[float, ...]

    @classmethod
    def for_hand(cls, teams: Partnership, points: Sequence[int], scale: float) -> Outcome:
        """The outcome of one hand that scored ``points`` per team.

        The side that scored more wins; a seat's return is its side's lead over the best other
        side, divided by ``scale`` (the widest possible swing, so returns stay in ``[-1, 1]``).

        >>> Outcome.for_hand(Partnership.opposite(4), (2, 0), scale=4).returns
        (0.5, -0.5, 0.5, -0.5)
        """
        team_points = tuple(points)
        best = max(team_points)
        leaders = [t for t, p in enumerate(team_points) if p == best]
        winners = teams.teams[leaders[0]] if len(leaders) == 1 else ()
        returns = []
        for seat in range(teams.num_players):
            t = teams.team_of(seat)
            rival = max(p for u, p in enumerate(team_points) if u != t)
            returns.append((team_points[t] - rival) / scale)
        return cls(team_points, teams.seat_points(team_points), tuple(winners), tuple(returns))

    @classmethod
    def for_match(cls, teams: Partnership, score: MatchScore) -> Outcome:
        """The outcome of a finished match: the final scores; +1 for the winners, -1 for the rest."""
        winner = score.winner
        winners = teams.teams[winner] if winner is not None else ()
        returns = tuple(
            1.0 if s in winners else (0.0 if winner is None else -1.0)
            for s in range(teams.num_players)
        )
        return cls(score.scores, teams.seat_points(score.scores), tuple(winners), returns)


@runtime_checkable
class Game(Protocol[StateT, ActionT, ViewT]):
    """What every game offers; bots, simulation, the CLI and the adapters speak only this.

    Optional hooks a game may add, which :func:`~cardrules.testing.check_game` then checks too:
    ``position(**fields)``, ``position_text(state)`` / ``parse_position(text)`` (a one-line
    position that reads back to an equal state), ``hand_report(state)`` (a
    :class:`~cardrules.reports.HandReport` of the last finished hand), ``describe(view)`` and
    ``heuristic_bot()``.
    """

    name: str
    rules: Any
    num_players: int
    deck: DeckSpec

    @property
    def num_distinct_actions(self) -> int:
        """How many integer codes :meth:`action_to_index` uses (chance actions excluded)."""
        ...

    def new_match(self) -> StateT:
        """The start of a whole match (first step: chance)."""
        ...

    def new_hand(self, dealer: int | None = None) -> StateT:
        """The start of a single deal, for bots and tests (``None``: a random dealer, by chance)."""
        ...

    def to_move(self, state: StateT) -> int | None:
        """The seat to act, :data:`CHANCE`, or ``None`` when over."""
        ...

    def legal_actions(self, state: StateT) -> tuple[ActionT, ...]:
        """The actions of the seat to move (empty at chance and terminal states)."""
        ...

    def out_of_turn_actions(self, state: StateT, seat: int) -> tuple[ActionT, ...]:
        """What ``seat`` may do now although it is not its turn (claims, corrections)."""
        ...

    def apply(self, state: StateT, action: Any, seat: int | None = None) -> StateT:
        """The next state; raises :class:`~cardrules.errors.IllegalActionError` and never changes ``state``."""
        ...

    def sample_chance(self, state: StateT, rng: random.Random) -> Any:
        """A chance action drawn from ``rng`` (only at chance states)."""
        ...

    def is_over(self, state: StateT) -> bool:
        """Whether the state is terminal (the match, or the single hand, is over)."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """The outcome of a terminal state, else ``None``."""
        ...

    def view(self, state: StateT, seat: int) -> ViewT:
        """What ``seat`` may know: an immutable value holding nothing hidden from it."""
        ...

    def sample_state(self, view: ViewT, rng: random.Random) -> StateT:
        """A full state consistent with ``view``, hidden cards dealt at random within the constraints."""
        ...

    def action_to_index(self, action: ActionT) -> int:
        """A stable integer code of a (non-chance) action."""
        ...

    def index_to_action(self, index: int) -> ActionT:
        """The action of an integer code."""
        ...

    def format_action(self, action: Any) -> str:
        """The text notation of an action (chance actions included)."""
        ...

    def parse_action(self, text: str, state: StateT) -> Any:
        """Read an action from its text notation; :class:`~cardrules.errors.NotationError` if malformed."""
        ...

    def card_zones(self, state: StateT) -> Mapping[str, Sequence[Card]]:
        """Where every card of the deck is: a partition of the deck into named zones."""
        ...

    def rollout(self, state: StateT, rng: random.Random) -> Outcome:
        """Play the current hand out at random (legal actions, chance by ``rng``); its outcome.

        Between two hands of a match (the previous hand has just been scored and the next step is
        the deal), the outcome of the hand that ended. Must give the same distribution as stepping
        with :meth:`apply`, without building every intermediate state.
        """
        ...


def check_seat(seat: object, num_players: int, argument: str = "seat") -> int:
    """``seat`` if it is an ``int`` (not a ``bool``) seat of a ``num_players`` game; else a clear error.

    >>> check_seat(2, 4)
    2
    >>> check_seat(True, 4)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: seat must be an int from 0 to 3, not bool True
    >>> check_seat(-1, 4)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: seat must be from 0 to 3, not -1
    """
    if type(seat) is int and 0 <= seat < num_players:  # the common case, without a call
        return seat
    return check_int(seat, argument, 0, num_players - 1)


def check_count(value: object, argument: str) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) of at least 1 — a budget, a number of tries
    or samples; else a clear error.

    >>> check_count(3, "max_tries")
    3
    >>> check_count(0, "max_tries")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: max_tries must be at least 1, not 0
    >>> check_count(2.0, "samples")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: samples must be an int, not float 2.0
    """
    return check_int(value, argument, 1)


def check_rng(rng: object, argument: str = "rng") -> random.Random:
    """``rng`` if it is a :class:`random.Random` (the only way randomness enters); else an error.

    >>> check_rng(7)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: rng must be a random.Random, not int 7
    """
    if not isinstance(rng, random.Random):
        raise ArgumentTypeError(
            f"{argument} must be a random.Random, not {type(rng).__name__} {short_repr(rng)}"
        )
    return rng


def method(step: StepT) -> StepT:
    """``step``, a module-level function taking the game first, as a method of a game class body.

    The games bind the hot steps of their ``fast`` module this way (``apply =
    method(fast.apply)``). In the pure build a Python function binds itself, so ``step`` comes
    back as it is and ``game.apply(state, action)`` stays one Python call. In the compiled build
    (``CARDRULES_COMPILE=1``, see the performance page) a fast module is a C extension made by
    mypyc, whose functions do not bind as methods: ``step`` then comes back behind an interpreted
    edge, a Python function that calls it. mypyc checks and converts the annotated arguments where
    a compiled function is entered (a value of the wrong type raises a bare :class:`TypeError`,
    ``seat=False`` would pass as ``0``), so the edge refuses a ``seat`` that is not ``None`` or an
    ``int`` first and turns such a :class:`TypeError` into the library's error for the wrong
    ``state`` or ``rng``, as the pure build raises them (:meth:`GameBase.check_state`,
    :meth:`GameBase.check_actor`, :func:`check_rng`). The steps it takes are ``(game, state)``,
    ``(game, state, rng)`` and ``(game, state, action, seat=None)``.

    >>> def double(game: object, value: int) -> int:
    ...     return 2 * value
    >>> method(double) is double
    True
    >>> class Doubler:
    ...     double = method(double)
    >>> Doubler().double(21)
    42
    """
    if isinstance(step, types.FunctionType):
        return step
    compiled: Callable[..., Any] = step
    shape = list(inspect.signature(compiled).parameters)[2:]
    if shape == ["action", "seat"]:

        def edge(game: Any, state: Any, action: Any, seat: Any = None) -> Any:
            if seat is not None and type(seat) is not int:
                game.check_state(state)
                game.check_actor(state, seat, game.to_move(state))  # raises
            try:
                return compiled(game, state, action, seat)
            except TypeError:
                game.check_state(state)
                raise

    elif shape == ["rng"]:

        def edge(game: Any, state: Any, rng: Any) -> Any:  # type: ignore[misc]  # one of three
            try:
                return compiled(game, state, rng)
            except TypeError:
                game.check_state(state)
                check_rng(rng)
                raise

    elif not shape:

        def edge(game: Any, state: Any) -> Any:  # type: ignore[misc]  # one of three
            try:
                return compiled(game, state)
            except TypeError:
                game.check_state(state)
                raise

    else:
        raise TypeError(f"method: no interpreted edge for a step taking (game, state, {shape})")
    edge.__name__ = edge.__qualname__ = getattr(compiled, "__name__", "edge")
    edge.__doc__ = compiled.__doc__
    edge.__wrapped__ = compiled  # type: ignore[attr-defined]  # the step behind the edge
    return edge  # type: ignore[return-value]  # called as the compiled step is


def plain_class(cls: ClassT) -> ClassT:
    """``cls`` itself: as a class decorator in a module of the compiled build, it keeps the class a
    plain Python class.

    mypyc makes every undecorated class of a module it compiles a native class, which an
    interpreted class may not inherit (a game class inheriting a fast module's table
    declarations) and which cannot subclass ``tuple``; a class with any other decorator it leaves
    a Python class. In the pure build this is one call at import.

    >>> @plain_class
    ... class Tables:
    ...     size: int
    >>> Tables.__name__
    'Tables'
    """
    return cls


def normalize_notation(text: str) -> str:
    """A canonical form of an action's text: lower case, single spaces, cards in ASCII, suits as
    their letter (``♥``, ``H`` and ``hearts`` all read as ``h``).

    >>> normalize_notation("  Play  J♥ ")
    'play jh'
    >>> normalize_notation("name Hearts") == normalize_notation("name ♥") == "name h"
    True
    """
    if not isinstance(text, str):
        raise NotationError(f"an action's notation is text, not {type(text).__name__}")
    words = []
    for word in text.split():
        try:
            words.append(parse_cards([word])[0].ascii.lower())
            continue
        except NotationError:
            pass
        try:
            words.append(Suit.parse(word).letter.lower())
        except NotationError:
            words.append(word.lower())
    return " ".join(words)


@final
@attrs.frozen
class OptionInfo:
    """One option of a rules config, as :meth:`RulesConfig.options` describes it.

    ``allowed`` is the finite set of values the option takes (from a ``Literal[...]`` annotation,
    ``(False, True)`` for a ``bool``, or the ``choices`` of the field's metadata), or ``None``
    when it is an integer range (``minimum``, ``maximum`` and ``step`` from the metadata) or not
    constrained at all.

    >>> info = OptionInfo("target", 5, "points needed to win", rule="W7", minimum=1)
    >>> info.allows(9), info.allows(0), info.allows(True), info.allowed_text
    (True, False, False, 'an integer of at least 1')
    >>> OptionInfo("alone", False, "play alone", allowed=(False, True)).allowed_text
    'False, True'
    """

    name: str
    """The field's name, as ``--rules NAME=VALUE`` and :meth:`RulesConfig.from_dict` take it."""
    default: Any
    """The value a rules config has when nothing is said."""
    meaning: str
    """One line saying what the option decides."""
    rule: str = ""
    """The id of the game's rule or option that the option implements (``""`` when none)."""
    allowed: tuple[Any, ...] | None = None
    """The values the option may take, when they are a finite set; else ``None``."""
    minimum: int | None = None
    """The smallest integer allowed (integer options)."""
    maximum: int | None = None
    """The largest integer allowed (integer options)."""
    step: int = 1
    """Allowed integers are ``minimum`` plus a multiple of ``step``."""

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is allowed (a ``bool`` is never taken for an ``int``, nor 0 or 1 for a
        ``bool``).

        Only the option on its own is checked: a rules class may still refuse a combination.
        """
        if self.allowed is not None:
            return any(type(a) is type(value) and a == value for a in self.allowed)
        if self.minimum is None and self.maximum is None:
            return True
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        if self.minimum is not None and value < self.minimum:
            return False
        if self.maximum is not None and value > self.maximum:
            return False
        return (value - (self.minimum or 0)) % self.step == 0

    @property
    def allowed_text(self) -> str:
        """The allowed values in words, as ``cardrules rules`` prints them."""
        if self.allowed is not None:
            return ", ".join(repr(a) for a in self.allowed)
        if self.minimum is None and self.maximum is None:
            return "any value"
        if self.minimum is not None and self.maximum is not None:
            text = f"an integer from {self.minimum} to {self.maximum}"
        elif self.minimum is not None:
            text = f"an integer of at least {self.minimum}"
        else:
            text = f"an integer of at most {self.maximum}"
        return text if self.step == 1 else f"{text}, in steps of {self.step}"


def _field_types(cls: type) -> dict[str, Any]:
    """The resolved annotations of ``cls``'s fields (a field whose annotation cannot be resolved,
    for instance one imported only for type checking, is left out)."""
    try:
        return typing.get_type_hints(cls)
    except Exception:  # one unresolvable annotation: resolve the fields one by one
        pass
    module = sys.modules.get(cls.__module__)
    namespace = dict(vars(module)) if module is not None else {}
    resolved: dict[str, Any] = {}
    for field in attrs.fields(cls):
        annotation = field.type
        if isinstance(annotation, str):
            try:
                annotation = eval(annotation, namespace, dict(vars(typing)))
            except Exception:
                continue
        resolved[field.name] = annotation
    return resolved


def _allowed_by_type(annotation: Any) -> tuple[Any, ...] | None:
    """The values of a ``bool``, a ``Literal[...]`` or an optional one; else ``None``."""
    if annotation is bool:
        return (False, True)
    if annotation is type(None):
        return (None,)
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return typing.get_args(annotation)
    if origin is typing.Union or origin is types.UnionType:
        values: list[Any] = []
        for arg in typing.get_args(annotation):
            part = _allowed_by_type(arg)
            if part is None:
                return None
            values += [v for v in part if not any(type(v) is type(w) and v == w for w in values)]
        return tuple(values)
    return None


class RulesConfig:
    """Mixin for a game's frozen (attrs) rules class: presets, dicts for records, validation.

    A subclass is an ``attrs.frozen`` class whose fields are JSON scalars; it lists its presets in
    ``PRESETS`` as ``name -> {field: value}``. Each field describes itself in its attrs metadata,
    which :meth:`options` (and so ``cardrules rules GAME``) reads:

    * ``"doc"``: one line saying what the option decides (required);
    * ``"rule"``: the id of the rule or option of the game's rules that it implements;
    * ``"choices"``: the allowed values, when the annotation (a ``Literal[...]`` or ``bool``) does
      not tell them; ``"min"``, ``"max"`` and ``"step"``: the range of an integer option.

    The metadata only describes a field: the rules class still validates every value itself, with
    the validators of :mod:`cardrules.option_checks` (which read the same ``rule``, ``min``, ``max``
    and ``step``) and cross-option checks in ``__attrs_post_init__``.

    >>> @attrs.frozen
    ... class CoinRules(RulesConfig):
    ...     target: int = attrs.field(default=5, metadata={"doc": "points to win", "min": 1})
    ...     fair: bool = attrs.field(default=True, metadata={"doc": "a fair coin", "rule": "C1"})
    ...     PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {"long": {"target": 9}}
    >>> [(o.name, o.default, o.allowed_text) for o in CoinRules.options()]
    [('target', 5, 'an integer of at least 1'), ('fair', True, 'False, True')]
    >>> CoinRules.preset_changes("long")
    {'target': 9}
    """

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    @classmethod
    def _preset_values(cls, name: str) -> Mapping[str, Any]:
        try:
            return cls.PRESETS[name]
        except (KeyError, TypeError):
            known = ", ".join(cls.PRESETS) or "none"
            raise RulesError(f"no preset {name!r} for {cls.__name__} (known: {known})") from None

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Self:
        """A named preset, with optional overrides."""
        values = dict(cls._preset_values(name))
        values.update(overrides)
        return cls.from_dict(values)

    @classmethod
    def preset_changes(cls, name: str) -> dict[str, Any]:
        """What preset ``name`` changes against the defaults, as ``{field: value}``.

        A preset that keeps the defaults changes nothing (``{}``); an unknown name raises
        :class:`~cardrules.errors.RulesError` listing the known ones.
        """
        values = cls._preset_values(name)
        defaults = {option.name: option.default for option in cls.options()}
        return {
            key: value
            for key, value in values.items()
            if key not in defaults
            or type(defaults[key]) is not type(value)
            or defaults[key] != value
        }

    @classmethod
    def options(cls) -> tuple[OptionInfo, ...]:
        """Every option (field) of the rules class in declaration order, described from its
        annotation and its attrs metadata (see the class docstring)."""
        hints = _field_types(cls)
        infos = []
        for field in attrs.fields(cls):  # type: ignore[arg-type]
            meta: Mapping[str, Any] = field.metadata
            default = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                default = attrs.NOTHING if default.takes_self else default.factory()
            choices = meta.get("choices")
            if choices is not None:
                allowed: tuple[Any, ...] | None = tuple(choices)
            elif field.name in hints:
                allowed = _allowed_by_type(hints[field.name])
            else:
                allowed = None
            infos.append(
                OptionInfo(
                    name=field.name,
                    default=default,
                    meaning=str(meta.get("doc", "")),
                    rule=str(meta.get("rule", "")),
                    allowed=allowed,
                    minimum=meta.get("min"),
                    maximum=meta.get("max"),
                    step=meta.get("step", 1),
                )
            )
        return tuple(infos)

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> Self:
        """Build from a mapping of field values; unknown names raise :class:`~cardrules.errors.RulesError`,
        and anything but a mapping with text keys an :class:`~cardrules.errors.ArgumentTypeError`."""
        if not isinstance(values, Mapping):
            raise ArgumentTypeError(
                f"values must be a mapping of option name -> value, "
                f"not {type(values).__name__} {short_repr(values)}"
            )
        for key in values:
            if type(key) is not str:
                raise ArgumentTypeError(
                    f"{cls.__name__} option names are text, not {type(key).__name__} {short_repr(key)}"
                )
        fields = {f.name for f in attrs.fields(cls)}  # type: ignore[arg-type]
        unknown = sorted(set(values) - fields)
        if unknown:
            raise RulesError(
                f"unknown {cls.__name__} option(s): {', '.join(unknown)} (known: {', '.join(sorted(fields))})"
            )
        try:
            return cls(**values)
        except TypeError as exc:
            raise RulesError(f"{cls.__name__}: {exc}") from None

    def to_dict(self) -> dict[str, Any]:
        """The field values, for records and ``cardrules rules``."""
        return attrs.asdict(self)  # type: ignore[arg-type]

    def changed(self) -> dict[str, Any]:
        """Only the fields that differ from the defaults."""
        default = type(self)()
        return {k: v for k, v in self.to_dict().items() if getattr(default, k) != v}


_INTERNED: Final[weakref.WeakValueDictionary[tuple[str, Any], GameConfig]] = (
    weakref.WeakValueDictionary()
)
"""The live :class:`GameConfig` values, one per (game name, rules): equal configs are one object."""


@final
class GameConfig:
    """The configuration a state was made under: its game's ``name`` and ``rules``.

    Every state of a :class:`GameBase` game that has a ``config`` field carries the
    :attr:`GameBase.config` of the game that made it, and every public method of a game refuses a
    state (or view) of another configuration (:meth:`GameBase.check_state`): a full-deck Rook
    state is not a state of standard Rook, though both are a ``RookState``.

    Configs are interned: two games built with equal rules share one config object (so the hot
    path's test is ``state.config is game.config``), and a config read back from a pickle is the
    live one again, so a state pickled in one process is a state of the equal game of another.

    >>> GameConfig("rook", ("full_deck", True)) is GameConfig("rook", ("full_deck", True))
    True
    >>> GameConfig("rook", None) == GameConfig("euchre", None)
    False
    """

    __slots__ = ("__weakref__", "_hash", "name", "rules")
    name: str
    rules: Any
    _hash: int

    def __new__(cls, name: str, rules: Any) -> GameConfig:
        key = (name, rules)
        try:
            found = _INTERNED.get(key)
        except TypeError:  # a plugin's unhashable rules: not interned, compared by equality
            return cls._make(name, rules, hash(name))
        if found is None:
            found = _INTERNED[key] = cls._make(name, rules, hash(key))
        return found

    @classmethod
    def _make(cls, name: str, rules: Any, hashed: int) -> GameConfig:
        config = object.__new__(cls)
        object.__setattr__(config, "name", name)
        object.__setattr__(config, "rules", rules)
        object.__setattr__(config, "_hash", hashed)
        return config

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a GameConfig is immutable (cannot set {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a GameConfig is immutable (cannot delete {name})")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not GameConfig:
            return NotImplemented
        return self.name == other.name and bool(self.rules == other.rules)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (GameConfig, (self.name, self.rules))

    def __repr__(self) -> str:
        return f"GameConfig({self.name!r}, {self.rules!r})"

    def describe(self, other: GameConfig) -> tuple[str, str]:
        """This config and ``other`` in words, naming the options in which they differ.

        >>> from cardrules import get_game
        >>> get_game("rook", full_deck=True).config.describe(get_game("rook").config)
        ('rook (full_deck=True)', 'rook (full_deck=False)')
        """
        mine, theirs = _options(self.rules), _options(other.rules)
        if mine is None or theirs is None or type(self.rules) is not type(other.rules):
            return (
                f"{self.name} ({short_repr(self.rules)})",
                f"{other.name} ({short_repr(other.rules)})",
            )
        keys = [k for k in mine if k not in theirs or mine[k] != theirs[k]]
        keys += [k for k in theirs if k not in mine]

        def words(name: str, options: dict[str, Any]) -> str:
            shown = ", ".join(f"{k}={options[k]!r}" for k in keys if k in options)
            return f"{name} ({shown})" if shown else name

        return words(self.name, mine), words(other.name, theirs)


def _options(rules: Any) -> dict[str, Any] | None:
    """A rules config's option values (``None`` for rules that are not a :class:`RulesConfig`)."""
    if isinstance(rules, RulesConfig):
        try:
            return rules.to_dict()
        except Exception:  # a hostile or half-built rules object: described by its repr
            return None
    return None


class GameBase(abc.ABC, Generic[StateT, ActionT, ViewT]):
    """Shared machinery for games: the integer action encoding and a generic action parser.

    A subclass lists every non-chance action once in :meth:`all_actions`; the encoding is the
    position in that tuple, and :meth:`parse_action` matches text against the notation of those
    actions (plus ``deal …`` and ``dealer N`` for chance actions).
    """

    name: str
    num_players: int
    deck: DeckSpec
    state_type: ClassVar[type[Any]] = object
    """The class of this game's states; :meth:`check_state` refuses anything else."""
    view_type: ClassVar[type[Any]] = object
    """The class of this game's views; :meth:`check_view` refuses anything else."""
    rulebook: ClassVar[RuleBook | None] = None
    """The game's rules as data (:class:`~cardrules.rulebook.RuleBook`): its ids, texts and sources,
    which its docs page, ``cardrules rules GAME`` and its errors quote; ``None`` when it has none."""
    checks_inline: ClassVar[bool] = False
    """``False`` (the default): the protocol methods a subclass defines are wrapped with the
    generic argument checks (state and view types, seats, dealer, ``rng``), so a plugin's edge is
    strict without a line of its own. A game that checks inline in its hot paths (the four
    built-in games do, to save the wrapper's call) sets it ``True``."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("checks_inline", False):
            return
        for name, make in _EDGE_WRAPPERS.items():
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "_edge_checked", False):
                setattr(cls, name, make(method))

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.config: GameConfig = GameConfig(self.name, rules)
        """The configuration this game's states carry (:class:`GameConfig`): equal for two games
        built with equal rules, and the one test :meth:`check_state` makes on a state's ``config``."""
        self._actions: tuple[ActionT, ...] | None = None
        self._index: dict[ActionT, int] = {}
        self._by_text: dict[str, ActionT] = {}

    def __repr__(self) -> str:
        changed = self.rules.changed() if isinstance(self.rules, RulesConfig) else {}
        options = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"get_game({self.name!r}{options})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameBase):
            return type(self) is type(other) and self.rules == other.rules
        return NotImplemented

    def __hash__(self) -> int:
        return hash((type(self), self.rules))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.rules,))

    # -- the API edge: every public method checks what it is given before it touches it ------
    def check_state(self, state: object, argument: str = "state") -> None:
        """Refuse a value that is not a state of this game: another type
        (:class:`~cardrules.errors.ArgumentTypeError`), or a state of this type made under another
        configuration (:class:`~cardrules.errors.ArgumentError`; see :meth:`check_config`).

        Cheap enough for the hot path; games where every nanosecond counts test
        ``type(state) is not … or state.config is not self.config`` inline and call this only
        when that test fails. A game that has not set :attr:`state_type` gets only ``None``
        refused (and a state with a ``config`` of another game).

        >>> from cardrules import get_game
        >>> standard, full = get_game("rook"), get_game("rook", full_deck=True)
        >>> standard.check_state(get_game("rook").new_hand(dealer=0))  # equal rules: accepted
        >>> standard.check_state(full.new_hand(dealer=0))
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: state is of rook (full_deck=True), not of this game: rook (full_deck=False)
        """
        if type(state) is not self.state_type and (self.state_type is not object or state is None):
            self.reject_state(state, argument)
        self.check_config(state, argument)

    def check_config(self, value: object, argument: str = "state") -> None:
        """Refuse a state or view whose ``config`` is not this game's :attr:`config`.

        The ``config`` field is how a value says which configuration made it: two games of
        equal rules accept each other's values; rules that differ in anything (the deck, the
        players, the layout, a variant, the scoring) refuse them with an
        :class:`~cardrules.errors.ArgumentError` naming both. A value without a ``config``
        attribute (a plugin's state that does not carry one), or whose ``config`` is ``None`` (a
        state built by hand with its class's constructor, as tests do), is not checked.
        """
        config = getattr(value, "config", None)
        if config is self.config or config is None:
            return
        if type(config) is not GameConfig:
            raise ArgumentError(
                f"{argument} carries no configuration of {self.name} "
                f"(its config is {type(config).__name__} {short_repr(config)})"
            )
        if config == self.config:
            return
        theirs, mine = config.describe(self.config)
        raise ArgumentError(f"{argument} is of {theirs}, not of this game: {mine}")

    def reject_state(self, state: object, argument: str = "state") -> None:
        """Raise the error for a value that is not a state of this game."""
        raise ArgumentTypeError(
            f"{argument} must be a {self.state_type.__name__} of {self.name}, "
            f"not {type(state).__name__} {short_repr(state)}"
        )

    def check_view(self, view: object, argument: str = "view") -> None:
        """Refuse a value that is not a view of this game."""
        if type(view) is not self.view_type and (self.view_type is not object or view is None):
            raise ArgumentTypeError(
                f"{argument} must be a {self.view_type.__name__} of {self.name}, "
                f"not {type(view).__name__} {short_repr(view)}"
            )
        self.check_config(view, argument)

    def check_seat(self, seat: object, argument: str = "seat") -> int:
        """``seat`` if it is an ``int`` seat of this game (see :func:`check_seat`)."""
        return check_seat(seat, self.num_players, argument)

    def check_actor(self, state: Any, seat: object, to_move: int | None) -> None:
        """Check ``apply``'s ``seat`` argument: ``None``, :data:`CHANCE` at a chance state, or a seat."""
        if seat is None:
            return
        if type(seat) is int and seat == CHANCE:
            if to_move != CHANCE:
                raise ArgumentError(f"seat {CHANCE} (chance) may act only at a chance state")
            return
        self.check_seat(seat)

    def check_dealer(self, dealer: object) -> int | None:
        """``new_hand``'s dealer: ``None`` (drawn by chance) or a seat."""
        if dealer is None:
            return None
        return self.check_seat(dealer, "dealer")

    @abc.abstractmethod
    def all_actions(self) -> tuple[ActionT, ...]:
        """Every non-chance action of the game, once, in a fixed order."""

    @abc.abstractmethod
    def format_action(self, action: Any) -> str:
        """The text notation of ``action``."""

    def _table(self) -> tuple[ActionT, ...]:
        if self._actions is None:
            actions = self.all_actions()
            self._index = {a: i for i, a in enumerate(actions)}
            self._by_text = {normalize_notation(self.format_action(a)): a for a in actions}
            self._actions = actions
        return self._actions

    @property
    def num_distinct_actions(self) -> int:
        """How many integer codes the encoding uses."""
        return len(self._table())

    def action_to_index(self, action: ActionT) -> int:
        """The integer code of ``action``."""
        table = self._table()
        try:
            index = self._index[action]
        except Exception:  # not hashable, half-built, or a hostile __eq__/__hash__
            raise NotationError(f"{short_repr(action)} is not an action of {self.name}") from None
        if table[index] is not action and not same_fields(table[index], action):
            # Equal but not the same: a field of another type (``Bid(70.0)``, ``Move(True, 5)``).
            raise NotationError(f"{short_repr(action)} is not an action of {self.name}")
        return index

    def index_to_action(self, index: int) -> ActionT:
        """The action with integer code ``index``."""
        table = self._table()
        if type(index) is not int:
            raise ArgumentTypeError(
                f"an action code of {self.name} is an int, not {type(index).__name__} "
                f"{short_repr(index)}"
            )
        if not 0 <= index < len(table):
            raise NotationError(
                f"{index!r} is not an action code of {self.name} (0..{len(table) - 1})"
            )
        return table[index]

    def heuristic_bot(self) -> Any:
        """The game's own heuristic bot (``--bots heuristic`` on the command line).

        A game overrides this; the base raises :class:`~cardrules.errors.CardrulesError`.
        """
        raise CardrulesError(f"{self.name} has no heuristic bot")

    def format_chance(self, action: Deal | ChooseDealer) -> str:
        """Notation of the shared chance actions: ``deal 9C JH …`` and ``dealer 2``."""
        if isinstance(action, Deal):
            order = action.order
            cards = self.deck.cards
            if not isinstance(order, tuple) or not all(
                type(i) is int and 0 <= i < len(cards) for i in order
            ):
                raise NotationError("a deal's order holds card indices of the deck")
            return "deal " + " ".join(cards[i].ascii for i in order)
        if not isinstance(action, ChooseDealer) or type(action.seat) is not int:
            raise NotationError(f"not a chance action: {short_repr(action)}")
        return f"dealer {action.seat}"

    def parse_action(self, text: str, state: StateT) -> Any:
        """Read an action from its notation (any case, ASCII or Unicode cards)."""
        if not isinstance(text, str):
            raise NotationError(f"an action's notation is text, not {type(text).__name__}")
        norm = normalize_notation(text)
        head, _, rest = norm.partition(" ")
        if head == "deal" and rest:
            cards = parse_cards(rest)
            order: list[int] = []
            taken = 0
            for card in cards:
                for i in self.deck.indices(card):
                    if not taken >> i & 1:
                        taken |= 1 << i
                        order.append(i)
                        break
                else:
                    raise NotationError(f"deal: {card} appears more often than the deck holds it")
            if len(order) != len(self.deck):
                raise NotationError(f"{text!r}: a deal lists all {len(self.deck)} cards")
            return Deal(tuple(order))
        if head == "dealer" and looks_numeric(rest):
            # The digits 0-9 only (cardrules.notation): "dealer ²" is an error that says so.
            seat = read_number(rest, f"{text!r}: the dealer's seat")
            if seat >= self.num_players:
                raise NotationError(f"{text!r}: no seat {rest} in this game")
            return ChooseDealer(seat)
        if head in ("deal", "dealer"):
            # Malformed chance text: refused here, without building the action table (66,846
            # actions for Voormsi) only to find nothing.
            raise NotationError(f"not a chance action of {self.name}: {text!r}")
        self._table()
        action = self._by_text.get(norm)
        if action is None:
            raise NotationError(f"not an action of {self.name}: {text!r}")
        return action

    def check_deal(self, action: object, rule: RuleId) -> Deal:
        """Validate a :class:`Deal` for this game's deck: a permutation of every card index.

        ``rule`` is the id of the game's dealing rule, named in the error.
        """
        if not isinstance(action, Deal):
            raise IllegalActionError(rule, "the next step is a deal", action=action)
        order = action.order
        if (
            not isinstance(order, tuple)
            or not all(type(i) is int for i in order)
            or sorted(order) != list(range(len(self.deck)))
        ):
            raise IllegalActionError(
                rule, f"a deal must order all {len(self.deck)} cards once", action="deal"
            )
        return action

    def shuffle(self, rng: random.Random) -> Deal:
        """A uniformly shuffled :class:`Deal` drawn from ``rng``."""
        return trusted_deal(self.deck.shuffle(check_rng(rng)))


def _wrap_state(method: Any) -> Any:
    @functools.wraps(method)
    def checked(self: GameBase[Any, Any, Any], state: Any, *args: Any, **kwargs: Any) -> Any:
        self.check_state(state)
        return method(self, state, *args, **kwargs)

    checked._edge_checked = True  # type: ignore[attr-defined]
    return checked


def _wrap_state_seat(method: Any) -> Any:
    @functools.wraps(method)
    def checked(self: GameBase[Any, Any, Any], state: Any, seat: Any = 0, **kwargs: Any) -> Any:
        self.check_state(state)
        self.check_seat(seat)
        return method(self, state, seat, **kwargs)

    checked._edge_checked = True  # type: ignore[attr-defined]
    return checked


def _wrap_state_rng(method: Any) -> Any:
    @functools.wraps(method)
    def checked(self: GameBase[Any, Any, Any], state: Any, rng: Any, **kwargs: Any) -> Any:
        self.check_state(state)
        check_rng(rng)
        return method(self, state, rng, **kwargs)

    checked._edge_checked = True  # type: ignore[attr-defined]
    return checked


def _wrap_view_rng(method: Any) -> Any:
    @functools.wraps(method)
    def checked(self: GameBase[Any, Any, Any], view: Any, rng: Any, **kwargs: Any) -> Any:
        self.check_view(view)
        check_rng(rng)
        return method(self, view, rng, **kwargs)

    checked._edge_checked = True  # type: ignore[attr-defined]
    return checked


def _wrap_apply(method: Any) -> Any:
    @functools.wraps(method)
    def checked(self: GameBase[Any, Any, Any], state: Any, action: Any, seat: Any = None) -> Any:
        self.check_state(state)
        if seat is not None:
            self.check_actor(state, seat, self.to_move(state))  # type: ignore[attr-defined]
        return method(self, state, action, seat)

    checked._edge_checked = True  # type: ignore[attr-defined]
    return checked


def _wrap_parse(method: Any) -> Any:
    @functools.wraps(method)
    def checked(self: GameBase[Any, Any, Any], text: Any, state: Any) -> Any:
        if not isinstance(text, str):
            raise NotationError(f"an action's notation is text, not {type(text).__name__}")
        self.check_state(state)
        return method(self, text, state)

    checked._edge_checked = True  # type: ignore[attr-defined]
    return checked


def _wrap_new_hand(method: Any) -> Any:
    @functools.wraps(method)
    def checked(self: GameBase[Any, Any, Any], dealer: Any = None, **kwargs: Any) -> Any:
        self.check_dealer(dealer)
        return method(self, dealer, **kwargs)

    checked._edge_checked = True  # type: ignore[attr-defined]
    return checked


_EDGE_WRAPPERS: Final[dict[str, Any]] = {
    "to_move": _wrap_state,
    "is_over": _wrap_state,
    "legal_actions": _wrap_state,
    "outcome": _wrap_state,
    "card_zones": _wrap_state,
    "view": _wrap_state_seat,
    "out_of_turn_actions": _wrap_state_seat,
    "sample_chance": _wrap_state_rng,
    "rollout": _wrap_state_rng,
    "sample_state": _wrap_view_rng,
    "apply": _wrap_apply,
    "parse_action": _wrap_parse,
    "new_hand": _wrap_new_hand,
}
"""The protocol methods :class:`GameBase` wraps with the generic argument checks."""


def same_fields(a: Any, b: Any) -> bool:
    """Whether two equal values also agree in the type of every field, recursively.

    ``==`` takes ``True`` for ``1`` and ``70.0`` for ``70``; an action cannot be built with such
    a field, but one whose field was changed after construction is not the game's action, and the
    API edge refuses it.

    >>> from cardrules.game import ChooseDealer
    >>> tampered = ChooseDealer(1)
    >>> object.__setattr__(tampered, "seat", True)
    >>> same_fields(ChooseDealer(1), ChooseDealer(1)), same_fields(ChooseDealer(1), tampered)
    (True, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same_fields(x, y) for x, y in zip(a, b, strict=True))
    if attrs.has(type(a)):
        return all(
            same_fields(getattr(a, f.name), getattr(b, f.name)) for f in attrs.fields(type(a))
        )
    return bool(a == b)

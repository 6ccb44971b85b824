"""Game records: the rules and the action list of a game, as JSON, replayed to an equal state.

A record stores the game's name, its rules options, how it started (a whole match, or one hand with
a given dealer) and every action with the seat that took it, in text notation. Chance actions are
recorded too, so a replay is exact and needs no random generator.

>>> rec = GameRecord(game="demo", rules={}, start="hand", dealer=0, actions=((-1, "deal 9C"),))
>>> GameRecord.from_json(rec.to_json()) == rec
True
>>> GameRecord.from_json('{"schema": 99}')
Traceback (most recent call last):
...
cardrules.errors.RecordError: unsupported record schema 99 (this cardrules reads schema 1)

Reading never raises anything but :class:`~cardrules.errors.RecordError`, whatever the input:

>>> GameRecord.from_json(b"\\x89PNG\\r\\n")
Traceback (most recent call last):
...
cardrules.errors.RecordError: not a JSON record: not UTF-8 text (byte 0x89 at position 0)
>>> GameRecord.from_json("[" * 100_000)
Traceback (most recent call last):
...
cardrules.errors.RecordError: not a JSON record: nested too deeply

Steps are numbered from 1, as ``cardrules replay`` lists them; a step that does not replay raises
:class:`ReplayError`, which carries the step number. So does the step that finishes a hand whose
report in the record (``reports``) is not the report the replay makes of it.

A record's ``dealer`` is the first dealer of its start, a match's as well as a hand's: the replay
starts there (``None``: the game's own start).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Literal, final

import attrs

from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    RecordError,
    short_repr,
)

__all__ = [
    "SCHEMA_VERSION",
    "GameRecord",
    "ReplayError",
    "ReplayStep",
    "record_game",
    "replay",
    "replay_steps",
]

SCHEMA_VERSION = 1


class ReplayError(RecordError):
    """A record's step ``step`` (counted from 1) does not replay: unreadable or illegal.

    ``seat`` and ``notation`` are the step's seat and text as the record holds them; the message
    names all three and the reason.

    >>> err = ReplayError(3, 0, "play AS", "not in hand")
    >>> err.step, str(err)
    (3, "step 3 ('play AS' by seat 0): not in hand")
    """

    def __init__(self, step: int, seat: int, notation: str, why: str) -> None:
        self.step = step
        self.seat = seat
        self.notation = notation
        self.why = why
        super().__init__(f"step {step} ({notation!r} by seat {seat}): {why}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.step, self.seat, self.notation, self.why))


def _decode(text: str | bytes | bytearray) -> Any:
    """``json.loads`` with every failure turned into a :class:`RecordError`."""
    if not isinstance(text, str | bytes | bytearray):
        raise RecordError(f"a record is JSON text, not {type(text).__name__}")
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError("not a JSON record: nested too deeply") from None
    except UnicodeDecodeError as exc:
        raise RecordError(
            f"not a JSON record: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} "
            f"at position {exc.start})"
        ) from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"not a JSON record: {exc}") from None
    except Exception as exc:  # anything else the decoder may raise on hostile input
        raise RecordError(f"not a JSON record: {type(exc).__name__}: {exc}") from None


def _is_int(value: object) -> bool:
    return type(value) is int


@final
@attrs.frozen
class GameRecord:
    """A replayable record. ``actions`` holds ``(seat, notation)`` pairs; the seat is ``-1`` for chance."""

    game: str
    rules: Mapping[str, Any]
    start: Literal["match", "hand"]
    actions: tuple[tuple[int, str], ...]
    dealer: int | None = None
    metadata: Mapping[str, Any] = attrs.field(factory=dict)
    reports: tuple[Mapping[str, Any], ...] = ()
    """The report of every hand the record finished, as :meth:`HandReport.to_dict
    <cardrules.reports.HandReport.to_dict>` writes it (empty for a game without hand reports);
    ``HandReport.from_dict(d, statuses, game=game)`` reads one back. A replay checks them: each
    must be the report the replay makes of that hand, else a :class:`ReplayError` names the hand
    and the field. A record without reports (written before records carried them) is not
    checked."""

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as a JSON text."""
        return json.dumps(
            {
                "schema": SCHEMA_VERSION,
                "game": self.game,
                "rules": dict(self.rules),
                "start": self.start,
                "dealer": self.dealer,
                "actions": [[seat, text] for seat, text in self.actions],
                "metadata": dict(self.metadata),
                "reports": [dict(r) for r in self.reports],
            },
            ensure_ascii=False,
            indent=indent,
        )

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> GameRecord:
        """Read a record from JSON text (or UTF-8 bytes, as read from a file).

        Raises :class:`~cardrules.errors.RecordError`, naming what is wrong, for anything that is not
        a well-formed record: bytes that are not UTF-8, text that is not JSON or is nested too
        deeply to read, a field of the wrong type. No other exception escapes.
        """
        data = _decode(text)
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        schema = data.get("schema")
        if not _is_int(schema) or schema != SCHEMA_VERSION:
            raise RecordError(
                f"unsupported record schema {schema!r:.40} "
                f"(this cardrules reads schema {SCHEMA_VERSION})"
            )
        game = data.get("game")
        rules = data.get("rules", {})
        start = data.get("start")
        dealer = data.get("dealer")
        actions = data.get("actions")
        metadata = data.get("metadata", {})
        reports = data.get("reports", [])
        if not isinstance(reports, list) or not all(isinstance(r, dict) for r in reports):
            raise RecordError("record field 'reports' must be a list of objects")
        if not isinstance(game, str) or not game:
            raise RecordError("record field 'game' must be a non-empty string")
        if not isinstance(rules, dict):
            raise RecordError("record field 'rules' must be an object")
        if start not in ("match", "hand"):
            raise RecordError("record field 'start' must be 'match' or 'hand'")
        if dealer is not None and not _is_int(dealer):
            raise RecordError("record field 'dealer' must be an integer or null")
        if not isinstance(metadata, dict):
            raise RecordError("record field 'metadata' must be an object")
        if not isinstance(actions, list):
            raise RecordError("record field 'actions' must be a list")
        steps: list[tuple[int, str]] = []
        for k, item in enumerate(actions):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not _is_int(item[0])
                or not isinstance(item[1], str)
            ):
                raise RecordError(f"action {k} must be a [seat, notation] pair")
            steps.append((item[0], item[1]))
        return cls(game, rules, start, tuple(steps), dealer, metadata, tuple(reports))

    def to_text(self, game: Any = None) -> str:
        """The record as text: tags, then the moves in the game's notation, as PGN is chess's
        (see :mod:`cardrules.recordtext`, which writes it). The record is replayed to write it.

        >>> from cardrules import get_game
        >>> record = record_game(get_game("euchre", target_score=5), [])
        >>> print(record.to_text().splitlines()[1])
        [Rules "target_score=5"]
        """
        from cardrules.recordtext import write

        return write(self, game)

    @classmethod
    def from_text(cls, text: str | bytes | bytearray, game: Any = None) -> GameRecord:
        """Read a record's text (:meth:`to_text`), replaying its moves; raises
        :class:`~cardrules.errors.RecordError`, naming the line and the move, for anything
        that is not a record of a game that replays (see :func:`cardrules.recordtext.read`)."""
        from cardrules.recordtext import read

        return read(text, game)

    def build_game(self) -> Any:
        """The registered game of this record, built with its rules options.

        Raises :class:`~cardrules.errors.RecordError` when there is no such game or the options
        are not valid for it.
        """
        from cardrules.registry import get_game

        try:
            return get_game(self.game, **self.rules)
        except CardrulesError as exc:
            raise RecordError(f"cannot build the record's game: {exc}") from None
        except Exception as exc:  # a plugin's factory refusing odd options in its own way
            raise RecordError(
                f"cannot build the record's game: {type(exc).__name__}: {exc}"
            ) from exc

    def start_state(self, game: Any) -> Any:
        """The state the record starts from in ``game``: a new match, or a hand, with the
        record's dealer when it names one (``None``: the game's own start, a first dealer drawn
        at random where its rules say so).

        >>> from cardrules import get_game
        >>> game = get_game("euchre")
        >>> record = GameRecord(game="euchre", rules={}, start="match", dealer=2, actions=())
        >>> record.start_state(game) == game.new_match(dealer=2)
        True
        """
        return _start_state(game, self.start, self.dealer, RecordError)


@final
@attrs.frozen
class ReplayStep:
    """One replayed step: its number (from 1), the seat (``-1`` for chance), the action, and the
    states before and after it."""

    step: int
    seat: int
    action: Any
    before: Any
    after: Any


def _start_state(
    game: Any, start: Literal["match", "hand"], dealer: int | None, error: type[CardrulesError]
) -> Any:
    """``game``'s new match or hand from ``dealer`` (``None``: the game's own start), what a
    record starts from; anything the game refuses is an ``error`` naming why."""
    try:
        if start == "match":
            # A match's first dealer is passed only when there is one: a game's new_match need
            # not take it (the Game protocol's does not), and a record without one never asks.
            return game.new_match() if dealer is None else game.new_match(dealer=dealer)
        return game.new_hand(dealer=dealer)
    except CardrulesError as exc:
        raise error(f"cannot start the record's game: {exc}") from None
    except Exception as exc:
        raise error(f"cannot start the record's game: {type(exc).__name__}: {exc}") from exc


def _check_game(game: object, needs: tuple[str, ...], argument: str = "game") -> None:
    """Refuse, cheaply, a ``game`` that is not one: a name (``"euchre"``) or any object without a
    text ``name`` and the methods ``needs`` that the caller uses."""
    if not isinstance(getattr(game, "name", None), str) or not all(
        callable(getattr(game, method, None)) for method in needs
    ):
        hint = " (build it with cardrules.get_game)" if isinstance(game, str) else ""
        raise ArgumentTypeError(
            f"{argument} must be a game, not {type(game).__name__} {short_repr(game)}{hint}"
        )


def record_game(
    game: Any,
    steps: Iterable[tuple[int, Any]],
    *,
    start: Literal["match", "hand"] = "match",
    dealer: int | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> GameRecord:
    """A record of ``steps`` (``(seat, action)`` pairs, seat ``-1`` for chance) played in ``game``.

    A game with hand reports (``hand_report(state)``) has the steps replayed once, and the record
    carries the report of every hand they finish. ``dealer`` is the first dealer of the match or
    the hand the steps start from (``None``: the game's own start), as the replay will start.

    Everything is checked here, so that a record made is a record :meth:`GameRecord.from_json`
    reads back: ``game`` must be a game, each step a ``(seat, action)`` pair with an ``int`` seat,
    ``start`` ``"match"`` or ``"hand"``, ``dealer`` an ``int`` or ``None``, ``metadata`` a mapping
    with text keys that JSON can write; otherwise :class:`~cardrules.errors.ArgumentTypeError`,
    :class:`~cardrules.errors.ArgumentError` or :class:`~cardrules.errors.RecordError` (metadata
    JSON cannot write).

    >>> from cardrules import get_game
    >>> record_game(get_game("euchre"), [], metadata={"when": {1, 2}})
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: record metadata must be JSON data: Object of type set is not JSON serializable
    """
    _check_game(game, ("apply", "format_action", "new_match", "new_hand"))
    if start not in ("match", "hand"):
        raise ArgumentError(f"start must be 'match' or 'hand', not {short_repr(start)}")
    if dealer is not None and not _is_int(dealer):
        raise ArgumentTypeError(
            f"dealer must be an int or None, not {type(dealer).__name__} {short_repr(dealer)}"
        )
    if metadata is None:
        metadata = {}
    if not isinstance(metadata, Mapping):
        raise ArgumentTypeError(
            f"metadata must be a mapping, not {type(metadata).__name__} {short_repr(metadata)}"
        )
    metadata = dict(metadata)
    bad_keys = [key for key in metadata if not isinstance(key, str)]
    if bad_keys:
        # JSON would write them as text: the record read back would differ from the one made.
        raise ArgumentTypeError(f"metadata keys must be text, not {short_repr(bad_keys[0])}")
    try:
        json.dumps(metadata)
    except (TypeError, ValueError, RecursionError) as exc:
        raise RecordError(f"record metadata must be JSON data: {exc}") from None
    given: object = steps  # the annotation is a promise the caller may not keep
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise ArgumentTypeError(
            f"steps must be (seat, action) pairs, not {type(steps).__name__} {short_repr(steps)}"
        )
    steps = list(steps)
    for k, step in enumerate(steps):
        if not isinstance(step, tuple | list) or len(step) != 2 or not _is_int(step[0]):
            raise ArgumentTypeError(
                f"step {k} must be a (seat, action) pair with an int seat, not {short_repr(step)}"
            )
    to_dict = getattr(getattr(game, "rules", None), "to_dict", None)
    rules = to_dict() if callable(to_dict) else {}
    reports: list[Mapping[str, Any]] = []
    if hasattr(game, "hand_report"):
        # The start the record will replay from: the exact inverse of GameRecord.start_state.
        state = _start_state(game, start, dealer, ArgumentError)
        last = game.hand_report(state)
        for seat, action in steps:
            state = game.apply(state, action, seat=seat)
            report = game.hand_report(state)
            if report is not None and report != last:
                reports.append(report.to_dict())
            last = report
    return GameRecord(
        game.name,
        rules,
        start,
        tuple((seat, game.format_action(action)) for seat, action in steps),
        dealer,
        metadata,
        tuple(reports),
    )


_ABSENT: Any = object()


def _json_value(value: Any) -> Any:
    """``value`` as a record holds it once written and read (a tuple becomes a list)."""
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError, RecursionError):
        return value


def _same_option(recorded: Any, current: Any) -> bool:
    # Strict on type: JSON keeps ``true`` and ``1`` apart, and so do the rules.
    recorded, current = _json_value(recorded), _json_value(current)
    return type(recorded) is type(current) and bool(recorded == current)


def _default_options(game: Any) -> dict[str, Any]:
    """``game``'s rules options at their defaults (``{}`` when its rules have none, or describe
    them their own way): what an option missing from a record's rules stands for."""
    rules = getattr(game, "rules", None)
    options = getattr(type(rules), "options", None)
    if callable(options):
        try:
            return {option.name: option.default for option in options()}
        except Exception:  # a plugin's rules class that describes its options its own way
            return {}
    return {}


def _rules_differences(record: GameRecord, game: Any) -> list[str]:
    """The options on which the record's rules and ``game``'s differ, as ``"name: record …, game
    …"``. An option the record lacks (written before the option existed) counts as its default,
    as :meth:`GameRecord.build_game` would build it; a game whose rules cannot be written as
    options (no ``to_dict``) is not compared, as :func:`record_game` writes none for it."""
    rules = getattr(game, "rules", None)
    to_dict = getattr(rules, "to_dict", None)
    if not callable(to_dict):
        return []
    current = dict(to_dict())
    defaults = _default_options(game)
    differences = []
    for key in sorted(set(record.rules) | set(current), key=str):
        recorded = record.rules[key] if key in record.rules else defaults.get(key, _ABSENT)
        have = current.get(key, _ABSENT)
        if not _same_option(recorded, have):
            recorded_text = "absent" if recorded is _ABSENT else short_repr(recorded)
            have_text = "absent" if have is _ABSENT else short_repr(have)
            differences.append(f"{key}: record {recorded_text}, game {have_text}")
    return differences


def _game_for(record: GameRecord, game: Any) -> Any:
    given: object = record  # the annotation is a promise the caller may not keep
    if not isinstance(given, GameRecord):
        hint = " (read it with GameRecord.from_json)" if isinstance(given, str | bytes) else ""
        raise ArgumentTypeError(
            f"record must be a GameRecord, not {type(record).__name__} {short_repr(record)}{hint}"
        )
    if game is None:
        return record.build_game()
    _check_game(game, ("apply", "parse_action", "new_match", "new_hand"))
    if game.name != record.game:
        raise RecordError(f"the record is of {record.game!r}, not {game.name!r}")
    differences = _rules_differences(record, game)
    if differences:
        raise RecordError(f"the record's rules differ from the game's: {'; '.join(differences)}")
    return game


def replay_steps(record: GameRecord, game: Any = None) -> Iterator[ReplayStep]:
    """Replay ``record`` one step at a time, yielding a :class:`ReplayStep` for each action.

    ``game`` defaults to the registered game of the record built with its rules; a ``game`` given
    must be of the record's name and rules, else :class:`~cardrules.errors.RecordError` (naming
    the options that differ) is raised at once, as is
    :class:`~cardrules.errors.ArgumentTypeError` for a ``record`` that is not a
    :class:`GameRecord` or a ``game`` that is not a game. A step that is unreadable or illegal
    raises :class:`ReplayError` with its number (from 1), whatever the game raised (errors that
    are not cardrules errors included). The start raises :class:`~cardrules.errors.RecordError`
    as :func:`replay` does.
    """
    game = _game_for(record, game)
    return _replay_steps(record, game, record.start_state(game))


def _replay_steps(record: GameRecord, game: Any, state: Any) -> Iterator[ReplayStep]:
    # The record's reports are checked as the hands they tell of finish: a record whose reports
    # are not those of its own actions is a forged or damaged one. A record with none (written
    # before records carried reports) has nothing to check.
    stored = record.reports
    reporter = getattr(game, "hand_report", None) if stored else None
    if stored and not callable(reporter):
        raise RecordError(
            f"the record holds {len(stored)} hand report(s), and {record.game} makes none"
        )
    last = reporter(state) if reporter is not None else None
    checked = 0
    for k, (seat, text) in enumerate(record.actions, 1):
        try:
            action = game.parse_action(text, state)
            after = game.apply(state, action, seat=seat)
        except CardrulesError as exc:
            raise ReplayError(k, seat, text, str(exc)) from None
        except Exception as exc:  # a plugin's bare error on a hostile record
            raise ReplayError(k, seat, text, f"{type(exc).__name__}: {exc}") from exc
        if reporter is not None:
            report = reporter(after)
            if report is not None and report != last:
                if checked == len(stored):
                    raise ReplayError(
                        k, seat, text,
                        f"hand {report.hand} finishes here, and the record holds no report of "
                        f"it (only {len(stored)})",
                    )  # fmt: skip
                why = _report_difference(stored[checked], report, game)
                if why:
                    raise ReplayError(k, seat, text, why)
                checked += 1
            last = report
        yield ReplayStep(k, seat, action, state, after)
        state = after
    if checked < len(stored):
        raise RecordError(
            f"the record holds {len(stored)} hand report(s), and its actions finish "
            f"{checked} hand(s)"
        )


def _report_difference(stored: Mapping[str, Any], report: Any, game: Any) -> str:
    """Why the record's report ``stored`` is not ``report``, the one the replay made ("" if it
    is): unreadable, or its first field that differs, with both values."""
    from cardrules.reports import HandReport

    hand = report.hand
    try:
        read = HandReport.from_dict(stored, type(report.status), game=game)
    except RecordError as exc:
        return f"the record's report of hand {hand} is not the replay's: {exc}"
    if read == report:
        return ""
    field, recorded, made = _first_difference(read.to_dict(), report.to_dict(), "")
    return (
        f"the record's report of hand {hand} is not the replay's: {field or 'the report'}: "
        f"record {short_repr(recorded, 60)}, replay {short_repr(made, 60)}"
    )


def _first_difference(a: Any, b: Any, path: str) -> tuple[str, Any, Any]:
    """The path (``tricks[2].winner``) of the first place where the plain values ``a`` and ``b``
    differ, and the two values there."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in (*a, *(k for k in b if k not in a)):
            if a.get(key, _ABSENT) != b.get(key, _ABSENT):
                return _first_difference(
                    a.get(key), b.get(key), f"{path}.{key}" if path else str(key)
                )
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{k}]")
    return path, a, b


def replay(record: GameRecord, game: Any = None) -> Any:
    """Replay ``record`` and return the final state.

    ``game`` defaults to the registered game of the record built with its rules; a ``game`` given
    must be of the record's name and rules (a record of Euchre to 5 points does not replay in
    Euchre to 10), else :class:`~cardrules.errors.RecordError` names what differs. Any illegal or
    unreadable action raises :class:`ReplayError` (a :class:`~cardrules.errors.RecordError`)
    naming the step, counted from 1; a ``record`` that is not a :class:`GameRecord` (its JSON
    text, say) raises :class:`~cardrules.errors.ArgumentTypeError`. The record's hand reports
    are compared with the replay's as each hand finishes (see :attr:`GameRecord.reports`).

    >>> from cardrules import get_game
    >>> rec = record_game(get_game("euchre", target_score=5), [])
    >>> replay(rec, get_game("euchre"))
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: the record's rules differ from the game's: target_score: record 5, game 10
    """
    game = _game_for(record, game)
    state = record.start_state(game)
    for step in _replay_steps(record, game, state):
        state = step.after
    return state

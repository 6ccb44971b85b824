"""Game records as text: a header of tags, then the moves in the game's own notation.

This is the record format of ``cardrules play --record``, ``watch --record`` and ``replay``, as
PGN is chess's: a few lines a card player can read, that read back to the same game. A record
of a hand of Euchre::

    [Game "euchre"]
    [Rules "target_score=5"]
    [Start "hand"]
    [Result "0:1"]

    dealer 1
    deal JC JH 9H 10C AH AC 9S QC 9D 10H 10D QS 9C KS QH AD JS AS QD KC KH KD JD 10S
    order
    discard KH
    play JH, play QH, play 9C, play AH
    ...
    {hand 1: euchred, +0 +2 [%score 0 2]}

**Tags** are PGN tag pairs, ``[Name "value"]``, one a line, a ``\\`` or ``"`` in the value
written ``\\\\`` or ``\\"``:

* ``Game`` (required): the registered game.
* ``Rules``: the rules options that differ from the game's defaults, as ``key=value`` pairs the
  way ``cardrules play --rules`` takes them (a value is JSON, or plain text where JSON would not
  read it: ``farmers_hand=on target_score=5``). None differ: no tag.
* ``Start``: ``match`` (the default) or ``hand``; ``Dealer``: the first dealer, when the record
  names one.
* ``Result``: the final points of each side joined by ``:`` (``10:6``; ``*`` for a game not
  finished, as in PGN). It is checked when read: it must be the replay's.
* Any other tag (``Date``, ``Seed``, ``Players``, ``Event``…) is the record's metadata: a value
  that reads as JSON (``5``, ``true``, ``[1,2]``) is that JSON value, else the text itself; a
  metadata key that cannot be a tag name goes with the others into one ``Metadata`` tag holding
  a JSON object.

**Moves** follow a blank line, in the game's own notation (``format_action``), separated by
commas or line ends; a new line begins at each chance step (a shuffle is written out card by
card, so the replay needs no random generator and no particular shuffling code), each new phase
and each completed trick. A seat is written only for an action taken out of turn (``2: redeal``);
every other action is the seat to move's, and a chance step is chance's. ``{…}`` and ``;`` to the
end of the line are comments, as in PGN; the writer adds one at the end of each hand with its
status and points, and its ``[%score …]`` command (PGN's way of putting data in a comment): the
scores after that hand, checked when read. The hand reports a JSON record stores are not written:
the replay makes them again.

>>> from cardrules import get_game
>>> from cardrules.records import record_game
>>> game = get_game("euchre")
>>> record = record_game(game, [], metadata={"Event": "club night", "Seed": 7})
>>> print(write(record))
[Game "euchre"]
[Start "match"]
[Event "club night"]
[Seed "7"]
[Result "*"]
<BLANKLINE>
>>> read(write(record)) == record
True
>>> read('[Game "euchre"]\\n\\ndealer 9')
Traceback (most recent call last):
...
cardrules.errors.RecordError: line 3: 'dealer 9' (step 1, chance): 'dealer 9': no seat 9 in this game

Reading never raises anything but :class:`~cardrules.errors.RecordError`, whatever the input, and
names the line (and the move) that is wrong. :func:`read_any` reads either form, text or JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any, Final, Literal

from cardrules.errors import CardrulesError, RecordError, short_repr
from cardrules.game import CHANCE
from cardrules.notation import read_number
from cardrules.records import (
    GameRecord,
    _default_options,
    _game_for,
    _same_option,
    _start_state,
    record_game,
    replay_steps,
)

__all__ = ["SUFFIX", "read", "read_any", "write"]

SUFFIX: Final = ".cgn"
"""The file name ending of a record in text (cardrules game notation), as ``.pgn`` is PGN's.
The ``cardrules`` command writes text to any file whose name does not end in ``.json``."""

_RESERVED: Final = frozenset({"Game", "Rules", "Start", "Dealer", "Result", "Metadata"})
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_TAG_LINE: Final = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\Z')
_OPTION: Final = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)=")
_SEAT_MARK: Final = re.compile(r"([0-9]+)\s*:\s*")
_SCORE: Final = re.compile(r"\[%score((?:\s+[^\s\]]+)*)\s*\]")
_SPECIAL: Final = frozenset(",;{}\n\r")
_WIDTH: Final = 100


# -- values in tags ------------------------------------------------------------------------------
def _reads_as_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def _value_text(value: Any, *, spaces: bool = True) -> str:
    """``value`` as a tag (or option) writes it: text as itself when it cannot be mistaken for
    JSON (nor, with ``spaces`` false, hold blanks or quotes), anything else as compact JSON."""
    if isinstance(value, str):
        plain = (
            value.isprintable()
            and not _reads_as_json(value)
            and (spaces or (value and not any(c.isspace() or c == '"' for c in value)))
        )
        if plain:
            return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _read_value(text: str) -> Any:
    """The inverse of :func:`_value_text`: JSON when it reads as JSON, else the text."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return text


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(text: str, line: int) -> str:
    def one(match: re.Match[str]) -> str:
        if match.group(1) not in '\\"':
            raise RecordError(
                f'line {line}: a tag value may escape only \\\\ and \\", not \\{match.group(1)}'
            )
        return match.group(1)

    return re.sub(r"\\(.)", one, text)


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_escape(value)}"]'


def _options_text(options: Mapping[str, Any]) -> str:
    return " ".join(f"{key}={_value_text(value, spaces=False)}" for key, value in options.items())


def _read_options(text: str, line: int) -> dict[str, Any]:
    """The ``key=value`` pairs of a ``Rules`` tag."""
    options: dict[str, Any] = {}
    decoder = json.JSONDecoder()
    pos = 0
    while text[pos:].strip():
        match = _OPTION.match(text, pos)
        if match is None:
            raise RecordError(
                f"line {line}: the Rules tag holds key=value pairs, not "
                f"{short_repr(text[pos:].strip(), 40)}"
            )
        key, pos = match.group(1), match.end()
        if text.startswith('"', pos):
            try:
                value, pos = decoder.raw_decode(text, pos)
            except ValueError:
                raise RecordError(
                    f"line {line}: the Rules tag's value of {key} is an unfinished text"
                ) from None
        else:
            end = pos
            while end < len(text) and not text[end].isspace():
                end += 1
            value, pos = _read_value(text[pos:end]), end
        if key in options:
            raise RecordError(f"line {line}: the Rules tag gives {key} twice")
        options[key] = value
    return options


def _changed_options(record: GameRecord, game: Any) -> dict[str, Any]:
    defaults = _default_options(game)
    return {
        key: value
        for key, value in record.rules.items()
        if key not in defaults or not _same_option(value, defaults[key])
    }


# -- writing -------------------------------------------------------------------------------------
def _check_move(text: str, step: int) -> None:
    if not text or text != text.strip() or any(c in _SPECIAL for c in text):
        raise RecordError(
            f"step {step}: {text!r} cannot be written as a move of a record text (empty, blank "
            "at an end, or holding one of , ; { } or a line end)"
        )
    if _SEAT_MARK.match(text):
        raise RecordError(f"step {step}: {text!r} would read as a seat mark (N: move)")


def _phase(state: Any) -> Any:
    return getattr(state, "phase", None)


def _tricks(state: Any) -> int:
    tricks = getattr(state, "tricks", None)
    return len(tricks) if isinstance(tricks, tuple) else 0


def _result(game: Any, state: Any) -> str:
    """``Result``: the sides' final points joined by ``:``, or ``*`` while the game goes on."""
    if not game.is_over(state):
        return "*"
    points = getattr(game.outcome(state), "team_points", ())
    return ":".join(str(p) for p in points) or "*"


def _hand_comment(report: Any) -> str:
    status = str(getattr(report.status, "value", report.status)).replace("_", " ")
    points = " ".join(f"{'+' if p >= 0 else ''}{p}" for p in report.points)
    scores = " ".join(str(s) for s in report.scores_after)
    return f"{{hand {report.hand}: {status}, {points} [%score {scores}]}}"


def write(record: GameRecord, game: Any = None) -> str:
    """``record`` as text (see the module doc); it reads back with :func:`read`.

    The record is replayed (in ``game``, by default its registered game built with its rules),
    to tell in-turn moves from out-of-turn ones and to write the score of each hand: a record
    that does not replay raises :class:`~cardrules.records.ReplayError`, as
    :func:`~cardrules.records.replay` does, and a move whose notation the text cannot hold (a
    comma, a brace) a :class:`~cardrules.errors.RecordError` naming it.
    """
    game = _game_for(record, game)
    lines = [_tag("Game", record.game)]
    changed = _changed_options(record, game)
    if changed:
        lines.append(_tag("Rules", _options_text(changed)))
    lines.append(_tag("Start", record.start))
    if record.dealer is not None:
        lines.append(_tag("Dealer", str(record.dealer)))
    rest: dict[str, Any] = {}
    for key, value in record.metadata.items():
        if _TAG_NAME.match(key) and key not in _RESERVED:
            lines.append(_tag(key, _value_text(value)))
        else:
            rest[key] = value
    if rest:
        lines.append(_tag("Metadata", json.dumps(rest, ensure_ascii=False)))
    result_at = len(lines)
    lines.append("")
    reporter = getattr(game, "hand_report", None)
    state = record.start_state(game)
    last = reporter(state) if callable(reporter) else None
    moves: list[str] = []

    def flush() -> None:
        if moves:
            lines.append(", ".join(moves))
            moves.clear()

    for step in replay_steps(record, game):
        text = record.actions[step.step - 1][1]
        _check_move(text, step.step)
        if step.seat == game.to_move(step.before):
            move = text
        elif step.seat == CHANCE:
            raise RecordError(f"step {step.step}: a chance step ({text!r}) out of turn")
        else:
            move = f"{step.seat}: {text}"
        if moves and len(", ".join(moves)) + 2 + len(move) > _WIDTH:
            flush()
        moves.append(move)
        state = step.after
        report = reporter(state) if callable(reporter) else None
        if report is not None and report != last:
            flush()
            lines.append(_hand_comment(report))
        elif (
            step.seat == CHANCE
            or _phase(step.after) != _phase(step.before)
            or _tricks(step.after) > _tricks(step.before)
        ):
            flush()
        last = report
    flush()
    if not lines[-1]:
        lines.pop()  # no moves: no blank line to part them from the tags
    lines.insert(result_at, _tag("Result", _result(game, state)))
    return "\n".join(lines) + "\n"


# -- reading -------------------------------------------------------------------------------------
def _decode(text: str | bytes | bytearray) -> str:
    if isinstance(text, bytes | bytearray):
        try:
            return bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError(
                f"not a record text: not UTF-8 (byte 0x{exc.object[exc.start]:02x} "
                f"at position {exc.start})"
            ) from None
    if not isinstance(text, str):
        raise RecordError(f"a record is text, not {type(text).__name__}")
    return text.removeprefix("\ufeff")


def _header(lines: list[str]) -> tuple[dict[str, tuple[int, str]], int]:
    """The tags (name -> (line number, value)) and the index of the first line of moves."""
    tags: dict[str, tuple[int, str]] = {}
    k = 0
    while k < len(lines):
        line = lines[k].strip()
        if line.startswith("["):
            match = _TAG_LINE.match(line)
            if match is None:
                raise RecordError(
                    f'line {k + 1}: not a tag pair [Name "value"]: {short_repr(line, 60)}'
                )
            name = match.group(1)
            if name in tags:
                raise RecordError(
                    f"line {k + 1}: the tag {name} is given twice (line {tags[name][0]})"
                )
            tags[name] = (k + 1, _unescape(match.group(2), k + 1))
        elif line and not line.startswith(";"):
            break
        k += 1
    return tags, k


def _moves(lines: list[str], first: int) -> Iterator[tuple[int, str, list[tuple[int, str]]]]:
    """The moves of the movetext as ``(line, text, commands)``: ``commands`` are the ``[%…]``
    commands of the comments met since the previous move (with their lines), given with the
    next move, or with an empty move at the end."""
    commands: list[tuple[int, str]] = []
    token: list[str] = []
    token_line = 0
    in_comment = 0  # the line a {comment} opened on, 0 outside one
    comment: list[str] = []
    for number in range(first + 1, len(lines) + 1):
        line = lines[number - 1]
        pos = 0
        while pos < len(line):
            c = line[pos]
            if in_comment:
                if c == "}":
                    commands += [
                        (in_comment, m.group(0)) for m in _SCORE.finditer("".join(comment))
                    ]
                    in_comment, comment = 0, []
                else:
                    comment.append(c)
            elif c == "{":
                in_comment = number
            elif c == ";":
                break
            elif c == ",":
                text = "".join(token).strip()
                if text:
                    yield token_line, text, commands
                    commands = []
                token = []
            elif c == "}":
                raise RecordError(f"line {number}: a }} closes no comment")
            else:
                if not token or not "".join(token).strip():
                    token_line = number
                token.append(c)
            pos += 1
        if in_comment:
            comment.append("\n")
        text = "".join(token).strip()
        if text:
            yield token_line, text, commands
            commands = []
        token = []
    if in_comment:
        raise RecordError(f"line {in_comment}: a {{comment}} is never closed")
    if commands:
        yield 0, "", commands


def _check_score(command: str, line: int, report: Any) -> None:
    if report is None:
        raise RecordError(f"line {line}: {command} comes before any hand has finished")
    words = _SCORE.match(command)
    values = words.group(1).split() if words is not None else []
    try:
        scores = tuple(read_number(w, "a score", signed=True) for w in values)
    except CardrulesError as exc:
        raise RecordError(f"line {line}: {command}: {exc}") from None
    if scores != tuple(report.scores_after):
        told = " ".join(str(s) for s in report.scores_after)
        raise RecordError(
            f"line {line}: {command} is not the score after hand {report.hand}: "
            f"the replay makes it {told}"
        )


def read(text: str | bytes | bytearray, game: Any = None) -> GameRecord:
    """The record that ``text`` (as :func:`write` writes it, or UTF-8 bytes) tells.

    The moves are replayed as they are read, in ``game`` (by default the registered game of the
    ``Game`` tag with the ``Rules`` tag's options; a ``game`` given must be of that name and those
    rules): each move's seat is the seat to move unless the text names one, the hand reports are
    the replay's, and the ``Result`` tag and every ``[%score …]`` comment must agree with it.

    Raises :class:`~cardrules.errors.RecordError`, naming the line and the move, for anything
    else: a malformed tag, an unknown game or option, a move that does not read or is not legal
    there, a score the replay does not make.
    """
    lines = _decode(text).splitlines()
    tags, first = _header(lines)
    if "Game" not in tags:
        raise RecordError('a record text begins with its tags, [Game "name"] among them')
    name = tags["Game"][1]
    options: dict[str, Any] = {}
    if "Rules" in tags:
        line, value = tags["Rules"]
        options = _read_options(value, line)
    start_text = tags["Start"][1] if "Start" in tags else "match"
    if start_text not in ("match", "hand"):
        raise RecordError(
            f"line {tags['Start'][0]}: the Start tag is match or hand, not {short_repr(start_text)}"
        )
    start: Literal["match", "hand"] = "hand" if start_text == "hand" else "match"
    dealer: int | None = None
    if "Dealer" in tags:
        line, value = tags["Dealer"]
        try:
            dealer = read_number(value, "the Dealer tag")
        except CardrulesError as exc:
            raise RecordError(f"line {line}: {exc}") from None
    metadata: dict[str, Any] = {}
    if "Metadata" in tags:
        line, value = tags["Metadata"]
        extra = _read_value(value)
        if not isinstance(extra, dict):
            raise RecordError(f"line {line}: the Metadata tag holds a JSON object")
        metadata.update(extra)
    for key, (_line, value) in tags.items():
        if key not in _RESERVED:
            metadata[key] = _read_value(value)
    shell = GameRecord(name, options, start, (), dealer)
    game = _game_for(shell, game)
    state = _start_state(game, shell.start, dealer, RecordError)
    reporter = getattr(game, "hand_report", None)
    last = reporter(state) if callable(reporter) else None
    finished: Any = None
    steps: list[tuple[int, Any]] = []
    texts: list[tuple[int, str]] = []
    for line, move, commands in _moves(lines, first):
        for at, command in commands:
            _check_score(command, at, finished)
        if not move:
            break
        seat, notation = _seat_of(move, line, game, state)
        where = f"line {line}: {notation!r} (step {len(steps) + 1}, " + (
            "chance)" if seat == CHANCE else f"seat {seat})"
        )
        try:
            action = game.parse_action(notation, state)
            state = game.apply(state, action, seat=seat)
        except CardrulesError as exc:
            raise RecordError(f"{where}: {exc}") from None
        except Exception as exc:  # a plugin's bare error on a hostile text
            raise RecordError(f"{where}: {type(exc).__name__}: {exc}") from exc
        steps.append((seat, action))
        texts.append((seat, notation))
        if callable(reporter):
            report = reporter(state)
            if report is not None and report != last:
                finished = report
            last = report
    if "Result" in tags:
        line, told = tags["Result"]
        made = _result(game, state)
        if told.strip() != made:
            raise RecordError(
                f"line {line}: the Result tag says {told!r}, and the replay ends {made!r}"
            )
    made_record = record_game(game, steps, start=shell.start, dealer=dealer, metadata=metadata)
    return GameRecord(
        made_record.game,
        made_record.rules,
        made_record.start,
        tuple(texts),
        dealer,
        metadata,
        made_record.reports,
    )


def _seat_of(move: str, line: int, game: Any, state: Any) -> tuple[int, str]:
    """The seat of ``move`` (its ``N:`` mark, else the seat to move) and its notation."""
    mark = _SEAT_MARK.match(move)
    if mark is not None:
        try:
            seat = read_number(mark.group(1), "a seat", maximum=game.num_players - 1)
        except CardrulesError as exc:
            raise RecordError(f"line {line}: {move!r}: {exc}") from None
        return seat, move[mark.end() :].strip()
    seat = game.to_move(state)
    if seat is None:
        raise RecordError(f"line {line}: {move!r}: the game is over, and the text goes on")
    return seat, move


def read_any(data: str | bytes | bytearray) -> GameRecord:
    """A record in either form: JSON (:meth:`GameRecord.from_json`) when its first character
    after any blanks is ``{`` or starts a JSON array (``[[``, ``[1``…), else text (:func:`read`).

    >>> read_any('{"schema": 1}')
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: record field 'game' must be a non-empty string
    >>> read_any(' [Game "euchre"]').game
    'euchre'
    """
    text = _decode(data)
    head = text.lstrip()
    if head.startswith("{") or (head.startswith("[") and not re.match(r"\[\s*[A-Za-z]", head)):
        return GameRecord.from_json(text)
    return read(text)

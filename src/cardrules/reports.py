"""Hand reports: what happened in a finished hand, and why it scored what it did.

A game's ``hand_report(state)`` returns a :class:`HandReport` of the last finished hand — also between
two hands of a match and at its end. It is a frozen value that round-trips through JSON: the status
(a member of the game's own :class:`HandStatus` enum, not words), the contract, every trick with its
leader, plays, winner and points, each scoring component with the rule that gave it, the revokes,
and the match scores before and after.

>>> class Status(HandStatus):
...     MADE = "made"
...     SET = "set"
>>> report = HandReport(
...     game="demo", hand=1, dealer=3, status=Status.MADE,
...     contract=ContractReport(declarer=0, bid=80, trump=Suit.RED),
...     tricks=(TrickReport(1, leader=0, plays=((0, (Card.parse("R14"),)), (1, (Card.parse("R5"),))),
...                   winner=0, points=15),),
...     items=(ScoreItem(side=0, points=15, rule="R20", what="counters"),),
...     points=(15, 0), scores_before=(0, 0), scores_after=(15, 0))
>>> HandReport.from_json(report.to_json(), Status) == report
True
>>> report.items_of(0)[0].what, report.status.value
('counters', 'made')
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Literal, final

import attrs

from cardrules.cards import Card, Suit
from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    RecordError,
    check_int,
    short_repr,
)

__all__ = [
    "ContractReport",
    "HandReport",
    "HandStatus",
    "RevokeOutcome",
    "RevokeReport",
    "ScoreItem",
    "TrickReport",
]


class HandStatus(enum.Enum):
    """The base of each game's closed set of hand results (``made``, ``euchred``, ``annulled`` …).

    A game subclasses it with its members; the value is the word written to JSON. The subclass
    may say whose reports it belongs to with class keywords: ``game`` (the game's name),
    ``seats`` and ``sides`` (the most seats and scoring sides any of its rules configs has). A
    :class:`HandReport` with such a status is then checked against them — a Rook report cannot
    carry a Euchre status, nor name seat 7 of a four-seat game:

    >>> class DemoStatus(HandStatus, game="demo", seats=4, sides=2):
    ...     MADE = "made"
    >>> DemoStatus.report_game, DemoStatus.report_seats, DemoStatus.report_sides
    ('demo', 4, 2)
    """

    report_game: ClassVar[str | None]
    """The game whose reports use these statuses (``None``: not declared, any game)."""
    report_seats: ClassVar[int | None]
    """The most seats a report of that game names (``None``: not declared)."""
    report_sides: ClassVar[int | None]
    """The most scoring sides a report of that game has (``None``: not declared)."""

    def __init_subclass__(
        cls,
        *,
        game: str | None = None,
        seats: int | None = None,
        sides: int | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        if game is not None and (type(game) is not str or not game):
            raise ArgumentTypeError(f"game must be a game's name, not {short_repr(game)}")
        for name, value in (("seats", seats), ("sides", sides)):
            if value is not None:
                check_int(value, name, 1)
        cls.report_game = game
        cls.report_seats = seats
        cls.report_sides = sides


HandStatus.report_game = None
HandStatus.report_seats = None
HandStatus.report_sides = None


RevokeOutcome = Literal["corrected", "claimed", "found", "open"]
"""What became of a revoke: taken back, claimed by a seat, found at the end of the hand, or still
open (a hand that ended otherwise)."""


@final
@attrs.frozen
class ContractReport:
    """Who undertook what: the declarer (bidder or maker), the bid, trump, and who plays alone."""

    declarer: int | None
    bid: int | None = None
    trump: Suit | None = None
    alone: bool = False
    lone_defender: int | None = None
    detail: str = ""
    """A few words where the fields do not say it all (``"no trump"``, ``"ordered up"``)."""


@final
@attrs.frozen
class TrickReport:
    """One trick: its number (from 1), leader, the plays in order (seat and cards — a Voormsi group
    is several), the winner and the points it carried (0 where a game does not count them)."""

    number: int
    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int | None
    points: int = 0


@final
@attrs.frozen
class ScoreItem:
    """One component of a side's points in a hand, with the rule that gives it."""

    side: int
    points: int
    rule: str
    what: str
    seat: int | None = None


@final
@attrs.frozen
class RevokeReport:
    """A revoke of the hand: who, in which trick, with which card, and what became of it.

    ``replaced_by`` is the card played in its place when a correction names one (Euchre's E17);
    ``None`` otherwise (a Rook correction takes the play back, and the seat then plays afresh).
    """

    seat: int
    trick: int
    card: Card
    outcome: RevokeOutcome
    claimed_by: int | None = None
    penalised: bool = False
    replaced_by: Card | None = None


@final
@attrs.frozen
class HandReport:
    """The account of one finished hand (see the module docstring).

    ``points`` are the hand's points per side (one side at least) and always equal the sum of
    that side's ``items``; ``scores_before``/``scores_after`` are the match scores around the
    hand, one per side, and ``scores_after`` is ``scores_before + points`` (a ladder's bust is an
    item of its own, which brings the points to the score's change). Tricks are numbered from 1
    in order, each led by its first play's seat and won by a seat that played to it.

    A report that breaks any of this is refused when it is made, with an
    :class:`~cardrules.errors.ArgumentError` naming the field; so is one whose status declares
    its game, seats and sides (:class:`HandStatus`) when the report is of another game or names a
    seat or side it cannot have:

    >>> class Status(HandStatus, game="demo", seats=4, sides=2):
    ...     MADE = "made"
    >>> HandReport(game="demo", hand=1, dealer=7, status=Status.MADE, contract=None, tricks=(),
    ...            items=(), points=(0, 0), scores_before=(0, 0), scores_after=(0, 0))
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: dealer: seat 7 is not a seat of demo (0..3)
    """

    game: str
    hand: int
    dealer: int | None
    status: HandStatus
    contract: ContractReport | None
    tricks: tuple[TrickReport, ...]
    items: tuple[ScoreItem, ...]
    points: tuple[int, ...]
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    revokes: tuple[RevokeReport, ...] = ()
    notes: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        # An ArgumentError is a ValueError too: callers that caught that still do.
        statuses = type(self.status)
        if not isinstance(self.status, HandStatus):
            raise ArgumentTypeError(
                f"status must be a member of a HandStatus enum, not {short_repr(self.status)}"
            )
        declared = statuses.report_game
        if declared is not None and self.game != declared:
            raise ArgumentError(
                f"status: {statuses.__name__}.{self.status.name} is a status of {declared}, "
                f"not of {short_repr(self.game)}"
            )
        sides = len(self.points)
        if not sides:
            raise ArgumentError("points: a report has the points of one side at least, not none")
        for field in ("scores_before", "scores_after"):
            if len(getattr(self, field)) != sides:
                raise ArgumentError(
                    f"{field}: {len(getattr(self, field))} scores for the {sides} sides of points"
                )
        if statuses.report_sides is not None and sides > statuses.report_sides:
            raise ArgumentError(
                f"points: {sides} sides, and {self.game} has {statuses.report_sides} at most"
            )
        if statuses.report_seats is not None:  # before the checks that read the seats
            self.check_seats(statuses.report_seats, self.game)
        for k, item in enumerate(self.items):
            if not 0 <= item.side < sides:
                raise ArgumentError(
                    f"items[{k}].side: side {item.side} is not one of the {sides} sides"
                )
        for side, total in enumerate(self.points):
            counted = sum(item.points for item in self.items if item.side == side)
            if counted != total:
                raise ArgumentError(
                    f"points: side {side}: the items add up to {counted}, not the hand's {total} points"
                )
        for side, (before, points, after) in enumerate(
            zip(self.scores_before, self.points, self.scores_after, strict=True)
        ):
            if before + points != after:
                raise ArgumentError(
                    f"scores_after: side {side}: {before} before and {points} points make "
                    f"{before + points}, not {after}"
                )
        for k, trick in enumerate(self.tricks):
            where = f"tricks[{k}]"
            if trick.number != k + 1:
                raise ArgumentError(f"{where}.number: trick {k + 1} is numbered {trick.number}")
            seats = [seat for seat, _ in trick.plays]
            if seats and seats[0] != trick.leader:
                raise ArgumentError(
                    f"{where}.leader: seat {trick.leader} leads, but seat {seats[0]} plays first"
                )
            if trick.winner is not None and trick.winner not in seats:
                raise ArgumentError(
                    f"{where}.winner: seat {trick.winner} did not play to the trick"
                )
            for j, (_, cards) in enumerate(trick.plays):
                if not cards:
                    raise ArgumentError(f"{where}.plays[{j}]: a play has one card at least")

    def seats(self) -> Iterator[tuple[str, int]]:
        """Every seat the report names, with its field (``("tricks[0].leader", 2)`` …).

        >>> class Status(HandStatus):
        ...     SCORED = "scored"
        >>> report = HandReport(game="demo", hand=1, dealer=3, status=Status.SCORED,
        ...     contract=ContractReport(declarer=0), tricks=(), items=(), points=(0,),
        ...     scores_before=(0,), scores_after=(0,))
        >>> list(report.seats())
        [('dealer', 3), ('contract.declarer', 0)]
        """
        if self.dealer is not None:
            yield "dealer", self.dealer
        contract = self.contract
        if contract is not None:
            if contract.declarer is not None:
                yield "contract.declarer", contract.declarer
            if contract.lone_defender is not None:
                yield "contract.lone_defender", contract.lone_defender
        for k, trick in enumerate(self.tricks):
            yield f"tricks[{k}].leader", trick.leader
            for j, (seat, _) in enumerate(trick.plays):
                yield f"tricks[{k}].plays[{j}] seat", seat
            if trick.winner is not None:
                yield f"tricks[{k}].winner", trick.winner
        for k, item in enumerate(self.items):
            if item.seat is not None:
                yield f"items[{k}].seat", item.seat
        for k, revoke in enumerate(self.revokes):
            yield f"revokes[{k}].seat", revoke.seat
            if revoke.claimed_by is not None:
                yield f"revokes[{k}].claimed_by", revoke.claimed_by

    def check_seats(self, players: int, game: str) -> None:
        """Refuse (:class:`~cardrules.errors.ArgumentError`, naming the field) a report that names a
        seat outside ``0 .. players - 1``, or has more sides than seats: the check of a report
        against a game with ``players`` seats (``game`` is its name, for the message)."""
        for field, seat in self.seats():
            if type(seat) is not int or not 0 <= seat < players:
                raise ArgumentError(
                    f"{field}: seat {short_repr(seat)} is not a seat of {game} (0..{players - 1})"
                )
        if len(self.points) > players:
            raise ArgumentError(f"points: {len(self.points)} sides, and {game} has {players} seats")

    def items_of(self, side: int) -> tuple[ScoreItem, ...]:
        """The scoring components of one side."""
        return tuple(item for item in self.items if item.side == side)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: cards in ASCII notation, suits as letters, the status as its value."""
        return _plain(self)  # type: ignore[no-any-return]

    def to_json(self, *, indent: int | None = None) -> str:
        """The report as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], statuses: type[HandStatus], *, game: Any = None
    ) -> HandReport:
        """Read a report written by :meth:`to_dict`; ``statuses`` is the game's status enum.

        Raises :class:`~cardrules.errors.RecordError`, naming the field, for anything
        :meth:`to_dict` cannot have written: a field missing, unknown or of the wrong type, a
        status that is not one of ``statuses`` (or of another game, when ``statuses`` declares its
        game), a seat or side out of range, points that are not those of the items and of the
        scores before and after (every check of :class:`HandReport` itself). With ``game`` (the
        game object the report is of) its name and its number of seats are checked too. A
        ``statuses`` that is not a :class:`HandStatus` enum, or a ``game`` that is not a game, is
        an :class:`~cardrules.errors.ArgumentTypeError`.

        >>> class Status(HandStatus):
        ...     MADE = "made"
        >>> HandReport.from_dict({"game": "demo", "hand": "x"}, Status)
        Traceback (most recent call last):
        ...
        cardrules.errors.RecordError: not a hand report: hand must be an int ≥ 0, not str 'x'
        """
        _check_statuses(statuses)
        players = _players_of(game)
        if not isinstance(data, Mapping):
            raise RecordError(f"a hand report is a mapping, not {type(data).__name__}")
        try:
            report = _read_report(data, statuses)
            if game is not None:
                if report.game != game.name:
                    raise _fail("game", repr(game.name), report.game)
                report.check_seats(players, game.name)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            # a missing key reads as its name; the rest carry their own message
            why = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise RecordError(f"not a hand report: {why}") from None
        return report

    @classmethod
    def from_json(
        cls, text: str | bytes | bytearray, statuses: type[HandStatus], *, game: Any = None
    ) -> HandReport:
        """Read a report from JSON text (``str``, or UTF-8 ``bytes``); see :meth:`from_dict`.

        >>> HandReport.from_json(b"\\x89PNG", HandStatus)
        Traceback (most recent call last):
        ...
        cardrules.errors.RecordError: not a JSON hand report: not UTF-8 text (byte 0x89 at position 0)
        """
        _check_statuses(statuses)
        _players_of(game)
        if not isinstance(text, str | bytes | bytearray):
            raise RecordError(f"a hand report is JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except UnicodeDecodeError as exc:
            raise RecordError(
                f"not a JSON hand report: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} "
                f"at position {exc.start})"
            ) from None
        except RecursionError:
            raise RecordError("not a JSON hand report: nested too deeply") from None
        except json.JSONDecodeError as exc:
            raise RecordError(f"not a JSON hand report: {exc}") from None
        except Exception as exc:  # anything else the decoder may raise on hostile input
            raise RecordError(f"not a JSON hand report: {type(exc).__name__}: {exc}") from None
        if not isinstance(data, dict):
            raise RecordError("a hand report is a JSON object")
        return cls.from_dict(data, statuses, game=game)


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.ascii
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, enum.Enum):
        return value.value
    if attrs.has(type(value)):
        return {f.name: _plain(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _check_statuses(statuses: object) -> None:
    if not (isinstance(statuses, type) and issubclass(statuses, HandStatus)):
        raise ArgumentTypeError(
            f"statuses must be a HandStatus enum (the game's), not {short_repr(statuses)}"
        )


def _players_of(game: object) -> int:
    """The number of seats of ``game`` (``0`` for ``None``: no game given), or an
    :class:`~cardrules.errors.ArgumentTypeError` for anything that is not a game."""
    if game is None:
        return 0
    players = getattr(game, "num_players", None)
    if not isinstance(getattr(game, "name", None), str) or type(players) is not int or players < 1:
        raise ArgumentTypeError(
            f"game must be a game such as get_game('euchre'), not {type(game).__name__} "
            f"{short_repr(game)}"
        )
    return players


_REVOKE_OUTCOMES = frozenset(("corrected", "claimed", "found", "open"))


def _fail(field: str, wanted: str, value: object) -> RecordError:
    return RecordError(
        f"not a hand report: {field} must be {wanted}, not {type(value).__name__} {short_repr(value)}"
    )


def _object(data: object, field: str, fields_of: type[Any]) -> Mapping[str, Any]:
    """``data`` if it is a mapping whose keys are all fields of the attrs class ``fields_of``."""
    if not isinstance(data, Mapping):
        raise _fail(field, "an object", data)
    _known_fields(data, field, fields_of)
    return data


def _known_fields(data: Mapping[Any, Any], field: str, fields_of: type[Any]) -> None:
    # to_dict writes the attrs fields and nothing else: another key is not of a report.
    known = {f.name for f in attrs.fields(fields_of)}
    for key in data:
        if key not in known:
            where = f"{field}: " if field else ""
            raise RecordError(f"not a hand report: {where}unknown field {short_repr(key)}")


def _list(data: object, field: str) -> list[Any]:
    if not isinstance(data, list | tuple):
        raise _fail(field, "a list", data)
    return list(data)


def _int(value: object, field: str, *, low: int | None = None, optional: bool = False) -> Any:
    if optional and value is None:
        return None
    if type(value) is not int or (low is not None and value < low):
        wanted = (
            "an int" + (f" ≥ {low}" if low is not None else "") + (" or null" if optional else "")
        )
        raise _fail(field, wanted, value)
    return value


def _str(value: object, field: str) -> str:
    if type(value) is not str:
        raise _fail(field, "a string", value)
    return value


def _bool(value: object, field: str) -> bool:
    if type(value) is not bool:
        raise _fail(field, "true or false", value)
    return value


def _card(value: object, field: str, *, optional: bool = False) -> Card | None:
    if optional and value is None:
        return None
    if type(value) is not str:
        raise _fail(field, "a card" + (" or null" if optional else ""), value)
    try:
        return Card.parse(value)
    except ValueError:
        raise _fail(field, "a card", value) from None


def _ints(data: object, field: str) -> tuple[int, ...]:
    return tuple(_int(v, f"{field}[{i}]") for i, v in enumerate(_list(data, field)))


def _read_report(data: Mapping[str, Any], statuses: type[HandStatus]) -> HandReport:
    _known_fields(data, "", HandReport)
    game = data["game"]
    if type(game) is not str or not game:
        raise _fail("game", "a non-empty string", game)
    hand = _int(data["hand"], "hand", low=0)
    dealer = _int(data["dealer"], "dealer", low=0, optional=True)
    status_value = data["status"]
    try:
        status = statuses(status_value)
    except (ValueError, TypeError):
        words = ", ".join(repr(s.value) for s in statuses)
        raise _fail("status", f"one of {words}", status_value) from None
    tricks = []
    for k, t in enumerate(_list(data["tricks"], "tricks")):
        where = f"tricks[{k}]"
        t = _object(t, where, TrickReport)
        plays = []
        for j, play in enumerate(_list(t["plays"], f"{where}.plays")):
            if not isinstance(play, list | tuple) or len(play) != 2:
                raise _fail(f"{where}.plays[{j}]", "a [seat, cards] pair", play)
            seat = _int(play[0], f"{where}.plays[{j}] seat", low=0)
            cards = tuple(
                _card(c, f"{where}.plays[{j}] card")
                for c in _list(play[1], f"{where}.plays[{j}] cards")
            )
            plays.append((seat, cards))
        tricks.append(
            TrickReport(
                _int(t["number"], f"{where}.number", low=1),
                _int(t["leader"], f"{where}.leader", low=0),
                tuple(plays),  # type: ignore[arg-type]  # the cards are never None here
                _int(t["winner"], f"{where}.winner", low=0, optional=True),
                _int(t["points"], f"{where}.points"),
            )
        )
    items = []
    for k, item in enumerate(_list(data["items"], "items")):
        where = f"items[{k}]"
        item = _object(item, where, ScoreItem)
        items.append(
            ScoreItem(
                side=_int(item["side"], f"{where}.side", low=0),
                points=_int(item["points"], f"{where}.points"),
                rule=_str(item["rule"], f"{where}.rule"),
                what=_str(item["what"], f"{where}.what"),
                seat=_int(item.get("seat"), f"{where}.seat", low=0, optional=True),
            )
        )
    revokes = []
    for k, r in enumerate(_list(data["revokes"], "revokes")):
        where = f"revokes[{k}]"
        r = _object(r, where, RevokeReport)
        outcome = r["outcome"]
        if outcome not in _REVOKE_OUTCOMES:
            raise _fail(f"{where}.outcome", "corrected, claimed, found or open", outcome)
        revokes.append(
            RevokeReport(
                seat=_int(r["seat"], f"{where}.seat", low=0),
                trick=_int(r["trick"], f"{where}.trick", low=1),
                card=_card(r["card"], f"{where}.card"),  # type: ignore[arg-type]  # not optional
                outcome=outcome,
                claimed_by=_int(r.get("claimed_by"), f"{where}.claimed_by", low=0, optional=True),
                penalised=_bool(r.get("penalised", False), f"{where}.penalised"),
                replaced_by=_card(r.get("replaced_by"), f"{where}.replaced_by", optional=True),
            )
        )
    notes = tuple(_str(n, f"notes[{k}]") for k, n in enumerate(_list(data["notes"], "notes")))
    try:
        return HandReport(
            game=game,
            hand=hand,
            dealer=dealer,
            status=status,
            contract=_contract(data["contract"]),
            tricks=tuple(tricks),
            items=tuple(items),
            points=_ints(data["points"], "points"),
            scores_before=_ints(data["scores_before"], "scores_before"),
            scores_after=_ints(data["scores_after"], "scores_after"),
            revokes=tuple(revokes),
            notes=notes,
        )
    except (ArgumentError, ArgumentTypeError) as exc:  # a check of HandReport itself
        raise RecordError(f"not a hand report: {exc}") from None


def _contract(data: Any) -> ContractReport | None:
    if data is None:
        return None
    data = _object(data, "contract", ContractReport)
    trump = data.get("trump")
    if trump is not None:
        try:
            trump = Suit.parse(_str(trump, "contract.trump"))
        except ValueError:
            raise _fail("contract.trump", "a suit letter or null", trump) from None
    return ContractReport(
        declarer=_int(data["declarer"], "contract.declarer", low=0, optional=True),
        bid=_int(data["bid"], "contract.bid", optional=True),
        trump=trump,
        alone=_bool(data["alone"], "contract.alone"),
        lone_defender=_int(data["lone_defender"], "contract.lone_defender", low=0, optional=True),
        detail=_str(data["detail"], "contract.detail"),
    )


def check_report_args(game: Any, game_type: type[Any], state: object) -> None:
    """The checks of a game module's ``hand_report(game, state)`` (what the game's own
    ``hand_report`` method calls): ``game`` a ``game_type`` and ``state`` one of its states, else
    an :class:`~cardrules.errors.ArgumentTypeError`."""
    if not isinstance(game, game_type):
        raise ArgumentTypeError(
            f"game must be a {game_type.__name__}, not {type(game).__name__} {short_repr(game)}"
        )
    game.check_state(state)

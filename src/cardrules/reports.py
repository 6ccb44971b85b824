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
from collections.abc import Mapping
from typing import Any, Literal, final

import attrs

from cardrules.cards import Card, Suit
from cardrules.errors import ArgumentTypeError, RecordError, short_repr

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

    A game subclasses it with its members; the value is the word written to JSON.
    """


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

    ``points`` are the hand's points per side and always equal the sum of that side's ``items``;
    ``scores_before``/``scores_after`` are the match scores around the hand (a ladder's bust or a
    game's own score rules may make ``after`` differ from ``before + points``: the items say why).
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
        for side, total in enumerate(self.points):
            counted = sum(item.points for item in self.items if item.side == side)
            if counted != total:
                raise ValueError(
                    f"side {side}: the items add up to {counted}, not the hand's {total} points"
                )

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
    def from_dict(cls, data: Mapping[str, Any], statuses: type[HandStatus]) -> HandReport:
        """Read a report written by :meth:`to_dict`; ``statuses`` is the game's status enum."""
        try:
            return cls(
                game=data["game"],
                hand=data["hand"],
                dealer=data["dealer"],
                status=statuses(data["status"]),
                contract=_contract(data["contract"]),
                tricks=tuple(
                    TrickReport(
                        t["number"],
                        t["leader"],
                        tuple((seat, _cards(cards)) for seat, cards in t["plays"]),
                        t["winner"],
                        t["points"],
                    )
                    for t in data["tricks"]
                ),
                items=tuple(ScoreItem(**item) for item in data["items"]),
                points=tuple(data["points"]),
                scores_before=tuple(data["scores_before"]),
                scores_after=tuple(data["scores_after"]),
                revokes=tuple(_revoke(r) for r in data["revokes"]),
                notes=tuple(data["notes"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"not a hand report: {exc}") from None

    @classmethod
    def from_json(cls, text: str, statuses: type[HandStatus]) -> HandReport:
        """Read a report from JSON text."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError, RecursionError) as exc:
            raise RecordError(f"not a JSON hand report: {exc}") from None
        if not isinstance(data, dict):
            raise RecordError("a hand report is a JSON object")
        return cls.from_dict(data, statuses)


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


def _cards(texts: Any) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def _revoke(data: Any) -> RevokeReport:
    fields = {**data}  # a TypeError for anything but a mapping
    fields["card"] = Card.parse(fields["card"])
    replaced_by = fields.get("replaced_by")
    fields["replaced_by"] = None if replaced_by is None else Card.parse(replaced_by)
    return RevokeReport(**fields)


def _contract(data: Any) -> ContractReport | None:
    if data is None:
        return None
    trump = data.get("trump")
    return ContractReport(
        declarer=data["declarer"],
        bid=data["bid"],
        trump=Suit.parse(trump) if trump is not None else None,
        alone=data["alone"],
        lone_defender=data["lone_defender"],
        detail=data["detail"],
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

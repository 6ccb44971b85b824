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
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Literal, final

import attrs

from cardrules.errors import CardrulesError, RecordError

__all__ = ["SCHEMA_VERSION", "GameRecord", "record_game", "replay"]

SCHEMA_VERSION = 1


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
            },
            ensure_ascii=False,
            indent=indent,
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record; :class:`~cardrules.errors.RecordError` names what is wrong with a bad one."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise RecordError(f"not a JSON record: {exc}") from None
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        schema = data.get("schema")
        if schema != SCHEMA_VERSION:
            raise RecordError(
                f"unsupported record schema {schema!r} (this cardrules reads schema {SCHEMA_VERSION})"
            )
        game = data.get("game")
        rules = data.get("rules", {})
        start = data.get("start")
        dealer = data.get("dealer")
        actions = data.get("actions")
        metadata = data.get("metadata", {})
        if not isinstance(game, str) or not game:
            raise RecordError("record field 'game' must be a non-empty string")
        if not isinstance(rules, dict):
            raise RecordError("record field 'rules' must be an object")
        if start not in ("match", "hand"):
            raise RecordError("record field 'start' must be 'match' or 'hand'")
        if dealer is not None and not isinstance(dealer, int):
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
                or not isinstance(item[0], int)
                or not isinstance(item[1], str)
            ):
                raise RecordError(f"action {k} must be a [seat, notation] pair")
            steps.append((item[0], item[1]))
        return cls(game, rules, start, tuple(steps), dealer, metadata)


def record_game(
    game: Any,
    steps: Iterable[tuple[int, Any]],
    *,
    start: Literal["match", "hand"] = "match",
    dealer: int | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> GameRecord:
    """A record of ``steps`` (``(seat, action)`` pairs, seat ``-1`` for chance) played in ``game``."""
    rules = game.rules.to_dict() if hasattr(game.rules, "to_dict") else {}
    return GameRecord(
        game.name,
        rules,
        start,
        tuple((seat, game.format_action(action)) for seat, action in steps),
        dealer,
        dict(metadata or {}),
    )


def replay(record: GameRecord, game: Any = None) -> Any:
    """Replay ``record`` and return the final state.

    ``game`` defaults to the registered game of the record built with its rules. Any illegal or
    unreadable action raises :class:`~cardrules.errors.RecordError` naming the step.
    """
    if game is None:
        from cardrules.registry import get_game

        try:
            game = get_game(record.game, **record.rules)
        except CardrulesError as exc:
            raise RecordError(f"cannot build the record's game: {exc}") from None
    elif game.name != record.game:
        raise RecordError(f"the record is of {record.game!r}, not {game.name!r}")
    try:
        state = game.new_match() if record.start == "match" else game.new_hand(dealer=record.dealer)
    except CardrulesError as exc:
        raise RecordError(f"cannot start the record's game: {exc}") from None
    for k, (seat, text) in enumerate(record.actions):
        try:
            action = game.parse_action(text, state)
            state = game.apply(state, action, seat=seat)
        except CardrulesError as exc:
            raise RecordError(f"step {k} ({text!r} by seat {seat}): {exc}") from None
    return state

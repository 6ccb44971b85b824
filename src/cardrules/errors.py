"""The error family of cardrules.

Every error the library raises on bad input is a :class:`~cardrules.errors.CardrulesError`. Each subclass also
derives from the builtin exception a caller who knows nothing of cardrules would catch, so
``except ValueError`` keeps working:

>>> from cardrules.errors import NotationError
>>> issubclass(NotationError, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "CardrulesError",
    "IllegalActionError",
    "NotationError",
    "PositionError",
    "RecordError",
    "RulesError",
    "UnknownGameError",
]


class CardrulesError(Exception):
    """Base class of every error raised by cardrules on bad input."""


class ArgumentError(CardrulesError, ValueError):
    """An argument has the right type but a value out of range (seat 7 of a four-player game)."""


class ArgumentTypeError(CardrulesError, TypeError):
    """An argument has the wrong type: a ``bool`` or ``float`` seat, another game's state or view.

    >>> issubclass(ArgumentTypeError, TypeError)
    True
    """


class PositionError(ArgumentError):
    """A position that play cannot reach, given to a game's ``position``/``parse_position``:
    ``rule`` names the invariant it breaks (``R2`` every card once, ``V21`` the draws …).

    >>> err = PositionError("R6", "seat 2 holds 8 cards")
    >>> str(err), err.rule, isinstance(err, ValueError)
    ('position: R6: seat 2 holds 8 cards', 'R6', True)
    """

    def __init__(self, rule: str, why: str) -> None:
        super().__init__(f"position: {rule}: {why}")
        self.rule = rule
        self.why = why


class NotationError(CardrulesError, ValueError):
    """A text could not be read as a card, a card set or an action."""


class RulesError(CardrulesError, ValueError):
    """A rules configuration is invalid (an unknown option, a bad value, an impossible combination)."""


class RecordError(CardrulesError, ValueError):
    """A game record is malformed, of an unknown schema version, or does not replay."""


class UnknownGameError(CardrulesError, LookupError):
    """No game is registered under the requested name."""


class IllegalActionError(CardrulesError, ValueError):
    """An action is not allowed in the given state.

    The message is for people and starts with the id of the rule that forbids the action
    (``"E13: must follow ♦ (holds 9D, AD)"``); the fields are for programs.

    >>> err = IllegalActionError("E13", "must follow suit", action="play 9S", seat=2)
    >>> str(err)
    'E13: must follow suit [seat 2, action play 9S]'
    >>> err.rule
    'E13'
    """

    def __init__(
        self,
        rule: str,
        why: str,
        *,
        action: Any = None,
        seat: int | None = None,
        legal: Sequence[Any] = (),
    ) -> None:
        self.rule = rule
        self.why = why
        self.action = action
        self.seat = seat
        self.legal = tuple(legal)
        details = []
        if seat is not None:
            details.append(f"seat {seat}")
        if action is not None:
            details.append(f"action {_safe_text(action)}")
        suffix = f" [{', '.join(details)}]" if details else ""
        prefix = f"{rule}: " if rule else ""
        super().__init__(f"{prefix}{why}{suffix}")


def _safe_text(value: object, limit: int = 60) -> str:
    """``str(value)``, cut short; never raises (a half-built or hostile action has a bad ``repr``)."""
    try:
        text = str(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_repr(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages; never raises.

    A hostile or half-built value whose ``__repr__`` fails must not hide the real error.

    >>> short_repr("x" * 50, limit=10)
    "'xxxxxxxx…"
    """
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"

"""The error family of cardrules.

Every error the library raises on bad input is a :class:`~cardrules.errors.CardrulesError`. Each subclass also
derives from the builtin exception a caller who knows nothing of cardrules would catch, so
``except ValueError`` keeps working:

>>> from cardrules.errors import NotationError
>>> issubclass(NotationError, ValueError)
True
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardrules.rulebook import RuleId

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "CardrulesError",
    "IllegalActionError",
    "MissingExtraError",
    "NotationError",
    "PositionError",
    "RecordError",
    "RulesError",
    "UnknownGameError",
    "extra_imports",
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
    ``rule`` names the invariant it breaks (Rook's R2 every card once, Voormsi's V21 the draws …).

    >>> from cardrules.games.rook import RookRule
    >>> err = PositionError(RookRule.R6, "seat 2 holds 8 cards")
    >>> str(err), err.rule == "R6", isinstance(err, ValueError)
    ('position: rule R6 (the deal): seat 2 holds 8 cards', True, True)
    """

    def __init__(self, rule: RuleId, why: str) -> None:
        super().__init__(f"position: {_rule_prefix(rule)}{why}")
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


class MissingExtraError(CardrulesError, ModuleNotFoundError):
    """A part of cardrules needs an optional dependency that is not installed: ``name`` is the
    missing module, ``extra`` the pip extra that installs it, ``feature`` the part that needs it.

    A :class:`ModuleNotFoundError` (so an :class:`ImportError`) too, with the missing module's
    ``name``: code that tries an optional import with ``except ImportError`` keeps working, and
    so do the tools that read ``name``.

    >>> err = MissingExtraError("numpy", "pettingzoo", feature="cardrules.adapters.pettingzoo")
    >>> print(err)
    cardrules.adapters.pettingzoo needs numpy, which is not installed: pip install "cardrules[pettingzoo]"
    >>> isinstance(err, ImportError), err.name, err.extra
    (True, 'numpy', 'pettingzoo')
    """

    def __init__(self, name: str, extra: str, *, feature: str = "this part of cardrules") -> None:
        super().__init__(
            f'{feature} needs {name}, which is not installed: pip install "cardrules[{extra}]"',
            name=name,
        )
        self.extra = extra
        self.feature = feature


@contextlib.contextmanager
def extra_imports(extra: str, feature: str) -> Iterator[None]:
    """Import an optional extra's modules inside ``with extra_imports(extra, feature):``: a module
    that is not installed ends in a :class:`MissingExtraError` that names it and the extra to
    install, instead of a bare ``ModuleNotFoundError``. The adapters' imports go through it.

    >>> with extra_imports("openspiel", "my_module"):
    ...     import not_a_module_of_any_extra
    Traceback (most recent call last):
    ...
    cardrules.errors.MissingExtraError: my_module needs not_a_module_of_any_extra, which is not installed: pip install "cardrules[openspiel]"
    """
    try:
        yield
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if not missing or missing.partition(".")[0] == "cardrules":
            raise  # one of cardrules' own modules: a broken install, not a missing extra
        raise MissingExtraError(missing.partition(".")[0], extra, feature=feature) from exc


class IllegalActionError(CardrulesError, ValueError):
    """An action is not allowed in the given state.

    The message is for people and starts with the rule that forbids the action, written so that it
    cannot be read as a card or a pile (``"rule E13 (follow suit): must follow ♦ …"``; the title comes
    from the game's :class:`~cardrules.rulebook.RuleBook`, a short phrase); the fields are for programs: ``rule`` is a
    member of the game's :class:`~cardrules.rulebook.RuleId` enumeration, ``legal`` the legal actions.

    >>> from cardrules.games.euchre import EuchreRule
    >>> err = IllegalActionError(EuchreRule.E13, "must follow ♦", action="play 9S", seat=2)
    >>> str(err)
    'rule E13 (follow suit): must follow ♦ [seat 2, action play 9S]'
    >>> err.rule == "E13", err.rule is EuchreRule.E13
    (True, True)
    """

    def __init__(
        self,
        rule: RuleId | None,
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
        super().__init__(f"{_rule_prefix(rule)}{why}{suffix}")


def _rule_prefix(rule: object) -> str:
    """``"rule E13 (follow suit): "`` — the rule's written form and its book's title, when known."""
    if not rule:
        return ""
    # Imported here: the rule books import this module for their own errors.
    from cardrules.rulebook import RuleId, rule_title

    if not isinstance(rule, RuleId):
        return f"{_safe_text(rule)}: "
    title = rule_title(rule)
    return f"{rule.written} ({title}): " if title else f"{rule.written}: "


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


def check_int(
    value: object, argument: str, minimum: int | None = None, maximum: int | None = None
) -> int:
    """``value`` if it is an ``int`` (not a ``bool``), of at least ``minimum`` and at most
    ``maximum`` when they are given; else an :class:`ArgumentTypeError` or
    :class:`ArgumentError` naming ``argument``. The one integer check of the library's entry
    points (counts, sizes, seeds, figures, ranges such as a score or a bitmask).

    >>> check_int(3, "cards_each", 0)
    3
    >>> check_int(True, "seed")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: seed must be an int, not bool True
    >>> check_int(-1, "cards_each", 0)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: cards_each must be at least 0, not -1
    >>> check_int(6, "maker_tricks", 0, 5)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: maker_tricks must be from 0 to 5, not 6
    >>> check_int(True, "maker_tricks", 0, 5)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: maker_tricks must be an int from 0 to 5, not bool True
    """
    ranged = minimum is not None and maximum is not None
    if type(value) is not int:
        wanted = f"an int from {minimum} to {maximum}" if ranged else "an int"
        raise ArgumentTypeError(
            f"{argument} must be {wanted}, not {type(value).__name__} {short_repr(value)}"
        )
    if ranged:
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            raise ArgumentError(f"{argument} must be from {minimum} to {maximum}, not {value}")
    elif minimum is not None and value < minimum:
        raise ArgumentError(f"{argument} must be at least {minimum}, not {value}")
    elif maximum is not None and value > maximum:
        raise ArgumentError(f"{argument} must be at most {maximum}, not {value}")
    return value

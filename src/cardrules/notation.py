"""Numbers in the text notation: the one place that decides which characters are digits.

Every reader of cardrules text — card notation (``R14``), actions (``bid 85``, ``T3>F♠↑``),
position texts (``dealer=3``, ``bids=70,p``), the CLI's menus — reads its numbers through
:func:`read_number`, so the notation accepts the same digits everywhere: the ASCII digits
``0``–``9`` and nothing else.

Why ASCII only: Python's ``str.isdigit()`` is true of superscripts (``²``) and circled digits
(``①``) that ``int()`` refuses, while ``int()`` itself reads full-width (``１２``) and
Arabic-Indic (``١٢``) digits. Accepting "whatever ``int`` takes" would make a position text mean
different things to different readers, and a text the library writes never holds such digits.

>>> read_number("85", "a bid")
85
>>> is_number("７"), is_number("²"), is_number("7")
(False, False, True)
>>> read_number("7²", "a bid")
Traceback (most recent call last):
...
cardrules.errors.NotationError: a bid must be written with the digits 0-9, not '7²'
"""

from __future__ import annotations

from typing import Final

from cardrules.errors import NotationError

__all__ = ["DIGITS", "is_number", "looks_numeric", "read_number"]

DIGITS: Final = "0123456789"
"""The only characters the notation reads as digits."""

_DIGIT_SET: Final = frozenset(DIGITS)


def is_number(text: str) -> bool:
    """Whether ``text`` is a non-empty run of the ASCII digits ``0``–``9`` (no sign, no blanks).

    >>> is_number("10"), is_number(""), is_number("-1"), is_number("1 0")
    (True, False, False, False)
    """
    return bool(text) and _DIGIT_SET.issuperset(text)


def looks_numeric(text: str) -> bool:
    """Whether ``text`` is a non-empty run of characters that Unicode counts as numbers.

    True of ``"12"`` and also of ``"１２"``, ``"²"``, ``"①"`` or ``"½"``: a reader uses it to tell
    "a number written with other digits" (an error that should say so) from "not a number at
    all" (another reading of the text), then reads the number with :func:`read_number`.

    >>> looks_numeric("12"), looks_numeric("７"), looks_numeric("²"), looks_numeric("7a")
    (True, True, True, False)
    """
    return text.isnumeric()


def read_number(
    text: str,
    what: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    signed: bool = False,
) -> int:
    """``text`` read as a number of ASCII digits, within ``minimum``/``maximum``.

    Blanks around the number are ignored; with ``signed`` it may start with an ASCII ``-``
    (never ``+``, ``−`` or any other sign). Anything else is a
    :class:`~cardrules.errors.NotationError` whose message names ``what`` and quotes the text
    (shortened), never a bare ``ValueError``.

    >>> read_number(" 3 ", "a seat", maximum=3)
    3
    >>> read_number("-20", "a score", signed=True)
    -20
    >>> read_number("4", "a seat", maximum=3)
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: a seat must be at most 3, not 4
    """
    if not isinstance(text, str):
        raise NotationError(f"{what} must be written as text, not {type(text).__name__}")
    stripped = text.strip()
    negative = signed and stripped.startswith("-") and is_number(stripped[1:])
    digits = stripped[1:] if negative else stripped
    if not is_number(digits):
        shown = stripped if len(stripped) <= 40 else stripped[:37] + "..."
        if not stripped:
            raise NotationError(f"{what} is missing (a number written with the digits 0-9)")
        raise NotationError(f"{what} must be written with the digits 0-9, not {shown!r}")
    if len(digits) > 18:
        raise NotationError(f"{what} is too long a number: {stripped[:20]!r}...")
    value = -int(digits) if negative else int(digits)
    if minimum is not None and value < minimum:
        raise NotationError(f"{what} must be at least {minimum}, not {value}")
    if maximum is not None and value > maximum:
        raise NotationError(f"{what} must be at most {maximum}, not {value}")
    return value

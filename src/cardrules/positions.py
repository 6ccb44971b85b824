"""Reading position texts: the pieces every game's ``parse_position`` shares.

A position text is one line (see each game's "Position text"); most games write it as a header
and ``key=value`` tokens. These helpers refuse what is not such a line with a clear
:class:`~cardrules.errors.NotationError` (or :class:`~cardrules.errors.ArgumentTypeError` for a
value that is not text), the same way in every game.

>>> key_value_fields("dealer=3 scores=0,0".split(), ("dealer", "scores"))
{'dealer': '3', 'scores': '0,0'}
>>> key_value_fields(["dealer=3", "dealer=2"], ("dealer",))
Traceback (most recent call last):
...
cardrules.errors.NotationError: position text: dealer is given twice
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from cardrules.errors import ArgumentTypeError, NotationError

__all__ = ["key_value_fields", "position_line"]


def position_line(text: object) -> str:
    """``text`` without surrounding blanks, if it is a one-line ``str``; else a clear error.

    >>> position_line("  play hand dealer=3 ")
    'play hand dealer=3'
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a position text is a str, not {type(text).__name__}")
    line = text.strip()
    if "\n" in line:
        raise NotationError("a position text is one line")
    return line


def key_value_fields(tokens: Iterable[str], allowed: Collection[str]) -> dict[str, str]:
    """The ``key=value`` tokens as a dict; an unknown key, a token without ``=`` or a key given
    twice is a :class:`~cardrules.errors.NotationError`."""
    fields: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep or key not in allowed:
            raise NotationError(f"position text: {token[:40]!r} is not a known key=value field")
        if key in fields:
            raise NotationError(f"position text: {key} is given twice")
        fields[key] = value
    return fields

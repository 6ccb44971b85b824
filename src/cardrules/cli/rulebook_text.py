"""The rule book as ``cardrules rules`` prints it: a list of ids and titles, or one entry in full.

Both read the game's :class:`~cardrules.rulebook.RuleBook` (``game.rulebook``), the same data
that the docs page and the errors quote; one rule in full ends with where it lives in the code.

>>> from cardrules import get_game
>>> euchre = get_game("euchre")
>>> lines = summary_lines(euchre)
>>> lines[0], lines[1], lines[2]
('rule book (`cardrules rules euchre ID` prints one rule in full):', '  rules:', '    E1   partnerships')
>>> "    E13  follow suit" in lines
True
>>> print("\\n".join(entry_lines(euchre, "e13")))  # doctest: +ELLIPSIS
E13  follow suit  (rule)
  A player must follow the suit led, counting the left bower as trump, if able; otherwise any
  card may be played.
  As cardrules reads it: A card not held is refused under this rule too.
  Sources:
    Seed-E: the traditional rules text this implementation follows (Spanish)
  Code: playable() (in cardrules.games.euchre.engine)
  Docs: the euchre page, anchor rule-euchre-e13
>>> entry_lines(euchre, "E99")
Traceback (most recent call last):
...
cardrules.errors.ArgumentError: the euchre rules have no rule 'E99'; their ids are E1-E17, D1-D8, EV1-EV5
"""

from __future__ import annotations

import re
import textwrap
from typing import Any, Final

from cardrules.errors import ArgumentError
from cardrules.rulebook import Rule, RuleBook, RuleKind

__all__ = ["entry_lines", "find_rule", "id_ranges", "summary_lines"]

_WIDTH: Final = 100
_HEADINGS: Final = {
    RuleKind.RULE: "rules",
    RuleKind.DEFAULT: "open questions, with the defaults we chose",
    RuleKind.VARIANT: "variants",
}


def _book(game: Any) -> RuleBook:
    book = getattr(game, "rulebook", None)
    if not isinstance(book, RuleBook):
        raise ArgumentError(f"{game.name} ships no rule book")
    return book


def summary_lines(game: Any) -> list[str]:
    """Every entry of ``game``'s book as ``ID  title``, grouped by kind; ``[]`` without a book."""
    book = getattr(game, "rulebook", None)
    if not isinstance(book, RuleBook):
        return []
    width = max(len(rule.id.value) for rule in book) + 2
    lines = [f"rule book (`cardrules rules {game.name} ID` prints one rule in full):"]
    for kind, heading in _HEADINGS.items():
        entries = book.of_kind(kind)
        if entries:
            lines.append(f"  {heading}:")
            lines += [f"    {rule.id.value:<{width}}{rule.title}" for rule in entries]
    return lines


def find_rule(game: Any, text: str) -> Rule:
    """The entry of ``game``'s book whose id is ``text``, in any case (``e13`` finds E13).

    An unknown id is an :class:`~cardrules.errors.ArgumentError` that lists the book's ids as
    ranges (``E1-E17, D1-D8, EV1-EV5``), short whatever the book's size.
    """
    book = _book(game)
    wanted = text.strip().upper()
    for rule in book:
        if rule.id.value.upper() == wanted:
            return rule
    raise ArgumentError(
        f"the {book.game} rules have no rule {text!r}; their ids are {id_ranges(book)}"
    )


def entry_lines(game: Any, text: str) -> list[str]:
    """The entry ``text`` of ``game``'s book in full: title, text, how we read it, the options
    that change it, its sources with their addresses, and its anchor in the docs."""
    book = _book(game)
    rule = find_rule(game, text)
    lines = [f"{rule.id.value}  {rule.title}  ({rule.kind.value})"]
    lines += _wrapped(rule.text, "  ")
    if rule.settled:
        lines += _wrapped("As cardrules reads it: " + rule.settled, "  ")
    if rule.options:
        lines += _wrapped(
            "Options: " + ", ".join(rule.options) + f" (`cardrules rules {game.name}` lists them)",
            "  ",
        )
    if rule.sources:
        lines.append("  Sources:")
        for tag in rule.sources:
            source = book.source(tag)
            lines += _wrapped(f"{source.tag}: {source.title}", "    ", "      ")
            if source.url:  # on a line of its own, never broken, so that it can be copied
                lines.append(f"      <{source.url}>")
    home = book.homes().get(rule.id)
    if home is not None:
        lines += _wrapped(f"Code: {home.plain} (in {home.module})", "  ", "    ")
    lines.append(f"  Docs: the {book.game} page, anchor {book.anchor(rule.id)}")
    return lines


def id_ranges(book: RuleBook) -> str:
    """The book's ids in book order, runs of one prefix with consecutive numbers written as
    ranges: ``"E1-E17, D1-D8, EV1-EV5"``."""
    parts: list[str] = []
    run: list[tuple[str, int, str]] = []  # (prefix, number, id) of the current run

    def close() -> None:
        if run:
            first, last = run[0][2], run[-1][2]
            parts.append(first if first == last else f"{first}-{last}")
            run.clear()

    for rule in book:
        text = rule.id.value
        match = re.fullmatch(r"(\D*)(\d+)", text)
        if match is None:
            close()
            parts.append(text)
            continue
        prefix, number = match.group(1), int(match.group(2))
        if run and (run[-1][0] != prefix or run[-1][1] + 1 != number):
            close()
        run.append((prefix, number, text))
    close()
    return ", ".join(parts)


def _wrapped(text: str, indent: str, later: str | None = None) -> list[str]:
    return textwrap.wrap(
        text,
        width=_WIDTH,
        initial_indent=indent,
        subsequent_indent=indent if later is None else later,
        break_on_hyphens=False,
    )

"""The rule book as ``cardrules rules`` prints it: a list of ids and titles, one entry in full, or
the entries that mention some words.

All read the game's :class:`~cardrules.rulebook.RuleBook` (``game.rulebook``), the same data that
the docs page and the errors quote, as plain text (the book's reStructuredText markup rendered,
:func:`~cardrules.rulebook.plain_text`); one rule in full ends with its sources and their
addresses, where it lives in the code, and its docs page.

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
      (no web address)
  Code: playable() (in cardrules.games.euchre.engine)
  Docs: docs/games/euchre.rst, rule E13 (built: games/euchre.html#rule-euchre-e13)
>>> print("\\n".join(search_lines(euchre, "LEFT bower")))  # doctest: +ELLIPSIS
euchre rules that mention "LEFT bower" (`cardrules rules euchre ID` prints one in full):
  E10  card ranking: … jack of the same colour (left bower), then A, K, Q, 10, 9. Other suits rank …
  E11  the left bower is trump: The left bower belongs to the trump suit in every respect: when …
  E13  follow suit: … suit led, counting the left bower as trump, if able; otherwise any card may …
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
from cardrules.rulebook import Rule, RuleBook, RuleKind, plain_text

__all__ = ["entry_lines", "find_rule", "id_ranges", "lookup_lines", "search_lines", "summary_lines"]

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
            lines += [f"    {rule.id.value:<{width}}{plain_text(rule.title)}" for rule in entries]
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
    lines = [f"{rule.id.value}  {plain_text(rule.title)}  ({rule.kind.value})"]
    lines += _wrapped(plain_text(rule.text), "  ")
    if rule.settled:
        lines += _wrapped("As cardrules reads it: " + plain_text(rule.settled), "  ")
    if rule.options:
        lines += _wrapped(
            "Options: " + ", ".join(rule.options) + f" (`cardrules rules {game.name}` lists them)",
            "  ",
        )
    if rule.sources:
        lines.append("  Sources:")
        for tag in rule.sources:
            source = book.source(tag)
            lines += _wrapped(f"{source.tag}: {plain_text(source.title)}", "    ", "      ")
            # The address on a line of its own, never broken, so that it can be copied.
            lines.append(f"      <{source.url}>" if source.url else "      (no web address)")
    home = book.homes().get(rule.id)
    if home is not None:
        lines += _wrapped(f"Code: {home.plain} (in {home.module})", "  ", "    ")
    lines.append(f"  Docs: {docs_place(book, rule)}")
    return lines


def docs_place(book: RuleBook, rule: Rule) -> str:
    """Where the docs show ``rule``: a built-in game's page (its source file, and the page and
    anchor of the built HTML: the project publishes no site to link to), or the anchor that a
    plugin's ``.. rulebook::`` page gives it."""
    anchor = book.anchor(rule.id)
    package = book.id_type.__module__.split(".")
    if package[:2] == ["cardrules", "games"] and len(package) > 2:
        page = f"games/{package[2]}"
        return f"docs/{page}.rst, {rule.id.written} (built: {page}.html#{anchor})"
    return f"the page that shows the {book.game} rule book, anchor {anchor}"


def lookup_lines(game: Any, text: str) -> list[str]:
    """``cardrules rules GAME TEXT``: the rule whose id is ``text`` in full, else the rules that
    mention its words (:func:`search_lines`); neither is an
    :class:`~cardrules.errors.ArgumentError` that lists the ids."""
    book = _book(game)
    try:
        return entry_lines(game, text)
    except ArgumentError:
        pass
    found = search_lines(game, text)
    if found:
        return found
    searched = " and no rule mentions it" if _terms(text) else ""
    raise ArgumentError(
        f"the {book.game} rules have no rule {text!r}{searched}; their ids are {id_ranges(book)}"
    )


def _terms(text: str) -> list[str]:
    """The words searched for: those of three characters or more (a lone ``R`` or ``T6`` is an
    id, not a word to find in every text)."""
    return [word.lower() for word in text.split() if len(word) >= 3]


def search_lines(game: Any, text: str) -> list[str]:
    """The entries of ``game``'s book whose title, text or reading mention every word of ``text``
    (case-insensitive, at the start of a word: ``bower`` finds "bowers" too), one line each with
    its id, title and the passage; ``[]`` when none does (or ``text`` has no word to search)."""
    book = _book(game)
    terms = _terms(text)
    if not terms:
        return []
    patterns = [re.compile(r"(?<!\w)" + re.escape(term), re.IGNORECASE) for term in terms]
    width = max(len(rule.id.value) for rule in book) + 2
    lines = []
    for rule in book:
        body = " ".join(plain_text(part) for part in (rule.text, rule.settled) if part)
        title = plain_text(rule.title)
        whole = f"{title} {body}"
        if all(pattern.search(whole) for pattern in patterns):
            start = f"  {rule.id.value:<{width}}{title}: "
            room = max(40, _WIDTH - len(start))
            lines.append(start + _passage(body, patterns[0], room))
    if not lines:
        return []
    head = (
        f'{book.game} rules that mention "{text.strip()}" (`cardrules rules {game.name} ID` prints '
        "one in full):"
    )
    return [head, *lines]


def _passage(body: str, pattern: re.Pattern[str], width: int = 80) -> str:
    """About ``width`` characters of ``body`` around the first match of ``pattern``, cut at
    spaces (the start of the text when the words are only in the title)."""
    if len(body) <= width:
        return body
    match = pattern.search(body)
    start = 0 if match is None else max(0, match.start() - width // 3)
    if start:
        start = body.find(" ", start) + 1 or start
    end = start + width - 2
    if end < len(body):
        end = body.rfind(" ", start, end) if body.rfind(" ", start, end) > start else end
    passage = body[start:end].strip()
    return ("… " if start else "") + passage + (" …" if end < len(body) else "")


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
        match = re.fullmatch(r"([^0-9]*)([0-9]+)", text)  # ids are numbered in ASCII digits
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

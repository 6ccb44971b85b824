"""Sphinx directive ``.. rulebook:: GAME``: a game's rule registry as a page section.

Every entry gets an anchor (``rule-euchre-e13``, :meth:`cardrules.rulebook.RuleBook.anchor`) that
``:ref:`` can name, so a rule id cited by an error, a test or another page can be looked up; the
text comes from the game's :class:`~cardrules.rulebook.RuleBook`, the one source of the rules for
the docs, ``cardrules rules GAME`` and the errors; each entry ends with where the rule lives in the
code (:meth:`cardrules.rulebook.RuleBook.homes`), linked. Options (default ``:kinds: rule default variant``)
select which kinds of entries to show, in book order, each kind under its own rubric.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

_RUBRICS = {
    "rule": "Rules",
    "default": "Open questions and the defaults we chose",
    "variant": "Variants",
}


def _indent(text: str) -> list[str]:
    return ["   " + line if line else "" for line in text.splitlines()]


def rulebook_lines(book: Any, kinds: Sequence[str], *, with_sources: bool) -> list[str]:
    """The reStructuredText the directive parses: per kind a rubric, then each entry under its
    anchor (the rule-id check in the tests reads the anchors from here)."""
    from cardrules.rulebook import RuleKind

    lines: list[str] = []
    homes = book.homes() if hasattr(book, "homes") else {}
    for kind_name in kinds:
        kind = RuleKind(kind_name)
        entries = book.of_kind(kind)
        if not entries:
            continue
        lines += [f".. rubric:: {_RUBRICS[kind_name]}", ""]
        for rule in entries:
            lines += [f".. _{book.anchor(rule.id)}:", "", f"**{rule.id.value}** — {rule.title}"]
            body = rule.text
            if rule.settled:
                body += "\n\n*As cardrules reads it:* " + rule.settled
            if rule.options:
                body += "\n\nOptions: " + ", ".join(f"``{name}``" for name in rule.options) + "."
            if rule.sources:
                body += "\n\nSources: " + ", ".join(rule.sources) + "."
            home = homes.get(rule.id)
            if home is not None:
                body += "\n\n*In the code:* " + home.rst
                body += "" if home.rst.endswith(".") else "."
            lines += [*_indent(body), ""]
    if with_sources and book.sources:
        lines += [".. rubric:: Sources", ""]
        for source in book.sources:
            where = f" <{source.url}>" if source.url else ""
            lines += [f"* **{source.tag}**: {source.title}{where}"]
        lines.append("")
    return lines


def find_book(argument: str) -> Any:
    """The book a directive names: a registered game (``euchre``), or ``module:NAME`` for a book
    that a plugin defines but that is not installed while the docs build (``cardrules_whist:WHIST_RULES``)."""
    if ":" in argument:
        import importlib

        module_name, _, name = argument.partition(":")
        return getattr(importlib.import_module(module_name), name, None)
    from cardrules import get_game

    return getattr(get_game(argument), "rulebook", None)


class RulebookDirective(SphinxDirective):
    """``.. rulebook:: euchre`` — the game's rules, defaults and variants with anchors."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "kinds": directives.unchanged,
        "sources": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        book = find_book(self.arguments[0])
        if book is None:
            raise self.error(f"game {self.arguments[0]!r} has no rule book")
        kinds = (self.options.get("kinds") or "rule default variant").split()
        lines = rulebook_lines(book, kinds, with_sources="sources" in self.options)
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source=f"<rulebook {book.game}>"), 0, container)
        return container.children


def setup(app: Any) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("rulebook", RulebookDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

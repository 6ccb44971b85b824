"""Rule registries: each game's numbered rules, as data that ships with the library.

A game's rules are a closed set of ids — a :class:`RuleId` enumeration per game (``EuchreRule.E13``) —
and a :class:`RuleBook` that maps each id to its text in our own words, the sources it rests on and the
rules-config options that implement it. One book feeds the game's documentation page, ``cardrules rules
GAME`` and the message of every :class:`~cardrules.errors.IllegalActionError` that cites a rule.

A third-party game declares its own ids and book the same way:

>>> class CoinRule(RuleId):
...     C1 = "C1"
...     C2 = "C2"
>>> book = register_rulebook(RuleBook(
...     game="coin",
...     rules=(
...         Rule(CoinRule.C1, "one toss", "A hand is one toss of a fair coin."),
...         Rule(CoinRule.C2, "call before the toss", "The caller calls heads or tails first.",
...              sources=("Folk",)),
...     ),
...     sources=(Source("Folk", "common playground practice"),),
... ))
>>> book
RuleBook('coin', 2 rules)
>>> book[CoinRule.C2].title
'call before the toss'
>>> CoinRule.C2.written, CoinRule.C2 == "C2"
('rule C2', True)
>>> rule_title(CoinRule.C1)
'one toss'
>>> book.anchor(CoinRule.C1)
'rule-coin-c1'
>>> class DiceRule(RuleId):
...     C1 = "C1"
>>> DiceRule.C1 in book, "C1" in book
(False, True)

**Where a rule lives.** A book may name the module whose docstring maps every rule id to the code
that implements it (``code="cardrules.games.euchre.engine"``), as a reStructuredText simple table of
two columns, an id (or a range ``D1-D8``) and the functions. :meth:`RuleBook.homes` reads that table
into :class:`RuleHome` entries; the docs' rule registry and ``cardrules rules GAME ID`` show them,
and a test checks that every id has one and that every function it names exists.

>>> from cardrules.games.euchre import EUCHRE_RULES
>>> from cardrules.games.euchre import EuchreRule
>>> home = EUCHRE_RULES.homes()[EuchreRule.E13]
>>> home.text
':func:`playable`'
>>> home.targets
('cardrules.games.euchre.engine.playable',)
>>> home.plain
'playable()'

Ids are written ``rule C2`` in prose and messages: a bare ``T6`` could be the patience's rule T6 or its
tableau column T6, and a bare ``R5`` Rook's rule R5 or its Red 5. Within a game an id is unique; across
games the same text (``B4``) may name two rules, told apart by their enumeration and by the
game-qualified anchor.
"""

from __future__ import annotations

import enum
import importlib
import re
from collections.abc import Iterable, Iterator, Mapping

import attrs

from cardrules.errors import ArgumentError, ArgumentTypeError

__all__ = [
    "Rule",
    "RuleBook",
    "RuleHome",
    "RuleId",
    "RuleKind",
    "Source",
    "plain_text",
    "register_rulebook",
    "rule_title",
    "rulebook_of",
]


class RuleId(enum.StrEnum):
    """Base of every game's closed set of rule ids.

    A member *is* its id text (``EuchreRule.E13 == "E13"``), so programs that compare
    ``error.rule`` with a string keep working, while a type checker refuses an id the game lacks.
    """

    @property
    def written(self) -> str:
        """The id in prose, never mistaken for a card or a pile: ``"rule T6"``."""
        return f"rule {self.value}"


class RuleKind(enum.Enum):
    """What a registry entry is."""

    RULE = "rule"
    """A numbered rule of the game (E13, R17, V12, T9 …)."""
    DEFAULT = "default"
    """A question the rules leave open, with the default we chose (Euchre's D1, Rook's A4 …)."""
    VARIANT = "variant"
    """A variant offered as an option of the rules config."""


@attrs.frozen
class Source:
    """A source a rule rests on: a short tag, what it is, and where to find it."""

    tag: str
    title: str
    url: str = ""


@attrs.frozen
class Rule:
    """One entry of a rule book.

    ``text`` states the rule in our own words; ``settled`` adds how cardrules reads it where the
    rule leaves a gap; ``options`` names the rules-config options that change it.
    """

    id: RuleId
    title: str
    text: str
    sources: tuple[str, ...] = ()
    kind: RuleKind = RuleKind.RULE
    settled: str = ""
    options: tuple[str, ...] = ()


_ROLE = re.compile(r":(func|meth|data|class|attr|obj|mod):`(~?)([^`<]*?)(?:\s*<([^>`]+)>)?`")
_LITERAL_SPLIT = re.compile(r"``(.+?)``")
_LINK = re.compile(r"`([^`<]+?)\s*<([^`>]+)>`__?")
_ANY_ROLE = re.compile(r":[\w.+-]+(?::[\w.+-]+)*:`(~?)([^`<]*?)\s*(?:<([^`>]*)>)?`")
_STRONG = re.compile(r"\*\*(\S(?:.*?\S)?)\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(\S(?:.*?\S)?)\*(?![\w*])")
_INTERPRETED = re.compile(r"`([^`]+)`")
_ESCAPE = re.compile(r"\\(.)")


def plain_text(text: str) -> str:
    """A rule book text (reStructuredText inline markup) as plain text for a terminal: literals
    lose their backquotes, emphasis its stars, a role shows its text (its last name after ``~``)
    and a link its words and address.

    >>> plain_text("The ``voormsi36`` deck; **every** card *counts* (see :class:`~cardrules.Card`).")
    'The voormsi36 deck; every card counts (see Card).'
    >>> plain_text("`Parlett <https://www.parlettgames.uk>`_ says 2 * 3 and ``**x**``.")
    'Parlett (https://www.parlettgames.uk) says 2 * 3 and **x**.'
    """
    parts = _LITERAL_SPLIT.split(text)
    for k in range(0, len(parts), 2):  # the text between literals (odd parts are literals)
        part = _LINK.sub(lambda m: f"{m.group(1)} ({m.group(2)})", parts[k])
        part = _ANY_ROLE.sub(_role_text, part)
        part = _STRONG.sub(r"\1", part)
        part = _EMPHASIS.sub(r"\1", part)
        part = _INTERPRETED.sub(r"\1", part)
        parts[k] = _ESCAPE.sub(r"\1", part)
    return "".join(parts)


def _role_text(m: re.Match[str]) -> str:
    tilde, title, target = m.groups()
    if target is not None:
        return title.strip() or target.strip()
    return title.rsplit(".", 1)[-1] if tilde else title


_BORDER = re.compile(r"=+(?: +=+)+ *")


@attrs.frozen
class RuleHome:
    """Where one rule lives: the ``module`` whose rule table lists it, and the row's ``text``
    (reStructuredText: Sphinx roles such as ``:func:`playable``` name the functions, relative to
    ``module`` unless written in full)."""

    module: str
    text: str

    @property
    def targets(self) -> tuple[str, ...]:
        """The full dotted name of every object the row's roles name, in order."""
        return tuple(self._target(m) for m in _ROLE.finditer(self.text))

    @property
    def rst(self) -> str:
        """The row with every role's target written in full, for a page outside ``module``;
        the text shown stays as written (``:func:`playable <cardrules….playable>```)."""

        def full(m: re.Match[str]) -> str:
            role, tilde, title, explicit = m.groups()
            if explicit:
                return m.group(0)
            if tilde:
                return f":{role}:`~{self._target(m)}`"
            return f":{role}:`{title.strip()} <{self._target(m)}>`"

        return _ROLE.sub(full, self.text)

    @property
    def plain(self) -> str:
        """The row as plain text: roles become their names (functions with ``()``), literals lose
        their backquotes."""

        def name(m: re.Match[str]) -> str:
            role, tilde, title, explicit = m.groups()
            shown = title.strip()
            if tilde:
                shown = shown.rsplit(".", 1)[-1]
            return shown + "()" if role in ("func", "meth") and not explicit else shown

        return _ROLE.sub(name, self.text).replace("``", "")

    def _target(self, m: re.Match[str]) -> str:
        target = (m.group(4) or m.group(3)).strip()
        return target if target.startswith("cardrules.") else f"{self.module}.{target}"


def _split_range(cell: str) -> tuple[str, str]:
    """``"D1-D8"`` → ``("D1", "D8")``; ``"E13"`` → ``("E13", "")``."""
    first, _, last = cell.replace("–", "-").partition("-")
    return first.strip(), last.strip()


def _table_rows(doc: str) -> Iterator[tuple[str, str]]:
    """The (first cell, rest) rows of every simple table of two or more columns in ``doc``
    whose first cell is an id: a row's continuation lines (first column blank) join its text,
    and the header row ``Rule`` is skipped."""
    lines = doc.splitlines()
    i = 0
    while i < len(lines):
        if not _BORDER.fullmatch(lines[i]):
            i += 1
            continue
        width = len(lines[i].split(" ", 1)[0])
        rows: list[list[str]] = []
        i += 1
        while i < len(lines):
            line = lines[i]
            if _BORDER.fullmatch(line):
                i += 1
                if i >= len(lines) or not lines[i].strip():
                    break
                continue
            if line[:width].strip():
                cell, _, rest = line.partition(" ")
                rows.append([cell, rest.strip()])
            elif rows:
                rows[-1][1] += " " + line.strip()
            i += 1
        for cell, text in rows:
            if cell != "Rule":
                yield cell, text


def _rules_tuple(value: Iterable[Rule]) -> tuple[Rule, ...]:
    return tuple(value)


@attrs.frozen(repr=False)
class RuleBook:
    """A game's rules: every :class:`Rule` under its id, with the sources they cite.

    Construction checks that the book is closed and consistent: one entry per member of the id
    enumeration (no more, no fewer), and every cited source tag listed. ``code``, when given, is
    the dotted name of the module whose docstring says where each rule lives (:meth:`homes`).
    """

    game: str
    rules: tuple[Rule, ...] = attrs.field(converter=_rules_tuple)
    sources: tuple[Source, ...] = ()
    code: str | None = None
    _by_id: Mapping[RuleId, Rule] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if not self.rules:
            raise ArgumentError(f"rule book {self.game!r} has no rules")
        id_type = type(self.rules[0].id)
        by_id: dict[RuleId, Rule] = {}
        for rule in self.rules:
            if not isinstance(rule, Rule):
                raise ArgumentTypeError(f"rule book {self.game!r}: not a Rule: {rule!r}")
            if type(rule.id) is not id_type:
                raise ArgumentError(
                    f"rule book {self.game!r}: {rule.id!r} is not a {id_type.__name__}"
                )
            if rule.id in by_id:
                raise ArgumentError(f"rule book {self.game!r}: {rule.id.written} is listed twice")
            by_id[rule.id] = rule
        missing = [member.value for member in id_type if member not in by_id]
        if missing:
            raise ArgumentError(f"rule book {self.game!r} lacks {', '.join(missing)}")
        tags = {source.tag for source in self.sources}
        for rule in self.rules:
            unknown = [tag for tag in rule.sources if tag not in tags]
            if unknown:
                raise ArgumentError(
                    f"rule book {self.game!r}: {rule.id.written} cites unknown sources {unknown}"
                )
        object.__setattr__(self, "_by_id", by_id)

    @property
    def id_type(self) -> type[RuleId]:
        """The game's :class:`RuleId` enumeration."""
        return type(self.rules[0].id)

    def __getitem__(self, rule_id: RuleId | str) -> Rule:
        """The entry of ``rule_id`` (a member, or its text such as ``"E13"``)."""
        if not isinstance(rule_id, str):
            raise ArgumentTypeError(
                f"a rule id is a RuleId or its text, not {type(rule_id).__name__}"
            )
        if not isinstance(rule_id, RuleId):
            try:
                rule_id = self.id_type(rule_id)
            except ValueError:
                raise ArgumentError(f"the {self.game} rules have no rule {rule_id!r}") from None
        elif type(rule_id) is not self.id_type:
            # Another game's id with the same text (Voormsi's B4, the patience's B4) is not this rule.
            raise ArgumentError(
                f"{type(rule_id).__name__}.{rule_id.name} is not a rule of the {self.game} rules"
            )
        try:
            return self._by_id[rule_id]
        except KeyError:
            raise ArgumentError(f"the {self.game} rules have no rule {rule_id!r}") from None

    def __contains__(self, rule_id: object) -> bool:
        if isinstance(rule_id, RuleId):
            return type(rule_id) is self.id_type and rule_id in self._by_id
        if isinstance(rule_id, str):
            return any(member.value == rule_id for member in self.id_type)
        return False

    def __repr__(self) -> str:
        return f"RuleBook({self.game!r}, {len(self.rules)} rules)"

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def of_kind(self, kind: RuleKind) -> tuple[Rule, ...]:
        """The entries of one kind, in book order."""
        return tuple(rule for rule in self.rules if rule.kind is kind)

    def source(self, tag: str) -> Source:
        """The source listed under ``tag``."""
        for source in self.sources:
            if source.tag == tag:
                return source
        raise ArgumentError(f"the {self.game} rules list no source {tag!r}")

    def homes(self) -> dict[RuleId, RuleHome]:
        """Where each rule lives: the rule table of the ``code`` module's docstring, read into
        one :class:`RuleHome` per id (a row ``D1-D8`` gives each of D1 … D8 the same home).

        ``{}`` for a book without a ``code`` module. A row that names an id the book lacks, or an
        id listed twice, is an :class:`~cardrules.errors.ArgumentError`: the table is checked data.
        """
        if self.code is None:
            return {}
        module = importlib.import_module(self.code)
        order = [rule.id for rule in self.rules]
        homes: dict[RuleId, RuleHome] = {}
        for cell, text in _table_rows(module.__doc__ or ""):
            first, last = _split_range(cell)
            ids = self._id_run(first, last, order)
            for rule_id in ids:
                if rule_id in homes:
                    raise ArgumentError(
                        f"{self.code}: {rule_id.written} has two rows in its rule table"
                    )
                homes[rule_id] = RuleHome(self.code, text)
        return homes

    def _id_run(self, first: str, last: str, order: list[RuleId]) -> list[RuleId]:
        try:
            start = order.index(self[first].id)
            end = order.index(self[last].id) if last else start
        except ArgumentError as error:
            raise ArgumentError(f"{self.code}: {error}") from None
        if end < start:
            raise ArgumentError(f"{self.code}: the range {first}-{last} runs backwards")
        return order[start : end + 1]

    def anchor(self, rule_id: RuleId | str) -> str:
        """The rule's anchor in the documentation (``rule-euchre-e13``), unique across games."""
        rule = self[rule_id]
        return f"rule-{self.game}-{rule.id.value.lower().replace('.', '-').replace('_', '-')}"


_BOOKS: dict[type[RuleId], RuleBook] = {}


def register_rulebook(book: RuleBook) -> RuleBook:
    """Make ``book`` the registry of its id enumeration (so errors can quote its titles)."""
    if not isinstance(book, RuleBook):
        raise ArgumentTypeError(f"register_rulebook takes a RuleBook, not {type(book).__name__}")
    _BOOKS[book.id_type] = book
    return book


def rulebook_of(rule_id: RuleId) -> RuleBook | None:
    """The registered book of ``rule_id``'s game, or ``None`` when none is registered."""
    return _BOOKS.get(type(rule_id))


def rule_title(rule_id: RuleId | str) -> str:
    """The short title of ``rule_id`` from its game's book; ``""`` for a plain string or no book."""
    if not isinstance(rule_id, RuleId):
        return ""
    book = _BOOKS.get(type(rule_id))
    if book is None:
        return ""
    return book[rule_id].title

"""The rule-id check: every rule id the code and the tests cite is in its game's rule book, and every
entry of every book has its anchor on the game's documentation page.

**Which books.** Every built-in game (and the Whist example, when it ships a book) has a closed
:class:`~cardrules.rulebook.RuleBook`, and the anchors (``rule-euchre-e13``) are unique across
games, so ``:ref:`` can name any rule of any game.

**Where a citation must resolve.** A file under ``src/cardrules/games/<game>/`` or
``tests/games/<game>/`` cites that game's rules only; the core (the rest of ``src/`` and
``tests/``) may cite any game's.

**What counts as a citation** (the heuristic). Ids share their shape with card and pile names —
Rook's Red 5 is ``R5``, the patience's tableau column is ``T6`` — so a bare token is read as a rule
only in contexts that are clearly about rules:

1. *raise sites and rule fields*: the first argument of ``IllegalActionError(…)`` or
   ``PositionError(…)``, the rule argument of ``check_deal``/``card_indices``, ``rule=…``,
   ``"rule": …`` metadata and the rule of ``ScoreItem(side, points, …)``, when written as a string
   literal (every such literal must be an id: free strings such as ``"4.4"`` or ``"chance"`` fail)
   or as a member (``EuchreRule.E13``, ``RookRule.R99``: the member must exist);
2. *test names*: ``test_e13_…``, ``test_R17_…`` (one or two letters, digits, then ``_``);
3. *the written form* ``rule X`` / ``rules X`` anywhere in a comment, docstring or string literal;
4. *prose*: a bare id-shaped token (``E13``, ``A4``, ``KE2``) in a comment or a docstring whose
   prefix letters are those of a rule id of the file's scope (``E``, ``D``, ``EV`` for Euchre …),
   outside doctest examples (``>>>`` lines and their output) and ``code`` spans, where cards and
   piles live; a token that is also a card or pile name of the game (Rook's ``Y10``, the
   patience's ``T8``) has another prefix or falls inside the book's numbering, so it never fails
   the check falsely; a prefix of card names only (Rook's colours ``Y``, ``G``, ``B``) is no
   rule prefix and is skipped;
5. *message prefixes*: a string literal that starts ``"E15: …"`` or ``"E15/D6: …"`` (reasons and
   notes written before the registry).

Other string literals (card texts such as ``"R5 G14"``, ``match="T6"`` patterns, win rules such as
``rule="highest_over_target"``) are not read as citations.

**Allowed besides the scope's book**: the ids of a ``RuleId`` enumeration that the file declares
itself (a core test's own closed set, ``AuctionRule.X1``; members of enumerations other than the
games' are never read as game citations); in prose, an id of another game on a line that names
that game (``the patience's B1–B8``); and, while the Whist example ships no book, its ids
``W1``–``W7`` in the core. This file is left out of the scan: it cites made-up ids on purpose, to
show that the check bites.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import re
import sys
import tokenize
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import NamedTuple

import pytest

from cardrules import GameBase, available_games, get_game
from cardrules.rulebook import RuleBook, RuleId

ROOT = Path(__file__).resolve().parents[2]
BUILT_IN = ("euchre", "rook", "tournament", "voormsi")

_ID = r"[A-Z]{1,2}\d{1,2}"
_ID_TOKEN = re.compile(rf"(?<![\w.\-'\"])({_ID})(?![\w'\"])")
_WRITTEN = re.compile(rf"\brules?\s+({_ID})\b")
_TEST_NAME = re.compile(r"^\s*def (test_([A-Za-z]{1,2}\d{1,2})_\w*)\(", re.M)
_MEMBER = re.compile(rf"\b([A-Z]\w*Rule)\.({_ID}\w*)\b")
_RAISE_LITERAL = re.compile(
    r"""(?:IllegalActionError|PositionError|_malformed)\(\s*(?P<q>["'])(?P<v>[^"'\n]*)(?P=q)"""
    r"""|check_deal\([^()\n]*,\s*(?P<q2>["'])(?P<v2>[^"'\n]*)(?P=q2)\s*\)"""
    r"""|\bcard_indices\((?:[^()\n]|\([^()\n]*\))*,\s*(?P<q3>["'])(?P<v3>[^"'\n]*)(?P=q3)\s*\)"""
    r"""|\brule\s*=\s*(?P<q4>["'])(?P<v4>[^"'\n]*)(?P=q4)"""
    r"""|["']rule["']\s*:\s*(?P<q5>["'])(?P<v5>[^"'\n]*)(?P=q5)"""
    r"""|ScoreItem\(\s*[^,()\n]+,\s*[^,()\n]+,\s*(?P<q6>["'])(?P<v6>[^"'\n]*)(?P=q6)""",
)
# A ``rule=`` string that is clearly no rule id: the win rule of a MatchScore, an option name.
_FREE_STRINGS = frozenset({"chance", "auction", "calling"})
_MESSAGE_PREFIX = re.compile(rf"^({_ID}(?:/{_ID})*): ")
_LOOKS_LIKE_AN_ID = re.compile(r"^(?:[A-Z]{1,2}\d|\d+\.\d)")
# Words that name a game in prose, for citations of another game's rules.
_GAME_WORDS = {
    "euchre": ("euchre",),
    "rook": ("rook",),
    "tournament": ("tournament", "patience", "kingsdown"),
    "voormsi": ("voormsi",),
    "whist": ("whist",),
}
# The Whist example's ids, allowed in the core while the example ships no book.
_WHIST_IDS = frozenset(f"W{n}" for n in range(1, 8))


class Citation(NamedTuple):
    """A rule id cited at ``path:line``, and how it was cited."""

    path: str
    line: int
    rule: str
    how: str
    text: str = ""


def books() -> dict[str, RuleBook]:
    """The rule book of every registered game that ships one (the Whist example included when
    its plugin is importable and registers a book)."""
    found: dict[str, RuleBook] = {}
    names = set(available_games()) | set(BUILT_IN)
    sys.path.insert(0, str(ROOT / "examples" / "whist_plugin"))
    try:
        import cardrules_whist

        found_whist = getattr(cardrules_whist.make_game(), "rulebook", None)
        if isinstance(found_whist, RuleBook):
            found[found_whist.game] = found_whist
    except ImportError:  # the example is not installed: nothing to check
        pass
    finally:
        sys.path.remove(str(ROOT / "examples" / "whist_plugin"))
    for name in sorted(names):
        book = getattr(get_game(name), "rulebook", None)
        if isinstance(book, RuleBook):
            found[name] = book
    return found


def _prefix(rule: str) -> str:
    return rule.rstrip("0123456789")


def _docstring_lines(node: ast.AST) -> Iterator[tuple[int, str]]:
    """Prose lines of the docstrings under ``node``: no doctest examples, no output."""
    for child in ast.walk(node):
        if not isinstance(
            child, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
        ):
            continue
        body = child.body
        if not body or not isinstance(body[0], ast.Expr):
            continue
        value = body[0].value
        if not isinstance(value, ast.Constant) or not isinstance(value.value, str):
            continue
        in_example = False
        for offset, line in enumerate(value.value.splitlines()):
            stripped = line.strip()
            if stripped.startswith((">>>", "...")):
                in_example = True
                continue
            if in_example and stripped:
                continue  # the output of an example
            in_example = False
            yield value.lineno + offset, line


def _comments(text: str) -> Iterator[tuple[int, str]]:
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string


def _docstring_nodes(tree: ast.AST) -> set[int]:
    docstring_owners = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
    return {
        id(child.body[0].value)
        for child in ast.walk(tree)
        if isinstance(child, docstring_owners)
        and child.body
        and isinstance(child.body[0], ast.Expr)
    }


def _strings(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """String literals other than docstrings (those are prose)."""
    docstrings = _docstring_nodes(tree)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node.lineno, node.value


def _without_code(line: str) -> str:
    """``line`` without its ``code`` spans and quoted strings (where cards and piles are named)."""
    line = re.sub(r"``.*?``", " ", line)
    return re.sub(r"""(["']).*?\1""", " ", line)


def citations(
    path: str, text: str, prefixes: frozenset[str], game_enums: frozenset[str]
) -> list[Citation]:
    """Every rule citation of a Python source, as the module docstring describes.

    ``prefixes`` are the id prefixes of the file's scope (bare prose tokens count only with one);
    ``game_enums`` the names of the games' id enumerations (``EuchreRule`` …).
    """
    found: list[Citation] = []

    def line_of(offset: int) -> int:
        return text.count("\n", 0, offset) + 1

    for match in _RAISE_LITERAL.finditer(text):
        value = next(v for k, v in match.groupdict().items() if k.startswith("v") and v is not None)
        field = match.group("v4") is not None or match.group("v5") is not None
        if field and not _LOOKS_LIKE_AN_ID.match(value) and value not in _FREE_STRINGS:
            continue  # rule="highest_over_target" (a win rule), why, rule = "a message", …
        found.append(
            Citation(path, line_of(match.start()), value, "string literal at a raise site")
        )
    for match in _MEMBER.finditer(text):
        if match.group(1) in game_enums:
            found.append(
                Citation(path, line_of(match.start()), match.group(2), f"{match.group(1)} member")
            )
    for match in _TEST_NAME.finditer(text):
        found.append(
            Citation(path, line_of(match.start()), match.group(2).upper(), f"test {match.group(1)}")
        )
    tree = ast.parse(text)
    for line_no, value in _strings(tree):
        first = _MESSAGE_PREFIX.match(value)
        if first:
            for rule in first.group(1).split("/"):
                found.append(Citation(path, line_no, rule, "message prefix"))
        for match in _WRITTEN.finditer(value):
            found.append(Citation(path, line_no, match.group(1), "written 'rule X' in a string"))
    prose = [*_comments(text), *_docstring_lines(tree)]
    for line_no, line in prose:
        for match in _WRITTEN.finditer(line):
            found.append(Citation(path, line_no, match.group(1), "written 'rule X' in prose", line))
        for match in _ID_TOKEN.finditer(_without_code(line)):
            rule = match.group(1)
            if _prefix(rule) in prefixes:
                found.append(Citation(path, line_no, rule, "id in prose", line))
    first_of: dict[tuple[int, str], Citation] = {}
    for citation in found:  # one citation of an id per line, the first way found
        first_of.setdefault((citation.line, citation.rule), citation)
    return sorted(first_of.values())


def _scope(path: Path, all_books: Mapping[str, RuleBook]) -> tuple[str, frozenset[str]]:
    """The game a file's citations belong to (``"*"``: any game) and the ids allowed there."""
    parts = path.relative_to(ROOT).parts
    for top in (("src", "cardrules", "games"), ("tests", "games")):
        n = len(top)
        if parts[:n] == top and len(parts) > n + 1 and parts[n] in all_books:
            game = parts[n]
            return game, frozenset(rule.id.value for rule in all_books[game])
    return "*", frozenset(rule.id.value for book in all_books.values() for rule in book)


def _python_files() -> Iterable[Path]:
    this = Path(__file__).resolve()
    for top in ("src", "tests"):
        yield from sorted(p for p in (ROOT / top).rglob("*.py") if p.resolve() != this)


def _own_ids(text: str) -> frozenset[str]:
    """The values of the ``RuleId`` enumerations declared in this source (a test's own ids)."""
    own: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef) and any(
            isinstance(base, ast.Name) and base.id == "RuleId" for base in node.bases
        ):
            for item in node.body:
                if isinstance(item, ast.Assign) and isinstance(item.value, ast.Constant):
                    own.add(str(item.value.value))
    return frozenset(own)


def _other_game_allows(citation: Citation, all_books: Mapping[str, RuleBook]) -> bool:
    """Prose that names another game may cite that game's ids (``the patience's B1–B8``)."""
    line = citation.text.lower()
    return bool(line) and any(
        citation.rule in book and any(word in line for word in _GAME_WORDS.get(game, (game,)))
        for game, book in all_books.items()
    )


def unknown_citations(
    files: Iterable[tuple[Path, str]], all_books: Mapping[str, RuleBook]
) -> list[str]:
    """``path:line: 'ID' (how) is not in …`` for every citation that does not resolve."""
    problems: list[str] = []
    game_enums = frozenset(book.id_type.__name__ for book in all_books.values())
    whist_booked = "whist" in all_books
    for path, text in files:
        game, allowed = _scope(path, all_books)
        if game == "*" and not whist_booked:
            allowed |= _WHIST_IDS
        prefixes = frozenset(_prefix(rule) for rule in allowed)
        allowed |= _own_ids(text)
        where = str(path.relative_to(ROOT))
        for citation in citations(where, text, prefixes, game_enums):
            if citation.rule not in allowed and not _other_game_allows(citation, all_books):
                scope = f"the {game} rules" if game != "*" else "any game's rules"
                problems.append(
                    f"{citation.path}:{citation.line}: {citation.rule!r} ({citation.how}) "
                    f"is not in {scope}"
                )
    return problems


@pytest.fixture(scope="module")
def all_books() -> dict[str, RuleBook]:
    return books()


def test_every_built_in_game_has_a_closed_book_with_unique_anchors(
    all_books: dict[str, RuleBook],
) -> None:
    for name in BUILT_IN:
        book = all_books.get(name)
        assert book is not None, f"{name} ships no rule book"
        game = get_game(name)
        assert isinstance(game, GameBase) and game.rulebook is book  # GameBase's attribute
        # Closed: one entry per member of the game's own enumeration, nothing else.
        assert issubclass(book.id_type, RuleId) and book.id_type is not RuleId
        assert [rule.id for rule in book] == list(book.id_type)
        assert all(rule.title and rule.title == rule.title.strip() for rule in book)
    anchors = [book.anchor(rule.id) for book in all_books.values() for rule in book]
    assert len(anchors) == len(set(anchors)), "two rules share an anchor"


def test_every_cited_rule_id_is_in_its_games_book(all_books: dict[str, RuleBook]) -> None:
    files = [(path, path.read_text(encoding="utf-8")) for path in _python_files()]
    problems = unknown_citations(files, all_books)
    assert not problems, "rule ids that no book has:\n" + "\n".join(problems)


BITES = '''
"""Edge cases of rule E99 (not a rule) and of the lead, E12."""
from cardrules.games.euchre import EuchreRule

def test_e99_made_up() -> None:
    """Also a bare E98 in prose; ``R5 B14`` in code, and a Rook card "Y10" in a string."""
    # and D42 in a comment
    raise IllegalActionError("4.4", "a free string")

def test_E13_follow_suit() -> None:
    rule = EuchreRule.E77
    item = ScoreItem(0, 2, "E15", "euchre")
    check_deal(action, "chance")
    options = {"rule": "E5/D2"}


def example() -> None:
    """A doctest's cards are no citations:

    >>> deck.mask("E97 E96")
    E95
    """
'''


def test_the_check_bites_on_made_up_ids(all_books: dict[str, RuleBook]) -> None:
    """A made-up id in a test name, a docstring, a comment, a member, a raise site or a rule
    field fails the check; a real id (E12, E13, E15) and card texts do not."""
    path = ROOT / "tests" / "games" / "euchre" / "test_made_up.py"
    problems = unknown_citations([(path, BITES)], all_books)
    flagged = {line.split(": ", 1)[1].split(" ", 1)[0] for line in problems}
    assert flagged == {"'E99'", "'E98'", "'D42'", "'4.4'", "'E77'", "'chance'", "'E5/D2'"}
    assert any("test test_e99_made_up" in line for line in problems)
    # The same source in the core's scope: E99 is nobody's rule either.
    core = ROOT / "tests" / "core" / "test_made_up.py"
    assert any("'E99'" in line for line in unknown_citations([(core, BITES)], all_books))


def test_a_rook_card_is_not_a_citation_but_a_patience_rule_is_checked(
    all_books: dict[str, RuleBook],
) -> None:
    """Rook's Y10 and B14 are cards (no Rook rule has those prefixes); T12 cited as
    ``rule T12`` in a Rook file is an error, T6 in a patience file is its rule."""
    rook = ROOT / "src" / "cardrules" / "games" / "rook" / "x.py"
    text = '"""Play Y10 or B14 after R13; see rule T12."""\n'
    problems = unknown_citations([(rook, text)], all_books)
    assert len(problems) == 1 and "'T12'" in problems[0]
    patience = ROOT / "tests" / "games" / "tournament" / "test_x.py"
    assert unknown_citations([(patience, '"""A move onto T6 (rule T6)."""\n')], all_books) == []


def _directive_anchors(page: Path, game: str, book: RuleBook) -> set[str]:
    """The anchors that the page's ``.. rulebook:: GAME`` directives emit, from the directive's
    own line generation (no Sphinx build)."""
    spec = importlib.util.spec_from_file_location(
        "rulebook_directive", ROOT / "docs" / "_ext" / "rulebook_directive.py"
    )
    assert spec is not None and spec.loader is not None
    directive = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(directive)
    rulebook_lines = directive.rulebook_lines
    text = page.read_text(encoding="utf-8")
    anchors: set[str] = set()
    pattern = re.compile(rf"^\.\. rulebook:: {re.escape(game)}\s*\n((?:[ \t]+:\w+:.*\n)*)", re.M)
    for match in pattern.finditer(text):
        kinds = re.search(r":kinds:\s*(.*)", match.group(1))
        chosen = kinds.group(1).split() if kinds else ["rule", "default", "variant"]
        lines = rulebook_lines(book, chosen, with_sources=":sources:" in match.group(1))
        anchors |= {line[4:-1] for line in lines if line.startswith(".. _rule-")}
    return anchors


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_entry_has_its_anchor_on_the_games_page(
    game: str, all_books: dict[str, RuleBook]
) -> None:
    book = all_books[game]
    page = ROOT / "docs" / "games" / f"{game}.rst"
    assert f".. rulebook:: {game}" in page.read_text(encoding="utf-8")
    assert _directive_anchors(page, game, book) == {book.anchor(rule.id) for rule in book}


def test_the_whist_examples_book_has_its_anchors_on_the_plugins_page(
    all_books: dict[str, RuleBook],
) -> None:
    """A third party's book renders the same way: the Whist example's ids W1-W7 are cited by
    core tests, so each needs its anchor (docs/plugins.rst renders the book by module path)."""
    book = all_books["whist"]
    page = ROOT / "docs" / "plugins.rst"
    anchors = _directive_anchors(page, "cardrules_whist:WHIST_RULES", book)
    assert anchors == {book.anchor(rule.id) for rule in book}

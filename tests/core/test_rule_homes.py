"""Where each rule lives: every built-in game's rule book names the module whose docstring maps
each rule id to its code (:meth:`cardrules.rulebook.RuleBook.homes`), every id has a row, and every
function, class or table a row names exists — so the docs' registry, which links to them, and
``cardrules rules GAME ID``, which prints them, cannot point at code that moved or vanished.
"""

from __future__ import annotations

import importlib
import re
import sys
import types
from collections.abc import Iterator

import pytest

from cardrules import ArgumentError, GameBase, get_game
from cardrules.cli.rulebook_text import entry_lines
from cardrules.games.euchre import EuchreRule
from cardrules.rulebook import Rule, RuleBook, RuleHome, RuleId

GAMES = ("euchre", "rook", "voormsi", "tournament")


def book_of(name: str) -> RuleBook:
    game = get_game(name)
    assert isinstance(game, GameBase)
    book = game.rulebook
    assert book is not None
    return book


def resolve(dotted: str) -> object:
    """The object a dotted name names: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for name in parts[i:]:
            obj = getattr(obj, name)  # AttributeError: the row names what is not there
        return obj
    raise ImportError(dotted)


def literal_members(home: RuleHome) -> Iterator[str]:
    """``Class.member`` literals of a row (private steps such as ``Engine._hold``)."""
    yield from re.findall(r"``([A-Z]\w*\.\w+)``", home.text)


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_of_every_book_has_a_home(name: str) -> None:
    book = book_of(name)
    assert book.code == f"cardrules.games.{name}.engine"
    homes = book.homes()
    missing = [rule.id.value for rule in book if rule.id not in homes]
    assert not missing, f"{book.code} has no row for {missing}"
    assert all(home.text.strip() for home in homes.values())


@pytest.mark.parametrize("name", GAMES)
def test_every_name_a_row_gives_exists(name: str) -> None:
    homes = book_of(name).homes()
    game_module = importlib.import_module(f"cardrules.games.{name}.game")
    checked = 0
    for rule_id, home in homes.items():
        for target in home.targets:
            assert resolve(target) is not None, (rule_id, target)
            checked += 1
        for literal in literal_members(home):
            owner, member = literal.split(".")
            namespace = vars(sys.modules[home.module]) | vars(game_module)
            assert owner in namespace, f"{rule_id}: ``{literal}``: no {owner} in the game"
            assert hasattr(namespace[owner], member), f"{rule_id}: ``{literal}`` does not exist"
            checked += 1
    assert checked >= len(homes)


def test_e13_lives_in_playable_and_the_docs_link_it_in_full() -> None:
    home = book_of("euchre").homes()[EuchreRule.E13]
    assert home.targets == ("cardrules.games.euchre.engine.playable",)
    assert home.rst == ":func:`playable <cardrules.games.euchre.engine.playable>`"
    assert home.plain == "playable()"
    assert any(
        line.startswith("  Code: playable()") for line in entry_lines(get_game("euchre"), "E13")
    )


class _ToyRule(RuleId):
    X1 = "X1"
    X2 = "X2"
    X3 = "X3"


_TOY_RULES = tuple(Rule(rule_id, rule_id.value, "a toy rule") for rule_id in _ToyRule)


def _book_with_table(rows: str, doc: str | None = None) -> RuleBook:
    module = types.ModuleType("toy_rule_homes")
    module.__doc__ = doc or (
        f"A toy engine.\n\n====  =========\nRule  Function\n====  =========\n{rows}====  =========\n"
    )
    module.step = lambda: None  # type: ignore[attr-defined]
    sys.modules["toy_rule_homes"] = module
    return RuleBook(game="toy", rules=_TOY_RULES, code="toy_rule_homes")


def test_a_table_with_continuation_lines_and_a_range() -> None:
    book = _book_with_table("X1    :func:`step` and\n      ``more``\nX2-X3 :func:`step`\n")
    homes = book.homes()
    assert homes[_ToyRule.X1].text == ":func:`step` and ``more``"
    assert homes[_ToyRule.X1].plain == "step() and more"
    assert homes[_ToyRule.X2] == homes[_ToyRule.X3] == RuleHome("toy_rule_homes", ":func:`step`")
    assert homes[_ToyRule.X3].targets == ("toy_rule_homes.step",)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("X9    :func:`step`\n", "no rule 'X9'"),
        ("X1    :func:`step`\nX1    :func:`step`\n", "rule X1 has two rows"),
        ("X3-X1 :func:`step`\n", "runs backwards"),
    ],
)
def test_a_wrong_table_is_refused_with_a_clear_error(rows: str, message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        _book_with_table(rows).homes()


def test_a_book_without_a_code_module_has_no_homes() -> None:
    assert RuleBook(game="toy", rules=_TOY_RULES).homes() == {}


def test_continuation_lines_join_their_own_row_and_an_en_dash_makes_a_range() -> None:
    homes = _book_with_table(
        "X1    :func:`step`\nX2    :func:`step` and\n      ``more``\nX3    ``last``\n      ``row``\n"
    ).homes()
    assert homes[_ToyRule.X1].text == ":func:`step`"
    assert homes[_ToyRule.X2].text == ":func:`step` and ``more``"
    assert homes[_ToyRule.X3].plain == "last row"
    ranged = _book_with_table("X1–X3 :func:`step`\n").homes()
    assert set(ranged) == set(_ToyRule)


def test_a_table_without_header_or_summary_and_one_left_open_are_read() -> None:
    bare = "====  =========\nX1    :func:`step`\nX2-X3 ``other``\n====  =========\n"
    assert set(_book_with_table("", doc=bare).homes()) == set(_ToyRule)
    unclosed = "A toy engine.\n\n====  =========\nX1    :func:`step`\nX2-X3 ``other``"
    assert set(_book_with_table("", doc=unclosed).homes()) == set(_ToyRule)

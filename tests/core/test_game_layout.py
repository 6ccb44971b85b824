"""One layout for every game (issue 28, item 2), checked on the sources of the four built-in games.

Every game package has the same files with the same roles — options and presets (``rules.py``),
the rule book (``rulebook.py``), ``actions.py``, ``state.py``, ``engine.py`` with each numbered
rule once, ``game.py`` wiring the protocol to it (at most about 600 lines), one fast module
(``fast.py``, the only home of tagged rule copies), the views, the text, picture, report and
position modules and the bots. No module reads another's private names, and no method of a game class leaves data on the
shared game object outside its constructor (a game object is shared between threads and bots).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cardrules.games
from cardrules.testing import rule_copies

GAMES_DIR = Path(cardrules.games.__file__).parent
GAMES = ("euchre", "rook", "voormsi", "tournament")
ROLES = (
    "rules.py",
    "rulebook.py",
    "actions.py",
    "state.py",
    "engine.py",
    "game.py",
    "fast.py",
    "views.py",
    "describe.py",
    "picture.py",
    "report.py",
    "position.py",
    "bots.py",
)
GAME_PY_LINES = 600


def _modules(game: str) -> list[Path]:
    return sorted((GAMES_DIR / game).glob("*.py"))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_files(game: str) -> None:
    names = {path.name for path in _modules(game)}
    assert set(ROLES) <= names, f"{game} lacks {sorted(set(ROLES) - names)}"


@pytest.mark.parametrize("game", GAMES)
def test_game_py_is_wiring(game: str) -> None:
    lines = len((GAMES_DIR / game / "game.py").read_text(encoding="utf-8").splitlines())
    assert lines <= GAME_PY_LINES, f"{game}/game.py has {lines} lines"


@pytest.mark.parametrize("game", GAMES)
def test_rule_copies_live_in_the_fast_module_only(game: str) -> None:
    copies = rule_copies(GAMES_DIR / game)
    assert copies, f"{game} has no tagged rule copy: its fast module copies none?"
    elsewhere = [f"{c.file}:{c.line}" for c in copies if c.file != "fast.py"]
    assert not elsewhere, f"tagged rule copies outside {game}/fast.py: {elsewhere}"


def _private_reads(path: Path) -> list[str]:
    """``X._name`` reads of a ``_name`` this module does not define, and imports of another
    cardrules module's private names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            own.add(node.target.id)
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and node.attr not in own
        ):
            found.append(f"{path.name}:{node.lineno}: .{node.attr}")
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cardrules"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{path.name}:{node.lineno}: import {alias.name}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_module_reads_another_modules_private_names(game: str) -> None:
    found = [read for path in _modules(game) for read in _private_reads(path)]
    assert not found, f"{game}: " + "; ".join(found)


_CONSTRUCTION = {"__init__", "__new__", "__setstate__", "__init_subclass__"}


def _stores_on_self(path: Path) -> list[str]:
    """Assignments to ``self.<attr>`` in methods of classes deriving from a game base, outside
    construction."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        bases = {ast.unparse(b) for b in cls.bases}
        if not any("Game" in base for base in bases):
            continue
        for method in cls.body:
            if not isinstance(method, ast.FunctionDef) or method.name in _CONSTRUCTION:
                continue
            for node in ast.walk(method):
                targets = (
                    node.targets
                    if isinstance(node, ast.Assign)
                    else [node.target]
                    if isinstance(node, ast.AugAssign | ast.AnnAssign)
                    else []
                )
                for target in targets:
                    for leaf in ast.walk(target):
                        if (
                            isinstance(leaf, ast.Attribute)
                            and isinstance(leaf.value, ast.Name)
                            and leaf.value.id == "self"
                        ):
                            found.append(
                                f"{path.name}:{leaf.lineno}: {method.name} sets self.{leaf.attr}"
                            )
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_method_leaves_data_on_the_game_object(game: str) -> None:
    found = [store for path in _modules(game) for store in _stores_on_self(path)]
    assert not found, f"{game}: " + "; ".join(found)


def test_the_checks_catch_what_they_look_for(tmp_path: Path) -> None:
    """The checks themselves can fail: a private read, and a store on the game object."""
    module = tmp_path / "game.py"
    module.write_text(
        "from cardrules.games.x.engine import _hidden\n"
        "class XGame(GameBase):\n"
        "    def __init__(self):\n"
        "        self._cache = {}\n"
        "    def legal_actions(self, state):\n"
        "        self._last = state\n"
        "        return other._table\n",
        encoding="utf-8",
    )
    assert len(_private_reads(module)) == 2
    assert _stores_on_self(module) == ["game.py:6: legal_actions sets self._last"]

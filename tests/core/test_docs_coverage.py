"""Every public name of cardrules and of each built-in game package is documented in ``docs/``.

The documentation's ``.rst`` sources are scanned for autodoc directives (``automodule``,
``autoclass``, ``autofunction`` …) and explicit ``py:`` object directives; a public name counts as
documented when one of them renders that very object:

* ``.. automodule:: M`` renders the names of ``M.__all__`` (or, without ``__all__``, the public
  names defined in ``M``), less its ``:exclude-members:``; ``:members: a, b`` narrows it to those,
  ``:no-members:`` to none;
* ``.. autoclass:: M.Name`` (and the other ``auto*``/``py:*`` directives) renders ``M.Name``.

Autodoc leaves out a class or function without a docstring, so those must have one.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

import cardrules
import cardrules.games

DOCS = Path(__file__).resolve().parents[2] / "docs"
_DIRECTIVE = re.compile(r"^\s*\.\. (auto\w+|py:\w+):: *([\w.]+)\s*$")
_OPTION = re.compile(r"^\s+:([\w-]+):(.*)$")


def _names(text: str) -> set[str]:
    return {name.strip() for name in text.split(",") if name.strip()}


def documented_objects(sources: Iterable[str]) -> dict[str, list[Any]]:
    """Name → the objects the directives in ``sources`` (``.rst`` texts) render under that name.

    Modules outside ``cardrules`` (a plugin example's, say) are skipped.
    """
    found: dict[str, list[Any]] = {}
    for text in sources:
        lines = text.splitlines()
        for i, line in enumerate(lines):
            match = _DIRECTIVE.match(line)
            if not match or not match.group(2).startswith("cardrules"):
                continue
            kind, target = match.groups()
            options: dict[str, str] = {}
            for following in lines[i + 1 :]:
                option = _OPTION.match(following)
                if not option:
                    break
                options[option.group(1)] = option.group(2)
            if kind == "automodule":
                for name, value in _module_members(target, options).items():
                    found.setdefault(name, []).append(value)
            elif kind != "py:module":
                module_name, _, name = target.rpartition(".")
                value = getattr(importlib.import_module(module_name), name)
                found.setdefault(name, []).append(value)
    return found


def _module_members(module_name: str, options: dict[str, str]) -> dict[str, Any]:
    if "no-members" in options:
        return {}
    module = importlib.import_module(module_name)
    public = getattr(module, "__all__", None)
    if public is None:
        public = [
            name
            for name, value in vars(module).items()
            if not name.startswith("_") and getattr(value, "__module__", None) == module_name
        ]
    chosen = _names(options.get("members", "")) or set(public)
    chosen -= _names(options.get("exclude-members", ""))
    return {name: getattr(module, name) for name in chosen}


def undocumented(package: Any, documented: dict[str, list[Any]]) -> list[str]:
    """The public names of ``package`` that ``documented`` does not render (with the reason)."""
    missing = []
    for name in package.__all__:
        value = getattr(package, name)
        if not any(other is value for other in documented.get(name, [])):
            missing.append(f"{package.__name__}.{name}: no autodoc or py directive renders it")
        elif (inspect.isclass(value) or inspect.isfunction(value)) and not value.__doc__:
            missing.append(f"{package.__name__}.{name}: no docstring, so autodoc leaves it out")
    return missing


def _builtin_game_packages() -> list[str]:
    return [
        f"cardrules.games.{info.name}"
        for info in pkgutil.iter_modules(cardrules.games.__path__)
        if info.ispkg
    ]


@pytest.fixture(scope="module")
def documented() -> dict[str, list[Any]]:
    sources = [path.read_text(encoding="utf-8") for path in sorted(DOCS.rglob("*.rst"))]
    return documented_objects(sources)


def test_every_builtin_game_is_checked() -> None:
    assert set(_builtin_game_packages()) >= {
        "cardrules.games.euchre",
        "cardrules.games.rook",
        "cardrules.games.voormsi",
        "cardrules.games.tournament",
    }


@pytest.mark.parametrize("package_name", ["cardrules", *_builtin_game_packages()])
def test_every_public_name_is_documented(
    package_name: str, documented: dict[str, list[Any]]
) -> None:
    package = importlib.import_module(package_name)
    assert undocumented(package, documented) == []


def test_the_scanner_reads_module_options_and_single_objects() -> None:
    """The check itself: what an automodule's options leave out is reported as missing."""
    euchre = importlib.import_module("cardrules.games.euchre")
    whole = documented_objects([".. automodule:: cardrules.games.euchre.actions\n"])
    assert whole["OrderUp"] == [euchre.OrderUp]
    narrowed = documented_objects(
        [
            ".. automodule:: cardrules.games.euchre.actions\n"
            "   :exclude-members: OrderUp, Pass\n\n"
            ".. autoclass:: cardrules.games.euchre.views.EuchreView\n"
        ]
    )
    assert "OrderUp" not in narrowed
    assert narrowed["EuchreView"] == [euchre.EuchreView]
    missing = undocumented(euchre, narrowed)
    assert "cardrules.games.euchre.OrderUp: no autodoc or py directive renders it" in missing
    assert not any(line.startswith("cardrules.games.euchre.NameTrump:") for line in missing)
    assert documented_objects([".. automodule:: cardrules.games.euchre\n   :no-members:\n"]) == {}

"""Sphinx configuration for the cardrules documentation."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "examples" / "whist_plugin"))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

project = "cardrules"
author = "The cardrules developers"
copyright = "2026, The cardrules developers"
release = "0.1.0"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "rulebook_directive",
    "short_refs",
]

html_theme = "furo"
html_title = "cardrules"
html_static_path = ["_static"]
exclude_patterns = ["_build"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}

# Docstring examples run once, under pytest's doctest with their module's names;
# Sphinx's doctest builder runs only the explicit ``.. doctest::`` blocks of the pages.
doctest_test_doctest_blocks = ""
doctest_global_setup = """
import random
import cardrules
from cardrules import *
"""

# CI has no internet, so there is no intersphinx: names from the standard library and third-party
# packages are left unlinked rather than reported as broken references.
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(os|random|collections|typing|typing_extensions|enum|abc|attrs|attr|concurrent|importlib|pettingzoo|gymnasium|pyspiel|pathlib|hypothesis|pytest|_pytest|types|numpy|np|argparse|itertools|functools|math|fractions|tuple|list|dict|int|str|float|set|frozenset|bytes)(\..*)?",
    ),
    (
        r"py:.*",
        r"(Random|Callable|Sequence|Mapping|Iterable|Iterator|Hashable|Collection|Any|Self|Literal|Final|ClassVar|TypeVar|Protocol|Generic)",
    ),
    (r"py:.*", r"(StateT|ActionT|ViewT|ContractT|T|Phase|BustRule|WinRule|Executor)"),
    (r"py:.*", r".*\._\w+"),  # private helpers named in signatures
    (
        r"py:.*",
        r"cardrules\.[\w.]+\.(T|K|StateT|ActionT|ViewT|ContractT|BustRule|WinRule|GameFactory"
        r"|StepT|ClassT|BotViewT|BotActionT)",
    ),
]


def _append_rules_options(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Every rules class lists its options and presets from its own field metadata (one source for
    the CLI's ``cardrules rules``, these pages and the errors)."""
    from cardrules.game import RulesConfig

    if what != "class" or not isinstance(obj, type) or not issubclass(obj, RulesConfig):
        return
    if obj is RulesConfig:
        return
    lines += ["", "**Options** (name, default, rule: meaning; allowed values):", ""]
    for option in obj.options():
        rule = f" ({option.rule})" if option.rule else ""
        lines.append(
            f"* ``{option.name}`` = ``{option.default!r}``{rule}: {option.meaning}; "
            f"{option.allowed_text}."
        )
    if obj.PRESETS:
        lines += ["", "**Presets**:", ""]
        for preset in obj.PRESETS:
            changes = ", ".join(f"``{k}={v!r}``" for k, v in obj.preset_changes(preset).items())
            lines.append(f"* ``{preset}``: {changes or 'the defaults'}")
    lines.append("")


def setup(app: object) -> None:
    """Sphinx hook: register the rules-options appender."""
    app.connect("autodoc-process-docstring", _append_rules_options)  # type: ignore[attr-defined]

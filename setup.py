"""The build script behind ``pip install .``: pure Python unless ``CARDRULES_COMPILE=1`` is set.

Everything else about the package lives in ``pyproject.toml``. With ``CARDRULES_COMPILE=1`` the
modules in :data:`COMPILED_MODULES` are also compiled to C extensions with mypyc (the compiler that
ships with mypy), from the same sources: the Python files stay the reference, are installed next to
the extensions and are what the tests, the docs and the type checker read. The compiled build is
an opt-in speed-up of the fused rollouts (each game's ``fast`` module, which holds them);
``docs/performance.rst`` shows what it buys and why the other modules stay interpreted. ::

    CARDRULES_COMPILE=1 python -m pip install .
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup

COMPILED_MODULES = [
    # Each game's one fast module: its fused playouts (the rollouts) and the steps the game binds
    # as methods with cardrules.game.method (behind an interpreted edge in this build).
    "src/cardrules/games/euchre/fast.py",
    "src/cardrules/games/rook/fast.py",
    "src/cardrules/games/voormsi/fast.py",
]
"""The modules that pay for being compiled (measured in ``docs/performance.rst``)."""

BUILD_REQUIREMENTS = ["mypy==2.4.1", "attrs>=23.1", "typing-extensions>=4.7"]
"""What the compiled build needs besides setuptools: mypyc (the mypy the project type-checks
with) and the runtime dependencies, whose types mypyc reads."""

_BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}


def _compile_requested() -> bool:
    return os.environ.get("CARDRULES_COMPILE", "").strip().lower() in {"1", "true", "yes"}


def _extensions() -> list[Any]:
    if not _compile_requested():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        # pip first runs this script only to learn the build requirements (setup_requires
        # below, installed into its isolated build environment before the build itself).
        if _BUILD_COMMANDS.intersection(sys.argv[1:]):
            raise SystemExit(
                f"CARDRULES_COMPILE=1 needs mypyc: install {BUILD_REQUIREMENTS[0]} in the build "
                "environment (pip does so itself unless --no-build-isolation is given)"
            ) from None
        return []
    return mypycify(COMPILED_MODULES, opt_level="3")


setup(
    ext_modules=_extensions(),
    setup_requires=BUILD_REQUIREMENTS if _compile_requested() else [],
)

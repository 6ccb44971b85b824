"""Check an installed plugin the way cardrules checks its own games.

Install the reference plugin, then run this script::

    pip install ./examples/whist_plugin
    python examples/check_whist_plugin.py

The game is found through the ``cardrules.games`` entry point its ``pyproject.toml`` declares, and
passes the conformance suite (Hypothesis is needed: it is in the ``dev`` extra).
"""

from __future__ import annotations

import cardrules
from cardrules.testing import check_game

assert "whist" in cardrules.available_games(), "install examples/whist_plugin first"
game = cardrules.get_game("whist")
check_game(game, examples=10)
print(f"{game!r} passes check_game; registered games: {', '.join(cardrules.available_games())}")

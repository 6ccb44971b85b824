"""The "Write a bot" tutorials (``examples/tutorials/*_bot.py``): each bot plays only legal actions,
beats RandomBot as its page says, and each script prints the same result for the same seed.

CI also runs every script from a clean ``pip install .`` outside the source tree (``.ci/run``).
"""

from __future__ import annotations

import random
import runpy
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules import RandomBot, get_game, simulate
from cardrules.sim import play_game

TUTORIALS = Path(__file__).resolve().parents[2] / "examples" / "tutorials"
BOTS = {
    "euchre": "TrumpCounter",
    "rook": "CounterBidder",
    "voormsi": "MatadorKeeper",
    "tournament": "FoundationFirst",
}


def load(game: str) -> ModuleType:
    """The tutorial script of ``game`` as a module (its ``__main__`` part not run)."""
    namespace = runpy.run_path(str(TUTORIALS / f"{game}_bot.py"), run_name=f"tutorial_{game}")
    module = ModuleType(f"tutorial_{game}")
    module.__dict__.update(namespace)
    return module


def test_there_is_one_tutorial_per_builtin_game() -> None:
    assert sorted(path.stem for path in TUTORIALS.glob("*_bot.py")) == sorted(
        f"{game}_bot" for game in BOTS
    )


class CheckedBot:
    """Wraps a bot: asserts that every choice is one of the legal actions it was given."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.choices = 0

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        action = self.bot.choose(view, legal, rng)
        assert action in legal, (view, action)
        self.choices += 1
        return action


@pytest.mark.parametrize("game_name", sorted(BOTS))
def test_tutorial_bot_plays_only_legal_actions(game_name: str) -> None:
    bot_class = getattr(load(game_name), BOTS[game_name])
    game = get_game(game_name)
    for seed in range(4):
        bots = [CheckedBot(bot_class()) for _ in range(game.num_players)]
        final = play_game(game, bots, seed=seed)
        assert game.is_over(final)
        assert all(bot.choices for bot in bots)


@pytest.mark.parametrize("game_name", ["euchre", "rook", "voormsi"])
def test_tutorial_bot_beats_random_bot(game_name: str) -> None:
    """The tutorial page's claim, on 120 seeded hands: the team's win rate is above one half
    with 95 % confidence."""
    bot_class = getattr(load(game_name), BOTS[game_name])
    bots = [bot_class(), RandomBot(), bot_class(), RandomBot()]
    result = simulate(get_game(game_name), bots, games=120, seed=5, start="hand")
    _, low, _ = result.win_rates[0]
    assert low > 0.5, result.table()


def test_tutorial_patience_player_builds_more_than_random_bot() -> None:
    player = load("tournament").FoundationFirst()
    game = get_game("tournament")
    ours = simulate(game, [player], games=30, seed=5).mean_team_points[0]
    random_points = simulate(game, [RandomBot()], games=30, seed=5).mean_team_points[0]
    assert ours > 10 * max(random_points, 1.0)


@pytest.mark.parametrize("game_name", sorted(BOTS))
def test_tutorial_script_prints_a_reproducible_result(
    game_name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    outputs = []
    for _ in range(2):
        monkeypatch.setattr(sys, "argv", [f"{game_name}_bot.py", "12", "3"])
        runpy.run_path(str(TUTORIALS / f"{game_name}_bot.py"), run_name="__main__")
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert " of 12 " in outputs[0]
    assert outputs[0].lower().startswith(game_name)

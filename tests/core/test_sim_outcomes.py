"""simulate for any number of players: wins, losses, draws as the outcome says, truncated games.

``Coin`` is a one-player game small enough to read: one chance step decides whether the game is
won, lost, drawn (every return 0) or a trap in which the player's only move leads back to itself.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import cardrules
from cardrules import CardrulesError
from cardrules.bots import RandomBot
from cardrules.cli import main
from cardrules.errors import ArgumentError, ArgumentTypeError
from cardrules.game import CHANCE, Outcome
from cardrules.sim import DEFAULT_MAX_STEPS, play_game, simulate

KINDS = ("win", "lose", "draw", "trap")


class Coin:
    """A one-player game: the chance step picks how it ends (``weights`` per kind in KINDS)."""

    name = "coin"
    num_players = 1
    rules = None

    def __init__(self, weights: Sequence[int] = (1, 3, 0, 0)) -> None:
        self.weights = tuple(weights)

    def new_match(self) -> tuple[str, str]:
        return ("start", "")

    def new_hand(self, dealer: int | None = None) -> tuple[str, str]:
        return ("start", "")

    def to_move(self, state: tuple[str, str]) -> int | None:
        return {"start": CHANCE, "play": 0, "over": None}[state[0]]

    def is_over(self, state: tuple[str, str]) -> bool:
        return state[0] == "over"

    def sample_chance(self, state: tuple[str, str], rng: random.Random) -> str:
        return rng.choices(KINDS, self.weights)[0]

    def legal_actions(self, state: tuple[str, str]) -> tuple[str, ...]:
        return ("go on",) if state[1] == "trap" else ("stop",)

    def apply(
        self, state: tuple[str, str], action: Any, seat: int | None = None
    ) -> tuple[str, str]:
        if state[0] == "start":
            return ("play", action)
        return state if action == "go on" else ("over", state[1])

    def view(self, state: tuple[str, str], seat: int) -> tuple[str, str]:
        return state

    def outcome(self, state: tuple[str, str]) -> Outcome | None:
        if state[0] != "over":
            return None
        kind = state[1]
        if kind == "win":
            return Outcome((1,), (1,), (0,), (1.0,))
        if kind == "lose":
            return Outcome((0,), (0,), (), (-1.0,))
        return Outcome((0,), (0,), (), (0.0,))

    def format_action(self, action: Any) -> str:
        return str(action)


def make_coin(**options: Any) -> Coin:
    """Registry factory: ``weights`` as four numbers."""
    return Coin(options.get("weights", (1, 3, 0, 0)))


@pytest.fixture
def coin_registered() -> Iterator[None]:
    cardrules.register("coin", make_coin)
    yield
    cardrules.unregister("coin")


def test_a_lost_one_player_game_is_a_loss_not_a_draw() -> None:
    """Issue #15: 20 wins in 200 games are a 10 % win rate, not 100 %."""
    result = simulate(Coin((1, 9, 0, 0)), [RandomBot()], games=200, seed=1)
    wins, losses = result.team_wins[0], result.team_losses[0]
    assert result.draws == 0 and wins + losses == result.completed == 200
    assert 0 < wins < 60
    rate, low, high = result.win_rates[0]
    assert rate == wins / 200 and low <= rate <= high
    assert result.mean_seat_returns[0] == pytest.approx((wins - losses) / 200)


def test_draws_only_when_the_outcome_says_so() -> None:
    result = simulate(Coin((1, 1, 2, 0)), [RandomBot()], games=100, seed=2)
    assert result.draws > 0
    assert result.team_wins[0] + result.team_losses[0] + result.draws == 100
    assert result.win_rates[0][0] == result.team_wins[0] / 100


def test_a_game_that_never_ends_is_truncated() -> None:
    result = simulate(Coin((1, 1, 0, 2)), [RandomBot()], games=40, seed=3, max_steps=50)
    assert result.truncated > 0 and result.max_steps == 50
    assert result.completed + result.truncated + len(result.failures) == 40
    assert result.team_wins[0] + result.team_losses[0] + result.draws == result.completed
    assert result.win_rates[0][0] == result.team_wins[0] / result.completed
    assert f"truncated: {result.truncated} (no end within 50 steps)" in result.table()
    data = result.to_dict()
    assert data["truncated"] == result.truncated and data["max_steps"] == 50
    with pytest.raises(CardrulesError, match="no end after 50 steps"):
        play_game(Coin((0, 0, 0, 1)), [RandomBot()], seed=1, max_steps=50)


def test_truncation_does_not_depend_on_batching() -> None:
    a = simulate(Coin((1, 1, 1, 1)), [RandomBot()], games=30, seed=5, max_steps=9)
    with ThreadPoolExecutor(2) as pool:
        b = simulate(
            Coin((1, 1, 1, 1)),
            [RandomBot()],
            games=30,
            seed=5,
            max_steps=9,
            executor=pool,
            batch_size=4,
        )
    assert a == b and a.truncated > 0


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"games": -3}, ArgumentError, "games must be at least 0, not -3"),
        ({"games": True}, ArgumentTypeError, "games must be an int"),
        ({"games": 2.0}, ArgumentTypeError, "games must be an int"),
        ({"games": 1, "batch_size": 0}, ArgumentError, "batch_size must be at least 1"),
        ({"games": 1, "max_steps": 0}, ArgumentError, "max_steps must be at least 1"),
        ({"games": 1, "start": "season"}, ArgumentError, "start must be"),
    ],
)
def test_simulate_checks_its_arguments(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        simulate(Coin(), [RandomBot()], **options)


def test_default_step_limit_is_generous_and_shared() -> None:
    assert DEFAULT_MAX_STEPS >= 10_000
    result = simulate(Coin(), [RandomBot()], games=3)
    assert result.max_steps == DEFAULT_MAX_STEPS


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            status = main(list(args), stdout=out)
        except SystemExit as exc:
            status = int(exc.code or 0)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.usefixtures("coin_registered")
def test_cli_simulate_reports_losses_and_truncation() -> None:
    status, out, err = run(
        "simulate", "coin", "--bots", "random", "--games", "60", "--max-steps", "20",
        "--rules", "weights=[1,2,0,1]", "--json",
    )  # fmt: skip
    assert status == 0, err
    data = json.loads(out)
    assert data["truncated"] > 0 and data["max_steps"] == 20 and data["draws"] == 0
    assert data["completed"] + data["truncated"] == 60
    assert data["team_wins"][0] + data["team_losses"][0] == data["completed"]
    assert data["win_rates"][0][0] == data["team_wins"][0] / data["completed"]
    status, out, _ = run(
        "simulate", "coin", "--bots", "random", "--games", "10", "--max-steps", "20",
        "--rules", "weights=[0,0,0,1]",
    )  # fmt: skip
    assert status == 0 and "truncated: 10 (no end within 20 steps)" in out


def test_cli_simulate_tournament_counts_lost_patiences_as_losses() -> None:
    status, out, err = run("simulate", "tournament", "--games", "6", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["draws"] == 0
    wins, losses = data["team_wins"][0], data["team_losses"][0]
    assert wins + losses == data["completed"] == 6
    assert data["win_rates"][0][0] == wins / 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--games", "-3"), "argument --games: must be at least 1, not -3"),
        (("--games", "0"), "argument --games: must be at least 1, not 0"),
        (("--games", "many"), "argument --games: not an integer: 'many'"),
        (("--games", "2", "--jobs", "0"), "argument --jobs: must be at least 1"),
        (("--games", "2", "--iterations", "0"), "argument --iterations: must be at least 1"),
        (("--games", "2", "--max-steps", "0"), "argument --max-steps: must be at least 1"),
    ],
)
def test_cli_simulate_arguments_are_checked_by_argparse(
    args: tuple[str, ...], message: str
) -> None:
    status, _out, err = run("simulate", "euchre", *args)
    assert status == 2
    assert message in err and "batch_size" not in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "euchre", "--seat", "-1"), "argument --seat: must be at least 0"),
        (("play", "euchre", "--seat", "4"), "argument --seat: must be from 0 to 3 for euchre"),
        (("play", "tournament", "--seat", "1"), "argument --seat: tournament has seat 0 only"),
        (("play", "euchre", "--iterations", "0"), "argument --iterations: must be at least 1"),
        (("watch", "euchre", "--iterations", "-5"), "argument --iterations: must be at least 1"),
    ],
)
def test_cli_seat_and_iterations_are_checked(args: tuple[str, ...], message: str) -> None:
    status, _out, err = run(*args)
    assert status == 2 and message in err and "Traceback" not in err

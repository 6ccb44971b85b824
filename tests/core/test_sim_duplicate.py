"""Duplicate play in ``simulate`` and ``cardrules simulate --duplicate``: the same deals with the
line-ups rotated round the teams (E1: Euchre's partnerships 0-2 and 1-3 swap), the chance actions
of a deal (E3's first dealer, E4's deal) reused in every rotation, paired intervals on the
difference, the same result whatever the executor and batch size; and ``--bots module:Class``."""

from __future__ import annotations

import contextlib
import io
import json
import math
import random
import sys
import textwrap
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from fractions import Fraction
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

from cardrules import RandomBot, get_game, simulate
from cardrules.bots import Bot
from cardrules.errors import ArgumentError, ArgumentTypeError
from cardrules.game import CHANCE
from cardrules.sim import (
    Difference,
    game_seed,
    load_bot,
    play_rotation,
    rotate_lineups,
)

EUCHRE = get_game("euchre")


class ChanceSpy:
    """A game that records the chance actions of each game it starts (delegating the rest)."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.games: list[list[Any]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def new_hand(self, dealer: int | None = None) -> Any:
        self.games.append([])
        return self._game.new_hand(dealer)

    def new_match(self) -> Any:
        self.games.append([])
        return self._game.new_match()

    def sample_chance(self, state: Any, rng: random.Random) -> Any:
        action = self._game.sample_chance(state, rng)
        self.games[-1].append(action)
        return action


class InlineExecutor(Executor):
    """Runs each submission at once in this process, keeping the batches it was given."""

    def __init__(self) -> None:
        self.batches: list[list[int]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.batches.append(list(args[3]))  # worker(game, bots, seed, batch, …)
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


class FailingBot:
    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        raise RuntimeError("bot bug")


def test_rotation_one_swaps_the_partnerships_line_ups() -> None:
    # E1: partners sit opposite (0-2, 1-3); the second rotation seats each line-up in the other
    a, b, c, d = (RandomBot() for _ in range(4))
    assert rotate_lineups(EUCHRE, [a, b, c, d], 0) == [a, b, c, d]
    assert rotate_lineups(EUCHRE, [a, b, c, d], 1) == [b, a, d, c]
    with pytest.raises(ArgumentError, match="2 rotations"):
        rotate_lineups(EUCHRE, [a, b, c, d], 2)


def test_every_deal_is_played_in_every_rotation_with_the_same_chance_actions() -> None:
    # E3/E4: the first dealer and the deal are chance actions, and each rotation reuses them
    spy = ChanceSpy(EUCHRE)
    bots: list[Bot] = [EUCHRE.heuristic_bot(), RandomBot()] * 2
    result = simulate(spy, bots, games=10, seed=4, start="hand", duplicate=True)
    assert result.games == 20 and result.completed == 20
    assert result.duplicate is not None and result.duplicate.complete_deals == 10
    assert len(spy.games) == 20
    for deal in range(10):
        first, second = spy.games[2 * deal], spy.games[2 * deal + 1]
        assert first == second and len(first) >= 2  # the dealer, then the cards
    deals = {tuple(spy.games[2 * d]) for d in range(10)}
    assert len(deals) == 10  # and the deals differ from one another


def test_a_match_reuses_the_same_sequence_of_deals() -> None:
    spy = ChanceSpy(EUCHRE)
    bots: list[Bot] = [EUCHRE.heuristic_bot(), RandomBot()] * 2
    simulate(spy, bots, games=2, seed=1, duplicate=True)
    for deal in range(2):
        first, second = spy.games[2 * deal], spy.games[2 * deal + 1]
        common = min(len(first), len(second))
        assert common >= 3 and first[:common] == second[:common]


def test_one_bot_against_itself_differs_by_exactly_zero_on_every_deal() -> None:
    # Only the seating differs between rotations (same deal, same generator at each seat), so
    # two copies of one bot play the same games: a difference of 0 on every deal.
    result = simulate(EUCHRE, [RandomBot()] * 4, games=40, seed=9, start="hand", duplicate=True)
    summary = result.duplicate
    assert summary is not None
    assert (summary.deals, summary.rotations, summary.complete_deals) == (40, 2, 40)
    assert summary.lineups == ((0, 2), (1, 3))
    (comparison,) = summary.comparisons
    for difference in (comparison.points, comparison.wins):
        assert difference.deals == 40
        assert difference.mean == 0.0 and difference.deviation == 0.0
        assert difference.low == difference.high == 0.0 and not difference.separated
    assert summary.mean_points[0] == summary.mean_points[1]
    assert summary.win_rates[0] == summary.win_rates[1]


class MirroredRandomBot:
    """As strong as RandomBot (uniform over the legal actions) but choosing differently from it."""

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[-1 - rng.randrange(len(legal_actions))]


def test_two_bots_of_equal_strength_give_an_interval_holding_zero() -> None:
    # Equal strength, different play: the games differ between rotations (noise), the line-ups
    # do not (the interval holds 0 on this seed, with a non-zero width).
    bots: list[Bot] = [RandomBot(), MirroredRandomBot()] * 2
    result = simulate(EUCHRE, bots, games=200, seed=2, start="hand", duplicate=True)
    assert result.duplicate is not None
    for difference in (
        result.duplicate.comparisons[0].points,
        result.duplicate.comparisons[0].wins,
    ):
        assert difference.low is not None and difference.high is not None
        assert difference.low < 0 < difference.high and difference.deviation
        assert not difference.separated


def test_the_paired_figures_are_those_of_the_deals_played_one_by_one() -> None:
    bots: list[Bot] = [EUCHRE.heuristic_bot(), RandomBot()] * 2
    diffs, wins = [], []
    for deal in range(12):
        seed = game_seed(3, deal)
        per_rotation = []
        for rotation in (0, 1):
            outcome = EUCHRE.outcome(
                play_rotation(EUCHRE, bots, seed=seed, rotation=rotation, start="hand")
            )
            assert outcome is not None
            mine, theirs = ((0, 2), (1, 3)) if rotation == 0 else ((1, 3), (0, 2))
            won = set(outcome.winners)
            per_rotation.append(
                (
                    outcome.team_points[mine[0] % 2] - outcome.team_points[theirs[0] % 2],
                    (won == set(mine)) - (won == set(theirs)),
                )
            )
        diffs.append(Fraction(sum(p for p, _ in per_rotation), 2))
        wins.append(Fraction(sum(w for _, w in per_rotation), 2))
    result = simulate(EUCHRE, bots, games=12, seed=3, start="hand", duplicate=True)
    assert result.duplicate is not None
    comparison = result.duplicate.comparisons[0]
    expected = Difference.of(
        12, total=sum(diffs, Fraction(0)), squares=sum((d * d for d in diffs), Fraction(0))
    )
    assert comparison.points == expected
    assert comparison.wins == Difference.of(
        12, total=sum(wins, Fraction(0)), squares=sum((w * w for w in wins), Fraction(0))
    )
    mean = float(sum(diffs, Fraction(0)) / 12)
    assert comparison.points.mean == mean
    deviation = math.sqrt(float(sum((d - Fraction(mean)) ** 2 for d in diffs) / 11))
    assert comparison.points.deviation == pytest.approx(deviation)
    assert comparison.points.standard_error == pytest.approx(deviation / math.sqrt(12))


def test_the_result_is_the_same_whatever_the_executor_and_batch_size() -> None:
    bots: list[Bot] = [EUCHRE.heuristic_bot(), RandomBot()] * 2
    options: dict[str, Any] = {"games": 14, "seed": 11, "start": "hand", "duplicate": True}
    alone = simulate(EUCHRE, bots, **options).to_dict()
    for batch_size in (1, 3, 64):
        assert simulate(EUCHRE, bots, batch_size=batch_size, **options).to_dict() == alone
    inline = InlineExecutor()
    assert simulate(EUCHRE, bots, executor=inline, batch_size=4, **options).to_dict() == alone
    # a deal is one unit of work: batches count deals, each deal in exactly one of them
    assert inline.batches == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13]]
    with ProcessPoolExecutor(2) as pool:
        assert simulate(EUCHRE, bots, executor=pool, **options).to_dict() == alone


def test_progress_counts_deals() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        EUCHRE,
        [RandomBot()] * 4,
        games=5,
        seed=0,
        start="hand",
        duplicate=True,
        batch_size=2,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(2, 5), (4, 5), (5, 5)]


def test_a_failed_rotation_drops_its_deal_and_names_the_game() -> None:
    bots: list[Bot] = [RandomBot(), FailingBot()] * 2
    result = simulate(EUCHRE, bots, games=3, seed=0, start="hand", duplicate=True)
    assert [f.index for f in result.failures] == [0, 1, 2, 3, 4, 5]  # deal d, rotation r: 2d + r
    assert result.failures[3].error.startswith("rotation 1: RuntimeError: bot bug")
    assert result.failures[2].seed == game_seed(0, 1)
    assert result.duplicate is not None and result.duplicate.complete_deals == 0
    points = result.duplicate.comparisons[0].points
    assert points.deals == 0 and points.low is None and points.deals_needed is None
    assert "no interval" in result.table()


def test_duplicate_needs_teams_to_swap_and_a_bool() -> None:
    tournament = get_game("tournament")
    with pytest.raises(ArgumentError, match="two or more teams; tournament has 1"):
        simulate(tournament, [RandomBot()], games=1, duplicate=True)
    with pytest.raises(ArgumentTypeError, match="duplicate must be True or False"):
        simulate(EUCHRE, [RandomBot()] * 4, games=1, duplicate=1)  # type: ignore[arg-type]


def test_play_rotation_replays_a_game_of_the_simulation() -> None:
    spy = ChanceSpy(EUCHRE)
    bots: list[Bot] = [EUCHRE.heuristic_bot(), RandomBot()] * 2
    simulate(spy, bots, games=3, seed=6, start="hand", duplicate=True)
    replay = ChanceSpy(EUCHRE)
    play_rotation(replay, bots, seed=game_seed(6, 2), rotation=1)
    assert replay.games == [spy.games[5]]
    assert EUCHRE.to_move(EUCHRE.new_hand()) == CHANCE  # the dealer too is a chance action


# --- loading a user's bot -------------------------------------------------------------------

BOT_MODULE = textwrap.dedent(
    """
    import random

    class FirstLegal:
        def choose(self, view, legal_actions, rng):
            return legal_actions[0]

    class Searcher:
        def __init__(self, game, depth=1):
            self.game = game

        def choose(self, view, legal_actions, rng):
            return legal_actions[-1]

    def make(game):
        return Searcher(game)

    class Holder:
        bot = FirstLegal()

    def not_a_bot():
        return 42

    def broken():
        raise ValueError("no weights")

    CONSTANT = 3
    """
)


@pytest.fixture
def bot_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "my_duplicate_bots.py").write_text(BOT_MODULE, encoding="utf-8")
    (tmp_path / "my_broken_bots.py").write_text("raise ImportError('half written')\n", "utf-8")
    monkeypatch.setattr(sys, "path", list(sys.path))  # the CLI adds the working folder
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    for name in ("my_duplicate_bots", "my_broken_bots"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return tmp_path


def test_load_bot_takes_a_class_a_factory_an_instance_and_a_dotted_name(bot_module: Path) -> None:
    assert type(load_bot("my_duplicate_bots:FirstLegal", EUCHRE)).__name__ == "FirstLegal"
    searcher = load_bot("my_duplicate_bots:Searcher", EUCHRE)  # given the game, as ISMCTS is
    assert vars(searcher)["game"] is EUCHRE
    assert vars(load_bot("my_duplicate_bots:make", EUCHRE))["game"] is EUCHRE
    assert type(load_bot("my_duplicate_bots:Holder.bot", EUCHRE)).__name__ == "FirstLegal"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_bot_module:Bot", "module not found: no_such_bot_module"),
        ("my_broken_bots:Bot", "importing my_broken_bots fails: ImportError: half written"),
        ("my_duplicate_bots:Missing", "module my_duplicate_bots has no attribute 'Missing'"),
        ("my_duplicate_bots:Holder.nobot", "has no attribute 'nobot'"),
        ("my_duplicate_bots:CONSTANT", "is not a Bot: int 3 has no choose"),
        ("my_duplicate_bots:not_a_bot", "is not a Bot: it made int 42"),
        ("my_duplicate_bots:broken", "making it fails: ValueError: no weights"),
        ("my_duplicate_bots:", "give module:Class or module:factory"),
        ("no_entry_point_of_that_name", "no bot named 'no_entry_point_of_that_name'"),
    ],
)
def test_load_bot_says_what_failed(bot_module: Path, spec: str, message: str) -> None:
    with pytest.raises(ArgumentError, match=message.replace(".", r"\.")):
        load_bot(spec, EUCHRE)


def test_load_bot_finds_an_entry_point(bot_module: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint("firstlegal", "my_duplicate_bots:FirstLegal", "cardrules.bots")

    def entry_points(*, group: str, name: str) -> list[EntryPoint]:
        return [point] if (group, name) == (point.group, point.name) else []

    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)
    assert type(load_bot("firstlegal", EUCHRE)).__name__ == "FirstLegal"
    with pytest.raises(ArgumentError, match="no bot named 'other'"):
        load_bot("other", EUCHRE)


# --- the command ----------------------------------------------------------------------------


def run(*args: str) -> tuple[int, str, str]:
    from cardrules.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(list(args), stdout=out)
    return code, out.getvalue(), err.getvalue()


def test_cli_duplicate_table_names_deals_line_ups_and_the_paired_interval() -> None:
    code, out, err = run(
        "simulate", "euchre", "--games", "30", "--hand", "--duplicate",
        "--bots", "heuristic", "random", "--seed", "2",
    )  # fmt: skip
    assert code == 0, err
    assert "duplicate: 30 deals, each played 2 times (line-ups swapped); 30 finished" in out
    assert "60/60 games completed" in out
    assert "line-up 0 - line-up 1, paired 95 % over 30 deals: points a hand +" in out
    assert "told apart after 30 deals" in out
    assert out.rstrip().endswith("line-ups: 0 = heuristic heuristic; 1 = random random")
    assert "deal" in err  # the progress counts deals


def test_cli_duplicate_json_and_jobs_agree() -> None:
    args = ("simulate", "euchre", "--games", "8", "--hand", "--duplicate", "--json")
    code, out, err = run(*args, "--bots", "heuristic", "random")
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 16 and data["duplicate"]["complete_deals"] == 8
    comparison = data["duplicate"]["comparisons"][0]
    assert set(comparison["points"]) >= {"mean", "low", "high", "standard_error", "deals_needed"}
    code, pooled, err = run(*args, "--bots", "heuristic", "random", "--jobs", "2")
    assert code == 0, err
    assert json.loads(pooled) == data


def test_cli_takes_a_users_bot_as_module_class(bot_module: Path) -> None:
    code, out, err = run(
        "simulate", "euchre", "--games", "4", "--hand", "--duplicate",
        "--bots", "my_duplicate_bots:FirstLegal", "random",
    )  # fmt: skip
    assert code == 0, err
    assert "line-ups: 0 = my_duplicate_bots:FirstLegal my_duplicate_bots:FirstLegal" in out


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("nosuchmod:Bot", "cardrules: --bots: bot 'nosuchmod:Bot': module not found: nosuchmod"),
        ("my_duplicate_bots:Nope", "module my_duplicate_bots has no attribute 'Nope'"),
        ("my_duplicate_bots:CONSTANT", "is not a Bot"),
        ("randum", "no bot named 'randum'"),
    ],
)
def test_cli_bot_errors_are_one_line_and_status_2(
    bot_module: Path, bots: str, message: str
) -> None:
    code, out, err = run("simulate", "euchre", "--games", "1", "--bots", bots)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err
    if ":" not in bots:
        assert "built in: heuristic, random, ismcts" in err


def test_cli_duplicate_of_a_one_seat_game_is_refused() -> None:
    code, _, err = run("simulate", "tournament", "--games", "1", "--duplicate")
    assert code == 2 and "duplicate play compares the line-ups of two or more teams" in err


@pytest.mark.parametrize("command", ["watch", "play"])
def test_watch_and_play_take_a_users_bot_too(bot_module: Path, command: str) -> None:
    """``--bots module:Class`` seats a user's bot in ``watch`` and ``play`` as in ``simulate``,
    with the same one-line errors."""
    if command == "watch":
        code, _, err = run(
            "watch", "euchre", "--hand", "--quiet", "--seed", "3",
            "--bots", "my_duplicate_bots:FirstLegal", "random",
        )  # fmt: skip
        assert code == 0, err
        assert "Traceback" not in err
    code, _, err = run(command, "euchre", "--hand", "--bots", "my_duplicate_bots:Nope")
    assert code == 2 and "module my_duplicate_bots has no attribute 'Nope'" in err
    assert "Traceback" not in err

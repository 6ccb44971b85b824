"""simulate (seeds, executors, Wilson intervals, failures) and the generic ISMCTS bot."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import cardrules_whist as whist
import pytest

from cardrules import CardrulesError
from cardrules.bots import RandomBot
from cardrules.bots.ismcts import ISMCTSBot
from cardrules.sim import SimulationResult, game_seed, simulate, wilson_interval

GAME = whist.make_game()


class CrashingBot:
    """Raises on the fifth card it is asked to play."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: Any, legal_actions: Any, rng: random.Random) -> Any:
        if len(legal_actions) == 9 and view.hand_sizes[view.seat] == 9 and rng.random() < 0.5:
            raise RuntimeError("bot bug")
        return legal_actions[0]


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(10, 10)
    assert high == pytest.approx(1.0) and low == pytest.approx(0.7225, abs=1e-4)
    with pytest.raises(CardrulesError):
        wilson_interval(11, 10)


def test_game_seeds_are_pure() -> None:
    assert game_seed(1, 5) == game_seed(1, 5)
    assert len({game_seed(1, k) for k in range(1000)}) == 1000


def test_simulate_same_result_whatever_the_batching() -> None:
    bots = [RandomBot()] * 4
    a = simulate(GAME, bots, games=30, seed=3, start="hand")
    b = simulate(GAME, bots, games=30, seed=3, start="hand", batch_size=7)
    with ThreadPoolExecutor(2) as pool:
        c = simulate(GAME, bots, games=30, seed=3, start="hand", batch_size=4, executor=pool)
    assert a == b == c
    assert a.completed == 30 and sum(a.team_wins) + a.draws == 30
    assert isinstance(a.to_dict(), dict) and "team 0" in a.table()


def test_simulate_same_result_with_processes() -> None:
    bots = [RandomBot()] * 4
    local = simulate(GAME, bots, games=12, seed=9)
    with ProcessPoolExecutor(2) as pool:
        remote = simulate(GAME, bots, games=12, seed=9, executor=pool, batch_size=5)
    assert local == remote


def test_simulate_with_dask_local_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    bots = [RandomBot()] * 4
    local = simulate(GAME, bots, games=10, seed=4, start="hand")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, distributed.Client(cluster) as client:
        remote = simulate(
            GAME, bots, games=10, seed=4, start="hand", executor=client.get_executor(), batch_size=3
        )
    assert remote == local


def test_failing_bot_is_reported_with_its_seed() -> None:
    result = simulate(
        GAME, [CrashingBot(), RandomBot(), RandomBot(), RandomBot()], games=20, seed=1, start="hand"
    )
    assert result.failures, "some games should have failed"
    assert result.completed + len(result.failures) == 20
    for failure in result.failures:
        assert "bot bug" in failure.error
        assert failure.seed == game_seed(1, failure.index)
    assert "FAILED" in result.table()


def test_simulate_argument_errors() -> None:
    with pytest.raises(CardrulesError):
        simulate(GAME, [RandomBot()], games=1)
    with pytest.raises(CardrulesError):
        simulate(GAME, [RandomBot()] * 4, games=-1)


def test_progress_callback() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        GAME,
        [RandomBot()] * 4,
        games=5,
        start="hand",
        batch_size=2,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen == [(2, 5), (4, 5), (5, 5)]


def test_simulation_result_rates_are_wins_over_completed_games() -> None:
    result = simulate(GAME, [RandomBot()] * 4, games=40, seed=2, start="hand")
    assert isinstance(result, SimulationResult)
    rates = [r[0] for r in result.win_rates]
    assert rates == [w / result.completed for w in result.team_wins]
    assert sum(rates) + result.draws / result.completed == pytest.approx(1.0)
    for wins, losses in zip(result.team_wins, result.team_losses, strict=True):
        assert wins + losses + result.draws == result.completed == 40
    assert result.truncated == 0


def _dealt_state(seed: int) -> Any:
    s = GAME.new_hand(dealer=0)
    return GAME.apply(s, GAME.sample_chance(s, random.Random(seed)))


def test_ismcts_is_reproducible_and_legal() -> None:
    bot = ISMCTSBot(GAME, iterations=60)
    s = _dealt_state(1)
    view, legal = GAME.view(s, 1), GAME.legal_actions(s)
    a = bot.choose(view, legal, random.Random(5))
    assert a in legal
    assert a == bot.choose(view, legal, random.Random(5))
    assert "ISMCTSBot" in repr(bot)


def test_ismcts_never_reads_hidden_cards() -> None:
    s = _dealt_state(2)
    view = GAME.view(s, 1)
    other = GAME.sample_state(view, random.Random(77))
    assert other.hands != s.hands and GAME.view(other, 1) == view
    bot = ISMCTSBot(GAME, iterations=40)
    assert bot.choose(GAME.view(s, 1), GAME.legal_actions(s), random.Random(3)) == bot.choose(
        GAME.view(other, 1), GAME.legal_actions(other), random.Random(3)
    )


def test_ismcts_beats_random_in_whist() -> None:
    bot = ISMCTSBot(GAME, iterations=40)
    result = simulate(GAME, [bot, RandomBot(), bot, RandomBot()], games=24, seed=11, start="hand")
    assert result.mean_team_points[0] > result.mean_team_points[1]
    assert result.win_rates[0][0] > 0.6


def test_ismcts_errors() -> None:
    with pytest.raises(CardrulesError):
        ISMCTSBot(GAME, iterations=0)
    with pytest.raises(CardrulesError):
        ISMCTSBot(GAME).choose(None, (), random.Random(1))
    assert ISMCTSBot(GAME).choose(None, ("only",), random.Random(1)) == "only"


def test_ismcts_leaves_wide_decisions_to_its_fallback() -> None:
    class First:
        def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
            return legal[-1]

    s = _dealt_state(6)
    legal = GAME.legal_actions(s)
    bot = ISMCTSBot(GAME, iterations=5, max_branching=len(legal) - 1, fallback=First())
    assert bot.choose(GAME.view(s, 1), legal, random.Random(1)) == legal[-1]
    assert "fallback" in repr(bot)
    import pickle

    assert pickle.loads(pickle.dumps(ISMCTSBot(GAME, iterations=3))).iterations == 3
    with pytest.raises(CardrulesError, match="need a fallback"):
        ISMCTSBot(GAME, max_branching=3)

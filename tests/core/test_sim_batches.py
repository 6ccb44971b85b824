"""simulate's batches with an executor: about four a worker, so that two workers share the work
evenly (``--jobs 2`` gave no speed-up on 200 matches, cut into batches of 64: 64 + 64 against
64 + 8), and the result is the same whatever the batch size."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from cardrules import RandomBot, get_game, simulate
from cardrules.sim import auto_batch_size


class CountingExecutor(Executor):
    """Runs each submission at once in this process, counting the batches and their sizes."""

    def __init__(self, max_workers: int) -> None:
        self._max_workers = max_workers
        self.sizes: list[int] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.sizes.append(len(args[3]))  # _run_batch(game, bots, seed, batch, …)
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_two_workers_get_about_four_batches_each_of_equal_size() -> None:
    game = get_game("euchre")
    pool = CountingExecutor(2)
    simulate(game, [RandomBot()] * 4, games=200, seed=3, start="hand", executor=pool)
    assert pool.sizes == [25] * 8


def test_the_result_does_not_depend_on_the_batch_size() -> None:
    game = get_game("euchre")
    bots = [RandomBot()] * 4
    alone = simulate(game, bots, games=60, seed=5, start="hand")
    pooled = simulate(game, bots, games=60, seed=5, start="hand", executor=CountingExecutor(3))
    assert alone.to_dict() == pooled.to_dict()


def test_auto_batch_size_bounds() -> None:
    assert auto_batch_size(10**6, CountingExecutor(2)) == 64
    assert auto_batch_size(1, CountingExecutor(8)) == 1
    assert auto_batch_size(0, CountingExecutor(2)) == 1
    assert auto_batch_size(500, None) == 64

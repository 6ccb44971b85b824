"""Win rates of Tournament patience over seeded deals: the clairvoyant solver and the fair player.

Deal ``k`` is drawn with ``random.Random(k)`` exactly as :func:`cardrules.sim.play_game` draws it
(every shuffle of the B1 rejection loop included), so every strategy plays the same deals.

* **Solver** (clairvoyant: it knows the stock order): :func:`solve` on each deal within a node and
  time budget. A deal is *decided* when the solver finds a win or proves that none exists.
  Results go to a JSON-lines file, one line per deal tried; a rerun skips the deals already
  decided there (``--retry-unknown`` tries the undecided ones again, with the new budget), so a
  long run can be stopped and resumed. The deals run in this process, on a local process pool
  (``--jobs``) or on a Dask cluster (``--scheduler``, when ``distributed`` imports), as
  :func:`cardrules.sim.simulate` takes executors.
* **Fair player** (:class:`~cardrules.games.tournament.bots.FairPlayer`): sees only the view.

Rates come with Wilson 95 % intervals. Usage::

    python benchmarks/tournament_winrates.py --deals 1000 --nodes 200000 --seconds 120 --no-fair \\
        --results docs/_static/tournament_solver_results.jsonl [--jobs 4 | --scheduler ADDRESS]
    python benchmarks/tournament_winrates.py --deals 1000 --nodes 400000 --no-fair \\
        --results docs/_static/tournament_solver_results.jsonl --retry-unknown   # if any is left
    python benchmarks/tournament_winrates.py --deals 1000 --report-only \\
        --results docs/_static/tournament_solver_results.jsonl
    python benchmarks/tournament_winrates.py --player search --deals 200 [--samples 8] [--jobs 2]

``--player search`` plays the search player
(:class:`~cardrules.games.tournament.bots.SearchPlayer`, ``--samples`` and ``--search-nodes``)
and the fair player on the same deals instead of running the solver.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from typing import Any

from cardrules.games.tournament import TournamentGame, TournamentState, make_game
from cardrules.games.tournament.bots import FairPlayer, SearchPlayer
from cardrules.games.tournament.solver import solve
from cardrules.games.tournament.winnable import seeded_deal
from cardrules.sim import play_game


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % by default).

    >>> tuple(round(x, 4) for x in wilson(22, 100))
    (0.15, 0.3107)
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rules_game(preset: str | None) -> TournamentGame:
    """The game of the rules the deals are played under (``None``: the default rules)."""
    game: TournamentGame = make_game(preset=preset) if preset else make_game()
    return game


def dealt_state(game: TournamentGame, seed: int) -> TournamentState:
    """Deal ``seed``: the chance steps drawn from ``random.Random(seed)``, as ``play_game`` does."""
    return seeded_deal(game, seed)[0]


# -- the clairvoyant solver -------------------------------------------------------------------


def solve_deal(job: tuple[int, int, float | None, str | None]) -> dict[str, Any]:
    """One results line: the solver's answer on deal ``seed`` within its budget."""
    seed, nodes, seconds, preset = job
    game = rules_game(preset)
    result = solve(game, dealt_state(game, seed), max_nodes=nodes, max_seconds=seconds)
    return {
        "seed": seed,
        "rules": preset or "default",
        "status": result.status,
        "budget": result.budget,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 3),
        "memory": result.memory,
        "max_nodes": nodes,
        "max_seconds": seconds,
        "line_length": len(result.line),
    }


def read_results(path: str | None, rules: str) -> dict[int, dict[str, Any]]:
    """The best line per seed of a results file under ``rules``: a decided line beats an
    unknown one, and a later line beats an earlier one of the same kind."""
    best: dict[int, dict[str, Any]] = {}
    if not path or not os.path.exists(path):
        return best
    with open(path, encoding="utf-8") as fh:
        for text in fh:
            if not text.strip():
                continue
            row = json.loads(text)
            if row.get("rules") != rules:
                continue
            old = best.get(row["seed"])
            if old is None or row["status"] != "unknown" or old["status"] == "unknown":
                best[row["seed"]] = row
    return best


def _executor(jobs: int, scheduler: str | None) -> tuple[Executor | None, Callable[[], None]]:
    """A Dask cluster's executor (``scheduler``), a process pool (``jobs`` > 1), or none."""
    if scheduler:
        from distributed import Client  # optional: pip install distributed

        client = Client(scheduler)  # type: ignore[no-untyped-call]
        executor: Executor = client.get_executor()  # type: ignore[no-untyped-call]
        return executor, client.close
    if jobs > 1:
        pool = ProcessPoolExecutor(jobs)
        return pool, pool.shutdown
    return None, lambda: None


def _run(
    executor: Executor | None, fn: Callable[[Any], dict[str, Any]], work: Iterable[Any]
) -> Iterator[dict[str, Any]]:
    """``fn`` over ``work``, yielding results as they finish."""
    if executor is None:
        yield from map(fn, work)
        return
    futures = [executor.submit(fn, w) for w in work]
    for future in as_completed(futures):
        yield future.result()


def run_solver(
    seeds: range,
    *,
    nodes: int,
    seconds: float | None,
    preset: str | None,
    results: str | None,
    retry_unknown: bool,
    jobs: int,
    scheduler: str | None,
) -> dict[int, dict[str, Any]]:
    """Solve the deals ``seeds`` not yet decided in ``results`` (appending a line per deal), and
    return the best line per seed."""
    rules = preset or "default"
    best = read_results(results, rules)
    todo = [s for s in seeds if s not in best or (retry_unknown and best[s]["status"] == "unknown")]
    print(f"solver: {len(seeds) - len(todo)} deals already in the results, {len(todo)} to solve")
    executor, close = _executor(jobs, scheduler)
    try:
        out = open(results, "a", encoding="utf-8") if results else None  # noqa: SIM115
        try:
            work = [(s, nodes, seconds, preset) for s in todo]
            for done, row in enumerate(_run(executor, solve_deal, work), 1):
                if out is not None:
                    out.write(json.dumps(row, sort_keys=True) + "\n")
                    out.flush()
                old = best.get(row["seed"])
                if old is None or row["status"] != "unknown" or old["status"] == "unknown":
                    best[row["seed"]] = row
                if done % 50 == 0:
                    print(f"  {done}/{len(todo)} solved", flush=True)
        finally:
            if out is not None:
                out.close()
    finally:
        close()
    return {s: best[s] for s in seeds if s in best}


def report_solver(rows: dict[int, dict[str, Any]], seeds: range) -> list[str]:
    """The solver's lines of the report: decided, won, lost, unknown, the rates and bounds."""
    n = len(seeds)
    found = [rows[s] for s in seeds if s in rows]
    won = sum(r["status"] == "won" for r in found)
    lost = sum(r["status"] == "lost" for r in found)
    unknown = n - won - lost
    decided = won + lost
    lines = [f"solver: {len(found)} of {n} deals tried; decided {decided} ({decided / n:.1%})"]
    lines.append(f"  won {won}, proved lost {lost}, unknown {unknown}")
    if decided:
        lo, hi = wilson(won, decided)
        lines.append(
            f"  win rate over the decided deals: {won / decided:.1%} (Wilson 95% {lo:.1%}-{hi:.1%})"
        )
    lo, _ = wilson(won, n)
    _, hi = wilson(won + unknown, n)
    lines.append(
        f"  over all {n}: {won / n:.1%} (unknowns lost) to {(won + unknown) / n:.1%} "
        f"(unknowns won); Wilson 95% bounds {lo:.1%}-{hi:.1%}"
    )
    if found:
        total_nodes = sum(r["nodes"] for r in found)
        total_seconds = sum(r["seconds"] for r in found)
        peak = max(r["memory"] for r in found)
        lines.append(
            f"  {total_nodes} nodes in {total_seconds:.0f} s of search "
            f"({total_nodes / max(total_seconds, 1e-9):,.0f} nodes/s); "
            f"largest transposition set {peak / 2**20:.0f} MiB"
        )
        tries: dict[str, int] = {}
        for r in found:
            tried = f"{r['max_nodes']} nodes / {r['max_seconds']} s"
            tries[tried] = tries.get(tried, 0) + 1
        lines.append("  last budget per deal: " + ", ".join(f"{k}: {v}" for k, v in tries.items()))
        budgets: dict[str, int] = {}
        for r in found:
            if r["status"] == "unknown":
                budgets[r["budget"]] = budgets.get(r["budget"], 0) + 1
        if budgets:
            lines.append(
                "  unknown by budget: " + ", ".join(f"{k} {v}" for k, v in budgets.items())
            )
    return lines


# -- the fair player ------------------------------------------------------------------------------


def fair_deal(job: tuple[int, str | None]) -> dict[str, Any]:
    """Whether the fair player wins deal ``seed``."""
    seed, preset = job
    final = play_game(rules_game(preset), [FairPlayer()], seed=seed, start="hand")
    return {"seed": seed, "won": final.result == "won"}


def report_fair(rows: list[dict[str, Any]]) -> list[str]:
    """The fair player's line of the report."""
    n = len(rows)
    won = sum(r["won"] for r in rows)
    lo, hi = wilson(won, n)
    return [f"fair player won: {won} of {n} ({won / max(n, 1):.1%}, Wilson 95% {lo:.1%}-{hi:.1%})"]


# -- the search player ----------------------------------------------------------------------------


def search_deal(job: tuple[int, int, int, str | None]) -> dict[str, Any]:
    """Whether the search player and the fair player win deal ``seed``, and how often the search
    player searched (both fair: they see only the view)."""
    seed, samples, nodes, preset = job
    game = rules_game(preset)
    bot = SearchPlayer(game, samples=samples, max_nodes=nodes)
    final = play_game(game, [bot], seed=seed, start="hand")
    fair = play_game(game, [FairPlayer()], seed=seed, start="hand")
    return {
        "seed": seed,
        "won": final.result == "won",
        "fair_won": fair.result == "won",
        "searches": bot.searches,
    }


def run_search(args: argparse.Namespace, seeds: range) -> list[str]:
    """``--player search``: the search player's win rate next to the fair player's, same deals."""
    executor, close = _executor(args.jobs, args.scheduler)
    work = [(s, args.samples, args.search_nodes, args.preset) for s in seeds]
    try:
        rows = list(_run(executor, search_deal, work))
    finally:
        close()
    n = len(rows)
    lines = [
        f"search player: {args.samples} samples of {args.search_nodes} solver nodes a search, "
        f"{sum(r['searches'] for r in rows) / max(n, 1):.1f} searches a game"
    ]
    for name, key in (("search player", "won"), ("fair player", "fair_won")):
        won = sum(r[key] for r in rows)
        lo, hi = wilson(won, n)
        lines.append(
            f"{name} won: {won} of {n} ({won / max(n, 1):.1%}, Wilson 95% {lo:.1%}-{hi:.1%})"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--nodes", type=int, default=10**9, help="solver node budget per deal")
    parser.add_argument("--seconds", type=float, default=None, help="solver seconds per deal")
    parser.add_argument("--preset", default=None)
    parser.add_argument("--results", default=None, help="solver results, JSON lines (appended)")
    parser.add_argument("--retry-unknown", action="store_true", help="solve unknowns again")
    parser.add_argument("--report-only", action="store_true", help="report the results file")
    parser.add_argument("--jobs", type=int, default=1, help="local worker processes")
    parser.add_argument("--scheduler", default=None, help="Dask scheduler address")
    parser.add_argument("--no-fair", action="store_true", help="skip the fair player")
    parser.add_argument(
        "--player",
        choices=("solver", "search"),
        default="solver",
        help="search: the search player and the fair player instead of the solver",
    )
    parser.add_argument("--samples", type=int, default=8, help="search player: samples a search")
    parser.add_argument("--search-nodes", type=int, default=2_000, help="search player: nodes")
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.deals)
    print(f"deals: seeds {seeds.start}..{seeds.stop - 1}, rules: {args.preset or 'default'}")
    start = time.perf_counter()
    if args.player == "search":
        print("\n".join(run_search(args, seeds)))
        print(f"wall time {time.perf_counter() - start:.0f} s")
        return
    if args.report_only:
        rows = read_results(args.results, args.preset or "default")
    else:
        rows = run_solver(
            seeds, nodes=args.nodes, seconds=args.seconds, preset=args.preset,
            results=args.results, retry_unknown=args.retry_unknown, jobs=args.jobs,
            scheduler=args.scheduler,
        )  # fmt: skip
    if not args.report_only:
        print(f"solver budget per deal: {args.nodes} nodes, {args.seconds} s")
    print("\n".join(report_solver(rows, seeds)))
    if not args.no_fair and not args.report_only:
        executor, close = _executor(args.jobs, args.scheduler)
        try:
            fair = list(_run(executor, fair_deal, [(s, args.preset) for s in seeds]))
        finally:
            close()
        print("\n".join(report_fair(fair)))
    print(f"wall time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()

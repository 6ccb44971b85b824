"""How much ``cardrules simulate --jobs 2`` gains over one job, per game and number of matches.

``python -m benchmarks.jobs_scaling [--games 50,100,200,400] [--repeats 3] [--names euchre,…]``

Each figure is the wall-clock time of the whole command as a user runs it (interpreter start,
imports, the worker pool, the matches), the median of ``--repeats`` interleaved runs; the ratio is
one job's time over two jobs' time, measured in the same run. For each game it prints the smallest
number of matches from which two jobs are at least 1.5 times one. Run it on an otherwise idle
machine with two cores or more: the figure is about the machine's spare cores as much as about
cardrules.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

GAMES = ("euchre", "rook", "voormsi", "tournament")


def wall_time(name: str, games: int, jobs: int) -> float:
    """Seconds of one ``cardrules simulate`` run (its output discarded)."""
    command = [sys.executable, "-m", "cardrules", "simulate", name, "--games", str(games)]
    started = time.perf_counter()
    subprocess.run(
        [*command, "--jobs", str(jobs)],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="50,100,200,400", help="numbers of matches, by commas")
    parser.add_argument("--repeats", type=int, default=3, help="interleaved runs of each arm")
    parser.add_argument("--names", default=",".join(GAMES), help="games, by commas")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.games.split(",")]
    print(f"{'game':<11} {'matches':>7} {'1 job s':>8} {'2 jobs s':>8} {'ratio':>6}")
    for name in args.names.split(","):
        first = None
        for count in counts:
            one: list[float] = []
            two: list[float] = []
            for _ in range(args.repeats):
                one.append(wall_time(name, count, 1))
                two.append(wall_time(name, count, 2))
            a, b = statistics.median(one), statistics.median(two)
            ratio = a / b
            if first is None and ratio >= 1.5:
                first = count
            print(f"{name:<11} {count:>7} {a:>8.2f} {b:>8.2f} {ratio:>6.2f}")
        shown = f"from {first} matches" if first is not None else "not reached in this range"
        print(f"{name:<11} two jobs >= 1.5x one job: {shown}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.exit(main())

"""This checkout against an earlier revision, same run: ``python -m benchmarks --against REV``.

A refactoring of an engine must not cost speed; this is how that is checked. The ``src/`` of
revision ``REV`` is extracted from git into a temporary folder, and each build — ``REV``'s and this
checkout's working tree — runs in a worker process of its own (two versions of one package cannot
share an interpreter; :class:`benchmarks.compiled.BuildWorker`). Both are timed by the same
harness (:func:`benchmarks.__main__.game_rates`: full random hands from ``new_hand`` through the
Game protocol, and the fused ``rollout`` from the first card of play), one figure at a time, the
two builds alternating within each round, so that a burst of load on a shared machine hits both
alike. The report gives, per game and figure, the median over the rounds of each build's rate and
their ratio ``this / REV`` (1.00: the same speed; the issue's bar is 0.95).
"""

from __future__ import annotations

import statistics
import subprocess
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

from benchmarks.compiled import FIGURES, ROOT, BuildWorker


def extract_src(revision: str, into: Path) -> Path:
    """Write ``revision``'s ``src/`` under ``into`` and return that ``src`` folder."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision, "src"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def compare(revision: str, games: list[str], seconds: float, rounds: int) -> dict[str, Any]:
    """The A/B figures: per game, each build's median rate per figure and their ratio."""
    samples: dict[str, dict[str, dict[str, list[float]]]] = {
        side: {g: {f: [] for f in FIGURES} for g in games} for side in ("base", "head")
    }
    with tempfile.TemporaryDirectory(prefix="cardrules-against-") as tmp:
        workers = {
            "base": BuildWorker(extract_src(revision, Path(tmp))),
            "head": BuildWorker(ROOT / "src"),
        }
        try:
            runners = {side: {g: w.rates(g) for g in games} for side, w in workers.items()}
            for round_no in range(rounds):
                # Alternate which build goes first, so that neither always meets a warm cache.
                order = ("base", "head") if round_no % 2 == 0 else ("head", "base")
                for game in games:
                    for figure in FIGURES:
                        for side in order:
                            samples[side][game][figure].append(runners[side][game][figure](seconds))
        finally:
            for worker in workers.values():
                worker.close()
    figures: dict[str, Any] = {}
    for game in games:
        row: dict[str, float] = {}
        for figure in FIGURES:
            base = statistics.median(samples["base"][game][figure])
            head = statistics.median(samples["head"][game][figure])
            row[f"base {figure}"], row[f"head {figure}"] = base, head
            row[f"ratio {figure}"] = head / base
        figures[game] = row
    return {"revision": revision, "rounds": rounds, "seconds": seconds, "games": figures}


def render(result: dict[str, Any]) -> str:
    """The A/B section of the report."""
    lines = [
        f"this checkout / {result['revision']}: median of {result['rounds']} interleaved rounds "
        f"of {result['seconds']:g} CPU s per figure, each build in a worker process",
        f"  {'game':<11}{'hands/s base':>14}{'hands/s this':>14}{'ratio':>7}"
        f"{'rollouts/s base':>17}{'rollouts/s this':>17}{'ratio':>7}",
    ]
    for game, row in result["games"].items():
        lines.append(
            f"  {game:<11}{row['base hands_per_s']:>14.0f}{row['head hands_per_s']:>14.0f}"
            f"{row['ratio hands_per_s']:>7.3f}{row['base rollouts_per_s']:>17.0f}"
            f"{row['head rollouts_per_s']:>17.0f}{row['ratio rollouts_per_s']:>7.3f}"
        )
    return "\n".join(lines)

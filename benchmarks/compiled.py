"""The compiled build in the suite's run: ``python -m benchmarks --compiled PATH``.

``PATH`` is a folder whose ``cardrules`` package is the compiled build (``setup.py``): the
``site-packages`` of an environment where ``CARDRULES_COMPILE=1 pip install .`` ran, or the ``src``
of *another* checkout after ``CARDRULES_COMPILE=1 python setup.py build_ext --inplace`` (built in
this checkout's ``src``, the extensions would shadow the pure build the suite measures: it refuses).

Two builds of one package cannot share an interpreter, so each runs in a worker process of its own
(``python -m benchmarks.compiled PATH``): the compiled build from ``PATH`` and, for a fair
comparison with a process of the same age and heap, the pure build from this checkout's ``src``.
The suite asks them for one throughput at a time (the worker reads ``GAME FIGURE SECONDS`` lines
and answers each rate on one line, timed by :func:`benchmarks.__main__.game_rates` in the worker's
CPU time), so their figures join the same interleaved rounds as the main process's and
OpenSpiel's, and both builds' ratios to OpenSpiel are printed side by side with compiled / pure.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FIGURES = ("hands_per_s", "rollouts_per_s")
"""The throughputs measured in both builds."""


def compiled_modules() -> list[str]:
    """The ``cardrules`` modules this process has loaded as compiled extensions."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("cardrules")
        and str(getattr(module, "__file__", "")).endswith((".so", ".pyd"))
    )


class BuildWorker:
    """A worker process measuring the ``cardrules`` build found in ``path`` (see the module docs)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).resolve()
        self._process = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.compiled", str(self.path)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def _ask(self, request: str) -> str:
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        self._process.stdin.write(request + "\n")
        self._process.stdin.flush()
        answer = self._process.stdout.readline().strip()
        if not answer or answer.startswith("error"):
            raise RuntimeError(f"the build in {self.path} failed: {answer or 'no answer'}")
        return answer

    def rates(self, game: str) -> dict[str, Callable[[float], float]]:
        """``game``'s throughputs in this build, as runners ``seconds -> items per CPU second``."""
        self._ask(f"load {game}")

        def runner(figure: str) -> Callable[[float], float]:
            return lambda seconds: float(self._ask(f"{game} {figure} {seconds}"))

        return {figure: runner(figure) for figure in FIGURES}

    def compiled_modules(self) -> list[str]:
        """:func:`compiled_modules` of the worker (after :meth:`rates`)."""
        answer = self._ask("compiled")
        return [] if answer == "-" else answer.split()

    def close(self) -> None:
        """End the worker."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=30)


def start_workers(
    path: str,
    games: list[str],
    results: dict[str, Any],
    runners: dict[tuple[str, str], dict[str, Callable[[float], float]]],
) -> list[BuildWorker]:
    """Start the compiled build's worker (``path``) and the pure build's (this checkout's
    ``src``), add their runners to the suite's ``runners`` under the sides ``"compiled"`` and
    ``"pure"`` (with empty figure slots in ``results``), and record the compiled modules."""
    if compiled_modules():
        raise SystemExit(
            "the pure build in src/ holds compiled modules ("
            + " ".join(compiled_modules())
            + "): build the compiled one in another environment or checkout"
        )
    workers = {"pure": BuildWorker(ROOT / "src"), "compiled": BuildWorker(path)}
    for side, worker in workers.items():
        results[side] = {name: {} for name in games}
        for name in games:
            runners[(side, name)] = worker.rates(name)
    results["compiled_modules"] = workers["compiled"].compiled_modules()
    if not results["compiled_modules"]:
        raise SystemExit(f"{path} holds no compiled cardrules module (see setup.py)")
    if workers["pure"].compiled_modules():
        raise SystemExit("the pure build in src/ holds compiled modules")
    return list(workers.values())


def compiled_ratios(
    results: dict[str, Any], reference: Mapping[str, str]
) -> dict[str, dict[str, float]]:
    """Per game: each worker build's throughputs over OpenSpiel's (where the game has a reference
    measured in the run), and compiled over pure."""
    ratios: dict[str, dict[str, float]] = {}
    for name, compiled in results.get("compiled", {}).items():
        pure = results["pure"][name]
        row = {f"compiled/pure {f}": compiled[f] / pure[f] for f in FIGURES}
        theirs = results["openspiel"].get(reference.get(name, ""))
        if theirs:
            for side, figures in (("pure", pure), ("compiled", compiled)):
                row.update({f"{side}/openspiel {f}": figures[f] / theirs[f] for f in FIGURES})
        ratios[name] = row
    return ratios


def compiled_lines(results: dict[str, Any], reference: Mapping[str, str]) -> list[str]:
    """The compiled build's section of the suite's report (empty without ``--compiled``)."""
    if not results.get("compiled_ratios"):
        return []
    lines = [
        "",
        "pure and compiled builds, each in a worker process, same run (compiled: "
        + " ".join(results["compiled_modules"])
        + "):",
    ]
    for name, row in results["compiled_ratios"].items():
        cells = []
        if "pure/openspiel hands_per_s" in row:
            cells.append(f"vs openspiel-{reference[name]}")
            for side in ("pure", "compiled"):
                cells.append(
                    f"{side}: hands {row[f'{side}/openspiel hands_per_s']:5.2f}x "
                    f"rollouts {row[f'{side}/openspiel rollouts_per_s']:5.2f}x"
                )
        cells.append(
            f"compiled/pure: hands {row['compiled/pure hands_per_s']:5.2f}x "
            f"rollouts {row['compiled/pure rollouts_per_s']:5.2f}x"
        )
        lines.append(f"  {name:<11}" + "   ".join(cells))
    return lines


def serve(path: str) -> int:
    """The worker's loop (``python -m benchmarks.compiled PATH``)."""
    # The build in PATH first, before benchmarks.__main__ puts this checkout's src/ in front.
    sys.path.insert(0, str(Path(path).resolve()))
    import cardrules

    if not Path(cardrules.__file__ or "").is_relative_to(Path(path).resolve()):
        print(f"error: cardrules imported from {cardrules.__file__}, not {path}", flush=True)
        return 1
    from benchmarks.__main__ import game_rates

    runners: dict[str, dict[str, Callable[[float], float]]] = {}
    for line in sys.stdin:
        words = line.split()
        try:
            if words == ["compiled"]:
                answer = " ".join(compiled_modules()) or "-"
            elif words[0] == "load":
                runners[words[1]] = game_rates(words[1])
                answer = "ok"
            else:
                game, figure, seconds = words
                answer = repr(runners[game][figure](float(seconds)))
        except Exception as exc:  # reported to the suite, which stops with it
            answer = f"error: {type(exc).__name__}: {exc}"
        print(answer, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(serve(sys.argv[1]))

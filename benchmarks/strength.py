"""Bot strength: ``python benchmarks/strength.py [--games …] [--hands N] [--budgets …] [--jobs J]``,
and the ladder: ``python benchmarks/strength.py --ladder [--games rook voormsi] [--deals N]
[--iterations K] [--samples S] [--rungs …] [--seed S] [--jobs J] [--time-per-move]``.

**The table** (the default). For each game: the heuristic bot against ``RandomBot``, and ``ISMCTSBot``
at a few iteration budgets against the heuristic bot (decisions with more than 64 legal actions, and
in Rook the auction, bury and trump call, are left to the heuristic bot: see ``SEARCH_PHASES``).
Bots of the tested kind sit in seats 0 and 2 (team 0); to cancel the seat advantage every deal is
played twice, once with the tested bots in each team (the seeds of ``simulate`` are shared, so the
two halves see the same deals). Results are win rates of the tested bot over single hands (a hand
is won by the side that scored more in it; ties count half), with Wilson 95 % intervals, and the
mean points per hand. Solitaire games compare mean results instead.

**The ladder** (``--ladder``). The rungs ``random < heuristic < ismcts-K < pimc-S`` (or any list
of bot specs, :func:`make_bot`), each played against the rung below it in duplicate (every deal
once with each line-up in each team, :func:`cardrules.sim.play_rotation`, the deal seeds those of
``simulate(..., duplicate=True)``): the margin is the upper rung's points a hand minus the lower
rung's, averaged over the deal's two rotations, with a paired 95 % interval over the deals
(Student's t); the win rate is the upper rung's share of hands in which its side scored more (ties
half), with the same kind of interval. Each bot's time per move is the CPU time
(:func:`time.process_time`) of its ``choose`` on decisions with two or more legal actions, measured
in the process that plays the deal.

:func:`duel` is the machinery, also used by ``benchmarks/euchre_cli.py``: it plays any two bot
specs (``module:Class`` included) on any game of two partnerships.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))


from cardrules import ISMCTSBot, RandomBot, get_game, simulate, wilson_interval
from cardrules.bots import Bot
from cardrules.bots.pimc import PIMCBot
from cardrules.notation import is_number
from cardrules.sim import game_seed, load_bot, play_rotation

# Rook's auction is left to the heuristic bot: random playouts set nearly every contract, so a
# search that judges bids by them learns to pass. ISMCTS searches Rook's card play.
SEARCH_PHASES: dict[str, set[str]] = {"rook": {"play"}}

Z95 = 1.959963984540054


def heuristic(game: Any) -> Bot:
    bot: Bot = game.heuristic_bot()
    return bot


def duel_table(
    game: Any, tested: Bot, opponent: Bot, hands: int, seed: int, executor: Executor | None
) -> dict[str, float]:
    """Win rate of ``tested`` against ``opponent`` over ``hands`` deals played from both sides."""
    n = game.num_players
    if n == 1:
        a = simulate(game, [tested], games=hands, seed=seed, start="hand", executor=executor)
        b = simulate(game, [opponent], games=hands, seed=seed, start="hand", executor=executor)
        return {
            "tested_mean": a.mean_team_points[0],
            "opponent_mean": b.mean_team_points[0],
            "games": float(hands),
        }
    first = simulate(
        game,
        [tested if s % 2 == 0 else opponent for s in range(n)],
        games=hands,
        seed=seed,
        start="hand",
        executor=executor,
    )
    second = simulate(
        game,
        [opponent if s % 2 == 0 else tested for s in range(n)],
        games=hands,
        seed=seed,
        start="hand",
        executor=executor,
    )
    wins = first.team_wins[0] + second.team_wins[1] + (first.draws + second.draws) / 2
    total = first.completed + second.completed
    low, high = wilson_interval(wins, total)
    points = (
        first.mean_team_points[0]
        - first.mean_team_points[1]
        + second.mean_team_points[1]
        - second.mean_team_points[0]
    ) / 2
    return {
        "win_rate": wins / total,
        "low": low,
        "high": high,
        "point_margin": points,
        "games": float(total),
    }


def table(
    name: str, hands: int, budgets: Sequence[int], seed: int, executor: Executor | None
) -> list[tuple[str, dict[str, float]]]:
    game = get_game(name)
    rows = [
        (
            "heuristic vs random",
            duel_table(game, heuristic(game), RandomBot(), hands, seed, executor),
        )
    ]
    for budget in budgets:
        # Decisions with very many options (Rook's bury, Voormsi's wide group plays) go to the
        # heuristic bot: a small budget cannot even try each option once.
        search = ISMCTSBot(
            game,
            iterations=budget,
            max_branching=64,
            fallback=heuristic(game),
            search_phases=SEARCH_PHASES.get(name),
        )
        rows.append(
            (
                f"ismcts-{budget} vs heuristic",
                duel_table(game, search, heuristic(game), hands, seed, executor),
            )
        )
    return rows


# -- bots by name ---------------------------------------------------------------------------------


def _budget(spec: str, prefix: str) -> int:
    text = spec[len(prefix) :]
    if not is_number(text) or int(text) < 1:
        raise ValueError(f"bot {spec!r}: {prefix}N needs a whole number N ≥ 1")
    return int(text)


def make_bot(game: Any, spec: str) -> Bot:
    """The bot named ``spec``: ``random``, ``heuristic`` (the game's heuristic bot), ``ismcts-K``
    (:class:`~cardrules.bots.ismcts.ISMCTSBot` of ``K`` iterations, decisions with more than 64
    legal actions and, in Rook, everything but the card play left to the heuristic bot),
    ``pimc-S`` (:class:`~cardrules.bots.pimc.PIMCBot` of ``S`` samples, the heuristic bot
    outside the card play and where the solver cannot finish), ``pimc-S+ismcts-K`` (``ismcts-K``, with
    ``pimc-S`` in the card play once the seat holds at most ``ENDGAME_CARDS`` cards), or ``module:Class`` / an entry-point name
    (:func:`cardrules.sim.load_bot`: your own bot)."""
    if spec == "random":
        return RandomBot()
    if spec == "heuristic":
        return heuristic(game)
    if spec.startswith("ismcts-"):
        return ISMCTSBot(
            game,
            iterations=_budget(spec, "ismcts-"),
            max_branching=64,
            fallback=heuristic(game),
            search_phases=SEARCH_PHASES.get(game.name),
        )
    if spec.startswith("pimc-"):
        samples, _, under = spec.partition("+")
        pimc = PIMCBot(game, samples=_budget(samples, "pimc-"), fallback=heuristic(game))
        if not under:
            return pimc
        return Endgame(pimc, make_bot(game, under), ENDGAME_CARDS.get(game.name, 0))
    return load_bot(spec, game)


# The most cards a seat may hold for ``pimc-S+…`` to search with PIMC: below this the double-dummy
# solver finishes a sampled deal in about 0.05 s (Rook, 5 cards) or a few ms (Voormsi, 3 cards;
# with 4 it does not finish within 300,000 positions), measured on seeded hands; a whole Euchre
# hand solves in hundredths of a second.
ENDGAME_CARDS: dict[str, int] = {"euchre": 6, "rook": 5, "voormsi": 3}


class Endgame:
    """``pimc`` in the card play once the seat holds at most ``cards`` cards; ``early`` for every
    other decision (the bidding, and the card play before)."""

    def __init__(self, pimc: Bot, early: Bot, cards: int) -> None:
        self.pimc, self.early, self.cards = pimc, early, cards

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if getattr(view, "phase", None) == "play" and len(view.hand) <= self.cards:
            return self.pimc.choose(view, legal_actions, rng)
        return self.early.choose(view, legal_actions, rng)


# -- statistics -----------------------------------------------------------------------------------


def t_quantile(df: int) -> float:
    """The two-sided 95 % quantile of Student's t with ``df`` degrees of freedom (the
    Cornish-Fisher expansion about the normal quantile; within 0.1 % from 3 degrees on)."""
    if df < 1:
        return math.inf
    if df == 1:
        return 12.706204736174698
    if df == 2:
        return 4.302652729749464
    z = Z95
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * df**4)
    )


@dataclass(frozen=True)
class Estimate:
    """A mean over ``n`` deals with its 95 % t interval ``[low, high]`` and the deviation from
    deal to deal (``sd``; 0 and an infinite interval with fewer than two deals)."""

    mean: float
    low: float
    high: float
    sd: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        n = len(values)
        if n == 0:
            return cls(math.nan, -math.inf, math.inf, math.nan, 0)
        mean = statistics.fmean(values)
        if n == 1:
            return cls(mean, -math.inf, math.inf, 0.0, 1)
        sd = statistics.stdev(values)
        half = t_quantile(n - 1) * sd / math.sqrt(n)
        return cls(mean, mean - half, mean + half, sd, n)

    def text(self, digits: int = 2, *, percent: bool = False) -> str:
        if percent:  # a share: the interval clipped to [0, 1]
            low, high = max(0.0, self.low), min(1.0, self.high)
            return f"{self.mean:6.1%} [{low:6.1%}, {high:6.1%}]"
        return f"{self.mean:+.{digits}f} [{self.low:+.{digits}f}, {self.high:+.{digits}f}]"


# -- time per move --------------------------------------------------------------------------------


class TimedBot:
    """``bot``, with the CPU time of each of its decisions between two or more legal actions
    recorded by the view's ``phase`` (``times``). The decision is ``bot``'s own, unchanged."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.times: dict[str, list[float]] = {}

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: Any) -> Any:
        if len(legal_actions) < 2:
            return self.bot.choose(view, legal_actions, rng)
        began = time.process_time()
        action = self.bot.choose(view, legal_actions, rng)
        elapsed = time.process_time() - began
        self.times.setdefault(str(getattr(view, "phase", "?")), []).append(elapsed)
        return action


def _duration(seconds: float) -> str:
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


@dataclass
class MoveTimes:
    """The CPU seconds of one bot's decisions (two or more legal actions), by phase."""

    by_phase: dict[str, list[float]] = field(default_factory=dict)

    def add(self, other: Mapping[str, Sequence[float]]) -> None:
        for phase, times in other.items():
            self.by_phase.setdefault(phase, []).extend(times)

    def all(self) -> list[float]:
        return [t for times in self.by_phase.values() for t in times]

    def summary(self) -> str:
        every = self.all()
        if not every:
            return "no decision with two or more legal actions"
        play = self.by_phase.get("play", [])
        parts = [f"mean {_duration(statistics.fmean(every))}"]
        if play:
            parts.append(f"card play {_duration(statistics.fmean(play))}")
        parts.append(f"max {_duration(max(every))}")
        parts.append(f"{len(every)} decisions")
        return ", ".join(parts)

    def lines(self) -> list[str]:
        """Per phase: decisions, mean, median, 95th percentile and maximum, in ms."""
        out = [f"  {'phase':<10} {'decisions':>9} {'mean':>9} {'median':>9} {'p95':>9} {'max':>9}"]
        for phase, times in sorted(self.by_phase.items()):
            ordered = sorted(times)
            p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
            out.append(
                f"  {phase:<10} {len(times):>9} {statistics.fmean(times) * 1000:>7.2f}ms "
                f"{statistics.median(times) * 1000:>7.2f}ms {p95 * 1000:>7.2f}ms "
                f"{ordered[-1] * 1000:>7.2f}ms"
            )
        return out


# -- duplicate duels ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DuelJob:
    """What a worker needs to play deals of a duel: the game and its rule options, the two bot
    specs (line-up 0 at team 0's seats in rotation 0, line-up 1 at team 1's), the simulation seed,
    and ``factory(game, spec) -> Bot`` (module-level, so that it pickles)."""

    game: str
    rules: tuple[tuple[str, Any], ...]
    specs: tuple[str, str]
    seed: int
    factory: Callable[[Any, str], Bot] = make_bot


@dataclass
class DuelPart:
    """The deals a worker played: per deal ``(points r0, points r1, win r0, win r1)`` of line-up 0
    against line-up 1 in each rotation (points: its side's minus the other's; win: 1, ½ or 0),
    the hands in which nobody scored, and each line-up's move times."""

    rows: list[tuple[int, int, float, float]]
    scoreless: int
    times: tuple[dict[str, list[float]], dict[str, list[float]]]


def play_deals(job: DuelJob, deals: Sequence[int]) -> DuelPart:
    """Play every rotation of deals ``deals`` of ``job`` (module-level: worker processes run it)."""
    game = get_game(job.game, **dict(job.rules))
    if game.num_players != 4:
        raise ValueError(f"a duel seats two partnerships of two (seats 0, 2 and 1, 3): {job.game}")
    timed = (TimedBot(job.factory(game, job.specs[0])), TimedBot(job.factory(game, job.specs[1])))
    bots: list[Bot] = [timed[0], timed[1], timed[0], timed[1]]
    rows = []
    scoreless = 0
    for deal in deals:
        points, wins = [], []
        for rotation in (0, 1):
            final = play_rotation(
                game, bots, seed=game_seed(job.seed, deal), rotation=rotation, start="hand"
            )
            outcome = game.outcome(final)
            assert outcome is not None
            assert len(outcome.team_points) == 2
            mine, theirs = (
                outcome.team_points[rotation],
                outcome.team_points[1 - rotation],
            )  # line-up 0 sits at team `rotation` in rotation `rotation`
            points.append(mine - theirs)
            wins.append(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
            scoreless += mine == theirs == 0
        rows.append((points[0], points[1], wins[0], wins[1]))
    return DuelPart(rows, scoreless, (timed[0].times, timed[1].times))


@dataclass
class DuelResult:
    """A duplicate duel of ``specs[0]`` (line-up 0) against ``specs[1]``: the per-deal rows, the
    margin in points a hand and the win rate (line-up 0's), each with its paired 95 % interval,
    and each line-up's time per move."""

    game: str
    specs: tuple[str, str]
    seed: int
    rows: list[tuple[int, int, float, float]]
    scoreless: int
    times: tuple[MoveTimes, MoveTimes]
    seconds: float

    @property
    def deals(self) -> int:
        return len(self.rows)

    @property
    def points(self) -> Estimate:
        return Estimate.of([(a + b) / 2 for a, b, _, _ in self.rows])

    @property
    def wins(self) -> Estimate:
        return Estimate.of([(a + b) / 2 for _, _, a, b in self.rows])


def _chunks(deals: int, jobs: int) -> list[list[int]]:
    size = max(1, min(25, math.ceil(deals / max(1, 4 * jobs))))
    return [list(range(k, min(k + size, deals))) for k in range(0, deals, size)]


def duel(
    game: str,
    specs: tuple[str, str],
    deals: int,
    *,
    seed: int = 1,
    rules: Mapping[str, Any] | None = None,
    jobs: int = 1,
    factory: Callable[[Any, str], Bot] = make_bot,
) -> DuelResult:
    """Play ``deals`` deals of ``game`` in duplicate, ``specs[0]`` against ``specs[1]``, on
    ``jobs`` processes (the result is the same whatever ``jobs``, the timings aside)."""
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals}")
    job = DuelJob(game, tuple(sorted((rules or {}).items())), specs, seed, factory)
    started = time.perf_counter()
    chunks = _chunks(deals, jobs)
    parts: Iterable[DuelPart]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(play_deals, [job] * len(chunks), chunks))
    else:
        parts = [play_deals(job, chunk) for chunk in chunks]
    rows: list[tuple[int, int, float, float]] = []
    scoreless = 0
    times = (MoveTimes(), MoveTimes())
    for part in parts:
        rows.extend(part.rows)
        scoreless += part.scoreless
        times[0].add(part.times[0])
        times[1].add(part.times[1])
    return DuelResult(game, specs, seed, rows, scoreless, times, time.perf_counter() - started)


# -- the ladder -----------------------------------------------------------------------------------


def default_rungs(iterations: int, samples: int) -> list[str]:
    """``random``, ``heuristic``, ``ismcts-K`` and ``pimc-S+ismcts-K``: PIMC searches the card
    play once the solver finishes a sampled deal quickly (``ENDGAME_CARDS``), and leaves the
    earlier card play and the bidding to ``ismcts-K`` (in Rook and Voormsi the solver cannot
    finish a hand's first tricks in reasonable time)."""
    return ["random", "heuristic", f"ismcts-{iterations}", f"pimc-{samples}+ismcts-{iterations}"]


def ladder(
    game: str, rungs: Sequence[str], deals: int, *, seed: int, jobs: int
) -> list[DuelResult]:
    """Each rung against the rung below it: ``rungs[k + 1]`` (line-up 0) against ``rungs[k]``."""
    return [
        duel(game, (upper, lower), deals, seed=seed, jobs=jobs)
        for lower, upper in itertools.pairwise(rungs)
    ]


def ladder_lines(game: str, results: Sequence[DuelResult], *, detail: bool = False) -> list[str]:
    """The ladder as text: a row per duel, then each bot's time per move."""
    lines = [
        f"{game}: each rung against the one below, duplicate, seed {results[0].seed}",
        f"  {'duel':<38} {'margin pts/hand (95 %)':<26} {'win rate (95 %)':<24} {'deals':>5}",
    ]
    times: dict[str, MoveTimes] = {}
    for result in results:
        upper, lower = result.specs
        lines.append(
            f"  {upper + ' vs ' + lower:<38} {result.points.text():<26} "
            f"{result.wins.text(percent=True):<24} {result.deals:>5}"
        )
        for spec, moves in zip(result.specs, result.times, strict=True):
            times.setdefault(spec, MoveTimes()).add(moves.by_phase)
    lines.append("  time per move (CPU, one core, decisions with two or more legal actions):")
    for spec, moves in times.items():
        lines.append(f"    {spec:<30} {moves.summary()}")
        if detail:
            lines.extend("    " + line for line in moves.lines())
    lines.append(f"  ({sum(r.seconds for r in results):.0f} s)")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Bot strength table, or the ladder (--ladder)")
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--hands", type=int, default=200, help="table: deals per side per row")
    parser.add_argument("--budgets", nargs="*", type=int, default=[50, 200])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ladder", action="store_true", help="the ladder of adjacent duels")
    parser.add_argument("--deals", type=int, default=100, help="ladder: duplicate deals a duel")
    parser.add_argument("--iterations", type=int, default=1000, help="ladder: ISMCTS's budget")
    parser.add_argument("--samples", type=int, default=20, help="ladder: PIMC's samples")
    parser.add_argument(
        "--rungs", nargs="+", default=None, help="ladder: bot specs, weakest first (make_bot)"
    )
    parser.add_argument(
        "--time-per-move", action="store_true", help="ladder: each bot's times by phase"
    )
    args = parser.parse_args(argv)
    if args.ladder:
        rungs = args.rungs or default_rungs(args.iterations, args.samples)
        if len(rungs) < 2:
            parser.error("a ladder needs two rungs or more")
        for name in args.games or ["rook", "voormsi"]:
            results = ladder(name, rungs, args.deals, seed=args.seed, jobs=args.jobs)
            print("\n".join(ladder_lines(name, results, detail=args.time_per_move)))
        return 0
    executor = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for name in args.games or ["euchre", "rook", "voormsi"]:
            started = time.perf_counter()
            for label, row in table(name, args.hands, args.budgets, args.seed, executor):
                if "win_rate" in row:
                    print(
                        f"{name:<10} {label:<28} win {row['win_rate']:6.1%} [{row['low']:6.1%}, {row['high']:6.1%}]  margin {row['point_margin']:+6.2f}/hand  n={row['games']:.0f}"
                    )
                else:
                    print(
                        f"{name:<10} {label:<28} mean {row['tested_mean']:.3f} vs {row['opponent_mean']:.3f}  n={row['games']:.0f}"
                    )
            print(f"{name:<10} ({time.perf_counter() - started:.0f} s)")
    finally:
        if executor is not None:
            executor.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Playing games with bots, one at a time or many at once on any executor.

:func:`play_game` plays one match (or one hand) with one bot per seat. :func:`simulate` plays many and
summarises them with Wilson 95 % intervals. Every game gets its own seed derived from the simulation
seed and its index alone, and games are cut into batches of indices, so the result is identical
whatever the executor — none, a :class:`~concurrent.futures.ProcessPoolExecutor`, or a Dask cluster's
``Client.get_executor()`` — the number of workers and the batch size.

Any number of players works, one included. A game counts as won by the team of its outcome's
``winners``; as a **draw** only when the outcome says so (no winners and a return of 0 for every seat,
or winners from several teams); otherwise (no winners, some seat with a non-zero return: a lost
patience) as a loss for every team. A game that has not ended after ``max_steps`` steps is
**truncated**: neither a win, a loss nor a draw, and counted apart.

>>> wilson_interval(50, 100)
(0.4038..., 0.5961...)
>>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
True
"""

from __future__ import annotations

import math
import os
import random
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future
from fractions import Fraction
from typing import Any, Final, Literal, final

import attrs

from cardrules.bots import Bot
from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    check_int,
    short_repr,
)
from cardrules.game import CHANCE, Outcome

__all__ = [
    "DEFAULT_MAX_STEPS",
    "Failure",
    "SimulationResult",
    "game_seed",
    "play_game",
    "simulate",
    "wilson_interval",
]

Start = Literal["match", "hand"]

DEFAULT_MAX_STEPS: Final = 100_000
"""The default step limit of one game (chance steps included): far above any real match, low
enough that a bot that loops is caught in a second or two."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed``: a pure function of both.

    Seeding :class:`random.Random` with a string hashes it with SHA-512, identically on every
    machine and Python version, whatever ``PYTHONHASHSEED`` is.
    """
    return random.Random(f"cardrules-sim:{seed}:{index}").getrandbits(63)


def wilson_interval(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); ``(0, 1)`` when ``n`` is 0.

    >>> wilson_interval(0, 10)
    (0.0, 0.2775...)
    """
    if type(n) is not int:
        raise ArgumentTypeError(f"n must be an int, not {type(n).__name__} {n!r:.40}")
    if type(successes) not in (int, float):  # not a bool, nor a text
        raise ArgumentTypeError(
            f"successes must be a number, not {type(successes).__name__} {successes!r:.40}"
        )
    if n < 0:
        raise ArgumentError(f"n must be at least 0, not {n}")
    if n == 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ArgumentError(f"{successes} successes out of {n} is not a proportion")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _check_seed(seed: object) -> int:
    # Randomness comes only from an explicit seed: None (a fresh random game each call) is refused,
    # and so are a bool, a float or a text, which random.Random would take and hash silently.
    return check_int(seed, "seed")


def _check_common(game: Any, bots: Sequence[Bot], start: object, max_steps: object) -> None:
    given: object = bots  # the annotation is a promise the caller may not keep
    if not isinstance(given, Sequence) or isinstance(given, str | bytes):
        raise ArgumentTypeError(
            f"bots must be a sequence of bots, one per seat, not {type(given).__name__} "
            f"{short_repr(given)}"
        )
    if len(bots) != game.num_players:
        # A value error of the right type: the count is wrong, not the kind of argument.
        raise ArgumentError(
            f"{game.name} needs {game.num_players} bots, one per seat, not {len(bots)}"
        )
    if start not in ("match", "hand"):
        raise ArgumentError(f"start must be 'match' or 'hand', not {start!r:.40}")
    check_int(max_steps, "max_steps", 1)


def _play(
    game: Any, bots: Sequence[Bot], seed: int, start: Start, dealer: int | None, max_steps: int
) -> Any:
    """The final state of one game, or ``None`` if it has not ended after ``max_steps`` steps."""
    chance_rng = random.Random(seed)
    bot_rngs = [random.Random(f"cardrules-bot:{seed}:{s}") for s in range(game.num_players)]
    state = game.new_match() if start == "match" else game.new_hand(dealer=dealer)
    for _ in range(max_steps):
        seat = game.to_move(state)
        if seat is None:
            return state
        if seat == CHANCE:
            action = game.sample_chance(state, chance_rng)
        else:
            view = game.view(state, seat)
            action = bots[seat].choose(view, game.legal_actions(state), bot_rngs[seat])
        state = game.apply(state, action)
    return state if game.to_move(state) is None else None


def play_game(
    game: Any,
    bots: Sequence[Bot],
    *,
    seed: int,
    start: Start = "match",
    dealer: int | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Any:
    """Play from a fresh match (or hand) to the end and return the final state.

    ``bots[s]`` plays seat ``s``; chance draws from ``random.Random(seed)`` and each bot from its
    own generator seeded from ``seed`` and its seat, so the same seed plays the same game. A game
    that has not ended after ``max_steps`` steps (chance steps included) raises
    :class:`~cardrules.errors.CardrulesError`. ``seed`` must be an ``int`` (not a ``bool``), else
    :class:`~cardrules.errors.ArgumentTypeError`: a game is reproducible only from its seed.
    """
    _check_seed(seed)
    _check_common(game, bots, start, max_steps)
    final = _play(game, bots, seed, start, dealer, max_steps)
    if final is None:
        raise CardrulesError(f"{game.name}: no end after {max_steps} steps")
    return final


@final
@attrs.frozen
class Failure:
    """A game that raised instead of finishing: its index, seed and the error."""

    index: int
    seed: int
    error: str


class _Tally:
    """Running totals of finished games, exact and order-free: counts and points are ints, returns
    are exact fractions, so merging batches in any grouping gives the same summary."""

    __slots__ = (
        "completed",
        "draws",
        "failures",
        "losses",
        "points",
        "returns",
        "team_of",
        "truncated",
        "wins",
    )

    def __init__(self, teams: tuple[tuple[int, ...], ...], num_players: int) -> None:
        self.team_of = {seat: t for t, team in enumerate(teams) for seat in team}
        self.wins = [0] * len(teams)
        self.losses = [0] * len(teams)
        self.points = [0] * len(teams)
        self.returns = [Fraction(0)] * num_players
        self.draws = 0
        self.completed = 0
        self.truncated = 0
        self.failures: list[Failure] = []

    def add(self, outcome: Outcome) -> None:
        self.completed += 1
        winning = {self.team_of[s] for s in outcome.winners if s in self.team_of}
        if len(winning) == 1:
            winner = winning.pop()
            self.wins[winner] += 1
            for t in range(len(self.losses)):
                if t != winner:
                    self.losses[t] += 1
        elif winning or all(r == 0 for r in outcome.returns):
            self.draws += 1  # a tie for first place, or no winner and nothing lost by anyone
        else:
            for t in range(len(self.losses)):  # no winner (a lost patience): everyone lost
                self.losses[t] += 1
        for t in range(len(self.points)):
            self.points[t] += outcome.team_points[t] if t < len(outcome.team_points) else 0
        for s in range(len(self.returns)):
            self.returns[s] += Fraction(outcome.returns[s])

    def merge(self, other: _Tally) -> None:
        self.completed += other.completed
        self.draws += other.draws
        self.truncated += other.truncated
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.losses = [a + b for a, b in zip(self.losses, other.losses, strict=True)]
        self.points = [a + b for a, b in zip(self.points, other.points, strict=True)]
        self.returns = [a + b for a, b in zip(self.returns, other.returns, strict=True)]
        self.failures.extend(other.failures)


def _run_batch(
    game: Any,
    bots: Sequence[Bot],
    seed: int,
    indices: Sequence[int],
    start: Start,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> _Tally:
    """Play the games of one batch and return their totals (not every result: memory stays flat
    however many games are played). Module-level so that process and cluster workers import it."""
    tally = _Tally(_teams_of(game), game.num_players)
    for index in indices:
        s = game_seed(seed, index)
        try:
            final = _play(game, bots, s, start, None, max_steps)
            if final is None:
                tally.truncated += 1
                continue
            outcome = game.outcome(final)
            if outcome is None:
                raise CardrulesError("the game ended without an outcome")
        except Exception as exc:
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            tally.failures.append(Failure(index, s, detail))
            continue
        tally.add(outcome)
    return tally


@final
@attrs.frozen
class SimulationResult:
    """The summary of a simulation.

    Of the ``games`` played, ``completed`` ended with an outcome, ``truncated`` had not ended after
    ``max_steps`` steps, and ``failures`` raised (listed with their seeds); only completed games
    enter the figures. ``team_wins[t]`` counts the completed games team ``t`` won,
    ``team_losses[t]`` those it lost, ``draws`` those the outcome calls a draw (so
    ``team_wins[t] + team_losses[t] + draws == completed``). ``win_rates[t]`` is
    ``(rate, low, high)``: ``team_wins[t] / completed`` with a Wilson 95 % interval.
    ``mean_team_points`` and ``mean_seat_returns`` average the completed games' outcomes.
    """

    game: str
    seed: int
    games: int
    completed: int
    teams: tuple[tuple[int, ...], ...]
    team_wins: tuple[int, ...]
    draws: int
    win_rates: tuple[tuple[float, float, float], ...]
    mean_team_points: tuple[float, ...]
    mean_seat_returns: tuple[float, ...]
    failures: tuple[Failure, ...]
    team_losses: tuple[int, ...] = ()
    truncated: int = 0
    max_steps: int = DEFAULT_MAX_STEPS

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data (for ``--json``)."""
        return attrs.asdict(self, recurse=True)

    def table(self) -> str:
        """A plain-text table of the result."""
        lines = [f"{self.game}: {self.completed}/{self.games} games completed (seed {self.seed})"]
        for t, team in enumerate(self.teams):
            rate, low, high = self.win_rates[t]
            seats = ",".join(map(str, team))
            losses = self.team_losses[t] if t < len(self.team_losses) else 0
            lines.append(
                f"  team {t} (seats {seats}): wins {self.team_wins[t]:>6}  losses {losses:>6}  "
                f"rate {rate:6.1%} [{low:6.1%}, {high:6.1%}]  "
                f"mean points {self.mean_team_points[t]:8.2f}"
            )
        lines.append(f"  draws: {self.draws}")
        lines.append(f"  truncated: {self.truncated} (no end within {self.max_steps} steps)")
        if self.failures:
            lines.append(f"  failed: {len(self.failures)}")
        for failure in self.failures:
            lines.append(f"  FAILED game {failure.index} (seed {failure.seed}): {failure.error}")
        return "\n".join(lines)


def _teams_of(game: Any) -> tuple[tuple[int, ...], ...]:
    teams = getattr(game, "teams", None)
    if teams is not None:
        return tuple(tuple(t) for t in getattr(teams, "teams", teams))
    if game.num_players == 4:
        return ((0, 2), (1, 3))
    return tuple((s,) for s in range(game.num_players))


def simulate(
    game: Any,
    bots: Sequence[Bot],
    *,
    games: int,
    seed: int = 0,
    executor: Executor | None = None,
    start: Start = "match",
    batch_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> SimulationResult:
    """Play ``games`` matches (or hands, with ``start="hand"``) and summarise them.

    ``executor`` is any :class:`concurrent.futures.Executor` (``None`` plays in this process); the
    game and the bots must then be picklable. ``progress(done, total)`` is called as batches finish.
    A game that has not ended after ``max_steps`` steps (chance steps included) is stopped and
    counted in ``truncated``. ``games`` must be an int >= 0, ``seed`` an int, ``batch_size`` and
    ``max_steps`` ints >= 1.

    Batches are made as they are needed, and at most 256 of them wait on the executor at a time,
    so memory stays flat however many games are asked for. ``batch_size`` ``None`` (the default)
    picks one: 64 games in this process, and with an executor about four batches a worker (at
    most 64 games each), so that no worker idles while another finishes a long last batch. The
    result is the same whatever the batch size.
    """
    check_int(games, "games", 0)
    _check_seed(seed)
    if batch_size is None:
        batch_size = auto_batch_size(games, executor)
    check_int(batch_size, "batch_size", 1)
    _check_common(game, bots, start, max_steps)
    batches = (range(k, min(k + batch_size, games)) for k in range(0, games, batch_size))
    total = _Tally(_teams_of(game), game.num_players)
    done = 0
    for batch, tally in _run_batches(game, bots, seed, batches, start, max_steps, executor):
        total.merge(tally)
        done += len(batch)
        if progress is not None:
            progress(done, games)
    return _summarise(game, seed, games, max_steps, total)


def auto_batch_size(games: int, executor: Executor | None) -> int:
    """The batch size :func:`simulate` uses when none is given: 64 games without an executor;
    with one, ``games`` cut into about four batches for each of its workers (a
    :class:`~concurrent.futures.ProcessPoolExecutor`'s ``max_workers``, else this machine's CPU
    count), at least 1 and at most 64 games.

    Why four: batches of equal size finish at different times (matches differ in length), and with
    one batch a worker the last to finish holds the whole run; smaller batches even the load out,
    while each still amortises its submission (the game and bots are pickled per batch).

    >>> from concurrent.futures import ProcessPoolExecutor
    >>> auto_batch_size(200, None), auto_batch_size(200, ProcessPoolExecutor(2))
    (64, 25)
    >>> auto_batch_size(100_000, ProcessPoolExecutor(2)), auto_batch_size(3, ProcessPoolExecutor(2))
    (64, 1)
    """
    check_int(games, "games", 0)
    if executor is None:
        return 64
    workers = getattr(executor, "_max_workers", None)
    if type(workers) is not int or workers < 1:
        workers = os.cpu_count() or 1
    return max(1, min(64, -(-games // (4 * workers))))


_MAX_PENDING_BATCHES: Final = 256
"""How many batches :func:`simulate` submits to an executor ahead of the one it waits for: enough
to keep a cluster busy, few enough that a huge ``games`` never builds a huge queue."""


def _run_batches(
    game: Any,
    bots: Sequence[Bot],
    seed: int,
    batches: Iterator[range],
    start: Start,
    max_steps: int,
    executor: Executor | None,
) -> Iterator[tuple[range, _Tally]]:
    """Each batch with its totals, in batch order (merging is order-free, progress is not)."""
    if executor is None:
        for batch in batches:
            yield batch, _run_batch(game, bots, seed, batch, start, max_steps)
        return
    pending: deque[tuple[range, Future[_Tally]]] = deque()
    for batch in batches:
        pending.append(
            (batch, executor.submit(_run_batch, game, bots, seed, batch, start, max_steps))
        )
        if len(pending) >= _MAX_PENDING_BATCHES:
            done_batch, future = pending.popleft()
            yield done_batch, future.result()
    while pending:
        done_batch, future = pending.popleft()
        yield done_batch, future.result()


def _summarise(game: Any, seed: int, games: int, max_steps: int, tally: _Tally) -> SimulationResult:
    teams = _teams_of(game)
    completed = tally.completed
    n = max(completed, 1)
    rates = []
    for t in range(len(teams)):
        low, high = wilson_interval(tally.wins[t], completed)
        rates.append((tally.wins[t] / completed if completed else 0.0, low, high))
    return SimulationResult(
        game.name,
        seed,
        games,
        completed,
        teams,
        tuple(tally.wins),
        tally.draws,
        tuple(rates),
        tuple(p / n for p in tally.points),
        tuple(float(r / n) for r in tally.returns),
        tuple(sorted(tally.failures, key=lambda f: f.index)),
        tuple(tally.losses),
        tally.truncated,
        max_steps,
    )

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

**Duplicate play** (``simulate(..., duplicate=True)``) compares the bots fairly: each deal is played
once per *rotation*, the line-ups (the bots of each team's seats) moved round the teams' places, so
that every line-up plays every deal from every side; the luck of the cards cancels out deal by deal,
and a paired 95 % interval on the difference between line-ups needs far fewer deals than plain play
(see :class:`DuplicateSummary`).

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
from itertools import combinations
from typing import Any, Final, Literal, Protocol, TypeGuard, TypeVar, cast, final

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
    "Difference",
    "DuplicateSummary",
    "Failure",
    "PairedComparison",
    "PlayedBy",
    "SimulationResult",
    "game_seed",
    "load_bot",
    "play_game",
    "play_rotation",
    "rotate_lineups",
    "simulate",
    "wilson_interval",
]

Start = Literal["match", "hand"]
ViewT = TypeVar("ViewT", covariant=True)
ActionT = TypeVar("ActionT", covariant=True)


class PlayedBy(Protocol[ViewT, ActionT]):
    """What types a game's bots, for a type checker: the views it shows a seat and the actions
    it lists. :func:`simulate`, :func:`play_game` and :func:`play_rotation` take a game as one and
    its bots as ``Bot[ViewT, ActionT]``, so ``mypy --strict`` refuses a Rook bot at a Euchre
    table (a bare ``Bot`` plays anything)."""

    def view(self, state: Any, seat: int, /) -> ViewT:
        """What ``seat`` may know of ``state``."""
        ...

    def legal_actions(self, state: Any, /) -> tuple[ActionT, ...]:
        """The seat to move's actions."""
        ...


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
    state = game.new_match() if start == "match" else game.new_hand(dealer=dealer)
    return _run(game, bots, state, seed, max_steps, lambda step: chance_rng)


def _run(
    game: Any,
    seated: Sequence[Bot],
    state: Any,
    seed: int,
    max_steps: int,
    chance_for: Callable[[int], random.Random],
) -> Any:
    """Play ``state`` on to the end, the bot ``seated[s]`` at seat ``s`` drawing from the seat's
    generator of ``seed``, the ``k``-th chance step from ``chance_for(k)``: the final state, or
    ``None`` if the game has not ended after ``max_steps`` steps."""
    bot_rngs = [random.Random(f"cardrules-bot:{seed}:{s}") for s in range(game.num_players)]
    chance_step = 0
    for _ in range(max_steps):
        seat = game.to_move(state)
        if seat is None:
            return state
        if seat == CHANCE:
            action = game.sample_chance(state, chance_for(chance_step))
            chance_step += 1
        else:
            view = game.view(state, seat)
            action = seated[seat].choose(view, game.legal_actions(state), bot_rngs[seat])
        state = game.apply(state, action)
    return state if game.to_move(state) is None else None


def play_game(
    game: PlayedBy[ViewT, ActionT],
    bots: Sequence[Bot[ViewT, ActionT]],
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
        raise CardrulesError(f"{getattr(game, 'name', game)}: no end after {max_steps} steps")
    return final


def _rotation_teams(game: Any) -> tuple[tuple[int, ...], ...]:
    """The teams whose line-ups duplicate play rotates: two or more, all of one size."""
    teams = _teams_of(game)
    if len(teams) < 2:
        raise ArgumentError(
            f"duplicate play compares the line-ups of two or more teams; {game.name} has "
            f"{len(teams)} (compare one-seat bots with a plain simulate of each, same seed)"
        )
    if len({len(team) for team in teams}) != 1:
        sizes = ", ".join(str(len(team)) for team in teams)
        raise ArgumentError(
            f"duplicate play moves whole line-ups between teams, so the teams must be of one "
            f"size; {game.name}'s have {sizes} seats"
        )
    return teams


def rotate_lineups(game: Any, bots: Sequence[Bot], rotation: int) -> list[Bot]:
    """The bot of each seat in rotation ``rotation`` of duplicate play.

    A *line-up* is the bots at one team's seats in ``bots`` (team ``t`` of the game's teams, seats
    in the team's order). Rotation ``r`` seats line-up ``t`` at team ``(t + r) % T``'s seats, ``T``
    the number of teams: in a partnership game rotation 1 swaps the two line-ups, and in a game of
    single players each bot moves one seat on. Rotation 0 is ``bots`` itself.

    >>> from cardrules import get_game
    >>> rotate_lineups(get_game("euchre"), ["A", "B", "C", "D"], 1)
    ['B', 'A', 'D', 'C']
    """
    _check_common(game, bots, "hand", 1)
    teams = _rotation_teams(game)
    check_int(rotation, "rotation", 0)
    if rotation >= len(teams):
        raise ArgumentError(
            f"{game.name} has {len(teams)} rotations (0 to {len(teams) - 1}), not {rotation}"
        )
    return _seating(teams, bots, rotation)


def _seating(teams: tuple[tuple[int, ...], ...], bots: Sequence[Bot], rotation: int) -> list[Bot]:
    seated: list[Bot] = list(bots)
    for t, team in enumerate(teams):
        place = teams[(t + rotation) % len(teams)]
        for member, seat in enumerate(team):
            seated[place[member]] = bots[seat]
    return seated


def _play_seated(
    game: Any, seated: Sequence[Bot], deal_seed: int, start: Start, max_steps: int
) -> Any:
    """One game of a duplicate deal: the final state, or ``None`` if it has not ended after
    ``max_steps`` steps.

    The ``k``-th chance step draws from a generator of its own, seeded from the deal's seed and
    ``k`` (not from one generator running through the game): a rotation whose bots play
    differently, and so consume chance differently (a hand thrown in and dealt again, a longer
    match), still gets the same ``k``-th deal as every other rotation. Each seat's bot draws from
    the seat's generator, the same in every rotation: only the seating differs between rotations.
    """
    state = game.new_match() if start == "match" else game.new_hand()
    return _run(
        game,
        seated,
        state,
        deal_seed,
        max_steps,
        lambda step: random.Random(f"cardrules-deal:{deal_seed}:{step}"),
    )


def play_rotation(
    game: PlayedBy[ViewT, ActionT],
    bots: Sequence[Bot[ViewT, ActionT]],
    *,
    seed: int,
    rotation: int,
    start: Start = "hand",
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Any:
    """Play one game of duplicate play and return its final state: deal ``seed`` (the seed of a
    deal, as :func:`game_seed` makes it), with the line-ups of ``bots`` seated as
    :func:`rotate_lineups` seats them in ``rotation``.

    Every rotation of one ``seed`` is dealt the same cards (the same chance actions, in order),
    so this replays any game of a duplicate :func:`simulate`: deal ``d`` of a simulation seeded
    ``S`` is ``game_seed(S, d)``. A game that has not ended after ``max_steps`` steps raises
    :class:`~cardrules.errors.CardrulesError`.

    >>> from cardrules import RandomBot, get_game
    >>> game = get_game("euchre")
    >>> bots = [RandomBot()] * 4
    >>> first, second = (play_rotation(game, bots, seed=5, rotation=r) for r in (0, 1))
    >>> first == second  # two copies of one bot: only the seating differs, and it changes nothing
    True
    """
    _check_seed(seed)
    seated = rotate_lineups(game, bots, rotation)
    _check_common(game, bots, start, max_steps)
    final = _play_seated(game, seated, seed, start, max_steps)
    if final is None:
        raise CardrulesError(f"{getattr(game, 'name', game)}: no end after {max_steps} steps")
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


class _DuplicateTally:
    """Running sums over the duplicate deals that finished in every rotation, exact (fractions)
    and order-free like :class:`_Tally`: per line-up, its points and wins averaged over the deal's
    rotations; per pair of line-ups, the sum and the sum of squares of their per-deal difference in
    points, then in wins (the paired interval needs nothing else)."""

    __slots__ = ("complete", "lineup_points", "lineup_wins", "pairs")

    def __init__(self, lineups: int) -> None:
        self.complete = 0
        self.lineup_points = [Fraction(0)] * lineups
        self.lineup_wins = [Fraction(0)] * lineups
        self.pairs = {pair: [Fraction(0)] * 4 for pair in combinations(range(lineups), 2)}

    def add(self, points: Sequence[Fraction], wins: Sequence[Fraction]) -> None:
        self.complete += 1
        for t in range(len(points)):
            self.lineup_points[t] += points[t]
            self.lineup_wins[t] += wins[t]
        for (i, j), sums in self.pairs.items():
            dp, dw = points[i] - points[j], wins[i] - wins[j]
            sums[0] += dp
            sums[1] += dp * dp
            sums[2] += dw
            sums[3] += dw * dw

    def merge(self, other: _DuplicateTally) -> None:
        self.complete += other.complete
        self.lineup_points = [
            a + b for a, b in zip(self.lineup_points, other.lineup_points, strict=True)
        ]
        self.lineup_wins = [a + b for a, b in zip(self.lineup_wins, other.lineup_wins, strict=True)]
        for pair, sums in self.pairs.items():
            self.pairs[pair] = [a + b for a, b in zip(sums, other.pairs[pair], strict=True)]


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


def _run_duplicate_batch(
    game: Any,
    bots: Sequence[Bot],
    seed: int,
    indices: Sequence[int],
    start: Start,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> tuple[_Tally, _DuplicateTally]:
    """Play every rotation of each deal of one batch: a deal is one unit of work, so that its
    rotations are paired whatever the batches. Game ``d * T + r`` is rotation ``r`` of deal ``d``
    (``T`` rotations); a failure names it so, with the deal's seed."""
    teams = _rotation_teams(game)
    rotations = len(teams)
    tally = _Tally(teams, game.num_players)
    paired = _DuplicateTally(rotations)
    seatings = [_seating(teams, bots, r) for r in range(rotations)]
    for deal in indices:
        s = game_seed(seed, deal)
        points = [Fraction(0)] * rotations
        wins = [Fraction(0)] * rotations
        complete = True
        for r, seated in enumerate(seatings):
            try:
                final = _play_seated(game, seated, s, start, max_steps)
                if final is None:
                    tally.truncated += 1
                    complete = False
                    continue
                outcome = game.outcome(final)
                if outcome is None:
                    raise CardrulesError("the game ended without an outcome")
            except Exception as exc:
                detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
                tally.failures.append(Failure(deal * rotations + r, s, f"rotation {r}: {detail}"))
                complete = False
                continue
            tally.add(outcome)
            winning = {tally.team_of[x] for x in outcome.winners if x in tally.team_of}
            for lineup in range(rotations):
                place = (lineup + r) % rotations  # where this line-up sat in rotation r
                if place < len(outcome.team_points):
                    points[lineup] += outcome.team_points[place]
                if winning == {place}:
                    wins[lineup] += 1
        if complete:
            paired.add([p / rotations for p in points], [w / rotations for w in wins])
    return tally, paired


_Z95: Final = 1.959963984540054
"""The two-sided 95 % quantile of the normal distribution."""


@final
@attrs.frozen
class Difference:
    """The mean of a per-deal difference, with its paired 95 % interval.

    ``mean`` is the difference averaged over ``deals`` deals; ``deviation`` its standard deviation
    from deal to deal (the sample's, divided by ``deals - 1``), ``standard_error`` that divided by
    ``√deals``, and ``[low, high]`` the interval ``mean ± 1.96 · standard_error`` (the normal
    approximation, sound from a few dozen deals). ``deals_needed`` estimates how many deals make
    the interval exclude 0 if the mean and deviation stay what they are: ``(1.96 · deviation /
    mean)²``, at least 2 (``None`` when the mean is 0). With fewer than two deals there is no
    deviation, and the fields that need one are ``None``.

    >>> d = Difference.of(4, total=Fraction(4), squares=Fraction(10))  # e.g. 2, 2, 1, -1
    >>> d.mean, d.deviation, d.separated, d.deals_needed
    (1.0, 1.414..., False, 8)
    """

    deals: int
    mean: float
    deviation: float | None
    standard_error: float | None
    low: float | None
    high: float | None
    deals_needed: int | None

    @classmethod
    def of(cls, deals: int, *, total: Fraction, squares: Fraction) -> Difference:
        """The difference of ``deals`` deals whose values sum to ``total`` and whose squares sum
        to ``squares`` (exact, so that the figures do not depend on the order of the deals)."""
        check_int(deals, "deals", 0)
        mean = total / deals if deals else Fraction(0)
        if deals < 2:
            return cls(deals, float(mean), None, None, None, None, None)
        variance = (squares - total * total / deals) / (deals - 1)
        deviation = math.sqrt(variance)
        error = deviation / math.sqrt(deals)
        needed = None if mean == 0 else max(2, math.ceil((_Z95 * deviation / float(mean)) ** 2))
        centre = float(mean)
        return cls(
            deals, centre, deviation, error, centre - _Z95 * error, centre + _Z95 * error, needed
        )

    @property
    def separated(self) -> bool:
        """Whether the interval excludes 0: the two line-ups are told apart."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)

    def text(self, digits: int = 3) -> str:
        """The mean with its interval, as the tables show it.

        >>> Difference.of(4, total=Fraction(4), squares=Fraction(10)).text()
        '+1.000 [-0.386, +2.386]'
        """
        if self.low is None or self.high is None:
            return f"{self.mean:+.{digits}f} [no interval: under 2 deals]"
        return f"{self.mean:+.{digits}f} [{self.low:+.{digits}f}, {self.high:+.{digits}f}]"


@final
@attrs.frozen
class PairedComparison:
    """Line-up ``first`` against line-up ``second``, deal by deal: ``points`` is the difference
    in points a game (per hand with ``start="hand"``, in final match score with ``"match"``),
    ``wins`` the difference in games won (a share, so ``+0.2`` is 20 points of win rate), each
    averaged over a deal's rotations before the deals are compared."""

    first: int
    second: int
    points: Difference
    wins: Difference


@final
@attrs.frozen
class DuplicateSummary:
    """What duplicate play measured.

    Each of ``deals`` deals was played once per rotation (``rotations`` of them: one per team), the
    line-ups seated as :func:`rotate_lineups` seats them; ``lineups[t]`` are line-up ``t``'s seats
    in rotation 0 (its team's seats). Only the ``complete_deals`` that finished in every rotation
    enter the figures (a truncated or failed game drops its deal). ``mean_points[t]`` is line-up
    ``t``'s mean points a game (a ``unit``: ``"hand"`` or ``"match"``) and ``win_rates[t]`` its
    share of games won; ``comparisons`` holds every pair of line-ups, first minus second.
    """

    deals: int
    rotations: int
    complete_deals: int
    unit: str
    lineups: tuple[tuple[int, ...], ...]
    mean_points: tuple[float, ...]
    win_rates: tuple[float, ...]
    comparisons: tuple[PairedComparison, ...]

    def lines(self) -> list[str]:
        """The summary as lines of text (the end of :meth:`SimulationResult.table`)."""
        moved = "line-ups swapped" if self.rotations == 2 else "line-ups moved round the teams"
        what = "deals" if self.unit == "hand" else "sequences of deals (one a match)"
        lines = [
            f"  duplicate: {self.deals} {what}, each played {self.rotations} times ({moved}); "
            f"{self.complete_deals} finished in every rotation"
        ]
        for t, seats in enumerate(self.lineups):
            lines.append(
                f"  line-up {t} (seats {','.join(map(str, seats))} in rotation 0): "
                f"mean points {self.mean_points[t]:8.3f} a {self.unit}  "
                f"wins {self.win_rates[t]:6.1%}"
            )
        for c in self.comparisons:
            lines.append(
                f"  line-up {c.first} - line-up {c.second}, paired 95 % over "
                f"{c.points.deals} deals: points a {self.unit} {c.points.text()}, "
                f"wins {c.wins.text()}"
            )
            verdict = (
                "told apart"
                if c.points.separated or c.wins.separated
                else "not told apart (the interval holds 0)"
            )
            need = [
                f"{name} ~{d.deals_needed}"
                for name, d in (("points", c.points), ("wins", c.wins))
                if d.deals_needed is not None
            ]
            estimate = (
                f"; deals needed to tell them apart at this difference: {', '.join(need)}"
                if need
                else ""
            )
            lines.append(f"    {verdict} after {c.points.deals} deals{estimate}")
        return lines


def _duplicate_summary(
    game: Any, deals: int, start: Start, paired: _DuplicateTally
) -> DuplicateSummary:
    teams = _rotation_teams(game)
    n = paired.complete
    comparisons = tuple(
        PairedComparison(
            i,
            j,
            Difference.of(n, total=sums[0], squares=sums[1]),
            Difference.of(n, total=sums[2], squares=sums[3]),
        )
        for (i, j), sums in sorted(paired.pairs.items())
    )
    return DuplicateSummary(
        deals,
        len(teams),
        n,
        start,
        teams,
        tuple(float(p / n) if n else 0.0 for p in paired.lineup_points),
        tuple(float(w / n) if n else 0.0 for w in paired.lineup_wins),
        comparisons,
    )


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
    With ``duplicate=True``, ``games`` counts every rotation of every deal (these figures are then
    per team's seats, whoever sat there), and ``duplicate`` holds the comparison of the line-ups
    (:class:`DuplicateSummary`); otherwise it is ``None``.
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
    duplicate: DuplicateSummary | None = None

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data (for ``--json``); the ``duplicate`` part only for a duplicate
        run, so a plain run's data is what it always was."""
        data = attrs.asdict(self, recurse=True)
        if data.get("duplicate") is None:
            data.pop("duplicate", None)
        return data

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
        if self.duplicate is not None:
            lines.extend(self.duplicate.lines())
        return "\n".join(lines)


def _teams_of(game: Any) -> tuple[tuple[int, ...], ...]:
    teams = getattr(game, "teams", None)
    if teams is not None:
        return tuple(tuple(t) for t in getattr(teams, "teams", teams))
    if game.num_players == 4:
        return ((0, 2), (1, 3))
    return tuple((s,) for s in range(game.num_players))


def simulate(
    game: PlayedBy[ViewT, ActionT],
    bots: Sequence[Bot[ViewT, ActionT]],
    *,
    games: int,
    seed: int = 0,
    executor: Executor | None = None,
    start: Start = "match",
    batch_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    duplicate: bool = False,
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

    ``duplicate=True`` plays ``games`` *deals*, each once per rotation (one rotation per team:
    :func:`rotate_lineups`), so ``games`` × teams games in all; the rotations of a deal are dealt
    the same cards (with ``start="match"``, the same sequence of deals: the ``k``-th deal of the
    match is the same in every rotation) and each seat's bot draws from the same generator, so
    only the seating differs (:func:`play_rotation` replays one). A deal and all its rotations
    are one unit of work, in one batch, so the pairing and the result hold whatever the executor
    and the batch size; ``batch_size`` and ``progress`` then count deals. The result's
    ``duplicate`` compares the line-ups with paired 95 % intervals. The game's teams must be two
    or more, of one size.

    >>> from cardrules import RandomBot, get_game
    >>> game = get_game("euchre")
    >>> result = simulate(game, [RandomBot()] * 4, games=30, seed=1, start="hand", duplicate=True)
    >>> result.games, result.duplicate.complete_deals
    (60, 30)
    >>> result.duplicate.comparisons[0].points.mean  # one bot against itself: exactly 0
    0.0
    """
    check_int(games, "games", 0)
    _check_seed(seed)
    if type(duplicate) is not bool:
        raise ArgumentTypeError(
            f"duplicate must be True or False, not {type(duplicate).__name__} "
            f"{short_repr(duplicate)}"
        )
    if batch_size is None:
        batch_size = auto_batch_size(games, executor)
    check_int(batch_size, "batch_size", 1)
    _check_common(game, bots, start, max_steps)
    batches = (range(k, min(k + batch_size, games)) for k in range(0, games, batch_size))
    total = _Tally(_teams_of(game), cast(Any, game).num_players)
    done = 0
    if duplicate:
        rotations = len(_rotation_teams(game))
        paired = _DuplicateTally(rotations)
        for batch, (tally, pairs) in _run_batches(
            _run_duplicate_batch, game, bots, seed, batches, start, max_steps, executor
        ):
            total.merge(tally)
            paired.merge(pairs)
            done += len(batch)
            if progress is not None:
                progress(done, games)
        result = _summarise(game, seed, games * rotations, max_steps, total)
        return attrs.evolve(result, duplicate=_duplicate_summary(game, games, start, paired))
    for batch, tally in _run_batches(
        _run_batch, game, bots, seed, batches, start, max_steps, executor
    ):
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


_Totals = TypeVar("_Totals")


def _run_batches(
    worker: Callable[[Any, Sequence[Bot], int, Sequence[int], Start, int], _Totals],
    game: Any,
    bots: Sequence[Bot],
    seed: int,
    batches: Iterator[range],
    start: Start,
    max_steps: int,
    executor: Executor | None,
) -> Iterator[tuple[range, _Totals]]:
    """Each batch with the totals ``worker`` (a module-level batch function) makes of it, in
    batch order (merging is order-free, progress is not)."""
    if executor is None:
        for batch in batches:
            yield batch, worker(game, bots, seed, batch, start, max_steps)
        return
    pending: deque[tuple[range, Future[_Totals]]] = deque()
    for batch in batches:
        pending.append((batch, executor.submit(worker, game, bots, seed, batch, start, max_steps)))
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


BOT_ENTRY_POINT_GROUP: Final = "cardrules.bots"
"""The entry-point group under which a package offers bots by name (``load_bot("name", game)``)."""


def load_bot(spec: str, game: Any) -> Bot:
    """The bot that ``spec`` names, for ``game``: ``"module:Name"`` (``Name`` may be dotted) or
    the name of an entry point in the group ``cardrules.bots``.

    What the spec names may be a bot itself (anything with a ``choose`` method), or a class or
    factory that makes one: called with the game when it takes one positional argument (as
    :class:`~cardrules.bots.ismcts.ISMCTSBot` does), else with none. A spec that cannot be
    followed is an :class:`~cardrules.errors.ArgumentError` saying what failed: the module is not
    found (or fails as it is imported), it has no such attribute, no entry point has the name,
    the factory raises, or what it gives is not a bot.

    >>> from cardrules import get_game
    >>> load_bot("cardrules.bots:RandomBot", get_game("euchre"))
    RandomBot()
    >>> load_bot("cardrules.bots:Robot", get_game("euchre"))
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: bot 'cardrules.bots:Robot': module cardrules.bots has no attribute 'Robot'
    """
    if type(spec) is not str:
        raise ArgumentTypeError(f"a bot spec must be a str, not {type(spec).__name__}")
    module_name, colon, attribute = spec.partition(":")
    if colon:
        if not module_name or not attribute:
            raise ArgumentError(f"bot {spec!r}: give module:Class or module:factory")
        target = _import_attribute(spec, module_name, attribute)
    else:
        target = _entry_point_target(spec)
    return _make_from(spec, target, game)


def _import_attribute(spec: str, module_name: str, attribute: str) -> object:
    import importlib

    try:
        target: object = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise ArgumentError(f"bot {spec!r}: module not found: {exc.name or module_name}") from None
    except Exception as exc:  # the module exists but fails as it is imported
        raise ArgumentError(
            f"bot {spec!r}: importing {module_name} fails: {type(exc).__name__}: {exc}"
        ) from None
    parts = attribute.split(".")
    for k, part in enumerate(parts):
        if not hasattr(target, part):
            owner = f"module {module_name}" if k == 0 else f"{module_name}:{'.'.join(parts[:k])}"
            raise ArgumentError(f"bot {spec!r}: {owner} has no attribute {part!r}")
        target = getattr(target, part)
    return target


def _entry_point_target(spec: str) -> object:
    from importlib.metadata import entry_points

    found = entry_points(group=BOT_ENTRY_POINT_GROUP, name=spec)
    if not found:
        raise ArgumentError(
            f"no bot named {spec!r}: give module:Class (or module:factory) for a bot of your "
            f"own, or the name of an entry point in the group {BOT_ENTRY_POINT_GROUP!r}"
        )
    entry = next(iter(found))
    try:
        target: object = entry.load()
    except Exception as exc:
        raise ArgumentError(
            f"bot {spec!r}: its entry point {entry.value} fails to load: "
            f"{type(exc).__name__}: {exc}"
        ) from None
    return target


def _make_from(spec: str, target: object, game: Any) -> Bot:
    import inspect

    if _is_bot(target):
        return target  # a bot itself
    if not callable(target):
        raise ArgumentError(
            f"bot {spec!r} is not a Bot: {type(target).__name__} {short_repr(target)} has no "
            "choose(view, legal_actions, rng) method and is not a class or factory"
        )
    try:
        takes_game = True
        inspect.signature(target).bind(game)
    except TypeError:
        takes_game = False
    except ValueError:  # no signature to read (a built-in): called without the game
        takes_game = False
    try:
        made: object = target(game) if takes_game else target()
    except Exception as exc:
        raise ArgumentError(f"bot {spec!r}: making it fails: {type(exc).__name__}: {exc}") from None
    if not _is_bot(made):
        raise ArgumentError(
            f"bot {spec!r} is not a Bot: it made {type(made).__name__} {short_repr(made)}, "
            "which has no choose(view, legal_actions, rng) method"
        )
    return made


def _is_bot(value: object) -> TypeGuard[Bot]:
    """An instance (not a class) with a callable ``choose``."""
    return (
        not isinstance(value, type)
        and isinstance(value, Bot)
        and callable(getattr(value, "choose", None))
    )

"""Scoring: partnerships, per-hand results, matches to a target, and a ladder with bust.

>>> teams = Partnership.opposite(4)
>>> teams.team_of(2), teams.partners(1)
(0, (3,))
>>> m = MatchScore.start(teams=2, target=300, rule="highest_over_target")
>>> m = m.add((150, 140)).add((160, 160))
>>> m.scores, m.is_over
((310, 300), True)
>>> m.winner
0
>>> MatchScore.start(teams=2, target=300, rule="highest_over_target").add((300, 300)).is_over
False
>>> Ladder(target=9).add(8, 3)
7
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, final, get_args

import attrs

from cardrules.errors import ArgumentError, ArgumentTypeError, RulesError, check_int, short_repr

__all__ = ["HandResult", "Ladder", "MatchScore", "Partnership", "WinRule"]

WinRule = Literal["first_to_target", "highest_over_target"]
"""How a match ends: ``"first_to_target"`` — a side at or over the target wins (only one side can get
there in a hand, as in Euchre); ``"highest_over_target"`` — checked at the end of a hand, the higher
of the sides at or over the target wins and equal totals play another hand (Rook's R23)."""

_WIN_RULES: tuple[str, ...] = get_args(WinRule)


@final
@attrs.frozen
class Partnership:
    """The fixed teams of a game, as tuples of seats."""

    teams: tuple[tuple[int, ...], ...]

    @classmethod
    def opposite(cls, num_players: int = 4) -> Partnership:
        """Two teams of partners sitting opposite: ``{0, 2}`` and ``{1, 3}``."""
        if check_int(num_players, "num_players") < 2:
            raise ArgumentError(f"num_players must be at least 2, not {num_players}")
        if num_players % 2:
            raise RulesError("opposite partnerships need an even number of players")
        return cls(tuple(tuple(range(t, num_players, 2)) for t in range(2)))

    @classmethod
    def solo(cls, num_players: int) -> Partnership:
        """Every player on their own."""
        if check_int(num_players, "num_players") < 1:
            raise ArgumentError(f"num_players must be at least 1, not {num_players}")
        return cls(tuple((s,) for s in range(num_players)))

    @property
    def num_players(self) -> int:
        """How many seats the teams cover."""
        return sum(len(t) for t in self.teams)

    def team_of(self, seat: int) -> int:
        """The index of the team ``seat`` plays for."""
        check_int(seat, "seat")  # True == 1 would otherwise be found in a team
        for index, team in enumerate(self.teams):
            if seat in team:
                return index
        raise RulesError(f"seat {seat} is in no team")

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other members of ``seat``'s team."""
        return tuple(s for s in self.teams[self.team_of(seat)] if s != seat)

    def seat_points(self, team_points: Sequence[int]) -> tuple[int, ...]:
        """Spread team points to seats: every member gets the team's figure."""
        if len(team_points) != len(self.teams):
            raise RulesError(
                f"{len(self.teams)} teams need {len(self.teams)} figures, not {len(team_points)}"
            )
        points = [0] * self.num_players
        for team, value in zip(self.teams, team_points, strict=True):
            for seat in team:
                points[seat] = value
        return tuple(points)


@final
@attrs.frozen
class HandResult:
    """What one hand scored: ``points[t]`` for team ``t``, and why, in words (with rule ids)."""

    points: tuple[int, ...]
    reason: str = ""


@final
@attrs.frozen
class MatchScore:
    """Running match scores with a target and a win rule. :meth:`add` returns a new value.

    With a ``floor`` (a mercy rule, as in Spades), a side at or below the floor and strictly below
    every other side ends the match too, and the highest side wins:

    >>> m = MatchScore.start(teams=2, target=500, rule="highest_over_target", floor=-350)
    >>> m.add((-360, 40)).winner, m.add((-360, -360)).is_over
    (1, False)
    """

    scores: tuple[int, ...]
    target: int
    rule: WinRule = "first_to_target"
    hands: int = 0
    floor: int | None = None

    def __attrs_post_init__(self) -> None:
        # add() builds a new value each hand: this one membership test is all it costs there.
        if self.rule not in _WIN_RULES:
            raise RulesError(f"unknown win rule {self.rule!r} (known: {', '.join(_WIN_RULES)})")

    @classmethod
    def start(
        cls,
        *,
        teams: int,
        target: int,
        rule: WinRule = "first_to_target",
        scores: Sequence[int] | None = None,
        floor: int | None = None,
    ) -> MatchScore:
        """A match at the given (default zero) scores, which must leave the match undecided.

        Under ``"first_to_target"`` no score may be at or over the target; under
        ``"highest_over_target"`` sides at or over it are allowed when they are level (equal totals
        play another hand), so a tie over the target is a valid start:

        >>> MatchScore.start(teams=2, target=300, rule="highest_over_target", scores=(310, 310)).is_over
        False
        >>> MatchScore.start(teams=2, target=300, scores=(300, 0))
        Traceback (most recent call last):
        ...
        cardrules.errors.RulesError: a match cannot start decided: a score is at or over the target 300
        """
        if rule not in _WIN_RULES:
            raise RulesError(f"unknown win rule {rule!r} (known: {', '.join(_WIN_RULES)})")
        start = tuple(scores) if scores is not None else (0,) * teams
        if len(start) != teams or not all(type(s) is int for s in start):
            raise RulesError(f"a match of {teams} teams needs {teams} int scores, not {start!r}")
        if floor is not None and floor >= target:
            raise RulesError(f"the floor {floor} must lie below the target {target}")
        value = cls(start, target, rule, floor=floor)
        over = any(s >= target for s in start)
        if over and (rule == "first_to_target" or value.is_over):
            raise RulesError(
                f"a match cannot start decided: a score is at or over the target {target}"
            )
        if value.is_over:
            raise RulesError(
                f"a match cannot start decided: a side is at or below the floor {floor}"
            )
        return value

    @property
    def is_over(self) -> bool:
        """Whether a side has won."""
        return self.winner is not None

    @property
    def winner(self) -> int | None:
        """The winning team, or ``None`` while the match goes on."""
        scores = self.scores
        over = [t for t, s in enumerate(scores) if s >= self.target]
        if over:
            # Under either rule the highest side at or over the target wins; equal totals play on.
            # (With "first_to_target" only one side scores per hand, so no tie arises in practice.)
            best = max(scores[t] for t in over)
            leaders = [t for t in over if scores[t] == best]
            if len(leaders) == 1:
                return leaders[0]
        if self.floor is not None and scores.count(low := min(scores)) == 1 and low <= self.floor:
            # The mercy rule: a side alone at the bottom, at or below the floor, loses.
            best = max(scores)
            return scores.index(best) if scores.count(best) == 1 else None
        return None

    def add(self, points: Sequence[int]) -> MatchScore:
        """The scores after a hand that scored ``points`` per team (one int each).

        >>> MatchScore.start(teams=2, target=10).add((1.5, 0))
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentTypeError: points must hold ints, not float 1.5
        """
        try:
            count = len(points)  # cheaper than an isinstance test against the Sequence ABC
        except TypeError:
            raise ArgumentTypeError(
                f"points must be a sequence of ints, not {type(points).__name__} {short_repr(points)}"
            ) from None
        if count != len(self.scores):
            raise RulesError(f"a hand result needs {len(self.scores)} team figures")
        for p in points:
            if type(p) is not int:
                raise ArgumentTypeError(
                    f"points must hold ints, not {type(p).__name__} {short_repr(p)}"
                )
        if self.is_over:
            raise RulesError("the match is already over")
        new = tuple(s + p for s, p in zip(self.scores, points, strict=True))
        return MatchScore(new, self.target, self.rule, self.hands + 1, self.floor)


BustRule = Literal["subtract_overshoot", "subtract_overshoot_from_previous", "no_bust"]


@final
@attrs.frozen
class Ladder:
    """A ladder to climb to exactly ``target`` (Voormsi's nine rungs), with a bust on overshoot.

    ``bust``: ``"subtract_overshoot"`` — the score becomes ``target − overshoot`` (C11 default);
    ``"subtract_overshoot_from_previous"`` — the previous score minus the overshoot;
    ``"no_bust"`` — any score at or over the target wins.

    >>> Ladder(9, "subtract_overshoot_from_previous").add(8, 3)
    6
    >>> Ladder(9, "no_bust").add(8, 3), Ladder(9).reached(9)
    (11, True)
    """

    target: int = 9
    bust: BustRule = "subtract_overshoot"

    def __attrs_post_init__(self) -> None:
        if self.bust not in ("subtract_overshoot", "subtract_overshoot_from_previous", "no_bust"):
            raise RulesError(f"unknown bust rule {self.bust!r}")

    def add(self, score: int, points: int) -> int:
        """The new score after ``points`` are credited to ``score``."""
        check_int(score, "score")
        check_int(points, "points")
        new = score + points
        if new <= self.target or self.bust == "no_bust":
            return new
        overshoot = new - self.target
        if self.bust == "subtract_overshoot":
            return self.target - overshoot
        return score - overshoot

    def reached(self, score: int) -> bool:
        """Whether ``score`` wins."""
        return score >= self.target if self.bust == "no_bust" else score == self.target

"""How the double-dummy solver (:mod:`cardrules.solver`) reads a Voormsi state: its
:class:`~cardrules.solver.SolverProfile`, given by :meth:`VoormsiGame.solver_profile
<cardrules.games.voormsi.game.VoormsiGame.solver_profile>`.

The key is every field the rest of the deal reads (the hands, the stock, the trick and its groups,
the statuses and units, the scores, what is revealed), never the history; the points are the change
of each side's ladder score over the deal (V22-V25). With three sides the search is paranoid.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from cardrules.solver import SolverProfile

__all__ = ["VoormsiSolverProfile", "solver_profile"]


class VoormsiSolverProfile(SolverProfile):
    """A Voormsi state as the solver reads it (see the module)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        teams = game.teams
        self.sides = tuple(teams.team_of(s) for s in range(game.num_players))
        self.num_sides = len(teams.teams)

    def key(self, state: Any) -> Hashable:
        # Every field the rest of the deal reads: all but the history (tricks, the dealt stock
        # and the last deal, kept for reports) and the deal's fixed parts (in context).
        return (
            state.to_move,
            state.hands,
            state.stock,
            state.leader,
            state.trick,
            state.trick_size,
            state.heading,
            state.statuses,
            state.info,
            state.units,
            state.seq_side,
            state.pending,
            state.scores,
            state.revealed,
            state.toqu_known,
            state.winner,
            state.end,
            state.played,
        )

    def context(self, state: Any) -> Hashable:
        return (state.dealer, state.single_hand, state.deal_start, state.history[0])

    def points(self, state: Any) -> tuple[int, ...]:
        last = state.history[1]
        return tuple(a - b for a, b in zip(last.scores_after, last.scores_before, strict=True))


def solver_profile(game: Any) -> VoormsiSolverProfile:
    """The solver's profile of ``game`` (a :class:`~cardrules.games.voormsi.game.VoormsiGame`): what
    its ``solver_profile()`` method returns."""
    return VoormsiSolverProfile(game)

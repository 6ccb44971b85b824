"""How the double-dummy solver (:mod:`cardrules.solver`) reads a Euchre state: its
:class:`~cardrules.solver.SolverProfile`, given by :meth:`EuchreGame.solver_profile
<cardrules.games.euchre.game.EuchreGame.solver_profile>`.

The transposition key is what the rest of the hand depends on (the hands, the trick, the leader,
the tricks each side won, the revokes), the deal's fixed parts are the context, and the points are
the hand's (E15; a recorded revoke's penalty, E17). The rest of a hand is searched on side 0's
tricks, both sides' points rising and falling with them alone (E15).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from cardrules.ranking import SuitOrder
from cardrules.solver import SuitProfile

__all__ = ["EuchreSolverProfile", "solver_profile"]


class EuchreSolverProfile(SuitProfile):
    """A Euchre state as the solver reads it (see the module)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.revoke_mode = bool(game.rules.renege_mode)

    def order(self, state: Any) -> SuitOrder:
        order: SuitOrder = self.game.tables(state.setup.contract.trump)[2]
        return order

    def key(self, state: Any) -> Hashable:
        progress = state.progress
        return (
            state.to_move,
            state.hands,
            state.trick,
            progress.leader,
            progress.won,
            state.setup.revokes,
        )

    def context(self, state: Any) -> Hashable:
        setup, match = state.setup, state.match
        return (
            setup.deal,
            setup.contract,
            setup.shown,
            setup.corrected,
            match.score,
            match.single_hand,
        )

    def points(self, state: Any) -> tuple[int, ...]:
        points: tuple[int, ...] = state.match.last.points
        return points

    def revokes(self, state: Any) -> int:
        return len(state.setup.revokes)

    # E15: the makers' 1, 2 or 4 against the defenders' 2 (or 4) rise for one side, and fall for
    # the other, with the tricks the side takes; a recorded revoke (E17) scores otherwise.
    def tallied(self, state: Any) -> bool:
        return not state.setup.revokes

    def tally(self, state: Any) -> int:
        if state.phase == "play":
            won: int = state.progress.won[0]
            return won
        record = state.match.record  # None: a single hand's over state holds the hand itself
        final: int = (state.progress if record is None else record.progress).won[0]
        return final

    def rest_key(self, state: Any) -> Hashable:
        return (state.to_move, state.hands, state.trick, state.progress.leader)

    def rest_most(self, state: Any) -> int:
        # The tricks left, this one included: the cards of the seat to move, which has not played
        # to it (a lone hand's partner keeps its cards, so not the largest hand).
        left: int = state.hands[state.to_move].bit_count()
        return left


def solver_profile(game: Any) -> EuchreSolverProfile:
    """The solver's profile of ``game`` (a :class:`~cardrules.games.euchre.game.EuchreGame`): what
    its ``solver_profile()`` method returns."""
    return EuchreSolverProfile(game)

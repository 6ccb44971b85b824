"""The double-dummy solver for a game of one's own (issue 31; issue 28's "a fifth game the same
way"): a game gives a ``solver_profile()`` and the solver covers it. The nest test game of
``test_trick_layer_bidding`` (N1-N7) with a profile written here is solved on seeded endings,
on its points and on side 0's tricks, and every value is checked against a plain minimax over
``legal_actions``/``apply`` that knows nothing of the solver.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest

from cardrules.ranking import SuitOrder
from cardrules.solver import DoubleDummySolver, SolverError, SuitProfile, solve_double_dummy
from cardrules.trickgame import Play
from tests.core.test_trick_layer_bidding import NestGame, NestState


class NestProfile(SuitProfile):
    """How the solver reads a nest state (N6 follow, N7 the tricks scored)."""

    def order(self, state: Any) -> SuitOrder:
        order: SuitOrder = self.game.card_rules(state.contract)[0]
        return order

    def trick_mask(self, state: Any) -> int:
        return sum(1 << card for card in state.play.trick)

    def key(self, state: Any) -> Hashable:
        play = state.play
        return (state.to_move, play.hands, play.trick, play.leader, play.taken)

    def context(self, state: Any) -> Hashable:
        return (state.contract, state.kitty, state.score, state.single_hand)

    def points(self, state: Any) -> tuple[int, ...]:
        points: tuple[int, ...] = state.last_points
        return points


class TalliedNestProfile(NestProfile):
    """The same, searching the rest of a hand on side 0's tricks: N7's points rise for side 0 and
    fall for side 1 with them alone (a set bidding side's -3 is below any count it makes)."""

    def tallied(self, state: Any) -> bool:
        return True

    def tally(self, state: Any) -> int:
        taken = state.play.taken
        return int(taken[0] + taken[2])

    def rest_key(self, state: Any) -> Hashable:
        play = state.play
        return (state.to_move, play.hands, play.trick, play.leader)

    def rest_most(self, state: Any) -> int:
        return 5 - len(state.play.tricks)  # N1: five cards each


class SolvableNest(NestGame):
    def __init__(self, tallied: bool) -> None:
        super().__init__()
        self._tallied = tallied

    def solver_profile(self) -> NestProfile:
        return (TalliedNestProfile if self._tallied else NestProfile)(self)


def reference(game: NestGame, state: NestState, hero: int) -> int:
    """Plain minimax: side ``hero``'s points minus the other side's at the end of the hand."""
    if state.phase != "play":
        points = state.last_points
        return points[hero] - points[1 - hero]
    values = [reference(game, game.apply(state, a), hero) for a in game.legal_actions(state)]
    return max(values) if state.to_move is not None and state.to_move % 2 == hero else min(values)


def endings(game: NestGame, seed: int, count: int) -> list[NestState]:
    rng = random.Random(seed)
    found: list[NestState] = []
    while len(found) < count:
        state = game.new_hand(dealer=rng.randrange(4))
        state = game.apply(state, game.sample_chance(state, rng))
        while state.phase != "play":
            legal = game.legal_actions(state)
            if not legal:  # an annulled deal (N3): deal again
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            state = game.apply(state, legal[rng.randrange(len(legal))])
        for _ in range(8 + rng.randrange(6)):  # twelve cards or fewer left: minimax is quick
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
        if state.phase == "play":
            found.append(state)
    return found


@pytest.mark.parametrize("tallied", [False, True])
def test_a_game_of_ones_own_is_solved_as_plain_minimax_says(tallied: bool) -> None:
    game = SolvableNest(tallied)
    solver = DoubleDummySolver(game)
    for state in endings(game, 7, 40):
        result = solver.solve(state)
        hero = result.side
        assert state.to_move is not None and hero == state.to_move % 2
        expected = [
            (a, reference(game, game.apply(state, a), hero)) for a in game.legal_actions(state)
        ]
        assert list(result.values) == expected
        now = state
        for action in result.line:
            assert isinstance(action, Play)
            now = game.apply(now, action)
        assert now.phase != "play"
        assert now.last_points[hero] - now.last_points[1 - hero] == result.value


def test_a_game_without_a_profile_is_refused_and_a_bad_profile_too() -> None:
    with pytest.raises(SolverError, match=r"solver_profile\(\).*not nest-tricks-test"):
        DoubleDummySolver(NestGame())

    class Wrong(NestGame):
        def solver_profile(self) -> object:
            return object()

    with pytest.raises(SolverError, match="no profile"):
        DoubleDummySolver(Wrong())


def test_the_solver_refuses_a_state_before_the_card_play() -> None:
    game = SolvableNest(False)
    state = game.new_hand(dealer=0)
    state = game.apply(state, game.sample_chance(state, random.Random(1)))
    with pytest.raises(SolverError, match="bidding phase"):
        solve_double_dummy(game, state)

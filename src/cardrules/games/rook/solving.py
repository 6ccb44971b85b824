"""How the double-dummy solver (:mod:`cardrules.solver`) reads a Rook state: its
:class:`~cardrules.solver.SolverProfile`, given by :meth:`RookGame.solver_profile
<cardrules.games.rook.game.RookGame.solver_profile>`.

The key is what the rest of the hand depends on (the hands, the trick, the leader, the counters
each team took, the revokes, a proper play due), the deal's fixed parts (the contract, the nest,
the cards returned) are the context, and the points are the hand's (R21, R22; R24). The rest of a
hand is searched on team 0's counters with the nest to the last trick's winner (R19, R21), both
teams' points rising and falling with them alone (R22); between two tricks the key reads the cards
left by their order of rank (R3, R17, R18), the Bird (R16) marked, rather than by name.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from cardrules.games.rook import engine
from cardrules.ranking import SuitOrder
from cardrules.solver import SuitProfile

__all__ = ["RookSolverProfile", "solver_profile"]


class RookSolverProfile(SuitProfile):
    """A Rook state as the solver reads it (see the module)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.revoke_mode = bool(game.rules.renege_mode)
        self.card_points = tuple(game.points)
        self.special = game.bird_mask  # the Bird may be played at any time (R16): never an equal
        self.engine = engine  # the rule functions of the tally (R19, R21)
        self.total = engine.counters_in(self.card_points, game.deck.full_mask)
        # Per trump, each effective suit's cards from the highest (R3, R17, R18) with a code of
        # their points and of the Bird (R16): two positions between tricks whose cards left have
        # the same holders in the same order of rank, suit by suit, with the same points, play
        # alike to the end of the hand whichever cards are gone (the nest is the deal's).
        bird = game.bird_mask
        self._shapes: dict[Any, tuple[tuple[tuple[int, int], ...], ...]] = {}
        for trump, order in game.orders.items():
            suits = sorted(set(order.effective_suits), key=lambda suit: suit.value)
            self._shapes[trump] = tuple(
                tuple(
                    (card, (self.card_points[card] << 3) | (4 if bird >> card & 1 else 0))
                    for card in order.ranked(suit)
                )
                for suit in suits
            )

    def order(self, state: Any) -> SuitOrder:
        order: SuitOrder = self.game.orders[state.trump]
        return order

    def key(self, state: Any) -> Hashable:
        return (
            state.to_move,
            state.hands,
            state.trick,
            state.leader,
            state.captured,
            state.revokes,
            state.proper_play,
        )

    def context(self, state: Any) -> Hashable:
        return (
            state.dealer,
            state.bidder,
            state.bid,
            state.trump,
            state.nest,
            state.returned,
            state.corrected,
            state.score,
            state.single_hand,
        )

    def points(self, state: Any) -> tuple[int, ...]:
        points: tuple[int, ...] = state.last.points
        return points

    def revokes(self, state: Any) -> int:
        return len(state.revokes)

    # R21, R22: a team's counters (the nest to the last trick's winner) against the bid; both
    # teams' points rise with one team's counters and fall with the other's, since all the
    # counters go to one team or the other. A recorded revoke (R24) scores otherwise.
    def tallied(self, state: Any) -> bool:
        return not state.revokes

    def tally(self, state: Any) -> int:
        if state.phase == "play":
            captured: int = state.captured[0]
            return captured
        last = state.last
        leader, cards = last.tricks[-1]
        order = self.game.orders[last.trump]
        winner = (leader + self.engine.trick_winner(order, cards)) % 4  # R19
        nest = self.engine.counters_in(self.card_points, last.nest) if winner % 2 == 0 else 0
        return int(last.captured[0]) + nest  # R21: the nest to the last trick's winner

    def rest_key(self, state: Any) -> Hashable:
        if state.trick:
            return (state.to_move, state.hands, state.trick, state.leader, state.proper_play)
        # Between two tricks: the shape of the cards left, which meets the same position reached
        # with other cards gone (see _shapes).
        h0, h1, h2, h3 = state.hands
        live = h0 | h1 | h2 | h3
        shape = [state.to_move, state.proper_play]
        for suit in self._shapes[state.trump]:
            for card, code in suit:
                if live >> card & 1:
                    if h0 >> card & 1:
                        shape.append(code)
                    elif h1 >> card & 1:
                        shape.append(code + 1)
                    elif h2 >> card & 1:
                        shape.append(code + 2)
                    else:
                        shape.append(code + 3)
            shape.append(-1)
        return tuple(shape)

    def rest_most(self, state: Any) -> int:
        c0, c1 = state.captured  # R4, R22: every counter is taken by one team or the other
        left: int = self.total - c0 - c1
        return left


def solver_profile(game: Any) -> RookSolverProfile:
    """The solver's profile of ``game`` (a :class:`~cardrules.games.rook.game.RookGame`): what
    its ``solver_profile()`` method returns."""
    return RookSolverProfile(game)

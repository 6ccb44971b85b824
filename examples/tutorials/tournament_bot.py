"""Write a bot: the Tournament patience. Prefer foundation moves; free a card that fits; deal last.

``python examples/tutorials/tournament_bot.py [GAMES] [SEED]`` plays the patience with this bot and
with RandomBot and prints, for each, the games won and the cards built on the foundations.
"""

import random
import sys
from collections.abc import Sequence

from cardrules import ACE, Bot, Card, RandomBot, get_game, simulate
from cardrules.games.tournament import (
    DealStock,
    Move,
    Redeal,
    Resign,
    TournamentAction,
    TournamentView,
)

game = get_game("tournament")
CELLS, FOUNDATIONS = 8, 16  # pile codes: columns 0-5, reserve cells 8-15, foundations 16-23


def fits(card: Card | None, view: TournamentView) -> bool:
    """Whether ``card`` goes on a foundation. Foundation ``k`` (pile ``16 + k``) is suit ``k // 2``
    (♣ ♦ ♥ ♠), built up from the Ace for even ``k`` and down from the King for odd ``k``."""
    for k, pile in enumerate(view.foundations):
        if card is None or card.suit is None or int(card.suit) != k // 2:
            continue
        rank, down = (1 if card.rank == ACE else card.rank), k % 2 == 1  # patience ranks: Ace 1
        if not pile and rank == (13 if down else 1):
            return True
        top = 1 if pile and pile[-1].rank == ACE else pile[-1].rank if pile else 0
        if pile and rank == top + (-1 if down else 1):
            return True
    return False


class FoundationFirst:
    """A bot: ``choose`` sees the view only (the stock's order is hidden) and returns a legal action."""

    def choose(
        self, view: TournamentView, legal: Sequence[TournamentAction], rng: random.Random
    ) -> TournamentAction:
        moves = [a for a in legal if isinstance(a, Move)]
        # 1. a reserve card, then a column's top card, onto a foundation (never foundation to
        #    foundation: two such moves could undo each other forever).
        home = [m for m in moves if m.dst >= FOUNDATIONS and m.src < FOUNDATIONS]
        if home:
            return max(home, key=lambda m: m.src)  # reserve cells (8-15) before columns (0-5)
        # 2. park a column's top card in a free cell when the card under it goes home.
        for m in moves:
            column = view.columns[m.src] if m.src < CELLS else ()
            if CELLS <= m.dst < FOUNDATIONS and len(column) >= 2 and fits(column[-2], view):
                return m
        # 3. new cards: deal the stock, then redeal; with neither left, give up.
        for action in (DealStock(), Redeal(), Resign()):
            if action in legal:
                return action
        return legal[0]


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    players: list[Bot] = [FoundationFirst(), RandomBot()]
    for player in players:
        result = simulate(game, [player], games=games, seed=seed)
        print(
            f"Tournament: {type(player).__name__} won {result.team_wins[0]} of {games} games,",
            end=" ",
        )
        print(f"{result.mean_team_points[0]:.1f} cards on the foundations on average")

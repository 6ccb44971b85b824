"""A heuristic fair player for Tournament: it sees only the view (never the stock order).

Its policy, in order:

1. play a reserve card, then a tableau top, to a foundation where it fits;
2. make such a move possible by foundation-to-foundation moves (rule T6 (c)) where the two foundations of
   a suit meet;
3. move a tableau top into an empty reserve cell when the card it uncovers (seen) fits a foundation;
4. dig with the free cells towards the shallowest seen card that fits a foundation (keeping one
   cell spare while the stock or a redeal can still bring new cards);
5. deal (T8), then redeal (T9);
6. otherwise resign.

Every step either puts a card on a foundation, moves towards one (rule T6 (c) preparations follow one
fixed target), uses a free cell, or spends the stock or a redeal, so a game always ends.

>>> from cardrules.sim import play_game
>>> from cardrules.games.tournament import make_game
>>> game = make_game()
>>> final = play_game(game, [FairPlayer()], seed=2)
>>> final.result in ("won", "lost", "resigned")
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardrules import ACE, ArgumentTypeError, Card
from cardrules.game import check_rng
from cardrules.games.tournament.actions import (
    FOUNDATION0,
    RESERVE0,
    DealStock,
    Move,
    Redeal,
    Resign,
    _short,
    check_move,
    foundation_id,
)
from cardrules.games.tournament.state import TournamentView

__all__ = ["FairPlayer"]


def _rank(card: Card) -> int:
    return 1 if card.rank == ACE else card.rank


def _suit(card: Card) -> int:
    assert card.suit is not None
    return int(card.suit)


def _fits(card: Card, piles: Sequence[Sequence[Card]]) -> bool:
    s, r = _suit(card), _rank(card)
    return len(piles[2 * s]) == r - 1 or len(piles[2 * s + 1]) == 13 - r


class FairPlayer:
    """A rule-based player for a fair game: it chooses from the view and the legal actions only."""

    def __repr__(self) -> str:
        return "FairPlayer()"

    def choose(self, view: TournamentView, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The action the policy of the module docstring picks (``rng`` is not needed).

        ``view`` must be a :class:`TournamentView`, ``rng`` a :class:`random.Random`, and the
        legal actions Tournament actions (a :class:`Move` with ``int`` piles: ``check_move``).
        """
        if type(view) is not TournamentView:
            raise ArgumentTypeError(f"view must be a TournamentView, not {type(view).__name__}")
        check_rng(rng)
        for action in legal_actions:
            if type(action) is Move:
                check_move(action, "a legal action")
            elif type(action) not in (DealStock, Redeal, Resign):
                raise ArgumentTypeError(
                    f"a legal action of Tournament, not {type(action).__name__} {_short(action)}"
                )
        legal = set(legal_actions)
        moves = [a for a in legal_actions if isinstance(a, Move)]
        # 1. a reserve card, then a tableau top, onto a foundation
        to_f = [m for m in moves if m.dst >= FOUNDATION0 and m.src < FOUNDATION0]
        to_f.sort(key=lambda m: (m.src < RESERVE0, m.src, m.dst))
        if to_f:
            return to_f[0]
        piles = view.foundations
        # 2. a T6 (c) preparation towards a split where an available card fits
        avail = [c for c in view.reserve if c is not None]
        avail += [col[-1] for col in view.columns if col and col[-1] is not None]
        for card in avail:
            s, r = _suit(card), _rank(card)
            a, k = len(piles[2 * s]), len(piles[2 * s + 1])
            if a + k != 13:
                continue
            # the card fits the Ace pile at size r - 1, or the King pile at size 13 - r (a = r)
            for target in (r - 1, r):
                up, down = foundation_id(s, False), foundation_id(s, True)
                step = Move(up, down) if a > target else Move(down, up)
                if target != a and step in legal:
                    return step
        # 3. uncover a seen card that fits
        free = [RESERVE0 + i for i, c in enumerate(view.reserve) if c is None]
        if free:
            for i, col in enumerate(view.columns):
                if len(col) >= 2 and col[-2] is not None and _fits(col[-2], piles):
                    move = Move(i, free[0])
                    if move in legal:
                        return move
        # 4. dig towards the shallowest seen card that fits, keeping one cell spare while the
        #    stock or a redeal can still bring cards; with nothing left, use every cell
        can_deal = DealStock() in legal or Redeal() in legal
        keep = 1 if can_deal else 0
        best: tuple[int, int] | None = None
        for i, col in enumerate(view.columns):
            for depth in range(1, min(len(col), len(free) - keep + 1)):
                below = col[-1 - depth]
                if below is not None and _fits(below, piles):
                    if best is None or depth < best[0]:
                        best = (depth, i)
                    break
        if best is not None:
            move = Move(best[1], free[0])
            if move in legal:
                return move
        # 5. deal, then redeal
        for action in (DealStock(), Redeal()):
            if action in legal:
                return action
        return Resign()

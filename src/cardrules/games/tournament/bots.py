"""Fair players for Tournament: they see only the view (never the stock order).

:class:`SearchPlayer` searches over the hidden cards (determinised search with the solver, below);
:class:`FairPlayer` is a fixed heuristic, and the search player's fallback. Its policy, in order:

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
from typing import Any, cast

from cardrules import ACE, ArgumentTypeError, Card
from cardrules.bots import check_legal_actions
from cardrules.errors import short_repr
from cardrules.game import check_count, check_rng
from cardrules.games.tournament.actions import (
    FOUNDATION0,
    RESERVE0,
    DealStock,
    Move,
    Redeal,
    Resign,
    TournamentAction,
    check_move,
    foundation_id,
)
from cardrules.games.tournament.solver import check_solvable, solve
from cardrules.games.tournament.state import TournamentView

__all__ = ["FairPlayer", "SearchPlayer"]


def _rank(card: Card) -> int:
    return 1 if card.rank == ACE else card.rank


def _suit(card: Card) -> int:
    assert card.suit is not None
    return int(card.suit)


def _fits(card: Card, piles: Sequence[Sequence[Card]]) -> bool:
    s, r = _suit(card), _rank(card)
    return len(piles[2 * s]) == r - 1 or len(piles[2 * s + 1]) == 13 - r


def _check_choice(view: object, legal_actions: Sequence[Any], rng: object) -> None:
    """A bot's arguments: a :class:`TournamentView`, a non-empty sequence of Tournament actions,
    a :class:`random.Random`."""
    if type(view) is not TournamentView:
        raise ArgumentTypeError(f"view must be a TournamentView, not {type(view).__name__}")
    check_rng(rng)
    check_legal_actions(legal_actions)
    for action in legal_actions:
        if type(action) is Move:
            check_move(action, "a legal action")
        elif type(action) not in (DealStock, Redeal, Resign):
            raise ArgumentTypeError(
                f"a legal action of Tournament, not {type(action).__name__} {short_repr(action)}"
            )


class FairPlayer:
    """A rule-based player for a fair game: it chooses from the view and the legal actions only."""

    def __repr__(self) -> str:
        return "FairPlayer()"

    def choose(
        self, view: TournamentView, legal_actions: Sequence[TournamentAction], rng: random.Random
    ) -> TournamentAction:
        """The action the policy of the module docstring picks (``rng`` is not needed).

        ``view`` must be a :class:`TournamentView`, ``rng`` a :class:`random.Random`, and the
        legal actions a non-empty sequence of Tournament actions (a :class:`Move` with ``int``
        piles: ``check_move``).
        """
        return cast(TournamentAction, self._decide(view, legal_actions, rng))

    def _decide(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        # The decision on values of any type: choose gives it its type.
        _check_choice(view, legal_actions, rng)
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


def _seen_key(view: TournamentView) -> tuple[int, tuple[str, ...]]:
    """What the player has learnt so far: the redeals used and every card seen, as a multiset.

    Moves only carry seen cards from pile to pile, so this changes exactly when a deal, a refill
    or (with squared piles) a move reveals a card, or a redeal starts a new pass. The multiset
    also tells one game from the next (two deals would have to show the same 32 cards), so a bot
    reused across games does not carry a decision over.
    """
    seen = [c for c in view.reserve if c is not None]
    seen += [c for col in view.columns for c in col if c is not None]
    seen += [c for c in view.stock if c is not None]
    seen += [c for pile in view.foundations for c in pile]
    return view.redeals_used, tuple(sorted(c.ascii for c in seen))


class SearchPlayer:
    """A fair player that searches: determinised search over the hidden cards, from the view only.

    To decide, it draws ``samples`` states consistent with the view
    (:meth:`~cardrules.games.tournament.TournamentGame.sample_state`: the hidden stock, and the
    cards under squared piles, in a uniformly random order drawn from ``rng``), runs the
    clairvoyant :func:`~cardrules.games.tournament.solver.solve` on each with ``max_nodes`` nodes,
    and lets each sample it wins vote for the first action of its winning line. The action with
    the most votes is played (ties: the one voted first), and the bot then **follows that
    sample's line** without searching, as long as the view stays what the sample predicts and
    the next action is legal. A deal, a refill or a redeal that shows other cards than the sample
    holds ends the plan, and the bot searches again. When no sample is won it plays as
    :class:`FairPlayer` does, and does not search again until it has learnt something (a card
    revealed, a redeal).

    It never sees the state: only the view, the legal actions and its own ``rng``. Its memory (the
    plan, the learnt cards) is built from the views it was shown, so two states with the same view
    get the same choice from fresh bots with equal ``rng`` states. The budget is counted in nodes,
    never seconds, so a seeded game plays the same on any machine.

    >>> from cardrules.sim import play_game
    >>> from cardrules.games.tournament import make_game
    >>> game = make_game()
    >>> bot = SearchPlayer(game, samples=4, max_nodes=1_000)
    >>> play_game(game, [bot], seed=2, start="hand").result in ("won", "lost", "resigned")
    True
    """

    def __init__(self, game: Any, *, samples: int = 8, max_nodes: int = 2_000) -> None:
        check_solvable(game)
        check_count(samples, "samples")
        check_count(max_nodes, "max_nodes")
        self.game = game
        self.samples = samples
        self.max_nodes = max_nodes
        self._fallback = FairPlayer()
        self._plan: list[Any] = []  # the rest of the followed line
        self._sample: Any = None  # the sample it was found in, after the actions played
        self._expected: TournamentView | None = None  # that sample's view
        self._no_win: tuple[int, tuple[str, ...]] | None = None  # searched in vain with this
        self.searches = 0
        """How many times the bot has searched (each search solves up to ``samples`` states)."""

    def __repr__(self) -> str:
        return f"SearchPlayer(samples={self.samples}, max_nodes={self.max_nodes})"

    def choose(
        self, view: TournamentView, legal_actions: Sequence[TournamentAction], rng: random.Random
    ) -> TournamentAction:
        """The next action of the followed line, a new search's choice, or the fair player's."""
        return cast(TournamentAction, self._decide(view, legal_actions, rng))

    def _decide(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        # The decision on values of any type: choose gives it its type.
        _check_choice(view, legal_actions, rng)
        if view == self._expected and self._plan and self._plan[0] in legal_actions:
            return self._follow(self._sample, self._plan)
        self._plan, self._sample, self._expected = [], None, None
        key = _seen_key(view)
        if key == self._no_win:
            return self._fallback.choose(view, legal_actions, rng)
        line, sample = self._search(view, legal_actions, rng)
        if not line:
            self._no_win = key
            return self._fallback.choose(view, legal_actions, rng)
        self._no_win = None
        return self._follow(sample, line)

    def _follow(self, sample: Any, line: list[Any]) -> Any:
        """Play ``line[0]`` in ``sample``; remember the rest and the view it should lead to."""
        action = line[0]
        self._sample = self.game.apply(sample, action)
        self._expected = self.game.view(self._sample)
        self._plan = line[1:]
        return action

    def _search(
        self, view: TournamentView, legal_actions: Sequence[Any], rng: random.Random
    ) -> tuple[list[Any], Any]:
        """The voted-for line and the sample it wins, or ``([], None)`` when no sample is won."""
        self.searches += 1
        votes: dict[Any, int] = {}
        lines: dict[Any, tuple[list[Any], Any]] = {}
        for k in range(self.samples):
            sample = self.game.sample_state(view, rng)
            result = solve(self.game, sample, max_nodes=self.max_nodes)
            if result.status == "won" and result.line and result.line[0] in legal_actions:
                first = result.line[0]
                votes[first] = votes.get(first, 0) + 1
                lines.setdefault(first, (list(result.line), sample))
                ranked = sorted(votes.values(), reverse=True)
                runner_up = ranked[1] if len(ranked) > 1 else 0
                if ranked[0] > runner_up + self.samples - 1 - k:
                    break  # no sample left can change the vote
        if not votes:
            return [], None
        best = max(votes, key=votes.__getitem__)  # the first of the most voted
        return lines[best]

"""Perfect-information Monte Carlo over the double-dummy solver: :class:`PIMCBot`.

The classic strong baseline of card-game AI (Ginsberg's GIB for bridge): at each decision of the
card play, deal the cards hidden from the bot's seat at random ``samples`` times with the game's
``sample_state`` (uniformly among the deals its view allows), solve each deal double-dummy
(:class:`~cardrules.solver.DoubleDummySolver`: every legal action's exact value with all cards
known), and choose the action with the best average value. Decisions outside the card play (bids,
a burial), and positions the solver does not finish within ``node_limit`` positions in every
sample (a Rook or Voormsi hand early in its play), go to the ``fallback`` bot — unless
``search_bidding`` is set: then a decision before the card play is simulated too, each option tried
on each sampled deal, the rest of the bidding played by the fallback bot from each seat's own view,
and the hand solved from its first lead (meant for Euchre, whose whole hands solve in
milliseconds; a sample the solver cannot finish ranks nothing).

The bot is given only a view, never a state: the deals it solves are its own samples. The same view,
legal actions and generator state give the same choice.

>>> import random
>>> from cardrules import Table, get_game
>>> game = get_game("euchre")
>>> bot = PIMCBot(game, samples=8)
>>> table = Table(game, start="hand", dealer=0, rng=random.Random(2))
>>> while table.state.phase != "play":
...     table.push(table.legal_actions()[0])
>>> seat = table.to_move
>>> bot.choose(table.view(seat), table.legal_actions(), random.Random(1)) in table.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardrules.bots import Bot, RandomBot, check_legal_actions
from cardrules.errors import ArgumentTypeError, short_repr
from cardrules.game import CHANCE, check_count, check_rng
from cardrules.solver import DoubleDummySolver, SolverError, SolverLimitError

__all__ = ["PIMCBot"]


class PIMCBot:
    """Perfect-information Monte Carlo: ``samples`` deals of the hidden cards per decision of the
    card play, each solved double-dummy within ``node_limit`` positions; the action of the best
    average value wins (the first in ``legal_actions`` order among equal ones). Anything else goes
    to ``fallback`` (the game's heuristic bot if it has one, else a :class:`RandomBot`) — unless
    ``search_bidding`` is set, when a decision before the card play is simulated on
    ``bidding_samples`` sampled deals (``samples`` if ``None``; see the module docstring), in a
    game of two sides.

    Euchre, Rook and Voormsi, and any game that gives the solver a profile
    (:class:`~cardrules.solver.SolverProfile`). A whole Euchre hand solves in
    hundredths of a second, so Euchre's card play is searched from its first lead; in Rook and
    Voormsi the early tricks fall back until the hand is short enough to solve.
    """

    def __init__(
        self,
        game: Any,
        *,
        samples: int = 20,
        node_limit: int = 100_000,
        fallback: Bot | None = None,
        search_bidding: bool = False,
        bidding_samples: int | None = None,
    ) -> None:
        self.game = game
        self.samples = check_count(samples, "samples")
        self.node_limit = check_count(node_limit, "node_limit")
        self._solver = DoubleDummySolver(game)  # refuses a game the solver does not cover
        if fallback is None:
            hook = getattr(game, "heuristic_bot", None)
            fallback = hook() if hook is not None else RandomBot()
        if not isinstance(fallback, Bot):
            raise ArgumentTypeError(f"fallback must be a Bot, not {short_repr(fallback)}")
        self.fallback = fallback
        if type(search_bidding) is not bool:
            raise ArgumentTypeError(
                f"search_bidding must be True or False, not {short_repr(search_bidding)}"
            )
        self.search_bidding = search_bidding
        self.bidding_samples = (
            self.samples
            if bidding_samples is None
            else check_count(bidding_samples, "bidding_samples")
        )

    def __repr__(self) -> str:
        extra = (
            f", search_bidding=True, bidding_samples={self.bidding_samples}"
            if self.search_bidding
            else ""
        )
        return (
            f"PIMCBot({self.game!r}, samples={self.samples}, node_limit={self.node_limit}{extra})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # A fresh solver in a worker process: its table is a cache, not part of the bot.
        return (
            _rebuild,
            (
                self.game,
                self.samples,
                self.node_limit,
                self.fallback,
                self.search_bidding,
                self.bidding_samples,
            ),
        )

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The action of the best average double-dummy value over the sampled deals, in the card
        play; the fallback's choice elsewhere."""
        check_legal_actions(legal_actions)
        check_rng(rng)
        if len(legal_actions) == 1:
            return legal_actions[0]
        if getattr(view, "phase", None) != "play":
            if self.search_bidding and self._solver.num_sides == 2:
                return self._simulated(view, legal_actions, rng)
            return self.fallback.choose(view, legal_actions, rng)
        totals = [0] * len(legal_actions)
        solved = 0
        for _ in range(self.samples):
            state = self.game.sample_state(view, rng)
            try:
                result = self._solver.solve(state, node_limit=self.node_limit)
            except (SolverLimitError, SolverError):
                continue
            values = dict(result.values)  # actions are values: equal actions, one key
            if not all(a in values for a in legal_actions):
                # An action the solver does not search (a claim, a new revoke): the sample does not
                # rank every option, so it is left out.
                continue
            for k, action in enumerate(legal_actions):
                totals[k] += values[action]
            solved += 1
        if not solved:
            return self.fallback.choose(view, legal_actions, rng)
        best = max(range(len(legal_actions)), key=lambda k: (totals[k], -k))
        return legal_actions[best]

    def _simulated(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """A decision before the card play: each option on each sampled deal, the bidding played
        on by the fallback bot, the hand solved from its first lead; the best average wins."""
        game, solver = self.game, self._solver
        mine = solver.side_of(view.seat)
        totals = [0] * len(legal_actions)
        ranked = 0
        for _ in range(self.bidding_samples):
            state = game.sample_state(view, rng)
            # Common random numbers: every option meets the same later choices of the fallback.
            seed = rng.getrandbits(64)
            values = []
            for action in legal_actions:
                value = self._hand_value(game.apply(state, action), mine, random.Random(seed))
                if value is None:
                    break
                values.append(value)
            else:
                for k, value in enumerate(values):
                    totals[k] += value
                ranked += 1
        if not ranked:
            return self.fallback.choose(view, legal_actions, rng)
        best = max(range(len(legal_actions)), key=lambda k: (totals[k], -k))
        return legal_actions[best]

    def _hand_value(self, state: Any, mine: int, rng: random.Random) -> int | None:
        """Side ``mine``'s double-dummy points at the end of the hand from ``state`` (before the
        card play): the fallback bot bids on for every seat, then the solver plays the hand; 0 for
        a hand thrown in before the play; ``None`` where the solver does not finish."""
        game = self.game
        while state.phase != "play":
            seat = game.to_move(state)
            if seat is None or seat == CHANCE:
                return 0  # passed out: the hand ends unplayed, nobody scores
            actions = game.legal_actions(state)
            state = game.apply(state, self.fallback.choose(game.view(state, seat), actions, rng))
        try:
            result = self._solver.solve(state, node_limit=self.node_limit)
        except (SolverLimitError, SolverError):
            return None
        return result.value if result.side == mine else -result.value


def _rebuild(
    game: Any,
    samples: int,
    node_limit: int,
    fallback: Bot,
    search_bidding: bool,
    bidding_samples: int,
) -> PIMCBot:
    return PIMCBot(
        game,
        samples=samples,
        node_limit=node_limit,
        fallback=fallback,
        search_bidding=search_bidding,
        bidding_samples=bidding_samples,
    )

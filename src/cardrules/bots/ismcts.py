"""Information-set Monte Carlo tree search over the Game protocol.

:class:`ISMCTSBot` is single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 2012): each iteration *determinizes* — deals the cards hidden from the
bot with the game's ``sample_state`` — then descends one shared tree keyed by actions, choosing among
the actions legal in that determinization by UCB with availability counts, expands one node, and
plays the hand out with the game's fused ``rollout``. Every node's statistics are kept from the
point of view of the seat that acted there.

The bot is given only a view, never a state: it cannot read hidden cards. The same view, legal
actions and generator state give the same choice.

>>> # bot = ISMCTSBot(get_game("euchre"), iterations=500)
>>> # bot.choose(view, legal_actions, random.Random(1))
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from typing import Any

from cardrules.bots import check_legal_actions
from cardrules.errors import ArgumentError, ArgumentTypeError, short_repr
from cardrules.game import CHANCE, check_count, check_rng

__all__ = ["ISMCTSBot"]

# What the search calls on its game: checked when the bot is built, not at its first decision.
_GAME_METHODS = ("sample_state", "to_move", "legal_actions", "apply", "rollout")


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


class ISMCTSBot:
    """ISMCTS with a budget of ``iterations`` determinized playouts per decision.

    ``exploration`` is the UCB constant (rewards are the outcome's ``returns`` in ``[-1, 1]``). The
    tree ends where the current hand ends: at a chance step or a finished state the hand's outcome is
    taken from ``game.rollout``.

    A decision with more than ``max_branching`` legal actions — Rook's 2,002 ways to bury five of
    fourteen cards, say — cannot be searched within a small budget (every child would be tried once
    and none twice); with a ``fallback`` bot, such decisions are left to it. With ``search_phases``,
    only decisions whose view's ``phase`` is listed are searched (``{"play"}``: the card play), the
    rest go to the fallback — random playouts judge an auction poorly when random card play sets
    nearly every contract.
    """

    def __init__(
        self,
        game: Any,
        iterations: int = 1000,
        exploration: float = 0.7,
        *,
        max_branching: int | None = None,
        fallback: Any = None,
        search_phases: Collection[str] | None = None,
    ) -> None:
        missing = [m for m in _GAME_METHODS if not callable(getattr(game, m, None))]
        if missing:
            raise ArgumentTypeError(
                f"game must be a game (with {', '.join(_GAME_METHODS)}), not "
                f"{type(game).__name__} {short_repr(game)}: it lacks {', '.join(missing)}"
            )
        check_count(iterations, "iterations")
        if type(exploration) is not float and type(exploration) is not int:
            raise ArgumentTypeError(
                f"exploration must be a float, not {type(exploration).__name__} "
                f"{short_repr(exploration)}"
            )
        if not 0 <= exploration < math.inf:
            raise ArgumentError(f"exploration must be a finite number ≥ 0, not {exploration}")
        if max_branching is not None:
            check_count(max_branching, "max_branching")
        if (max_branching is not None or search_phases is not None) and fallback is None:
            raise ArgumentError("max_branching and search_phases need a fallback bot")
        if fallback is not None and not callable(getattr(fallback, "choose", None)):
            raise ArgumentTypeError(
                f"fallback must be a bot (with a choose method), not "
                f"{type(fallback).__name__} {short_repr(fallback)}"
            )
        if search_phases is not None and (
            isinstance(search_phases, str) or not all(type(p) is str for p in search_phases)
        ):
            raise ArgumentTypeError(
                f"search_phases must be a collection of phase names, not {short_repr(search_phases)}"
            )
        self.game = game
        self.iterations = iterations
        self.exploration = exploration
        self.max_branching = max_branching
        self.fallback = fallback
        self.search_phases = frozenset(search_phases) if search_phases is not None else None

    def __repr__(self) -> str:
        wide = (
            f", max_branching={self.max_branching}, fallback={self.fallback!r}"
            if self.fallback
            else ""
        )
        return f"ISMCTSBot({self.game!r}, iterations={self.iterations}, exploration={self.exploration}{wide})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild,
            (
                self.game,
                self.iterations,
                self.exploration,
                self.max_branching,
                self.fallback,
                self.search_phases,
            ),
        )

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """The action with the most visits at the root after the search.

        ``legal_actions`` must be a non-empty sequence and ``rng`` a :class:`random.Random`.
        """
        check_legal_actions(legal_actions)
        check_rng(rng)
        if len(legal_actions) == 1:
            return legal_actions[0]
        if self.max_branching is not None and len(legal_actions) > self.max_branching:
            return self.fallback.choose(view, legal_actions, rng)
        if (
            self.search_phases is not None
            and getattr(view, "phase", None) not in self.search_phases
        ):
            return self.fallback.choose(view, legal_actions, rng)
        game = self.game
        root = _Node()
        c = self.exploration
        for _ in range(self.iterations):
            state = game.sample_state(view, rng)
            node = root
            path: list[tuple[_Node, int]] = []
            while True:
                seat = game.to_move(state)
                if seat is None or seat == CHANCE:
                    break
                legal = game.legal_actions(state) if path else legal_actions
                children = node.children
                untried = [a for a in legal if a not in children]
                for a in legal:
                    child = children.get(a)
                    if child is not None:
                        child.available += 1
                if untried:
                    action = untried[rng.randrange(len(untried))]
                    child = children[action] = _Node()
                    child.available = 1
                    state = game.apply(state, action)
                    path.append((child, seat))
                    break
                log_total = 0.0
                best_score = -math.inf
                action = legal[0]
                for a in legal:
                    child = children[a]
                    log_total = math.log(child.available)
                    score = child.reward / child.visits + c * math.sqrt(log_total / child.visits)
                    if score > best_score:
                        best_score, action = score, a
                node = children[action]
                state = game.apply(state, action)
                path.append((node, seat))
            returns = game.rollout(state, rng).returns
            for visited, actor in path:
                visited.visits += 1
                visited.reward += returns[actor]
        return max(
            legal_actions, key=lambda a: root.children[a].visits if a in root.children else -1
        )


def _rebuild(
    game: Any,
    iterations: int,
    exploration: float,
    max_branching: int | None,
    fallback: Any,
    search_phases: Collection[str] | None,
) -> ISMCTSBot:
    return ISMCTSBot(
        game,
        iterations,
        exploration,
        max_branching=max_branching,
        fallback=fallback,
        search_phases=search_phases,
    )

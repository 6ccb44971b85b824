"""Bots: the :class:`Bot` protocol and :class:`RandomBot`.

A bot sees only what its seat may know (a view) and the legal actions, and draws any randomness
from the generator it is given:

>>> bot = RandomBot()
>>> bot.choose(None, ("a", "b", "c"), random.Random(1))
'a'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from cardrules.errors import CardrulesError

__all__ = ["Bot", "RandomBot"]

ActionT = TypeVar("ActionT")


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(view, legal_actions, rng) -> action``."""

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Pick one of ``legal_actions`` for the seat whose ``view`` is given."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions."""

    def __repr__(self) -> str:
        return "RandomBot()"

    def choose(self, view: Any, legal_actions: Sequence[ActionT], rng: random.Random) -> ActionT:
        """A uniformly random legal action."""
        if not legal_actions:
            raise CardrulesError("RandomBot was asked to choose with no legal action")
        return legal_actions[rng.randrange(len(legal_actions))]

"""Bots: the :class:`Bot` protocol and :class:`RandomBot`.

A bot sees only what its seat may know (a view) and the legal actions, and draws any randomness
from the generator it is given:

>>> bot = RandomBot()
>>> bot.choose(None, ("a", "b", "c"), random.Random(1))
'a'

A bot is asked to choose only where its seat has something to do: an empty list of legal actions
is an :class:`~cardrules.errors.ArgumentError` for every bot, and a ``legal_actions`` that is not
a sequence, or an ``rng`` that is not a :class:`random.Random`, an
:class:`~cardrules.errors.ArgumentTypeError`:

>>> bot.choose(None, [], random.Random(1))
Traceback (most recent call last):
...
cardrules.errors.ArgumentError: legal_actions must be non-empty: a bot chooses only where its seat has a legal action
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from cardrules.errors import ArgumentError, ArgumentTypeError, short_repr
from cardrules.game import check_rng

__all__ = ["Bot", "RandomBot", "check_legal_actions"]

ActionT = TypeVar("ActionT")


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(view, legal_actions, rng) -> action``."""

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Pick one of ``legal_actions`` (a non-empty sequence) for the seat whose ``view`` is
        given."""
        ...


def check_legal_actions(legal_actions: object, argument: str = "legal_actions") -> Sequence[Any]:
    """``legal_actions`` if it is a non-empty sequence (a ``list`` or ``tuple``, not a string);
    else an :class:`~cardrules.errors.ArgumentTypeError` (not a sequence) or an
    :class:`~cardrules.errors.ArgumentError` (empty). Every bot's ``choose`` checks its list so.

    >>> check_legal_actions(None)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: legal_actions must be a sequence of actions, not NoneType None
    """
    if isinstance(legal_actions, str | bytes) or not isinstance(legal_actions, Sequence):
        raise ArgumentTypeError(
            f"{argument} must be a sequence of actions, "
            f"not {type(legal_actions).__name__} {short_repr(legal_actions)}"
        )
    if not legal_actions:
        raise ArgumentError(
            f"{argument} must be non-empty: a bot chooses only where its seat has a legal action"
        )
    return legal_actions


class RandomBot:
    """Chooses uniformly among the legal actions."""

    def __repr__(self) -> str:
        return "RandomBot()"

    def choose(self, view: Any, legal_actions: Sequence[ActionT], rng: random.Random) -> ActionT:
        """A uniformly random legal action (``rng`` a :class:`random.Random`)."""
        check_legal_actions(legal_actions)
        check_rng(rng)
        return legal_actions[rng.randrange(len(legal_actions))]

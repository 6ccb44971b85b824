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
from typing import Any, Protocol, runtime_checkable

from typing_extensions import TypeVar

from cardrules.errors import ArgumentError, ArgumentTypeError, short_repr
from cardrules.game import check_rng

__all__ = ["Bot", "RandomBot", "check_legal_actions"]

ActionT = TypeVar("ActionT")
BotViewT = TypeVar("BotViewT", contravariant=True, default=Any)
"""The type of the views a :class:`Bot` reads (a game's view class; ``Any`` by default)."""
BotActionT = TypeVar("BotActionT", default=Any)
"""The type of the actions a :class:`Bot` chooses among (a game's action type; ``Any`` by default)."""


@runtime_checkable
class Bot(Protocol[BotViewT, BotActionT]):
    """Anything with ``choose(view, legal_actions, rng) -> action``.

    Generic over the game's view and action types, so that a type checker checks a bot against
    the game it plays: ``Bot[EuchreView, EuchreAction]`` is a Euchre bot, and
    :func:`~cardrules.sim.simulate` or :func:`~cardrules.sim.play_game` refuse (statically) a Rook
    bot at a Euchre table. A bare ``Bot`` is ``Bot[Any, Any]``: any bot, as before.

    >>> from cardrules.games.euchre import EuchreAction, EuchreView
    >>> class FirstCard:
    ...     def choose(self, view: EuchreView, legal_actions: Sequence[EuchreAction],
    ...                rng: random.Random) -> EuchreAction:
    ...         return legal_actions[0]
    >>> bot: Bot[EuchreView, EuchreAction] = FirstCard()
    >>> isinstance(bot, Bot)
    True
    """

    def choose(
        self, view: BotViewT, legal_actions: Sequence[BotActionT], rng: random.Random
    ) -> BotActionT:
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

"""A flat numeric encoding of views, for learning code and the PettingZoo and OpenSpiel adapters.

:class:`ViewEncoder` reads the type annotations of a game's view class (an attrs class) once and maps
each field to a fixed slice of a flat vector:

* a :class:`~cardrules.decks.CardSet`, a tuple of cards, or any nesting of tuples holding cards
  (a trick history) → one bit per card of the deck (the set of cards it mentions);
* a single :class:`~cardrules.cards.Card` (or ``None``) → a one-hot over the deck;
* a :class:`~cardrules.cards.Suit` (or ``None``) → a one-hot over the eight suits;
* a ``Literal[...]`` (a phase) → a one-hot over its values;
* ``int``, ``float``, ``bool`` (or ``None``) → one number;
* a tuple of numbers → ``num_players`` numbers (padded or cut), or exactly as many as a fixed tuple
  type names;
* a nested attrs value (a match score) → its own fields, recursively.

Anything else is left out. A game may instead provide ``encode_view(view) -> Sequence[float]``
together with ``view_size``; the encoder then uses those.

>>> game = get_game("euchre")
>>> encoder = ViewEncoder(game)
>>> view = game.view(game.new_hand(dealer=0), 1)
>>> len(encoder.encode(view)) == encoder.size
True
>>> encoder.fields[:3]
(('seat', 1), ('phase', 7), ('to_move', 1))
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from cardrules.cards import Card, Suit
from cardrules.decks import CardSet
from cardrules.errors import ArgumentError, ArgumentTypeError, short_repr

__all__ = ["ViewEncoder"]

Writer = Callable[[Any, list[float], int], None]


def _strip_optional(tp: Any) -> Any:
    if get_origin(tp) in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return tp


def _mentions_card(tp: Any) -> bool:
    if tp is Card or tp is CardSet:
        return True
    return any(_mentions_card(a) for a in get_args(tp) if a is not Ellipsis)


def _collect_cards(value: Any, out: list[Card]) -> None:
    if isinstance(value, Card):
        out.append(value)
    elif isinstance(value, CardSet):
        out.extend(value)
    elif isinstance(value, tuple | list):
        for item in value:
            _collect_cards(item, out)


def _refuse_none(view: Any) -> None:
    """The view check of a game that has none of its own: refuse ``None`` alone."""
    if view is None:
        raise ArgumentTypeError("view must be a view of the game, not None")


class ViewEncoder:
    """Encodes views of one game as flat lists of floats of a fixed length, ``size``."""

    def __init__(self, game: Any) -> None:
        missing = [name for name in ("view", "new_hand") if not callable(getattr(game, name, None))]
        if missing or getattr(game, "deck", None) is None:
            raise ArgumentTypeError(
                f"ViewEncoder takes a cardrules game such as get_game('euchre'), not "
                f"{type(game).__name__} {short_repr(game)}"
            )
        self.game = game
        # The game's own view check (a type test) when it has one; else only None is refused.
        check_view = getattr(game, "check_view", None)
        self._check_view: Callable[[Any], None] = (
            check_view if callable(check_view) else _refuse_none
        )
        self._custom = getattr(game, "encode_view", None)
        if self._custom is not None:
            self.size: int = int(game.view_size)
            self._writers: list[tuple[str, int, Writer]] = []
            return
        view_type = type(game.view(game.new_hand(dealer=0), 0))
        self._index = {card: i for i, card in enumerate(game.deck.cards)}
        self._writers = []
        self.size = self._plan(view_type, "")

    def _plan(self, cls: type, prefix: str) -> int:
        hints = typing.get_type_hints(cls)
        size = 0
        for field in attrs.fields(cls):
            tp = hints.get(field.name, Any)
            name = f"{prefix}{field.name}"
            plan = self._field_writer(tp, name, field.name)
            if plan is None:
                continue
            width, writer = plan
            self._writers.append((name, width, writer))
            size += width
        return size

    def _field_writer(self, tp: Any, name: str, attr: str) -> tuple[int, Writer] | None:
        base = _strip_optional(tp)
        n_cards = len(self.game.deck.cards)
        index = self._index
        if base is Card:

            def one_card(view: Any, out: list[float], at: int) -> None:
                card = getattr(view, attr)
                if card is not None:
                    out[at + index[card]] = 1.0

            return n_cards, one_card
        if _mentions_card(base):

            def card_bits(view: Any, out: list[float], at: int) -> None:
                cards: list[Card] = []
                _collect_cards(getattr(view, attr), cards)
                for card in cards:
                    out[at + index[card]] = 1.0

            return n_cards, card_bits
        if base is Suit:

            def suit(view: Any, out: list[float], at: int) -> None:
                value = getattr(view, attr)
                if value is not None:
                    out[at + int(value)] = 1.0

            return len(Suit), suit
        if get_origin(base) is Literal:
            values = get_args(base)

            def literal(view: Any, out: list[float], at: int) -> None:
                value = getattr(view, attr)
                if value in values:
                    out[at + values.index(value)] = 1.0

            return len(values), literal
        if base in (int, float, bool):

            def number(view: Any, out: list[float], at: int) -> None:
                value = getattr(view, attr)
                out[at] = float(value) if value is not None else 0.0

            return 1, number
        if get_origin(base) is tuple:
            args = get_args(base)
            if args and all(
                _strip_optional(a) in (int, float, bool) for a in args if a is not Ellipsis
            ):
                width = self.game.num_players if Ellipsis in args else len(args)

                def numbers(view: Any, out: list[float], at: int) -> None:
                    value = getattr(view, attr) or ()
                    for k, item in enumerate(value[:width]):
                        out[at + k] = float(item) if item is not None else 0.0

                return width, numbers
            return None
        if isinstance(base, type) and attrs.has(base):
            inner = ViewEncoder.__new__(ViewEncoder)
            inner.game = self.game
            inner._index = self._index
            inner._writers = []
            inner._custom = None
            inner._check_view = _refuse_none
            inner.size = inner._plan(base, f"{name}.")

            def nested(view: Any, out: list[float], at: int) -> None:
                value = getattr(view, attr)
                if value is not None:
                    inner._write(value, out, at)

            return inner.size, nested
        return None

    def _write(self, view: Any, out: list[float], at: int) -> None:
        for _, width, writer in self._writers:
            writer(view, out, at)
            at += width

    @property
    def fields(self) -> tuple[tuple[str, int], ...]:
        """``(name, width)`` of each encoded field, in order."""
        return tuple((name, width) for name, width, _ in self._writers)

    def encode(self, view: Any) -> list[float]:
        """The flat encoding of ``view``, a view of this encoder's game (anything else, a state
        or another game's view, is an :class:`~cardrules.errors.ArgumentTypeError`).

        >>> ViewEncoder(get_game("euchre")).encode(None)
        Traceback (most recent call last):
        cardrules.errors.ArgumentTypeError: view must be a EuchreView of euchre, not NoneType None
        """
        self._check_view(view)
        if self._custom is not None:
            values = [float(v) for v in self._custom(view)]
            if len(values) != self.size:
                # The game's own encoder broke its promise: a value error of the library's family.
                raise ArgumentError(
                    f"{self.game.name}: encode_view gave {len(values)} numbers, "
                    f"view_size is {self.size}"
                )
            return values
        out = [0.0] * self.size
        self._write(view, out, 0)
        return out

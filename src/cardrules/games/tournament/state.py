"""States and views of Tournament, and the card tables the engine works on.

Kingsdown Eights' state and view live here too, where the engine can build them
(:mod:`~cardrules.games.tournament.kingsdown` imports them from here).

A card is its index in the ``double104`` deck; both copies of a card (``i`` and ``i + 52``) are
interchangeable. Patience ranks run Ace = 1 … King = 13.
"""

from __future__ import annotations

from typing import Final, Literal, final

import attrs

from cardrules import ACE, Card, get_deck
from cardrules.game import GameConfig
from cardrules.svg import SvgMixin

__all__ = [
    "DECK",
    "PRANK",
    "SUIT",
    "KingsdownState",
    "KingsdownView",
    "Phase",
    "TournamentState",
    "TournamentView",
]

DECK: Final = get_deck("double104")
SUIT: Final[tuple[int, ...]] = tuple(int(c.suit) for c in DECK.cards if c.suit is not None)
"""Suit number (0 ♣, 1 ♦, 2 ♥, 3 ♠) of each card index."""
PRANK: Final[tuple[int, ...]] = tuple(1 if c.rank == ACE else c.rank for c in DECK.cards)
"""Patience rank (Ace 1 … King 13) of each card index."""

Phase = Literal["deal", "play", "over"]
Result = Literal["", "won", "lost", "resigned"]


@final
@attrs.frozen
class TournamentState(SvgMixin):
    """A Tournament state; cards are ``double104`` indices.

    ``reserve`` holds the eight cells R1…R8 (``-1`` empty); ``columns`` the tableau columns, bottom
    card first; ``stock`` the face-down stock, ``stock[0]`` dealt next; ``foundations`` the eight
    piles in pile-id order (F♣↑, F♣↓, …, F♠↓), bottom first. ``reserve_deals`` counts the shuffles
    drawn so far (B1: each rejected reserve costs one); ``known`` is a bitmask of the cards whose
    place the player has seen (perfect recall: a revealed card stays known); ``result`` is set
    when the game is over; ``config`` the :class:`~cardrules.game.GameConfig` of the game that made
    the state (a Cicely layout is not a Tournament one: a game refuses a state of other rules;
    ``None`` for a state built by hand, which any Tournament game reads unchecked).
    """

    phase: Phase
    reserve: tuple[int, ...] = (-1,) * 8
    columns: tuple[tuple[int, ...], ...] = ()
    stock: tuple[int, ...] = ()
    foundations: tuple[tuple[int, ...], ...] = ((),) * 8
    redeals_used: int = 0
    reserve_deals: int = 0
    known: int = 0
    result: Result = ""
    config: GameConfig | None = attrs.field(default=None, repr=False, hash=False)

    def render_svg(self) -> str:
        """The layout as the player sees it, as an SVG picture (``_repr_svg_`` in Jupyter):
        ``cardrules.games.tournament.picture.state_svg``."""
        from cardrules.games.tournament.picture import state_svg

        return state_svg(self)


@final
@attrs.frozen
class TournamentView(SvgMixin):
    """What the player sees: every face-up card, the known places, ``None`` for a hidden card.

    ``columns`` list each column bottom first; ``stock`` lists the stock (``stock[0]`` next), a
    card only where the player knows it (after a redeal of visible columns, say); ``config`` is
    the state's (a game refuses a view of other rules).
    """

    phase: Phase
    reserve: tuple[Card | None, ...]
    columns: tuple[tuple[Card | None, ...], ...]
    stock: tuple[Card | None, ...]
    foundations: tuple[tuple[Card, ...], ...]
    redeals_used: int
    reserve_deals: int
    result: Result
    config: GameConfig | None = attrs.field(default=None, repr=False, kw_only=True)

    def render_svg(self) -> str:
        """The layout as an SVG picture (``_repr_svg_`` in Jupyter)."""
        from cardrules.games.tournament.picture import layout_svg

        return layout_svg(self)


@final
@attrs.frozen
class KingsdownState(SvgMixin):
    """A Kingsdown Eights state (``double104`` indices; piles bottom first, ``stock[0]`` next);
    ``config`` as :attr:`TournamentState.config`."""

    phase: Literal["deal", "play", "over"]
    rows: tuple[tuple[int, ...], ...] = ()
    reserves: tuple[tuple[int, ...], ...] = ()
    stock: tuple[int, ...] = ()
    foundations: tuple[tuple[int, ...], ...] = ((),) * 8
    result: Literal["", "won", "lost", "resigned"] = ""
    config: GameConfig | None = attrs.field(default=None, repr=False, hash=False)

    def render_svg(self) -> str:
        """The layout as the player sees it (the stock by its count), as an SVG picture
        (``_repr_svg_`` in Jupyter): ``cardrules.games.tournament.picture.state_svg``."""
        from cardrules.games.tournament.picture import state_svg

        return state_svg(self)


@final
@attrs.frozen
class KingsdownView(SvgMixin):
    """Everything but the stock order: every card that reaches a pile was seen face up."""

    phase: Literal["deal", "play", "over"]
    rows: tuple[tuple[Card, ...], ...]
    reserves: tuple[tuple[Card, ...], ...]
    stock_size: int
    foundations: tuple[tuple[Card, ...], ...]
    result: Literal["", "won", "lost", "resigned"]
    config: GameConfig | None = attrs.field(default=None, repr=False, kw_only=True)

    def render_svg(self) -> str:
        """The layout as an SVG picture (``_repr_svg_`` in Jupyter):
        ``cardrules.games.tournament.picture.kingsdown_svg``."""
        from cardrules.games.tournament.picture import kingsdown_svg

        return kingsdown_svg(self)

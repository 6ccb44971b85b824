"""Pictures of cards, hands, tricks and whole states as SVG, in the spirit of ``chess.svg``.

:func:`card` draws one card, :func:`cards` a row of them, and :func:`render` any state or view: a
game may provide ``render_svg(value) -> str`` (the Tournament patience draws its layout), otherwise
the value's fields are laid out generically — each card set or card tuple as a row of cards under its
name, every other field as a line of text. States and views that derive from :class:`SvgMixin`
display as pictures in Jupyter.

>>> svg = cards(parse_cards("9C JH 10S"))
>>> svg.startswith("<svg") and "J" in svg and "♥" in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape

import attrs

from cardrules.cards import Card, Suit
from cardrules.decks import CardSet

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "SvgMixin", "card", "cards", "render"]

CARD_WIDTH = 44
CARD_HEIGHT = 62
_GAP = 6
_RED = "#c0392b"
_BLACK = "#1b1b1b"
_ROOK_COLOURS = {
    Suit.RED: "#c0392b",
    Suit.YELLOW: "#b7950b",
    Suit.GREEN: "#1e8449",
    Suit.BLACK: "#1b1b1b",
}


def _colour(c: Card) -> str:
    if c.suit is None:
        return "#5b2c6f"
    if c.suit in _ROOK_COLOURS:
        return _ROOK_COLOURS[c.suit]
    return _RED if c.suit.is_red else _BLACK


def _label(c: Card) -> tuple[str, str]:
    if c.suit is None:
        return ("Bird", "")
    if c.suit.is_french:
        text = c.unicode
        return (text[:-1], c.suit.symbol)
    return (str(c.rank), c.suit.name[0] + c.suit.name[1:].lower())


def card(c: Card | None, x: float = 0, y: float = 0, *, face_down: bool = False) -> str:
    """One card as an SVG ``<g>`` element at ``(x, y)``; ``None`` or ``face_down`` draws a card back."""
    frame = (
        f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" '
        f'fill="{"#2e4053" if face_down or c is None else "#ffffff"}" stroke="#555" stroke-width="1"/>'
    )
    if face_down or c is None:
        return f'<g class="card back">{frame}</g>'
    rank, suit = _label(c)
    colour = _colour(c)
    name = escape(c.ascii)
    return (
        f'<g class="card" data-card="{name}">{frame}'
        f'<text x="{x + 5}" y="{y + 17}" font-family="sans-serif" font-size="15" font-weight="bold" fill="{colour}">{escape(rank)}</text>'
        f'<text x="{x + CARD_WIDTH / 2}" y="{y + 45}" font-family="sans-serif" font-size="{20 if len(suit) <= 1 else 10}" '
        f'text-anchor="middle" fill="{colour}">{escape(suit)}</text></g>'
    )


def cards(items: Iterable[Card], *, label: str = "") -> str:
    """A row of cards as a standalone SVG document."""
    body, width, height = _row(list(items), 0, 0, label)
    return _document(body, width, height)


def _row(items: Sequence[Card | None], x: float, y: float, label: str) -> tuple[str, float, float]:
    parts = []
    top = y
    if label:
        parts.append(
            f'<text x="{x}" y="{y + 14}" font-family="sans-serif" font-size="13" fill="#333">{escape(label)}</text>'
        )
        top += 20
    for k, item in enumerate(items):
        parts.append(card(item, x + k * (CARD_WIDTH + _GAP), top))
    width = max(1, len(items)) * (CARD_WIDTH + _GAP)
    return "".join(parts), width, top - y + CARD_HEIGHT + _GAP


def _document(body: str, width: float, height: float) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">{body}</svg>'
    )


def _flatten_cards(value: Any) -> list[Card] | None:
    if isinstance(value, CardSet):
        return list(value)
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
        return list(value)
    return None


def _text(value: Any) -> str:
    if isinstance(value, Suit):
        return value.symbol if value.is_french else value.name.title()
    if isinstance(value, tuple) and any(isinstance(v, tuple) for v in value):
        return f"{len(value)} item(s)"
    return repr(value)


def render(value: Any, game: Any = None) -> str:
    """An SVG picture of a state or a view.

    A game's own ``game.render_svg(value)``, or the value's ``render_svg()`` method, takes precedence
    over the generic layout.
    """
    hook = getattr(game, "render_svg", None)
    if hook is not None:
        drawn: str = hook(value)
        return drawn
    own = getattr(value, "render_svg", None)
    if own is not None:
        picture: str = own()
        return picture
    if not attrs.has(type(value)):
        return _document(
            f'<text x="4" y="16" font-family="sans-serif" font-size="13">{escape(repr(value))}</text>',
            600,
            24,
        )
    body: list[str] = []
    y = 4.0
    width = 300.0
    for field in attrs.fields(type(value)):
        item = getattr(value, field.name)
        name = field.name.replace("_", " ")
        as_cards = _flatten_cards(item)
        if as_cards is not None:
            row, row_width, row_height = _row(as_cards, 4, y, name)
            body.append(row)
            width = max(width, row_width + 8)
            y += row_height
        elif isinstance(item, tuple) and item and all(isinstance(h, CardSet) for h in item):
            for seat, hand in enumerate(item):
                row, row_width, row_height = _row(list(hand), 4, y, f"{name} {seat}")
                body.append(row)
                width = max(width, row_width + 8)
                y += row_height
        elif (
            item is not None
            and item != ()
            and not isinstance(item, int | str | float | bool | Suit)
        ):
            continue
        elif item is not None and item != ():
            body.append(
                f'<text x="4" y="{y + 14}" font-family="sans-serif" font-size="13" fill="#333">{escape(name)}: {escape(_text(item))}</text>'
            )
            y += 20
    return _document("".join(body), width, y + 4)


class SvgMixin:
    """Gives a state or view class a ``_repr_svg_`` for Jupyter (slot-free, so attrs slots stay)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return render(self)

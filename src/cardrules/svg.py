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
from cardrules.text import format_value

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


def _history(value: Any) -> list[tuple[str, list[Card]]] | None:
    """Rows of a trick history: ``((leader, (cards…)), …)`` or the group form ``(((seat, group)…), winner)``."""
    if not isinstance(value, tuple) or not value:
        return None
    rows: list[tuple[str, list[Card]]] = []
    for k, item in enumerate(value, 1):
        cards: list[Card] = []
        _collect(item, cards)
        if not cards:
            return None
        rows.append((f"trick {k}", cards))
    return rows


def _collect(value: Any, out: list[Card]) -> None:
    if isinstance(value, Card):
        out.append(value)
    elif isinstance(value, tuple | list):
        for item in value:
            _collect(item, out)


_TEXT = 'font-family="sans-serif" font-size="13" fill="#333"'
_MAX_HISTORY = 4


def render(value: Any, game: Any = None) -> str:
    """An SVG picture of a state or a view.

    A game's own ``game.render_svg(value)``, or the value's ``render_svg()`` method, takes precedence
    over the generic layout: the simple fields as lines of text, then each card set or card tuple
    (a hand, the trick, the up-card) as a row of cards, then the last tricks of the history.
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
        return _document(f'<text x="4" y="16" {_TEXT}>{escape(repr(value))}</text>', 600, 24)
    text_lines: list[str] = []
    rows: list[tuple[str, list[Card]]] = []
    history: list[tuple[str, list[Card]]] = []
    for field in attrs.fields(type(value)):
        item = getattr(value, field.name)
        name = field.name.replace("_", " ")
        as_cards = _flatten_cards(item)
        if as_cards is not None:
            rows.append((name, as_cards))
        elif isinstance(item, tuple) and item and all(isinstance(h, CardSet) for h in item):
            rows.extend((f"{name} {seat}", list(hand)) for seat, hand in enumerate(item) if hand)
        elif (past := _history(item)) is not None:
            history.extend((f"{name}: {label}", cards) for label, cards in past[-_MAX_HISTORY:])
        elif item is not None and item != () and item != "" and not isinstance(item, CardSet):
            text_lines.append(f"{name}: {format_value(item)}")
    body: list[str] = []
    y = 4.0
    width = 320.0
    for line in text_lines:
        clipped = line if len(line) <= 90 else line[:89] + "…"
        body.append(f'<text x="4" y="{y + 14}" {_TEXT}>{escape(clipped)}</text>')
        width = max(width, 7.2 * len(clipped) + 8)
        y += 18
    for label, cards_in_row in [*rows, *history]:
        row, row_width, row_height = _row(cards_in_row, 4, y + 4, label)
        body.append(row)
        width = max(width, row_width + 8)
        y += row_height + 4
    return _document("".join(body), width, y + 4)


class SvgMixin:
    """Gives a state or view class a ``_repr_svg_`` for Jupyter (slot-free, so attrs slots stay)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return render(self)

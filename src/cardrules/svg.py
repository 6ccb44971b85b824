"""Pictures of cards, hands, tricks and whole states as SVG, in the spirit of ``chess.svg``.

:func:`card` draws one card, :func:`cards` a row of them, and :func:`render` any state or view: the
trick games' views and states as a card table (:mod:`cardrules.table_svg`: seats, hands, the trick
by seat, won tricks, the contract and score in words), the Tournament patience as its layout (the
game's ``render_svg``), and any other value generically — each card set or card tuple as a row of
cards under its name, every other field as a line of text in words. States and views display as
pictures in Jupyter through ``_repr_svg_`` (:class:`SvgMixin` gives it to a slotted class).
:func:`write` saves the picture to a file (the command line's ``--svg FILE``).

>>> svg = cards(parse_cards("9C JH 10S"))
>>> svg.startswith("<svg") and "J" in svg and "♥" in svg
True
"""

from __future__ import annotations

import contextlib
import enum
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import attrs

from cardrules.cards import Card, Suit
from cardrules.decks import CardSet
from cardrules.errors import ArgumentError, ArgumentTypeError, check_int, short_repr
from cardrules.text import format_value

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "SvgMixin", "card", "cards", "render", "write"]

CARD_WIDTH = 44
CARD_HEIGHT = 62
_GAP = 6
_RED = "#c0392b"
_BLACK = "#1b1b1b"
_HIGHLIGHT_COLOUR = "#d4a017"
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


def _check_card(c: object, wanted: str) -> None:
    """``"WANTED, not TYPE VALUE"`` unless ``c`` is a card or ``None`` (a card back)."""
    if c is not None and not isinstance(c, Card):
        hint = " (read text with parse_cards first)" if isinstance(c, str) else ""
        raise ArgumentTypeError(f"{wanted}, not {type(c).__name__} {short_repr(c)}{hint}")


def card(c: Card | None, x: float = 0, y: float = 0, *, face_down: bool = False) -> str:
    """One card as an SVG ``<g>`` element at ``(x, y)``; ``None`` or ``face_down`` draws a card back.

    ``c`` is a :class:`~cardrules.cards.Card`, not its text:

    >>> card("AS")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: c must be a Card or None, not str 'AS' (read text with parse_cards first)
    """
    _check_card(c, "c must be a Card or None")
    return _card(c, x, y, face_down=face_down)


# The cards :func:`render`'s ``highlight`` marks. A context variable rather than an argument
# threaded through every picture: the games' own picture hooks (``game.render_svg``) and a
# plugin's draw with :func:`card` and know nothing of the option, yet their cards are marked too.
_HIGHLIGHT: ContextVar[frozenset[Card]] = ContextVar("cardrules_svg_highlight", default=frozenset())


@contextlib.contextmanager
def _highlighting(chosen: frozenset[Card]) -> Iterator[None]:
    token = _HIGHLIGHT.set(chosen)
    try:
        yield
    finally:
        _HIGHLIGHT.reset(token)


def _card(c: Card | None, x: float, y: float, *, face_down: bool = False) -> str:
    frame = (
        f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" '
        f'fill="{"#2e4053" if face_down or c is None else "#ffffff"}" stroke="#555" stroke-width="1"/>'
    )
    if face_down or c is None:
        # A back is never marked, whatever is highlighted: the mark would tell what it hides.
        return f'<g class="card back">{frame}</g>'
    rank, suit = _label(c)
    colour = _colour(c)
    name = escape(c.ascii)
    # The corner index (rank over a small suit mark) stays readable where cards overlap in a fan.
    corner = suit if len(suit) <= 1 else suit[0]
    font = 'font-family="sans-serif"'
    if c in _HIGHLIGHT.get():
        frame += (
            f'<rect class="highlight" x="{x - 2}" y="{y - 2}" width="{CARD_WIDTH + 4}" '
            f'height="{CARD_HEIGHT + 4}" rx="6" fill="none" stroke="{_HIGHLIGHT_COLOUR}" '
            f'stroke-width="3"/>'
        )
    return (
        f'<g class="card" data-card="{name}">{frame}'
        f'<text x="{x + 3}" y="{y + 16}" {font} font-size="{14 if len(rank) == 1 else 12 if len(rank) == 2 else 9}" '
        f'font-weight="bold" fill="{colour}">{escape(rank)}</text>'
        f'<text x="{x + 4}" y="{y + 30}" {font} font-size="12" fill="{colour}">{escape(corner)}</text>'
        f'<text x="{x + CARD_WIDTH - 5}" y="{y + 54}" {font} font-size="{22 if len(suit) <= 1 else 9}" '
        f'text-anchor="end" fill="{colour}">{escape(suit)}</text></g>'
    )


def cards(items: Iterable[Card | None], *, label: str = "") -> str:
    """A row of cards as a standalone SVG document; ``None`` draws a card back.

    >>> cards(["AS"])
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: items must hold Cards or None, not str 'AS' (read text with parse_cards first)
    """
    given: object = items  # a str is an Iterable of str, not of Card: refuse it whole
    if isinstance(given, str):
        raise ArgumentTypeError(
            f"items must be Cards, not the text {short_repr(given)} (read it with parse_cards first)"
        )
    row = list(items)
    for item in row:  # a picture, drawn once: checking each card costs nothing that matters
        _check_card(item, "items must hold Cards or None")
    body, width, height = _row(row, 0, 0, label)
    return _document(body, width, height)


def _cards_html(items: Sequence[Card]) -> str:
    """``items`` as HTML, for the ``_repr_html_`` of a card and a card set: :func:`cards`'s row
    inline, named by its notation (a tooltip, and what a screen reader says)."""
    text = " ".join(c.unicode for c in items) or "no cards"
    name = escape(text, {'"': "&quot;"})
    return (
        f'<span class="cardrules-cards" role="img" aria-label="{name}" title="{name}">'
        f"{cards(items)}</span>"
    )


def _row(items: Sequence[Card | None], x: float, y: float, label: str) -> tuple[str, float, float]:
    parts = []
    top = y
    if label:
        parts.append(
            f'<text x="{x}" y="{y + 14}" font-family="sans-serif" font-size="13" fill="#333">{escape(label)}</text>'
        )
        top += 20
    for k, item in enumerate(items):
        parts.append(_card(item, x + k * (CARD_WIDTH + _GAP), top))
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


def _words(value: Any, depth: int = 0) -> str | None:
    """A field's value as a player would read it, or ``None`` to leave it out: cards in notation,
    numbers and names as they are, nested records as "name value" pairs — never a repr."""
    if value is None or value == "" or (isinstance(value, tuple | list | frozenset) and not value):
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"−{-value}" if value < 0 else str(value)  # a true minus sign, as in a score
    if isinstance(value, float):
        return f"{value:g}".replace("-", "−")
    if isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, CardSet | Card | Suit):
        return format_value(value)
    if isinstance(value, enum.Enum):
        return value.name.lower().replace("_", " ")
    if isinstance(value, tuple | list | frozenset):
        items = sorted(value, key=str) if isinstance(value, frozenset) else list(value)
        if all(isinstance(x, Card) for x in items):
            return " ".join(c.unicode for c in items)
        parts = [w for w in (_words(x, depth + 1) for x in items) if w is not None]
        if not parts:
            return None
        joiner = ", " if all(isinstance(x, int) for x in items) else "; "
        return joiner.join(parts)
    if attrs.has(type(value)) and depth < 2:
        pairs = []
        for field in attrs.fields(type(value)):
            if field.name.startswith("_"):
                continue
            text = _words(getattr(value, field.name), depth + 1)
            if text is not None:
                pairs.append(f"{field.name.replace('_', ' ')} {text}")
        return ", ".join(pairs) or None
    return None  # an object with no readable form is left out rather than shown as a repr


def render(
    value: Any,
    game: Any = None,
    *,
    size: int | None = None,
    bottom: int | None = None,
    highlight: Iterable[Card] = (),
    last_trick: bool = True,
) -> str:
    """An SVG picture of a state or a view; ``game``, when given, is the game it belongs to.

    In order of precedence:

    * the game's own ``game.render_svg(value)`` (the Tournament patience draws its layout);
    * the value's ``table_scene(game)``: a :class:`~cardrules.table_svg.TableScene` drawn as a
      card table by :func:`~cardrules.table_svg.table_svg` (the views and states of Euchre, Rook
      and Voormsi: a view draws what its seat may see, a state the whole table);
    * the value's own ``render_svg()`` method (a patience state draws its layout as the player
      sees it);
    * a generic layout for any attrs value: its simple fields as lines of text in words (fields
      with no readable form are left out), then each card set or card tuple (a hand, the trick,
      the up-card) as a row of cards, then the last tricks of the history.

    The keyword options follow ``chess.svg.board``'s:

    * ``size``: the picture's width in pixels (its height in proportion), as ``chess.svg``'s
      ``size``; by default the natural size;
    * ``bottom``: the seat drawn at the bottom of a card table, the others clockwise from it (as
      ``chess.svg``'s ``orientation``); by default the view's own seat, seat 0 for a state. Only a
      card table has seats to turn: another picture refuses it;
    * ``highlight``: cards to mark with a gold frame wherever they are drawn face up (the cards a
      seat may play, say: ``chess.svg``'s ``fill``). A card drawn as a back is never marked, so a
      picture of a view shows no more with it than without it;
    * ``last_trick``: whether a card table shows the last trick taken (beside the table, between
      tricks), as ``chess.svg`` marks the last move; ``False`` leaves it out.

    Bad options are refused before anything is drawn: an :class:`~cardrules.errors.ArgumentTypeError`
    for a wrong type, an :class:`~cardrules.errors.ArgumentError` for a value out of range.

    >>> import random
    >>> from cardrules import get_game
    >>> from cardrules.games.euchre import Play
    >>> euchre = get_game("euchre")
    >>> state = euchre.new_hand(dealer=0)
    >>> state = euchre.apply(state, euchre.sample_chance(state, random.Random(1)))
    >>> picture = render(euchre.view(state, 1), size=400, bottom=3)
    >>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="400"')
    True
    >>> hand = euchre.view(state, 1).hand
    >>> render(euchre.view(state, 1), highlight=list(hand)[:2]).count('class="highlight"')
    2
    >>> render(state, euchre, bottom=4)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: bottom must be a seat from 0 to 3, not 4

    This is the call the ``cardrules`` command's ``--svg FILE`` option makes.
    """
    if size is not None:
        check_int(size, "size", 1)
    if bottom is not None:
        check_int(bottom, "bottom", 0)
    if not isinstance(last_trick, bool):
        raise ArgumentTypeError(
            f"last_trick must be True or False, not {type(last_trick).__name__} "
            f"{short_repr(last_trick)}"
        )
    marked = _highlight_set(highlight)
    with _highlighting(marked):
        picture = _render(value, game, bottom=bottom, last_trick=last_trick)
    return picture if size is None else _resize(picture, size)


def _highlight_set(highlight: object) -> frozenset[Card]:
    """``render``'s ``highlight`` as a set of cards, or the error naming what is wrong with it."""
    if isinstance(highlight, str):
        raise ArgumentTypeError(
            f"highlight must hold Cards, not the text {short_repr(highlight)} "
            "(read it with parse_cards first)"
        )
    if isinstance(highlight, Card):
        return frozenset((highlight,))
    if not isinstance(highlight, Iterable):
        raise ArgumentTypeError(
            f"highlight must be Cards (a CardSet, a list of Cards), not "
            f"{type(highlight).__name__} {short_repr(highlight)}"
        )
    chosen = tuple(highlight)
    for item in chosen:
        _check_card(item, "highlight must hold Cards")
        if item is None:
            raise ArgumentTypeError("highlight must hold Cards, not None")
    return frozenset(chosen)


_ROOT_SIZE = re.compile(r'^(<svg\b[^>]*?)\bwidth="([\d.]+)" height="([\d.]+)"')


def _resize(picture: str, size: int) -> str:
    """``picture`` drawn ``size`` pixels wide: its root's width and height scaled (the
    ``viewBox`` keeps the drawing's own units, so everything scales with it)."""
    found = _ROOT_SIZE.match(picture)
    if found is None or 'viewBox="' not in picture[: picture.index(">")]:
        return picture  # a hook's picture without a size of its own: left as it is drawn
    width, height = float(found.group(2)), float(found.group(3))
    scaled = height * size / width if width else height
    return f'{found.group(1)}width="{size}" height="{scaled:.0f}"' + picture[found.end() :]


def _render(value: Any, game: Any, *, bottom: int | None, last_trick: bool) -> str:
    hook = getattr(game, "render_svg", None)
    scene_of = getattr(value, "table_scene", None) if hook is None else None
    if bottom is not None and scene_of is None:
        raise ArgumentError(
            f"bottom: a picture of a {type(value).__name__} is no card table, "
            "it has no seats to turn (leave bottom out)"
        )
    if hook is not None:
        drawn: str = hook(value)
        return drawn
    if scene_of is not None:
        from cardrules.table_svg import table_svg

        scene = scene_of(game)
        seats = len(scene.seats)
        if bottom is not None and bottom >= seats:
            raise ArgumentError(f"bottom must be a seat from 0 to {seats - 1}, not {bottom}")
        changes: dict[str, Any] = {}
        if bottom is not None:
            changes["bottom"] = bottom
        if not last_trick:
            changes["last_trick"] = None
        return table_svg(attrs.evolve(scene, **changes) if changes else scene)
    own = getattr(value, "render_svg", None)
    if own is not None:
        picture: str = own()
        return picture
    if not attrs.has(type(value)):
        text = _words(value) or f"no picture of a {type(value).__name__}"
        return _document(
            f'<text x="4" y="16" {_TEXT}>{escape(text)}</text>', max(320, 7.2 * len(text) + 8), 24
        )
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
        elif not isinstance(item, CardSet) and (words := _words(item)) is not None:
            text_lines.append(f"{name}: {words}")
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


def write(
    path: str | os.PathLike[str],
    value: Any,
    game: Any = None,
    *,
    size: int | None = None,
    bottom: int | None = None,
    highlight: Iterable[Card] = (),
    last_trick: bool = True,
) -> None:
    """Write :func:`render`'s picture of ``value`` (of ``game``, with :func:`render`'s options)
    to the file ``path``, as UTF-8: the picture of the current position that
    ``cardrules play --svg FILE`` keeps up to date."""
    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentTypeError(f"path must be a str or a path, not {type(path).__name__}")
    picture = render(
        value, game, size=size, bottom=bottom, highlight=highlight, last_trick=last_trick
    )
    Path(path).write_text(picture, encoding="utf-8")


class SvgMixin:
    """Gives a state or view class a ``_repr_svg_`` for Jupyter (slot-free, so attrs slots stay)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return render(self)

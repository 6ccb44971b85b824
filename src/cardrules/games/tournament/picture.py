"""The Tournament layout as an SVG picture: reserve, foundations, tableau and stock.

The reserve is drawn as two columns of four cells (R1–R4 on the left, R5–R8 beside them), the eight
foundations in pile-id order (F♣↑ F♣↓ … F♠↓) showing their top cards, the tableau columns fanned
downwards with hidden cards as card backs, and the stock as a back with its count.

>>> from cardrules.games.tournament import make_game
>>> game = make_game()
>>> state = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(3)))
>>> layout_svg(game.view(state)).count('class="card"') >= 8
True
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from cardrules.games.tournament.actions import FOUNDATION0, pile_name
from cardrules.games.tournament.state import TournamentView
from cardrules.svg import CARD_HEIGHT, CARD_WIDTH, card

__all__ = ["layout_svg"]

_STEP = CARD_WIDTH + 8
_FAN = 18


def _label(x: float, y: float, text: str) -> str:
    return f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="12" fill="#333">{escape(text)}</text>'


def layout_svg(view: TournamentView) -> str:
    """An SVG picture of the layout the player sees."""
    parts: list[str] = []
    # Reserve: two columns of four cells on the left.
    for cell, held in enumerate(view.reserve):
        x = 8 + (cell // 4) * _STEP
        y = 22 + (cell % 4) * (CARD_HEIGHT + 20)
        parts.append(_label(x, y - 5, pile_name(8 + cell)))
        if held is None:
            parts.append(
                f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="none" stroke="#aaa" stroke-dasharray="4 3"/>'
            )
        else:
            parts.append(card(held, x, y))
    left = 8 + 2 * _STEP + 24
    # Foundations: their top cards in a row.
    for k, pile in enumerate(view.foundations):
        x = left + k * _STEP
        parts.append(_label(x, 16, pile_name(FOUNDATION0 + k)))
        if pile:
            parts.append(card(pile[-1], x, 22))
        else:
            parts.append(
                f'<rect x="{x}" y="22" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="none" stroke="#aaa"/>'
            )
    # Tableau: fanned columns.
    top = 22 + CARD_HEIGHT + 28
    deepest = 0
    for k, column in enumerate(view.columns):
        x = left + k * _STEP
        parts.append(_label(x, top - 6, f"T{k + 1}"))
        for depth, held in enumerate(column):
            parts.append(card(held, x, top + depth * _FAN, face_down=held is None))
        deepest = max(deepest, len(column))
    # Stock: a card back and its count, right of the foundations.
    sx = left + 8 * _STEP + 16
    parts.append(_label(sx, 16, f"stock {len(view.stock)}"))
    if view.stock:
        parts.append(card(None, sx, 22, face_down=True))
    reserve_bottom = 22 + 4 * (CARD_HEIGHT + 20)
    footer = max(top + max(deepest - 1, 0) * _FAN + CARD_HEIGHT, reserve_bottom) + 24
    status = f"redeals used {view.redeals_used}" + (f" — {view.result}" if view.result else "")
    parts.append(_label(8, footer - 6, status))
    width = sx + CARD_WIDTH + 12
    height = footer + 4
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">{"".join(parts)}</svg>'
    )

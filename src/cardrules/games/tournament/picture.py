"""The Tournament layout as an SVG picture: reserve, foundations, tableau and stock.

The reserve is drawn as two columns of four cells (R1–R4 on the left, R5–R8 beside them), the eight
foundations in pile-id order (F♣↑ F♣↓ … F♠↓) showing their top cards, the tableau columns fanned
downwards with hidden cards as card backs, and the stock as a back with its count.

>>> from cardrules.games.tournament import make_game
>>> game = make_game()
>>> state = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(3)))
>>> layout_svg(game.view(state)).count('class="card"') >= 8
True

Kingsdown Eights (:func:`kingsdown_svg`) has its own layout: the eight foundations and the stock
(a back with its count: its order is hidden) in the top row, the tableau piles ``T1``…``T8``
below, then the reserve piles ``R1``…``R8``, fanned: every card of the layout is face up.
"""

from __future__ import annotations

import functools
from typing import Any
from xml.sax.saxutils import escape

from cardrules.errors import ArgumentTypeError
from cardrules.game import GameConfig
from cardrules.games.tournament.actions import FOUNDATION0, pile_name
from cardrules.games.tournament.state import (
    KingsdownState,
    KingsdownView,
    TournamentState,
    TournamentView,
)
from cardrules.svg import CARD_HEIGHT, CARD_WIDTH, card

__all__ = ["kingsdown_svg", "layout_svg", "state_svg"]

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


def kingsdown_svg(view: KingsdownView) -> str:
    """An SVG picture of a Kingsdown Eights layout as the player sees it: every pile's cards face
    up, the stock by its count only.

    >>> import random
    >>> from cardrules.games.tournament.kingsdown import make_kingsdown_game
    >>> game = make_kingsdown_game()
    >>> state = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(1)))
    >>> picture = kingsdown_svg(game.view(state))
    >>> picture.count('class="card"'), "stock 64" in picture
    (40, True)
    """
    from cardrules.games.tournament.kingsdown import kd_pile_name

    parts: list[str] = []
    left = 8
    # Foundations: their top cards in a row; the stock at the right end of it.
    for k, pile in enumerate(view.foundations):
        x = left + k * _STEP
        parts.append(_label(x, 16, kd_pile_name(16 + k)))
        if pile:
            parts.append(card(pile[-1], x, 22))
        else:
            parts.append(
                f'<rect x="{x}" y="22" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="none" stroke="#aaa"/>'
            )
    sx = left + 8 * _STEP + 16
    parts.append(_label(sx, 16, f"stock {view.stock_size}"))
    if view.stock_size:
        parts.append(card(None, sx, 22, face_down=True))
    # Tableau, then reserves: fanned piles, bottom card first.
    top = 22 + CARD_HEIGHT + 28
    for piles, first in ((view.rows, 0), (view.reserves, 8)):
        deepest = 0
        for k, pile in enumerate(piles):
            x = left + k * _STEP
            parts.append(_label(x, top - 6, kd_pile_name(first + k)))
            for depth, held in enumerate(pile):
                parts.append(card(held, x, top + depth * _FAN))
            deepest = max(deepest, len(pile))
        top += max(deepest - 1, 0) * _FAN + CARD_HEIGHT + 28
    if view.result:
        parts.append(_label(8, top - 6, view.result))
        top += 18
    width = sx + CARD_WIDTH + 12
    height = top
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">{"".join(parts)}</svg>'
    )


def state_svg(state: TournamentState | KingsdownState) -> str:
    """A state's layout as the player sees it, drawn by the game of the state's own rules (its
    ``config``; the default rules for a state built by hand): the stock's order and the covered
    cards stay hidden, as in the game's view. What a state's ``_repr_svg_`` shows in Jupyter.

    >>> import random
    >>> from cardrules.games.tournament import make_game
    >>> game = make_game(preset="pysolfc")
    >>> state = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(3)))
    >>> state_svg(state) == game.render_svg(game.view(state))
    True
    """
    if type(state) is TournamentState:
        default = "tournament"
    elif type(state) is KingsdownState:
        default = "kingsdown_eights"
    else:
        raise ArgumentTypeError(
            f"state_svg draws a TournamentState or KingsdownState, not {type(state).__name__}"
        )
    drawn: str = _game_for(state.config, default).render_svg(state)
    return drawn


@functools.lru_cache(maxsize=8)
def _game_for(config: GameConfig | None, default: str) -> Any:
    """The game of ``config`` (built once: a picture is drawn again and again in a notebook)."""
    from cardrules.games.tournament.game import TournamentGame
    from cardrules.games.tournament.kingsdown import KingsdownEightsGame
    from cardrules.games.tournament.rules import TournamentRules

    if config is not None:
        rules: TournamentRules = config.rules
    elif default == "kingsdown_eights":
        rules = TournamentRules.preset("kingsdown_eights")
    else:
        rules = TournamentRules()
    if rules.variant == "kingsdown_eights":
        return KingsdownEightsGame(rules)
    return TournamentGame(rules)

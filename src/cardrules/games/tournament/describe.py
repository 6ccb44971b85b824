"""Tournament as a person reads it: the text layout the ``cardrules`` command shows for a view.

>>> from cardrules.games.tournament import make_game
>>> game = make_game()
>>> state = game.new_hand()
>>> rng = random.Random(3)
>>> while game.to_move(state) == CHANCE:
...     state = game.apply(state, game.sample_chance(state, rng))
>>> print(describe(game.view(state)))  # doctest: +ELLIPSIS
Reserve   R1 ... R8 ...
Found.    F♣↑ -  F♣↓ -  F♦↑ -  F♦↓ -  F♥↑ -  F♥↓ -  F♠↑ -  F♠↓ -
T1 ...
...
Stock 72 · redeals used 0
"""

from __future__ import annotations

from cardrules.games.tournament.actions import FOUNDATION0, pile_name
from cardrules.games.tournament.state import TournamentView
from cardrules.text import Style, check_describe_args

__all__ = ["describe"]


def describe(view: TournamentView, *, color: bool = False) -> str:
    """The reserve cells, the foundations' top cards, each column (bottom first; ▢ hidden), the stock."""
    check_describe_args(view, TournamentView, "tournament", color)
    style = Style(color)
    cells = [
        f"{pile_name(8 + k)} {style.card(c) if c is not None else '·'}"
        for k, c in enumerate(view.reserve)
    ]
    tops = [
        f"{pile_name(FOUNDATION0 + k)} {style.card(pile[-1]) if pile else '-'}"
        for k, pile in enumerate(view.foundations)
    ]
    lines = ["Reserve   " + "  ".join(cells), "Found.    " + "  ".join(tops)]
    for k, column in enumerate(view.columns):
        shown = " ".join(style.card(c) if c is not None else "▢" for c in column)
        lines.append(f"T{k + 1}{'' if k >= 9 else ' '} {shown or '(empty)'}")
    status = f"Stock {len(view.stock)} · redeals used {view.redeals_used}"
    if view.result:
        status += f" · {view.result}"
    lines.append(status)
    return "\n".join(lines)

"""Voormsi as a person reads it at the table: the text the ``cardrules`` command shows for a view.

>>> from cardrules.games.voormsi import make_game
>>> game = make_game()
>>> s = game.apply(game.new_hand(dealer=3), game.sample_chance(game.new_hand(dealer=3), random.Random(2)))
>>> print(describe(game.view(s, 0)))  # doctest: +ELLIPSIS
Seat 0 (team 0) · dealer 3 · play · stock 20
Your hand: ...
Trick units: us 0 · them 0 · Ladder: us 0 · them 0 (to 9)
"""

from __future__ import annotations

from cardrules.games.voormsi.views import VoormsiView
from cardrules.text import Style, check_describe_args

__all__ = ["describe"]


def describe(view: VoormsiView, *, color: bool = False) -> str:
    """A few lines: your hand, the groups on the table, trick units, held points and the ladder."""
    check_describe_args(view, VoormsiView, "voormsi", color)
    style = Style(color)
    team = view.seat % len(view.units) if len(view.units) == 2 else view.seat
    other = 1 - team if len(view.units) == 2 else None
    head = f"Seat {view.seat} (team {team}) · dealer {view.dealer} · {view.phase} · stock {view.stock_size}"
    lines = [head, f"Your hand: {style.cards(view.hand)}"]
    if view.trick:
        plays = [
            f"seat {seat} " + " ".join(style.card(c) for c in group) for seat, group in view.trick
        ]
        lines.append("On the table: " + ", ".join(plays))
    elif view.tricks:
        plays_of_last, winner = view.tricks[-1]
        plays = [
            f"seat {seat} " + " ".join(style.card(c) for c in group)
            for seat, group in plays_of_last
        ]
        lines.append("Last trick: " + ", ".join(plays) + f" → seat {winner}")
    target = 9 if len(view.units) == 2 else 12
    if other is not None:
        line = (
            f"Trick units: us {view.units[team]} · them {view.units[other]} · "
            f"Ladder: us {view.scores[team]} · them {view.scores[other]} (to {target})"
        )
        if any(view.pending):
            line += f" · held: us {view.pending[team]} · them {view.pending[other]}"
    else:
        line = (
            "Trick units: "
            + ", ".join(map(str, view.units))
            + " · Ladder: "
            + ", ".join(map(str, view.scores))
        )
    lines.append(line)
    return "\n".join(lines)

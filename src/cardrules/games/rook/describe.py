"""Rook as a person reads it at the table: the text the ``cardrules`` command shows for a view.

>>> from cardrules.games.rook import make_game
>>> game = make_game()
>>> s = game.apply(game.new_hand(dealer=3), game.sample_chance(game.new_hand(dealer=3), random.Random(2)))
>>> print(describe(game.view(s, 0)))  # doctest: +ELLIPSIS
Seat 0 (team 0) · dealer 3 · bidding · high bid: none
Your hand: ...
Counters: us 0 · them 0 · Score: us 0 · them 0 (to 300)
"""

from __future__ import annotations

from cardrules.games.rook.views import RookView
from cardrules.text import Style, check_describe_args, trick_lines

__all__ = ["describe"]


def describe(view: RookView, *, color: bool = False) -> str:
    """A few lines: the contract, your hand (and nest), the trick on the table, counters and score."""
    check_describe_args(view, RookView, "rook", color)
    style = Style(color)
    team = view.seat % 2
    head = f"Seat {view.seat} (team {team}) · dealer {view.dealer} · {view.phase}"
    if view.bidder >= 0:
        head += f" · seat {view.bidder} bid {view.bid}"
        if view.trump is not None:
            head += f", trump {view.trump.name.title()}"
    elif view.auction is not None:
        high = view.auction.high_bid
        head += f" · high bid: {high if high is not None else 'none'}"
        if high is not None:
            head += f" (seat {view.auction.high_bidder})"
    lines = [head, f"Your hand: {style.cards(view.hand)}"]
    if view.nest is not None:
        lines.append(f"Nest: {style.cards(view.nest)}")
    lines.extend(trick_lines(view.trick, view.leader, view.tricks, style))
    score = view.score
    lines.append(
        f"Counters: us {view.captured[team]} · them {view.captured[1 - team]} · "
        f"Score: us {score.scores[team]} · them {score.scores[1 - team]} (to {score.target})"
    )
    if view.last_reason and not view.trick and not view.tricks:
        lines.append(f"Last hand: {view.last_reason}")
    return "\n".join(lines)

"""Euchre as a person reads it at the table: the text the ``cardrules`` command shows for a view.

>>> from cardrules.games.euchre import make_game
>>> game = make_game()
>>> s = game.new_hand(dealer=3)
>>> s = game.apply(s, game.sample_chance(s, random.Random(2)))
>>> print(describe(game.view(s, 0)))  # doctest: +ELLIPSIS
Seat 0 (team 0) · dealer 3 · bidding · up-card ...
Your hand: ...
Tricks won: us 0 · them 0 · Score: us 0 · them 0 (to 10)
"""

from __future__ import annotations

from cardrules.games.euchre.state import DECK
from cardrules.games.euchre.views import EuchreView
from cardrules.text import Style, check_describe_args, trick_lines

__all__ = ["describe"]


def describe(view: EuchreView, *, color: bool = False) -> str:
    """A few lines: who deals and what is trump, your hand, the trick on the table, tricks and score.

    Built from ``view`` alone (an :class:`EuchreView`), so it shows nothing hidden from its seat.
    """
    check_describe_args(view, EuchreView, "euchre", color)
    style = Style(color)
    team = view.seat % 2
    head = f"Seat {view.seat} (team {team}) · dealer {view.dealer} · {view.phase}"
    contract = view.contract
    if contract is not None:
        trump = "no trump" if contract.trump is None else f"trump {contract.trump.symbol}"
        alone = " alone" if contract.alone else ""
        head += f" · {trump}, made by seat {contract.maker}{alone}"
        if contract.lone_defender >= 0:
            head += f", seat {contract.lone_defender} defends alone"
    elif view.upcard is not None:
        turned_down = view.calls is not None and view.calls.round >= 1
        head += f" · up-card {style.card(view.upcard)}" + (" (turned down)" if turned_down else "")
    lines = [head, f"Your hand: {style.cards(view.hand)}"]
    if view.discard is not None:
        lines.append(f"You discarded: {style.card(view.discard)}")
    lines.extend(trick_lines(view.trick, view.leader, view.tricks, style))
    score = view.match.score
    ours, theirs = view.won[team], view.won[1 - team]
    lines.append(
        f"Tricks won: us {ours} · them {theirs} · "
        f"Score: us {score.scores[team]} · them {score.scores[1 - team]} (to {score.target})"
    )
    for revoke in view.revokes:  # E17
        state = "established" if revoke.established else "pending: it may still be corrected"
        lines.append(
            f"Revoke recorded: seat {revoke.seat} played {style.card(DECK.cards[revoke.card])} "
            f"in trick {revoke.trick_no + 1} while able to follow suit ({state})"
        )
    for r in view.corrected:
        lines.append(
            f"Revoke corrected: seat {r.seat} took back {style.card(DECK.cards[r.card])} for "
            f"{style.card(DECK.cards[r.replacement])} (trick {r.trick_no + 1})"
        )
    return "\n".join(lines)

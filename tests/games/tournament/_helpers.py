"""Stacked decks for the Tournament tests."""

from __future__ import annotations

from collections import Counter

from cardrules import Deal, parse_cards
from cardrules.games.tournament import TournamentGame
from cardrules.games.tournament.state import DECK, TournamentState

# Two foundations built complete (26 cards): with them a sparse position keeps its stock within
# the 72 cards a deal leaves (T3), so the columns hold just the cards a test names.
BUILT = {"F♣↑": 13, "F♦↑": 13}


def stacked(game: TournamentGame, head: str) -> Deal:
    """A Deal whose first cards are ``head``; every other card follows in deck order."""
    cards = list(parse_cards(head)) if head else []
    used = Counter(cards)
    tail = []
    for c in DECK.cards:
        if used[c]:
            used[c] -= 1
        else:
            tail.append(c)
    deal = game.parse_action("deal " + " ".join(c.ascii for c in [*cards, *tail]), game.new_hand())
    assert isinstance(deal, Deal)
    return deal


def deadlock(
    game: TournamentGame, redeals_used: int = 0, free_cell: bool = False
) -> TournamentState:
    """Every Q blocks the J of another suit; the full reserve holds Kings and 2s that cannot move.

    Each suit has A..10 on its Ace pile and K..4 on its King pile; the four columns hold 16 cards,
    so a redeal gives them back unchanged (B2 batches, 2.5.11). With ``free_cell`` the 2♣ lies in
    T5 instead and the deal is won by parking a Queen in the free cell.
    """
    reserve = ["KS", "KH", "KD", "KC", "2S", "2H", "2D", None if free_cell else "2C"]
    columns = [
        "AS 3S JS QH",
        "AH 3H JH QS",
        "AD 3D JD QC",
        "AC 3C JC QD",
        "2C" if free_cell else "",
    ]
    f = {f"F{s}{d}": 10 for s in "♣♦♥♠" for d in "↑↓"}
    return game.position(
        reserve=reserve, columns=columns, stock="", foundations=f, redeals_used=redeals_used
    )

"""Stacked decks for the Tournament tests."""

from __future__ import annotations

from collections import Counter

from cardrules import Deal, parse_cards
from cardrules.games.tournament import TournamentGame
from cardrules.games.tournament.state import DECK


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

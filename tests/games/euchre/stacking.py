"""Helpers for Euchre tests: stacked decks and scripted actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules import Deal, alternating_packets, deal_packets, get_deck
from cardrules.games.euchre import EuchreGame, EuchreState

DECK = get_deck("euchre24")

# A reference deal for dealer 0: seat 1 holds the five top hearts, the up-card is the A♠.
HANDS = {
    1: "JH JD AH KH QH",
    2: "9H 10H AD KD QD",
    3: "9S 10S JS QS KS",
    0: "9C 10C JC QC KC",
}
UPCARD = "AS"
KITTY = "AC 9D 10D"


def stacked(
    game: EuchreGame,
    dealer: int,
    hands: dict[int, str] | None = None,
    upcard: str = UPCARD,
    kitty: str = KITTY,
) -> Deal:
    """The :class:`Deal` whose stream gives each seat ``hands[seat]`` and the kitty ``upcard kitty``."""
    hands = HANDS if hands is None else hands
    first, second = (3, 2) if game.rules.deal_pattern == "3-2" else (2, 3)
    positions, rest = deal_packets(
        range(24), 4, alternating_packets(4, first, second), first=(dealer + 1) % 4
    )
    order = [-1] * 24
    for seat, text in hands.items():
        for pos, card in zip(positions[seat], _indices(text), strict=True):
            order[pos] = card
    for pos, card in zip(rest, _indices(f"{upcard} {kitty}"), strict=True):
        order[pos] = card
    assert sorted(order) == list(range(24)), "the stacked cards must be the whole deck"
    return Deal(tuple(order))


def _indices(text: str) -> list[int]:
    return [DECK.index(c) for c in text.split()]


def new_stacked_hand(game: EuchreGame, dealer: int = 0, **kwargs: object) -> EuchreState:
    """A single hand by ``dealer`` dealt from :func:`stacked`."""
    state = game.new_hand(dealer=dealer)
    return game.apply(state, stacked(game, dealer, **kwargs))  # type: ignore[arg-type]


def act(game: EuchreGame, state: EuchreState, *texts: str) -> EuchreState:
    """Apply actions given as notation; ``"2: correct 9D"`` takes an action for seat 2 out of turn."""
    for text in texts:
        seat = None
        if ":" in text:
            head, _, text = text.partition(":")
            seat = int(head)
        state = game.apply(state, game.parse_action(text.strip(), state), seat=seat)
    return state


def play_first_legal(game: EuchreGame, state: EuchreState) -> EuchreState:
    """Play the first legal action until the hand (or match) ends: deterministic."""
    while not game.is_over(state) and state.to_move is not None and state.to_move >= 0:
        state = game.apply(state, game.legal_actions(state)[0])
    return state


def cards(text: str) -> Sequence[str]:
    """Card texts of a space-separated string."""
    return text.split()


class FixedCode(random.Random):
    """An rng whose ``randrange`` returns a chosen code: Euchre's shuffle (rule E4, the core
    ``shuffled_order(rng, 24, "lehmer")``) read as a function of its one draw, a Lehmer code
    below 24!."""

    def __init__(self, code: int) -> None:
        super().__init__(0)
        self.code = code

    def randrange(self, *args: object, **kwargs: object) -> int:
        return self.code

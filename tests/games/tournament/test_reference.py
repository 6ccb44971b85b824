"""Legal moves against a slow, obviously correct reference written here (DESIGN §8).

The reference reads only ``card_zones`` (``Card`` objects by zone name) and the rules text: a
card fits an Ace pile if it is the suit's next rank up from the pile's count, a King pile if it is
the next rank down; rule T6 (b) and rule B8 cell filling; T6 (c) crossing; Cicely building.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import ACE, CHANCE, Card
from cardrules.games.tournament import Move, Resign, TournamentGame, make_game
from cardrules.games.tournament.actions import pile_name

GAMES = [
    make_game(),
    make_game(preset="pysolfc"),
    make_game(foundation_base_movable=False, reserve_sources="any"),
    make_game(preset="cicely", cicely_build="down_alternate_colours"),
]


def rank(card: Card) -> int:
    return 1 if card.rank == ACE else card.rank


def ref_legal_moves(game: TournamentGame, state: Any) -> set[str]:
    zones = game.card_zones(state)
    rules = game.rules
    cols = [f"T{i + 1}" for i in range(game.num_columns)]
    cells = [f"R{i + 1}" for i in range(8)]
    founds = [f"F{s}{d}" for s in "♣♦♥♠" for d in "↑↓"]

    def fits(card: Card, pile: str) -> bool:
        suit_ok = card.suit is not None and card.suit.symbol == pile[1]
        n = len(zones[pile])
        return suit_ok and (rank(card) == n + 1 if pile[2] == "↑" else rank(card) == 13 - n)

    def builds(card: Card, onto: Card) -> bool:
        kind = rules.cicely_build
        if kind is None:
            return False
        red = {"♦", "♥"}
        assert card.suit is not None and onto.suit is not None
        colour = (card.suit.symbol in red) != (onto.suit.symbol in red)
        down = rank(card) == rank(onto) - 1
        return {
            "down_in_suit": card.suit == onto.suit and down,
            "down_alternate_colours": colour and down,
            "down_any_suit": down,
            "up_or_down_in_suit": card.suit == onto.suit and abs(rank(card) - rank(onto)) == 1,
        }[kind]

    out = set()
    for src in cols + cells + founds:
        if not zones[src]:
            continue
        card = zones[src][-1]
        base = src in founds and len(zones[src]) == 1 and not rules.foundation_base_movable
        for dst in founds:
            if src in founds and (dst[1] != src[1] or dst == src or base):
                continue
            if fits(card, dst):
                out.add(f"{src}>{dst}")
        for dst in cells:
            if zones[dst] or dst == src:
                continue
            if src in cols or (rules.reserve_sources == "any" and not base):
                out.add(f"{src}>{dst}")
        if src in cols:
            for dst in cols:
                if dst != src and zones[dst] and builds(card, zones[dst][-1]):
                    out.add(f"{src}>{dst}")
    return out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(GAMES) - 1))
def test_legal_moves_match_the_reference(seed: int, which: int) -> None:
    game = GAMES[which]
    rng = random.Random(seed)
    s = game.new_hand()
    for _ in range(300):
        if game.is_over(s):
            break
        if game.to_move(s) == CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
            continue
        legal = game.legal_actions(s)
        moves = {game.format_action(a) for a in legal if isinstance(a, Move)}
        assert moves == ref_legal_moves(game, s), pile_name(0)
        choices = [a for a in legal if not isinstance(a, Resign)]
        s = game.apply(s, rng.choice(choices) if choices else Resign())

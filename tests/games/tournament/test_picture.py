"""The Tournament layout picture: well-formed SVG showing every visible card and hiding the rest."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from cardrules.games.tournament import make_game
from cardrules.svg import render

NS = "{http://www.w3.org/2000/svg}"


def test_layout_shows_reserve_and_column_tops_only_when_squared() -> None:
    game = make_game(preset="napoleons_flank")
    state = game.new_hand()
    rng = random.Random(11)
    while game.to_move(state) == -1:
        state = game.apply(state, game.sample_chance(state, rng))
    view = game.view(state)
    root = ET.fromstring(render(state, game))
    shown = [g.attrib["data-card"] for g in root.iter(f"{NS}g") if "data-card" in g.attrib]
    backs = [g for g in root.iter(f"{NS}g") if "back" in g.attrib.get("class", "")]
    expected = [str(c) for c in view.reserve if c is not None] + [
        str(col[-1]) for col in view.columns
    ]
    assert sorted(shown) == sorted(expected)
    assert len(backs) == 6 * 3 + 1  # three covered cards per column, and the stock
    assert "T1" in render(view, game) and "F♠↓" in render(view, game)

"""The Kingsdown Eights picture (KE1): the layout in cards, the stock by its count alone."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import attrs
import pytest

from cardrules import ArgumentTypeError
from cardrules.games.tournament.kingsdown import make_kingsdown_game
from cardrules.svg import render

NS = "{http://www.w3.org/2000/svg}"


def test_KE1_the_state_picture_draws_the_layout_in_cards_and_hides_the_stock_order() -> None:
    """KE1: every tableau and reserve card face up, by its name (no deck indices); the stock as a
    back with its count; two states differing only in the stock order look the same."""
    game = make_kingsdown_game()
    start = game.new_hand()
    state = game.apply(start, game.sample_chance(start, random.Random(5)))
    picture = render(state, game)
    root = ET.fromstring(picture)
    shown = [g.attrib["data-card"] for g in root.iter(f"{NS}g") if "data-card" in g.attrib]
    view = game.view(state)
    expected = [str(c) for pile in (*view.rows, *view.reserves) for c in pile]
    assert sorted(shown) == sorted(expected)
    assert "stock 64" in picture and "stock:" not in picture
    shuffled = attrs.evolve(state, stock=tuple(reversed(state.stock)))
    assert render(shuffled, game) == picture == render(view, game)
    with pytest.raises(ArgumentTypeError, match="KingsdownState or KingsdownView"):
        game.render_svg("T1")  # type: ignore[arg-type]

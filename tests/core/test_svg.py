"""SVG pictures: well-formed XML that shows the cards it must."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import attrs
import cardrules_whist as whist

from cardrules import BIRD, parse_cards
from cardrules.svg import SvgMixin, card, cards, render

NS = "{http://www.w3.org/2000/svg}"


def shown_cards(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return [g.attrib["data-card"] for g in root.iter(f"{NS}g") if "data-card" in g.attrib]


def test_row_of_cards() -> None:
    svg = cards(parse_cards("9C JH 10S R5 G14"), label="hand")
    assert shown_cards(svg) == ["9C", "JH", "10S", "R5", "G14"]
    assert "hand" in svg


def test_bird_and_backs() -> None:
    assert 'data-card="R"' in card(BIRD)
    assert "back" in card(None) and "back" in card(BIRD, face_down=True)


def test_view_of_a_real_game() -> None:
    game = whist.make_game()
    state = game.apply(game.new_hand(dealer=0), game.shuffle(random.Random(2)))
    view = game.view(state, 1)
    svg = render(view)
    assert sorted(shown_cards(svg)) == sorted([*map(str, view.hand), str(view.turn_up)])
    state_svg = render(state)
    ET.fromstring(state_svg)


def test_hooks_and_mixin() -> None:
    class Game:
        def render_svg(self, value: object) -> str:
            return "<svg xmlns='http://www.w3.org/2000/svg'/>"

    assert render(3, Game()) == "<svg xmlns='http://www.w3.org/2000/svg'/>"
    assert "3" in render(3)

    @attrs.frozen
    class View(SvgMixin):
        hand: tuple[object, ...]
        score: int = 4

    svg = View(parse_cards("AS KS"))._repr_svg_()
    assert shown_cards(svg) == ["AS", "KS"] and "score: 4" in svg


def test_every_game_view_displays_itself_in_jupyter() -> None:
    from cardrules import CHANCE, get_game

    for name in ("euchre", "rook", "voormsi", "tournament"):
        game = get_game(name)
        state = game.new_hand(dealer=0) if game.num_players > 1 else game.new_hand()
        rng = random.Random(5)
        while game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        seat = game.to_move(state)
        assert seat is not None
        view = game.view(state, seat)
        shown = shown_cards(view._repr_svg_())
        hand = getattr(view, "hand", None)
        if hand is not None:
            assert set(map(str, hand)) <= set(shown), name
        else:
            assert len(shown) >= 8, name  # the Tournament reserve at least

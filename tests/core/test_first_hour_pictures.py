"""Issue #29, item 8: pictures for the patience's states, cards and card sets, and
:func:`cardrules.svg.render`'s options (``size``, ``bottom``, ``highlight``, ``last_trick``),
modelled on ``chess.svg.board``.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import attrs
import pytest

from cardrules import BIRD, Card, get_deck, get_game, parse_cards
from cardrules.errors import ArgumentError, ArgumentTypeError
from cardrules.games.euchre import EuchreState, Play
from cardrules.games.tournament import TournamentState
from cardrules.svg import render, write

NS = "{http://www.w3.org/2000/svg}"


def _root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def _faces(svg: str) -> list[str]:
    return [g.attrib["data-card"] for g in _root(svg).iter(f"{NS}g") if "data-card" in g.attrib]


def _marked(svg: str) -> list[str]:
    """The cards drawn with a highlight frame."""
    return [
        g.attrib["data-card"]
        for g in _root(svg).iter(f"{NS}g")
        if "data-card" in g.attrib
        and any(r.attrib.get("class") == "highlight" for r in g.findall(f"{NS}rect"))
    ]


def _patience(preset: str | None = None) -> tuple[Any, Any]:
    game: Any = get_game("tournament", preset=preset) if preset else get_game("tournament")
    state: Any = game.new_hand()
    rng = random.Random(1)
    while game.to_move(state) == -1:  # T2: a reserve with an Ace or King is dealt again
        state = game.apply(state, game.sample_chance(state, rng))
    return game, state


def _euchre_mid_hand(seed: int = 4) -> tuple[Any, EuchreState]:
    """A Euchre hand played at random into its second trick (a trick taken, one under way)."""
    game = get_game("euchre")
    state = game.new_hand(dealer=0)
    rng = random.Random(seed)
    while True:
        if game.to_move(state) == -1:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        view = game.view(state, 0)
        if len(view.tricks) == 1 and view.trick:
            return game, state


# -- the patience's states --------------------------------------------------------------------


def test_a_patience_state_draws_its_layout_as_the_player_sees_it() -> None:
    """T1/T8: the stock's order is hidden; a state's picture is its view's, drawn by its game."""
    game, state = _patience()
    assert isinstance(state, TournamentState)
    picture = state._repr_svg_()
    assert picture == game.render_svg(game.view(state)) == render(state) == render(state, game)
    assert f"stock {len(state.stock)}" in picture
    # Nothing of the stock's order: the face-up cards are the view's and no more.
    view = game.view(state)
    shown = [c for c in (*view.reserve, *(c for col in view.columns for c in col)) if c]
    shown += [pile[-1] for pile in view.foundations if pile]
    assert sorted(_faces(picture)) == sorted(c.ascii for c in shown)


def test_a_patience_state_of_other_rules_draws_with_its_own_game() -> None:
    game, state = _patience("pysolfc")
    assert state._repr_svg_() == game.render_svg(state)


def test_kingsdown_states_and_views_have_pictures() -> None:
    game, state = _patience("kingsdown_eights")
    view = game.view(state)
    assert state._repr_svg_() == view._repr_svg_() == game.render_svg(view)
    assert "stock 64" in state._repr_svg_()


def test_two_patience_states_differing_only_in_the_stock_order_draw_alike() -> None:
    """The picture keeps the view's promise: a permuted stock gives the same picture."""
    _, state = _patience()
    shuffled = attrs.evolve(state, stock=tuple(reversed(state.stock)))
    assert shuffled.stock != state.stock
    assert shuffled._repr_svg_() == state._repr_svg_()
    assert render(shuffled) == render(state)  # without its game too: no raw fields drawn


# -- cards and card sets ----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["JH", "10S", "R", "G14"])
def test_a_card_shows_itself_as_svg_and_html(text: str) -> None:
    card = Card.parse(text)
    assert _faces(card._repr_svg_()) == [card.ascii]
    html = card._repr_html_()
    assert html.startswith('<span class="cardrules-cards" role="img"')
    assert f'aria-label="{card.unicode}"' in html and card._repr_svg_() in html


def test_a_card_set_shows_its_cards_in_deck_order() -> None:
    cards = get_deck("rook57").cardset("R14 G5 R")
    assert _faces(cards._repr_svg_()) == [c.ascii for c in cards]
    assert 'aria-label="' + " ".join(c.unicode for c in cards) + '"' in cards._repr_html_()
    empty = get_deck("euchre24").cardset("")
    assert _faces(empty._repr_svg_()) == [] and 'aria-label="no cards"' in empty._repr_html_()
    assert BIRD.ascii in _faces(cards._repr_svg_())


# -- render's options -------------------------------------------------------------------------


def test_size_scales_the_picture_and_keeps_its_drawing() -> None:
    _, state = _euchre_mid_hand()
    natural = _root(render(state))
    sized = _root(render(state, size=500))
    assert sized.attrib["width"] == "500"
    w, h = float(natural.attrib["width"]), float(natural.attrib["height"])
    assert abs(float(sized.attrib["height"]) - h * 500 / w) <= 1
    assert sized.attrib["viewBox"] == natural.attrib["viewBox"]
    # The patience's own hook is scaled too.
    _, patience = _patience()
    assert _root(render(patience, size=300)).attrib["width"] == "300"


def test_bottom_turns_the_table_without_showing_more() -> None:
    game, state = _euchre_mid_hand()
    view = game.view(state, 1)
    own = render(view)
    turned = render(view, bottom=3)
    assert turned != own
    assert sorted(_faces(turned)) == sorted(_faces(own))  # the same cards, elsewhere
    assert render(view, bottom=1) == own  # the view's own seat is the default


def test_highlight_marks_face_up_cards_only() -> None:
    game, state = _euchre_mid_hand()
    seat = game.to_move(state)
    legal = [a.card for a in game.legal_actions(state) if isinstance(a, Play)]
    view = game.view(state, seat)
    picture = render(view, highlight=legal)
    assert sorted(_marked(picture)) == sorted(c.ascii for c in legal)
    # Every card of the deck highlighted: only the cards drawn face up are marked, and the
    # picture shows exactly the cards it shows without the option.
    everything = get_deck("euchre24").cards
    all_marked = render(view, highlight=everything)
    assert sorted(_marked(all_marked)) == sorted(_faces(picture)) == sorted(_faces(all_marked))


def test_a_view_s_picture_with_options_depends_only_on_the_view() -> None:
    """Information hygiene: two states that differ only in the other seats' hidden cards give
    the same picture of seat 0's view, whatever the options."""
    game, state = _euchre_mid_hand()
    view = game.view(state, 0)
    # A state drawn from seat 0's view: the other seats' hidden cards dealt again at random.
    other = next(
        s
        for s in (game.sample_state(view, random.Random(k)) for k in range(50))
        if s.hands != state.hands
    )
    assert game.view(other, 0) == view
    deck = get_deck("euchre24").cards
    for options in ({"highlight": deck}, {"bottom": 2, "size": 640}, {"last_trick": False}):
        assert render(game.view(other, 0), **options) == render(game.view(state, 0), **options)


def test_last_trick_can_be_left_out() -> None:
    game, state = _euchre_mid_hand()
    # Between tricks: the trick just taken shows beside the table unless left out.
    while game.view(state, 0).trick:
        state = game.apply(state, game.legal_actions(state)[0])
    assert 'class="last-trick"' in render(state)
    assert 'class="last-trick"' not in render(state, last_trick=False)


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"size": 0}, ArgumentError, "size must be at least 1, not 0"),
        ({"size": 2.5}, ArgumentTypeError, "size must be an int, not float"),
        ({"size": True}, ArgumentTypeError, "size must be an int, not bool"),
        ({"bottom": 4}, ArgumentError, "bottom must be a seat from 0 to 3, not 4"),
        ({"bottom": -1}, ArgumentError, "bottom must be at least 0, not -1"),
        ({"bottom": "0"}, ArgumentTypeError, "bottom must be an int, not str"),
        ({"highlight": "JH"}, ArgumentTypeError, "highlight must hold Cards, not the text"),
        ({"highlight": ["JH"]}, ArgumentTypeError, "highlight must hold Cards"),
        ({"highlight": [None]}, ArgumentTypeError, "highlight must hold Cards, not None"),
        ({"highlight": 7}, ArgumentTypeError, "highlight must be Cards"),
        ({"last_trick": "no"}, ArgumentTypeError, "last_trick must be True or False"),
    ],
)
def test_bad_options_are_refused_with_the_library_s_errors(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    _, state = _euchre_mid_hand()
    with pytest.raises(error, match=message):
        render(state, **options)


def test_bottom_is_refused_where_there_is_no_table() -> None:
    game, state = _patience()
    with pytest.raises(ArgumentError, match="no card table, it has no seats to turn"):
        render(state, game, bottom=0)


def test_a_single_card_highlight_and_write_take_the_options(tmp_path: Any) -> None:
    game, state = _euchre_mid_hand()
    hand = list(game.view(state, 0).hand)
    assert _marked(render(game.view(state, 0), highlight=hand[0])) == [hand[0].ascii]
    path = tmp_path / "table.svg"
    write(path, state, size=320, highlight=parse_cards("9C"))
    assert _root(path.read_text(encoding="utf-8")).attrib["width"] == "320"

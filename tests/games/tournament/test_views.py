"""Views hide the stock order and (squared piles) covered cards; sample_state is uniform."""

from __future__ import annotations

import random
from collections import Counter

from cardrules import Card
from cardrules.games.tournament import DealStock, Redeal, TournamentState, make_game
from cardrules.games.tournament.state import DECK

from ._helpers import BUILT


def test_view_hides_the_stock_order() -> None:
    game = make_game()
    s = game.position(columns=["KS"], foundations=BUILT)

    def text(cards: tuple[int, ...]) -> str:
        return " ".join(DECK.cards[c].ascii for c in cards)

    # The same layout with the stock in the reverse order.
    swapped = game.position(
        columns=[text(col) for col in s.columns], foundations=BUILT, stock=text(s.stock[::-1])
    )
    assert swapped.stock != s.stock
    assert game.view(s, 0) == game.view(swapped, 0)
    assert all(c is None for c in game.view(s, 0).stock)
    assert game.view(s, 0).columns[0] == (Card.parse("KS"),)


def test_napoleons_flank_shows_only_top_cards_and_remembers_seen_ones() -> None:
    game = make_game(preset="napoleons_flank")
    s = game.position(columns=["9S 10S", "9H", "9D", "9C", "8S", "8H"], foundations=BUILT)
    v = game.view(s, 0)
    assert v.columns[0] == (None, Card.parse("10S"))
    s2 = game.apply(s, DealStock())
    v2 = game.view(s2, 0)
    # 10S was seen on top before the deal covered it: it stays known; the new cards are not
    assert v2.columns[0][:2] == (None, Card.parse("10S"))
    assert v2.columns[0][2:5] == (None, None, None) and v2.columns[0][5] is not None
    visible = make_game()
    assert None not in visible.view(visible.position(columns=["9S 10S"]), 0).columns[0]


def test_after_a_redeal_of_visible_columns_the_stock_is_known() -> None:
    game = make_game()
    s = game.position(
        columns=[
            "KC QC JC 10C 9C",
            "8C 7C 6C 5C 4C",
            "KD QD JD 10D 9D",
            "8D 7D 6D 5D 4D",
            "KH QH JH 10H",
            "9H 8H",
        ],
        stock="",
    )
    s2 = game.apply(s, Redeal())
    assert s2.stock and None not in game.view(s2, 0).stock


def test_sample_state_is_uniform_over_the_hidden_order() -> None:
    game = make_game()
    base = game.position(columns=["KS", "KH", "KD", "KC", "QS", "QH"], stock="AS 2S 3S")
    # only the three stock cards are hidden: 6 orders, each should come up ~1/6 of the time
    view = game.view(base, 0)
    rng = random.Random(11)
    counts: Counter[tuple[int, ...]] = Counter()
    n = 3000
    for _ in range(n):
        s = game.sample_state(view, rng)
        assert game.view(s, 0) == view
        counts[tuple(c % 52 for c in s.stock)] += 1
    assert len(counts) == 6
    sd = (n * (1 / 6) * (5 / 6)) ** 0.5
    assert all(abs(k - n / 6) < 5 * sd for k in counts.values())


def test_sample_state_of_a_fresh_deal_keeps_every_visible_card() -> None:
    for preset in ("tournament", "napoleons_flank"):
        game = make_game(preset=preset)
        s = game.new_hand()
        rng = random.Random(5)
        while game.to_move(s) == -1:
            s = game.apply(s, game.sample_chance(s, rng))
        view = game.view(s, 0)
        sampled = game.sample_state(view, rng)
        assert game.view(sampled, 0) == view

        def hidden(st: TournamentState, squared: bool) -> Counter[int]:
            """The stock, plus the covered cards of squared columns."""
            cards = list(st.stock)
            if squared:
                cards += [c for col in st.columns for c in col[:-1]]
            return Counter(c % 52 for c in cards)

        squared = preset == "napoleons_flank"
        assert hidden(sampled, squared) == hidden(s, squared)
        assert sampled.stock != s.stock  # reordered (72 cards: a repeat is out of the question)
        if preset == "napoleons_flank":
            assert [c[:-1] for c in sampled.columns] != [c[:-1] for c in s.columns]

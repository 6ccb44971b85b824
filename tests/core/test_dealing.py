"""Dealing helpers (packets, one at a time with a side pile, columns)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import (
    RulesError,
    alternating_packets,
    deal_one_at_a_time,
    deal_packets,
    deal_to_columns,
)


def test_euchre_three_two_packets_from_dealer_left() -> None:
    hands, rest = deal_packets(range(24), 4, alternating_packets(4, 3, 2), first=1)
    assert hands[1] == (0, 1, 2, 10, 11)
    assert hands[2] == (3, 4, 12, 13, 14)
    assert hands[3] == (5, 6, 7, 15, 16)
    assert hands[0] == (8, 9, 17, 18, 19)
    assert rest == (20, 21, 22, 23)


def test_two_three_packets() -> None:
    assert alternating_packets(4, 2, 3) == ((2, 3, 2, 3), (3, 2, 3, 2))


def test_packet_errors() -> None:
    with pytest.raises(RulesError, match="one entry per player"):
        deal_packets(range(24), 4, ((3, 2),))
    with pytest.raises(RulesError, match="need 40 cards"):
        deal_packets(range(24), 4, ((5, 5, 5, 5), (5, 5, 5, 5)))


def test_rook_nest_positions() -> None:
    hands, nest, rest = deal_one_at_a_time(
        range(41), 4, 9, first=2, side_every_round=1, side_count=5
    )
    assert nest == (4, 9, 14, 19, 24)
    assert hands[2][:2] == (0, 5)
    assert hands[1][:2] == (3, 8)
    assert all(len(h) == 9 for h in hands)
    assert rest == ()


def test_one_at_a_time_errors() -> None:
    with pytest.raises(RulesError, match="needs 41"):
        deal_one_at_a_time(range(40), 4, 9, side_every_round=1, side_count=5)
    with pytest.raises(RulesError, match="side_every_round"):
        deal_one_at_a_time(range(41), 4, 9, side_every_round=0, side_count=5)
    with pytest.raises(RulesError, match="more rounds"):
        deal_one_at_a_time(range(41), 4, 9, side_every_round=2, side_count=5)


@given(st.integers(0, 30), st.integers(1, 8), st.integers(1, 5), st.sampled_from(["batch", "row"]))
def test_columns_deal_every_card_once_in_order(n: int, cols: int, per: int, order: str) -> None:
    columns, rest = deal_to_columns(range(n), cols, per, order=order)  # type: ignore[arg-type]
    dealt = sorted(c for col in columns for c in col)
    assert dealt + list(rest) == list(range(n))
    assert all(len(c) <= per for c in columns)


def test_columns_bad_order() -> None:
    with pytest.raises(RulesError, match="deal order"):
        deal_to_columns(range(8), 2, 4, order="spiral")  # type: ignore[arg-type]


def test_stacked_order_places_wanted_cards() -> None:
    from cardrules import get_deck, stacked_order

    deck = get_deck("euchre24")
    hands, kitty = deal_packets(range(24), 4, alternating_packets(4, 3, 2), first=1)
    zones: dict[int | str, Sequence[int]] = {**dict(enumerate(hands)), "kitty": kitty}
    wanted: dict[int | str, str | list[str]] = {0: "JH JD AH", "kitty": ["9S"]}
    order = stacked_order(deck, zones, wanted)
    assert sorted(order) == list(range(24))
    dealt, rest = deal_packets(order, 4, alternating_packets(4, 3, 2), first=1)
    assert {str(deck.card(i)) for i in dealt[0]} >= {"JH", "JD", "AH"}
    assert str(deck.card(rest[0])) == "9S"


def test_stacked_order_errors() -> None:
    from cardrules import get_deck, stacked_order

    deck = get_deck("double104")
    zones = {"a": (0, 1), "b": tuple(range(2, 104))}
    assert len(stacked_order(deck, zones, {"a": "5H 5H"})) == 104
    with pytest.raises(RulesError, match="more often"):
        stacked_order(deck, zones, {"a": "5H 5H", "b": "5H"})
    with pytest.raises(RulesError, match="receives 2 cards"):
        stacked_order(deck, zones, {"a": "5H 6H 7H"})
    with pytest.raises(RulesError, match="no zone 'c'"):
        stacked_order(deck, zones, {"c": "5H"})

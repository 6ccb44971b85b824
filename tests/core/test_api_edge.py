"""The core's API edge (issue #15): hostile input to every public function of the core value types
raises a :class:`~cardrules.errors.CardrulesError` that also subclasses the matching builtin — never a
bare Python error — and leaves its inputs as they were."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import cardrules
from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    Card,
    CardrulesError,
    NotationError,
    Suit,
    get_deck,
    get_game,
    parse_cards,
)
from cardrules.game import check_rng, check_seat, normalize_notation

HOSTILE: tuple[Any, ...] = (
    None, True, -1, 1.5, "", " ", "\x00", "☃", "ZZ", "10" * 40, b"JH", 10**30, [], {}, (), object(),
    ["JH"], ("JH", None), {"JH": 1}, float("nan"),
)  # fmt: skip


def _calls() -> list[tuple[str, Callable[[Any], Any]]]:
    deck = get_deck("euchre24")
    cards = deck.cardset("9C JH")
    return [
        ("Card.parse", Card.parse),
        ("Suit.parse", Suit.parse),
        ("parse_cards", parse_cards),
        ("get_deck", get_deck),
        ("get_game", get_game),
        ("DeckSpec.index", deck.index),
        ("DeckSpec.indices", deck.indices),
        ("DeckSpec.card", deck.card),
        ("DeckSpec.mask", deck.mask),
        ("DeckSpec.cardset", deck.cardset),
        ("DeckSpec.shuffle", deck.shuffle),
        ("CardSet.__or__", lambda x: cards | x),
        ("CardSet.__and__", lambda x: cards & x),
        ("CardSet.__sub__", lambda x: cards - x),
        ("CardSet.add", cards.add),
        ("CardSet.remove", cards.remove),
        ("CardSet.of_suit", cards.of_suit),
        ("CardSet.of_rank", cards.of_rank),
        ("normalize_notation", normalize_notation),
        ("check_seat", lambda x: check_seat(x, 4)),
        ("check_rng", check_rng),
        ("Card", lambda x: Card(x, Suit.CLUBS)),
        ("Card suit", lambda x: Card(9, x)),
        ("format_cards", cardrules.format_cards),
        ("GameRecord.from_json", cardrules.GameRecord.from_json),
    ]


@pytest.mark.parametrize(("name", "call"), _calls(), ids=[n for n, _ in _calls()])
def test_core_entry_points_refuse_hostile_input_with_a_cardrules_error(
    name: str, call: Callable[[Any], Any]
) -> None:
    for value in HOSTILE:
        try:
            call(value)
        except CardrulesError as exc:
            if not str(exc):
                pytest.fail(f"{name}({value!r}): an error without a message")
        except Exception as exc:  # pragma: no cover - the failure this test exists for
            pytest.fail(f"{name}({value!r}) raised a bare {type(exc).__name__}: {exc}")


def test_membership_tests_answer_no_for_junk() -> None:
    deck = get_deck("rook57")
    for value in HOSTILE:
        assert value not in deck
        assert value not in deck.full()


def test_seat_checks_name_the_argument_and_subclass_the_builtins() -> None:
    with pytest.raises(ArgumentTypeError, match="dealer must be an int") as bool_seat:
        check_seat(True, 4, "dealer")
    assert isinstance(bool_seat.value, TypeError)
    with pytest.raises(ArgumentError, match="from 0 to 3, not 4") as range_seat:
        check_seat(4, 4)
    assert isinstance(range_seat.value, ValueError)


def test_card_parse_of_none_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="text"):
        Card.parse(None)  # type: ignore[arg-type]


def test_index_to_action_refuses_a_bool_code() -> None:
    game = get_game("euchre")
    with pytest.raises(ArgumentTypeError, match="int, not bool"):
        game.index_to_action(True)


def test_the_shuffle_needs_an_explicit_random_generator() -> None:
    with pytest.raises(ArgumentTypeError, match=r"random\.Random"):
        get_deck("euchre24").shuffle(7)  # type: ignore[arg-type]
    assert len(get_deck("euchre24").shuffle(random.Random(1))) == 24

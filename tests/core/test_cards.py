"""Cards and their text notation (DESIGN §1: cards.py)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import BIRD, DECKS, Card, NotationError, Suit, format_cards, parse_cards

ALL_CARDS = sorted(
    {c for deck in DECKS.values() for c in deck.cards}, key=lambda c: (str(c.suit), c.rank)
)


@given(st.sampled_from(ALL_CARDS))
def test_notation_round_trips_for_every_card_of_every_deck(card: Card) -> None:
    assert Card.parse(card.ascii) is card
    assert Card.parse(card.unicode) is card
    assert Card.parse(card.ascii.lower()) is card
    assert Card.parse(f"  {card.unicode} ") is card


def test_every_deck_card_round_trips_exhaustively() -> None:
    for deck in DECKS.values():
        for card in deck.cards:
            assert Card.parse(str(card)) == card
            assert Card.parse(card.unicode) == card


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("JH", 11, Suit.HEARTS),
        ("10S", 10, Suit.SPADES),
        ("TS", 10, Suit.SPADES),
        ("J♥", 11, Suit.HEARTS),
        ("♦3", 3, Suit.DIAMONDS),
        ("3♦", 3, Suit.DIAMONDS),
        ("9♧", 9, Suit.CLUBS),
        ("AS", 14, Suit.SPADES),
        ("R5", 5, Suit.RED),
        ("G14", 14, Suit.GREEN),
        ("y10", 10, Suit.YELLOW),
        ("B1", 1, Suit.BLACK),
    ],
)
def test_parse_examples(text: str, rank: int, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["R", "r", "Bird", "ROOK"])
def test_bird_spellings(text: str) -> None:
    assert Card.parse(text) is BIRD
    assert BIRD.is_bird
    assert BIRD.ascii == BIRD.unicode == "R"


@pytest.mark.parametrize(
    "text", ["", " ", "1H", "11H", "JX", "X", "R15", "R0", "Y", "♥", "10", "KK", "G1.5"]
)
def test_bad_notation_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match="card"):
        Card.parse(text)


def test_notation_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse("ZZ")


@pytest.mark.parametrize(
    ("rank", "suit"), [(1, Suit.HEARTS), (15, Suit.RED), (3, None), ("A", Suit.CLUBS)]
)
def test_invalid_card_construction(rank: object, suit: Suit | None) -> None:
    with pytest.raises(NotationError):
        Card(rank, suit)  # type: ignore[arg-type]


def test_bad_suit_type() -> None:
    with pytest.raises(NotationError):
        Card(5, "H")  # type: ignore[arg-type]


def test_cards_are_interned_immutable_values() -> None:
    card = Card(11, Suit.HEARTS)
    assert card is Card.parse("JH")
    assert hash(card) == hash(Card.parse("J♥"))
    assert card != Card.parse("JD")
    assert card != "JH"
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = 12
    with pytest.raises(AttributeError):
        del card.rank
    assert repr(card) == "Card.parse('JH')"


def test_suit_properties_and_parsing() -> None:
    assert Suit.CLUBS.same_colour is Suit.SPADES
    assert Suit.DIAMONDS.same_colour is Suit.HEARTS
    assert Suit.RED.same_colour is Suit.RED
    assert Suit.HEARTS.is_red and Suit.RED.is_red and not Suit.SPADES.is_red
    assert Suit.GREEN.symbol == "G" and not Suit.GREEN.is_french
    assert Suit.parse("spades") is Suit.SPADES
    assert Suit.parse(" h ") is Suit.HEARTS
    with pytest.raises(NotationError, match="not a suit"):
        Suit.parse("stars")


def test_parse_and_format_several_cards() -> None:
    cards = parse_cards("9C, JH 10♠")
    assert format_cards(cards) == "9C JH 10S"
    assert format_cards(cards, unicode=True) == "9♣ J♥ 10♠"
    assert parse_cards(["AS", "R"]) == (Card.parse("AS"), BIRD)

"""Deck specs, CardSet and shuffling (DESIGN §1: decks.py)."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import BIRD, DECKS, Card, CardSet, NotationError, Suit, get_deck, iter_bits


@pytest.mark.parametrize(
    ("name", "size", "suits"),
    [
        ("euchre24", 24, 4),
        ("rook41", 41, 4),
        ("rook57", 57, 4),
        ("voormsi36", 36, 4),
        ("french52", 52, 4),
        ("double104", 104, 4),
    ],
)
def test_deck_sizes(name: str, size: int, suits: int) -> None:
    deck = get_deck(name)
    assert len(deck) == size
    assert len(deck.suits) == suits
    assert deck.full_mask == (1 << size) - 1
    assert repr(deck) == f"get_deck({name!r})"


def test_voormsi_deck_has_diamond_three_instead_of_king() -> None:
    deck = get_deck("voormsi36")
    assert Card.parse("3D") in deck
    assert Card.parse("KD") not in deck
    assert Card.parse("10H") not in deck
    assert all(c.rank != 10 for c in deck.cards)


def test_rook_decks_hold_the_bird() -> None:
    assert BIRD in get_deck("rook41")
    assert get_deck("rook41").index("R") == 40
    assert Card.parse("R4") not in get_deck("rook41")
    assert Card.parse("R4") in get_deck("rook57")


def test_card_index_tables_round_trip() -> None:
    for deck in DECKS.values():
        for i, card in enumerate(deck.cards):
            assert i in deck.indices(card)
            assert deck.card(i) is card
        assert Counter(deck.cards) == Counter({c: len(deck.indices(c)) for c in deck.cards})


def test_unknown_deck_and_card() -> None:
    with pytest.raises(NotationError, match="no deck called"):
        get_deck("tarot78")
    with pytest.raises(NotationError, match="not a card of the euchre24 deck"):
        get_deck("euchre24").index("2C")
    with pytest.raises(NotationError):
        get_deck("euchre24").indices("2C")


@given(st.sampled_from(sorted(DECKS)), st.integers(0, 2**64))
def test_shuffled_deck_is_a_permutation(name: str, seed: int) -> None:
    deck = get_deck(name)
    order = deck.shuffle(random.Random(seed))
    assert sorted(order) == list(range(len(deck)))
    assert order == deck.shuffle(random.Random(seed))


def test_double_deck_shuffle_is_canonical() -> None:
    deck = get_deck("double104")
    order = deck.shuffle(random.Random(1))
    seen: dict[Card, int] = {}
    for i in order:
        card = deck.card(i)
        seen[card] = seen.get(card, 0) + 1
        assert deck.indices(card).index(i) == seen[card] - 1


def test_shuffle_is_uniform_on_first_card() -> None:
    deck = get_deck("euchre24")
    rng = random.Random(99)
    counts = Counter(deck.shuffle(rng)[0] for _ in range(24_000))
    # 1000 expected per card; 6 standard deviations (~31) gives a test that cannot flake yet catches bias.
    assert all(abs(n - 1000) < 190 for n in counts.values())
    assert len(counts) == 24


def test_shuffle_leaves_global_rng_alone() -> None:
    random.seed(5)
    expected = random.random()
    random.seed(5)
    get_deck("french52").shuffle(random.Random(3))
    assert random.random() == expected


def test_cardset_operations() -> None:
    deck = get_deck("french52")
    a = deck.cardset("AS KS 2H")
    b = deck.cardset(["KS", Card.parse("3C")])
    assert a | b == deck.cardset("3C 2H KS AS")
    assert a & b == deck.cardset("KS")
    assert a - b == deck.cardset("2H AS")
    assert a ^ b == deck.cardset("3C 2H AS")
    assert len(a) == 3 and bool(a) and not deck.cardset()
    assert "AS" in a and Card.parse("AH") not in a and 5 not in a and Card.parse("R5") not in a
    assert list(a) == [Card.parse("2H"), Card.parse("KS"), Card.parse("AS")]
    assert a.indices() == tuple(iter_bits(a.mask))
    assert a.of_suit(Suit.SPADES) == deck.cardset("KS AS")
    assert a.of_rank(13) == deck.cardset("KS")
    assert a.add("QS") == deck.cardset("AS KS QS 2H")
    assert a.remove("AS") == deck.cardset("KS 2H")
    assert str(a) == "2H KS AS"
    assert hash(a) == hash(deck.cardset("2H KS AS"))
    assert a != 3
    assert pickle.loads(pickle.dumps(a)) == a
    assert deck.full() == CardSet(deck, deck.full_mask)


def test_cardset_errors() -> None:
    deck = get_deck("euchre24")
    other = get_deck("french52")
    with pytest.raises(NotationError, match="cannot combine"):
        deck.cardset("9C") | other.cardset("9C")
    with pytest.raises(NotationError, match="outside"):
        CardSet(deck, 1 << 30)
    with pytest.raises(NotationError, match="not in the set"):
        deck.cardset("9C").remove("AS")
    with pytest.raises(NotationError, match="already"):
        deck.cardset("9C").add("9C")
    with pytest.raises(NotationError, match="more often"):
        deck.mask("9C 9C")
    with pytest.raises(AttributeError):
        deck.cardset("9C").mask = 3


def test_double_deck_cardset_holds_two_copies() -> None:
    deck = get_deck("double104")
    two = deck.cardset("5H 5H")
    assert len(two) == 2
    assert two.remove("5H").add("5H") == two
    assert list(two) == [Card.parse("5H")] * 2


@given(st.sampled_from(sorted(DECKS)), st.integers(0, 2**104 - 1))
def test_cardset_matches_python_set(name: str, bits: int) -> None:
    deck = get_deck(name)
    mask = bits & deck.full_mask
    cs = CardSet(deck, mask)
    assert len(cs) == len(list(cs)) == bin(mask).count("1")
    # Copies of a card in a multi-pack deck are interchangeable: compare the cards, not the bits.
    assert sorted(map(str, deck.cardset(list(cs)))) == sorted(map(str, cs))
    assert set(cs.indices()) == {i for i in range(len(deck)) if mask >> i & 1}

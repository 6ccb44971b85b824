"""Rank orders (plain, trump-aware, table-driven), tricks, follow rules and group resolution."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import (
    BIRD,
    Card,
    CardSet,
    RulesError,
    Suit,
    TableOrder,
    get_deck,
    group_beats,
    must_follow,
    pair_up,
    parse_cards,
    plain_order,
    trump_order,
    with_always_playable,
)

EUCHRE = get_deck("euchre24")


def idx(*texts: str) -> list[int]:
    return [EUCHRE.index(t) for t in texts]


def test_plain_order_highest_of_led_suit_wins() -> None:
    order = plain_order(EUCHRE)
    assert order.trump is None
    assert order.winning_position(idx("10H", "AS", "QH", "9H")) == 2
    assert order.winning_position(idx("9C")) == 0
    with pytest.raises(RulesError):
        order.winning_position([])
    assert "trump=None" in repr(order)


def test_trump_order_with_bowers() -> None:
    order = trump_order(EUCHRE, Suit.HEARTS, promoted=parse_cards("JH JD"))
    assert [str(EUCHRE.card(i)) for i in order.ranked(Suit.HEARTS)] == [
        "JH",
        "JD",
        "AH",
        "KH",
        "QH",
        "10H",
        "9H",
    ]
    assert [str(EUCHRE.card(i)) for i in order.ranked(Suit.DIAMONDS)] == [
        "AD",
        "KD",
        "QD",
        "10D",
        "9D",
    ]
    assert order.effective_suit(EUCHRE.index("JD")) is Suit.HEARTS
    # Left bower trumps a led ace; right bower beats left bower.
    assert order.winning_position(idx("AC", "JD", "KC", "JH")) == 3
    assert order.beats(EUCHRE.index("9H"), EUCHRE.index("AC"), Suit.CLUBS)
    assert not order.beats(EUCHRE.index("AS"), EUCHRE.index("9C"), Suit.CLUBS)
    assert order.suit_mask(Suit.HEARTS) == EUCHRE.mask("JH JD AH KH QH 10H 9H")
    assert "HEARTS" in repr(order)


def test_trump_sequence_places_bird_anywhere() -> None:
    rook = get_deck("rook41")
    greens = sorted(rook.full().of_suit(Suit.GREEN), key=lambda c: -c.rank)
    half = [c for c in greens if c.rank > 10] + [BIRD] + [c for c in greens if c.rank <= 10]
    order = trump_order(rook, Suit.GREEN, trump_sequence=half)
    ranked = [str(rook.card(i)) for i in order.ranked(Suit.GREEN)]
    assert ranked.index("R") == ranked.index("G11") + 1
    assert ranked.index("G10") == ranked.index("R") + 1
    assert order.effective_suit(rook.index("R")) is Suit.GREEN


def test_trump_order_errors() -> None:
    with pytest.raises(RulesError, match="trump suit"):
        trump_order(EUCHRE, None, promoted=parse_cards("JH"))
    with pytest.raises(RulesError, match="twice"):
        trump_order(EUCHRE, Suit.HEARTS, trump_sequence=parse_cards("JH JH"))
    with pytest.raises(RulesError, match="missing from the trump sequence"):
        trump_order(EUCHRE, Suit.HEARTS, trump_sequence=parse_cards("JH"))
    with pytest.raises(RulesError, match="not in the euchre24 deck"):
        trump_order(EUCHRE, Suit.HEARTS, promoted=parse_cards("2H"))
    assert trump_order(EUCHRE, None).trump is None


def test_suit_order_validates_table_sizes() -> None:
    from cardrules.ranking import SuitOrder

    with pytest.raises(RulesError):
        SuitOrder(EUCHRE, [None], [0], None)


def test_table_order_levels_and_ties() -> None:
    deck = get_deck("voormsi36")
    clubs_first = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
    order = TableOrder(
        deck,
        [parse_cards("JC KH"), parse_cards("8S"), parse_cards("9C 9S 9H 9D")],
        suit_order=clubs_first,
        equal_levels={0},
    )
    i = deck.index
    assert order.compare(i("JC"), i("KH")) == 0
    assert order.compare(i("8S"), i("9C")) == 1
    assert order.compare(i("9D"), i("9H")) == -1
    assert order.power(i("AS")) is None
    with pytest.raises(RulesError, match="unranked"):
        order.compare(i("AS"), i("9C"))
    with pytest.raises(RulesError, match="two levels"):
        TableOrder(deck, [parse_cards("JC"), parse_cards("JC")], suit_order=clubs_first)
    with pytest.raises(RulesError, match="suit order"):
        TableOrder(deck, [parse_cards("JC")], suit_order=(Suit.SPADES,))


def test_trick_winner_with_bowers() -> None:
    """E14 on the core order: the left bower (J♣ with spades trump) takes a heart lead."""
    order = trump_order(EUCHRE, Suit.SPADES, promoted=parse_cards("JS JC"))
    cards = [EUCHRE.index(c) for c in ("AH", "9H", "JC")]
    assert order.winning_position(cards) == 2
    assert order.winning_position(cards[:2]) == 0


def test_follow_rules() -> None:
    order = trump_order(EUCHRE, Suit.HEARTS, promoted=parse_cards("JH JD"))
    follow = must_follow(order)
    hand = EUCHRE.mask("JD 9C AS")
    # Edge case: J♦ is a heart when hearts are trump, so with ♦ led the hand is void.
    assert follow(hand, EUCHRE.index("AD")) == hand
    assert CardSet(EUCHRE, follow(hand, EUCHRE.index("9H"))) == EUCHRE.cardset("JD")
    assert follow(hand, None) == hand


def test_always_playable_extends_a_rule() -> None:
    rook = get_deck("rook41")
    order = trump_order(rook, Suit.GREEN, promoted=[BIRD])
    rule = with_always_playable(must_follow(order), rook.mask("R"))
    hand = rook.mask("R5 R9 R Y5")
    assert CardSet(rook, rule(hand, rook.index("R14"))) == rook.cardset("R5 R9 R")
    # The Bird is a trump: with trump led and no other trump, only the Bird may be played.
    assert CardSet(rook, rule(hand, rook.index("G5"))) == rook.cardset("R")


def brute_force_beats(
    group: tuple[int, ...], heading: tuple[int, ...], beats: set[tuple[int, int]]
) -> bool:
    return any(
        all((g, h) in beats for g, h in zip(group, perm, strict=True))
        for perm in itertools.permutations(heading)
    )


@given(
    st.integers(1, 4).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 9), min_size=n, max_size=n),
            st.lists(st.integers(0, 9), min_size=n, max_size=n),
            st.sets(st.tuples(st.integers(0, 9), st.integers(0, 9))),
        )
    )
)
def test_group_beats_matches_brute_force(
    case: tuple[list[int], list[int], set[tuple[int, int]]],
) -> None:
    group, heading, relation = case
    pairing = group_beats(group, heading, lambda a, b: (a, b) in relation)
    assert (pairing is not None) == brute_force_beats(tuple(group), tuple(heading), relation)
    if pairing is not None:
        assert sorted(j for _, j in pairing) == list(range(len(heading)))
        assert all((group[i], heading[j]) in relation for i, j in pairing)


def _first_pairing(edges: list[list[int]]) -> tuple[int, ...] | None:
    """The augmenting-path matching written plainly (lists, a fresh ``seen`` per group card): the
    pairing that ``pair_up`` documents, whose choice decides the statuses Voormsi cards earn."""
    size = len(edges)
    owner = [-1] * size

    def augment(i: int, seen: list[bool]) -> bool:
        for j in edges[i]:
            if not seen[j]:
                seen[j] = True
                if owner[j] < 0 or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    if not all(augment(i, [False] * size) for i in range(size)):
        return None
    return tuple(owner.index(i) for i in range(size))


@given(
    st.integers(1, 5).flatmap(lambda n: st.lists(st.integers(0, 2**n - 1), min_size=n, max_size=n))
)
def test_pair_up_is_the_documented_augmenting_order(edges: list[int]) -> None:
    lists = [[j for j in range(len(edges)) if e >> j & 1] for e in edges]
    assert pair_up(edges) == _first_pairing(lists)


def test_group_beats_size_mismatch() -> None:
    with pytest.raises(RulesError, match="different sizes"):
        group_beats((1, 2), (1,), lambda a, b: True)


@given(
    st.lists(st.sampled_from(EUCHRE.cards), min_size=1, max_size=4, unique=True),
    st.sampled_from([None, *Suit.__members__.values()][:5]),
)
def test_winning_position_matches_reference(cards: list[Card], trump: Suit | None) -> None:
    order = plain_order(EUCHRE, trump=trump)
    led = cards[0].suit

    def key(c: Card) -> tuple[int, int]:
        if c.suit == trump:
            return (2, c.rank)
        if c.suit == led:
            return (1, c.rank)
        return (0, 0)

    expected = max(range(len(cards)), key=lambda k: (key(cards[k]), -k))
    assert order.winning_position([EUCHRE.index(c) for c in cards]) == expected

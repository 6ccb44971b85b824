"""The core generates what games used to write by hand (issue 28, item 3): the follow and
trick-winner tables from a rank order, and fast state constructors from a state's field list.

Each table is checked against the slow, plain rule it is generated from (``must_follow`` and
``SuitOrder.winning_position``) over every led card and over random tricks of several orders —
the trump-aware Euchre order with its bowers, the Rook order with its Bird, a two-pack order with
twin cards — and each builder against the class's own constructor.
"""

from __future__ import annotations

import random
from typing import Any, Generic, NamedTuple, TypeVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import Card, Suit, get_deck, must_follow
from cardrules.errors import ArgumentTypeError
from cardrules.ranking import SuitOrder, plain_order, trump_order
from cardrules.states import slotted_builder, tuple_builder, uses_fast_layout
from cardrules.trickgame import TrickState
from cardrules.tricks import TrickPlay


def _orders() -> list[SuitOrder]:
    euchre, rook, two_packs = get_deck("euchre24"), get_deck("rook41"), get_deck("double104")
    bowers = [Card.parse("JH"), Card.parse("JD")]
    return [
        plain_order(euchre),
        plain_order(euchre, trump=Suit.CLUBS),
        trump_order(euchre, Suit.HEARTS, promoted=bowers),
        trump_order(rook, Suit.GREEN, promoted=[Card.parse("R")]),
        plain_order(two_packs, trump=Suit.SPADES),
    ]


ORDERS = _orders()


@pytest.mark.parametrize("order", ORDERS, ids=repr)
def test_follow_masks_are_must_follow_of_a_full_hand(order: SuitOrder) -> None:
    rule, masks = must_follow(order), order.follow_masks()
    whole = order.deck.full_mask
    assert masks == tuple(rule(whole, led) for led in range(len(order.deck)))
    assert order.follow_masks() is masks  # made once


@pytest.mark.parametrize("order", ORDERS, ids=repr)
@given(seed=st.integers(0, 2**32 - 1))
def test_follow_masks_give_must_follow_for_any_hand(order: SuitOrder, seed: int) -> None:
    rng = random.Random(seed)
    n = len(order.deck)
    hand = rng.getrandbits(n)
    led = rng.randrange(n)
    assert (hand & order.follow_masks()[led] or hand) == must_follow(order)(hand, led)


@pytest.mark.parametrize("order", ORDERS, ids=repr)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 6))
def test_win_keys_agree_with_winning_position(order: SuitOrder, seed: int, size: int) -> None:
    rng = random.Random(seed)
    trick = rng.sample(range(len(order.deck)), size)
    keys = order.win_keys()[trick[0]]
    best = max(range(size), key=lambda pos: (keys[trick[pos]], -pos))
    assert best == order.winning_position(trick)


def test_win_keys_zero_for_cards_that_cannot_win() -> None:
    deck = get_deck("euchre24")
    order = plain_order(deck, trump=Suit.SPADES)
    keys = order.win_keys()[deck.index("9H")]
    assert keys[deck.index("AC")] == 0 and keys[deck.index("9H")] > 0 and keys[deck.index("9S")] > 0
    assert order.win_keys() is order.win_keys()


T = TypeVar("T")


@attrs.frozen(weakref_slot=False)
class _Fast(Generic[T]):
    a: int
    b: T
    c: tuple[int, ...] = ()


@attrs.frozen(weakref_slot=False)
class _FastChild(_Fast[str]):
    """A subclass that adds no field, as a game's state over the core's."""


@attrs.frozen
class _Weak:
    a: int
    b: str


@attrs.frozen
class _Validated:
    a: int = attrs.field(validator=attrs.validators.instance_of(int))

    def __attrs_post_init__(self) -> None:
        raise AssertionError("the builder must not run post-init")


@pytest.mark.parametrize(
    ("cls", "fast"), [(_Fast, True), (_FastChild, True), (_Weak, False), (TrickPlay, True)]
)
def test_slotted_builder_equals_the_constructor(cls: type[Any], fast: bool) -> None:
    values: tuple[Any, ...] = (1, "x", (2, 3)) if cls is not _Weak else (1, "x")
    if cls is TrickPlay:
        values = ((1, 2), 0, (), (), (0, 0), 0)
    built = slotted_builder(cls)(*values)
    assert type(built) is cls
    assert built == cls(*values) and hash(built) == hash(cls(*values))
    assert uses_fast_layout(cls) is fast
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.a = 5  # still immutable


def test_slotted_builder_skips_checks_and_post_init() -> None:
    # The engine's constructor: it trusts its caller, so neither validators nor post-init run.
    built: Any = slotted_builder(_Validated)("not checked")
    assert built.a == "not checked"


def test_trick_state_builds_fast() -> None:
    # The layer's states are filled by plain attribute stores (the fast form).
    assert uses_fast_layout(TrickState)


def test_builders_refuse_what_they_cannot_build() -> None:
    with pytest.raises(ArgumentTypeError, match="attrs class with slots"):
        slotted_builder(dict)

    @attrs.define(slots=False)
    class Dicty:
        a: int

    with pytest.raises(ArgumentTypeError, match="attrs class with slots"):
        slotted_builder(Dicty)
    with pytest.raises(ArgumentTypeError, match="tuple subclass"):
        tuple_builder(list)


def test_tuple_builder() -> None:
    class Pair(NamedTuple):
        a: int
        b: int

    build = tuple_builder(Pair)
    assert build((1, 2)) == Pair(1, 2) and type(build((1, 2))) is Pair

"""Actions check their fields when built (issue #28, item 4).

``Play(True)``, ``Bid(70.0)``, ``Move(True, 5)`` and the like cannot be constructed: the
constructor raises :class:`~cardrules.errors.ArgumentTypeError` (a field of the wrong type) or
:class:`~cardrules.errors.ArgumentError` (a value out of the range every game shares), naming the
class, the field and the bad value. A well-made action equals the game's interned one. The edge
checks of ``apply`` for actions changed after construction are pinned by each game's
``test_api_edge.py`` and the conformance fuzz.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    Card,
    NotationError,
    Suit,
    get_game,
    parse_cards,
)
from cardrules.game import ChooseDealer, Deal, same_fields
from cardrules.games import euchre, rook, tournament, voormsi
from cardrules.trickgame import Play as TrickPlay

AS = Card.parse("AS")
JH = Card.parse("JH")
NOT_A_CARD: tuple[object, ...] = (True, 1.0, "AS", None, 9, (AS,))
NOT_A_BOOL: tuple[object, ...] = (1, 0, 1.0, "yes", None)
NOT_A_SUIT: tuple[object, ...] = ("H", 2, True, 1.0, None, JH)
NOT_AN_INT: tuple[object, ...] = (True, False, 1.0, "1", None)

# (what is built, the class and field the message names, the bad value)
TYPE_CASES: list[tuple[Callable[[object], object], str, object]] = [
    *[(lambda v: Deal(v), "Deal.order", v) for v in (True, 1.0, "012", None, [0, 1])],
    *[(lambda v: Deal((0, v)), "Deal.order", v) for v in NOT_AN_INT],
    *[(lambda v: ChooseDealer(v), "ChooseDealer.seat", v) for v in NOT_AN_INT],
    *[(lambda v: TrickPlay(v), "Play.card", v) for v in NOT_A_CARD],
    # Euchre (E2 the deck, E7 the named suit, E9 going alone)
    *[(lambda v: euchre.OrderUp(v), "OrderUp.alone", v) for v in NOT_A_BOOL],
    *[(lambda v: euchre.OrderUp(alone=v), "OrderUp.alone", v) for v in NOT_A_BOOL],
    *[(lambda v: euchre.NameTrump(v), "NameTrump.suit", v) for v in NOT_A_SUIT],
    *[(lambda v: euchre.NameTrump(Suit.HEARTS, v), "NameTrump.alone", v) for v in NOT_A_BOOL],
    *[(lambda v: euchre.NameNoTrump(v), "NameNoTrump.alone", v) for v in NOT_A_BOOL],
    *[(lambda v: euchre.Discard(v), "Discard.card", v) for v in NOT_A_CARD],
    *[(lambda v: euchre.Play(v), "Play.card", v) for v in NOT_A_CARD],
    *[(lambda v: euchre.CorrectRevoke(v), "CorrectRevoke.card", v) for v in NOT_A_CARD],
    # Rook (R10 a bid is an int, R13 trump is a colour and a bury holds cards, R2 the deck)
    *[(lambda v: rook.Bid(v), "Bid.amount", v) for v in (*NOT_AN_INT, 70.0)],
    *[(lambda v: rook.NameTrump(v), "NameTrump.suit", v) for v in NOT_A_SUIT],
    *[(lambda v: rook.Play(v), "Play.card", v) for v in NOT_A_CARD],
    *[(lambda v: rook.Bury((AS, v)), "Bury.cards", v) for v in (True, 1.0, "R5", None)],
    # Tournament (pile ids are ints, T1-T11)
    *[(lambda v: tournament.Move(v, 16), "Move.src", v) for v in NOT_AN_INT],
    *[(lambda v: tournament.Move(2, v), "Move.dst", v) for v in NOT_AN_INT],
]

RANGE_CASES: list[tuple[Callable[[], object], str, str]] = [
    (lambda: Deal((0, -1)), "Deal.order", "-1"),
    (lambda: ChooseDealer(-1), "ChooseDealer.seat", "-1"),
    (lambda: tournament.Move(-1, 16), "Move.src", "-1"),
    (lambda: tournament.Move(2, 24), "Move.dst", "24"),
    (lambda: tournament.Move(24, 2), "Move.src", "24"),
]


def _case_id(value: object) -> str:
    return type(value).__name__ if callable(value) else repr(value)


@pytest.mark.parametrize(("build", "field", "value"), TYPE_CASES, ids=_case_id)
def test_a_field_of_the_wrong_type_is_refused_when_the_action_is_built(
    build: Callable[[object], object], field: str, value: object
) -> None:
    """E2, E7, E9, R10, R13, T1: ``Play(True)``, ``Bid(70.0)``, ``Move(True, 5)`` cannot be built;
    ``==`` would take some of them for a good action (``True == 1``, ``70.0 == 70``)."""
    with pytest.raises(ArgumentTypeError) as err:
        build(value)
    message = str(err.value)
    assert message.startswith(f"{field} must be "), message
    assert type(value).__name__ in message


@pytest.mark.parametrize(("build", "field", "value"), RANGE_CASES, ids=lambda v: _case_id(v))
def test_a_field_out_of_range_is_refused_when_the_action_is_built(
    build: Callable[[], object], field: str, value: str
) -> None:
    """A seat and a deck index are at least 0; a Tournament pile id is 0-23 (T1)."""
    with pytest.raises(ArgumentError) as err:
        build()
    assert str(err.value).startswith(f"{field} must be ") and str(err.value).endswith(value)


def test_voormsi_groups_refuse_what_is_not_cards() -> None:
    """V2, V16: a Lead or Play is 1-4 different Voormsi cards. What is not cards at all is an
    ArgumentTypeError naming the class; cards that make no group stay a NotationError (the
    notation ``lead 4C`` reads through the same constructor)."""
    for kind in (voormsi.Lead, voormsi.Play):
        for bad in (True, 1.0, None, (1,), (None,), ("9C",)):
            with pytest.raises(ArgumentTypeError, match=rf"^{kind.__name__}\.cards must be "):
                kind(bad)  # type: ignore[arg-type]
        for wrong in ((), (AS, AS), (Card.parse("4C"),), parse_cards("5C 6C 7C 8C 9C")):
            with pytest.raises(NotationError):
                kind(wrong)


def _rebuilt(action: Any) -> Any:
    """The action built anew through its public constructor from its own field values."""
    fields = {f.name: getattr(action, f.name) for f in attrs.fields(type(action)) if f.init}
    return type(action)(**fields)


@pytest.mark.parametrize("name", ["euchre", "rook", "voormsi", "tournament"])
def test_good_values_construct_equal_to_the_interned_actions(name: str) -> None:
    """Every action of the game's table, built anew from its fields, is equal to it field by field
    (the checks refuse nothing a game hands out)."""
    game: Any = get_game(name)
    table = game.all_actions()
    step = max(1, len(table) // 500)  # Voormsi has 66846 codes: a spread sample of them
    for action in table[::step]:
        fresh = _rebuilt(action)
        assert fresh == action and same_fields(fresh, action)
        assert game.action_to_index(fresh) == game.action_to_index(action)


def test_good_chance_actions_and_buries_construct() -> None:
    """Deals, first dealers and buries made by the games rebuild equal; empty deals are allowed
    (the OpenSpiel adapter starts from ``Deal(())``)."""
    import random

    for name in ("euchre", "rook", "voormsi"):
        game: Any = get_game(name)
        deal = game.sample_chance(game.new_hand(dealer=0), random.Random(3))
        assert _rebuilt(deal) == deal and same_fields(_rebuilt(deal), deal)
        dealer = game.sample_chance(game.new_match(), random.Random(3))
        assert _rebuilt(dealer) == dealer
    assert Deal(()).order == ()
    cards = parse_cards("R5 Y6 G14 B7 R")
    assert rook.Bury(cards) == rook.Bury(tuple(reversed(cards)))
    assert rook.Bury(list(cards)).cards == rook.Bury(cards).cards  # type: ignore[arg-type]
    assert (
        euchre.OrderUp() == euchre.OrderUp(False) and euchre.NameTrump(Suit.SPADES).alone is False
    )
    assert rook.Bid(0).amount == 0  # the range (70-120, R10) is the game's check, with its rule id

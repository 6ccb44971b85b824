"""The API edge (issue #15): every public entry point of the Euchre game checks what it is given.

Seats are ``int`` seats 0-3 (never ``bool``), states and views are Euchre's own, ``rng`` is a
``random.Random``, and actions are checked field by field on every path, the interned fast paths
included. Bad input raises a :class:`~cardrules.CardrulesError` (``ArgumentTypeError`` for an
argument of the wrong type, ``ArgumentError`` for one out of range, ``IllegalActionError`` with its
rule id for an action the rules forbid or whose field is malformed, ``NotationError`` for a value
that is no action at all) and leaves the state as it was.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from cardrules import (
    BIRD,
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    Card,
    CardrulesError,
    ChooseDealer,
    Deal,
    IllegalActionError,
    NotationError,
    RulesError,
    Suit,
    get_game,
)
from cardrules.games.euchre import (
    Contract,
    Discard,
    EuchreBot,
    EuchreGame,
    EuchreRule,
    EuchreRules,
    EuchreState,
    NameNoTrump,
    NameTrump,
    OrderUp,
    Pass,
    Play,
    make_game,
)
from cardrules.testing import fuzz_api

from ..tampering import made as _made
from .stacking import act, new_stacked_hand

ALL_VARIANTS: dict[str, Any] = {
    "renege_mode": True,
    "defend_alone": True,
    "no_trump": True,
    "farmers_hand": "mixed_four",
    "canadian_loner": True,
    "lone_lead": "left_of_lone_player",
    "dealer_may_discard_upcard": False,
    "deal_pattern": "2-3",
}
CONFIGS: list[dict[str, Any]] = [
    {},
    *({"preset": name} for name in sorted(EuchreRules.PRESETS)),
    ALL_VARIANTS,
    {"stick_the_dealer": False, "all_pass": "same_dealer"},
]


@pytest.mark.parametrize("options", CONFIGS, ids=repr)
def test_fuzz_api_finds_nothing(options: dict[str, Any]) -> None:
    """cardrules.testing.fuzz_api: bad seats and dealers, other games' states and views, junk,
    hostile notation and codes, mutated actions: all refused, at 40 positions of 3 hands each."""
    game = get_game("euchre", **options)
    calls = 0
    for seed in range(3):
        report = fuzz_api(game, seed=seed, positions=40)
        assert report.failures == [], report.failures[:10]
        calls += report.calls
    assert calls >= 2000


def _play_state(game: EuchreGame) -> EuchreState:
    """Seat 2 to play the second card of a trick (hearts trump, the A♦ led)."""
    hands = {1: "AD KD QD 9C 10C", 2: "9D 10D 9H 10H JC", 3: "JD 9S 10S JS QS", 0: "QC KC AC JH AH"}
    state = new_stacked_hand(game, 0, hands=hands, upcard="AS", kitty="KS QH KH")
    return act(game, state, *["pass"] * 4, "name H", "play AD")


def _refused(game: EuchreGame, state: EuchreState, action: object, **kwargs: Any) -> Exception:
    before = copy.deepcopy(state)
    with pytest.raises(CardrulesError) as info:
        game.apply(state, action, **kwargs)
    assert state == before
    assert str(info.value)
    return info.value


def _mutated(action: object, **fields: object) -> object:
    """A copy of ``action`` with fields set behind attrs' back (as a hostile caller can)."""
    twin = copy.copy(action)
    for name, value in fields.items():
        object.__setattr__(twin, name, value)
    return twin


@pytest.mark.parametrize("seat", [True, False, 1.0, "1", None, [1]])
def test_bool_and_other_non_int_seats_are_refused(seat: object) -> None:
    game = make_game()
    state = _play_state(game)
    with pytest.raises(ArgumentTypeError, match="seat"):
        game.view(state, seat)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="seat"):
        game.out_of_turn_actions(state, seat)  # type: ignore[arg-type]
    if seat is not None:  # apply's default seat: the seat to move
        err = _refused(game, state, game.legal_actions(state)[0], seat=seat)
        assert isinstance(err, ArgumentTypeError) and "seat" in str(err)


def test_a_bool_seat_equal_to_the_mover_is_refused_on_the_fast_path() -> None:
    """``True == 1``: seat 1 to move, ``seat=True`` must not take the fast path."""
    game = make_game()
    state = game.apply(game.new_hand(dealer=0), Deal(tuple(range(24))))
    assert state.to_move == 1
    for seat in (True, 1.0):
        err = _refused(game, state, game.legal_actions(state)[0], seat=seat)
        assert isinstance(err, ArgumentTypeError)


@pytest.mark.parametrize("seat", [-1, -2, 4, 10**20])
def test_seats_out_of_range_are_refused(seat: int) -> None:
    game = make_game()
    state = _play_state(game)
    with pytest.raises(ArgumentError, match="seat must be from 0 to 3"):
        game.view(state, seat)
    with pytest.raises(ArgumentError):
        game.out_of_turn_actions(state, seat)
    err = _refused(game, state, game.legal_actions(state)[0], seat=seat)
    assert isinstance(err, ArgumentError)


def test_chance_seat_only_at_a_chance_step() -> None:
    game = make_game()
    state = game.new_hand(dealer=0)
    dealt = game.apply(state, Deal(tuple(range(24))), seat=CHANCE)
    assert dealt.to_move == 1
    with pytest.raises(ArgumentError, match="chance"):
        game.apply(dealt, Pass(), seat=CHANCE)


@pytest.mark.parametrize("dealer", [True, 1.0, "0", -1, 4])
def test_new_hand_dealer_is_an_int_seat(dealer: object) -> None:
    with pytest.raises(ArgumentTypeError if type(dealer) is not int else ArgumentError):
        make_game().new_hand(dealer=dealer)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("scores", "error"),
    [
        ((True, 0), ArgumentTypeError),
        ((1.0, 0), ArgumentTypeError),
        ("00", ArgumentTypeError),
        ((0, 0, 0), ArgumentError),
        ((-1, 0), ArgumentError),
        ((0, 10), RulesError),
    ],
)
def test_start_scores_are_two_ints_below_the_target(scores: object, error: type) -> None:
    game = make_game()
    with pytest.raises(error):
        game.new_match(scores=scores)  # type: ignore[arg-type]
    with pytest.raises(error):
        game.new_hand(dealer=0, scores=scores)  # type: ignore[arg-type]
    assert game.new_match(scores=[3, 9]).score.scores == (3, 9)


def _foreign() -> list[tuple[str, Any, Any]]:
    out = []
    for name in ("rook", "voormsi", "tournament"):
        other = get_game(name)
        state = other.new_hand(dealer=0)
        if other.to_move(state) == CHANCE:
            state = other.apply(state, other.sample_chance(state, random.Random(0)))
        out.append((name, state, other.view(state, 0)))
    return out


@pytest.mark.parametrize(("name", "state", "view"), _foreign(), ids=lambda v: str(v)[:10])
def test_other_games_states_and_views_are_refused(name: str, state: Any, view: Any) -> None:
    game = make_game()
    for method in (
        game.to_move,
        game.is_over,
        game.legal_actions,
        game.outcome,
        game.card_zones,
    ):
        with pytest.raises(ArgumentTypeError, match="state must be a EuchreState"):
            method(state)
    with pytest.raises(ArgumentTypeError, match="state"):
        game.apply(state, Pass())
    with pytest.raises(ArgumentTypeError, match="state"):
        game.view(state, 0)
    with pytest.raises(ArgumentTypeError, match="state"):
        game.rollout(state, random.Random(0))
    with pytest.raises(ArgumentTypeError, match="state"):
        game.sample_chance(state, random.Random(0))
    with pytest.raises(ArgumentTypeError, match="state"):
        game.parse_action("pass", state)
    with pytest.raises(ArgumentTypeError, match="view must be a EuchreView"):
        game.sample_state(view, random.Random(0))
    with pytest.raises(ArgumentTypeError, match="view"):
        game.describe(view)


def test_views_and_states_are_not_interchangeable_and_rng_is_checked() -> None:
    game = make_game()
    state = _play_state(game)
    view = game.view(state, 2)
    with pytest.raises(ArgumentTypeError, match="state"):
        game.apply(view, Pass())  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="view"):
        game.sample_state(state, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rng"):
        game.sample_state(view, 7)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rng"):
        game.rollout(state, None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rng"):
        game.sample_chance(game.new_hand(dealer=0), 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rng"):
        EuchreBot().choose(view, game.legal_actions(state), None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="view"):
        EuchreBot().choose(state, game.legal_actions(state), random.Random(0))  # type: ignore[arg-type]


JH = Card.parse("JH")


def _rule(err: Exception) -> EuchreRule | None:
    assert isinstance(err, IllegalActionError), err
    assert err.rule is None or isinstance(err.rule, EuchreRule)
    return err.rule


@pytest.mark.parametrize("card", [True, 1.0, "9D", None, 9, Card.parse("2C"), BIRD], ids=repr)
def test_E2_play_with_a_malformed_card_is_refused_on_every_path(card: object) -> None:
    """The fast path matches interned plays by identity; anything else is checked field by field,
    whoever plays it: a card that is not one of the 24 (E2), whatever ``==`` says."""
    game = make_game()
    state = _play_state(game)
    legal = game.legal_actions(state)
    assert [game.format_action(a) for a in legal] == ["play 9D", "play 10D"]
    for action in (_made(Play(JH), card=card), _mutated(legal[0], card=card)):
        for seat in (None, 0, 1, 2, 3):
            err = _refused(game, state, action, seat=seat)
            assert _rule(err) == "E2" and "Play.card" in str(err)
        with pytest.raises(IllegalActionError, match="E2"):
            game.action_to_index(action)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="E2"):
            game.format_action(action)
    renege = make_game(renege_mode=True)
    assert _rule(_refused(renege, _play_state(renege), _made(Play(JH), card=card))) == "E2"


def test_equal_but_not_interned_actions_still_apply() -> None:
    game = make_game()
    state = _play_state(game)
    fresh = Play(Card.parse("10D"))
    assert game.apply(state, fresh) == game.apply(state, game.legal_actions(state)[1])
    with pytest.raises(IllegalActionError, match="E13"):
        game.apply(state, Play(JH))  # seat 2 does not hold it


@pytest.mark.parametrize("alone", [1, 0, None, "yes", 1.0])
def test_E9_order_up_alone_must_be_a_bool(alone: object) -> None:
    """``OrderUp(alone=1) == OrderUp(True)``: equality alone must not let it through."""
    game = make_game()
    state = game.apply(game.new_hand(dealer=0), Deal(tuple(range(24))))
    assert OrderUp(True) in game.legal_actions(state)
    for action in (
        _made(OrderUp(True), alone=alone),
        _mutated(game.legal_actions(state)[2], alone=alone),
    ):
        err = _refused(game, state, action)
        assert _rule(err) == "E9" and "OrderUp.alone" in str(err)
        with pytest.raises(IllegalActionError, match="E9"):
            game.action_to_index(action)  # type: ignore[arg-type]


@pytest.mark.parametrize("suit", ["H", 2, None, Suit.RED], ids=repr)
def test_E7_name_trump_suit_must_be_a_french_suit(suit: object) -> None:
    """E7: a named suit is one of ♣ ♦ ♥ ♠; ``NameTrump(None)`` is no suit (no-trump is
    :class:`NameNoTrump`), a Rook colour is not a Euchre suit."""
    game = make_game(no_trump=True)
    state = act(game, game.apply(game.new_hand(dealer=0), Deal(tuple(range(24)))), *["pass"] * 4)
    assert state.calls is not None and state.calls.round == 1
    err = _refused(game, state, _made(NameTrump(Suit.HEARTS), suit=suit))
    assert _rule(err) == "E7" and "NameTrump.suit" in str(err)
    err = _refused(game, state, _made(NameTrump(Suit.HEARTS), alone=suit))
    assert _rule(err) == "E9" and "NameTrump.alone" in str(err)
    err = _refused(game, state, _made(NameNoTrump(), alone=suit))
    assert _rule(err) == "E9" and "NameNoTrump.alone" in str(err)


def test_no_trump_is_its_own_action() -> None:
    """EV3: ``name notrump`` is :class:`NameNoTrump`; it reads and writes as before."""
    game = make_game(no_trump=True)
    state = act(game, game.apply(game.new_hand(dealer=0), Deal(tuple(range(24)))), *["pass"] * 4)
    action = game.parse_action("name notrump alone", state)
    assert action == NameNoTrump(True) and action in game.legal_actions(state)
    assert game.format_action(NameNoTrump()) == "name notrump"
    after = game.apply(state, NameNoTrump(alone=True))
    assert after.contract is not None and after.contract.trump is None and after.contract.alone
    plain = make_game()
    state = act(plain, plain.apply(plain.new_hand(dealer=0), Deal(tuple(range(24)))), *["pass"] * 4)
    with pytest.raises(IllegalActionError, match=r"rule EV3 \(no-trump\): no-trump is not allowed"):
        act(plain, state, "name notrump")  # not allowed without the option


def test_discard_checks_its_card() -> None:
    game = make_game()
    state = act(game, new_stacked_hand(game), "order")
    assert state.phase == "discard"
    for card in (True, "9C", BIRD, None):
        err = _refused(game, state, _made(Discard(JH), card=card))
        assert _rule(err) == "E2" and "Discard.card" in str(err)
    err = _refused(game, state, Discard(Card.parse("JH")))  # held by seat 1, not the dealer
    assert _rule(err) == "E6"


def test_E3_E4_chance_actions_are_checked() -> None:
    game = make_game()
    match = game.new_match()
    for seat in (True, 4, -1, 1.0):
        assert _rule(_refused(game, match, _made(ChooseDealer(0), seat=seat))) == "E3"
    assert _rule(_refused(game, match, Deal(tuple(range(24))))) == "E3"
    hand = game.new_hand(dealer=0)
    order = tuple(range(24))
    assert _rule(_refused(game, hand, ChooseDealer(1))) == "E4"
    for bad in (
        list(order),
        (True, *order[2:], 0),  # True == 1: a permutation by ==, not of ints
        (*order[:23], Suit.SPADES),
        (*order[:23], 10**9),
        (*order[:23], 1.0),
        order[:23],
    ):
        assert _rule(_refused(game, hand, _made(Deal(order), order=bad))) == "E4"
    with pytest.raises(IllegalActionError, match="E4"):
        game.format_action(Deal((*order[:23], 99)))


def test_values_that_are_no_action_and_bad_codes() -> None:
    game = make_game()
    state = _play_state(game)
    for junk in (None, object(), "play 9D", 3, (), Pass):
        err = _refused(game, state, junk)
        assert isinstance(err, NotationError) and "not an action of euchre" in str(err)
        with pytest.raises(NotationError):
            game.format_action(junk)
        with pytest.raises(NotationError):
            game.action_to_index(junk)  # type: ignore[arg-type]
    for code in (True, -1, 1.5, "3", None, game.num_distinct_actions):
        with pytest.raises(CardrulesError):
            game.index_to_action(code)  # type: ignore[arg-type]
    for text in (None, 5, b"play 9D", ["play", "9D"]):
        with pytest.raises(NotationError):
            game.parse_action(text, state)  # type: ignore[arg-type]


def test_helper_methods_check_their_arguments() -> None:
    game = make_game(farmers_hand="redeal_all_9_10")
    contract = Contract(Suit.HEARTS, 1, alone=False, out=0)
    with pytest.raises(ArgumentTypeError):
        game.is_farmers_hand(True)
    with pytest.raises(ArgumentError):
        game.is_farmers_hand(1 << 24)
    with pytest.raises(ArgumentError):
        game.hand_result(contract, 6)
    with pytest.raises(ArgumentTypeError):
        game.hand_result(contract, 3.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        game.hand_result(Contract(Suit.HEARTS, True, alone=False, out=0), 3)
    with pytest.raises(ArgumentError):
        game.hand_outcome((5, 0))
    with pytest.raises(ArgumentTypeError):
        game.hand_outcome((True, 0))
    with pytest.raises(ArgumentTypeError):
        game.first_leader(True, contract)
    with pytest.raises(ArgumentTypeError):
        game.tables("H")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        game.tables(Suit.RED)
    with pytest.raises(ArgumentTypeError):
        game.describe(game.view(game.new_hand(dealer=0), 0), color=1)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="E4"):
        game.deal(_play_state(game), tuple(range(24)))  # not a deal step
    assert game.hand_outcome([0, 2]) == game.hand_outcome((0, 2))


class _Hostile:
    """A value whose ``==``, ``hash`` and ``repr`` all raise."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __repr__(self) -> str:
        raise RuntimeError("repr")


def test_hostile_values_and_half_built_actions_raise_cardrules_errors() -> None:
    """No bare Python error escapes: a field that was never set, a value whose ``==``, ``hash``
    and ``repr`` raise, as an action, a field, a seat or a state."""
    game = make_game(renege_mode=True, no_trump=True)
    state = _play_state(game)
    hostile = _Hostile()
    half_built = [kind.__new__(kind) for kind in (Play, Discard, OrderUp, NameTrump, NameNoTrump)]
    for action in [*half_built, Deal.__new__(Deal), ChooseDealer.__new__(ChooseDealer), hostile]:
        for seat in (None, 0, 2):
            _refused(game, state, action, seat=seat)
        with pytest.raises(CardrulesError):
            game.action_to_index(action)  # type: ignore[arg-type]
        with pytest.raises(CardrulesError):
            game.format_action(action)
    for action in (
        _made(Play(JH), card=hostile),
        _made(NameTrump(Suit.HEARTS), suit=hostile),
        _made(OrderUp(), alone=hostile),
    ):
        _refused(game, state, action)
    with pytest.raises(ArgumentTypeError):
        game.apply(state, game.legal_actions(state)[0], seat=hostile)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        game.view(state, hostile)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        game.legal_actions(hostile)  # type: ignore[arg-type]

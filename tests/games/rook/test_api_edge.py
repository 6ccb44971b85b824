"""The API edge of Rook (issue #15): every public entry point checks what it is given.

Seats are ``int`` (not ``bool``) in range, states and views belong to this game, ``rng`` is a
:class:`random.Random`, and action objects are checked field by field on every path, the fast
paths included. Bad input raises a :class:`~cardrules.errors.CardrulesError` (never a bare Python
error), is never accepted, and leaves the state as it was.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    Card,
    ChooseDealer,
    Deal,
    IllegalActionError,
    NotationError,
    Suit,
    get_game,
    parse_cards,
)
from cardrules.games.rook import (
    Bid,
    Bury,
    NameTrump,
    Pass,
    Play,
    RookBot,
    RookGame,
    RookRules,
    RookState,
    counter_value,
    hand_outcome,
    make_game,
)
from cardrules.testing import fuzz_api

from ..tampering import made as _made
from ._helpers import LAYOUT, LAYOUT_NEST, dealt, in_play, run

CONFIGS: list[dict[str, Any]] = [
    {},
    *({"preset": name} for name in sorted(RookRules.PRESETS)),
    {"renege_mode": True, "first_lead": "bidder"},
]


def _bidding(game: RookGame) -> RookState:
    return dealt(game, 3, LAYOUT, LAYOUT_NEST)


def _euchre_state() -> Any:
    euchre = get_game("euchre")
    state = euchre.new_hand(dealer=0)
    return euchre.apply(state, euchre.sample_chance(state, random.Random(1)))


# -- the fuzz ------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", CONFIGS, ids=[str(o) or "default" for o in CONFIGS])
def test_fuzz_api_finds_nothing(options: dict[str, Any]) -> None:
    """fuzz_api: bad seats and dealers, other games' states and views, junk, hostile notation, bad
    codes and mutated actions, at 40 positions of random hands, each refused with a CardrulesError
    (default rules, every preset, revoke mode)."""
    game = get_game("rook", **options)
    calls = 0
    for seed in (1, 2):
        report = fuzz_api(game, seed=seed, positions=40)
        assert report.failures == [], report.failures[:10]
        calls += report.calls
    assert calls >= 2_000


# -- the known bugs ------------------------------------------------------------------------------
def test_view_of_seat_minus_one_is_refused_not_seat_3s_hand() -> None:
    """``view(s, -1)`` used to return seat 3's hand labelled ``seat=-1`` (R1: seats 0-3)."""
    game = make_game()
    state = _bidding(game)
    with pytest.raises(ArgumentError, match="seat must be from 0 to 3, not -1"):
        game.view(state, -1)
    with pytest.raises(ArgumentError, match="not 4"):
        game.view(state, 4)


def test_bool_and_float_seats_are_refused() -> None:
    """``view(s, True)``, ``apply(s, a, seat=1.0)`` and ``out_of_turn_actions(s, 99)`` were taken."""
    game = make_game()
    state = _bidding(game)
    action = game.legal_actions(state)[0]
    with pytest.raises(ArgumentTypeError, match="not bool True"):
        game.view(state, True)
    with pytest.raises(ArgumentTypeError, match=r"not float 1\.0"):
        game.apply(state, action, seat=1.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="not 99"):
        game.out_of_turn_actions(state, 99)
    with pytest.raises(ArgumentTypeError):
        game.out_of_turn_actions(state, False)
    with pytest.raises(ArgumentError, match="chance"):
        game.apply(state, action, seat=-1)  # CHANCE acts only at a chance state
    assert state == _bidding(game)


def test_another_games_state_is_refused_everywhere() -> None:
    """``legal_actions(euchre_state)`` quietly returned Rook actions; now every method that takes
    a state refuses it with an ArgumentTypeError naming the argument."""
    game = make_game()
    foreign = _euchre_state()
    for method in ("to_move", "legal_actions", "is_over", "outcome", "card_zones"):
        with pytest.raises(ArgumentTypeError, match="state must be a RookState of rook"):
            getattr(game, method)(foreign)
    with pytest.raises(ArgumentTypeError):
        game.view(foreign, 0)
    with pytest.raises(ArgumentTypeError):
        game.apply(foreign, Pass())
    with pytest.raises(ArgumentTypeError):
        game.out_of_turn_actions(foreign, 0)
    with pytest.raises(ArgumentTypeError):
        game.rollout(foreign, random.Random(0))
    with pytest.raises(ArgumentTypeError):
        game.random_action(foreign, random.Random(0))
    with pytest.raises(ArgumentTypeError):
        game.sample_chance(foreign, random.Random(0))
    with pytest.raises(ArgumentTypeError):
        game.may_redeal(foreign, 0)
    with pytest.raises(ArgumentTypeError):
        game.parse_action("pass", foreign)
    euchre_view: Any = get_game("euchre").view(foreign, 1)  # another game's view, on purpose
    with pytest.raises(ArgumentTypeError, match="view must be a RookView of rook"):
        game.sample_state(euchre_view, random.Random(0))
    with pytest.raises(ArgumentTypeError, match="view must be a RookView"):
        game.describe(euchre_view)


def test_R10_bid_zero_is_not_a_pass() -> None:
    """R10: bids are 70-120 by fives. ``Bid(0)`` used to be taken as a pass."""
    game = make_game()
    state = _bidding(game)
    for amount in (0, -5, 65, 71, 125, 10**9):
        with pytest.raises(IllegalActionError, match="R10") as err:
            game.apply(state, Bid(amount))
        assert err.value.rule == "R10"
    assert state == _bidding(game)
    assert game.apply(state, Pass()) == game.apply(state, game.parse_action("pass", state))


def test_R10_bid_of_a_float_or_bool_is_not_a_bid() -> None:
    """R10: a bid is an ``int``. ``Bid(70.0)`` used to be taken as a bid of 70 (``70.0 == 70``);
    now it cannot be built, and one whose amount was changed after construction is refused."""
    game = make_game()
    state = _bidding(game)
    for amount in (70.0, True, "70", None):
        bid = _made(Bid(70), amount=amount)
        with pytest.raises(IllegalActionError, match="R10"):
            game.apply(state, bid)
        with pytest.raises(IllegalActionError, match="R10"):
            game.apply(state, bid, seat=0)
        with pytest.raises(NotationError):
            game.action_to_index(bid)
        with pytest.raises(NotationError):
            game.format_action(bid)
    assert state == _bidding(game)
    assert (
        game.apply(state, Bid(70)).auction
        == game.apply(state, game.legal_actions(state)[1]).auction
    )


# -- actions checked field by field --------------------------------------------------------------
def test_R2_R13_play_trump_and_bury_fields_are_checked() -> None:
    """R2 (the deck), R13 (trump is a colour, a bury is five different cards of the deck): an
    action with a field of another type or out of range is refused on every path."""
    game = make_game()
    lead = in_play(game)
    for card in (None, True, "R14", Card.parse("9H"), Card.parse("R2")):
        with pytest.raises(IllegalActionError, match="R2"):
            game.apply(lead, _made(Play(Card.parse("R14")), card=card))
    bidding = _bidding(game)
    trump = run(game, bidding, "bid 70", "pass", "pass", "pass", "bury B7 B6 B5 B13 Y14")
    for suit in (Suit.HEARTS, 5, None, "Green"):
        with pytest.raises(IllegalActionError, match="R13"):
            game.apply(trump, _made(NameTrump(Suit.GREEN), suit=suit))
    with pytest.raises(NotationError):
        game.action_to_index(_made(NameTrump(Suit.GREEN), suit=5))
    bury = run(game, bidding, "bid 70", "pass", "pass", "pass")
    good = game.parse_action("bury B7 B6 B5 B13 Y14", bury)
    assert isinstance(good, Bury)
    unsorted = copy.copy(good)
    object.__setattr__(unsorted, "cards", tuple(reversed(good.cards)))
    as_list = copy.copy(good)
    object.__setattr__(as_list, "cards", list(good.cards))
    twice = copy.copy(good)
    object.__setattr__(twice, "cards", (good.cards[0],) * 5)
    for bad in (unsorted, as_list, twice, Bury(parse_cards("R5 R6 R7 R8"))):
        with pytest.raises(IllegalActionError, match="R13"):
            game.apply(bury, bad)
        with pytest.raises(IllegalActionError, match="R13"):
            game.apply(bury, bad, seat=0)
        with pytest.raises(NotationError):
            game.action_to_index(bad)
    assert game.apply(bury, good).nest == game.deck.mask("B7 B6 B5 B13 Y14")


def test_equal_fresh_actions_take_the_checked_path_and_agree() -> None:
    """The fast paths accept only the interned actions (by identity); an equal fresh action is
    checked and gives the same state."""
    game = make_game()
    state = _bidding(game)
    assert game.apply(state, Bid(85)) == game.apply(state, game.parse_action("bid 85", state))
    lead = in_play(game)
    assert game.apply(lead, Play(Card.parse("R14"))) == run(game, lead, "play R14")


def test_chance_actions_are_checked() -> None:
    """R5 (a dealer is a seat) and R6 (a deal orders every card once, as ints)."""
    game = make_game()
    start = game.new_match()
    for seat in (4, -1, True, 1.0):
        with pytest.raises(IllegalActionError, match="R5"):
            game.apply(start, _made(ChooseDealer(0), seat=seat))
    assert game.to_move(game.apply(start, ChooseDealer(2))) == -1
    deal_state = game.new_hand(dealer=0)
    with pytest.raises(IllegalActionError, match=r"rule R6 \(the deal\)"):
        game.apply(deal_state, Deal(tuple(range(40))))
    with pytest.raises(NotationError):
        game.parse_action("dealer 9", start)
    with pytest.raises(NotationError):
        game.parse_action("deal R5 R6", deal_state)
    with pytest.raises(NotationError):
        game.format_action(Deal((99,)))
    with pytest.raises(NotationError):
        game.format_chance(ChooseDealer(7))


def test_codes_and_notation_are_checked() -> None:
    """Action codes are ints in range; notation is text; junk is no action."""
    game = make_game()
    state = _bidding(game)
    for code in (True, -1, 1.5, "3", None, game.num_distinct_actions):
        with pytest.raises((ArgumentTypeError, NotationError)):
            game.index_to_action(code)  # type: ignore[arg-type]
    for junk in (object(), None, "play", Play):
        with pytest.raises(NotationError):
            game.action_to_index(junk)  # type: ignore[arg-type]
        with pytest.raises(NotationError):
            game.format_action(junk)
    for text in (None, 5, b"pass", ["pass"]):
        with pytest.raises(NotationError, match="text"):
            game.parse_action(text, state)  # type: ignore[arg-type]
    code = game.action_to_index(Bury(parse_cards("R5 R6 R7 R8 R9")))
    assert game.index_to_action(code) == Bury(parse_cards("R9 R8 R7 R6 R5"))


# -- the other entry points ----------------------------------------------------------------------
def test_dealer_rng_and_views_are_checked() -> None:
    """new_hand's dealer is a seat; randomness only from a random.Random; a view of the game."""
    game = make_game()
    for dealer in (True, 1.5, "0"):
        with pytest.raises(ArgumentTypeError, match="dealer"):
            game.new_hand(dealer=dealer)  # type: ignore[arg-type]
    for dealer in (-1, 4, 10**20):
        with pytest.raises(ArgumentError, match="dealer"):
            game.new_hand(dealer=dealer)
    state = _bidding(game)
    view = game.view(state, 0)
    for rng in (None, 7, random):
        with pytest.raises(ArgumentTypeError, match="rng"):
            game.rollout(state, rng)  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match="rng"):
            game.random_action(state, rng)  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match="rng"):
            game.sample_state(view, rng)  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match="rng"):
            game.sample_chance(game.new_hand(dealer=0), rng)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="view"):
        game.sample_state(state, random.Random(0))  # type: ignore[arg-type]
    full = make_game(full_deck=True)
    with pytest.raises(ArgumentError, match="full_deck=True"):
        game.sample_state(full.view(_bidding(full), 0), random.Random(0))
    with pytest.raises(ArgumentTypeError, match="rules"):
        RookGame({"bird_rank": "low"})  # type: ignore[arg-type]


def test_helpers_check_their_arguments() -> None:
    """may_redeal, strict_mask, has_counter, bury_pool, describe, counter_value, hand_outcome and
    the heuristic bot refuse what is not theirs."""
    game = make_game()
    state = _bidding(game)
    with pytest.raises(ArgumentError):
        game.may_redeal(state, 4)
    with pytest.raises(ArgumentError, match="in play"):
        game.strict_mask(state, 0)
    with pytest.raises(ArgumentTypeError):
        game.strict_mask(in_play(game), True)
    assert game.strict_mask(in_play(game), 0) == in_play(game).hands[0]
    for hand in (True, 1.5, None):
        with pytest.raises(ArgumentTypeError, match="hand"):
            game.has_counter(hand)  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match="hand"):
            game.bury_pool(hand)  # type: ignore[arg-type]
    for hand in (-1, 1 << 41):
        with pytest.raises(ArgumentError, match="hand"):
            game.has_counter(hand)
    with pytest.raises(ArgumentTypeError, match="color"):
        game.describe(game.view(state, 0), color=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        counter_value("R5")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        hand_outcome([85, 35])  # type: ignore[arg-type]
    bot = RookBot(game)
    with pytest.raises(ArgumentTypeError, match="view"):
        bot.choose(state, game.legal_actions(state), random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="non-empty"):
        bot.choose(game.view(state, 0), (), random.Random(0))
    finished = run(game, state, "pass", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError):
        game.random_action(finished, random.Random(0))

"""Rules options (tables 4.3 and 4.4), their validation, presets, and the 4.4 variants in play."""

from __future__ import annotations

import pytest

from cardrules import RulesError, Suit, get_game
from cardrules.games.euchre import EuchreRules, make_game

from .stacking import act, new_stacked_hand


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"stick_the_dealer": 1}, "stick_the_dealer"),
        ({"farmers_hand": "sometimes"}, "farmers_hand"),
        ({"farmers_hand": "exchange_three"}, "exchange_three"),
        ({"euchred_loner_points": 3}, "euchred_loner_points"),
        ({"target_score": 0}, "target_score"),
        ({"deal_pattern": "4-1"}, "deal_pattern"),
        ({"lone_lead": "anyone"}, "lone_lead"),
        ({"stick_dealer_any_suit": True, "stick_the_dealer": False}, "stick_dealer_any_suit"),
        ({"all_pass": "same_dealer"}, "all_pass"),
        ({"lone_defender_points": 6}, "lone_defender_points"),
        ({"alone_by_maker_partner": True}, "alone_by_maker_partner"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_raise_rules_error_naming_the_field(
    options: dict[str, object], field: str
) -> None:
    with pytest.raises(RulesError, match=field):
        make_game(**options)


def test_presets_and_synonym() -> None:
    for name in EuchreRules.PRESETS:
        assert make_game(preset=name).rules == EuchreRules.preset(name)
    assert make_game(screw_the_dealer=False).rules.stick_the_dealer is False
    assert get_game("euchre", preset="house").rules.no_trump
    with pytest.raises(RulesError):
        make_game(preset="nope")
    assert make_game(target_score=11).rules.changed() == {"target_score": 11}


def test_canadian_loner_dealers_partner_must_go_alone_in_round_one() -> None:
    game = make_game(canadian_loner=True)
    state = act(game, new_stacked_hand(game), "pass")
    assert [game.format_action(a) for a in game.legal_actions(state)] == ["pass", "order alone"]
    state = act(game, state, *["pass"] * 3)  # round two: no obligation (4.7)
    state = act(game, state, "pass")
    assert "name H" in [game.format_action(a) for a in game.legal_actions(state)]


def test_no_trump_named_in_round_two_has_no_bowers() -> None:
    game = make_game(no_trump=True)
    state = act(game, new_stacked_hand(game), *["pass"] * 4)
    assert "name notrump" in [game.format_action(a) for a in game.legal_actions(state)]
    state = act(game, state, "name notrump")
    assert state.contract is not None and state.contract.trump is None
    # Seat 1 leads J♦; seat 2 must follow diamonds (the J♦ is a plain diamond at no-trump).
    state = act(game, state, "play JD")
    assert {game.format_action(a) for a in game.legal_actions(state)} == {
        "play QD",
        "play KD",
        "play AD",
    }
    stuck = act(game, new_stacked_hand(game), *["pass"] * 7)
    assert "name notrump" in [game.format_action(a) for a in game.legal_actions(stuck)]


def test_defend_alone_asks_defenders_in_turn_and_scores_four_for_a_euchre() -> None:
    game = make_game(defend_alone=True)
    state = act(game, new_stacked_hand(game), "pass", "pass", "order alone", "discard 9C")
    # Seat 3 made alone; its partner (seat 1) sits out; defender seat 2 is asked first.
    assert state.phase == "defend" and state.to_move == 2
    state = act(game, state, "pass")
    assert state.to_move == 0
    state = act(game, state, "defend alone")
    contract = state.contract
    assert contract is not None and contract.lone_defender == 0 and contract.out == 0b0110
    assert state.to_move == 3  # E12 / 4.7: first active seat from the dealer's left
    assert contract.trump == Suit.SPADES
    # Two players, two cards per trick.
    state = act(game, state, "play 9S", "play AS")
    assert state.trick == () and state.leader == 0

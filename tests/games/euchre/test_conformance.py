"""cardrules.testing.check_game for the default rules and every preset; notation and records."""

from __future__ import annotations

import random

import pytest

from cardrules import GameRecord, NotationError, get_game, record_game, replay
from cardrules.games.euchre import EuchreRules, make_game
from cardrules.testing import check_game, play_random


def test_check_game_default_rules() -> None:
    check_game(get_game("euchre"), examples=15)


@pytest.mark.parametrize("preset", sorted(EuchreRules.PRESETS))
def test_check_game_preset(preset: str) -> None:
    check_game(make_game(preset=preset), examples=5)


def test_notation_round_trips_for_every_action() -> None:
    game = make_game(no_trump=True)
    state = game.new_hand(dealer=0)
    for action in game.all_actions():
        text = game.format_action(action)
        assert game.parse_action(text, state) == action
        assert game.index_to_action(game.action_to_index(action)) == action
    assert game.parse_action("Name ♥ alone", state) == game.parse_action("name h alone", state)
    with pytest.raises(NotationError):
        game.parse_action("order up please", state)


def test_record_replays_a_whole_match() -> None:
    game = make_game()
    final, steps = play_random(game, 11)
    record = record_game(game, steps)
    text = record.to_json()
    assert "play " in text and "deal " in text
    assert replay(GameRecord.from_json(text)) == final


def test_random_play_is_deterministic() -> None:
    game = make_game()
    assert play_random(game, 5, start="hand")[1] == play_random(game, 5, start="hand")[1]
    assert game.rollout(game.new_hand(dealer=0), random.Random(3)) == game.rollout(
        game.new_hand(dealer=0), random.Random(3)
    )


def test_check_game_with_every_variant_at_once() -> None:
    game = make_game(
        renege_mode=True,
        defend_alone=True,
        no_trump=True,
        farmers_hand="mixed_four",
        canadian_loner=True,
        lone_lead="left_of_lone_player",
        dealer_may_discard_upcard=False,
        deal_pattern="2-3",
    )
    check_game(game, examples=8)
    check_game(make_game(stick_the_dealer=False, all_pass="same_dealer"), examples=5)

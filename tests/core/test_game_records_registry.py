"""GameBase, RulesConfig, records, the registry and errors, exercised through the reference Whist."""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

import attrs
import cardrules_whist as whist
import pytest

import cardrules
from cardrules import (
    CHANCE,
    ChooseDealer,
    Deal,
    GameRecord,
    IllegalActionError,
    NotationError,
    RecordError,
    RulesConfig,
    RulesError,
    UnknownGameError,
    normalize_notation,
    record_game,
    replay,
)
from cardrules.testing import play_random

pytestmark = pytest.mark.usefixtures("whist_registered")


def test_registry_lists_and_builds_games() -> None:
    assert "whist" in cardrules.available_games()
    game = cardrules.get_game("whist", target=7)
    assert game.rules.target == 7
    with pytest.raises(UnknownGameError, match="no game called 'hearts'"):
        cardrules.get_game("hearts")
    with pytest.raises(LookupError):
        cardrules.get_game("hearts")


def test_entry_point_games_are_listed() -> None:
    names = cardrules.available_games()
    assert {"euchre", "rook", "voormsi", "tournament"} <= set(names)


def test_rules_config_presets_and_dicts() -> None:
    rules = whist.WhistRules.preset("long_whist")
    assert rules.target == 9
    assert rules.to_dict() == {"target": 9}
    assert rules.changed() == {"target": 9}
    assert whist.WhistRules().changed() == {}
    assert whist.WhistRules.preset("long_whist", target=11).target == 11
    with pytest.raises(RulesError, match="no preset 'short'"):
        whist.WhistRules.preset("short")
    with pytest.raises(RulesError, match="unknown WhistRules option"):
        whist.WhistRules.from_dict({"trumps": 2})
    with pytest.raises(RulesError, match="positive integer"):
        whist.WhistRules(target=0)
    assert whist.make_game(preset="long_whist").rules.target == 9


def test_rules_config_type_error_becomes_rules_error() -> None:
    @attrs.frozen
    class Strict(RulesConfig):
        x: int = 1
        PRESETS: ClassVar[dict[str, dict[str, Any]]] = {}

        def __attrs_post_init__(self) -> None:
            if not isinstance(self.x, int):
                raise TypeError("x must be an int")

    with pytest.raises(RulesError, match="x must be an int"):
        Strict.from_dict({"x": "one"})


def test_game_identity_and_repr() -> None:
    a, b = whist.make_game(), whist.make_game()
    assert a == b and hash(a) == hash(b)
    assert a != whist.make_game(target=9)
    assert repr(whist.make_game(target=9)) == "get_game('whist', target=9)"
    assert a.__eq__(3) is NotImplemented


def test_action_encoding_round_trips() -> None:
    game = whist.make_game()
    assert game.num_distinct_actions == 52
    for i in range(game.num_distinct_actions):
        assert game.action_to_index(game.index_to_action(i)) == i
    with pytest.raises(NotationError):
        game.index_to_action(52)
    with pytest.raises(NotationError):
        game.action_to_index("play AS")  # type: ignore[arg-type]


def test_parse_action_notation() -> None:
    game = whist.make_game()
    s = game.new_hand(dealer=0)
    assert game.parse_action("Play  J♥", s) == whist.Play(cardrules.Card.parse("JH"))
    assert game.parse_action("dealer 2", s) == ChooseDealer(2)
    deal = game.shuffle(random.Random(1))
    assert game.parse_action(game.format_action(deal), s) == deal
    with pytest.raises(NotationError, match="not an action of whist"):
        game.parse_action("play 1H", s)
    with pytest.raises(NotationError, match="notation is text"):
        game.parse_action(5, s)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="more often"):
        game.parse_action("deal AS AS", s)
    with pytest.raises(NotationError):
        game.format_action("play")
    assert normalize_notation("  Play  J♥ ") == "play jh"


def test_deal_must_be_a_permutation() -> None:
    game = whist.make_game()
    s = game.new_hand(dealer=0)
    with pytest.raises(IllegalActionError, match="all 52 cards"):
        game.apply(s, Deal((0, 0, *range(2, 52))))
    with pytest.raises(IllegalActionError, match="deal"):
        game.apply(s, ChooseDealer(1))


def test_illegal_play_names_rule_and_leaves_state() -> None:
    game = whist.make_game()
    s = game.new_hand(dealer=3)
    s = game.apply(s, game.sample_chance(s, random.Random(5)))
    before = s
    not_held = next(a for a in game.all_actions() if a not in game.legal_actions(s))
    with pytest.raises(IllegalActionError) as info:
        game.apply(s, not_held)
    assert info.value.rule == "W4" and info.value.seat == 0
    with pytest.raises(IllegalActionError, match="W3: it is seat 0's turn"):
        game.apply(s, game.legal_actions(s)[0], seat=2)
    assert s == before


def test_record_round_trip_and_replay() -> None:
    game = whist.make_game()
    final, steps = play_random(game, 7)
    rec = record_game(game, steps, metadata={"event": "test"})
    text = rec.to_json(indent=2)
    again = GameRecord.from_json(text)
    assert again == rec
    assert replay(again) == final
    assert replay(again, game) == final
    assert json.loads(text)["schema"] == 1


def test_record_hand_start() -> None:
    game = whist.make_game()
    final, steps = play_random(game, 3, start="hand")
    rec = record_game(game, steps, start="hand", dealer=3 % 4)
    assert replay(GameRecord.from_json(rec.to_json())) == final


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("not json", "not a JSON record"),
        ("[1]", "JSON object"),
        ('{"schema": 1, "game": "", "start": "match", "actions": []}', "'game'"),
        ('{"schema": 1, "game": "whist", "rules": [], "start": "match", "actions": []}', "'rules'"),
        ('{"schema": 1, "game": "whist", "start": "later", "actions": []}', "'start'"),
        (
            '{"schema": 1, "game": "whist", "start": "hand", "dealer": "x", "actions": []}',
            "'dealer'",
        ),
        (
            '{"schema": 1, "game": "whist", "start": "hand", "metadata": 3, "actions": []}',
            "'metadata'",
        ),
        ('{"schema": 1, "game": "whist", "start": "hand", "actions": {}}', "'actions'"),
        ('{"schema": 1, "game": "whist", "start": "hand", "actions": [[0]]}', "action 0"),
    ],
)
def test_bad_records(text: str, match: str) -> None:
    with pytest.raises(RecordError, match=match):
        GameRecord.from_json(text)


def test_replay_errors() -> None:
    game = whist.make_game()
    bad_step = GameRecord("whist", {}, "hand", ((CHANCE, "play AS"),), 0)
    with pytest.raises(RecordError, match="step 0"):
        replay(bad_step)
    with pytest.raises(RecordError, match="cannot build"):
        replay(GameRecord("whist", {"target": -1}, "match", ()))
    with pytest.raises(RecordError, match="cannot build"):
        replay(GameRecord("nosuchgame", {}, "match", ()))
    with pytest.raises(RecordError, match="not 'whist'"):
        replay(GameRecord("euchre", {}, "match", ()), game)
    with pytest.raises(RecordError, match="cannot start"):
        replay(GameRecord("whist", {}, "hand", (), 9))


def test_error_family() -> None:
    err = IllegalActionError("E13", "must follow suit", action="play 9S", seat=2, legal=("a",))
    assert str(err) == "E13: must follow suit [seat 2, action play 9S]"
    assert err.legal == ("a",)
    assert str(IllegalActionError("", "plain")) == "plain"
    for cls in (NotationError, RulesError, RecordError, IllegalActionError):
        assert issubclass(cls, ValueError) and issubclass(cls, cardrules.CardrulesError)


def test_deal_with_non_integers_is_an_illegal_action() -> None:
    game = whist.make_game()
    s = game.new_hand(dealer=0)
    with pytest.raises(IllegalActionError, match="all 52 cards"):
        game.apply(s, Deal(("AS", *range(1, 52))))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        game.apply(s, Deal([0, *range(1, 52)]))  # type: ignore[arg-type]

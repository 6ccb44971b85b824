"""GameBase, RulesConfig, records, the registry and errors, exercised through the reference Whist."""

from __future__ import annotations

import contextlib
import itertools
import json
import random
from typing import Any, ClassVar

import attrs
import cardrules_whist as whist
import pytest
from hypothesis import given
from hypothesis import strategies as st

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
from cardrules.records import ReplayError, replay_steps
from cardrules.rulebook import Rule, RuleBook, RuleId, register_rulebook
from cardrules.testing import play_random

pytestmark = pytest.mark.usefixtures("whist_registered")


def _deal(order: object) -> Deal:
    """A Deal carrying ``order`` however bad: set after construction, since ``Deal`` refuses a
    badly typed order when built (#28) and only a tampered action can reach the engine."""
    deal = Deal(())
    object.__setattr__(deal, "order", order)
    return deal


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
    with pytest.raises(RulesError, match="target must be an integer of at least 1"):
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
    with pytest.raises(IllegalActionError, match=r"^rule W3 \(.+\): it is seat 0's turn"):
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
    with pytest.raises(RecordError, match="step 1 "):
        replay(bad_step)
    with pytest.raises(RecordError, match="cannot build"):
        replay(GameRecord("whist", {"target": -1}, "match", ()))
    with pytest.raises(RecordError, match="cannot build"):
        replay(GameRecord("nosuchgame", {}, "match", ()))
    with pytest.raises(RecordError, match="not 'whist'"):
        replay(GameRecord("euchre", {}, "match", ()), game)
    with pytest.raises(RecordError, match="cannot start"):
        replay(GameRecord("whist", {}, "hand", (), 9))


class ErrorRule(RuleId):
    """A closed set of rule ids of this test's own (the core's tests depend on no game)."""

    F1 = "F1"


class UnbookedRule(RuleId):
    """Ids whose game registered no book: errors write them without a title."""

    U1 = "U1"


register_rulebook(
    RuleBook("error-test", (Rule(ErrorRule.F1, "follow suit", "Follow the suit led if able."),))
)


def test_error_family() -> None:
    err = IllegalActionError(
        ErrorRule.F1, "must follow suit", action="play 9S", seat=2, legal=("a",)
    )
    assert str(err) == "rule F1 (follow suit): must follow suit [seat 2, action play 9S]"
    assert err.rule is ErrorRule.F1 and err.rule == "F1" and err.why == "must follow suit"
    assert err.legal == ("a",)
    assert str(IllegalActionError(UnbookedRule.U1, "no title")) == "rule U1: no title"
    assert str(IllegalActionError(None, "plain")) == "plain"
    for cls in (NotationError, RulesError, RecordError, IllegalActionError):
        assert issubclass(cls, ValueError) and issubclass(cls, cardrules.CardrulesError)


def test_deal_with_non_integers_is_an_illegal_action() -> None:
    game = whist.make_game()
    s = game.new_hand(dealer=0)
    with pytest.raises(IllegalActionError, match="all 52 cards"):
        game.apply(s, _deal(("AS", *range(1, 52))))
    with pytest.raises(IllegalActionError):
        game.apply(s, _deal([0, *range(1, 52)]))


@pytest.mark.parametrize(
    ("data", "match"),
    [
        (b"\x89PNG\r\n\x1a\n\x00", "not UTF-8 text"),
        (b"\xff\xfe\x00\x00", "not a JSON record"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"schema": 1, "rules": ' + '{"a": ' * 50_000 + "1" + "}" * 50_001, "nested too deeply"),
        (12, "JSON text, not int"),
        (None, "JSON text, not NoneType"),
        ('{"schema": true, "game": "whist", "start": "hand", "actions": []}', "schema True"),
        ('{"schema": 1, "game": "whist", "start": "hand", "actions": [[true, "x"]]}', "action 0"),
        ('{"schema": 1, "game": "w", "start": "hand", "dealer": false, "actions": []}', "'dealer'"),
    ],
)
def test_hostile_records_raise_record_errors(data: object, match: str) -> None:
    """Issue #15: whatever the bytes, reading a record raises a RecordError and nothing else."""
    with pytest.raises(RecordError, match=match):
        GameRecord.from_json(data)  # type: ignore[arg-type]


@given(st.binary(max_size=200) | st.text(max_size=200))
def test_reading_any_input_raises_only_record_errors(data: bytes | str) -> None:
    with contextlib.suppress(RecordError):
        GameRecord.from_json(data)


def test_records_read_from_bytes() -> None:
    rec = GameRecord("whist", {"target": 7}, "hand", ((CHANCE, "deal 9C ♥"),), 1, {"who": "é"})
    assert GameRecord.from_json(rec.to_json().encode("utf-8")) == rec
    assert GameRecord.from_json(bytearray(rec.to_json(indent=1).encode("utf-8"))) == rec


def test_replay_steps_are_numbered_from_one() -> None:
    game = whist.make_game()
    _final, steps = play_random(game, 4, start="hand")
    rec = record_game(game, steps, start="hand", dealer=0)
    replayed = list(replay_steps(rec, game))
    assert [s.step for s in replayed] == list(range(1, len(steps) + 1))
    assert replayed[0].before == rec.start_state(game)
    assert all(a.after == b.before for a, b in itertools.pairwise(replayed))
    bad = attrs.evolve(rec, actions=(*rec.actions[:5], (rec.actions[5][0], "play ZZ")))
    with pytest.raises(ReplayError, match=r"^step 6 \('play ZZ' by seat \d\): ") as caught:
        replay(bad, game)
    assert caught.value.step == 6 and caught.value.notation == "play ZZ"
    assert isinstance(caught.value, RecordError)
    import pickle

    assert pickle.loads(pickle.dumps(caught.value)).step == 6


def test_replay_wraps_a_plugins_bare_errors() -> None:
    class Brittle:
        """Whist whose notation reader fails with a bare KeyError on one text."""

        def __init__(self) -> None:
            self.inner = whist.make_game()
            self.name = self.inner.name

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

        def parse_action(self, text: str, state: Any) -> Any:
            if text == "boom":
                raise KeyError(text)
            return self.inner.parse_action(text, state)

    rec = GameRecord("whist", {}, "hand", ((CHANCE, "boom"),), 0)
    with pytest.raises(ReplayError, match=r"step 1 .*KeyError"):
        replay(rec, Brittle())
    with pytest.raises(RecordError, match="cannot start"):
        replay(GameRecord("whist", {}, "hand", (), 9))

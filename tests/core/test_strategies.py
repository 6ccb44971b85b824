"""The Hypothesis strategies (:mod:`cardrules.strategies`) and the pytest plugin
(:mod:`cardrules.pytest_plugin`), #30 item 2.

Every listed phase is reached for every built-in game and checked here with a test of its own
(not with the strategies' code); a rule bug planted in a copy of the Whist plugin is found and
shrunk to a short history; each built-in game gets a property test over drawn states.
"""

from __future__ import annotations

import importlib
import random
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import cardrules_whist
import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from cardrules import CHANCE, Card, Suit, get_game
from cardrules.cards import BIRD, JACK
from cardrules.errors import ArgumentError, ArgumentTypeError, MissingExtraError, NotationError
from cardrules.ranking import SuitOrder
from cardrules.strategies import (
    DERIVED_PHASES,
    Reached,
    actions,
    histories,
    phases,
    positions,
    states,
    states_with_actions,
)
from cardrules.testing import play_random
from cardrules.tricks import FollowRule, must_follow, with_always_playable

ROOT = Path(__file__).resolve().parents[2]
FEW = settings(max_examples=12, database=None, suppress_health_check=[HealthCheck.too_slow])

# The phases each built-in game reaches (its own phase names and the derived ones): the report
# of #30 item 2. Revoke pending needs a revoke mode (the table_play presets); Euchre's "defend"
# needs defend_alone (the house preset).
GAME_PHASES = {
    "euchre": ("bidding", "choose_dealer", "deal", "discard", "hand_over", "last_trick",
               "match_point", "over", "play"),
    "rook": ("bidding", "bury", "choose_dealer", "deal", "hand_over", "last_trick",
             "match_point", "over", "play", "trump"),
    "voormsi": ("choose_dealer", "deal", "hand_over", "last_trick", "match_point", "over",
                "play", "stock_empty"),
    "tournament": ("after_redeal", "deal", "hand_over", "over", "play", "stock_empty"),
}  # fmt: skip
EXTRA_PHASES = {
    ("euchre", "table_play"): ("revoke_pending",),
    ("euchre", "house"): ("defend",),
    ("rook", "table_play"): ("revoke_pending",),
}
LISTED = [(game, None, phase) for game, names in GAME_PHASES.items() for phase in names] + [
    (game, preset, phase) for (game, preset), names in EXTRA_PHASES.items() for phase in names
]


@pytest.mark.parametrize("name", sorted(GAME_PHASES))
def test_phases_lists_what_each_builtin_game_reaches(name: str) -> None:
    assert phases(name) == GAME_PHASES[name]


@pytest.mark.parametrize(("name", "preset"), sorted(EXTRA_PHASES))
def test_presets_reach_their_extra_phases(name: str, preset: str) -> None:
    assert set(phases(name, preset=preset)) == {*GAME_PHASES[name], *EXTRA_PHASES[name, preset]}


# -- each phase, checked independently of the strategies' own tests -----------------------------


def _zone(game: Any, state: Any, zone: str) -> int:
    return len(game.card_zones(state).get(zone, ()))


def _can_finish_within_trick(game: Any, state: Any) -> bool:
    """Some random play from ``state`` ends the hand before another trick is led."""
    for seed in range(200):
        rng = random.Random(seed)
        s, started = state, _zone(game, state, "trick") > 0
        while game.to_move(s) not in (None, CHANCE):
            if started and _zone(game, s, "trick") == 0:
                break  # a new trick: not this time
            s = game.apply(s, rng.choice(game.legal_actions(s)))
            started = True
        else:
            return True
    return False


def _can_end_match_this_hand(game: Any, state: Any) -> bool:
    """Some random play of the hand in progress ends the match at its end."""
    for seed in range(300):
        rng = random.Random(seed)
        s = state
        while game.to_move(s) not in (None, CHANCE):
            s = game.apply(s, rng.choice(game.legal_actions(s)))
        if game.is_over(s):
            return True
    return False


def _check_phase(game: Any, preset: str | None, phase: str, reached: Reached) -> None:
    state = reached.state
    seat = game.to_move(state)
    assert reached.replay() == state  # reached by legal play from the start it names
    assert reached.start.startswith(("new_hand", "new_match"))
    if phase not in DERIVED_PHASES:
        assert state.phase == phase
    elif phase == "hand_over":
        assert seat in (None, CHANCE) and game.hand_report(state) is not None
        assert any(s != CHANCE for s, _ in reached.history)
    elif phase == "last_trick":
        assert seat not in (None, CHANCE)
        assert _can_finish_within_trick(game, state)
        if game.name in ("euchre", "rook"):  # a fixed number of tricks: hands of 5 and 9 cards
            assert len(state.tricks) == {"euchre": 4, "rook": 8}[game.name]
    elif phase == "match_point":
        assert seat not in (None, CHANCE) and reached.start.startswith("new_match(scores=")
        assert _can_end_match_this_hand(game, state)
    elif phase == "revoke_pending":  # E17, R24: a revoke stands while the hand is played
        assert seat not in (None, CHANCE) and len(state.revokes) > 0
    elif phase == "stock_empty":
        assert seat not in (None, CHANCE) and _zone(game, state, "stock") == 0
    elif phase == "after_redeal":  # T9: the tableau gathered into a new stock, at most twice
        redeals = re.search(r"\bredeals=(\d)\b", game.position_text(state))
        assert redeals is not None and 1 <= int(redeals.group(1)) <= 2
    else:  # pragma: no cover - every listed phase has its check
        raise AssertionError(phase)


@pytest.mark.parametrize(("name", "preset", "phase"), LISTED)
def test_every_listed_phase_is_reached(name: str, preset: str | None, phase: str) -> None:
    game = get_game(name, preset=preset) if preset else get_game(name)

    @settings(FEW, max_examples=8)
    @given(histories(game, phase))
    def check(reached: Reached) -> None:
        _check_phase(game, preset, phase, reached)

    check()


def test_seat_and_trump_constraints_hold() -> None:
    game = get_game("rook")

    @FEW
    @given(states(game, "play", seat_to_move=2, trump="Y"))
    def check(state: Any) -> None:
        assert game.to_move(state) == 2
        assert " trump=Y" in game.position_text(state)

    check()

    euchre = get_game("euchre")

    @FEW
    @given(states(euchre, "last_trick", trump=Suit.HEARTS))
    def check_euchre(state: Any) -> None:
        assert state.contract.trump is Suit.HEARTS

    check_euchre()


def test_a_preset_by_name_builds_that_game() -> None:
    @FEW
    @given(histories("rook", "play", preset="full_deck"))
    def check(reached: Reached) -> None:
        assert reached.game.rules.full_deck

    check()


def test_start_plays_on_from_a_position() -> None:
    game = get_game("euchre")
    text = "play hand dealer=0 scores=0,0 hands=10C,KC,AD,10S,AS/10D,KD,10H,KH,AH/JC,AC,9H,JH,KS/QC,JD,QD,QH,QS up=10C kitty=9C,9D,9S calls=order discard=JS"

    @FEW
    @given(histories(game, "last_trick", start=text))
    def check(reached: Reached) -> None:
        assert reached.replay() == reached.state
        assert reached.first == game.parse_position(text)
        assert len(reached.history) >= 16  # four tricks played from the first lead

    check()


# -- a property test per built-in game, over drawn states ---------------------------------------

EFFECTIVE_PARTNER = {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS,
                     Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}  # fmt: skip


def euchre_suit(card: Card, trump: Suit | None) -> Suit | None:
    """E11, written out here: the left bower (the Jack of trump's colour) is a trump."""
    if trump is not None and card.rank == JACK and card.suit == EFFECTIVE_PARTNER[trump]:
        return trump
    return card.suit


@given(states_with_actions("euchre", "play"))
@FEW
def test_E11_E13_every_legal_play_follows_the_effective_suit(pair: tuple[Any, Any]) -> None:
    game = get_game("euchre")
    state, action = pair
    seat = game.to_move(state)
    assert seat is not None and state.contract is not None
    view = game.view(state, seat)
    trump = state.contract.trump
    if view.trick:
        led = euchre_suit(view.trick[0], trump)
        same = [c for c in view.hand if euchre_suit(c, trump) == led]
        if same:
            assert action.card in same, (game.position_text(state), action)
    assert game.apply(state, action) != state


@given(states_with_actions("rook", "play", preset="table_play"))
@FEW
def test_R15_R16_strict_follow_is_what_revoke_mode_does_not_refuse(pair: tuple[Any, Any]) -> None:
    """In revoke mode every held card may be played (R24); playing one the follow rule forbids
    (R15: follow the colour led, R16: the Bird any time) records a revoke, any other does not."""
    game = get_game("rook", preset="table_play")
    state, action = pair
    seat = game.to_move(state)
    assert seat is not None
    view = game.view(state, seat)
    before = len(state.revokes)
    after = game.apply(state, action)
    if not hasattr(action, "card"):  # a claim of a revoke standing (R24): no card played
        assert before > 0 and game.format_action(action).startswith(("claim", "correct"))
        return
    if not view.trick or action.card is BIRD:
        assert len(after.revokes) == before
        return
    trump = Suit(state.trump)
    led_card = view.trick[0]
    led = trump if led_card is BIRD else led_card.suit
    follows = [c for c in view.hand if c.suit == led or (c is BIRD and led == trump)]  # R17
    revoke = bool(follows) and action.card not in follows
    assert len(after.revokes) == before + revoke, (game.position_text(state), action)


@given(states_with_actions("voormsi", "play"))
@FEW
def test_V16_V17_every_follower_plays_as_many_cards_as_were_led(pair: tuple[Any, Any]) -> None:
    game = get_game("voormsi")
    state, action = pair
    seat = game.to_move(state)
    assert seat is not None
    view = game.view(state, seat)
    if view.trick:
        assert len(action.cards) == len(view.trick[0][1])
    else:
        assert 1 <= len(action.cards) <= 4 and len({c.rank for c in action.cards}) == 1


@given(states("tournament", "stock_empty"))
@FEW
def test_T8_no_deal_once_the_stock_is_empty(state: Any) -> None:
    game = get_game("tournament")
    assert "deal" not in [game.format_action(a) for a in game.legal_actions(state)]


@pytest.mark.cardrules_games("euchre", "rook", "voormsi", "tournament")
def test_positions_read_back_for_every_phase(cardrules_game: Any) -> None:
    """Uses the pytest plugin's fixture: one run per built-in game."""
    game = cardrules_game
    names = [p for p in GAME_PHASES[game.name] if p not in ("choose_dealer",)]

    @settings(FEW, max_examples=3)
    @given(st.sampled_from(names).flatmap(lambda phase: positions(game, phase)))
    def check(text: str) -> None:
        assert game.position_text(game.parse_position(text)) == text

    check()


# -- shrinking: a planted rule bug in a toy plugin ----------------------------------------------


class BrokenWhist(cardrules_whist.WhistGame):
    """The Whist plugin with a planted bug in its follow rule (W4): a player who can follow suit
    may also play a trump."""

    def follow_rule(self, order: SuitOrder) -> FollowRule:
        trumps = order.suit_masks.get(order.trump, 0) if order.trump is not None else 0
        return with_always_playable(must_follow(order), trumps)


def breaks_w4(reached: Reached) -> bool:
    """W4, written out here: a legal play off the led suit while holding the led suit."""
    game, state = reached.game, reached.state
    seat = game.to_move(state)
    if seat in (None, CHANCE):
        return False
    view = game.view(state, seat)
    if not view.trick:
        return False
    led = view.trick[0].suit
    holds = any(c.suit == led for c in view.hand)
    return holds and any(a.card.suit != led for a in game.legal_actions(state))


def test_W4_a_planted_follow_bug_shrinks_to_a_short_history() -> None:
    found = find(
        histories(BrokenWhist(), "play"),
        breaks_w4,
        settings=settings(database=None, max_examples=200, derandomize=True),
    )
    # The deal and one lead: the shortest history that shows the bug (reported: 2 steps).
    assert len(found.history) == 2, found
    assert found.history[0][0] == CHANCE and found.replay() == found.state


def test_W4_the_correct_plugin_never_breaks_the_reference() -> None:
    @settings(FEW, max_examples=30)
    @given(histories(cardrules_whist.make_game(), "play"))
    def check(reached: Reached) -> None:
        assert not breaks_w4(reached)

    check()


# -- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "words"),
    [
        (("voormsi", "bidding"), {}, ["'bidding'", "voormsi"]),
        (("euchre", "revoke_pending"), {}, ["'revoke_pending'", "euchre", "table_play"]),
        (("tournament", "match_point"), {}, ["'match_point'", "tournament", "target"]),
        (("tournament", "last trick"), {}, ["'last_trick'", "tournament", "trick"]),
        (("voormsi", "play"), {"trump": "H"}, ["trump=H", "voormsi"]),
        (("euchre", "hand_over"), {"seat_to_move": 1}, ["'hand_over'", "seat 1", "euchre"]),
        (("whist", "revoke_pending"), {}, ["'revoke_pending'", "whist", "state.revokes"]),
    ],
)
@pytest.mark.usefixtures("whist_registered")
def test_a_phase_a_game_cannot_reach_is_a_clear_error(
    args: tuple[str, str], kwargs: dict[str, Any], words: list[str]
) -> None:
    with pytest.raises(ArgumentError) as info:
        states(*args, **kwargs)
    for word in words:
        assert word in str(info.value)


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(ArgumentError, match="seat"):
        states("euchre", "play", seat_to_move=4)
    with pytest.raises(ArgumentTypeError, match="seat"):
        states("euchre", "play", seat_to_move=True)
    with pytest.raises(NotationError):
        states("euchre", "play", trump="purple")
    with pytest.raises(ArgumentTypeError, match="phase"):
        states("euchre", 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="game"):
        states(42)
    with pytest.raises(ArgumentError, match="over"):
        actions(get_game("euchre"), play_random(get_game("euchre"), 0, start="hand")[0])


def test_without_hypothesis_importing_the_strategies_names_the_testing_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(sys.modules, "cardrules.strategies")
    for name in [m for m in sys.modules if m == "hypothesis" or m.startswith("hypothesis.")]:
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(MissingExtraError) as info:
        importlib.import_module("cardrules.strategies")
    assert info.value.extra == "testing" and info.value.name == "hypothesis"
    assert 'pip install "cardrules[testing]"' in str(info.value)
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'^testing = \["hypothesis>=[\d.]+"\]$', pyproject, re.MULTILINE)


# -- the pytest plugin ----------------------------------------------------------------------------


def test_the_plugin_imports_neither_games_nor_hypothesis() -> None:
    code = (
        "import sys, cardrules.pytest_plugin\n"
        "bad = [m for m in sys.modules if m.startswith(('cardrules.games', 'hypothesis'))]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_plugin_is_the_pytest11_entry_point() -> None:
    from importlib.metadata import entry_points

    assert [ep.value for ep in entry_points(group="pytest11") if ep.name == "cardrules"] == [
        "cardrules.pytest_plugin"
    ]


@pytest.mark.cardrules_games("rook", presets=True)
def test_presets_marker_gives_each_preset(
    cardrules_game: Any, request: pytest.FixtureRequest
) -> None:
    spec = request.node.callspec.params["cardrules_game"]
    name, _, preset = spec.partition(":")
    assert cardrules_game.name == name == "rook"
    expected = type(cardrules_game.rules).preset(preset) if preset else type(cardrules_game.rules)()
    assert cardrules_game.rules == expected


def test_games_and_presets_fixtures(
    cardrules_games: tuple[Any, ...], cardrules_presets: tuple[str, ...], cardrules_strategies: Any
) -> None:
    names = [game.name for game in cardrules_games]
    assert {"euchre", "rook", "voormsi", "tournament"} <= set(names)
    assert {"euchre:table_play", "rook:table_play", "voormsi:two_player"} <= set(cardrules_presets)
    assert cardrules_strategies.states is states


def test_cardrules_game_runs_on_every_registered_game(cardrules_game: Any) -> None:
    assert cardrules_game.name in {*("euchre", "rook", "voormsi", "tournament"), "whist", "spades"}


# -- the docs page's examples -------------------------------------------------------------------


def test_the_docs_page_examples_run() -> None:
    """The ``.. doctest::`` blocks of ``docs/strategies.rst`` (Sphinx's doctest builder runs them
    in CI; here they run with the tests)."""
    import doctest

    import cardrules

    text = (ROOT / "docs" / "strategies.rst").read_text()
    blocks = re.findall(r"\.\. doctest::\n\n((?:   .*\n|\n)+)", text)
    assert len(blocks) >= 5
    source = "\n".join(textwrap.dedent(block) for block in blocks)
    names: dict[str, Any] = {name: getattr(cardrules, name) for name in cardrules.__all__}
    names["cardrules"] = cardrules
    test = doctest.DocTestParser().get_doctest(source, names, "strategies.rst", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0

"""The API edge (issue #15, DESIGN §7): every public method checks what it is given.

Seats are ``int`` (not ``bool``) in range, states and views are Voormsi's, ``rng`` is a
:class:`random.Random`, and a group is checked field by field on every path of ``apply`` (the fast
paths take only the interned groups ``legal_actions`` hands out): a :class:`Lead` or :class:`Play`
whose ``cards`` and ``mask`` disagree, or hold junk or foreign cards, is refused, and the state is
left as it was.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardrules import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    Card,
    CardrulesError,
    ChooseDealer,
    Deal,
    IllegalActionError,
    NotationError,
    get_game,
)
from cardrules.games.voormsi import (
    Lead,
    Play,
    VoormsiGame,
    VoormsiRule,
    VoormsiRules,
    VoormsiState,
    beats,
    cut_for_dealer,
    make_game,
    resolve_single,
    stacked_deal,
)
from cardrules.games.voormsi.actions import group_mask
from cardrules.testing import fuzz_api

from ..tampering import made as _made
from ._helpers import random_play, start_hand

CONFIGS: list[dict[str, Any]] = [
    {},
    *({"preset": name} for name in VoormsiRules.PRESETS),
    {"must_follow_suit": True},
    {"diamond_three_is_king": True},
    {"multi_compare": "vs_led_group_last_wins"},
    {"draw_order": "complete_each"},
    {"sequence_scope": "any_run", "all_nine": "wins_game"},
    {"players": 3, "must_follow_suit": True},
    {"cut_rank": "game_ranking", "spade_king_beats_led_club_king": False},
]
IDS = [",".join(f"{k}={v}" for k, v in c.items()) or "default" for c in CONFIGS]


def _tampered(action: Lead | Play, field: str, value: object) -> Lead | Play:
    bad = copy.copy(action)
    object.__setattr__(bad, field, value)
    return bad


@pytest.mark.parametrize("options", CONFIGS, ids=IDS)
def test_fuzz_api_finds_no_hole_in_the_edge(options: dict[str, Any]) -> None:
    """fuzz_api at positions of random deals (2,000 calls or more for each config): bad seats and
    dealers, other games' states and views, junk, hostile notation, bad codes and tampered
    actions all raise a CardrulesError and change nothing."""
    game = make_game(**options)
    calls, failures = 0, []
    for seed in range(3):
        report = fuzz_api(game, seed=seed, positions=40)
        calls += report.calls
        failures += report.failures
    assert failures == []
    assert calls >= 2_000


def _positions() -> list[VoormsiState]:
    """A lead and a single-card follow (the fast paths), and a group follow (the general path)."""
    game = make_game()
    lead_state = next(random_play(game, 3))
    follow = game.apply(lead_state, game.legal_actions(lead_state)[0])
    _, s = start_hand({0: "9C 9H 5C 5S", 1: "AC QH QS 6S"})
    group_follow = game.apply(s, Lead.of("9C 9H"))
    return [lead_state, follow, group_follow]


@pytest.mark.parametrize("where", ["lead", "single follow", "group follow"])
def test_groups_whose_cards_and_mask_disagree_are_refused_on_every_path(where: str) -> None:
    game = make_game()
    s = _positions()[["lead", "single follow", "group follow"].index(where)]
    before = copy.deepcopy(s)
    legal = game.legal_actions(s)
    action = legal[0]
    other = legal[-1] if len(legal) > 1 else legal[0]
    foreign = (Card.parse("2C"),) * len(action.cards)
    bad_values: list[tuple[str, object, type[Exception]]] = [
        ("mask", other.mask if other.mask != action.mask else action.mask << 1, ArgumentError),
        ("mask", True, ArgumentTypeError),
        ("mask", float(action.mask), ArgumentTypeError),
        ("mask", -1, ArgumentError),
        ("mask", [action.mask], ArgumentTypeError),  # unhashable: no bare TypeError either
        ("cards", other.cards if other is not action else (), ArgumentError),
        ("cards", list(action.cards), ArgumentTypeError),
        ("cards", None, ArgumentTypeError),
        ("cards", foreign, ArgumentError),  # V2: not a Voormsi card
        ("cards", (action.cards[0],) * 2, ArgumentError),  # the same card twice
        ("cards", ("JC",), ArgumentTypeError),  # text, not a Card
    ]
    for field, value, error in bad_values:
        bad = _tampered(action, field, value)
        for seat in (None, s.to_move):
            with pytest.raises(error, match=f"action.{field}"):
                game.apply(s, bad, seat=seat)
        with pytest.raises(error):
            game.action_to_index(bad)
        with pytest.raises(error):
            game.format_action(bad)
    assert s == before
    # The same group built anew, copied or unpickled (equal, not the interned one) is a sound
    # action: it is checked field by field, and accepted.
    for same in (
        type(action)(action.cards),
        copy.copy(action),
        copy.deepcopy(action),
        pickle.loads(pickle.dumps(action)),
        game.parse_action(game.format_action(action), s),
    ):
        assert game.apply(s, same) == game.apply(s, action)
        assert game.action_to_index(same) == game.action_to_index(action)


def test_group_mask_names_the_fault() -> None:
    play = Play.of("JC 8D")
    assert group_mask(play) == play.mask
    with pytest.raises(ArgumentError, match=r"action.mask is 1, but action.cards JC 8D make"):
        group_mask(_tampered(play, "mask", 1))
    with pytest.raises(ArgumentError, match="deck order"):
        group_mask(_tampered(play, "cards", tuple(reversed(play.cards))))
    with pytest.raises(ArgumentError, match="1-4 cards"):
        group_mask(_tampered(play, "cards", ()))
    with pytest.raises(ArgumentTypeError, match="must be a Lead or a Play"):
        group_mask(ChooseDealer(0))


def test_apply_refuses_bad_seats_and_names_the_turn_rule() -> None:
    game = make_game()
    s = _positions()[1]
    mover = s.to_move
    assert mover is not None
    action = game.legal_actions(s)[0]
    for seat in (True, False, float(mover), "1", [mover]):
        with pytest.raises(ArgumentTypeError, match="seat must be an int"):
            game.apply(s, action, seat=seat)  # type: ignore[arg-type]
    for seat in (4, 10**20, -2):
        with pytest.raises(ArgumentError, match="seat"):
            game.apply(s, action, seat=seat)
    with pytest.raises(ArgumentError, match="chance"):
        game.apply(s, action, seat=CHANCE)
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, action, seat=(mover + 1) % 4)
    assert err.value.rule is VoormsiRule.V6
    # The seat out of turn learns nothing of the mover's hand: Voormsi has no out-of-turn actions,
    # so the error lists none (the mover's legal groups would show its cards).
    assert err.value.legal == ()
    assert game.apply(s, action, seat=mover) == game.apply(s, action)


def test_chance_steps_check_their_actions() -> None:
    game = make_game()
    match = game.new_match()
    for seat in (True, 1.0, 4, -1):
        bad = _made(ChooseDealer(0), seat=seat)
        with pytest.raises(IllegalActionError) as err:
            game.apply(match, bad)
        assert err.value.rule is VoormsiRule.V4
        with pytest.raises(CardrulesError):
            game.format_action(bad)
    assert game.apply(match, ChooseDealer(2), seat=CHANCE).dealer == 2
    hand = game.new_hand(dealer=0)
    for order in ((True, *range(1, 36)), tuple(range(35)), [*range(36)], None):
        with pytest.raises(IllegalActionError):
            game.apply(hand, _made(Deal(()), order=order))
    with pytest.raises(IllegalActionError) as err:
        game.apply(hand, game.sample_chance(hand, random.Random(1)), seat=0)
    assert err.value.rule is VoormsiRule.V6
    for text in ("dealer 9", "deal AS"):
        with pytest.raises(NotationError):
            game.parse_action(text, hand)


def test_states_views_and_rngs_of_the_wrong_kind_are_refused() -> None:
    game = make_game()
    s = _positions()[1]
    patience: Any = get_game("tournament").new_hand()  # another game's state, on purpose
    for method in (game.to_move, game.legal_actions, game.is_over, game.outcome, game.card_zones):
        with pytest.raises(ArgumentTypeError, match="VoormsiState"):
            method(patience)
    with pytest.raises(ArgumentTypeError, match="VoormsiState"):
        game.apply(patience, game.legal_actions(s)[0])
    with pytest.raises(ArgumentTypeError, match="VoormsiView"):
        game.sample_state(s, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rng"):
        game.sample_state(game.view(s, 0), 7)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rng"):
        game.rollout(s, None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rng"):
        game.sample_chance(game.new_hand(dealer=0), random)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="VoormsiState"):
        game.parse_action("lead 9C", patience)
    for seat in (True, 4, -1, 1.5):
        with pytest.raises(CardrulesError, match="seat"):
            game.view(s, seat)  # type: ignore[arg-type]
        with pytest.raises(CardrulesError, match="seat"):
            game.out_of_turn_actions(s, seat)  # type: ignore[arg-type]
    # A three-player game's state or view is not one of the four-player game.
    three = make_game(preset="three_player")
    s3 = three.apply(
        three.new_hand(dealer=0), three.sample_chance(three.new_hand(dealer=0), random.Random(1))
    )
    with pytest.raises(ArgumentError, match="players=3"):
        game.view(s3, 0)
    with pytest.raises(ArgumentError, match="players=3"):
        game.sample_state(three.view(s3, 0), random.Random(0))
    with pytest.raises(ArgumentTypeError, match="color"):
        game.describe(game.view(s, 0), color="yes")  # type: ignore[arg-type]
    with pytest.raises(CardrulesError, match="owner"):
        game.view(s, 0).known_cards(7)


def test_action_codes_and_notation_are_checked() -> None:
    game = make_game()
    for code in (True, 1.0, "3", None):
        with pytest.raises(ArgumentTypeError):
            game.index_to_action(code)  # type: ignore[arg-type]
    for code in (-1, game.num_distinct_actions):
        with pytest.raises(NotationError):
            game.index_to_action(code)
    for junk in (object(), None, "lead 9C", ChooseDealer(0)):
        with pytest.raises(NotationError):
            game.action_to_index(junk)  # type: ignore[arg-type]
    s = game.new_hand(dealer=0)
    for text in (None, 5, b"lead 9C", ["lead", "9C"], "play JC JC", "lead ZZ", "play"):
        with pytest.raises(NotationError):
            game.parse_action(text, s)  # type: ignore[arg-type]


def test_module_helpers_check_their_arguments() -> None:
    game = make_game()
    with pytest.raises(ArgumentTypeError, match="dealer"):
        stacked_deal(game, True, {0: "9C"})
    with pytest.raises(ArgumentError, match="hands"):
        stacked_deal(game, 0, {5: "9C"})
    with pytest.raises(ArgumentTypeError, match="VoormsiGame"):
        stacked_deal(get_game("euchre"), 0, {})  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rng"):
        cut_for_dealer(4, 7)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="num_players"):
        cut_for_dealer(True, random.Random(0))
    with pytest.raises(ArgumentError, match="cut_rank"):
        cut_for_dealer(4, random.Random(0), "suit")
    with pytest.raises(ArgumentTypeError, match="VoormsiRules"):
        VoormsiGame({"players": 4})  # type: ignore[arg-type]


def test_to_move_is_a_seat_exactly_in_the_play() -> None:
    """legal_actions reads the phase from ``to_move`` (a seat only while the cards are played)."""
    game = make_game()
    for preset in (None, "two_player", "three_player"):
        game = make_game(preset=preset) if preset else make_game()
        s = game.new_match()
        rng = random.Random(5)
        while not game.is_over(s):
            seat = s.to_move
            assert (s.phase == "play") == (seat is not None and seat >= 0)
            if seat == CHANCE:
                s = game.apply(s, game.sample_chance(s, rng))
            else:
                s = game.apply(s, rng.choice(game.legal_actions(s)))
        assert s.to_move is None and game.legal_actions(s) == ()


def test_heuristic_bot_and_ranking_helpers_check_their_arguments() -> None:
    game = make_game()
    s = _positions()[1]
    view = game.view(s, s.to_move or 0)
    legal = game.legal_actions(s)
    bot = game.heuristic_bot()
    assert bot.choose(view, legal, random.Random(0)) in legal
    with pytest.raises(ArgumentTypeError, match="VoormsiView"):
        bot.choose(s, legal, random.Random(0))
    with pytest.raises(ArgumentTypeError, match="rng"):
        bot.choose(view, legal, 0)
    with pytest.raises(ArgumentError, match="a legal action"):
        bot.choose(view, [_tampered(legal[0], "mask", 3)], random.Random(0))
    with pytest.raises(ArgumentError, match="card"):
        beats(36, 0, 0, adjacent=False)
    with pytest.raises(ArgumentTypeError, match="winner"):
        beats(0, True, 0, adjacent=False)
    with pytest.raises(ArgumentError, match="status"):
        beats(0, 1, 8, adjacent=False)
    with pytest.raises(ArgumentTypeError, match="adjacent"):
        beats(0, 1, 0, adjacent=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="different"):
        resolve_single([3, 3])
    with pytest.raises(ArgumentTypeError, match="non-empty"):
        resolve_single([])


@pytest.mark.parametrize(("made", "used"), [(2, 4), (4, 3), (3, 2), (4, 2)])
def test_a_state_of_another_player_count_is_refused_by_every_method(made: int, used: int) -> None:
    """A state of a Voormsi game with another number of players is refused with a message by
    every method, not crashed on or judged: the state carries its game's configuration (#27)."""
    options: dict[str, Any] = {"players": made}
    if made == 2:
        options["multi_card_leads"] = False
    other = make_game(**options)
    s = other.new_hand(dealer=0)
    s = other.apply(s, other.sample_chance(s, random.Random(1)))
    game = make_game(players=used, **({"multi_card_leads": False} if used == 2 else {}))
    action = other.legal_actions(s)[0]
    calls: list[Callable[[], object]] = [
        lambda: game.apply(s, action),
        lambda: game.outcome(s),
        lambda: game.out_of_turn_actions(s, 0),
        lambda: game.view(s, 0),
        lambda: game.rollout(s, random.Random(0)),
        lambda: game.position_text(s),
        lambda: game.to_move(s),
        lambda: game.is_over(s),
        lambda: game.legal_actions(s),
    ]
    for call in calls:
        with pytest.raises(ArgumentError, match=f"players={made}.*not of this game"):
            call()

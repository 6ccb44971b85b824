"""Every copy of a Voormsi rule, tagged in the fast module and checked against the engine.

The engine (``cardrules.games.voormsi.engine``) writes each rule once. The fast module
(``cardrules.games.voormsi.fast``), the only module allowed to, writes some out again for speed:
``play_card`` and ``finish_card_trick`` (one card with four players, the bulk of the plays), the
legality shortcuts of ``legal_actions`` and ``apply``, and the fused rollout ``fused_playout``.
Each copy is tagged ``# copy of rules <IDS>: <functions>`` naming every rule id it carries;
:func:`cardrules.testing.rule_copies` finds the tags. This module insists that every tag is in
``fast.py`` and is one it checks (a new copy without a check fails here), and checks each copy
against the engine: the plays state for state, the legal groups and apply's verdicts action for
action, the rollout against stepping from every play state of many deals, for every preset and
the options that change the play, draw for draw.
"""

from __future__ import annotations

import functools
import importlib
import itertools
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardrules import CHANCE, IllegalActionError
from cardrules.games.voormsi import (
    Lead,
    Play,
    VoormsiGame,
    VoormsiRules,
    VoormsiState,
    engine,
    fast,
    make_game,
    stacked_deal,
)
from cardrules.games.voormsi.ranking import DECK, DIAMOND_THREE, TOQUTSIT, VOORMSI
from cardrules.testing import rule_copies

SOURCES = Path(engine.__file__).parent

_PLAY_STATE = "test_play_card_builds_the_state_engine_play_builds"
_LEGAL = "test_legal_actions_lists_the_engine_legal_groups"
_APPLY = "test_apply_accepts_exactly_the_legal_groups"
_ROLLOUT = "test_fused_playout_ends_where_stepping_ends"

KNOWN_COPIES: dict[tuple[str, tuple[str, ...], tuple[str, ...]], str] = {
    ("play_card", ("V24", "B1"), ("advance",)): _PLAY_STATE,
    ("play_card", ("V7", "C6"), ("advance", "trick_size")): _PLAY_STATE,
    ("play_card", ("V15",), ("advance",)): _PLAY_STATE,
    ("play_card", ("V12", "V13"), ("advance",)): _PLAY_STATE,
    ("play_card", ("B2", "B3", "B4", "B5", "VV1"), ("advance",)): _PLAY_STATE,
    ("play_card", ("C6",), ("next_to_play",)): _PLAY_STATE,
    ("finish_card_trick", ("V13", "V20"), ("score_trick",)): _PLAY_STATE,
    ("finish_card_trick", ("V23",), ("_hold",)): _PLAY_STATE,
    ("finish_card_trick", ("V21",), ("draw",)): _PLAY_STATE,
    ("legal_actions", ("V16", "V17"), ("legal_at",)): _LEGAL,
    ("legal_actions", ("V14", "V15"), ("legal_at", "single_plays")): _LEGAL,
    ("apply", ("V14", "V15", "V17"), ("legal_at",)): _APPLY,
    ("apply", ("V16", "V17"), ("legal_at",)): _APPLY,
    ("fused_playout", ("V14", "V15"), ("legal_at", "compelled")): _ROLLOUT,
    ("fused_playout", ("V16", "V17"), ("legal_at",)): _ROLLOUT,
    ("fused_playout", ("C6",), ("trick_size",)): _ROLLOUT,
    ("fused_playout", ("B3",), ("advance",)): _ROLLOUT,
    ("fused_playout", ("C6",), ("next_to_play",)): _ROLLOUT,
    ("fused_playout", ("V7", "V12", "V13"), ("advance",)): _ROLLOUT,
    ("fused_playout", ("V24", "B1"), ("advance",)): _ROLLOUT,
    ("fused_playout", ("V15",), ("advance",)): _ROLLOUT,
    ("fused_playout", ("B2",), ("advance",)): _ROLLOUT,
    ("fused_playout", ("B4",), ("advance",)): _ROLLOUT,
    ("fused_playout", ("B5", "VV1"), ("advance",)): _ROLLOUT,
    ("fused_playout", ("V20",), ("score_trick",)): _ROLLOUT,
    ("fused_playout", ("V22",), ("unit_points",)): _ROLLOUT,
    ("fused_playout", ("V23",), ("_hold",)): _ROLLOUT,
    ("fused_playout", ("V21",), ("draw",)): _ROLLOUT,
    ("fused_playout", ("V21",), ("one_card_each",)): _ROLLOUT,
    ("fused_playout", ("V6", "C6"), ("next_lead",)): _ROLLOUT,
}
"""Every tagged copy (holder, rules, engine functions) and the test of this module that checks it."""

_PRESETS: list[dict[str, object]] = [{"preset": name} for name in VoormsiRules.PRESETS]
CONFIGS: list[dict[str, object]] = [
    {},
    *_PRESETS,
    {"must_follow_suit": True},
    {"diamond_three_is_king": True},
    {"sequence_scope": "any_run"},
    {"voormsi_last_card": "last_to_trick", "voormsi_bonus_requires_proof": True},
    {"bust_mode": "no_bust", "target": 5},
]


def _ids(options: dict[str, object]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


def test_every_copy_of_a_rule_is_tagged_and_known() -> None:
    """Every tag is in ``fast.py``, is one this module checks (by the test named), and names real
    engine functions; every check listed still has its copy."""
    found = rule_copies(SOURCES)
    assert found, "no tagged copies found"
    assert {c.file for c in found} == {"fast.py"}
    keys = {(c.holder, c.rules, c.functions) for c in found}
    assert keys == set(KNOWN_COPIES)
    for _holder, _rules, functions in keys:
        for function in functions:
            assert callable(getattr(engine.Engine, function, None) or getattr(engine, function))
    for check in KNOWN_COPIES.values():
        assert callable(globals()[check])


def play_states(game: VoormsiGame, deals: int, seed: int) -> Iterator[VoormsiState]:
    """Every play state of ``deals`` random single hands (random dealers and choices)."""
    rng = random.Random(seed)
    for i in range(deals):
        s = game.new_hand(dealer=i % game.num_players)
        while (seat := game.to_move(s)) is not None:
            if seat == CHANCE:
                s = game.apply(s, game.sample_chance(s, rng))
                continue
            yield s
            legal = game.legal_actions(s)
            s = game.apply(s, legal[rng.randrange(len(legal))])


def stepped(game: VoormsiGame, s: VoormsiState, rng: random.Random) -> VoormsiState:
    """The deal played out with ``apply``, choosing ``legal[rng.randrange(len(legal))]``."""
    while s.phase == "play":
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])
    return s


class _CountingRandom(random.Random):
    """A generator of another type: the rollout then draws with ``randrange`` itself."""


@pytest.mark.parametrize("options", CONFIGS, ids=_ids)
def test_fused_playout_ends_where_stepping_ends(options: dict[str, object]) -> None:
    """V12, V15 (the copies in ``fast.fused_playout``): from every play state of many deals — at a lead and
    inside tricks, after the K♥, J♣ and ♦3 — the fused rollout reaches the state stepping reaches
    with the same generator, and leaves the generator where stepping leaves it."""
    game = make_game(**options)
    playout = functools.partial(fast.fused_playout, game.engine)
    for k, s in enumerate(play_states(game, 25, seed=len(_ids(options)))):
        for rng_type in (random.Random, _CountingRandom):
            a, b = rng_type(k), rng_type(k)
            assert playout(s, a) == stepped(game, s, b)
            assert a.getstate() == b.getstate()


def test_fused_playout_meets_the_v15_deduction_and_the_special_cards() -> None:
    """The deals above reach the copied V15 deduction (a seat shown not to hold the J♣) and every
    special card, so the comparison covers the paths into and out of the copy."""
    game = make_game()
    deduced = special = 0
    for s in play_states(game, 150, seed=5):
        deduced += 1 in s.toqu_known
        special += bool(s.played & (1 << TOQUTSIT | 1 << VOORMSI))
    assert deduced > 0
    assert special > 0


def test_fused_playout_meets_the_free_j_club_follow_and_quiet_group_tricks() -> None:
    """V15 and V20 (the copies in ``fast.fused_playout``): the deals above reach a follow holding the J♣
    with the K♥ heading the trick (compelled or not, the general legal groups) and without it
    (any card, the copied check), and tricks of groups (scored on the locals when no bonus is
    due), so the comparison covers both sides of each copy."""
    game = make_game()
    free = held = groups = 0
    for s in play_states(game, 150, seed=5):
        seat = s.to_move
        assert seat is not None
        if s.trick and s.hands[seat] >> TOQUTSIT & 1 and s.trick[0][1].bit_count() == 1:
            if s.trick[s.heading][1] >> VOORMSI & 1:
                held += 1
            else:
                free += 1
        groups += not s.trick and any(t[0][1].bit_count() > 1 for t, _ in s.tricks)
    assert free > 0
    assert held > 0
    assert groups > 0


@pytest.mark.parametrize("next_card", [False, True], ids=["b5", "b5_next_card"])
def test_fused_playout_settles_b2_b4_b5_as_stepping_does(next_card: bool) -> None:
    """B2, B4, B5 (and VV1): the bonus bookkeeping copied into ``fast.fused_playout`` on a trick stacked to meet
    it. Seat 0 leads the K♥; seat 1, holding the J♣, must capture it (V15, B2); seat 2 may then
    play the ♦3 over the J♣ (B5) and seat 3 over the K♥ (B4). Every rollout from that lead ends
    where stepping ends, and some take the ♦3 over the J♣."""
    game = make_game(over_capture_needs_next_card=next_card)
    hands = {0: "KH 6S 7S 8S", 1: "JC 6H 7H 8H", 2: "3D 6C 7C 8C", 3: "9S 9H 9C 9D"}
    dealt = game.apply(game.new_hand(dealer=3), stacked_deal(game, 3, hands))
    start = game.apply(dealt, game.legal_actions(dealt)[3])  # seat 0 leads the K♥
    assert start.trick == ((0, 1 << VOORMSI),)
    b5 = 0
    for seed in range(60):
        for rng_type in (random.Random, _CountingRandom):
            a, b = rng_type(seed), rng_type(seed)
            fused = fast.fused_playout(game.engine, start, a)
            assert fused == stepped(game, start, b)
            assert a.getstate() == b.getstate()
            first = fused.tricks[0][0]
            b5 += first[:3] == ((0, 1 << VOORMSI), (1, 1 << TOQUTSIT), (2, 1 << DIAMOND_THREE))
    assert b5 > 0


@pytest.mark.parametrize("options", CONFIGS, ids=_ids)
def test_play_card_builds_the_state_engine_play_builds(options: dict[str, object]) -> None:
    """V6–V25, B1–B5 (the copies in ``fast.play_card`` and ``fast.finish_card_trick``): every
    legal play from every play state of many deals (matches, so that the ladder's end is met too)
    builds through ``fast.play`` the state ``Engine.play`` builds."""
    game = make_game(**options)
    eng = game.engine
    rng = random.Random(len(_ids(options)))
    for deal in range(12):
        s = game.new_match(dealer=deal % game.num_players)
        while not game.is_over(s):
            if s.phase != "play":
                s = game.apply(s, game.sample_chance(s, rng))
                continue
            seat = s.to_move
            assert seat is not None
            legal = game.legal_actions(s)
            for action in legal:
                assert fast.play(eng, s, seat, action.mask) == eng.play(s, seat, action.mask)
            s = game.apply(s, legal[rng.randrange(len(legal))])
            if s.phase == "deal":
                break


@pytest.mark.parametrize("options", CONFIGS, ids=_ids)
def test_legal_actions_lists_the_engine_legal_groups(options: dict[str, object]) -> None:
    """V14–V17 (the copies in ``fast.legal_actions``): at every play state of many deals the legal
    actions are the groups of ``Engine.legal_at``, in its order."""
    game = make_game(**options)
    eng = game.engine
    for s in play_states(game, 25, seed=3):
        seat = s.to_move
        assert seat is not None
        entry = eng.legal_at(seat, s.hands, s.trick, s.heading)
        assert game.legal_actions(s) == entry[0]


def _offers(s: VoormsiState, seat: int) -> list[int]:
    """Every group of 1–4 cards of the seat's hand, and some with a card it does not hold."""
    held = [c for c in range(len(DECK)) if s.hands[seat] >> c & 1]
    other = next(c for c in range(len(DECK)) if not s.hands[seat] >> c & 1)
    masks = [
        sum(1 << c for c in combo)
        for size in range(1, 5)
        for combo in itertools.combinations(held, size)
    ]
    return masks + [m | 1 << other for m in masks[:4]]


@pytest.mark.parametrize("options", CONFIGS, ids=_ids)
def test_apply_accepts_exactly_the_legal_groups(options: dict[str, object]) -> None:
    """V14–V17 (the copies in ``fast.apply``): at play states of many deals, a lead or a play of any
    group of held cards (and some not held) is taken, as a new group as well as an interned one,
    exactly when ``Engine.legal_at`` lists it and as the right kind (a lead at an empty trick),
    giving the engine's state; anything else raises ``IllegalActionError``."""
    game = make_game(**options)
    eng = game.engine
    for k, s in enumerate(play_states(game, 6, seed=11)):
        if k % 3:
            continue
        seat = s.to_move
        assert seat is not None
        legal = set(eng.legal_at(seat, s.hands, s.trick, s.heading)[1])
        for mask in _offers(s, seat):
            cards = [DECK.cards[c] for c in range(len(DECK)) if mask >> c & 1]
            for cls in (Lead, Play):
                for action in (cls(cards), engine.interned(cls(cards))):
                    if mask in legal and (cls is Lead) == (not s.trick):
                        assert game.apply(s, action) == eng.play(s, seat, mask)
                    else:
                        with pytest.raises(IllegalActionError):
                            game.apply(s, action)


@pytest.mark.parametrize("preset", [None, "two_player", "three_player"])
def test_hand_outcome_is_each_teams_clamped_lead(preset: str | None) -> None:
    """The outcome every rollout ends with (written out for two teams): the side that scored more
    wins (V25's hand comparison), a seat's return is its team's lead over the best other team over
    the target, clamped to [-1, 1], and its points are its team's."""
    game = make_game(preset=preset) if preset else make_game()
    teams, scale = game.teams, game.rules.target
    span = range(-3, 12)
    for points in itertools.product(span, repeat=len(teams.teams)):
        best = max(points)
        leaders = [t for t, p in enumerate(points) if p == best]
        for winner in (None, *range(len(points))):
            outcome = game._hand_outcome(points, winner)
            won = winner if winner is not None else leaders[0] if len(leaders) == 1 else -1
            assert outcome.winners == (teams.teams[won] if won >= 0 else ())
            assert outcome.team_points == points
            for seat in range(game.num_players):
                t = teams.team_of(seat)
                lead = points[t] - max(p for u, p in enumerate(points) if u != t)
                assert outcome.seat_points[seat] == points[t]
                assert outcome.returns[seat] == max(-1.0, min(1.0, lead / scale))


def test_the_old_playout_module_warns_and_still_imports() -> None:
    """The fused rollout moved to ``fast``: the old module is a re-export that warns on import."""
    sys.modules.pop("cardrules.games.voormsi.playout", None)
    with pytest.warns(DeprecationWarning, match=r"cardrules\.games\.voormsi\.fast"):
        old = importlib.import_module("cardrules.games.voormsi.playout")
    assert old.fused_playout is fast.fused_playout

"""check_game (thorough: illegal input, views, sampling) for the default rules and every preset,
and further illegal-input and view checks on states met in play."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from cardrules import CHANCE, CardrulesError, NotationError
from cardrules.games.tournament import (
    CICELY_BUILDS,
    Move,
    Resign,
    TournamentGame,
    TournamentState,
    make_game,
)
from cardrules.testing import check_game

PRESETS: list[dict[str, Any]] = [
    {},
    {"preset": "pysolfc"},
    {"preset": "napoleons_flank"},
    {"preset": "la_nivernaise"},
    *({"preset": "cicely", "cicely_build": b} for b in CICELY_BUILDS),
    {"deal_order": "row_by_row", "strict_deal_when_stuck": True, "redeal_when_stuck": True},
    {"foundation_base_movable": False, "reserve_sources": "any", "max_redeals": 0},
    {"preset": "kingsdown_eights"},
]
IDS = [",".join(f"{k}={v}" for k, v in p.items()) or "default" for p in PRESETS]


def deep_play(game: TournamentGame, seed: int, max_steps: int = 600) -> list[TournamentState]:
    """Random legal play that avoids resigning (so games go deep), resigning after max_steps."""
    rng = random.Random(seed)
    s = game.new_hand()
    states = [s]
    for _ in range(max_steps):
        if game.is_over(s):
            return states
        if game.to_move(s) == CHANCE:
            s = game.apply(s, game.sample_chance(s, rng))
        else:
            legal = [a for a in game.legal_actions(s) if not isinstance(a, Resign)]
            s = game.apply(s, rng.choice(legal) if legal else Resign())
        states.append(s)
    states.append(game.apply(s, Resign()))
    return states


@pytest.mark.parametrize("options", PRESETS, ids=IDS)
def test_check_game_for_every_preset(options: dict[str, Any]) -> None:
    check_game(make_game(**options), examples=6)


@pytest.mark.parametrize("options", PRESETS, ids=IDS)
def test_illegal_input_views_and_sampling(options: dict[str, Any]) -> None:
    game = make_game(**options)
    rng = random.Random(7)
    no_pile = Move(0, 2)
    object.__setattr__(no_pile, "src", 30)  # tampered: Move(30, 2) cannot be built (#28)
    for seed in range(2):
        for s in deep_play(game, seed)[::7]:
            before = copy.deepcopy(s)
            for bad in (object(), None, no_pile, Move(0, 0)):
                with pytest.raises(CardrulesError):
                    game.apply(s, bad)
            legal = set(game.legal_actions(s))
            for _ in range(3):
                cand = game.index_to_action(rng.randrange(game.num_distinct_actions))
                if cand not in legal and game.to_move(s) == 0:
                    with pytest.raises(CardrulesError):
                        game.apply(s, cand)
            with pytest.raises(NotationError):
                game.parse_action("T9>F♠↑", s)
            assert s == before
            view = game.view(s, 0)
            hash(view)
            sampled = game.sample_state(view, rng)
            assert game.view(sampled, 0) == view
            assert game.to_move(sampled) == game.to_move(s)
            assert set(game.legal_actions(sampled)) == legal
            for a in legal:
                text = game.format_action(a)
                assert game.parse_action(text, s) == a


def test_notation_ascii_and_unicode() -> None:
    game = make_game()
    s = game.new_hand()
    assert game.parse_action("T3>FS+", s) == game.parse_action("T3>F♠↑", s) == Move(2, 22)
    assert game.parse_action("r5 > f♥↓", s) == Move(12, 21)
    assert game.parse_action("FC+>FC-", s) == game.parse_action("F♣↑>F♣↓", s) == Move(16, 17)
    assert game.format_action(Move(1, 11)) == "T2>R4"
    for text in ("deal", "redeal", "resign"):
        assert game.format_action(game.parse_action(text, s)) == text
    for bad in ("T3>F♠", "X1>R1", "T3", "", "T7>R1"):
        with pytest.raises(NotationError):
            game.parse_action(bad, s)
    deal = game.sample_chance(s, random.Random(1))
    assert game.parse_action(game.format_action(deal), s) == deal


@pytest.mark.parametrize("options", PRESETS[:-1], ids=IDS[:-1])
def test_rollout_matches_stepping(options: dict[str, Any]) -> None:
    """The rollout (the engine's steps in a loop) draws from the same legal list and applies
    the same rules as stepping with apply: per seed it plays the same game, so the outcome
    distributions are equal; checked over 200 seeds from a few positions of a deep game."""
    game = make_game(**options)
    states = [s for s in deep_play(game, 3) if game.to_move(s) == 0]
    for start in states[:: max(1, len(states) // 4)][:4]:
        for seed in range(50):
            rng = random.Random(seed)
            s = start
            while not game.is_over(s):
                legal = game.legal_actions(s)
                s = game.apply(s, legal[rng.randrange(len(legal))])
            out = game.outcome(s)
            assert out is not None
            assert game.rollout(start, random.Random(seed)) == out
    assert game.rollout(game.new_hand(), random.Random(1)).returns[0] in (-1.0, 1.0)

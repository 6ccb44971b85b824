"""A game object holds no state of the games it plays (issue #28): one object may be shared by
threads, search trees and simulations at once.

Everything that changes lives in the states. The game and its engine are read, never written,
after construction: the first test fingerprints both before and after play (it failed while the
engine interned its moves lazily, on first use), the second plays different games from two
threads on one game object and compares each with the same game played alone.
"""

from __future__ import annotations

import random
import sys
import threading
from typing import Any

import pytest

from cardrules import CHANCE
from cardrules.games.tournament import make_game

from .test_conformance import IDS, PRESETS

CORE_TABLES = {"_actions", "_index", "_by_text"}
"""The core's encoding tables (``GameBase``'s, built on first use): the core's concern, not the
game's."""


def fingerprint(game: Any) -> dict[str, str]:
    """The text of every attribute of ``game`` (but the core's tables) and of its engine."""
    engine = game.engine
    names = [n for cls in type(engine).__mro__ for n in getattr(cls, "__slots__", ())]
    return {
        **{f"game.{k}": repr(v) for k, v in vars(game).items() if k not in CORE_TABLES},
        **{f"engine.{n}": repr(getattr(engine, n)) for n in names},
    }


def play(game: Any, seed: int) -> list[Any]:
    """A whole random game from ``seed`` (its actions' text, the outcome) and a rollout."""
    rng = random.Random(seed)
    state = game.new_hand()
    trace: list[Any] = []
    while not game.is_over(state):
        if game.to_move(state) == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            trace.append(game.format_action(action))
            if len(trace) == 40:
                trace.append(game.rollout(state, rng))
        state = game.apply(state, action)
    trace.append(game.outcome(state))
    trace.append(game.position_text(state))
    return trace


@pytest.mark.parametrize("options", PRESETS, ids=IDS)
def test_playing_leaves_the_game_object_as_it_was(options: dict[str, Any]) -> None:
    game = make_game(**options)
    before = fingerprint(game)
    for seed in range(3):
        play(game, seed)
    assert fingerprint(game) == before


@pytest.mark.parametrize("options", PRESETS, ids=IDS)
def test_two_threads_share_one_game_object(options: dict[str, Any]) -> None:
    """Two threads play different seeds on the same game object, switching often; each game is
    the one the same seed plays alone."""
    game = make_game(**options)
    seeds = ([1, 3, 5, 7], [2, 4, 6, 8])
    alone = [[play(make_game(**options), s) for s in batch] for batch in seeds]
    shared: list[list[Any]] = [[], []]
    start = threading.Barrier(2)

    def worker(k: int) -> None:
        start.wait()
        shared[k] = [play(game, s) for s in seeds[k]]

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=worker, args=(k,)) for k in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert shared == alone

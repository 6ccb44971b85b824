"""A game object holds no per-call state: it may be shared between threads (issue #28).

Every table a Euchre game reads is built in its constructor (the interned calling rounds, the
calls after each bid, contracts, hand results, outcomes); no step writes to the game afterwards.
The tests play whole hands (E3-E17: the deal, the bidding, the play, the scoring, revoke mode)
from two threads on one game object and compare with the same hands played alone, and check that
playing leaves the game's attributes exactly as built.
"""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from cardrules import CHANCE
from cardrules.games.euchre import EuchreGame, EuchreState, make_game

PRESETS = [{}, {"renege_mode": True}, {"preset": "house"}, {"defend_alone": True, "no_trump": True}]


def play(game: EuchreGame, seed: int, hands: int) -> list[Any]:
    """A record of ``hands`` random hands from ``seed``: every state, view and rollout met (each
    action also encoded and written, and read back)."""
    rng = random.Random(seed)
    seen: list[Any] = []
    for i in range(hands):
        state: EuchreState = game.new_hand(dealer=None if i % 2 else i % 4)
        while not game.is_over(state):
            seen.append(state)
            if game.to_move(state) == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            seat = game.to_move(state)
            assert seat is not None
            seen.append(game.view(state, (seat + 1) % 4))
            seen.append(game.rollout(state, random.Random(rng.random())))
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            # The encoding and the notation too (the core builds their tables once).
            assert game.index_to_action(game.action_to_index(action)) is action
            assert game.parse_action(game.format_action(action), state) == action
            state = game.apply(state, action)
        seen.append(game.outcome(state))
    return seen


def attributes(game: EuchreGame) -> dict[str, Any]:
    """The game's attributes as built: each value's identity, and the size of each container."""
    return {
        name: (id(value), len(value) if hasattr(value, "__len__") else None)
        for name, value in vars(game).items()
    }


@pytest.mark.parametrize("options", PRESETS, ids=str)
def test_two_threads_on_one_game_play_as_each_would_alone(options: dict[str, Any]) -> None:
    """E3-E17 on a shared game: two threads playing different hands at the same time meet exactly
    the states, views and rollout outcomes each meets when it plays alone."""
    game = make_game(**options)
    alone = {seed: play(make_game(**options), seed, 12) for seed in (1, 2)}
    results: dict[int, list[Any]] = {}
    start = threading.Barrier(2)

    def worker(seed: int) -> None:
        start.wait()
        results[seed] = play(game, seed, 12)

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == alone


@pytest.mark.parametrize("options", PRESETS, ids=str)
def test_playing_leaves_the_game_as_built(options: dict[str, Any]) -> None:
    """No step stores anything on the game: after many hands (and rollouts) every attribute is the
    same object, of the same size, as when the game was built."""
    game = make_game(**options)
    built = attributes(game)
    play(game, 7, 30)
    assert attributes(game) == built

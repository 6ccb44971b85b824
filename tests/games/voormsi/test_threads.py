"""One Voormsi game object shared between threads: it keeps no per-call data (V5–V25 on one object).

A game object holds its rules and tables, nothing that changes: the legal groups of the last
state asked about, the last shuffle made and such are not kept on it, so two threads may play on
one object and get what each gets alone.
"""

from __future__ import annotations

import contextlib
import random
import sys
import threading
from collections.abc import Iterator

import pytest

from cardrules import IllegalActionError
from cardrules.games.voormsi import VoormsiGame, VoormsiState, make_game


def _play(game: VoormsiGame, seed: int, deals: int) -> list[VoormsiState]:
    """Every state of ``deals`` deals of a match from ``seed`` (random legal play, with a rollout
    from each lead), then the rollouts' outcomes folded into the list's last state's check."""
    rng = random.Random(seed)
    states: list[VoormsiState] = []
    s = game.new_match(dealer=seed % game.num_players)
    while not game.is_over(s) and len(states) < deals * 40:
        if s.phase != "play":
            s = game.apply(s, game.sample_chance(s, rng))
        else:
            legal = game.legal_actions(s)
            if not s.trick:
                game.rollout(s, random.Random(len(states)))
            s = game.apply(s, legal[rng.randrange(len(legal))])
        states.append(s)
    return states


@pytest.fixture
def busy_switching() -> Iterator[None]:
    """Make the interpreter switch threads every few microseconds, so that plays interleave."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


@pytest.mark.parametrize("options", [{}, {"preset": "three_player"}, {"must_follow_suit": True}])
@pytest.mark.usefixtures("busy_switching")
def test_two_threads_on_one_game_play_as_each_alone(options: dict[str, object]) -> None:
    """V5–V25: two matches played at once on one game object, from two threads, go exactly as each
    goes alone on a game object of its own."""
    alone = {seed: _play(make_game(**options), seed, deals=3) for seed in (1, 2)}
    shared = make_game(**options)
    results: dict[int, list[VoormsiState]] = {}
    start = threading.Barrier(2)

    def worker(seed: int) -> None:
        start.wait()
        results[seed] = _play(shared, seed, deals=3)

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == alone


def test_playing_leaves_the_game_object_unchanged() -> None:
    """V5–V25: a game object holds no per-call data: after deals, rollouts, refused plays and new
    hands, every attribute it holds is the very object it held before."""
    game = make_game()
    game.new_hand(dealer=0)  # (anything built on first use is built before the snapshot)
    before = dict(vars(game))
    states = _play(game, 7, deals=2)
    for s in states[:20]:
        if s.phase == "play" and s.trick:
            legal = game.legal_actions(s)
            with contextlib.suppress(IllegalActionError):
                game.apply(s, legal[0].__class__(legal[-1].cards))
    for dealer in range(4):
        game.new_hand(dealer=dealer)
    after = vars(game)
    assert after.keys() == before.keys()
    assert all(after[name] is value for name, value in before.items())

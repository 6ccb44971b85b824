"""One Rook game object serves many threads: no method leaves data of one call on the shared
game object (issue 28), so two threads playing different games on it get what each would get
alone (DESIGN §2: one object per game and rules config, holding no mutable state)."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardrules import CHANCE
from cardrules.games.rook import RookGame, make_game

RULES: tuple[dict[str, Any], ...] = ({}, {"renege_mode": True}, {"full_deck": True})


def play_record(game: RookGame, seed: int, hands: int = 3) -> list[Any]:
    """Everything a seeded run of ``hands`` single hands observes: every listed action set, every
    state, and a rollout and a random action at the first play of each hand (R15-R24 through the
    protocol's hot paths: legal_actions, apply, random_action, rollout, sample_chance)."""
    rng = random.Random(seed)
    seen: list[Any] = []
    for k in range(hands):
        state = game.new_hand(dealer=k % 4)
        rolled = False
        while (seat := game.to_move(state)) is not None:
            if seat == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                if state.phase == "play" and not rolled:
                    seen.append(game.rollout(state, random.Random(seed + k)))
                    seen.append(game.random_action(state, random.Random(seed - k)))
                    rolled = True
                legal = game.legal_actions(state)
                seen.append(len(legal))
                state = game.apply(state, legal[rng.randrange(len(legal))])
            seen.append(state)
    return seen


def attribute_ids(obj: object) -> dict[str, int]:
    """The identity of each attribute of ``obj``: a method that stores data of its call on the
    object replaces one of them (or adds one)."""
    return {name: id(value) for name, value in vars(obj).items()}


@pytest.fixture
def fast_switching() -> Iterator[None]:
    """Threads switch as often as CPython allows, so that their calls interleave."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


@pytest.mark.parametrize("options", RULES)
def test_calls_leave_nothing_on_the_game_object(options: dict[str, Any]) -> None:
    """Playing hands (legal_actions, apply, random_action, rollout, sample_chance) replaces no
    attribute of the game and adds none: the game holds only values of its rules and memos of
    pure results (filled in place), never the last call's data (such as the last state's legal
    plays, or the last deal drawn)."""
    game = make_game(**options)
    play_record(game, 1, hands=1)  # the memos made on first use exist from here on
    before = attribute_ids(game)
    play_record(game, 2)
    assert attribute_ids(game) == before


def test_bury_choices_keep_no_last_call() -> None:
    """R13: the shared list of a hand's buries (the game keeps it for the searches that list the
    same hand again) is not changed by reading it or by applying one of its buries."""
    game = make_game()
    rng = random.Random(13)
    state = game.new_hand(dealer=0)
    while state.phase != "bury":
        state = game.apply(state, game.random_action(state, rng))
    choices = game.legal_actions(state)
    first = choices[0]
    before = attribute_ids(choices)
    game.apply(state, choices[len(choices) - 1])
    assert attribute_ids(choices) == before
    assert game.apply(state, first) == game.checked_apply(state, first)


@pytest.mark.parametrize("options", RULES)
def test_two_threads_on_one_game_play_as_alone(
    options: dict[str, Any], fast_switching: None
) -> None:
    """Two threads playing different seeds on one game object see, call for call, what each
    seed gives played alone on a fresh game."""
    seeds = (101, 202)
    alone = {seed: play_record(make_game(**options), seed) for seed in seeds}
    game = make_game(**options)
    results: dict[int, list[Any]] = {}
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(seeds))

    def worker(seed: int) -> Callable[[], None]:
        def run() -> None:
            try:
                barrier.wait()
                results[seed] = play_record(game, seed)
            except BaseException as exc:  # reported by the main thread
                errors.append(exc)

        return run

    threads = [threading.Thread(target=worker(seed)) for seed in seeds]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    for seed in seeds:
        assert results[seed] == alone[seed], f"seed {seed} played differently beside another"

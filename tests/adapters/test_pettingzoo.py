"""The PettingZoo adapter passes PettingZoo's own api_test and seed_test."""

from __future__ import annotations

import warnings

import pytest

GAMES = ("euchre", "rook", "voormsi", "tournament", "whist")
ENCODINGS = ("compact", "full")

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardrules import CardrulesError  # noqa: E402
from cardrules.adapters.pettingzoo import cardrules_env  # noqa: E402


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("name", GAMES)
def test_api_test(name: str, encoding: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter(
            "ignore", UserWarning
        )  # dict observations with masks are the documented form
        api_test(cardrules_env(name, encoding=encoding), num_cycles=300)  # type: ignore[arg-type]


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("name", GAMES)
def test_seed_test(name: str, encoding: str) -> None:
    seed_test(lambda: cardrules_env(name, encoding=encoding), num_cycles=300)  # type: ignore[arg-type]


def test_match_episode_and_render() -> None:
    env = cardrules_env("whist", episode="match", render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert isinstance(text, str) and "hand" in text
    steps = 0
    for _agent in env.agent_iter(max_iter=5000):
        obs, _reward, terminated, truncated, _ = env.last()
        steps += 1
        env.step(None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0]))
    assert steps > 52


def test_bad_options() -> None:
    with pytest.raises(CardrulesError):
        cardrules_env("whist", episode="season")  # type: ignore[arg-type]
    with pytest.raises(CardrulesError):
        cardrules_env("whist", render_mode="human")
    with pytest.raises(CardrulesError):
        cardrules_env("whist", encoding="small")  # type: ignore[arg-type]


def test_action_spaces_of_the_two_encodings() -> None:
    """The compact space (at most 256 codes) is the default; the full one is the game's own."""
    from gymnasium.spaces import Discrete

    rook = cardrules_env("rook")
    assert rook.action_space("player_0") == Discrete(61)
    assert rook.observation_space("player_0")["observation"].shape == (  # type: ignore[index]
        rook.encoder.size + len(rook.game.deck),
    )
    full = cardrules_env("rook", encoding="full")
    assert full.action_space("player_0") == Discrete(full.game.num_distinct_actions)
    observation = full.observation_space("player_0")["observation"]  # type: ignore[index]
    assert observation.shape == (full.encoder.size,)


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("name", GAMES)
def test_observations_and_render_come_from_the_seats_view_only(name: str, encoding: str) -> None:
    """DESIGN §5: what an agent observes, and the ``ansi`` text, are the same in any state that
    differs only in what its seat cannot see."""
    import random

    import numpy as np

    from cardrules.cli.render import Style, describe_view

    env = cardrules_env(name, render_mode="ansi", encoding=encoding)  # type: ignore[arg-type]
    game = env.game
    for seed in (1, 2, 3):
        env.reset(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 30)):
            _obs, _reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                break
            env.step(int(rng.choice(env.observe(env.agent_selection)["action_mask"].nonzero()[0])))
        real = env.state
        for agent in env.possible_agents:
            seat = env.possible_agents.index(agent)
            env.state = real
            before = env.observe(agent)
            env.state = game.sample_state(game.view(real, seat), random.Random(seed + seat))
            after = env.observe(agent)
            assert np.array_equal(before["observation"], after["observation"])
            assert np.array_equal(before["action_mask"], after["action_mask"])
        env.state = real
        to_move = game.to_move(real)
        if to_move is None or to_move < 0:
            continue
        text = env.render()
        expected = describe_view(game, game.view(real, to_move), Style(False))
        if env.pending:  # the seat to move's own selection so far
            cards = env.encoding.pending_cards(env.pending)
            expected += "\nselected: " + " ".join(card.ascii for card in cards)
        assert text == expected
        env.state = game.sample_state(game.view(real, to_move), random.Random(seed))
        assert env.render() == text
        env.state = real

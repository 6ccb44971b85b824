"""The PettingZoo adapter passes PettingZoo's own api_test and seed_test."""

from __future__ import annotations

import warnings

import pytest

GAMES = ("euchre", "rook", "voormsi", "tournament", "whist")

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardrules import CardrulesError  # noqa: E402
from cardrules.adapters.pettingzoo import cardrules_env  # noqa: E402


@pytest.mark.parametrize("name", GAMES)
def test_api_test(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter(
            "ignore", UserWarning
        )  # dict observations with masks are the documented form
        api_test(cardrules_env(name), num_cycles=300)


@pytest.mark.parametrize("name", GAMES)
def test_seed_test(name: str) -> None:
    seed_test(lambda: cardrules_env(name), num_cycles=300)


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

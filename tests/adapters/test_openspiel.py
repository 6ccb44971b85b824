"""The OpenSpiel adapter: random_sim_test, chance outcomes, resampling, clone, Python algorithms."""

from __future__ import annotations

import random

import numpy as np
import pytest

GAMES = ("euchre", "rook", "voormsi", "tournament", "whist")

pyspiel = pytest.importorskip("pyspiel")
from cardrules.adapters.openspiel import register  # noqa: E402


@pytest.fixture(scope="module")
def spiel_games() -> dict[str, object]:
    return {}


def load(name: str, cache: dict[str, object]) -> object:
    if name not in cache:
        cache[name] = register(name)
    return cache[name]


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test(name: str, spiel_games: dict[str, object]) -> None:
    game = load(name, spiel_games)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def _dealt(game: object, seed: int) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state.apply_action(rng.choice(outcomes)[0])
    return state


@pytest.mark.parametrize("name", GAMES)
def test_resample_keeps_information_state(name: str, spiel_games: dict[str, object]) -> None:
    game = load(name, spiel_games)
    state = _dealt(game, 3)
    player = state.current_player()  # type: ignore[attr-defined]
    assert player >= 0
    sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))  # type: ignore[attr-defined]
    assert sampled.information_state_string(player) == state.information_state_string(player)  # type: ignore[attr-defined]
    assert sampled.legal_actions() == state.legal_actions()  # type: ignore[attr-defined]
    tensor = np.asarray(state.information_state_tensor(player))  # type: ignore[attr-defined]
    assert tensor.shape == (game.information_state_tensor_size(),)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", GAMES)
def test_clone_shares_the_immutable_state(name: str, spiel_games: dict[str, object]) -> None:
    state = _dealt(load(name, spiel_games), 4)
    clone = state.clone()  # type: ignore[attr-defined]
    assert clone.inner is state.inner  # type: ignore[attr-defined]
    clone.apply_action(clone.legal_actions()[0])
    assert clone.inner is not state.inner  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["whist"])
def test_openspiel_mcts_search_runs(name: str, spiel_games: dict[str, object]) -> None:
    from open_spiel.python.algorithms import mcts

    game = load(name, spiel_games)
    state = _dealt(game, 5)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=5,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        random_state=np.random.RandomState(2),
    )
    root = bot.mcts_search(state)
    assert root.best_child().action in state.legal_actions()  # type: ignore[attr-defined]

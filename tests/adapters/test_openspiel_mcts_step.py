"""OpenSpiel's ``MCTSBot.step`` on the registered cardrules games (the adapters page states it works),
and the determinized search that page shows for fair play."""

from __future__ import annotations

import collections

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
from cardrules.adapters.openspiel import register  # noqa: E402


def _bot(game: object, seed: int) -> object:
    rng = np.random.RandomState(seed)
    return mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=3,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        random_state=rng,
    )


@pytest.mark.parametrize("name", ["euchre", "rook", "voormsi", "tournament"])
def test_mcts_bot_step_plays_a_whole_hand(name: str) -> None:
    game = register(name)
    bot = _bot(game, 0)
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            action = bot.step(state)  # type: ignore[attr-defined]
            assert action in state.legal_actions()
            state.apply_action(action)
    assert len(state.returns()) == game.num_players()


@pytest.mark.parametrize("name", ["euchre", "voormsi"])
def test_determinized_search_keeps_the_information_state(name: str) -> None:
    game = register(name)
    bot = _bot(game, 2)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randint(len(outcomes))][0])
    player = state.current_player()
    votes: collections.Counter[int] = collections.Counter()
    differs = False
    for _ in range(4):
        world = state.resample_from_infostate(player, rng.random_sample)
        assert world.information_state_string(player) == state.information_state_string(player)
        differs |= str(world) != str(state)
        votes[bot.mcts_search(world).best_child().action] += 1  # type: ignore[attr-defined]
    assert differs  # the hidden cards were dealt anew: the search did not see the true state
    assert votes.most_common(1)[0][0] in state.legal_actions()

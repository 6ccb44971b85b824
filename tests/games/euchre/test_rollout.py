"""The fused rollout has the same outcome distribution as stepping with legal_actions + apply."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardrules import CHANCE
from cardrules.games.euchre import EuchreGame, EuchreState, make_game


def _stepped(game: EuchreGame, state: EuchreState, rng: random.Random) -> tuple[int, ...]:
    while state.to_move is not None:
        if state.to_move == CHANCE:
            break  # a match moved on to its next deal: the hand is over
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    last = state.match.last
    assert last is not None
    return last.points


def _chi2_two_sample(a: Counter[tuple[int, ...]], b: Counter[tuple[int, ...]]) -> tuple[float, int]:
    keys = set(a) | set(b)
    na, nb = sum(a.values()), sum(b.values())
    chi2 = 0.0
    for k in keys:
        x, y = a.get(k, 0), b.get(k, 0)
        e_a = (x + y) * na / (na + nb)
        e_b = (x + y) * nb / (na + nb)
        chi2 += (x - e_a) ** 2 / e_a + (y - e_b) ** 2 / e_b
    return chi2, len(keys) - 1


def _position(game: EuchreGame, seed: int, phase: str) -> EuchreState:
    rng = random.Random(seed)
    state = game.new_hand(dealer=seed % 4)
    while state.phase != phase and state.to_move is not None:
        if state.to_move == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    assert state.phase == phase
    return state


@pytest.mark.parametrize(
    ("options", "seed", "phase"),
    [
        ({}, 1, "play"),
        ({}, 2, "play"),
        ({"renege_mode": True}, 3, "play"),
        ({}, 4, "bidding"),
        ({"defend_alone": True, "no_trump": True}, 5, "bidding"),
    ],
)
def test_rollout_matches_stepping(options: dict[str, object], seed: int, phase: str) -> None:
    game = make_game(**options)
    state = _position(game, seed, phase)
    n = 2500
    rolled = Counter(game.rollout(state, random.Random(seed)).team_points for seed in range(n))
    stepped = Counter(_stepped(game, state, random.Random(10**6 + seed)) for seed in range(n))
    chi2, df = _chi2_two_sample(rolled, stepped)
    limit = df * (1 - 2 / (9 * df) + 3.72 * (2 / (9 * df)) ** 0.5) ** 3  # 99.99 % quantile
    assert chi2 < limit, (chi2, df, rolled, stepped)
    assert len(rolled) >= 2  # the position is not decided: the test can see a difference


def test_rollout_leaves_the_state_alone_and_works_before_the_deal() -> None:
    game = make_game()
    state = game.new_hand(dealer=1)
    outcome = game.rollout(state, random.Random(1))
    assert sum(outcome.team_points) > 0 or outcome.team_points == (0, 0)
    assert state == game.new_hand(dealer=1)

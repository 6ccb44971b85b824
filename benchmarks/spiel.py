"""Driving OpenSpiel from Python the way the benchmarks drive cardrules: one shared random play-out.

Imported by ``python -m benchmarks`` and by the per-game scripts (``python benchmarks/bench_*.py``),
so that every figure measured against OpenSpiel plays its games by the same loop.
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["play_out"]


def play_out(state: Any, rng: random.Random) -> Any:
    """Play an OpenSpiel ``state`` to its end at random and return it: chance outcomes drawn
    uniformly from ``chance_outcomes()`` (uniform for the card games measured here), decisions
    uniformly from ``legal_actions()``, each with one ``rng.randrange``."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
    return state

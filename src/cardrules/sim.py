"""Playing games with bots.

:func:`play_game` plays one match (or one hand) with one bot per seat; chance steps and every bot
draw from generators derived from one seed, so the same seed plays the same game.

>>> from cardrules.bots import RandomBot
>>> # play_game(get_game("euchre"), [RandomBot()] * 4, seed=1)  -> the final state
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

from cardrules.bots import Bot
from cardrules.errors import CardrulesError
from cardrules.game import CHANCE

__all__ = ["play_game"]


def play_game(
    game: Any,
    bots: Sequence[Bot],
    *,
    seed: int,
    start: Literal["match", "hand"] = "match",
    dealer: int | None = None,
    max_steps: int = 1_000_000,
) -> Any:
    """Play from a fresh match (or hand) to the end and return the final state.

    ``bots[s]`` plays seat ``s``; chance draws from ``random.Random(seed)`` and each bot from its
    own generator seeded from ``seed`` and its seat.
    """
    if len(bots) != game.num_players:
        raise CardrulesError(f"{game.name} needs {game.num_players} bots, got {len(bots)}")
    chance_rng = random.Random(seed)
    bot_rngs = [random.Random(seed * 1_000_003 + 7919 * (s + 1)) for s in range(game.num_players)]
    state = game.new_match() if start == "match" else game.new_hand(dealer=dealer)
    for _ in range(max_steps):
        seat = game.to_move(state)
        if seat is None:
            return state
        if seat == CHANCE:
            action = game.sample_chance(state, chance_rng)
        else:
            action = bots[seat].choose(
                game.view(state, seat), game.legal_actions(state), bot_rngs[seat]
            )
        state = game.apply(state, action)
    raise CardrulesError(f"{game.name}: no end after {max_steps} steps")

"""A PettingZoo AEC environment for any cardrules game (extra ``[pettingzoo]``).

>>> # env = cardrules_env("euchre"); env.reset(seed=1)
>>> # for agent in env.agent_iter():
>>> #     obs, reward, terminated, truncated, info = env.last()
>>> #     env.step(None if terminated else int(obs["action_mask"].argmax()))

What maps: agents ``player_0`` … are the seats; the action space is the game's integer encoding
(``Discrete(num_distinct_actions)``); an observation is a dict with ``"observation"``, the flat
encoding of the seat's view (:class:`~cardrules.encoding.ViewEncoder`), and ``"action_mask"``
(``int8``, ones on the legal actions of the agent to move). Chance steps (the deal) are taken by the
environment with a generator seeded through ``reset(seed=…)``. An episode is one hand by default, with
the hand's returns as rewards at its end; with ``episode="match"`` it is a whole match, rewarded at
the end of the match. Out-of-turn actions (claims, revoke corrections) are not offered.

An agent's observation and action mask, and the ``ansi`` text of :meth:`CardrulesAECEnv.render`,
are built from one seat's view alone (the agent's; the seat to move's for the text), never from
the full state.
"""

from __future__ import annotations

import random
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardrules.cli.render import Style, describe_view
from cardrules.encoding import ViewEncoder
from cardrules.errors import CardrulesError
from cardrules.game import CHANCE
from cardrules.registry import get_game

__all__ = ["CardrulesAECEnv", "cardrules_env"]


class CardrulesAECEnv(AECEnv):  # type: ignore[misc]
    """An agent-environment-cycle environment over a cardrules game."""

    metadata = {"render_modes": ["ansi"], "name": "cardrules_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: Any,
        *,
        episode: Literal["hand", "match"] = "hand",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if episode not in ("hand", "match"):
            raise CardrulesError(f"episode must be 'hand' or 'match', not {episode!r}")
        if render_mode not in (None, "ansi"):
            raise CardrulesError(f"unsupported render mode {render_mode!r} (only 'ansi')")
        self.game = game
        self.episode = episode
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cardrules_{game.name}_v0"}
        self.encoder = ViewEncoder(game)
        self.possible_agents = [f"player_{s}" for s in range(game.num_players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        n = game.num_distinct_actions
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._rng = random.Random(0)
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """A dict of ``observation`` (the flat view) and ``action_mask`` (``int8``)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete`` over the game's integer action encoding."""
        return self._action_spaces[agent]

    def _advance_chance(self) -> None:
        while self.game.to_move(self.state) == CHANCE:
            self.state = self.game.apply(self.state, self.game.sample_chance(self.state, self._rng))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode; chance steps draw from a generator seeded with ``seed``."""
        self._rng = random.Random(
            seed if seed is not None else random.SystemRandom().randrange(2**63)
        )
        self.state = (
            self.game.new_hand(dealer=None) if self.episode == "hand" else self.game.new_match()
        )
        self._advance_chance()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move(self.possible_agents[0])

    def _agent_to_move(self, fallback: str) -> str:
        seat = self.game.to_move(self.state)
        if seat is None or seat == CHANCE:
            return fallback
        agent: str = self.possible_agents[seat]
        return agent

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's view, encoded, and the mask of its legal actions (all zero off turn)."""
        seat = self._seat[agent]
        observation = np.asarray(
            self.encoder.encode(self.game.view(self.state, seat)), dtype=np.float32
        )
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if self.game.to_move(self.state) == seat:
            for action in self.game.legal_actions(self.state):
                mask[self.game.action_to_index(action)] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (an integer code); chance steps follow at once."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self.state = self.game.apply(self.state, self.game.index_to_action(int(action)), seat=seat)
        self._advance_chance()
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.is_over(self.state):
            outcome = self.game.outcome(self.state)
            assert outcome is not None
            for a in self.agents:
                self.rewards[a] = float(outcome.returns[self._seat[a]])
                self.terminations[a] = True
        self.agent_selection = self._agent_to_move(agent)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The text the command line shows for the seat to move (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        seat = self.game.to_move(self.state)
        seat = 0 if seat is None or seat == CHANCE else seat
        return describe_view(self.game, self.game.view(self.state, seat), Style(False))

    def close(self) -> None:
        """Nothing to release."""


def cardrules_env(
    name: str,
    *,
    episode: Literal["hand", "match"] = "hand",
    render_mode: str | None = None,
    **rules: Any,
) -> CardrulesAECEnv:
    """The AEC environment of the registered game ``name`` built with ``rules`` options."""
    return CardrulesAECEnv(get_game(name, **rules), episode=episode, render_mode=render_mode)

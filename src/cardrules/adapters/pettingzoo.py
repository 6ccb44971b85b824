"""A PettingZoo AEC environment for any cardrules game (extra ``[pettingzoo]``).

>>> # env = cardrules_env("euchre"); env.reset(seed=1)
>>> # for agent in env.agent_iter():
>>> #     obs, reward, terminated, truncated, info = env.last()
>>> #     env.step(None if terminated else int(obs["action_mask"].argmax()))

What maps: agents ``player_0`` … are the seats; the action space is ``Discrete`` over an action
encoding (:mod:`cardrules.adapters.compact`): by default the compact one, where a multi-card choice
(Rook's bury, a Voormsi group) is taken one card at a time and every game with card choices has at
most 256 codes (a game without any keeps its own codes: the patience's ``pysolfc`` and ``cicely``
presets have 291 and 259); ``encoding="full"`` gives the game's own integer codes, one per action. An observation is a dict
with ``"observation"``, the flat encoding of the seat's view (:class:`~cardrules.encoding.ViewEncoder`)
followed, in the compact encoding of a game that has pending selections, by one feature per card
of the deck (the cards the agent has selected so far, set only while it is to move), and
``"action_mask"`` (``int8``, ones on the legal codes of the agent to move). Chance steps (the deal) are taken by the
environment with a generator seeded through ``reset(seed=…)``. An episode is one hand by default, with
the hand's returns as rewards at its end; with ``episode="match"`` it is a whole match, rewarded at
the end of the match. Out-of-turn actions (claims, revoke corrections) are not offered.

An agent's observation and action mask, and the ``ansi`` text of :meth:`CardrulesAECEnv.render`,
are built from one seat's view alone (the agent's; the seat to move's for the text), never from
the full state. :meth:`CardrulesAECEnv.record` is the episode so far as a game record (the game's
own actions, chance included), which replays with :func:`cardrules.records.replay`.

Bad arguments are refused with the error family of :mod:`cardrules.errors`: a bad value (an
``episode`` or ``render_mode`` that does not exist) an :class:`~cardrules.errors.ArgumentError`, a
bad type (a ``seed`` that is no ``int``) an :class:`~cardrules.errors.ArgumentTypeError`; using the
environment before its first ``reset`` is a :class:`ResetNeededError`.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from cardrules.adapters.compact import Encoding, action_encoding
from cardrules.cli.render import Style, describe_view
from cardrules.encoding import ViewEncoder
from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    extra_imports,
    short_repr,
)
from cardrules.game import CHANCE
from cardrules.records import GameRecord, record_game
from cardrules.registry import get_game

# Without the extra, importing this module says which extra to install (a MissingExtraError).
with extra_imports("pettingzoo", __name__):
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv

__all__ = ["CardrulesAECEnv", "ResetNeededError", "cardrules_env"]


class ResetNeededError(CardrulesError, RuntimeError):
    """An environment was used before its first :meth:`~CardrulesAECEnv.reset` (``step``,
    ``observe``, ``last``, ``record``): it has no episode yet. A ``RuntimeError`` too, as
    Gymnasium's own ``ResetNeeded`` is.

    >>> issubclass(ResetNeededError, RuntimeError)
    True
    """


class CardrulesAECEnv(AECEnv):  # type: ignore[misc]
    """An agent-environment-cycle environment over a cardrules game."""

    metadata = {"render_modes": ["ansi"], "name": "cardrules_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: Any,
        *,
        episode: Literal["hand", "match"] = "hand",
        render_mode: str | None = None,
        encoding: Encoding = "compact",
    ) -> None:
        super().__init__()
        _check_game(game)
        given: object = episode  # the annotation is a promise the caller may not keep
        if type(given) is not str:
            raise ArgumentTypeError(
                f"episode must be 'hand' or 'match', not {type(given).__name__} {short_repr(given)}"
            )
        if episode not in ("hand", "match"):
            raise ArgumentError(f"episode must be 'hand' or 'match', not {short_repr(episode)}")
        if render_mode is not None and type(render_mode) is not str:
            raise ArgumentTypeError(
                f"render_mode must be 'ansi' or None, not {type(render_mode).__name__} "
                f"{short_repr(render_mode)}"
            )
        if render_mode not in (None, "ansi"):
            raise ArgumentError(
                f"unsupported render mode {short_repr(render_mode)} (only 'ansi', or None)"
            )
        self.game = game
        self.episode = episode
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cardrules_{game.name}_v0"}
        self.encoder = ViewEncoder(game)
        self.encoding = action_encoding(game, encoding)
        self.possible_agents = [f"player_{s}" for s in range(game.num_players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        n = self.encoding.num_distinct_actions
        size = self.encoder.size + self.encoding.pending_size
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._rng = random.Random(0)
        self.state: Any = None
        self.pending = 0
        """The cards the agent to move has selected so far (compact encoding), as a bitmask."""
        self._steps: list[tuple[int, Any]] = []
        self._start: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """A dict of ``observation`` (the flat view) and ``action_mask`` (``int8``)."""
        return self._observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete`` over the action encoding's codes."""
        return self._action_spaces[self._agent(agent)]

    def _agent(self, agent: object) -> str:
        """``agent`` if it is one of :attr:`possible_agents`; an :class:`ArgumentError` naming
        them otherwise (a dict's bare ``KeyError`` would not say which agents there are)."""
        if type(agent) is str and agent in self._seat:
            return agent
        if type(agent) is not str:
            raise ArgumentTypeError(
                f"an agent is a str such as 'player_0', not {type(agent).__name__} "
                f"{short_repr(agent)}"
            )
        raise ArgumentError(
            f"no agent {short_repr(agent)} in {self.game.name}: "
            f"the agents are {', '.join(self.possible_agents)}"
        )

    def _advance_chance(self) -> None:
        while self.game.to_move(self.state) == CHANCE:
            action = self.game.sample_chance(self.state, self._rng)
            self.state = self.game.apply(self.state, action)
            self._steps.append((CHANCE, action))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode; chance steps draw from a generator seeded with ``seed`` (an ``int``,
        a NumPy integer too, or ``None`` for a fresh random one). Any other seed — a ``bool``, a
        float, a list — is an :class:`~cardrules.errors.ArgumentTypeError`, before anything
        changes: ``random.Random`` would hash some of them silently into another game."""
        if seed is not None:
            seed = _check_seed(seed)
        if options is not None and not isinstance(options, dict):
            raise ArgumentTypeError(
                f"options must be a dict or None, not {type(options).__name__} "
                f"{short_repr(options)}"
            )
        self._rng = random.Random(
            seed if seed is not None else random.SystemRandom().randrange(2**63)
        )
        self.state = (
            self.game.new_hand(dealer=None) if self.episode == "hand" else self.game.new_match()
        )
        self.pending = 0
        self._steps = []
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
        """The agent's view, encoded (with its pending selection), and the mask of its legal codes
        (all zero off turn)."""
        seat = self._seat[self._agent(agent)]
        self._check_reset("observe")
        encoding = self.encoding
        size = self.encoder.size
        observation = np.zeros(size + encoding.pending_size, dtype=np.float32)
        observation[:size] = self.encoder.encode(self.game.view(self.state, seat))
        mask = np.zeros(encoding.num_distinct_actions, dtype=np.int8)
        if self.game.to_move(self.state) == seat:
            mask[encoding.legal_codes(self.state, self.pending)] = 1
            if self.pending:
                observation[size:] = encoding.pending_features(self.pending)
        return {"observation": observation, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info (see
        PettingZoo's ``AECEnv.last``); before :meth:`reset` a :class:`ResetNeededError`."""
        self._check_reset("last")
        result: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return result

    def step(self, action: Any) -> None:
        """Apply the selected agent's code; chance steps follow at once.

        In the compact encoding a code may only select a card: the agent then stays selected, with
        nothing applied to the game and no reward, until its selection is complete. A code that
        is no ``int`` (a float, a bool, a string; a NumPy integer is fine) is an
        :class:`~cardrules.errors.ArgumentTypeError`, an illegal one an
        :class:`~cardrules.errors.IllegalActionError` citing the game's rule; neither changes
        anything.
        """
        self._check_reset("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        # The raw code goes to the encoding, which refuses a bool, a float or a string (``int``
        # would truncate 0.5 to a legal 0) before anything changes.
        self.pending, chosen = self.encoding.step(self.state, self.pending, action)
        if chosen is not None:
            self.state = self.game.apply(self.state, chosen, seat=seat)
            self._steps.append((seat, chosen))
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

    def record(self) -> GameRecord:
        """The episode so far as a :class:`~cardrules.records.GameRecord`: the game's own actions
        (a group selected card by card is one action), chance steps included."""
        self._check_reset("record")
        start: Literal["hand", "match"] = "hand" if self.episode == "hand" else "match"
        return record_game(self.game, self._steps, start=start)

    def _check_reset(self, method: str) -> None:
        """Refuse ``method`` before the first :meth:`reset`: there is no episode yet."""
        if self.state is None:
            raise ResetNeededError(f"{method}() needs an episode: call reset() first")

    def render(self) -> str | None:
        """The text the command line shows for the seat to move (``render_mode="ansi"``), and the
        cards it has selected so far (compact encoding)."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        seat = self.game.to_move(self.state)
        seat = 0 if seat is None or seat == CHANCE else seat
        text = describe_view(self.game, self.game.view(self.state, seat), Style(False))
        if self.pending:  # the seat to move is choosing a group: its cards so far
            cards = self.encoding.pending_cards(self.pending)
            text += "\nselected: " + " ".join(card.ascii for card in cards)
        return text

    def close(self) -> None:
        """Nothing to release."""


def _check_seed(seed: object) -> int:
    """``seed`` as an ``int``: an ``int`` or a NumPy integer, never a ``bool``."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise ArgumentTypeError(
            f"seed must be an int or None, not {type(seed).__name__} {short_repr(seed)}"
        )
    return int(seed)


_GAME_METHODS = ("new_hand", "new_match", "to_move", "legal_actions", "apply", "view", "is_over")


def _check_game(game: object) -> None:
    """Refuse anything but a game object (a registered name goes to :func:`cardrules_env`)."""
    missing = [name for name in _GAME_METHODS if not callable(getattr(game, name, None))]
    if missing:
        hint = (
            f" (for a registered name use cardrules_env({game!r:.40}))"
            if isinstance(game, str)
            else ""
        )
        raise ArgumentTypeError(
            f"CardrulesAECEnv takes a cardrules game such as get_game('euchre'), not "
            f"{type(game).__name__} {short_repr(game)}{hint}"
        )


def cardrules_env(
    name: str,
    *,
    episode: Literal["hand", "match"] = "hand",
    render_mode: str | None = None,
    encoding: Encoding = "compact",
    **rules: Any,
) -> CardrulesAECEnv:
    """The AEC environment of the registered game ``name`` built with ``rules`` options, in the
    ``encoding`` of :mod:`cardrules.adapters.compact` (``"compact"`` or ``"full"``)."""
    return CardrulesAECEnv(
        get_game(name, **rules), episode=episode, render_mode=render_mode, encoding=encoding
    )

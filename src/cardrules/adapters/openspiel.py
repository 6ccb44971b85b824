"""Register cardrules games as Python games in OpenSpiel's ``pyspiel`` (extra ``[openspiel]``).

:func:`register` wraps one game (by registry name and rules options) as ``cardrules_<name>`` and
returns a loaded ``pyspiel.Game``; :func:`register_all` does it for every registered game. A wrapped
game is **one hand** (OpenSpiel's own card games are single deals too).

What maps:

* the Game protocol's integer action encoding is OpenSpiel's action space
  (``num_distinct_actions``);
* cardrules' shuffle — one ``Deal(order)`` chance action — becomes one chance node per card dealt,
  each with the remaining cards as uniform outcomes (a card's copies in a two-pack deck are one
  outcome, weighted by the copies left), so ``chance_outcomes()`` enumerates; a ``ChooseDealer``
  is a chance node over the seats;
* a game may reject a whole shuffle and ask for another one (Tournament's T2: no Ace or King among
  the eight reserve cards). The first shuffle of a hand fills the deck's positions in order; each
  later one fills them in another fixed order (a permutation that depends only on how many
  shuffles came before). Each shuffle stays exactly uniform, and an algorithm that always takes
  the first (or the last) chance outcome no longer deals the same rejected deck forever;
* information state and observation strings and tensors come from the seat's view
  (:class:`~cardrules.encoding.ViewEncoder`);
* ``resample_from_infostate`` is backed by the game's ``sample_state``;
* ``returns`` are the hand outcome's returns in ``[-1, 1]``.

What does not: out-of-turn actions (claims, revoke corrections) are not offered — OpenSpiel has one
actor per node; a state's history is OpenSpiel's own list of integers.

>>> # game = register("euchre"); state = game.new_initial_state()   (needs pyspiel)
"""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
import pyspiel

from cardrules.encoding import ViewEncoder
from cardrules.game import CHANCE, ChooseDealer, Deal
from cardrules.registry import available_games, get_game

__all__ = ["register", "register_all"]

_MAX_GAME_LENGTH = 5_000


class _Observer:
    """OpenSpiel's PyObserver interface over a cardrules view."""

    def __init__(self, encoder: ViewEncoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: CardrulesState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(state.view(player))

    def string_from(self, state: CardrulesState, player: int) -> str:
        return repr(state.view(player))


class _Shared:
    """Holds an immutable value; copying and deep-copying return the holder itself."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __copy__(self) -> _Shared:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class CardrulesState(pyspiel.State):  # type: ignore[misc]
    """A mutable OpenSpiel state holding an immutable cardrules state (and a deal in progress).

    ``clone()`` shares the cardrules state and its game instead of copying them: both are
    immutable values.
    """

    def __init__(self, game: CardrulesSpielGame, inner: Any = None) -> None:
        super().__init__(game)
        self._game = _Shared(game.cardrules_game)
        self._inner = _Shared(
            inner if inner is not None else game.cardrules_game.new_hand(dealer=None)
        )
        self._dealt: list[int] = []
        self._taken = 0
        self._shuffles = 0

    @property
    def _cr(self) -> Any:
        return self._game.value

    @property
    def inner(self) -> Any:
        """The cardrules state."""
        return self._inner.value

    @inner.setter
    def inner(self, value: Any) -> None:
        """Replace the cardrules state (shared with clones until then)."""
        self._inner = _Shared(value)

    # -- OpenSpiel API ------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to move, or pyspiel's CHANCE / TERMINAL player id."""
        seat = self._cr.to_move(self.inner)
        if seat is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if seat == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return int(seat)

    def _chance_kind(self) -> type:
        return type(self._cr.sample_chance(self.inner, random.Random(0)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The first dealer (uniform), or the next card of the deal: each distinct card still
        undealt, with the share of the undealt cards it makes up."""
        if self._chance_kind() is ChooseDealer:
            n = self._cr.num_players
            return [(s, 1.0 / n) for s in range(n)]
        deck = self._cr.deck
        left = len(deck) - len(self._dealt)
        outcomes = []
        for indices in _copies(deck).values():
            free = [i for i in indices if not self._taken >> i & 1]
            if free:
                outcomes.append((free[0], len(free) / left))
        return sorted(outcomes)

    def _legal_actions(self, player: int) -> list[int]:
        if self._cr.to_move(self.inner) != player:
            return []
        return sorted(self._cr.action_to_index(a) for a in self._cr.legal_actions(self.inner))

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            if self._chance_kind() is ChooseDealer:
                self.inner = self._cr.apply(self.inner, ChooseDealer(int(action)))
                return
            self._dealt.append(int(action))
            self._taken |= 1 << int(action)
            if len(self._dealt) == len(self._cr.deck):
                positions = _fill_order(len(self._dealt), self._shuffles)
                order = [0] * len(self._dealt)
                for position, card in zip(positions, self._dealt, strict=True):
                    order[position] = card
                self.inner = self._cr.apply(self.inner, Deal(tuple(order)))
                self._dealt, self._taken = [], 0
                self._shuffles += 1
            return
        self.inner = self._cr.apply(self.inner, self._cr.index_to_action(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._chance_kind() is ChooseDealer:
                return f"dealer {action}"
            return f"card {self._cr.deck.cards[action]}"
        return str(self._cr.format_action(self._cr.index_to_action(int(action))))

    def is_terminal(self) -> bool:
        """Whether the cardrules game is over."""
        return bool(self._cr.is_over(self.inner))

    def returns(self) -> list[float]:
        """The outcome's returns per seat (zeros before the end)."""
        outcome = self._cr.outcome(self.inner)
        if outcome is None:
            return [0.0] * self._cr.num_players
        return [float(r) for r in outcome.returns]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardrulesState:
        """A state with the same information state for ``player_id``, hidden cards dealt anew."""
        seed = int(probability_sampler() * 2**53)
        rng = random.Random(seed)
        sampled = self._cr.sample_state(self.view(player_id), rng)
        state = CardrulesState(self.get_game(), sampled)
        state._shuffles = self._shuffles
        if self._dealt:
            # A shuffle in progress is hidden from every seat: deal its cards so far anew.
            dealt = rng.sample(range(len(self._cr.deck)), len(self._dealt))
            state._dealt = dealt
            state._taken = sum(1 << i for i in dealt)
        return state

    def view(self, player: int) -> Any:
        """The cardrules view of ``player``."""
        return self._cr.view(self.inner, player)

    def __str__(self) -> str:
        return repr(self.inner)


@functools.lru_cache(maxsize=64)
def _fill_order(size: int, shuffle: int) -> tuple[int, ...]:
    """The deck positions that the chance nodes of the ``shuffle``-th shuffle of a hand fill, in
    order: ``0, 1, 2 …`` for the first; for each later one a fixed permutation drawn from a
    generator seeded with its number (any fixed order keeps the shuffle uniform; a new order each
    time keeps a deterministic choice of outcomes from dealing a rejected deck again)."""
    positions = list(range(size))
    if shuffle:
        random.Random(f"cardrules-openspiel-shuffle:{shuffle}").shuffle(positions)
    return tuple(positions)


def _copies(deck: Any) -> dict[Any, tuple[int, ...]]:
    return {card: deck.indices(card) for card in dict.fromkeys(deck.cards)}


class CardrulesSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A cardrules game (one hand) as a pyspiel game; :func:`register` makes one subclass per game."""

    cardrules_game: Any = None
    encoder: Any = None
    game_type: Any = None
    game_info: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(self.game_type, self.game_info, params or {})

    def new_initial_state(self) -> CardrulesState:
        """A new hand, its deal still to come as chance nodes."""
        return CardrulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer writing the game's :class:`~cardrules.encoding.ViewEncoder` features."""
        return _Observer(self.encoder)


def register(name: str, **rules: Any) -> Any:
    """Register ``cardrules_<name>`` with pyspiel and return the loaded game."""
    game = get_game(name, **rules)
    short_name = f"cardrules_{name}"
    players = game.num_players
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=f"cardrules {name} (one hand)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM
        if players > 1
        else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions,
        max_chance_outcomes=max(len(game.deck), players),
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if players > 1 else None,
        max_game_length=getattr(game, "max_game_length", _MAX_GAME_LENGTH),
    )

    game_class = type(
        f"CardrulesSpielGame_{name}",
        (CardrulesSpielGame,),
        {
            "cardrules_game": game,
            "encoder": ViewEncoder(game),
            "game_type": game_type,
            "game_info": info,
        },
    )
    pyspiel.register_game(game_type, game_class)
    return pyspiel.load_game(short_name)


def register_all() -> dict[str, Any]:
    """Register every game of the cardrules registry; returns ``{short_name: pyspiel game}``."""
    return {f"cardrules_{name}": register(name) for name in available_games()}

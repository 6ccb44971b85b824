"""Register cardrules games as Python games in OpenSpiel's ``pyspiel`` (extra ``[openspiel]``).

:func:`register` wraps one game (by registry name and rules options) as ``cardrules_<name>`` and
returns a loaded ``pyspiel.Game``; :func:`register_all` does it for every registered game. A wrapped
game is **one hand** (OpenSpiel's own card games are single deals too).

What maps:

* OpenSpiel's action space (``num_distinct_actions``) is an action encoding of
  :mod:`cardrules.adapters.compact`: by default the compact one, where a multi-card choice (Rook's
  bury, a Voormsi group) is taken one card at a time, at most 256 codes for every game with card
  choices; with ``encoding="full"`` the Game protocol's own integer codes, one per action. A game
  none of whose actions names a card keeps its own codes in both (the patience's ``pysolfc`` and
  ``cicely`` presets: 291 and 259 codes), and its ``long_name`` says ``full actions``. The cards a player has
  selected so far (the *pending* selection) are part of the wrapped state, next to the cardrules
  state, and of that player's information state and observation (strings and tensors), not of
  anyone else's;
* cardrules' shuffle — one ``Deal(order)`` chance action — becomes one chance node per card dealt,
  each with the remaining cards as uniform outcomes (a card's copies in a two-pack deck are one
  outcome, weighted by the copies left), so ``chance_outcomes()`` enumerates; a ``ChooseDealer``
  is a chance node over the seats. A chance code is checked as it comes: a card dealt already or
  no card of the deck is an :class:`~cardrules.errors.IllegalActionError` citing the game's deal
  rule, and the state stays as it was;
* a game may reject a whole shuffle and ask for another one (Tournament's T2: no Ace or King among
  the eight reserve cards). The first shuffle of a hand fills the deck's positions in order; each
  later one fills them in another fixed order (a permutation that depends only on how many
  shuffles came before). Each shuffle stays exactly uniform, and an algorithm that always takes
  the first (or the last) chance outcome no longer deals the same rejected deck forever;
* information state and observation strings and tensors come from the seat's view
  (:class:`~cardrules.encoding.ViewEncoder`);
* ``resample_from_infostate`` is backed by the game's ``sample_state``;
* ``returns`` are the hand outcome's returns in ``[-1, 1]``;
* ``CardrulesState.record()`` is the hand so far as a cardrules game record (the game's own
  actions, one ``Deal`` per shuffle), which replays with :func:`cardrules.records.replay`.

What does not: out-of-turn actions (claims, revoke corrections) are not offered — OpenSpiel has one
actor per node; a state's history is OpenSpiel's own list of integers.

>>> # game = register("euchre"); state = game.new_initial_state()   (needs pyspiel)
"""

from __future__ import annotations

import functools
import random
from typing import Any

from cardrules.adapters.compact import ActionEncoding, Encoding, action_encoding
from cardrules.encoding import ViewEncoder
from cardrules.errors import IllegalActionError, RecordError, extra_imports, short_repr
from cardrules.game import CHANCE, ChooseDealer, Deal
from cardrules.records import GameRecord, record_game
from cardrules.registry import available_games, get_game

# Without the extra, importing this module says which extra to install (a MissingExtraError).
with extra_imports("openspiel", __name__):
    import numpy as np
    import pyspiel

__all__ = ["register", "register_all"]

_MAX_GAME_LENGTH = 5_000


class _Observer:
    """OpenSpiel's PyObserver interface over a cardrules view (and the player's own pending
    selection, in the compact encoding)."""

    def __init__(self, encoder: ViewEncoder, encoding: ActionEncoding) -> None:
        self.encoder = encoder
        self.encoding = encoding
        self.tensor = np.zeros(encoder.size + encoding.pending_size, np.float32)
        self.dict = {"view": self.tensor[: encoder.size]}
        if encoding.pending_size:
            self.dict["selected"] = self.tensor[encoder.size :]

    def set_from(self, state: CardrulesState, player: int) -> None:
        size = self.encoder.size
        self.tensor[:size] = self.encoder.encode(state.view(player))
        self.tensor[size:] = self.encoding.pending_features(state.pending_of(player))

    def string_from(self, state: CardrulesState, player: int) -> str:
        text = repr(state.view(player))
        pending = state.pending_of(player)
        if pending:
            cards = self.encoding.pending_cards(pending)
            text += " selected: " + " ".join(card.ascii for card in cards)
        return text


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
    """A mutable OpenSpiel state holding an immutable cardrules state, the pending selection of the
    player to move (compact encoding) and a deal in progress.

    ``clone()`` shares the cardrules state and its game instead of copying them: both are
    immutable values.
    """

    def __init__(self, game: CardrulesSpielGame, inner: Any = None) -> None:
        super().__init__(game)
        self._game = _Shared(game.cardrules_game)
        self._encoding = _Shared(game.action_encoding)
        self._inner = _Shared(
            inner if inner is not None else game.cardrules_game.new_hand(dealer=None)
        )
        self.pending = 0
        """The cards the player to move has selected so far, as a bitmask over the deck."""
        self._dealt: list[int] = []
        self._taken = 0
        self._shuffles = 0
        # The game's actions so far, as a linked list (parent, seat, action) shared by clones;
        # ``False`` for a resampled state, which has no history of its own.
        self._steps: _Shared = _Shared(None if inner is None else False)

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

    def _take(self, seat: int, action: Any) -> None:
        """Apply a game action and remember it for :meth:`record`."""
        self.inner = self._cr.apply(self.inner, action)
        if self._steps.value is not False:
            self._steps = _Shared((self._steps.value, seat, action))

    def pending_of(self, player: int) -> int:
        """``player``'s pending selection: the state's if ``player`` is to move, else none."""
        return self.pending if self.pending and self.current_player() == player else 0

    def record(self) -> GameRecord:
        """The hand so far as a :class:`~cardrules.records.GameRecord` of the cardrules game:
        one action per group selected card by card, one ``Deal`` per completed shuffle (a shuffle
        in progress is left out). A state from ``resample_from_infostate`` has none."""
        node = self._steps.value
        if node is False:
            raise RecordError("a resampled state has no record: its deal was never played")
        steps = []
        while node is not None:
            node, seat, action = node
            steps.append((seat, action))
        return record_game(self._cr, reversed(steps), start="hand", dealer=None)

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

    def _refuse_card(self, action: object, why: str) -> None:
        """Refuse a deal chance outcome, citing the rule with which the game refuses a bad deal."""
        try:
            self._cr.apply(self.inner, Deal(()))
        except IllegalActionError as error:
            rule = error.rule
        else:  # pragma: no cover - every game refuses an empty deal
            rule = None
        raise IllegalActionError(
            rule,
            f"chance outcome {short_repr(action)} {why} (the undealt cards are the outcomes)",
            action=short_repr(action),
            legal=[code for code, _ in self.chance_outcomes()],
        )

    def _legal_actions(self, player: int) -> list[int]:
        if self._cr.to_move(self.inner) != player:
            return []
        codes: list[int] = self._encoding.value.legal_codes(self.inner, self.pending)
        return codes

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            if self._chance_kind() is ChooseDealer:
                self._take(CHANCE, ChooseDealer(int(action)))
                return
            # Checked before anything changes: a card dealt already, or no card of the deck,
            # would otherwise be refused only by the whole shuffle, at its last card.
            if type(action) is not int or not 0 <= action < len(self._cr.deck):
                self._refuse_card(action, "is not a card index of the deck")
            if self._taken >> action & 1:
                self._refuse_card(action, "is a card dealt already in this shuffle")
            self._dealt.append(action)
            self._taken |= 1 << action
            if len(self._dealt) == len(self._cr.deck):
                positions = _fill_order(len(self._dealt), self._shuffles)
                order = [0] * len(self._dealt)
                for position, card in zip(positions, self._dealt, strict=True):
                    order[position] = card
                self._take(CHANCE, Deal(tuple(order)))
                self._dealt, self._taken = [], 0
                self._shuffles += 1
            return
        seat = self._cr.to_move(self.inner)
        self.pending, chosen = self._encoding.value.step(self.inner, self.pending, int(action))
        if chosen is not None:
            self._take(seat, chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._chance_kind() is ChooseDealer:
                return f"dealer {action}"
            return f"card {self._cr.deck.cards[action]}"
        if self.is_terminal():
            return f"action {int(action)}"
        encoding = self._encoding.value
        if player != self.current_player():
            # Only the seat to move may read its legal groups (and its own pending selection)
            # into the text: any other seat gets the code's state-free name.
            name: str = encoding.code_name(int(action))
            return name
        text: str = encoding.code_to_string(self.inner, self.pending, int(action))
        return text

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
        """A state with the same information state for ``player_id``, hidden cards dealt anew.

        The pending selection is kept when ``player_id`` made it; for anyone else it is dropped (a
        choice not yet made, hidden like the cards), so the player to move starts its choice anew.
        """
        seed = int(probability_sampler() * 2**53)
        rng = random.Random(seed)
        sampled = self._cr.sample_state(self.view(player_id), rng)
        state = CardrulesState(self.get_game(), sampled)
        state._shuffles = self._shuffles
        state.pending = self.pending_of(player_id)
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
    action_encoding: Any = None
    encoder: Any = None
    game_type: Any = None
    game_info: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(self.game_type, self.game_info, params or {})

    def new_initial_state(self) -> CardrulesState:
        """A new hand, its deal still to come as chance nodes."""
        return CardrulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer writing the game's :class:`~cardrules.encoding.ViewEncoder` features (and
        the player's pending selection, in the compact encoding)."""
        return _Observer(self.encoder, self.action_encoding)


def register(name: str, *, encoding: Encoding = "compact", **rules: Any) -> Any:
    """Register ``cardrules_<name>`` with pyspiel and return the loaded game.

    ``encoding`` is the action encoding of :mod:`cardrules.adapters.compact`: ``"compact"`` (the
    default) or ``"full"``, registered as ``cardrules_<name>_full``. A game that keeps its own
    codes in the compact encoding (:func:`~cardrules.adapters.compact.keeps_own_codes`: Euchre,
    the patience, its ``pysolfc`` and ``cicely`` presets included) is registered under the
    compact name with its full codes, and its ``long_name`` says ``full actions``. A bad
    ``encoding`` is an :class:`~cardrules.errors.ArgumentError`.
    """
    game = get_game(name, **rules)
    codes = action_encoding(game, encoding)
    short_name = f"cardrules_{name}" if encoding == "compact" else f"cardrules_{name}_full"
    players = game.num_players
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=f"cardrules {name} (one hand, {codes.name} actions)",
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
        num_distinct_actions=codes.num_distinct_actions,
        max_chance_outcomes=max(len(game.deck), players),
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if players > 1 else None,
        # A group of k cards takes up to k + 1 steps in the compact encoding.
        max_game_length=getattr(game, "max_game_length", _MAX_GAME_LENGTH)
        * (1 if codes.is_full else 5),
    )

    game_class = type(
        f"CardrulesSpielGame_{name}",
        (CardrulesSpielGame,),
        {
            "cardrules_game": game,
            "action_encoding": codes,
            "encoder": ViewEncoder(game),
            "game_type": game_type,
            "game_info": info,
        },
    )
    pyspiel.register_game(game_type, game_class)
    return pyspiel.load_game(short_name)


def register_all(encoding: Encoding = "compact") -> dict[str, Any]:
    """Register every game of the cardrules registry; returns ``{short_name: pyspiel game}``."""
    games = {name: register(name, encoding=encoding) for name in available_games()}
    return {game.get_type().short_name: game for game in games.values()}

"""Hypothesis strategies for any registered game: reachable states by phase, legal actions,
positions as text.

Every state these strategies give is *reachable*: played from ``new_hand``/``new_match`` through
``game.apply`` with legal actions, never built by hand. The play is drawn with Hypothesis, one
choice index per step, so a failing example shrinks towards a short history (the first legal
actions, the first state of the phase). Rare phases are *steered* to, not filtered for: the
drawing prefers the actions that lead towards the phase asked for, so Hypothesis's health checks
stay quiet.

>>> from hypothesis import given, settings
>>> @settings(max_examples=10, database=None)
... @given(states("euchre", phase="bidding", seat_to_move=0))
... def test_dealer_may_order(state):
...     assert game.to_move(state) == 0
>>> game = get_game("euchre")
>>> test_dealer_may_order()

.. rubric:: Phases

``phase`` names where the state is. The names of the game's own phases (``state.phase``: Euchre's
``"bidding"``, ``"discard"``, ``"play"`` …, Rook's ``"bury"`` and ``"trump"``, the patience's
``"play"`` and ``"over"``) are matched as they are; these are derived from the protocol and the
optional hooks below, for every game that has what they need (a space or a hyphen reads as ``_``):

``"last_trick"``
    a seat to move in a trick that can end the hand: the drawn play ended the hand with it (the
    card zone ``"trick"``). In a game of a fixed number of tricks, the last one.
``"hand_over"``
    a hand has just ended: a single hand's end, or a match between two hands (or over).
``"match_point"``
    a seat to move in the hand that ended the match, started with the scores near the target
    (the starting-scores hook).
``"revoke_pending"``
    a seat to move while a revoke stands (``state.revokes``; the game's revoke mode, such as
    the ``table_play`` presets of Euchre and Rook).
``"stock_empty"``, ``"after_redeal"``
    a seat to move once the card zone ``"stock"`` is empty, or after it was gathered again (the
    patience's redeal).
``None`` (the default)
    any state of a hand.

A phase a game cannot reach raises :class:`~cardrules.errors.ArgumentError` naming the phase and
the game when the strategy is made (it is looked for first with a few hands of seeded play).

.. rubric:: Optional hooks

A plugin gets what it implements; each hook is looked up with ``getattr``, and the
:class:`StrategyHooks` protocol documents them:

* ``state.phase`` — text naming the phase: lets ``phase=`` name the game's own phases.
* ``game.new_match(scores=…)`` and ``game.rules.target_score`` (or ``rules.target``) — starting
  scores and the match target: ``"match_point"`` starts near the target (without them it plays
  whole matches from the start).
* ``state.revokes`` — the revokes standing: ``"revoke_pending"``.
* the trump: ``game.trump_of(state)``, else ``state.trump``, else ``state.contract.trump``, else
  the trick layer's ``game.trump(state.contract)``: ``trump=``.
* ``game.position_text(state)`` — :func:`positions`; ``game.parse_position(text)`` — ``start=``
  as text (play then starts from that position).
* ``game.card_zones(state)`` (the protocol) with zones named ``"trick"`` and ``"stock"``.

Needs Hypothesis: ``pip install "cardrules[testing]"``; without it, importing this module raises
:class:`~cardrules.errors.MissingExtraError`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final, Protocol, runtime_checkable

import attrs

from cardrules.cards import Suit
from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    extra_imports,
    short_repr,
)
from cardrules.game import CHANCE, Deal, check_seat

with extra_imports("testing", "cardrules.strategies"):
    from hypothesis import reject
    from hypothesis import strategies as st

__all__ = [
    "DERIVED_PHASES",
    "Reached",
    "StrategyHooks",
    "actions",
    "histories",
    "phases",
    "positions",
    "states",
    "states_with_actions",
]

DERIVED_PHASES: Final = (
    "last_trick",
    "hand_over",
    "match_point",
    "revoke_pending",
    "stock_empty",
    "after_redeal",
)
"""The phases these strategies derive from the protocol and the optional hooks (the game's own
phase names come from ``state.phase``)."""

_MAX_STEPS: Final = 3000  # actions in one drawing, a whole match included
_MAX_HANDS: Final = 12  # hands of a match drawn for "match_point"
_ATTEMPTS: Final = 4  # drawings per example before it is rejected
_PROBES: Final = 40  # seeded drawings looking for a phase when a strategy is made
_LOOKAHEAD_MAX: Final = 40  # legal actions tried one step ahead at most, when steering
_SKIP_MAX: Final = 40  # states of the phase passed over at most (shrinks to 0: the first)


@runtime_checkable
class StrategyHooks(Protocol):
    """The optional hooks of a game that the strategies use, found with ``getattr``; a game
    implements any of them (none is required beyond the :class:`~cardrules.game.Game` protocol):

    * ``position_text(state) -> str`` and ``parse_position(text) -> state``: :func:`positions`,
      and ``start=`` given as text.
    * ``new_match(scores=…)``, with the target as ``rules.target_score`` or ``rules.target``: the
      starting scores of ``"match_point"``.
    * ``trump_of(state) -> Suit | None``: the trump of ``trump=`` (else ``state.trump``,
      ``state.contract.trump`` or ``trump(state.contract)``).

    On the state: ``phase`` (text) and ``revokes`` (the revokes standing, a sized collection).
    """

    def position_text(self, state: Any) -> str:
        """The one-line text of ``state``."""
        ...

    def parse_position(self, text: str) -> Any:
        """The state of a position text."""
        ...


@attrs.frozen(repr=False)
class Reached:
    """A state and the legal play that reached it: ``start`` says how play began
    (``"new_hand(dealer=0)"``, ``"new_match(scores=(9, 9))"``, ``"position …"``), ``history`` is
    the ``(seat, action)`` steps (``seat`` is :data:`~cardrules.game.CHANCE` for a chance step).

    Its ``repr`` is the play in notation, which is what Hypothesis prints for a failing example.
    """

    game: Any
    start: str
    history: tuple[tuple[int, Any], ...]
    state: Any
    first: Any = attrs.field(eq=False)

    def replay(self) -> Any:
        """The state that ``history`` reaches from ``first`` (the start) through ``game.apply``:
        equal to ``state``, as every step is legal.

        >>> from hypothesis import given, settings
        >>> @settings(max_examples=5, database=None)
        ... @given(histories("tournament", "stock_empty"))
        ... def test_replay(reached):
        ...     assert reached.replay() == reached.state
        >>> test_replay()
        """
        state = self.first
        for seat, action in self.history:
            state = self.game.apply(state, action, seat=None if seat == CHANCE else seat)
        return state

    def notation(self) -> tuple[str, ...]:
        """The steps in the game's notation, ``"seat 2: play JH"`` (``"chance: deal …"``)."""
        return tuple(
            f"{'chance' if seat == CHANCE else f'seat {seat}'}: {self.game.format_action(action)}"
            for seat, action in self.history
        )

    def __repr__(self) -> str:
        steps = ", ".join(_cut(text) for text in self.notation())
        return f"Reached({self.game.name}, {self.start}: [{steps}])"


def _cut(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- the hooks ---------------------------------------------------------------------------------


def _phase_of(state: Any) -> str | None:
    phase = getattr(state, "phase", None)
    return phase if isinstance(phase, str) else None


def _revokes_of(state: Any) -> int | None:
    revokes = getattr(state, "revokes", None)
    try:
        return len(revokes)  # type: ignore[arg-type]
    except TypeError:
        return None


def _trump_of(game: Any, state: Any) -> Suit | None:
    hook = getattr(game, "trump_of", None)
    if callable(hook):
        return _suit(hook(state))
    if hasattr(state, "trump"):
        return _suit(state.trump)
    contract = getattr(state, "contract", None)
    if contract is None:
        return None
    if hasattr(contract, "trump"):
        return _suit(contract.trump)
    layer = getattr(game, "trump", None)
    return _suit(layer(contract)) if callable(layer) else None


def _has_trump_hook(game: Any, state: Any) -> bool:
    return (
        callable(getattr(game, "trump_of", None))
        or hasattr(state, "trump")
        or callable(getattr(game, "trump", None))
        or hasattr(state, "contract")  # a trick game's contract: its trump once it is made
    )


def _suit(value: object) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    if type(value) is int:  # a suit as its index (Rook's state.trump)
        return Suit(value)
    raise ArgumentTypeError(f"a game's trump must be a Suit or None, not {short_repr(value)}")


def _target_of(game: Any) -> int | None:
    rules = getattr(game, "rules", None)
    for name in ("target_score", "target"):
        value = getattr(rules, name, None)
        if type(value) is int and value > 0:
            return value
    return None


def _zone_size(game: Any, state: Any, zone: str) -> int:
    return len(game.card_zones(state).get(zone, ()))


# -- what to draw ------------------------------------------------------------------------------


@attrs.frozen
class _Goal:
    """What to reach: ``phase`` (a derived phase or one of the game's own), with the constraints."""

    phase: str | None
    seat: int | None
    trump: Suit | None
    start: Any  # a state to play on from, or None
    start_text: str
    needs_action: bool
    near_target: tuple[int, int] | None  # (sides, step) of the starting scores, "match_point"

    @property
    def derived(self) -> bool:
        return self.phase in DERIVED_PHASES

    @property
    def hindsight(self) -> bool:
        """Whether a state's membership shows only once the hand (the match) has ended."""
        return self.phase in ("last_trick", "match_point")

    @property
    def whole_match(self) -> bool:
        return self.phase == "match_point"


class _Draws(Protocol):
    def index(self, n: int) -> int: ...
    def coin(self) -> bool: ...
    def skip(self) -> int: ...
    def seed(self) -> int: ...
    def steer(self) -> bool: ...


class _HypothesisDraws:
    """Choices drawn by Hypothesis: each shrinks towards the short, simple history."""

    def __init__(self, draw: st.DrawFn) -> None:
        self._draw = draw

    def index(self, n: int) -> int:
        return 0 if n <= 1 else self._draw(st.integers(0, n - 1))

    def coin(self) -> bool:
        return self._draw(st.booleans())

    def skip(self) -> int:
        return self._draw(st.integers(0, _SKIP_MAX))

    def seed(self) -> int:
        return self._draw(st.integers(0, 2**32 - 1))

    def steer(self) -> bool:
        return self._draw(st.integers(0, 3)) != 3  # shrinks to steering: the shorter way


class _RandomDraws:
    """The same choices from a seeded :class:`random.Random`: how a phase is looked for first."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def index(self, n: int) -> int:
        return 0 if n <= 1 else self._rng.randrange(n)

    def coin(self) -> bool:
        return self._rng.random() < 0.5

    def skip(self) -> int:
        return self._rng.randrange(4)

    def seed(self) -> int:
        return self._rng.getrandbits(32)

    def steer(self) -> bool:
        return self._rng.random() < 0.75


def _begin(game: Any, goal: _Goal, draws: _Draws) -> tuple[Any, str]:
    """The first state of a drawing and how it was made."""
    if goal.start is not None:
        return goal.start, goal.start_text
    if goal.whole_match:
        if goal.near_target is None:
            return game.new_match(), "new_match()"
        return _near_target_match(game, goal.near_target, draws)
    if goal.phase == "hand_over" and draws.coin():
        return game.new_match(), "new_match()"
    n = game.num_players
    pick = draws.index(n + 1)
    dealer = None if pick == n else pick
    return game.new_hand(dealer=dealer), f"new_hand(dealer={dealer})"


def _near_target_match(game: Any, shape: tuple[int, int], draws: _Draws) -> tuple[Any, str]:
    sides, step = shape
    target = _target_of(game)
    assert target is not None
    scores = tuple(max(0, target - step * (1 + draws.index(3))) for _ in range(sides))
    try:
        return game.new_match(scores=scores), f"new_match(scores={scores})"
    except CardrulesError:  # a combination the game refuses: the one known to be accepted
        scores = (max(0, target - step),) * sides
        return game.new_match(scores=scores), f"new_match(scores={scores})"


def _find_near_target(game: Any) -> tuple[int, int] | None:
    """``(sides, step)`` such that ``new_match(scores=(target - step,) * sides)`` is accepted."""
    target = _target_of(game)
    if target is None:
        return None
    teams = getattr(getattr(game, "teams", None), "teams", None)
    counts = [len(teams)] if isinstance(teams, tuple) else []
    counts += [2, game.num_players, 1]
    for sides in dict.fromkeys(counts):
        for step in (1, 5, 10, 20, 25, 50):
            if step >= target:
                break
            try:
                game.new_match(scores=(target - step,) * sides)
            except (CardrulesError, TypeError):
                continue
            return sides, step
    return None


def _accept(game: Any, goal: _Goal, state: Any, seat: int | None) -> bool:
    """Whether ``state`` meets the constraints (the phase aside)."""
    if goal.seat is not None and seat != goal.seat:
        return False
    if goal.needs_action and seat is None:
        return False
    return goal.trump is None or _trump_of(game, state) == goal.trump


class _Walk:
    """One drawing's play: states, steps, and what the derived phases remember of it."""

    def __init__(self, game: Any, goal: _Goal, state: Any) -> None:
        self.game = game
        self.goal = goal
        self.states = [state]
        self.history: list[tuple[int, Any]] = []
        self.hand_start = 0  # index of the first state of the hand in progress
        self.acted = False  # whether a seat has acted in the hand in progress
        self.stock_emptied = False
        self.trick_empty = [self._trick_empty(state)] if goal.phase == "last_trick" else []

    def _trick_empty(self, state: Any) -> bool:
        return _zone_size(self.game, state, "trick") == 0

    def push(self, seat: int, action: Any, state: Any) -> None:
        self.states.append(state)
        self.history.append((seat, action))
        if type(action) is Deal:
            self.hand_start = len(self.states) - 1
            self.acted = False
            self.stock_emptied = False
        elif seat != CHANCE:
            self.acted = True
        if self.goal.phase == "last_trick":
            self.trick_empty.append(self._trick_empty(state))

    def hand_ended(self, state: Any, seat: int | None) -> bool:
        return seat is None or (seat == CHANCE and self.acted)

    def matches(self, state: Any, seat: int | None) -> bool:
        """Whether ``state`` is in the phase (the phases known without hindsight)."""
        phase = self.goal.phase
        game = self.game
        if phase is None:
            return True
        if not self.goal.derived:
            return _phase_of(state) == phase
        if phase == "hand_over":
            return self.hand_ended(state, seat)
        if seat is None or seat == CHANCE:
            return False
        if phase == "revoke_pending":
            return bool(_revokes_of(state))
        stock = _zone_size(game, state, "stock")
        if phase == "stock_empty":
            return stock == 0
        if stock == 0:
            self.stock_emptied = True
            return False
        return phase == "after_redeal" and self.stock_emptied

    def hindsight_candidates(self) -> list[int]:
        """The indices of the states in the phase, once the hand or the match has ended."""
        game, goal = self.game, self.goal
        last = self.states[-1]
        if goal.phase == "match_point" and not game.is_over(last):
            return []
        first = self.hand_start
        if goal.phase == "last_trick":
            leads = [
                i
                for i in range(first, len(self.states) - 1)
                if self.trick_empty[i]
                and game.to_move(self.states[i]) not in (None, CHANCE)
                and not self.trick_empty[i + 1]
            ]
            if not leads:
                return []
            first = leads[-1]
        found = []
        for i in range(first, len(self.states)):
            state = self.states[i]
            seat = game.to_move(state)
            if seat not in (None, CHANCE) and _accept(game, goal, state, seat):
                found.append(i)
        return found

    def reached(self, index: int, start: str) -> Reached:
        return Reached(
            self.game, start, tuple(self.history[:index]), self.states[index], self.states[0]
        )


def _prefer(game: Any, goal: _Goal, state: Any, legal: Sequence[Any]) -> list[Any]:
    """The actions that lead towards the goal (empty: no preference)."""
    phase = goal.phase
    if phase is not None and not goal.derived and _phase_of(state) == phase:
        return list(legal)  # there already: no step is better than another
    if len(legal) > _LOOKAHEAD_MAX:
        return list(legal)  # too many to try each (Rook's buries): any step
    succ = [(a, game.apply(state, a)) for a in legal]
    if phase not in ("hand_over", "match_point"):
        going_on = [(a, s) for a, s in succ if not game.is_over(s)]
        succ = going_on or succ
    if phase == "revoke_pending":
        now = _revokes_of(state) or 0
        better = [a for a, s in succ if (_revokes_of(s) or 0) > now]
    elif phase in ("stock_empty", "after_redeal"):
        stock = _zone_size(game, state, "stock")
        if phase == "after_redeal" and stock == 0:
            better = [a for a, s in succ if _zone_size(game, s, "stock") > 0]
        else:
            better = [a for a, s in succ if _zone_size(game, s, "stock") < stock]
    elif phase is not None and not goal.derived:
        better = [a for a, s in succ if _phase_of(s) == phase]
    else:
        better = []
    return better or [a for a, _ in succ]


def _walk(game: Any, goal: _Goal, draws: _Draws) -> Reached | None:
    """One drawing: play from the start until the goal is met (``None``: not met this time)."""
    state, start = _begin(game, goal, draws)
    walk = _Walk(game, goal, state)
    skip = 0 if goal.hindsight else draws.skip()
    steer = goal.phase is not None and draws.steer()  # once a drawing: fewer choices to shrink
    last_match: int | None = None
    hands = 0
    for _ in range(_MAX_STEPS):
        seat = game.to_move(state)
        if not goal.hindsight and walk.matches(state, seat) and _accept(game, goal, state, seat):
            last_match = len(walk.history)
            if skip == 0:
                break
            skip -= 1
        if walk.hand_ended(state, seat):
            hands += 1
            if seat is None or not goal.whole_match or hands >= _MAX_HANDS:
                break
        if seat == CHANCE:
            action = game.sample_chance(state, random.Random(draws.seed()))
        else:
            options: Sequence[Any] = game.legal_actions(state)
            if goal.trump is not None and len(options) > 1:
                options = _keep_trump(game, state, options, goal.trump)
            if steer and len(options) > 1:
                options = _prefer(game, goal, state, options)
            action = options[draws.index(len(options))]
        state = game.apply(state, action)
        walk.push(seat, action, state)
    if goal.hindsight:
        found = walk.hindsight_candidates()
        if not found:
            return None
        last_match = found[draws.index(len(found))]
    if last_match is None:
        return None
    return walk.reached(last_match, start)


def _keep_trump(game: Any, state: Any, legal: Sequence[Any], trump: Suit) -> Sequence[Any]:
    """The actions that do not make another trump (all of them once a trump is made)."""
    if _trump_of(game, state) is not None or len(legal) > _LOOKAHEAD_MAX:
        return legal
    keep = [a for a in legal if _trump_of(game, game.apply(state, a)) in (None, trump)]
    return keep or legal


# -- making a strategy -------------------------------------------------------------------------

_found: dict[Hashable, bool] = {}  # phases found, per game rules and constraints


def _resolve(game: Any, preset: str | None) -> Any:
    from cardrules.registry import get_game

    if isinstance(game, str):
        return get_game(game, preset=preset) if preset is not None else get_game(game)
    if not isinstance(getattr(game, "name", None), str) or not callable(
        getattr(game, "apply", None)
    ):
        raise ArgumentTypeError(
            f"game must be a game or a registered game's name, not "
            f"{type(game).__name__} {short_repr(game)}"
        )
    if preset is not None:
        if not isinstance(preset, str):
            raise ArgumentTypeError(
                f"preset must be a preset's name, not {type(preset).__name__} {short_repr(preset)}"
            )
        return get_game(game.name, preset=preset)
    return game


def _normal_phase(phase: object) -> str | None:
    if phase is None:
        return None
    if not isinstance(phase, str):
        raise ArgumentTypeError(
            f"phase must be a phase's name, not {type(phase).__name__} {short_repr(phase)}"
        )
    return phase.strip().replace(" ", "_").replace("-", "_")


def _goal(
    game: Any,
    phase: object,
    seat_to_move: object,
    trump: object,
    start: object,
    needs_action: bool,
) -> _Goal:
    name = _normal_phase(phase)
    seat = None if seat_to_move is None else check_seat(seat_to_move, game.num_players)
    suit: Suit | None = None
    if trump is not None:
        suit = trump if isinstance(trump, Suit) else Suit.parse(trump)  # type: ignore[arg-type]
    first, start_text = _start_state(game, start)
    probe = first if first is not None else _dealt(game)
    needs = {
        "revoke_pending": ("state.revokes", _revokes_of(probe) is not None),
        "last_trick": ('a card zone named "trick"', "trick" in game.card_zones(probe)),
        "stock_empty": ('a card zone named "stock"', "stock" in game.card_zones(probe)),
        "after_redeal": ('a card zone named "stock"', "stock" in game.card_zones(probe)),
    }
    if name is not None and name not in DERIVED_PHASES and _phase_of(probe) is None:
        raise ArgumentError(
            f"phase {name!r}: {game.name} has no phase names (state.phase); "
            f"the derived phases are {', '.join(DERIVED_PHASES)}"
        )
    if name in needs and not needs[name][1]:
        raise ArgumentError(f"phase {name!r} needs {needs[name][0]}, which {game.name} lacks")
    if suit is not None and not _has_trump_hook(game, probe):
        raise ArgumentError(f"trump={suit.letter}: {game.name} states have no trump")
    near = None
    if name == "match_point" and first is None:
        if _target_of(game) is None:
            raise ArgumentError(
                f"phase 'match_point' needs a match target (rules.target_score or "
                f"rules.target), which {game.name} lacks"
            )
        near = _find_near_target(game)
    return _Goal(name, seat, suit, first, start_text, needs_action, near)


def _dealt(game: Any) -> Any:
    """A new hand after its chance steps (a seeded deal): the state whose hooks are looked at."""
    state = game.new_hand(dealer=0)
    rng = random.Random(0)
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    return state


def _start_state(game: Any, start: object) -> tuple[Any, str]:
    if start is None:
        return None, ""
    if isinstance(start, str):
        parse = getattr(game, "parse_position", None)
        if not callable(parse):
            raise ArgumentError(f"start as text needs {game.name}.parse_position, which it lacks")
        return parse(start), f"position {start!r}"
    game.to_move(start)  # the game's own check that the state is one of its states
    text = getattr(game, "position_text", None)
    return start, f"position {text(start)!r}" if callable(text) else "the given state"


def _check_reachable(game: Any, goal: _Goal) -> None:
    """Raise :class:`ArgumentError` if seeded drawings never reach ``goal``."""
    try:
        key: Hashable = (type(game), game.name, game.rules, goal)
        hash(key)
    except TypeError:
        key = None
    if key is not None and key in _found:
        return
    for seed in range(_PROBES):
        if _walk(game, goal, _RandomDraws(seed)) is not None:
            if key is not None:
                _found[key] = True
            return
    wants = [f"phase {goal.phase!r}" if goal.phase else "a state"]
    if goal.seat is not None:
        wants.append(f"seat {goal.seat} to move")
    if goal.trump is not None:
        wants.append(f"trump {goal.trump.letter}")
    if goal.needs_action:
        wants.append("an action to take")
    raise ArgumentError(
        f"{game.name} ({game.rules!r:.80}) does not reach {', '.join(wants)} "
        f"in {_PROBES} drawings of steered legal play"
        + (" (revoke_pending needs a revoke mode, such as preset 'table_play')"
           if goal.phase == "revoke_pending" else "")
    )  # fmt: skip


def histories(
    game: Any,
    phase: str | None = None,
    *,
    seat_to_move: int | None = None,
    trump: Suit | str | None = None,
    preset: str | None = None,
    start: Any = None,
) -> st.SearchStrategy[Reached]:
    """States of ``game`` reached by legal play, with the play: :class:`Reached` values.

    ``game`` is a game or a registered game's name (built with ``preset`` when given);
    ``phase`` a phase (see the module's docs), ``seat_to_move`` the seat that must be to move,
    ``trump`` the trump suit (a :class:`~cardrules.cards.Suit` or its text, ``"H"``), ``start``
    a state or position text to play on from instead of a new hand. It shrinks towards short
    histories.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, database=None)
    ... @given(histories("rook", phase="trump"))
    ... def test_the_bidder_names_trump(reached):
    ...     assert reached.state.phase == "trump" and reached.history[0][0] == CHANCE
    ...     assert reached.game.to_move(reached.state) == reached.state.bidder
    >>> test_the_bidder_names_trump()
    """
    resolved = _resolve(game, preset)
    goal = _goal(resolved, phase, seat_to_move, trump, start, needs_action=False)
    return _strategy(resolved, goal)


def _strategy(game: Any, goal: _Goal) -> st.SearchStrategy[Reached]:
    _check_reachable(game, goal)

    @st.composite  # noqa: RET503 (reject() never returns)
    def draw_reached(draw: st.DrawFn) -> Reached:
        draws = _HypothesisDraws(draw)
        for _ in range(_ATTEMPTS):
            found = _walk(game, goal, draws)
            if found is not None:
                return found
        reject()  # steered play missed the phase several times: rare

    return draw_reached()


def states(
    game: Any,
    phase: str | None = None,
    *,
    seat_to_move: int | None = None,
    trump: Suit | str | None = None,
    preset: str | None = None,
    start: Any = None,
) -> st.SearchStrategy[Any]:
    """Reachable states of ``game``: :func:`histories` without the play.

    >>> from hypothesis import given, settings
    >>> game = get_game("euchre")
    >>> @settings(max_examples=10, database=None)
    ... @given(states(game, "last trick"))
    ... def test_four_tricks_done(state):
    ...     assert len(state.tricks) == 4 and game.to_move(state) is not None
    >>> test_four_tricks_done()
    """
    return histories(
        game, phase, seat_to_move=seat_to_move, trump=trump, preset=preset, start=start
    ).map(_state_of)


def _state_of(reached: Reached) -> Any:
    return reached.state


def actions(game: Any, state: Any) -> st.SearchStrategy[Any]:
    """An action the seat to move may take at ``state`` (a chance action drawn with
    ``sample_chance`` at a chance step); :class:`~cardrules.errors.ArgumentError` when the state is
    over. Shrinks towards the first legal action.

    >>> from hypothesis import find, settings
    >>> game = get_game("euchre")
    >>> new = game.new_hand(dealer=0)
    >>> dealt = game.apply(new, game.sample_chance(new, random.Random(1)))
    >>> game.format_action(find(actions(game, dealt), lambda a: True, settings=settings(database=None)))
    'pass'
    """
    seat = game.to_move(state)
    if seat is None:
        raise ArgumentError(f"{game.name}: no action at a state that is over")
    if seat == CHANCE:
        return st.integers(0, 2**32 - 1).map(
            lambda seed: game.sample_chance(state, random.Random(seed))
        )
    return st.sampled_from(game.legal_actions(state))


def states_with_actions(
    game: Any,
    phase: str | None = None,
    *,
    seat_to_move: int | None = None,
    trump: Suit | str | None = None,
    preset: str | None = None,
    start: Any = None,
) -> st.SearchStrategy[tuple[Any, Any]]:
    """``(state, action)`` pairs: a reachable state where a seat is to move (the constraints of
    :func:`states`), and one of its legal actions.

    >>> from hypothesis import given, settings
    >>> game = get_game("voormsi")
    >>> @settings(max_examples=10, database=None)
    ... @given(states_with_actions(game, "play"))
    ... def test_legal_plays_apply(pair):
    ...     state, action = pair
    ...     game.apply(state, action)
    >>> test_legal_plays_apply()
    """
    resolved = _resolve(game, preset)
    goal = _goal(resolved, phase, seat_to_move, trump, start, needs_action=True)

    @st.composite
    def pair(draw: st.DrawFn) -> tuple[Any, Any]:
        state = draw(_strategy(resolved, goal)).state
        return state, draw(actions(resolved, state))

    _check_reachable(resolved, goal)
    return pair()


def positions(
    game: Any,
    phase: str | None = None,
    *,
    seat_to_move: int | None = None,
    trump: Suit | str | None = None,
    preset: str | None = None,
    start: Any = None,
) -> st.SearchStrategy[str]:
    """Reachable positions of ``game`` as text (``game.position_text``), for tests that set a
    position with ``game.parse_position``; the constraints of :func:`states`.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, database=None)
    ... @given(positions("rook", "play", trump="G"))
    ... def test_green_trump(text):
    ...     assert text.startswith("play") and " trump=G" in text
    >>> test_green_trump()
    """
    resolved = _resolve(game, preset)
    to_text: Callable[[Any], str] | None = getattr(resolved, "position_text", None)
    if not callable(to_text):
        raise ArgumentError(f"positions need {resolved.name}.position_text, which it lacks")
    return states(resolved, phase, seat_to_move=seat_to_move, trump=trump, start=start).map(to_text)


def phases(game: Any, *, preset: str | None = None, hands: int = 8) -> tuple[str, ...]:
    """The phases the strategies reach in ``game``: the game's own phase names seen in ``hands``
    hands of seeded play, then the derived phases it reaches (``"revoke_pending"`` only with a
    revoke mode). Sorted by name.

    >>> phases("voormsi")
    ('choose_dealer', 'deal', 'hand_over', 'last_trick', 'match_point', 'over', 'play', 'stock_empty')
    """
    resolved = _resolve(game, preset)
    seen: set[str] = set()
    for seed in range(hands):
        rng = random.Random(seed)
        state = resolved.new_hand(dealer=None if seed % 2 else 0)
        for _ in range(_MAX_STEPS):
            name = _phase_of(state)
            if name is not None:
                seen.add(name)
            seat = resolved.to_move(state)
            if seat is None:
                break
            legal = resolved.legal_actions(state) if seat != CHANCE else ()
            action = rng.choice(legal) if legal else resolved.sample_chance(state, rng)
            state = resolved.apply(state, action)
    for name in DERIVED_PHASES:
        try:
            goal = _goal(resolved, name, None, None, None, needs_action=False)
            _check_reachable(resolved, goal)
        except ArgumentError:
            continue
        seen.add(name)
    return tuple(sorted(seen))

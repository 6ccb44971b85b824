"""A double-dummy solver for the trick games: with every card known, the exact value of each play.

From any state in the card play of Euchre, Rook or Voormsi (every preset), or of any game that
says how its states are read (its ``solver_profile()``, a :class:`SolverProfile`),
:func:`solve_double_dummy` returns, for the seat to move, the value of each of its legal actions
when every seat plays on perfectly with all cards known (Voormsi's stock order included: the
state holds it), the value of the position and a principal line. It is omniscient by nature: it
reads the whole state, so it serves post-mortem analysis and perfect-information Monte Carlo
search, never a seat's own play.

**The value.** The hand's points per side are those the game's hand report gives for the hand
(``points`` of the :class:`~cardrules.reports.HandReport`); a value is the mover's side's points
minus the other side's, at the end of the hand, under the game's own scoring:

* Euchre (E15): the makers' 1 (three or four tricks), 2 (a march) or 4 (a lone march), or the
  defenders' 2 for a euchre (``euchred_loner_points`` against a loner, ``lone_defender_points``
  for a lone defender's euchre), so a value lies in −4..4 with the default rules; a revoke
  already recorded takes its penalty (E17) at the end.
* Rook (R21, R22): the counters each team took (the nest to the last trick's winner) when the
  bidding team makes its bid, or minus the bid for a set bidding team against the opponents'
  counters: the value of a set is ``-bid - counters`` for the bidders.
* Voormsi (V22-V25): the change of each side's ladder score over the deal (the trick points,
  the bonuses, a bust, a partner capture's loss of every point, an annulled deal's nothing); in
  a match the deal ends where the game does, mid-deal when a side reaches 9. With **three**
  sides (the three-player preset) the value is the mover's points minus the best other side's,
  and the search is *paranoid*: the others play together against the seat to move.

**What is searched.** Only the seat to move's card plays: out-of-turn actions (revoke claims and
corrections) are not double-dummy play. A game in revoke mode (the ``table_play`` presets) is
solved as strict play: the plays it offers that would record a new revoke are left out, and a
revoke recorded before the state keeps its effect on the score (found at the end of the hand).

**How.** Alpha-beta (minimax by side, fail-soft) with a transposition table keyed by the parts of
the state the rest of the hand depends on (hands, the trick, the leader, what each side has
taken — never the history of the tricks, so two orders of the same tricks meet), the previous
best action tried first, and, in Euchre and Rook, the equivalence bridge solvers use: two cards of
one hand, of one effective suit and of equal points, with no card of another hand or of the trick
ranked between them, are equal for the rest of the hand, so one of them is searched and its value
given to the other. Every step goes through the game's own ``legal_actions`` and ``apply``; the
solver holds no rule of its own (the equivalence reads the game's own rank order and card points).

In Euchre and Rook the rest of a hand is searched on one side's *tally* — its tricks (E15), its
counters with the nest to the last trick's winner (R21, R22) — rather than on the points: both
sides' points rise and fall with it alone, so the best play for the points is the best play for
the tally, and the rest of a hand is one search whatever was taken before it (the table meets
the same cards reached through other tricks, and a bound cuts a search that asks for more than is
left). The points of each action are read at the end of a line that reaches its tally, from the
game's own score. A position with a recorded revoke (E17, R24), which scores otherwise, and
Voormsi are searched on the points.

>>> from cardrules import get_game
>>> game = get_game("euchre")
>>> state = game.parse_position(
...     "play hand dealer=0 scores=0,0 hands=AC,QD,JS/10H,AS/10D,KS/JC,9S up=AC "
...     "kitty=QC,KC,AD calls=order discard=10C tricks=1:QH,9H,KH,AH/0:9D,9C,JD,KD "
...     "trick=1:JH,QS,10S")
>>> result = solve_double_dummy(game, state)
>>> [(game.format_action(a), v) for a, v in result.values]
[('play AC', 2), ('play QD', -1), ('play JS', 2)]
>>> " ".join(game.format_action(a) for a in result.line)
'play AC play QD play 10H play 10D play JC play 9S play JS play AS play KS'

Clubs are trump and seat 1 ordered them up. Seat 0, last to the heart trick, trumps it with the
A♣ or with the J♠ (the left bower: equals, since no card of another hand ranks between them) and
the defenders euchre the makers (2 for seat 0's side); with the Q♦ it lets the trick go, and the
makers take three tricks (1 for them, so −1).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final, final

import attrs

from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    check_int,
    short_repr,
)
from cardrules.game import CHANCE, GameBase
from cardrules.ranking import SuitOrder

__all__ = [
    "DoubleDummyResult",
    "DoubleDummySolver",
    "PlayAnalysis",
    "SolverError",
    "SolverLimitError",
    "SolverProfile",
    "SuitProfile",
    "analyse_steps",
    "solve_double_dummy",
]

_INF: Final = 1 << 40
"""Beyond any hand's points: the open window of a search."""
_TALLIED: Final = -1
"""The transposition table of the searches on side 0's tally (the others are keyed by side)."""
_GAMES: Final = ("euchre", "rook", "voormsi")
"""The games the solver covers."""


class SolverError(ArgumentError):
    """The solver cannot solve what it was given: a game it does not cover, a state outside the
    card play, or a finished hand. An :class:`~cardrules.errors.ArgumentError` (so a
    ``ValueError``)."""


class SolverLimitError(CardrulesError, RuntimeError):
    """The search visited more positions than the ``node_limit`` it was given; ``nodes`` says how
    many. Nothing is returned half-solved."""

    def __init__(self, nodes: int, limit: int) -> None:
        super().__init__(f"the double-dummy search passed its node limit ({limit:,} positions)")
        self.nodes = nodes
        self.limit = limit


@attrs.frozen
class DoubleDummyResult:
    """What :func:`solve_double_dummy` found for the seat to move.

    ``seat`` is the seat to move and ``side`` its side (team); ``value`` the value of the position
    for that side (the best of ``values``); ``values`` each legal action (in ``legal_actions``
    order, out-of-turn actions and, in revoke mode, new revokes left out) with its value; ``line``
    a principal line, from the state to the end of the hand, each seat playing a best action (the
    first in ``legal_actions`` order among equal ones); ``nodes`` the positions searched (the
    finished hands at the leaves not counted).
    """

    seat: int
    side: int
    value: int
    values: tuple[tuple[Any, int], ...]
    line: tuple[Any, ...]
    nodes: int

    def value_of(self, action: Any) -> int:
        """The value of ``action``, one of the actions of ``values`` (an
        :class:`~cardrules.errors.ArgumentError` for any other)."""
        for known, value in self.values:
            if known is action or known == action:
                return value
        raise ArgumentError(f"{short_repr(action)} is not one of the solved actions")

    @property
    def best(self) -> tuple[Any, ...]:
        """Every action of the best value, in ``legal_actions`` order."""
        return tuple(a for a, v in self.values if v == self.value)


# -- what the solver reads of each game: public state fields and the game's own tables ----------
class SolverProfile:
    """How the solver reads one game's states — the transposition key, the fixed context of a
    deal, each seat's side and the hand's points at its end — given by the game's
    ``solver_profile()`` method (a game without one is not covered). Every field it reads is a
    public field of the game's state, every rule it needs is the game's own (its ``apply``, its
    engine's functions): the solver holds no rule of any game.

    A game of one's own writes :meth:`key`, :meth:`context` and :meth:`points`; :meth:`classes`
    (equal cards, or :class:`SuitProfile`'s) and the search on a tally (:meth:`tallied` and the
    four methods after it) are optional speed-ups. ``sides[seat]`` is the side a seat plays for
    (partners opposite by default) and ``revoke_mode`` whether the game records revokes (the
    solver then searches the plays that record none).
    """

    revoke_mode: bool = False

    def __init__(self, game: Any) -> None:
        self.game = game
        self.sides: tuple[int, ...] = tuple(s % 2 for s in range(game.num_players))
        self.num_sides = 2

    def key(self, state: Any) -> Hashable:
        """Every part of ``state`` (in the card play) the rest of the hand depends on, and
        nothing of its history: two states of one deal with equal keys have the same value."""
        raise NotImplementedError

    def context(self, state: Any) -> Hashable:
        """What stays fixed through the rest of the hand and is left out of :meth:`key`."""
        raise NotImplementedError

    def points(self, state: Any) -> tuple[int, ...]:
        """The finished hand's points per side (as its hand report gives them)."""
        raise NotImplementedError

    def revokes(self, state: Any) -> int:
        """How many revokes the state records (revoke mode)."""
        return 0

    def classes(self, state: Any, actions: Sequence[Any]) -> list[int] | None:
        """For each action, the index of its equivalence class's first member (``None``: each
        action is its own)."""
        return None

    def tallied(self, state: Any) -> bool:
        """Whether the rest of the hand from ``state`` (a state of the card play) can be searched
        on the :meth:`tally`: the hand's points, for side 0 against side 1, rise with side 0's
        final tally and depend on nothing else of the play (two sides, no revoke recorded)."""
        return False

    def tally(self, state: Any) -> int:
        """Side 0's tally at ``state`` (its tricks, its counters): what it has taken so far in
        the card play, its final count at the end of the hand (see :meth:`tallied`)."""
        raise NotImplementedError

    def rest_key(self, state: Any) -> Hashable:
        """:meth:`key` without what the sides have taken: the rest of the hand from ``state``."""
        raise NotImplementedError

    def rest_most(self, state: Any) -> int:
        """The most side 0 can still add to its :meth:`tally` from ``state`` (everything left)."""
        raise NotImplementedError


class SuitProfile(SolverProfile):
    """A profile for a game of one card a play ranked by a :class:`~cardrules.ranking.SuitOrder`
    (Euchre, Rook): its :meth:`classes` are the equal cards bridge solvers use — two cards of the
    mover's hand, of one effective suit and of equal points (``card_points``), with no live card
    of another hand or of the trick ranked between them. A card of the ``special`` mask (Rook's
    Bird) is never an equal. The game writes :meth:`order`, the rank order of a state's hand."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        deck = game.deck
        self.index = {card: i for i, card in enumerate(deck.cards)}
        self.card_points: tuple[int, ...] = (0,) * len(deck)
        self.special = 0
        self._ranked: dict[Any, dict[Any, tuple[int, ...]]] = {}

    def order(self, state: Any) -> SuitOrder:
        """The rank order of the hand at ``state`` (its trump's)."""
        raise NotImplementedError

    def trick_mask(self, state: Any) -> int:
        """The cards on the table at ``state`` (a mask; by default from ``state.trick``)."""
        mask = 0
        for card in state.trick:
            mask |= 1 << card
        return mask

    def classes(self, state: Any, actions: Sequence[Any]) -> list[int] | None:
        """The equal cards among the plays ``actions`` (see the class)."""
        if len(actions) < 2:
            return None
        order = self.order(state)
        ranked = self._ranked.get(order)
        if ranked is None:
            ranked = {suit: order.ranked(suit) for suit in set(order.effective_suits)}
            self._ranked[order] = ranked
        hands = state.hands
        mine = hands[state.to_move]
        live = self.trick_mask(state)
        for hand in hands:
            live |= hand
        others = live & ~mine
        suits, points, special, index = (
            order.effective_suits,
            self.card_points,
            self.special,
            self.index,
        )
        runs: dict[Any, dict[int, int]] = {}
        firsts: dict[tuple[Any, int, int], int] = {}
        out: list[int] = []
        for i, action in enumerate(actions):
            card = index[action.card]
            if special >> card & 1:
                out.append(i)
                continue
            suit = suits[card]
            run_of = runs.get(suit)
            if run_of is None:
                # Runs of the mover's cards in this suit, split by any live card of another seat.
                run_of = {}
                run = 0
                for c in ranked[suit]:
                    if others >> c & 1:
                        run += 1
                    elif mine >> c & 1:
                        run_of[c] = run
                runs[suit] = run_of
            out.append(firsts.setdefault((suit, run_of[card], points[card]), i))
        return out


def _profile(game: object) -> SolverProfile:
    if not isinstance(game, GameBase):
        raise ArgumentTypeError(
            f"game must be a cardrules game (get_game(...)), not {type(game).__name__}"
        )
    hook = getattr(game, "solver_profile", None)
    if not callable(hook):
        raise SolverError(
            f"the double-dummy solver covers the games that give a solver_profile() "
            f"({', '.join(_GAMES)} among the built-in ones), not {game.name}"
        )
    profile = hook()
    if not isinstance(profile, SolverProfile):
        raise SolverError(f"{game.name}.solver_profile() gave {short_repr(profile)}, no profile")
    return profile


class DoubleDummySolver:
    """A double-dummy solver bound to one game; its transposition table is kept from one
    :meth:`solve` to the next while the deal stays the same (analysing every play of a hand
    reuses what the earlier positions found), and cleared when another deal comes.

    >>> import random
    >>> from cardrules import get_game
    >>> from cardrules.perft import deal, endgame
    >>> game = get_game("rook")
    >>> rng = random.Random(7)
    >>> state = endgame(game, deal(game, game.new_hand(dealer=0), rng), rng, 12)
    >>> solver = DoubleDummySolver(game)
    >>> result = solver.solve(state)
    >>> result.value == max(v for _, v in result.values)
    True
    >>> after = game.apply(state, result.line[0])
    >>> again = solver.solve(after)  # the same deal: what the first search found is reused
    >>> again.value == (result.value if again.side == result.side else -result.value)
    True
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self._profile = _profile(game)
        self._tables: dict[int, dict[Hashable, tuple[int, int, int]]] = {}
        self._context: Hashable = None
        self._nodes = 0
        self._limit = 0
        self._plays: dict[int, tuple[Any, bool]] = {}
        self._history: dict[int, int] = {}

    @property
    def num_sides(self) -> int:
        """How many sides the game's seats play for (two, or three in three-player Voormsi)."""
        return self._profile.num_sides

    @property
    def profile(self) -> SolverProfile:
        """How this solver reads the game's states (the game's ``solver_profile()``)."""
        return self._profile

    def side_of(self, seat: int) -> int:
        """The side (team) ``seat`` plays for."""
        checked: int = self.game.check_seat(seat)
        return self._profile.sides[checked]

    def clear(self) -> None:
        """Forget the transposition table."""
        self._tables.clear()
        self._context = None

    # -- the API ----------------------------------------------------------------------------
    def solve(self, state: Any, *, node_limit: int | None = None) -> DoubleDummyResult:
        """The value of every legal action of the seat to move at ``state`` and a principal line
        (see the module docstring); ``node_limit`` caps the positions searched
        (:class:`SolverLimitError` past it)."""
        game, profile = self.game, self._profile
        game.check_state(state)
        if node_limit is not None and (type(node_limit) is not int or node_limit < 1):
            raise ArgumentError(
                f"node_limit must be None or an int of 1 or more, not {short_repr(node_limit)}"
            )
        if getattr(state, "phase", None) != "play":
            raise SolverError(
                f"the solver starts in the card play, and this state is in the "
                f"{getattr(state, 'phase', '?')} phase"
            )
        context = profile.context(state)
        if context != self._context:
            self._tables.clear()
            self._context = context
        self._nodes, self._limit = 0, node_limit or 0
        seat = state.to_move
        side = profile.sides[seat]
        hero = 0 if profile.num_sides == 2 else side
        sign = 1 if hero == side else -1
        children = self._children(state)
        if not children:
            raise SolverError("the seat to move has no card to play in the double-dummy search")
        if profile.tallied(state):
            values, line = self._solve_tallied(state, children, sign)
        else:
            values, line = self._solve_points(state, children, hero, sign)
        value = max(v for _, v in values)
        return DoubleDummyResult(seat, side, value, tuple(values), tuple(line), self._nodes)

    def _solve_points(
        self, state: Any, children: list[tuple[Any, Any, int]], hero: int, sign: int
    ) -> tuple[list[tuple[Any, int]], list[Any]]:
        """Each child's value and the principal line, searched on the hand's points."""
        table = self._tables.setdefault(hero, {})
        values: list[tuple[Any, int]] = []
        solved: dict[int, int] = {}
        guess = 0
        for action, child, first in children:
            if first not in solved:
                guess = solved[first] = self._exact(child, guess, hero, table, None)
            values.append((action, sign * solved[first]))
        value = max(v for _, v in values)
        best = next(a for a, v in values if v == value)
        exact = value * sign

        def keeps(child: Any) -> bool:
            # A window around the node's value leaves the other children at once.
            return self._search(child, exact - 1, exact + 1, hero, table, None) == exact

        rest, _ = self._walk(self.game.apply(state, best), keeps)
        return values, [best, *rest]

    def _solve_tallied(
        self, state: Any, children: list[tuple[Any, Any, int]], sign: int
    ) -> tuple[list[tuple[Any, int]], list[Any]]:
        """Each child's value and the principal line, searched on side 0's tally (see
        :meth:`SolverProfile.tallied`): the rest of the hand is the same search whatever the sides
        took before it, so the transposition table meets far more positions. The points of a
        final tally are read at the end of a line that reaches it, from the game's own score."""
        profile = self._profile
        table = self._tables.setdefault(_TALLIED, {})
        finals: dict[int, int] = {}  # per equivalence class: side 0's final tally
        reached: dict[int, Any] = {}  # per final tally: a child from which a line reaches it
        guess = 0
        for _, child, first in children:
            if first in finals:
                continue
            taken = profile.tally(child)
            if child.phase == "play":
                guess = self._exact(child, guess, 0, table, taken)
                taken += guess
            finals[first] = taken
            reached.setdefault(taken, child)
        worth: dict[int, int] = {}
        lines: dict[int, list[Any]] = {}
        for goal, child in reached.items():
            line, end = self._tally_line(child, goal, table)
            points = profile.points(end)
            worth[goal] = sign * (points[0] - points[1])
            lines[goal] = line
        values = [(action, worth[finals[first]]) for action, _, first in children]
        value = max(v for _, v in values)
        best = next(i for i, (_, v) in enumerate(values) if v == value)
        action, child, first = children[best]
        if child is not None and reached[finals[first]] is child:
            return values, [action, *lines[finals[first]]]
        return values, [action, *self._tally_line(child, finals[first], table)[0]]

    def _tally_line(
        self, state: Any, goal: int, table: dict[Hashable, tuple[int, int, int]]
    ) -> tuple[list[Any], Any]:
        """A line of best play from ``state`` to the end of the hand where side 0's tally ends at
        ``goal`` (its value), and the state that ends it."""
        tally = self._profile.tally

        def reaches(child: Any) -> bool:
            taken = tally(child)
            if child.phase != "play":
                return bool(taken == goal)
            need = goal - taken
            return self._search(child, need - 1, need + 1, 0, table, taken) == need

        return self._walk(state, reaches)

    def _walk(self, state: Any, best: Callable[[Any], bool]) -> tuple[list[Any], Any]:
        """A line from ``state`` to the end of the hand, each step the first action whose child
        is ``best`` (of the node's value), and the state that ends it."""
        line: list[Any] = []
        while getattr(state, "phase", None) == "play":
            for action, child, _ in self._children(state):
                # An equal of an earlier action (child None) has that action's value: skipped.
                if child is not None and best(child):
                    line.append(action)
                    state = child
                    break
            else:  # pragma: no cover - the value of a node is one of its children's
                raise AssertionError("no child of a solved node has its value")
        return line, state

    # -- the search ---------------------------------------------------------------------------
    def _children(self, state: Any) -> list[tuple[Any, Any, int]]:
        """``(action, child, class)`` for each card play of the seat to move, ``class`` the index
        of its equivalence class's representative (children of equivalent actions that are not
        representatives are ``None``: never searched)."""
        game, profile = self.game, self._profile
        actions = game.legal_actions(state)
        if profile.revoke_mode:
            actions = self._strict(state, actions)
        classes = profile.classes(state, actions)
        out = []
        for i, action in enumerate(actions):
            first = i if classes is None else classes[i]
            out.append((action, game.apply(state, action) if first == i else None, first))
        return out

    def _strict(self, state: Any, actions: Sequence[Any]) -> tuple[Any, ...]:
        """Revoke mode: the card plays that record no new revoke (strict play)."""
        game, profile = self.game, self._profile
        before = profile.revokes(state)
        kept = []
        for action in actions:
            known = self._plays.get(id(action))
            if known is None or known[0] is not action:
                known = (action, game.format_action(action).startswith("play "))
                self._plays[id(action)] = known
            # A new revoke adds to the record; the last card of a hand (never a revoke: it is
            # its seat's only card) may start the next deal, whose record is empty.
            if known[1] and profile.revokes(game.apply(state, action)) <= before:
                kept.append(action)
        return tuple(kept)

    def _exact(
        self,
        state: Any,
        guess: int,
        hero: int,
        table: dict[Hashable, tuple[int, int, int]],
        taken: int | None,
    ) -> int:
        """The exact value of ``state`` (:meth:`_search`) by MTD(f): null-window searches, each
        moving a bound to the value it returns, until the bounds meet (far fewer positions than
        one open-window search when a hand's points take many values)."""
        low, high, g = -_INF, _INF, guess
        if taken is not None:  # a tally lies between nothing and all that is left
            low, high = 0, self._profile.rest_most(state)
            g = min(max(g, low), high)
        while low < high:
            beta = g + 1 if g == low else g
            g = self._search(state, beta - 1, beta, hero, table, taken)
            if g < beta:
                high = g
            else:
                low = g
        return g

    def _search(
        self,
        state: Any,
        alpha: int,
        beta: int,
        hero: int,
        table: dict[Hashable, tuple[int, int, int]],
        taken: int | None,
    ) -> int:
        """Fail-soft alpha-beta in ``alpha..beta``. With ``taken`` ``None``: the value of
        ``state`` for side ``hero``, in the hand's points. Otherwise ``taken`` is side 0's tally
        at ``state`` (in the card play), and the value is what side 0 adds to it by the end of
        the hand, side 0 playing for the most and side 1 for the least."""
        profile = self._profile
        if taken is None and state.phase != "play":
            points = profile.points(state)
            if profile.num_sides == 2:
                return points[hero] - points[1 - hero]
            return points[hero] - max(p for s, p in enumerate(points) if s != hero)
        self._nodes += 1
        if self._limit and self._nodes > self._limit:
            raise SolverLimitError(self._nodes, self._limit)
        if taken is None:
            key = profile.key(state)
        else:
            # Side 0 adds nothing less than nothing and nothing more than all that is left.
            if beta <= 0:
                return 0
            most = profile.rest_most(state)
            if alpha >= most:
                return most
            key = profile.rest_key(state)
        entry = table.get(key)
        low, high, hint = -_INF, _INF, -1
        if entry is not None:
            low, high, hint = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha = max(alpha, low)
            beta = min(beta, high)
        game = self.game
        actions = game.legal_actions(state)
        if profile.revoke_mode:
            actions = self._strict(state, actions)
        classes = profile.classes(state, actions)
        order = list(range(len(actions))) if classes is None else sorted(set(classes))
        # Move ordering: the previous best first, then the actions that cut off most often (the
        # history heuristic: a count per action object, whoever plays it).
        history = self._history
        order.sort(key=lambda i: -history.get(id(actions[i]), 0))
        if 0 <= hint < len(actions) and (classes is None or classes[hint] == hint):
            order.remove(hint)
            order.insert(0, hint)
        maximizing = profile.sides[state.to_move] == hero
        best, best_i = (-_INF if maximizing else _INF), -1
        a, b = alpha, beta
        tally = profile.tally
        for i in order:
            child = game.apply(state, actions[i])
            if taken is None:
                v = self._search(child, a, b, hero, table, None)
            else:
                # What the card gains at once (a trick won, the hand's end), then the rest.
                now = tally(child)
                gained = now - taken
                if child.phase == "play":
                    v = gained + self._search(child, a - gained, b - gained, 0, table, now)
                else:
                    v = gained
            if maximizing:
                if v > best:
                    best, best_i = v, i
                    if v > a:
                        a = v
            elif v < best:
                best, best_i = v, i
                if v < b:
                    b = v
            if a >= b:
                key_i = id(actions[i])
                history[key_i] = history.get(key_i, 0) + 1
                break
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        table[key] = (low, high, best_i)
        return best


def solve_double_dummy(
    game: Any, state: Any, *, node_limit: int | None = None
) -> DoubleDummyResult:
    """The double-dummy values of the seat to move's legal actions at ``state`` and a principal
    line (a fresh :class:`DoubleDummySolver`; see the module docstring).

    Refuses what it cannot solve with a :class:`SolverError` (another game, a state outside the
    card play), another game's state with the game's own argument errors, and stops with a
    :class:`SolverLimitError` past ``node_limit`` positions.
    """
    return DoubleDummySolver(game).solve(state, node_limit=node_limit)


@final
@attrs.frozen
class PlayAnalysis:
    """One card play of a finished hand marked with its double-dummy cost
    (:func:`analyse_steps`): ``step`` is its index among the steps given, ``seat`` the seat that
    played ``action``; ``value`` what the position was worth to the seat's side after that play,
    ``best_value`` what the best play would have kept (both in the game's hand points, the side's
    minus the other side's), ``cost`` their difference (0: a best play) and ``best`` the best
    plays. All four are ``None`` for a position the solver did not finish within its node limit
    (``analysed`` is then false)."""

    step: int
    seat: int
    action: Any
    value: int | None
    best_value: int | None
    cost: int | None
    best: tuple[Any, ...]

    @property
    def analysed(self) -> bool:
        """Whether the solver gave this play its value."""
        return self.cost is not None


def analyse_steps(
    game: Any,
    start: Any,
    steps: Sequence[tuple[int, Any]],
    *,
    node_limit: int = 300_000,
) -> tuple[PlayAnalysis, ...]:
    """Every card play of ``steps`` (``(seat, action)`` pairs from ``start``, as a record or a
    :class:`~cardrules.table.Table` holds them) with its double-dummy cost: omniscient by nature,
    for the analysis of a finished game, never for a seat inside play.

    A play by the seat to move in the card play is solved before it is made; a position the
    solver does not finish within ``node_limit`` positions (a Rook or Voormsi hand early in its
    play) is listed unanalysed rather than waited for. Chance steps, bids and out-of-turn actions
    are stepped over, and so are plays the solver does not search (a new revoke in revoke mode).

    >>> import random
    >>> from cardrules import Table, get_game
    >>> table = Table(get_game("euchre"), start="hand", dealer=0, rng=random.Random(3))
    >>> while not table.is_over:
    ...     table.push(table.legal_actions()[0])
    >>> marks = analyse_steps(table.game, table.start_state, table.steps)
    >>> len(marks), all(m.analysed and m.cost >= 0 for m in marks)
    (20, True)
    """
    check_int(node_limit, "node_limit", 1)
    solver = DoubleDummySolver(game)
    state = start
    marks: list[PlayAnalysis] = []
    for number, (seat, action) in enumerate(steps):
        mover = game.to_move(state)
        if mover == seat and seat != CHANCE and getattr(state, "phase", None) == "play":
            marks.extend(_mark(solver, state, number, seat, action, node_limit))
        state = game.apply(state, action, seat=None if seat == mover else seat)
    return tuple(marks)


def _mark(
    solver: DoubleDummySolver, state: Any, number: int, seat: int, action: Any, node_limit: int
) -> list[PlayAnalysis]:
    """The analysis of one play (none for a play the solver does not search)."""
    try:
        result = solver.solve(state, node_limit=node_limit)
    except SolverLimitError:
        return [PlayAnalysis(number, seat, action, None, None, None, ())]
    except SolverError:
        return []
    if not any(known == action for known, _ in result.values):
        return []
    value = result.value_of(action)
    return [
        PlayAnalysis(number, seat, action, value, result.value, result.value - value, result.best)
    ]

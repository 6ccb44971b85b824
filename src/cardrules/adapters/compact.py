"""Action encodings for the adapters: the game's own codes, or a compact one for learners.

A learner picks an action by its integer code from a fixed-size space, and the PettingZoo and
OpenSpiel adapters hand it a mask (or a list) over that space at every step. A game's own
encoding gives every multi-card choice a code of its own: one per five-card bury in Rook
(C(41, 5) of them) and one per card group in Voormsi, 749 458 and 66 846 codes in all. The
**compact** encoding takes such a choice one card at a time instead, the rules unchanged:

* codes ``0 … D-1`` (``D`` the deck's size) select the card with that index of the deck;
* code ``D`` is **done**: the cards selected so far are the action;
* codes from ``D + 1`` are the game's other actions, those that name no card (bids, passes,
  trump choices, claims …), in the order of the game's own table.

An action that holds cards (a card played, a bury, a Voormsi lead or play) is a *group*: the set
of its cards. Its cards are selected in deck order, so each group is exactly one sequence of
codes (no two paths of the compact game tree lead to the same action). A card is offered only if
some legal group extends the selection with it as its next card in deck order, and done only if
the selection is itself a legal group, so that every selection can be completed and every
completion is a legal action. When the selection cannot grow any further it *is* the action and
is taken at once, without a done step that would be the only choice: a card played to a trick is
one step, Rook's bury five (then the trump, as always), a Voormsi group of ``k`` cards ``k``
steps when no larger legal group contains it and ``k + 1`` (its done) when one does. Actions
that name no card are offered only while nothing is selected.

The selection so far (the *pending* selection, a bitmask over the deck's indices) belongs to
the adapter's state, next to the game state; the game state does not change until the group is
complete. It is the acting seat's own unfinished choice: the adapters show it to that seat and to
nobody else.

A game whose own encoding has at most 256 codes (Euchre, the Tournament patience) keeps it: its
compact encoding is its full encoding, and nothing is ever pending. So does a game none of whose
actions names a card (:func:`keeps_own_codes`), whatever its size: the patience's moves name
piles, there is no choice to take card by card, and its own codes are one per move already. Two
presets of the patience have more than 256 of them — ``pysolfc`` (291: moves from the
foundations and between the reserve cells, B8) and ``cicely`` (259: building on its eight piles,
TV2) — and keep them; every game with card choices has at most 256 compact codes.

>>> from cardrules import get_game
>>> rook = get_game("rook")
>>> rook.num_distinct_actions, action_encoding(rook).num_distinct_actions
(749458, 61)
>>> action_encoding(rook, "full").num_distinct_actions
749458
>>> action_encoding(get_game("euchre")).is_full
True
"""

from __future__ import annotations

import contextlib
import operator
from collections.abc import Sequence
from typing import Any, Final, Literal, SupportsIndex

import attrs

from cardrules.cards import Card
from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    IllegalActionError,
    short_repr,
)

__all__ = [
    "COMPACT_LIMIT",
    "ENCODINGS",
    "ActionEncoding",
    "CompactEncoding",
    "Encoding",
    "FullEncoding",
    "action_encoding",
    "keeps_own_codes",
]

Encoding = Literal["compact", "full"]
"""The name of an action encoding: ``"compact"`` (the adapters' default) or ``"full"``."""

ENCODINGS: Final = ("compact", "full")
COMPACT_LIMIT: Final = 256
"""The most codes a compact encoding may use; a game whose own encoding fits keeps it."""


class ActionEncoding:
    """How an adapter's integer codes map to a game's actions (base of the two encodings).

    Every method takes the game state and the pending selection (a bitmask over the deck's
    indices, ``0`` when nothing is selected); ``state`` must be a decision state of the game.
    """

    name: str
    game: Any
    num_distinct_actions: int
    pending_size: int
    """How many features the pending selection adds to an observation (0: none is ever kept)."""

    @property
    def is_full(self) -> bool:
        """Whether the codes are the game's own (:meth:`step` never leaves a selection pending)."""
        return self.pending_size == 0

    def legal_codes(self, state: Any, pending: int = 0) -> list[int]:
        """The codes the seat to move may choose now, in increasing order."""
        raise NotImplementedError

    def step(self, state: Any, pending: int, code: SupportsIndex) -> tuple[int, Any]:
        """Choose ``code``: the new pending selection and the game action it completes (or
        ``None``, the selection still pending). Raises
        :class:`~cardrules.errors.IllegalActionError` for a code that is not legal now."""
        raise NotImplementedError

    def codes_of(self, state: Any, action: Any) -> tuple[int, ...]:
        """The codes that take the legal game action ``action`` from ``state``, in order."""
        raise NotImplementedError

    def code_to_string(self, state: Any, pending: int, code: SupportsIndex) -> str:
        """A text for ``code`` chosen from ``state``: the action it completes, if it does.

        It reads the legal actions of the seat to move, so it is that seat's text: a seat
        that is not to move gets :meth:`code_name`, which does not depend on the state."""
        raise NotImplementedError

    def code_name(self, code: SupportsIndex) -> str:
        """A text for ``code`` that depends on nothing but the code (what any seat may be told)."""
        raise NotImplementedError

    def pending_cards(self, pending: int) -> tuple[Card, ...]:
        """The cards of a pending selection, in deck order."""
        pending = self._pending(pending)
        cards = self.game.deck.cards
        return tuple(cards[i] for i in range(len(cards)) if pending >> i & 1)

    def pending_features(self, pending: int) -> list[float]:
        """The pending selection as ``pending_size`` features (one per card of the deck)."""
        pending = self._pending(pending)
        return [float(pending >> i & 1) for i in range(self.pending_size)]

    def _pending(self, pending: object) -> int:
        """``pending`` if it is a selection of this encoding: an ``int`` bitmask over the deck's
        indices (``0`` alone in an encoding that keeps no selection)."""
        if type(pending) is not int:
            raise ArgumentTypeError(
                f"a pending selection is an int bitmask, not {type(pending).__name__} "
                f"{short_repr(pending)}"
            )
        if pending < 0 or pending >> self.pending_size:
            raise ArgumentError(
                f"{short_repr(pending)} is not a pending selection of {self.game.name} in the "
                f"{self.name} encoding (a bitmask of its {self.pending_size} deck indices)"
            )
        return pending

    def _code(self, code: object) -> int:
        if isinstance(code, bool):
            raise ArgumentTypeError(f"an action code is an int, not bool {code!r}")
        try:
            value = operator.index(code)  # type: ignore[arg-type]  # a NumPy integer is fine
        except TypeError:
            raise ArgumentTypeError(
                f"an action code is an int, not {type(code).__name__} {code!r:.40}"
            ) from None
        if not 0 <= value < self.num_distinct_actions:
            raise ArgumentError(
                f"{value} is not an action code of {self.game.name} in the {self.name} encoding "
                f"(0..{self.num_distinct_actions - 1})"
            )
        return value


class FullEncoding(ActionEncoding):
    """The game's own encoding (its ``action_to_index``), one code per action.

    >>> from cardrules import get_game
    >>> game = get_game("euchre")
    >>> encoding = FullEncoding(game)
    >>> state = game.apply(game.new_hand(dealer=0), game.sample_chance(game.new_hand(dealer=0),
    ...                    __import__("random").Random(1)))
    >>> encoding.legal_codes(state) == sorted(map(game.action_to_index, game.legal_actions(state)))
    True
    """

    name = "full"
    pending_size = 0

    def __init__(self, game: Any) -> None:
        _check_game(game)
        self.game = game
        self.num_distinct_actions = game.num_distinct_actions
        self._check_state = _state_check(game)

    def legal_codes(self, state: Any, pending: int = 0) -> list[int]:
        """The codes of the legal actions."""
        self._pending(pending)
        return sorted(map(self.game.action_to_index, self.game.legal_actions(state)))

    def step(self, state: Any, pending: int, code: SupportsIndex) -> tuple[int, Any]:
        """The action of ``code`` (the game's ``apply`` checks that it is legal)."""
        self._check_state(state)
        self._pending(pending)
        return 0, self.game.index_to_action(self._code(code))

    def codes_of(self, state: Any, action: Any) -> tuple[int, ...]:
        """The action's own code."""
        self._check_state(state)
        return (self.game.action_to_index(action),)

    def code_to_string(self, state: Any, pending: int, code: SupportsIndex) -> str:
        """The action's notation."""
        self._check_state(state)
        self._pending(pending)
        return self.code_name(code)

    def code_name(self, code: SupportsIndex) -> str:
        """The action's notation (a code is one action, whatever the state)."""
        return str(self.game.format_action(self.game.index_to_action(self._code(code))))


def _state_check(game: Any) -> Any:
    """The game's state check (:meth:`~cardrules.game.GameBase.check_state`), or one that refuses
    ``None`` alone for a game without one."""
    check = getattr(game, "check_state", None)
    if callable(check):
        return check

    def refuse_none(state: Any) -> None:
        if state is None:
            raise ArgumentTypeError(f"state must be a state of {game.name}, not None")

    return refuse_none


def _other_code(codes: dict[Any, int], action: Any) -> int | None:
    """The code of an action that names no card; ``None`` for anything else (unhashable too)."""
    try:
        return codes.get(action)
    except TypeError:
        return None


def _card_field(action: Any) -> tuple[Any, ...] | None:
    """The cards an action names (a ``cards`` tuple, or one ``card``), or ``None``."""
    cards = getattr(action, "cards", None)
    if isinstance(cards, tuple) and cards:
        return cards
    card = getattr(action, "card", None)
    if isinstance(card, Card):
        return (card,)
    return None


class CompactEncoding(ActionEncoding):
    """Multi-card choices one card at a time (see the module docstring for the codes).

    >>> import random
    >>> from cardrules import get_game
    >>> from cardrules.games.voormsi import Lead
    >>> game = get_game("voormsi")
    >>> encoding = CompactEncoding(game)
    >>> encoding.num_distinct_actions  # 36 cards, done
    37
    >>> state = game.new_hand(dealer=0)
    >>> state = game.apply(state, game.sample_chance(state, random.Random(3)))
    >>> [game.format_action(a) for a in game.legal_actions(state)]
    ['lead 5D', 'lead 6C', 'lead 6S', 'lead 6C 6S', 'lead JD']
    >>> encoding.legal_codes(state)  # the first card of each group: 6C, 5D, JD, 6S
    [1, 9, 14, 28]
    >>> pending, action = encoding.step(state, 0, 1)
    >>> encoding.pending_cards(pending), action
    ((Card.parse('6C'),), None)
    >>> encoding.legal_codes(state, pending)  # 6S, or done
    [28, 36]
    >>> encoding.step(state, pending, 36)
    (0, Lead.of('6C'))
    >>> encoding.step(state, 0, 9)  # the 5D: no group holds it with another card
    (0, Lead.of('5D'))
    >>> encoding.codes_of(state, Lead.of("6C 6S"))
    (1, 28)
    """

    name = "compact"

    def __init__(self, game: Any) -> None:
        self.game = game
        _check_game(game)
        cards = game.deck.cards
        if len(set(cards)) != len(cards):
            raise ArgumentError(
                f"{game.name} has no compact encoding: its deck holds copies of a card "
                "(use the full encoding)"
            )
        self._bit = {card: 1 << i for i, card in enumerate(cards)}
        self.done = len(cards)
        self.pending_size = len(cards)
        self.others = _other_actions(game, self)
        self._other_code = {a: self.done + 1 + k for k, a in enumerate(self.others)}
        self.num_distinct_actions = self.done + 1 + len(self.others)
        if self.num_distinct_actions > COMPACT_LIMIT:
            raise ArgumentError(
                f"{game.name} has no compact encoding: {len(self.others)} actions that name no "
                f"card and {len(cards)} cards make more than {COMPACT_LIMIT} codes"
            )
        # The legal groups and other codes of the last state asked about (the adapters ask for
        # the mask and then step from the same immutable state, a few times per group); one
        # tuple, so that a thread never pairs one state with another state's groups.
        # It starts with a marker that is no state: a first question about ``None`` is checked
        # like any other, not answered from the empty start.
        self._last: tuple[Any, _Legal] = (_NO_STATE, _Listed({}, ()))
        self._check_state = _state_check(game)
        self._groups: dict[int, list[Any]] | None = None  # see _listed_groups, built on demand

    def card_mask(self, action: Any) -> int | None:
        """The cards of a group action as a bitmask over the deck, ``None`` for other actions."""
        cards = _card_field(action)
        if cards is None:
            return None
        mask = 0
        bit = self._bit
        for card in cards:
            try:
                mask |= bit[card]
            except (KeyError, TypeError):
                raise ArgumentError(
                    f"{self.game.name}: {action!r:.60} names a card that is not of its deck"
                ) from None
        return mask

    def _legal(self, state: Any) -> _Legal:
        """What is legal in ``state`` (remembered for the last state asked about)."""
        last_state, result = self._last
        if last_state is state:
            return result
        self._check_state(state)
        result = self.legal_of(self.game.legal_actions(state))
        self._last = (state, result)
        return result

    def legal_of(self, actions: Sequence[Any]) -> _Legal:
        """The groups and other codes of ``actions``, the legal actions of one state."""
        family = _subset_family(actions, self.game.deck.cards)
        if family is not None:
            return family
        groups: dict[int, Any] = {}
        others: list[int] = []
        for action in actions:
            mask = self.card_mask(action)
            if mask is None:
                try:
                    others.append(self._other_code[action])
                except KeyError:
                    raise ArgumentError(
                        f"{self.game.name}: the legal action {action!r:.60} has no compact code"
                    ) from None
            elif groups.setdefault(mask, action) is not action:
                raise ArgumentError(
                    f"{self.game.name}: two legal actions name the same cards "
                    f"({groups[mask]!r:.60} and {action!r:.60}); use the full encoding"
                )
        return _Listed(groups, tuple(sorted(others)))

    def legal_codes(self, state: Any, pending: int = 0) -> list[int]:
        """The cards that may be selected next, done if the selection is a legal group, and
        (while nothing is selected) the other legal actions."""
        pending = self._pending(pending)
        legal = self._legal(state)
        offered, done = legal.options(pending)
        codes = [i for i in range(self.done) if offered >> i & 1]
        if done:
            codes.append(self.done)
        if not pending:
            codes.extend(legal.others)
        return codes

    def step(self, state: Any, pending: int, code: SupportsIndex) -> tuple[int, Any]:
        """Select a card, choose done, or take another action (see :class:`ActionEncoding`).

        A refused code cites the rule with which the game refuses the action the code would take
        or build towards (the selection with its card added, as a group of the kind the seat may
        choose now); only *done* with nothing selected, and a card out of deck order, name no
        game action and cite none.

        >>> import random
        >>> from cardrules import get_game
        >>> game = get_game("rook")
        >>> state = game.new_hand(dealer=0)
        >>> state = game.apply(state, game.sample_chance(state, random.Random(3)))
        >>> CompactEncoding(game).step(state, 0, 0)  # a card while bidding
        Traceback (most recent call last):
        cardrules.errors.IllegalActionError: rule R9 (bidding turns): code 0 of the compact encoding: R5 cannot be selected now (bid or pass) [seat 1, action 0]
        """
        code = self._code(code)
        pending = self._pending(pending)
        legal = self._legal(state)
        if code < self.done:
            offered, _ = legal.options(pending)
            if offered >> code & 1:
                selection = pending | 1 << code
                if not legal.options(selection)[0]:  # nothing can follow: a group, taken now
                    return 0, legal.group(selection)
                return selection, None
            why = f"{self.game.deck.cards[code]} cannot be selected now"
        elif code == self.done:
            if pending and legal.options(pending)[1]:
                return 0, legal.group(pending)
            why = "the selection is not a legal action" if pending else "nothing is selected"
        else:
            if not pending and code in legal.others:
                return 0, self.others[code - self.done - 1]
            why = "another action may not be taken while cards are selected" if pending else ""
            why = why or "that action is not legal now"
        rule, game_why = self._refusal(state, self._nearest_actions(state, legal, pending, code))
        if game_why:
            why = f"{why} ({game_why})"
        raise IllegalActionError(
            rule,
            f"code {code} of the compact encoding: {why}",
            action=code,
            seat=self.game.to_move(state),
            legal=self.legal_codes(state, pending),
        )

    def codes_of(self, state: Any, action: Any) -> tuple[int, ...]:
        """The codes of a legal action: its cards in deck order (and done when it needs one),
        or its single code."""
        legal = self._legal(state)
        mask = self.card_mask(action)
        if mask is None:
            code = _other_code(self._other_code, action)
            if code is not None and code in legal.others:
                return (code,)
        elif legal.options(mask)[1] and legal.group(mask) == action:
            codes = [i for i in range(self.done) if mask >> i & 1]
            if legal.options(mask)[0]:
                codes.append(self.done)
            return tuple(codes)
        rule, why = self._refusal(state, (action,))
        raise IllegalActionError(
            rule,
            why or f"{short_repr(action, 60)} is not a legal action of {self.game.name} now",
            action=short_repr(action, 60),
            seat=self.game.to_move(state),
        )

    def code_to_string(self, state: Any, pending: int, code: SupportsIndex) -> str:
        """The action that ``code`` completes, else ``select <card>`` or ``done``."""
        code = self._code(code)
        pending = self._pending(pending)
        if code > self.done:
            return str(self.game.format_action(self.others[code - self.done - 1]))
        legal = self._legal(state)
        if code == self.done:
            if pending and legal.options(pending)[1]:
                return f"done: {self.game.format_action(legal.group(pending))}"
            return "done"
        selection = pending | 1 << code
        more, complete = legal.options(selection)
        if complete and not more:
            return str(self.game.format_action(legal.group(selection)))
        return f"select {self.game.deck.cards[code].ascii}"

    def _nearest_actions(self, state: Any, legal: _Legal, pending: int, code: int) -> list[Any]:
        """The game actions that the refused ``code`` would have taken or built towards, for the
        game to say which of its rules refuses them: the action that names no card, or the
        selection with the code's card added, as the kind of group the seat may choose now
        (or, from a game that lists its actions, the listed action of those cards)."""
        if code > self.done:
            return [self.others[code - self.done - 1]]
        mask = pending | 1 << code if code < self.done else pending
        if not mask:  # done with nothing selected: no game action is near it
            return []
        cards = tuple(card for i, card in enumerate(self.game.deck.cards) if mask >> i & 1)
        nearest: list[Any] = []
        if isinstance(legal, _Family):
            nearest.append(legal.make(mask))
        elif isinstance(legal, _Listed):
            kinds = {type(action): action for action in legal.groups.values()}
            for action in kinds.values():
                with contextlib.suppress(Exception):  # a group kind that does not take these
                    if isinstance(getattr(action, "cards", None), tuple):
                        nearest.append(attrs.evolve(action, cards=cards))
                    elif len(cards) == 1:
                        nearest.append(attrs.evolve(action, card=cards[0]))
        nearest.extend(self._listed_groups().get(mask, ()))
        return nearest

    def _listed_groups(self) -> dict[int, list[Any]]:
        """The group actions of the game's own list, by their cards (empty for a game that does
        not list them cheaply: one whose every action is a group, like Voormsi's 66 846)."""
        groups = self._groups
        if groups is None:
            groups = {}
            if not callable(getattr(self.game, "card_free_actions", None)):
                for action in self.game.all_actions():
                    mask = self.card_mask(action)
                    if mask is not None:
                        groups.setdefault(mask, []).append(action)
            self._groups = groups
        return groups

    def _refusal(self, state: Any, actions: Sequence[Any]) -> tuple[Any, str]:
        """The rule (and the reason) with which the game refuses the first of ``actions`` that it
        refuses citing a rule; ``(None, "")`` if it refuses none so."""
        for action in actions:
            try:
                self.game.apply(state, action)
            except IllegalActionError as error:
                if error.rule:
                    return error.rule, error.why
            except Exception:  # a malformed candidate: the next one may do
                continue
        return None, ""

    def code_name(self, code: SupportsIndex) -> str:
        """``select <card>``, ``done`` or the action that names no card: the code alone, without
        the legal groups that :meth:`code_to_string` reads (they would show the mover's cards).

        >>> from cardrules import get_game
        >>> encoding = CompactEncoding(get_game("voormsi"))
        >>> encoding.code_name(1), encoding.code_name(36)
        ('select 6C', 'done')
        """
        code = self._code(code)
        if code > self.done:
            return str(self.game.format_action(self.others[code - self.done - 1]))
        if code == self.done:
            return "done"
        return f"select {self.game.deck.cards[code].ascii}"


_NONE: Final = (0, False)


class _Legal:
    """What is legal in one state, for the compact encoding."""

    others: tuple[int, ...]
    """The codes of the legal actions that name no card, in increasing order."""

    def options(self, pending: int) -> tuple[int, bool]:
        """The cards that may follow the selection ``pending`` (a bitmask over the deck) and
        whether it is a legal group itself; ``(0, False)`` if no legal group starts with it."""
        raise NotImplementedError

    def group(self, mask: int) -> Any:
        """The legal group action of these cards (``mask`` is one: ``options(mask)[1]``)."""
        raise NotImplementedError


class _Listed(_Legal):
    """Legal groups listed one by one; every selection on the way to one is in a table."""

    def __init__(self, groups: dict[int, Any], others: tuple[int, ...]) -> None:
        self.groups = groups
        self.others = others
        # Every selection on the way to a legal group (its cards in deck order): the cards that
        # may follow it and whether it is a group. Built once per state: each step is a look-up.
        table: dict[int, list[Any]] = {}
        for mask in groups:
            prefix = 0
            rest = mask
            while rest:
                card = rest & -rest
                entry = table.get(prefix)
                if entry is None:
                    entry = table[prefix] = [0, False]
                entry[0] |= card
                prefix |= card
                rest ^= card
            entry = table.get(mask)
            if entry is None:
                table[mask] = [0, True]
            else:
                entry[1] = True
        self.table = {prefix: (entry[0], entry[1]) for prefix, entry in table.items()}

    def options(self, pending: int) -> tuple[int, bool]:
        return self.table.get(pending, _NONE)

    def group(self, mask: int) -> Any:
        return self.groups[mask]


class _Family(_Legal):
    """The groups ``forced | x`` for every ``need``-card subset ``x`` of ``pool`` (bitmasks of
    disjoint cards): Rook's buries (R13), C(14, 5) = 2 002 of them, never listed."""

    others = ()

    def __init__(self, forced: int, pool: int, need: int, make: Any) -> None:
        self.forced = forced
        self.pool = pool
        self.need = need
        self.make = make

    def options(self, pending: int) -> tuple[int, bool]:
        forced, pool = self.forced, self.pool
        low = (1 << pending.bit_length()) - 1  # the cards up to the last one selected
        if pending & ~(forced | pool) or forced & low & ~pending:
            return _NONE  # a card of no group, or a forced card skipped
        left = self.need - (pending & pool).bit_count()  # pool cards still to select
        pool_above = pool & ~low
        if left < 0 or pool_above.bit_count() < left:
            return _NONE
        forced_above = forced & ~low
        next_forced = forced_above & -forced_above
        if left == 0:
            return (next_forced, False) if next_forced else (0, True)
        # The next card is the group's lowest above the selection: a pool card below the next
        # forced card that leaves enough pool cards above it, or that forced card itself.
        offered = 0
        rest = pool_above
        while rest:
            card = rest & -rest
            rest ^= card
            if (next_forced and card > next_forced) or rest.bit_count() < left - 1:
                break
            offered |= card
        if next_forced and (pool & ~(2 * next_forced - 1)).bit_count() >= left:
            offered |= next_forced
        return offered, False

    def group(self, mask: int) -> Any:
        return self.make(mask)


def _subset_family(actions: Sequence[Any], cards: tuple[Card, ...]) -> _Family | None:
    """A legal-action collection that describes itself as card subsets, as a :class:`_Family`.

    A game whose choices are every ``free``-card subset of a ``pool`` added to ``forced`` cards
    (Rook's buries) can hand out a lazy collection offering ``forced``, ``pool``, ``free``,
    ``deck_cards`` and ``choice(mask)``; the encoding then never lists it. Anything else: ``None``.
    """
    forced = getattr(actions, "forced", None)
    pool = getattr(actions, "pool", None)
    free = getattr(actions, "free", None)
    choice = getattr(actions, "choice", None)
    if (
        type(forced) is not int
        or type(pool) is not int
        or type(free) is not int
        or not callable(choice)
        or getattr(actions, "deck_cards", None) != cards
    ):
        return None
    return _Family(forced, pool, free, choice)


def _other_actions(game: Any, encoding: CompactEncoding) -> tuple[Any, ...]:
    """The game's actions that name no card, in the order of its own codes.

    A game may say so itself with ``card_free_actions()`` (Voormsi's actions are all card groups,
    and listing its 66 846 codes would only find none); otherwise they are read from
    ``all_actions()``, which a game lists unless there are too many (Rook leaves out its buries).
    """
    card_free = getattr(game, "card_free_actions", None)
    if callable(card_free):
        return tuple(card_free())
    all_actions = getattr(game, "all_actions", None)
    if all_actions is None:
        raise ArgumentError(
            f"{game.name} has no compact encoding: it does not list its actions (all_actions)"
        )
    listed: Sequence[Any] = all_actions()
    return tuple(a for a in listed if encoding.card_mask(a) is None)


def action_encoding(game: Any, encoding: Encoding = "compact") -> ActionEncoding:
    """The ``encoding`` of ``game``: ``"full"`` its own codes, ``"compact"`` (the default)
    multi-card choices one card at a time. A game with at most :data:`COMPACT_LIMIT` codes of its
    own keeps them in both, and so does a game none of whose actions names a card (see
    :func:`keeps_own_codes`: the patience's ``pysolfc`` and ``cicely`` presets, 291 and 259 codes).

    An ``encoding`` that is neither ``"compact"`` nor ``"full"`` is an
    :class:`~cardrules.errors.ArgumentError`; one that is no text, or a ``game`` that is no game,
    an :class:`~cardrules.errors.ArgumentTypeError`.

    >>> from cardrules import get_game
    >>> action_encoding(get_game("tournament", preset="pysolfc")).num_distinct_actions
    291
    >>> action_encoding(get_game("rook"), "short")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: encoding must be 'compact' or 'full', not 'short'
    """
    given: object = encoding  # the annotation is a promise the caller may not keep
    if type(given) is not str:
        raise ArgumentTypeError(
            f"encoding must be 'compact' or 'full', not {type(given).__name__} {short_repr(given)}"
        )
    if encoding not in ENCODINGS:
        raise ArgumentError(f"encoding must be 'compact' or 'full', not {short_repr(encoding)}")
    _check_game(game)
    if encoding == "full" or keeps_own_codes(game):
        return FullEncoding(game)
    return CompactEncoding(game)


def keeps_own_codes(game: Any) -> bool:
    """Whether ``game``'s compact encoding is its own (full) one: it has at most
    :data:`COMPACT_LIMIT` codes, or none of its actions names a card — a patience's moves name
    piles, so there is no choice to take card by card, and its own codes are already one per
    move (the Tournament's ``pysolfc`` preset has 291 of them, Cicely 259: more than
    :data:`COMPACT_LIMIT`, which holds for every game that has card choices).

    >>> from cardrules import get_game
    >>> keeps_own_codes(get_game("euchre")), keeps_own_codes(get_game("rook"))
    (True, False)
    >>> keeps_own_codes(get_game("tournament", preset="cicely", cicely_build="down_in_suit"))
    True
    """
    _check_game(game)
    if game.num_distinct_actions <= COMPACT_LIMIT:
        return True
    if callable(getattr(game, "card_free_actions", None)):
        return False  # it lists the actions that name no card apart: the rest are card groups
    all_actions = getattr(game, "all_actions", None)
    if not callable(all_actions):
        return False  # nothing to tell: the compact encoding says why it cannot be made
    return all(_card_field(action) is None for action in all_actions())


_NO_STATE: Final = object()
"""The compact encoding's remembered state before any was asked about: no state is it."""


def _check_game(game: object) -> None:
    """Refuse anything but a game: an encoding needs its name, deck, codes and legal actions."""
    if (
        not isinstance(getattr(game, "name", None), str)
        or type(getattr(game, "num_distinct_actions", None)) is not int
        or getattr(game, "deck", None) is None
        or not callable(getattr(game, "legal_actions", None))
    ):
        hint = f" (build it with get_game({game!r:.40}))" if isinstance(game, str) else ""
        raise ArgumentTypeError(
            "an action encoding takes a cardrules game such as get_game('euchre'), not "
            f"{type(game).__name__} {short_repr(game)}{hint}"
        )

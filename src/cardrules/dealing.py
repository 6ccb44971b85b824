"""Dealing helpers: packets, one card at a time with a side pile, and columns.

All helpers take the shuffled stream of cards (any items: cards or card indices), deal it
deterministically and return plain tuples, so that a test can stack a deck and know exactly who
gets what.

>>> hands, rest = deal_packets(range(24), 4, alternating_packets(4, 3, 2), first=1)
>>> hands[1], hands[2], rest
((0, 1, 2, 10, 11), (3, 4, 12, 13, 14), (20, 21, 22, 23))
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Literal, TypeVar

from cardrules.cards import Card, parse_cards
from cardrules.decks import DeckSpec
from cardrules.errors import ArgumentError, RulesError, check_int

__all__ = [
    "alternating_packets",
    "deal_one_at_a_time",
    "deal_packets",
    "deal_to_columns",
    "stacked_order",
]

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


def _check_first(first: object, num_players: int) -> int:
    """``first`` if it is a seat of ``num_players``; else a clear error."""
    seat = check_int(first, "first", 0)
    if seat >= num_players:
        raise ArgumentError(f"first must be a seat from 0 to {num_players - 1}, not {seat}")
    return seat


def alternating_packets(num_players: int, first: int, second: int) -> tuple[tuple[int, ...], ...]:
    """Two rounds of packets alternating ``first``/``second`` then ``second``/``first``.

    This is Euchre's 3-2 deal: every player ends with ``first + second`` cards.

    >>> alternating_packets(4, 3, 2)
    ((3, 2, 3, 2), (2, 3, 2, 3))
    """
    check_int(num_players, "num_players", 1)
    check_int(first, "first", 0)
    check_int(second, "second", 0)
    one = tuple(first if k % 2 == 0 else second for k in range(num_players))
    two = tuple(second if k % 2 == 0 else first for k in range(num_players))
    return (one, two)


def deal_packets(
    stream: Sequence[T],
    num_players: int,
    rounds: Sequence[Sequence[int]],
    *,
    first: int = 0,
) -> tuple[tuple[tuple[T, ...], ...], tuple[T, ...]]:
    """Deal in rounds of packets, clockwise from seat ``first``.

    ``rounds[r][k]`` is how many cards the ``k``-th receiver (counting from ``first``) gets in round
    ``r``. Returns the hands indexed by seat, and the undealt rest of the stream.
    """
    check_int(num_players, "num_players", 1)
    _check_first(first, num_players)
    items = tuple(stream)
    if any(len(r) != num_players for r in rounds):
        raise RulesError(f"each round of packets needs one entry per player ({num_players})")
    needed = sum(sum(r) for r in rounds)
    if needed > len(items):
        raise RulesError(f"the packets need {needed} cards, the stream has {len(items)}")
    hands: list[list[T]] = [[] for _ in range(num_players)]
    pos = 0
    for packet_sizes in rounds:
        for k, size in enumerate(packet_sizes):
            hands[(first + k) % num_players].extend(items[pos : pos + size])
            pos += size
    return tuple(tuple(h) for h in hands), items[pos:]


def deal_one_at_a_time(
    stream: Sequence[T],
    num_players: int,
    cards_each: int,
    *,
    first: int = 0,
    side_every_round: int = 0,
    side_count: int = 0,
) -> tuple[tuple[tuple[T, ...], ...], tuple[T, ...], tuple[T, ...]]:
    """Deal one card at a time, clockwise from ``first``, with an optional side pile.

    After each of the first ``side_count`` groups of ``side_every_round`` complete rounds, one card
    goes to the side pile. Rook's nest is ``side_every_round=1, side_count=5``: it takes stream
    positions 4, 9, 14, 19 and 24. Returns (hands by seat, side pile, undealt rest).

    >>> hands, nest, rest = deal_one_at_a_time(range(41), 4, 9, side_every_round=1, side_count=5)
    >>> nest, hands[0][:3], rest
    ((4, 9, 14, 19, 24), (0, 5, 10), ())
    """
    check_int(num_players, "num_players", 1)
    check_int(cards_each, "cards_each", 0)
    _check_first(first, num_players)
    check_int(side_every_round, "side_every_round", 0)
    check_int(side_count, "side_count", 0)
    items = tuple(stream)
    needed = num_players * cards_each + side_count
    if needed > len(items):
        raise RulesError(f"the deal needs {needed} cards, the stream has {len(items)}")
    if side_count and side_every_round < 1:
        raise RulesError("a side pile needs side_every_round >= 1")
    if side_count and side_count * side_every_round > cards_each:
        raise RulesError("the side pile would need more rounds than the deal has")
    hands: list[list[T]] = [[] for _ in range(num_players)]
    side: list[T] = []
    pos = 0
    for round_no in range(1, cards_each + 1):
        for k in range(num_players):
            hands[(first + k) % num_players].append(items[pos])
            pos += 1
        if len(side) < side_count and round_no % side_every_round == 0:
            side.append(items[pos])
            pos += 1
    return tuple(tuple(h) for h in hands), tuple(side), items[pos:]


def deal_to_columns(
    stream: Sequence[T],
    num_columns: int,
    per_column: int,
    *,
    order: Literal["batch", "row"] = "batch",
) -> tuple[tuple[tuple[T, ...], ...], tuple[T, ...]]:
    """Deal up to ``per_column`` cards onto each of ``num_columns`` columns.

    ``order="batch"`` gives column 1 its cards, then column 2, and so on; ``"row"`` gives one card
    to each column per round. A short stream stops the deal where it runs out. Each column is listed
    bottom card first. Returns (columns, undealt rest).

    >>> deal_to_columns(range(10), 6, 4)
    (((0, 1, 2, 3), (4, 5, 6, 7), (8, 9), (), (), ()), ())
    >>> deal_to_columns(range(8), 3, 2, order="row")
    (((0, 3), (1, 4), (2, 5)), (6, 7))
    """
    check_int(num_columns, "num_columns", 1)
    check_int(per_column, "per_column", 0)
    items = tuple(stream)
    columns: list[list[T]] = [[] for _ in range(num_columns)]
    total = min(len(items), num_columns * per_column)
    if order == "batch":
        for pos in range(total):
            columns[pos // per_column].append(items[pos])
    elif order == "row":
        for pos in range(total):
            columns[pos % num_columns].append(items[pos])
    else:
        raise RulesError(f"deal order must be 'batch' or 'row', not {order!r}")
    return tuple(tuple(c) for c in columns), items[total:]


def stacked_order(
    deck: DeckSpec,
    positions: Mapping[K, Sequence[int]],
    wanted: Mapping[K, Iterable[Card | str] | str],
) -> tuple[int, ...]:
    """The shuffled order (card indices) that deals ``wanted`` cards to the named zones.

    ``positions`` says which stream positions each zone receives — deal ``range(len(deck))`` with
    the game's own dealing helper to get it. Zones left out of ``wanted`` (or given fewer cards)
    are filled with the remaining cards in deck order. This is how a test stacks a deck exactly:

    >>> deck = get_deck("rook41")
    >>> hands, nest, _ = deal_one_at_a_time(range(41), 4, 9, first=1, side_every_round=1, side_count=5)
    >>> zones = {**dict(enumerate(hands)), "nest": nest}
    >>> order = stacked_order(deck, zones, {1: "R Y14", "nest": "G5"})
    >>> [str(deck.card(order[p])) for p in (0, 4, 5)]
    ['R', 'G5', 'Y14']
    """
    texts = {
        zone: parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        for zone, cards in wanted.items()
    }
    order: list[int | None] = [None] * len(deck)
    taken = 0
    for zone, cards in texts.items():
        if zone not in positions:
            raise RulesError(
                f"no zone {zone!r} in this deal (zones: {', '.join(map(str, positions))})"
            )
        slots = positions[zone]
        for slot in slots:
            check_int(slot, f"a stream position of zone {zone!r}", 0)
            if slot >= len(deck):
                raise ArgumentError(
                    f"zone {zone!r}: stream position {slot} is past the {len(deck)} cards of the deck"
                )
        if len(cards) > len(slots):
            raise RulesError(
                f"zone {zone!r} receives {len(slots)} cards, {len(cards)} were asked for"
            )
        for slot, card in zip(slots, cards, strict=False):
            index = _free_copy(deck, card, taken)
            taken |= 1 << index
            order[slot] = index
    rest = iter(i for i in range(len(deck)) if not taken >> i & 1)
    return tuple(i if i is not None else next(rest) for i in order)


def _free_copy(deck: DeckSpec, card: Card | str, taken: int) -> int:
    for i in deck.indices(card):
        if not taken >> i & 1:
            return i
    raise RulesError(f"{card} is asked for more often than the {deck.name} deck holds it")

"""What the player of the patience sees, and states consistent with it (cold code).

:func:`view_of` is :meth:`TournamentGame.view <cardrules.games.tournament.TournamentGame.view>`
after its checks: the stock order and, with squared columns (TV1), the covered cards stay
hidden. :func:`sample_view` is :meth:`~cardrules.games.tournament.TournamentGame.sample_state`:
the hidden cards in a uniformly random order. :func:`zones_of` lists where every card lies.

>>> import random
>>> from cardrules.games.tournament import make_game
>>> game = make_game(preset="napoleons_flank")
>>> s = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(4)))
>>> v = view_of(game, s)
>>> [c is None for c in v.columns[0]], all(c is None for c in v.stock)
([True, True, True, False], True)
>>> game.view(sample_view(game, v, random.Random(1))) == v
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from cardrules import Card
from cardrules.games.tournament.actions import FOUNDATION0, RESERVE0, pile_name
from cardrules.games.tournament.state import DECK, TournamentState, TournamentView

if TYPE_CHECKING:
    from cardrules.games.tournament.game import TournamentGame

__all__ = ["sample_view", "view_of", "zones_of"]


def view_of(game: TournamentGame, state: TournamentState) -> TournamentView:
    """What the player sees of a checked ``state`` of ``game`` (TV1: squared columns show only
    their tops and the cards seen on top before)."""
    cards, known = DECK.cards, state.known
    columns: tuple[tuple[Card | None, ...], ...]
    if game.rules.visible_columns:
        columns = tuple(tuple(cards[c] for c in col) for col in state.columns)
    else:
        columns = tuple(
            tuple(
                cards[c] if k == len(col) - 1 or known >> c & 1 else None for k, c in enumerate(col)
            )
            for col in state.columns
        )
    return TournamentView(
        state.phase,
        tuple(cards[c] if c >= 0 else None for c in state.reserve),
        columns,
        tuple(cards[c] if known >> c & 1 else None for c in state.stock),
        tuple(tuple(cards[c] for c in pile) for pile in state.foundations),
        state.redeals_used,
        state.reserve_deals,
        state.result,
        config=state.config,
    )


def sample_view(game: TournamentGame, view: TournamentView, rng: random.Random) -> TournamentState:
    """A state of ``game`` consistent with a checked ``view``: the hidden cards (in the stock and,
    with squared columns, under the tops) in a uniformly random order."""
    if view.phase == "deal":
        return TournamentState("deal", reserve_deals=view.reserve_deals, config=game.config)
    free: dict[Card, list[int]] = {}
    for i, card in enumerate(DECK.cards):
        free.setdefault(card, []).append(i)

    def take(card: Card) -> int:
        return free[card].pop()

    reserve = tuple(take(c) if c is not None else -1 for c in view.reserve)
    piles = tuple(tuple(take(c) for c in pile) for pile in view.foundations)
    known = 0
    slots: list[tuple[int, int]] = []  # (column or -1 for the stock, position)
    columns = [[-1] * len(col) for col in view.columns]
    for i, col in enumerate(view.columns):
        for k, seen in enumerate(col):
            if seen is None:
                slots.append((i, k))
            else:
                columns[i][k] = take(seen)
                known |= 1 << columns[i][k]
    stock = [-1] * len(view.stock)
    for k, seen in enumerate(view.stock):
        if seen is None:
            slots.append((-1, k))
        else:
            stock[k] = take(seen)
            known |= 1 << stock[k]
    hidden = sorted(i for v in free.values() for i in v)
    rng.shuffle(hidden)
    for (i, k), c in zip(slots, hidden, strict=True):
        if i < 0:
            stock[k] = c
        else:
            columns[i][k] = c
    cols = tuple(tuple(col) for col in columns)
    return TournamentState(
        view.phase,
        reserve,
        cols,
        tuple(stock),
        piles,
        view.redeals_used,
        view.reserve_deals,
        game.engine.reveal(known, cols),
        view.result,
        game.config,
    )


def zones_of(state: TournamentState) -> Mapping[str, Sequence[Card]]:
    """Where every card of a checked ``state`` lies: ``R1``…``R8``, ``T1``…, ``stock``, the
    foundations, or ``undealt`` before the deal."""
    cards = DECK.cards
    if state.phase == "deal":
        return {"undealt": list(cards)}
    zones: dict[str, Sequence[Card]] = {
        pile_name(RESERVE0 + i): [cards[c]] if c >= 0 else [] for i, c in enumerate(state.reserve)
    }
    for i, col in enumerate(state.columns):
        zones[pile_name(i)] = [cards[c] for c in col]
    zones["stock"] = [cards[c] for c in state.stock]
    for k, pile in enumerate(state.foundations):
        zones[pile_name(FOUNDATION0 + k)] = [cards[c] for c in pile]
    return zones

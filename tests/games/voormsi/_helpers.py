"""Shared helpers of the Voormsi tests: stacked deals and hand-built positions."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from cardrules import Deal, get_deck, parse_cards
from cardrules.games.voormsi import VoormsiGame, VoormsiState, make_game
from cardrules.games.voormsi.ranking import DECK
from cardrules.games.voormsi.state import NO_TRICK_YET

__all__ = ["d", "play", "position", "random_play", "rest", "stacked_deal", "start_hand"]


def d(text: str) -> int:
    """The deck index of one card."""
    return get_deck("voormsi36").index(text)


def _mask(text: str) -> int:
    return sum(1 << DECK.index(c) for c in parse_cards(text))


def rest(*hands: str) -> str:
    """The cards of the deck not in ``hands``, in deck order (a stock for ``game.position``)."""
    used = _mask(" ".join(hands))
    return " ".join(c.ascii for i, c in enumerate(DECK.cards) if not used >> i & 1)


def _rest(hands: Sequence[str], stock: str) -> tuple[int, ...]:
    used = _mask(" ".join([*hands, stock]))
    return tuple(i for i in range(len(DECK)) if not used >> i & 1)


def stacked_deal(game: VoormsiGame, dealer: int, hands: Mapping[int, str], stock: str = "") -> Deal:
    """A deal giving each listed seat those four cards (others get leftovers), then ``stock`` on top."""
    n = game.num_players
    left = (dealer + 1) % n
    given = {s: [DECK.index(c) for c in parse_cards(t)] for s, t in hands.items()}
    top = [DECK.index(c) for c in parse_cards(stock)]
    used = {c for cs in given.values() for c in cs} | set(top)
    spare = [i for i in range(len(DECK)) if i not in used]
    for s in range(n):
        cards = given.setdefault(s, [])
        while len(cards) < 4:
            cards.append(spare.pop(0))
    order = [given[(left + k % n) % n][k // n] for k in range(4 * n)]
    return Deal(tuple(order + top + spare))


def start_hand(
    hands: Mapping[int, str], stock: str = "", dealer: int = 3, **rules: Any
) -> tuple[VoormsiGame, VoormsiState]:
    """A single hand, dealt with the stacked hands (seat ``dealer + 1`` leads)."""
    game = make_game(**rules)
    s = game.new_hand(dealer=dealer)
    return game, game.apply(s, stacked_deal(game, dealer, hands, stock))


def random_play(game: VoormsiGame, seed: int) -> Iterator[VoormsiState]:
    """The play positions of one random single deal, dealer, shuffle and choices drawn from ``seed``."""
    rng = random.Random(seed)
    s = game.new_hand(dealer=seed % game.num_players)
    s = game.apply(s, game.sample_chance(s, rng))
    while s.phase == "play":
        yield s
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])


def play(game: VoormsiGame, state: VoormsiState, *moves: str) -> VoormsiState:
    """Apply moves in notation, each by the seat to move."""
    for text in moves:
        state = game.apply(state, game.parse_action(text, state))
    return state


def position(
    game: VoormsiGame,
    hands: Sequence[str],
    *,
    leader: int = 0,
    stock: str = "",
    units: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    history: Sequence[tuple[Sequence[tuple[int, str]], int]] = (),
    seq_side: int = NO_TRICK_YET,
    pending: Sequence[int] | None = None,
    single_hand: bool = False,
    fill_stock: bool = False,
) -> VoormsiState:
    """A hand-built play position. Cards need not be conserved (scoring tests), unless
    ``fill_stock`` puts every card not in a hand or ``stock`` under the stock."""
    sides = game.rules.num_sides
    base = game.new_match()
    if not history:
        # Earlier tricks of the deal: an empty placeholder trick per side that has units, so that
        # the end of the deal does not mistake the position for a sweep (C7).
        history = [((), seat) for seat in range(sides) if units is not None and units[seat]]
    tricks = tuple(
        (tuple((seat, _mask(cards)) for seat, cards in plays), winner) for plays, winner in history
    )
    return attrs.evolve(
        base,
        phase="play",
        to_move=leader,
        dealer=(leader - 1) % game.num_players,
        hands=tuple(_mask(h) for h in hands),
        stock=tuple(DECK.index(c) for c in parse_cards(stock))
        + (_rest(hands, stock) if fill_stock else ()),
        leader=leader,
        tricks=tricks,
        units=tuple(units) if units is not None else (0,) * sides,
        scores=tuple(scores) if scores is not None else (0,) * sides,
        deal_start=tuple(scores) if scores is not None else (0,) * sides,
        seq_side=seq_side,
        pending=tuple(pending) if pending is not None else (0,) * sides,
        single_hand=single_hand,
        played=sum(m for plays, _ in tricks for _, m in plays),
    )

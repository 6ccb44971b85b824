"""A heuristic Voormsi bot: win tricks cheaply, never waste strength on a partner's trick.

* Leading: a group of Sevens if held (a led Seven fears only the ♦3, the K♣ and higher Sevens, V9),
  else the strongest single card that is not the ♦3 (a led ♦3 is powerless, V8).
* Following: if the partner heads the trick, throw the cheapest group (and never capture the
  partner's Voormsi, B3); otherwise take the trick with the cheapest group that beats the heading
  group, or throw the cheapest group when none does.

>>> from cardrules.games.voormsi import make_game
>>> game = make_game()
>>> s = game.new_hand(dealer=0)
>>> s = game.apply(s, game.sample_chance(s, random.Random(1)))
>>> bot = VoormsiHeuristicBot()
>>> bot.choose(game.view(s, 1), game.legal_actions(s), random.Random(0)) in game.legal_actions(s)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from cardrules import ArgumentTypeError, group_beats
from cardrules.bots import check_legal_actions
from cardrules.game import check_rng
from cardrules.games.voormsi.actions import VoormsiAction, group_mask
from cardrules.games.voormsi.ranking import (
    CLUB_KING,
    DECK,
    DIAMOND_THREE,
    NORMAL_ORDER,
    SPADE_KING,
    TOQUTSIT,
    VOORMSI,
    beats,
)
from cardrules.games.voormsi.views import VoormsiView

__all__ = ["VoormsiHeuristicBot", "card_value"]


def _value(card: int) -> int:
    if card == DIAMOND_THREE:
        return 100
    if DECK.cards[card].rank == 7:
        return 6
    if card == CLUB_KING:
        return 15  # worth keeping a little: it beats a winning Seven (V10)
    if card == SPADE_KING:
        return 2
    power = NORMAL_ORDER.power(card)
    assert power is not None
    return power


_VALUES: Final = tuple(_value(i) for i in range(len(DECK)))


def card_value(card: int) -> int:
    """How much the bot hates to give ``card`` away (higher = keep)."""
    return _VALUES[card]


class VoormsiHeuristicBot:
    """See the module docstring. Deterministic except for ties, broken with ``rng``."""

    def __repr__(self) -> str:
        return "VoormsiHeuristicBot()"

    def choose(
        self, view: VoormsiView, legal_actions: Sequence[VoormsiAction], rng: random.Random
    ) -> VoormsiAction:
        """Pick a lead or a play (see the module docstring).

        ``view`` must be a :class:`VoormsiView`, ``rng`` a :class:`random.Random`,
        ``legal_actions`` a non-empty sequence and every legal action a sound group
        (:func:`~cardrules.games.voormsi.actions.group_mask`).
        """
        if type(view) is not VoormsiView:
            raise ArgumentTypeError(f"view must be a VoormsiView, not {type(view).__name__}")
        check_rng(rng)
        check_legal_actions(legal_actions)
        for action in legal_actions:
            group_mask(action, "a legal action")
        groups = [(a, [DECK.index(c) for c in a.cards]) for a in legal_actions]
        if not view.trick:
            sevens = [g for g in groups if all(DECK.cards[c].rank == 7 for c in g[1])]
            if sevens:
                return max(sevens, key=lambda g: (len(g[1]), rng.random()))[0]
            singles = [g for g in groups if len(g[1]) == 1 and g[1][0] != DIAMOND_THREE]
            pool = singles or groups
            return max(pool, key=lambda g: (_VALUES[g[1][0]], rng.random()))[0]
        n = len(view.hand_sizes)
        head_seat, head_cards = view.trick[view.heading]

        def side(seat: int) -> int:
            return seat % 2 if n == 4 else seat

        def cost(g: list[int]) -> tuple[int, float]:
            return sum(_VALUES[c] for c in g), rng.random()

        partner_heads = side(head_seat) == side(view.seat)
        if partner_heads:
            partner_voormsi = any(DECK.index(c) == VOORMSI for c in head_cards)
            safe = [g for g in groups if not (partner_voormsi and TOQUTSIT in g[1])] or groups
            return min(safe, key=lambda g: cost(g[1]))[0]
        pos = len(view.trick)
        adjacent = pos == view.heading + 1
        ref = [(DECK.index(c), st) for c, st in view.statuses]
        winning = [
            g
            for g in groups
            if group_beats(
                [(c, 0) for c in g[1]], ref, lambda c, w: beats(c[0], w[0], w[1], adjacent=adjacent)
            )
            is not None
        ]
        pool = winning or groups
        return min(pool, key=lambda g: cost(g[1]))[0]

"""Rook's fused playout: the rest of a strict hand in play on ints and bitmasks, building no states.

:meth:`RookGame.rollout <cardrules.games.rook.game.RookGame.rollout>` steps the auction, the bury
and the trump call, then hands the card play of strict play (R15-R20) to :func:`fused_playout`.
It plays as :meth:`RookGame._stepped_playout <cardrules.games.rook.game.RookGame._stepped_playout>`
does (the same draws on the same ``rng``, the same result) without building a state per card: the
fused copy the benchmark keeps, whose inlined rules are tagged ``# copy of rule <id>: <function>``
and checked against stepping by ``tests/games/rook/test_rule_copies.py``.

It lives in its own module, away from the protocol class, so that the opt-in compiled build
(``CARDRULES_COMPILE=1 pip install .``, see ``setup.py``) can compile it with mypyc without
touching the checked API edge, whose argument checks must stay interpreted.

>>> from cardrules.games.rook import make_game
>>> game = make_game()
>>> state = game.new_hand(dealer=0)
>>> rng = random.Random(3)
>>> while state.phase != "play":
...     state = game.apply(state, game.random_action(state, rng))
>>> fused_playout(game, state, random.Random(5)) == game._stepped_playout(state, random.Random(5))
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardrules import Outcome, iter_bits
from cardrules.games.rook.engine import hand_outcome, hand_result
from cardrules.games.rook.state import RookState

if TYPE_CHECKING:
    from cardrules.games.rook.game import RookGame

__all__ = ["fused_playout"]


def fused_playout(game: RookGame, state: RookState, rng: random.Random) -> Outcome:
    """The outcome of the rest of the strict hand of ``state`` (in its play phase, checked by the
    caller), played at random with ``rng`` exactly as stepping plays it: at each turn the k-th
    legal card in deck order, ``k = int(rng.random() * number of legal cards)``."""
    assert state.trump is not None
    assert state.to_move is not None
    if state.revokes:  # a position with revokes (table play only): step it
        return game._stepped_playout(state, rng)
    follow = game._follow_masks[state.trump]
    win_keys = game._win_keys[state.trump]
    bird = game.bird_mask
    points = game.points
    hands = list(state.hands)
    captured = list(state.captured)
    seat = state.to_move
    remaining = game.cards_each - len(state.tricks)
    random_ = rng.random
    # The trick so far: its led card's follow mask and winner keys, the best key and its
    # seat, the counters in it (R19, R20), as the engine's _play computes them.
    played = len(state.trick)
    winner = state.leader
    best = taken = 0
    keys: tuple[int, ...] = ()
    led_mask = 0
    if played:
        led = state.trick[0]
        keys, led_mask = win_keys[led], follow[led]
        for pos, card in enumerate(state.trick):
            taken += points[card]
            # copy of rule R19: trick_winner
            if keys[card] > best:
                best, winner = keys[card], (state.leader + pos) % 4
    while True:
        hand = hands[seat]
        mask = hand
        if played:
            # copy of rule R15: follow_rule
            following = hand & led_mask
            if following:
                mask = following | (hand & bird)
        # The k-th legal card in deck order, k uniform (as random_action draws it).
        for _ in range(int(random_() * mask.bit_count())):
            mask &= mask - 1
        low = mask & -mask
        card = low.bit_length() - 1
        hands[seat] = hand ^ low
        taken += points[card]
        if not played:
            keys, led_mask = win_keys[card], follow[card]
            best, winner, played = keys[card], seat, 1
            seat = (seat + 1) % 4
            continue
        # copy of rule R19: trick_winner
        if keys[card] > best:
            best, winner = keys[card], seat
        played += 1
        if played < 4:
            seat = (seat + 1) % 4
            continue
        captured[winner % 2] += taken
        remaining -= 1
        if not remaining:
            break
        seat, played, taken = winner, 0, 0
    nest = sum(points[c] for c in iter_bits(state.nest))
    result, _ = hand_result(state.bidder, state.bid, (captured[0], captured[1]), winner, nest)
    return hand_outcome(result)

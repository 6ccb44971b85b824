"""The fused rollout: random play to the end of the hand on ints and bitmasks, building no states.

It draws from the same distribution as stepping with ``legal_actions`` and ``apply`` from the same
state (the tests compare the two): the bidding, the discard and the defend-alone question, if the
hand is not yet in play, are stepped with ``apply`` (a handful of steps); the play is fused.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardrules import CHANCE, Outcome, iter_bits

from .scoring import revoke_penalty, score_hand
from .state import EuchreState

if TYPE_CHECKING:
    from .engine import EuchreGame

__all__ = ["rollout"]

_BITS: dict[int, tuple[int, ...]] = {}


def _bits(mask: int) -> tuple[int, ...]:
    bits = _BITS.get(mask)
    if bits is None:
        bits = _BITS[mask] = tuple(iter_bits(mask))
    return bits


def rollout(game: EuchreGame, state: EuchreState, rng: random.Random) -> Outcome:
    """Play the hand of ``state`` out at random; the outcome of that hand (points it scores)."""
    while state.phase != "play" and state.to_move is not None:
        seat = state.to_move
        if seat == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
        if state.phase == "deal" and state.match.last is not None:
            # A hand ended without play (thrown in, farmer's hand is never random): its result.
            return game.hand_outcome(state.match.last.points)
    if state.phase != "play":
        last = state.match.last
        return game.hand_outcome(last.points if last is not None else (0, 0))
    contract = state.contract
    assert contract is not None
    assert state.to_move is not None
    follow, key, _ = game.tables(contract.trump)
    nxt = game.next_seats[contract.out]
    active = 4 - contract.out.bit_count()
    renege = game.rules.renege_mode
    first_revoke = state.revokes[0].seat if state.revokes else -1
    h0, h1, h2, h3 = state.hands
    hands = [h0, h1, h2, h3]
    won = [state.won[0], state.won[1]]
    leader = state.leader
    seat = state.to_move
    trick = list(state.trick)
    left = 5 - len(state.tricks)
    random_ = rng.random
    while left:
        hand = hands[seat]
        if trick:
            led = follow[trick[0]]
            following = hand & led
            playable = hand if renege else following or hand
            options = _bits(playable)
            card = options[int(random_() * len(options))]
            if following and not led >> card & 1 and first_revoke < 0:
                first_revoke = seat  # E17: found at the end of the hand at the latest
        else:
            options = _bits(hand)
            card = options[int(random_() * len(options))]
        hands[seat] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) == active:
            led = follow[trick[0]]
            best_pos, best_key = 0, key[trick[0]]
            for pos in range(1, active):
                c = trick[pos]
                k = key[c]
                if k > best_key and (k >= 100 or led >> c & 1):
                    best_pos, best_key = pos, k
            for _ in range(best_pos):
                leader = nxt[leader]
            won[leader & 1] += 1
            seat = leader
            trick = []
            left -= 1
        else:
            seat = nxt[seat]
    if first_revoke >= 0:
        result = revoke_penalty(contract, first_revoke)
    else:
        result = score_hand(game.rules, contract, won[contract.maker & 1])
    return game.hand_outcome(result.points)

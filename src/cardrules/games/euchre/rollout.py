"""The fused rollout: random play to the end of the hand on ints and bitmasks, building no states.

It draws from the same distribution as stepping with ``legal_actions`` and ``apply`` from the same
state (the tests compare the two): the bidding, the discard and the defend-alone question, if the
hand is not yet in play, are stepped with ``apply`` (a handful of steps); the play is fused.

Between two hands of a match (the previous hand has just been scored and the next step is the
deal), and at a terminal state, the rollout plays nothing: it returns the outcome of the hand that
ended, as :meth:`cardrules.Game.rollout` specifies.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardrules import CHANCE, Outcome, iter_bits

from .scoring import revoke_penalty
from .state import EuchreState

if TYPE_CHECKING:
    from .engine import EuchreGame

__all__ = ["rollout"]

# mask -> its card indices. Bounded: a legal set holds at most 6 of the 24 cards (~190k masks at
# most, far fewer in practice: a hand of 5 has 32 subsets).
_BITS: dict[int, tuple[int, ...]] = {}


def _bits(mask: int) -> tuple[int, ...]:
    bits = _BITS[mask] = tuple(iter_bits(mask))
    return bits


def rollout(game: EuchreGame, state: EuchreState, rng: random.Random) -> Outcome:
    """Play the hand of ``state`` out at random; the outcome of that hand (points it scores).

    At a state between two hands of a match, or at a terminal state, the outcome of the hand that
    just ended (deterministic).
    """
    phase = state[0]
    if phase != "play":
        last = state[6].last
        if phase == "over" or (phase == "deal" and last is not None):
            return game.hand_outcome(last.points if last is not None else (0, 0))
        while phase != "play":
            seat = state[1]
            if seat is None:  # pragma: no cover - a hand only ends in play or as a thrown-in deal
                last = state[6].last
                return game.hand_outcome(last.points if last is not None else (0, 0))
            if seat == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
            phase = state[0]
            last = state[6].last
            if last is not None and phase in ("deal", "over"):
                # A hand ended without play (all passed; a farmer's hand is never random).
                return game.hand_outcome(last.points)
    _, seat, hands, trick, progress, setup, _ = state
    contract = setup.contract
    assert contract is not None
    assert seat is not None
    follow, key, _ = game.tables(contract.trump)
    nxt = game.next_seats[contract.out]
    active = 4 - contract.out.bit_count()
    renege = game.rules.renege_mode
    first_revoke = setup.revokes[0].seat if setup.revokes else -1
    h = list(hands)
    leader, tricks, (won0, won1) = progress
    left = 5 - len(tricks)
    random_ = rng.random
    bits = _BITS.get
    # The trick in progress: its led suit and best card so far (E14), replayed from the leader.
    played = len(trick)
    led = best_key = best_seat = 0
    if played:
        led = follow[trick[0]]
        best_key, best_seat = key[trick[0]], leader
        s = leader
        for c in trick[1:]:
            s = nxt[s]
            k = key[c]
            if k > best_key and (k >= 100 or led >> c & 1):
                best_key, best_seat = k, s
    while left:
        while played < active:
            hand = h[seat]
            if played:
                following = hand & led
                playable = hand if renege or not following else following
                options = bits(playable) or _bits(playable)
                card = options[int(random_() * len(options))]
                k = key[card]
                if led >> card & 1:
                    if k > best_key:
                        best_key, best_seat = k, seat
                else:
                    if following and first_revoke < 0:
                        first_revoke = seat  # E17: found at the end of the hand at the latest
                    if k >= 100 and k > best_key:
                        best_key, best_seat = k, seat
            else:
                options = bits(hand) or _bits(hand)
                card = options[int(random_() * len(options))]
                led = follow[card]
                best_key, best_seat = key[card], seat
            h[seat] = hand ^ 1 << card
            played += 1
            seat = nxt[seat]
        if best_seat & 1:
            won1 += 1
        else:
            won0 += 1
        left -= 1
        seat = best_seat
        played = 0
    if first_revoke >= 0:
        result = revoke_penalty(contract, first_revoke)
    else:
        result = game.hand_result(contract, won1 if contract.maker & 1 else won0)
    return game.hand_outcome(result.points)

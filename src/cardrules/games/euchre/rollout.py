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
from random import Random
from typing import TYPE_CHECKING

from cardrules import CHANCE, Outcome, iter_bits
from cardrules.game import check_rng

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
    just ended (deterministic). ``state`` must be a Euchre state and ``rng`` a
    :class:`random.Random` (else :class:`~cardrules.errors.ArgumentTypeError`).
    """
    if type(state) is not EuchreState:
        game.reject_state(state)
    if not isinstance(rng, Random):
        check_rng(rng)  # type: ignore[unreachable]  # raises: not what the annotation says
    phase = state[0]
    if phase != "play":
        last = state[6].last
        if phase == "over" or (phase == "deal" and last is not None):
            return game._points_outcome(last.points if last is not None else (0, 0))
        while phase != "play":
            seat = state[1]
            if seat is None:  # pragma: no cover - a hand only ends in play or as a thrown-in deal
                last = state[6].last
                return game._points_outcome(last.points if last is not None else (0, 0))
            if seat == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
            phase = state[0]
            last = state[6].last
            if last is not None and phase in ("deal", "over"):
                # A hand ended without play (all passed; a farmer's hand is never random).
                return game._points_outcome(last.points)
    if game.rules.renege_mode:
        return _rollout_revoke_mode(game, state, rng)
    _, seat, hands, trick, progress, setup, _ = state
    contract = setup.contract
    assert contract is not None
    assert seat is not None
    follow, key, _ = game._tables(contract.trump)
    nxt = game.next_seats[contract.out]
    active = 4 - contract.out.bit_count()
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
                playable = hand & led or hand  # E13: follow the led suit if able
                options = bits(playable) or _bits(playable)
                card = options[int(random_() * len(options))]
                k = key[card]
                if led >> card & 1:
                    if k > best_key:
                        best_key, best_seat = k, seat
                elif k >= 100 and k > best_key:
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
    result = game._hand_result(contract, won1 if contract.maker & 1 else won0)
    return game._points_outcome(result.points)


def _rollout_revoke_mode(game: EuchreGame, state: EuchreState, rng: random.Random) -> Outcome:
    """The rollout in revoke mode (E17): any held card may be played, a play that does not follow
    while able is a revoke, established when its trick is complete; a seat to move whose opponents
    have an established revoke may claim it (the claim is one of its legal actions, chosen as
    often as any card) and the hand ends at once; else the earliest revoke is found at the end."""
    _, seat, hands, trick, progress, setup, _ = state
    contract = setup.contract
    assert contract is not None
    assert seat is not None
    follow, key, _ = game._tables(contract.trump)
    nxt = game.next_seats[contract.out]
    active = 4 - contract.out.bit_count()
    h = list(hands)
    leader, tricks, (won0, won1) = progress
    left = 5 - len(tricks)
    random_ = rng.random
    bits = _BITS.get
    # Per team, the seat of its earliest established revoke (-1: none); the revokes of the trick
    # in progress are pending (a correction is out of turn: random play never makes one).
    established = [-1, -1]
    first_revoke = -1  # the earliest revoke of either side, found at the end of the hand
    pending: list[int] = []
    for r in setup.revokes:
        if first_revoke < 0:
            first_revoke = r.seat
        if not r.established:
            pending.append(r.seat)
        elif established[r.seat & 1] < 0:
            established[r.seat & 1] = r.seat
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
            options = bits(hand) or _bits(hand)
            claimed = established[1 - (seat & 1)]
            if claimed >= 0:
                # E17: the claim is one more legal action; it names the earliest established
                # revoke of the claimer's opponents and ends the hand.
                pick = int(random_() * (len(options) + 1))
                if pick == len(options):
                    return game._points_outcome(revoke_penalty(contract, claimed).points)
                card = options[pick]
            else:
                card = options[int(random_() * len(options))]
            k = key[card]
            if played:
                if led >> card & 1:
                    if k > best_key:
                        best_key, best_seat = k, seat
                else:
                    if hand & led:
                        pending.append(seat)  # a revoke, pending until the trick is complete
                        if first_revoke < 0:
                            first_revoke = seat
                    if k >= 100 and k > best_key:
                        best_key, best_seat = k, seat
            else:
                led = follow[card]
                best_key, best_seat = k, seat
            h[seat] = hand ^ 1 << card
            played += 1
            seat = nxt[seat]
        for offender in pending:  # the last card of the trick establishes its revokes
            if established[offender & 1] < 0:
                established[offender & 1] = offender
        pending.clear()
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
        result = game._hand_result(contract, won1 if contract.maker & 1 else won0)
    return game._points_outcome(result.points)

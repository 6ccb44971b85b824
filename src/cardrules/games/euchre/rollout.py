"""Rollouts: random play to the end of the hand.

:func:`stepped_rollout` is the definition: the game's own steps (``legal_actions``, ``apply`` and
``sample_chance``) in a loop, a uniform choice among the legal actions at each step. :func:`rollout`
(what :meth:`EuchreGame.rollout <cardrules.games.euchre.game.EuchreGame.rollout>` runs) steps the
bidding, the discard and the defend-alone question the same way (a handful of steps), then hands
the card play to the game's ``_play_out`` hook: :func:`play_out` in strict play,
:func:`play_out_revoke_mode` in revoke mode (E17). Those two are *fused* copies of the play rules
on ints and bitmasks that build no states, kept because the benchmark's rollouts run several times
faster than stepping; each inlined rule is tagged ``# copy of rule <ID>: <function>``. They draw
exactly as stepping does (the same calls on the same ``rng``), so from any state and seed both give
the same outcome and leave ``rng`` in the same state, which ``tests/games/euchre/test_rule_copies.py``
checks for every preset.

Between two hands of a match (the previous hand has just been scored and the next step is the
deal), and at a terminal state, a rollout plays nothing: it returns the outcome of the hand that
ended, as :meth:`cardrules.Game.rollout` specifies.
"""

from __future__ import annotations

import random
from random import Random
from typing import TYPE_CHECKING

from cardrules import CHANCE, Outcome, iter_bits
from cardrules.game import check_rng
from cardrules.games.euchre.engine import FOLLOW_MASKS, WIN_KEYS
from cardrules.games.euchre.scoring import revoke_penalty
from cardrules.games.euchre.state import EuchreState

if TYPE_CHECKING:
    from cardrules.games.euchre.game import EuchreGame

__all__ = ["play_out", "play_out_revoke_mode", "rollout", "stepped_rollout"]

# mask -> its card indices. Bounded: a legal set holds at most 6 of the 24 cards (~190k masks at
# most, far fewer in practice: a hand of 5 has 32 subsets).
_BITS: dict[int, tuple[int, ...]] = {}


def _bits(mask: int) -> tuple[int, ...]:
    bits = _BITS[mask] = tuple(iter_bits(mask))
    return bits


def _check(game: EuchreGame, state: EuchreState, rng: random.Random) -> None:
    if type(state) is not EuchreState:
        game.reject_state(state)
    if not isinstance(rng, Random):
        check_rng(rng)  # type: ignore[unreachable]  # raises: not what the annotation says


def stepped_rollout(game: EuchreGame, state: EuchreState, rng: random.Random) -> Outcome:
    """Play the hand of ``state`` out by stepping; the outcome of that hand (points it scores).

    At each step a chance state draws with ``sample_chance``, and a seat picks uniformly among its
    ``legal_actions``: ``legal[int(rng.random() * len(legal))]`` in play (one draw, as the fused
    loop does), ``legal[rng.randrange(len(legal))]`` before it. At a state between two hands of
    a match, or at a terminal state, the outcome of the hand that just ended.

    >>> from cardrules.games.euchre import make_game
    >>> game = make_game()
    >>> start = game.new_hand(dealer=0)
    >>> stepped_rollout(game, start, random.Random(7)) == game.rollout(start, random.Random(7))
    True
    """
    _check(game, state, rng)
    phase = state[0]
    last = state[6].last
    if phase == "over" or (phase == "deal" and last is not None):
        return game._points_outcome(last.points if last is not None else (0, 0))
    while True:
        if state[1] == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            legal = game.legal_actions(state)
            if state[0] == "play":
                state = game.apply(state, legal[int(rng.random() * len(legal))])
            else:
                state = game.apply(state, legal[rng.randrange(len(legal))])
        last = state[6].last
        if last is not None and state[0] in ("deal", "over"):
            return game._points_outcome(last.points)


def rollout(game: EuchreGame, state: EuchreState, rng: random.Random) -> Outcome:
    """Play the hand of ``state`` out at random; the outcome of that hand (points it scores).

    The same outcome as :func:`stepped_rollout` from the same ``rng``. At a state between two
    hands of a match, or at a terminal state, the outcome of the hand that just ended
    (deterministic). ``state`` must be a Euchre state and ``rng`` a :class:`random.Random` (else
    :class:`~cardrules.errors.ArgumentTypeError`).
    """
    _check(game, state, rng)
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
    return game._play_out(state, rng)


def play_out(game: EuchreGame, state: EuchreState, rng: random.Random) -> Outcome:
    """Strict play from ``state`` (in its play phase) to the end of the hand, fused on ints."""
    _, seat, hands, trick, progress, setup, _ = state
    contract = setup.contract
    assert contract is not None
    assert seat is not None
    follow, win_keys = FOLLOW_MASKS[contract.trump], WIN_KEYS[contract.trump]
    nxt = game.next_seats[contract.out]
    active = 4 - contract.out.bit_count()
    h = list(hands)
    leader, tricks, (won0, won1) = progress
    left = 5 - len(tricks)
    random_ = rng.random
    bits = _BITS.get
    # The trick in progress: its led suit, keys and best card so far, replayed from the leader.
    played = len(trick)
    led = best_key = best_seat = 0
    keys = win_keys[0]
    if played:
        led, keys = follow[trick[0]], win_keys[trick[0]]
        best_key, best_seat = keys[trick[0]], leader
        s = leader
        for c in trick[1:]:
            s = nxt[s]
            # copy of rule E14: trick_winner
            if keys[c] > best_key:
                best_key, best_seat = keys[c], s
    while left:
        while played < active:
            hand = h[seat]
            if played:
                # copy of rule E13: playable
                playable = hand & led or hand
                options = bits(playable) or _bits(playable)
                card = options[int(random_() * len(options))]
                # copy of rule E14: trick_winner
                k = keys[card]
                if k > best_key:
                    best_key, best_seat = k, seat
            else:
                options = bits(hand) or _bits(hand)
                card = options[int(random_() * len(options))]
                led, keys = follow[card], win_keys[card]
                best_key, best_seat = keys[card], seat
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


def play_out_revoke_mode(game: EuchreGame, state: EuchreState, rng: random.Random) -> Outcome:
    """Revoke-mode play (E17) from ``state`` to the end of the hand, fused on ints: any held card
    may be played, a play that does not follow while able is a revoke, established when its trick
    is complete; a seat to move whose opponents have an established revoke may claim it (the claim
    is one of its legal actions, chosen as often as any card) and the hand ends at once; else the
    earliest revoke is found at the end."""
    _, seat, hands, trick, progress, setup, _ = state
    contract = setup.contract
    assert contract is not None
    assert seat is not None
    follow, win_keys = FOLLOW_MASKS[contract.trump], WIN_KEYS[contract.trump]
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
    keys = win_keys[0]
    if played:
        led, keys = follow[trick[0]], win_keys[trick[0]]
        best_key, best_seat = keys[trick[0]], leader
        s = leader
        for c in trick[1:]:
            s = nxt[s]
            # copy of rule E14: trick_winner
            if keys[c] > best_key:
                best_key, best_seat = keys[c], s
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
            if played:
                # copy of rule E13: playable
                if not led >> card & 1 and hand & led:
                    pending.append(seat)  # a revoke, pending until the trick is complete
                    if first_revoke < 0:
                        first_revoke = seat
                # copy of rule E14: trick_winner
                k = keys[card]
                if k > best_key:
                    best_key, best_seat = k, seat
            else:
                led, keys = follow[card], win_keys[card]
                best_key, best_seat = keys[card], seat
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

"""Euchre's fused playouts: the card play of a hand to its end on ints and bitmasks, building no
states.

:func:`~cardrules.games.euchre.rollout.rollout` checks its arguments, steps the bidding and hands
the card play to one of these: :func:`play_out` in strict play, :func:`play_out_revoke_mode` in
revoke mode (E17). They are fused copies of the play rules, each inlined rule tagged ``# copy of rule
<ID>: <function>`` and checked against stepping by ``tests/games/euchre/test_rule_copies.py``; they
take only checked arguments (a Euchre state in its play phase and a :class:`random.Random`).

They live in a module of their own, away from the checked entry points, so that the opt-in compiled
build (``CARDRULES_COMPILE=1 pip install .``, see ``setup.py``) can compile them with mypyc: compiled
code checks annotated argument types on entry with a bare ``TypeError``, which the library's
entry points must never show.

>>> from cardrules.games.euchre import make_game
>>> game = make_game()
>>> state = game.new_hand(dealer=0)
>>> rng = random.Random(3)
>>> while state.phase != "play":
...     legal = game.legal_actions(state) or (game.sample_chance(state, rng),)
...     state = game.apply(state, legal[rng.randrange(len(legal))])
>>> from cardrules.games.euchre.rollout import stepped_rollout
>>> play_out(game, state, random.Random(5)) == stepped_rollout(game, state, random.Random(5))
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardrules import Outcome, iter_bits
from cardrules.games.euchre.engine import FOLLOW_MASKS, WIN_KEYS
from cardrules.games.euchre.scoring import revoke_penalty
from cardrules.games.euchre.state import EuchreState
from cardrules.games.euchre.views import revoke_public

if TYPE_CHECKING:
    from cardrules.games.euchre.game import EuchreGame

__all__ = ["play_out", "play_out_revoke_mode"]

# mask -> its card indices. Bounded: a legal set holds at most 6 of the 24 cards (~190k masks at
# most, far fewer in practice: a hand of 5 has 32 subsets).
_BITS: dict[int, tuple[int, ...]] = {}


def _bits(mask: int) -> tuple[int, ...]:
    bits = _BITS[mask] = tuple(iter_bits(mask))
    return bits


def _trick_so_far(
    trick: tuple[int, ...],
    leader: int,
    nxt: tuple[int, ...],
    follow: tuple[int, ...],
    win_keys: tuple[tuple[int, ...], ...],
) -> tuple[int, tuple[int, ...], int, int]:
    """The trick in progress, replayed from its leader, as the fused loops keep it: the led
    suit's mask, the keys of the led card, and the best key so far with its seat (all 0, and
    the first card's keys, before a lead)."""
    if not trick:
        return 0, win_keys[0], 0, 0
    keys = win_keys[trick[0]]
    best_key, best_seat = keys[trick[0]], leader
    seat = leader
    for card in trick[1:]:
        seat = nxt[seat]
        # copy of rule E14: trick_winner
        if keys[card] > best_key:
            best_key, best_seat = keys[card], seat
    return follow[trick[0]], keys, best_key, best_seat


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
    led, keys, best_key, best_seat = _trick_so_far(trick, leader, nxt, follow, win_keys)
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
    earliest revoke is found at the end. A revoke may be claimed only once it is public too (E17,
    who sees a revoke): its offender has played, in a later trick, the suit it failed to follow."""
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
    # Per team, the seat of its earliest established and public revoke, which the other team may
    # claim (-1: none); the revokes of the trick in progress are pending (a correction is out of
    # turn: random play never makes one); ``secret`` the established revokes not yet public, as
    # (seat, led suit mask): public once the seat plays that suit.
    established = [-1, -1]
    first_revoke = -1  # the earliest revoke of either side, found at the end of the hand
    pending: list[tuple[int, int]] = []
    secret: list[tuple[int, int]] = []
    every = (*progress.tricks, (progress.leader, trick))
    for r in setup.revokes:
        if first_revoke < 0:
            first_revoke = r.seat
        led_mask = follow[every[r.trick_no][1][0]]
        if not r.established:
            pending.append((r.seat, led_mask))
        elif not revoke_public(
            r, contract, progress.tricks, progress.leader, trick, hand_over=False
        ):
            secret.append((r.seat, led_mask))
        elif established[r.seat & 1] < 0:
            established[r.seat & 1] = r.seat
    played = len(trick)
    led, keys, best_key, best_seat = _trick_so_far(trick, leader, nxt, follow, win_keys)
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
                    pending.append((seat, led))  # a revoke, pending until the trick is complete
                    if first_revoke < 0:
                        first_revoke = seat
                # copy of rule E14: trick_winner
                k = keys[card]
                if k > best_key:
                    best_key, best_seat = k, seat
            else:
                led, keys = follow[card], win_keys[card]
                best_key, best_seat = keys[card], seat
            if secret:
                # copy of rule E17: is_public_revoke
                # (playing the suit it failed to follow makes the seat's revokes public)
                for entry in [e for e in secret if e[0] == seat and e[1] >> card & 1]:
                    secret.remove(entry)
                    if established[seat & 1] < 0:
                        established[seat & 1] = seat
            h[seat] = hand ^ 1 << card
            played += 1
            seat = nxt[seat]
        secret.extend(pending)  # the last card of the trick establishes its revokes (secret)
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

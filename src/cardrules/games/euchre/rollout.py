"""Rollouts: random play to the end of the hand.

:func:`stepped_rollout` is the definition: the game's own steps (``legal_actions``, ``apply`` and
``sample_chance``) in a loop, a uniform choice among the legal actions at each step. :func:`rollout`
(what :meth:`EuchreGame.rollout <cardrules.games.euchre.game.EuchreGame.rollout>` runs) steps the
bidding, the discard and the defend-alone question the same way (a handful of steps), then hands
the card play to the game's ``_play_out`` hook: :func:`play_out` in strict play,
:func:`play_out_revoke_mode` in revoke mode (E17), both in
:mod:`cardrules.games.euchre.playout`. Those two are *fused* copies of the play rules
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

from cardrules import CHANCE, Outcome
from cardrules.game import check_rng
from cardrules.games.euchre.playout import play_out, play_out_revoke_mode
from cardrules.games.euchre.state import EuchreState

if TYPE_CHECKING:
    from cardrules.games.euchre.game import EuchreGame

__all__ = ["play_out", "play_out_revoke_mode", "rollout", "stepped_rollout"]


def _check(game: EuchreGame, state: EuchreState, rng: random.Random) -> None:
    if type(state) is not EuchreState or state[6].config is not game.config:
        game.check_state(state)
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

"""Winnable deals on request: draw seeded deals until the solver proves one won.

:func:`winnable_deal` deals the patience from one seed after another and hands back the first deal
for which :func:`~cardrules.games.tournament.solver.solve` finds a winning line within its node
budget, with that line as the proof. It never returns a deal the solver has not won: when the
tries or the budget run out it raises :class:`NoWinnableDealError`.

Every try is an ordinary seeded deal: :func:`seeded_deal` with seed ``s`` draws the shuffles from
``random.Random(s)`` exactly as :func:`cardrules.sim.play_game` and ``cardrules play --seed s``
do (each shuffle that the reserve rule rejects included), so the seed alone reproduces the deal on
any machine, and a record of the game holds the shuffles as ordinary chance steps and replays
without the solver.

>>> from cardrules.games.tournament import make_game
>>> game = make_game()
>>> deal = winnable_deal(game, 0, max_nodes=20_000)
>>> deal.tries[-1].seed == deal.seed, deal.tries[-1].status
(True, 'won')
>>> seeded_deal(game, deal.seed)[0] == deal.state
True

Why a function and not ``game.new_hand(winnable=True)``: ``new_hand`` is the protocol's start of
a hand, the *chance* state before the shuffle, and every record, simulation and replay begins
there and draws the deal through :meth:`~cardrules.games.tournament.TournamentGame.sample_chance`.
A winnable deal is not a draw of the game's chance model but a search over seeds (with a budget, a
try limit, a failure, a proof and a seed to report), so it lives beside the game as its own call
whose result carries all of that, and the plain protocol stays exactly the game's rules: a record
of a winnable game starts from ``new_hand()`` like any other, with the found deal's shuffles as
its chance steps. :meth:`TournamentGame.winnable_deal
<cardrules.games.tournament.TournamentGame.winnable_deal>` is the same call as a method.

A game dealt this way is conditioned on being winnable, so
:meth:`~cardrules.games.tournament.TournamentGame.sample_state` (uniform over the hidden cards)
is only an approximation of what a player may infer in it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, Literal, final

import attrs

from cardrules import CHANCE, ArgumentError, CardrulesError, Deal
from cardrules.errors import check_int
from cardrules.game import check_count
from cardrules.games.tournament import solver
from cardrules.games.tournament.actions import TournamentAction
from cardrules.games.tournament.game import TournamentGame
from cardrules.games.tournament.solver import check_solvable
from cardrules.games.tournament.state import TournamentState
from cardrules.records import GameRecord, record_game

__all__ = [
    "DEFAULT_MAX_NODES",
    "DEFAULT_MAX_TRIES",
    "DealTry",
    "NoWinnableDealError",
    "WinnableDeal",
    "seeded_deal",
    "winnable_deal",
]

DEFAULT_MAX_NODES = 50_000
"""The solver's node budget per try: it proves about half of all deals won at this budget (44 %
of deals 0–999 at 25,000 nodes, 52 % with 60,000), so a winnable deal takes about two tries, a
few seconds."""
DEFAULT_MAX_TRIES = 100
"""How many deals :func:`winnable_deal` tries before it gives up."""


class NoWinnableDealError(CardrulesError):
    """No deal was proved winnable within the tries and the solver budget."""


@final
@attrs.frozen
class DealTry:
    """One deal tried: its seed, the solver's answer (``"won"``, ``"lost"`` or ``"unknown"``,
    the budget spent) and the nodes it searched."""

    seed: int
    status: Literal["won", "lost", "unknown"]
    nodes: int


@final
@attrs.frozen
class WinnableDeal:
    """A deal the solver proved won, and how it was found.

    ``seed`` deals it (:func:`seeded_deal`, ``cardrules play tournament --seed SEED``);
    ``state`` is the dealt state, ``chance_steps`` the shuffles from ``new_hand()`` to it (under
    the reserve rule B1 the rejected ones first), ``proof_line`` a winning line from ``state``
    (the game's own actions, each legal), and ``tries`` every deal tried, in order, this one last.
    """

    seed: int
    state: TournamentState
    chance_steps: tuple[Deal, ...]
    proof_line: tuple[TournamentAction, ...]
    tries: tuple[DealTry, ...]

    def record(
        self,
        game: TournamentGame,
        steps: Iterable[TournamentAction] = (),
        *,
        metadata: Mapping[str, Any] | None = None,
    ) -> GameRecord:
        """A record of this deal followed by the player's ``steps`` (the proof line, say).

        It starts from ``new_hand()`` and holds the shuffles as chance steps, so
        :func:`~cardrules.records.replay` needs neither the solver nor the seed; ``metadata``
        gets ``seed`` and ``tries`` besides what is given.

        >>> from cardrules.records import replay
        >>> from cardrules.games.tournament import make_game
        >>> game = make_game()
        >>> deal = winnable_deal(game, 5, max_nodes=5_000)
        >>> replay(deal.record(game, deal.proof_line)).result
        'won'
        """
        check_solvable(game)
        moves = [(0, action) for action in steps]
        info = {"seed": self.seed, "tries": len(self.tries), **(metadata or {})}
        chance = [(CHANCE, deal) for deal in self.chance_steps]
        return record_game(game, chance + moves, start="hand", metadata=info)


def _check_seed(seed: object) -> int:
    seed = check_int(seed, "seed")
    if seed < 0:
        # random.Random(-s) and random.Random(s) deal alike: only seeds >= 0 keep tries distinct
        raise ArgumentError(f"seed must be 0 or more, not {seed}")
    return seed


def seeded_deal(game: TournamentGame, seed: int) -> tuple[TournamentState, tuple[Deal, ...]]:
    """The state dealt from ``random.Random(seed)`` and the shuffles that dealt it.

    This is how :func:`~cardrules.sim.play_game` and ``cardrules play --seed`` deal: from
    ``new_hand()``, one shuffle after another until the reserve rule (B1) accepts one.

    >>> from cardrules.games.tournament import make_game
    >>> state, shuffles = seeded_deal(make_game(), 4)
    >>> state.phase, len(state.stock), len(shuffles)
    ('play', 72, 1)
    """
    check_solvable(game)
    rng = random.Random(_check_seed(seed))
    state = game.new_hand()
    shuffles: list[Deal] = []
    while game.to_move(state) == CHANCE:
        shuffle = game.sample_chance(state, rng)
        shuffles.append(shuffle)
        state = game.apply(state, shuffle)
    return state, tuple(shuffles)


def _wins(game: TournamentGame, state: TournamentState, line: tuple[TournamentAction, ...]) -> bool:
    """Whether ``line`` is legal from ``state`` and ends in a win (the proof, checked once more)."""
    for action in line:
        state = game.apply(state, action)
    return state.result == "won"


def winnable_deal(
    game: TournamentGame,
    seed: int | random.Random,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_tries: int = DEFAULT_MAX_TRIES,
) -> WinnableDeal:
    """The first of the deals ``seed``, ``seed + 1``, … that the solver proves won.

    ``seed`` is an int (0 or more), or a :class:`random.Random` that draws each try's seed
    (``randrange(2**32)``, the range of ``cardrules play``'s own seeds). Each try is
    :func:`seeded_deal` of its seed, solved with ``max_nodes`` nodes; the budget is counted in
    nodes, not seconds, so the same arguments find the same deal on any machine. After
    ``max_tries`` deals without a win it raises :class:`NoWinnableDealError`: a deal the solver has
    not won is never returned. The proof line is replayed through ``apply`` before the deal is
    returned.

    >>> from cardrules.games.tournament import make_game
    >>> winnable_deal(make_game(), 0, max_nodes=100, max_tries=2)
    Traceback (most recent call last):
    ...
    cardrules.games.tournament.winnable.NoWinnableDealError: no deal proved winnable in 2 tries (seeds 0, 1) with 100 solver nodes each: raise max_nodes or max_tries
    """
    check_solvable(game)
    if isinstance(seed, random.Random):
        rng: random.Random | None = seed
        first = 0
    else:
        rng, first = None, _check_seed(seed)
    check_count(max_nodes, "max_nodes")
    check_count(max_tries, "max_tries")
    tries: list[DealTry] = []
    for k in range(max_tries):
        try_seed = rng.randrange(2**32) if rng is not None else first + k
        state, shuffles = seeded_deal(game, try_seed)
        result = solver.solve(
            game, state, max_nodes=max_nodes
        )  # (looked up at call: tests patch it)
        tries.append(DealTry(try_seed, result.status, result.nodes))
        if result.status == "won":
            if not _wins(game, state, result.line):
                raise CardrulesError(
                    f"the solver's line for seed {try_seed} does not win: a solver bug"
                )
            return WinnableDeal(try_seed, state, shuffles, result.line, tuple(tries))
    seeds = ", ".join(str(t.seed) for t in tries[:5]) + (", …" if len(tries) > 5 else "")
    raise NoWinnableDealError(
        f"no deal proved winnable in {max_tries} tries (seeds {seeds}) with {max_nodes} solver "
        f"nodes each: raise max_nodes or max_tries"
    )

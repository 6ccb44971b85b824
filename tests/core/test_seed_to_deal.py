"""Seed → deal: every game's and preset's shuffles from a seed, pinned (issue #28, item 3).

The games once had a private shuffle each; they now share one in the core
(:func:`cardrules.decks.shuffled_order`). A seed must still deal what it dealt before, or every
stored ``--seed``, ``simulate`` figure and winnable-deal seed would silently change. So the deals
of seeds 0..999 from ``sample_chance`` (a plain :class:`random.Random`, and a subclass of it that
takes the generic path), the results of ``simulate`` and the seeds :func:`winnable_deal` finds are
stored here as digests, computed on the build before the shuffles were unified.

After an intended change of the mapping (there should be none), regenerate them with
``python -m tests.core.test_seed_to_deal`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from cardrules import get_game
from cardrules.bots import RandomBot
from cardrules.decks import shuffled_order
from cardrules.errors import ArgumentError, ArgumentTypeError
from cardrules.game import CHANCE
from cardrules.sim import Start, simulate

DATA = Path(__file__).resolve().parents[1] / "data" / "seed_deals.json"

# The built-in games (other tests register plugin games, such as Whist, for a while).
GAMES = ("euchre", "rook", "tournament", "voormsi")
SEEDS = range(1000)
# Seeds drawn through a Random subclass: game code must not take a plain-Random fast path for it.
SUBCLASS_SEEDS = range(100)
SIM_SEEDS = (0, 7)
SIM_GAMES = 50
# Whole matches, but single hands of Rook: random bots take minutes to reach 500 points.
SIM_START: dict[str, Start] = {"rook": "hand"}
# (first seed, solver nodes, tries): small budgets, so that a few tries fail before one is won.
WINNABLE: tuple[tuple[int, int, int], ...] = ((0, 2_000, 40), (100, 2_000, 40))
# Presets that need an option no default can give (Cicely's building rule has no source).
PRESET_OPTIONS: dict[tuple[str, str], dict[str, Any]] = {
    ("tournament", "cicely"): {"cicely_build": "down_in_suit"},
}


class _SubRandom(random.Random):
    """A :class:`random.Random` subclass: the same stream, but not ``type(rng) is Random``."""


def _configs() -> list[tuple[str, str]]:
    return [(name, preset) for name in GAMES for preset in type(get_game(name).rules).PRESETS]


def _first_preset(name: str) -> str:
    preset: str = next(iter(type(get_game(name).rules).PRESETS))
    return preset


def _game(name: str, preset: str) -> Any:
    return get_game(name, preset=preset, **PRESET_OPTIONS.get((name, preset), {}))


def _start(game: Any) -> Any:
    """A fresh hand at its shuffle (the dealer does not change the shuffle)."""
    state = game.new_hand() if game.name == "tournament" else game.new_hand(dealer=0)
    assert game.to_move(state) == CHANCE
    return state


def deal_digest(name: str, preset: str, seeds: range, rng_type: type[random.Random]) -> str:
    """sha256 over the deal orders that ``sample_chance`` draws from each seed."""
    game = _game(name, preset)
    state = _start(game)
    digest = hashlib.sha256()
    for seed in seeds:
        order = game.sample_chance(state, rng_type(seed)).order
        digest.update(",".join(map(str, order)).encode() + b";")
    return digest.hexdigest()


def sim_digest(name: str, seed: int) -> str:
    """sha256 over ``simulate``'s result (as plain data) for the default rules."""
    game = get_game(name)
    bots = [RandomBot() for _ in range(game.num_players)]
    start = SIM_START.get(name, "match")
    result = simulate(game, bots, games=SIM_GAMES, seed=seed, start=start).to_dict()
    return hashlib.sha256(json.dumps(result, sort_keys=True).encode()).hexdigest()


def winnable_seeds() -> list[list[Any]]:
    """For each (first seed, budget, tries): the seed found and the status of every try."""
    from cardrules.games.tournament import make_game
    from cardrules.games.tournament.winnable import winnable_deal

    game = make_game()
    out = []
    for first, nodes, tries in WINNABLE:
        found = winnable_deal(game, first, max_nodes=nodes, max_tries=tries)
        out.append([first, found.seed, [t.status for t in found.tries]])
    return out


def _key(name: str, preset: str) -> str:
    return f"{name}/{preset}"


def compute() -> dict[str, Any]:
    """Every stored figure, from the code as it is."""
    return {
        "deals": {_key(n, p): deal_digest(n, p, SEEDS, random.Random) for n, p in _configs()},
        "deals_subclass": {
            n: deal_digest(n, _first_preset(n), SUBCLASS_SEEDS, _SubRandom) for n in GAMES
        },
        "simulate": {f"{n}/{s}": sim_digest(n, s) for n in GAMES for s in SIM_SEEDS},
        "winnable": winnable_seeds(),
    }


def _stored() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text())
    return data


@pytest.mark.parametrize(("name", "preset"), _configs(), ids=[_key(*c) for c in _configs()])
def test_seed_to_deal_unchanged(name: str, preset: str) -> None:
    """E4, R6, V5, T1: seeds 0..999 deal exactly the orders they dealt before #28."""
    assert deal_digest(name, preset, SEEDS, random.Random) == _stored()["deals"][_key(name, preset)]


@pytest.mark.parametrize("name", GAMES)
def test_seed_to_deal_unchanged_for_a_random_subclass(name: str) -> None:
    """A subclass of random.Random (the generic path, not the fast one) deals as before."""
    preset = _first_preset(name)
    expected = _stored()["deals_subclass"][name]
    assert deal_digest(name, preset, SUBCLASS_SEEDS, _SubRandom) == expected


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SIM_SEEDS)
def test_simulate_unchanged(name: str, seed: int) -> None:
    """``simulate(game, bots, games=50, seed=S)`` gives the very same result as before."""
    assert sim_digest(name, seed) == _stored()["simulate"][f"{name}/{seed}"]


def test_winnable_deal_seeds_unchanged() -> None:
    """T1/B1: ``winnable_deal`` finds the same seeds, after the same failed tries, as before."""
    assert winnable_seeds() == _stored()["winnable"]


def test_every_config_is_stored() -> None:
    """A new game or preset must get its pinned digest too (regenerate the data)."""
    assert sorted(_stored()["deals"]) == sorted(_key(*c) for c in _configs())


@pytest.mark.parametrize("n", [0, 1, 2, 3, 24, 41, 52, 57, 104])
def test_swaps_are_random_shuffle_draw_for_draw(n: int) -> None:
    """The core shuffle gives ``rng.shuffle``'s order and leaves the generator in its state."""
    for seed in range(50):
        a, b = random.Random(seed), random.Random(seed)
        expected = list(range(n))
        b.shuffle(expected)
        assert shuffled_order(a, n) == tuple(expected)
        assert a.getstate() == b.getstate()


def test_lehmer_decodes_every_code_to_its_own_order() -> None:
    """``"lehmer"``: the n! codes of one draw give the n! orders, each once (exactly uniform)."""
    for n in range(6):
        orders = {shuffled_order(_Code(code), n, "lehmer") for code in range(math.factorial(n))}
        assert orders == set(itertools.permutations(range(n)))


def test_a_random_subclass_is_asked_for_its_own_draws() -> None:
    """A subclass that draws otherwise (its own ``random``) deals as its ``shuffle`` does."""

    class Coarse(random.Random):
        def random(self) -> float:
            return 0.5

    expected = list(range(10))
    Coarse(1).shuffle(expected)
    assert shuffled_order(Coarse(1), 10) == tuple(expected)


def test_bad_arguments_are_refused_by_name() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^rng must be a random.Random, not int$"):
        shuffled_order(7, 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^n must be an int, not bool True$"):
        shuffled_order(random.Random(1), True)
    with pytest.raises(ArgumentError, match=r"^n must be at least 0, not -2$"):
        shuffled_order(random.Random(1), -2)
    with pytest.raises(ArgumentError, match=r"^method must be 'swaps' or 'lehmer', not 'riffle'$"):
        shuffled_order(random.Random(1), 3, "riffle")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"must give an int below it, not 7"):
        shuffled_order(_Code(7), 3, "lehmer")

    class Dropping(random.Random):
        def shuffle(self, x: Any) -> None:
            x.pop()

    with pytest.raises(ArgumentError, match=r"^rng.shuffle of Dropping must permute the list"):
        shuffled_order(Dropping(1), 3)


class _Code(random.Random):
    """An rng whose one ``randrange`` draw is a chosen Lehmer code."""

    def __init__(self, code: int) -> None:
        super().__init__(0)
        self.code = code

    def randrange(self, *args: object, **kwargs: object) -> int:
        return self.code


if __name__ == "__main__":
    DATA.write_text(json.dumps(compute(), indent=1, sort_keys=True) + "\n")
    sys.stdout.write(f"wrote {DATA}\n")

"""Perft: the game trees of every game and preset, counted from fixed seeded deals (issue #18).

As python-chess pins its move generator with perft counts, each stored count here pins a game's
rules: the leaves to a fixed depth from a seeded deal (bidding and the first tricks), and the whole
tree from a seeded position near the end of a hand (every leaf a finished hand, so the points per
seat summed over them pin the scoring rules too). Out-of-turn actions (revoke claims and
corrections, farmer's-hand claims) are part of the tree. Any drift in any legality or scoring path
changes a count deterministically; ``perft_divide`` then finds the first action whose subtree moved.

The counts were computed before the games were moved onto the rule registry and are recomputed in
CI. After an intended rules change, regenerate them with
``python -m tests.core.test_perft`` and say why in the commit.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from cardrules import get_game
from cardrules.perft import deal, endgame, perft

DATA = Path(__file__).resolve().parents[1] / "data" / "perft.json"

# game: (opening depth, actions before the end for the endgame start, endgame depth) — sized so
# that every tree has hundreds to tens of thousands of leaves and the whole file runs in seconds.
DEPTHS: dict[str, tuple[int, int, int]] = {
    "euchre": (6, 10, 16),
    "rook": (3, 10, 16),
    "voormsi": (5, 10, 14),
    "tournament": (3, 2, 4),
}
# Revoke (table) modes let every seat correct or claim out of turn, so their trees are far bushier.
DEPTH_OVERRIDES: dict[tuple[str, str], tuple[int, int, int]] = {
    ("euchre", "table_play"): (3, 6, 6),
    ("rook", "table_play"): (2, 5, 5),
    ("rook", "table_play_strict_window"): (2, 5, 5),
    ("voormsi", "two_player"): (5, 8, 10),
    ("tournament", "kingsdown_eights"): (2, 2, 3),
}
# Presets that need an option no default can give (Cicely's building rule has no source).
PRESET_OPTIONS: dict[tuple[str, str], dict[str, Any]] = {
    ("tournament", "cicely"): {"cicely_build": "down_in_suit"},
}
SEEDS = (1, 2)


def _configs() -> list[tuple[str, str]]:
    configs = []
    for name in DEPTHS:
        rules_class = type(get_game(name).rules)
        configs += [(name, preset) for preset in rules_class.PRESETS]
    return configs


def count(name: str, preset: str, seed: int) -> dict[str, list[Any]]:
    """The stored figures of one game, preset and seed."""
    game = get_game(name, preset=preset, **PRESET_OPTIONS.get((name, preset), {}))
    opening_depth, remaining, endgame_depth = DEPTH_OVERRIDES.get((name, preset), DEPTHS[name])
    start = (
        game.new_hand() if name == "tournament" else game.new_hand(dealer=seed % game.num_players)
    )
    dealt = deal(game, start, random.Random(seed))
    near_end = endgame(game, dealt, random.Random(1000 + seed), remaining)
    return {
        "opening": perft(game, dealt, opening_depth).as_list(),
        "endgame": perft(game, near_end, endgame_depth).as_list(),
    }


def _key(name: str, preset: str, seed: int) -> str:
    return f"{name}/{preset}/{seed}"


def _stored() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(("name", "preset"), _configs())
def test_perft_counts_are_unchanged(name: str, preset: str) -> None:
    stored = _stored()
    for seed in SEEDS:
        key = _key(name, preset, seed)
        assert key in stored, f"no stored perft for {key}: run python -m tests.core.test_perft"
        assert count(name, preset, seed) == stored[key], f"perft drift in {key}"


def test_every_stored_count_has_a_config() -> None:
    wanted = {_key(name, preset, seed) for name, preset in _configs() for seed in SEEDS}
    assert set(_stored()) == wanted


def test_the_counts_reach_the_ends_of_hands() -> None:
    """The endgame trees end hands (so they pin scoring), the openings branch (so they pin legality)."""
    for key, figures in _stored().items():
        leaves, ends = figures["endgame"][:2]
        assert ends >= 1, key
        assert figures["opening"][0] > 1, key
        assert leaves >= ends, key


def main() -> None:
    """Recompute and store every count (after an intended rules change)."""
    result = {
        _key(name, preset, seed): count(name, preset, seed)
        for name, preset in _configs()
        for seed in SEEDS
    }
    DATA.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(result)} counts to {DATA}", file=sys.stderr)


if __name__ == "__main__":
    main()


def test_perft_refuses_what_is_not_a_game() -> None:
    """Every entry point of cardrules.perft names a bad game instead of failing inside."""
    from cardrules.errors import ArgumentTypeError
    from cardrules.perft import perft_divide

    game = get_game("euchre")
    state = game.new_hand(dealer=0)
    for call in (
        lambda: perft(123, state, 1),
        lambda: perft_divide(None, state, 1),
        lambda: deal("euchre", state, random.Random(1)),
        lambda: endgame(object(), state, random.Random(1), 2),
    ):
        with pytest.raises(ArgumentTypeError, match="game must be a cardrules Game"):
            call()

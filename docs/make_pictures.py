"""Write the SVG pictures the game pages show: ``python docs/make_pictures.py``.

Each trick game's picture is the table as the seat to play sees it in the middle of a trick of a
seeded random hand (a few tricks already taken); the Tournament's is its layout after a few moves.
All are drawn by :func:`cardrules.svg.render`, the call behind ``_repr_svg_`` and the command
line's pictures, so the figures stay true to the library; the same seed always gives the same file.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from cardrules import CHANCE, get_game
from cardrules.svg import render

OUT = Path(__file__).resolve().parent / "_static" / "pictures"
SEEDS = {"euchre": 3, "rook": 3, "voormsi": 3, "tournament": 3}
TRICKS_TAKEN = {"euchre": 2, "rook": 3, "voormsi": 2}
"""Tricks completed before the pictured one: enough for won stacks on both sides of the table."""
TOURNAMENT_MOVES = 12


def _step(game: Any, state: Any, rng: random.Random) -> Any:
    if game.to_move(state) == CHANCE:
        return game.apply(state, game.sample_chance(state, rng))
    return game.apply(state, rng.choice(game.legal_actions(state)))


def _pictured(name: str, game: Any, state: Any) -> bool:
    """Halfway through a trick (two plays made) after some tricks taken; for Voormsi, a trick of
    pairs or more, to show each seat's group."""
    if state.phase != "play" or game.to_move(state) == CHANCE:
        return False
    if len(state.tricks) < TRICKS_TAKEN[name] or len(state.trick) != 2:
        return False
    return name != "voormsi" or state.trick[0][1].bit_count() > 1


def mid_trick(name: str, seed: int) -> tuple[Any, Any]:
    """The game and the pictured state of the first hand from ``seed`` on that reaches one."""
    game = get_game(name)
    for tried in range(seed, seed + 500):
        rng = random.Random(tried)
        state = game.new_hand(dealer=0)
        while not game.is_over(state):
            if _pictured(name, game, state):
                return game, state
            state = _step(game, state, rng)
    raise RuntimeError(f"no seed from {seed} reaches the pictured trick of {name}")


def picture(name: str, seed: int | None = None) -> str:
    """The SVG text of the figure for game ``name``."""
    seed = SEEDS[name] if seed is None else seed
    if name == "tournament":
        game = get_game(name)
        rng = random.Random(seed)
        state = game.new_hand()
        moves = 0
        while not game.is_over(state) and moves < TOURNAMENT_MOVES:
            moves += game.to_move(state) != CHANCE
            state = _step(game, state, rng)
        return render(game.view(state, 0), game)
    game, state = mid_trick(name, seed)
    return render(game.view(state, game.to_move(state)), game)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in SEEDS:
        (OUT / f"{name}.svg").write_text(picture(name), encoding="utf-8")
        print(f"wrote {OUT / name}.svg")


if __name__ == "__main__":
    main()

"""Write the SVG pictures the game pages show: ``python docs/make_pictures.py``.

Each picture is a seat's view in the middle of a seeded random hand (the Tournament layout after a
few moves), drawn by :func:`cardrules.svg.render`, so the figures stay true to the library.
"""

from __future__ import annotations

import random
from pathlib import Path

from cardrules import CHANCE, get_game
from cardrules.svg import render

OUT = Path(__file__).resolve().parent / "_static" / "pictures"
STEPS = {"euchre": 14, "rook": 22, "voormsi": 10, "tournament": 12}


def picture(name: str, seed: int = 3) -> str:
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new_hand(dealer=0) if game.num_players > 1 else game.new_hand()
    decisions = 0
    while not game.is_over(state) and decisions < STEPS[name]:
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        decisions += 1
    seat = game.to_move(state)
    seat = 0 if seat is None or seat == CHANCE else seat
    return render(game.view(state, seat), game)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in STEPS:
        (OUT / f"{name}.svg").write_text(picture(name), encoding="utf-8")
        print(f"wrote {OUT / name}.svg")


if __name__ == "__main__":
    main()

"""Stacked decks and scripted play for the Rook tests."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from cardrules import Deal, parse_cards
from cardrules.games.rook import RookGame, RookState, make_game

# A complete, hand-made deal (41 cards) used by many tests: seat 0 is strong in Green and holds
# the Bird; the nest holds G10 G11 and three low Blacks.
LAYOUT: Final = {
    0: "R G14 G13 G12 R14 R13 Y14 B14 B13",
    1: "G5 G6 R12 R11 R10 Y13 Y12 Y11 B12",
    2: "G7 G8 R9 R8 R7 Y10 Y9 Y8 B11",
    3: "G9 R6 R5 Y7 Y6 Y5 B10 B9 B8",
}
LAYOUT_NEST: Final = "G10 G11 B7 B6 B5"


def stacked(
    game: RookGame, dealer: int, hands: Mapping[int, str] | None = None, nest: str = ""
) -> Deal:
    """A Deal giving each seat the cards named (the rest filled in deck order) and the nest."""
    deck = game.deck
    n = game.cards_each
    wanted = {s: [deck.index(c) for c in parse_cards(t)] for s, t in (hands or {}).items()}
    nest_ids = [deck.index(c) for c in parse_cards(nest)]
    used = {c for cards in wanted.values() for c in cards} | set(nest_ids)
    assert len(used) == sum(len(v) for v in wanted.values()) + len(nest_ids), "a card twice"
    rest = [i for i in range(len(deck)) if i not in used]
    full = {}
    for s in range(4):
        h = list(wanted.get(s, []))
        while len(h) < n:
            h.append(rest.pop(0))
        assert len(h) == n, f"seat {s} has {len(h)} cards"
        full[s] = h
    while len(nest_ids) < 5:
        nest_ids.append(rest.pop(0))
    assert not rest
    left = (dealer + 1) % 4
    order: list[int] = []
    for r in range(n):
        for k in range(4):
            order.append(full[(left + k) % 4][r])
        if r < 5:
            order.append(nest_ids[r])
    return Deal(tuple(order))


def dealt(
    game: RookGame,
    dealer: int = 3,
    hands: Mapping[int, str] | None = None,
    nest: str = "",
    *,
    single_hand: bool = True,
) -> RookState:
    """A state just after a stacked deal (bidding starts left of the dealer)."""
    state = game.new_hand(dealer=dealer)
    return game.apply(state, stacked(game, dealer, hands, nest))


def run(game: RookGame, state: RookState, *steps: str) -> RookState:
    """Apply actions in notation; ``"2: redeal"`` names the acting seat (out of turn)."""
    for step in steps:
        seat = None
        if len(step) > 2 and step[1] == ":" and step[0].isdigit():
            seat, step = int(step[0]), step[2:].strip()
        state = game.apply(state, game.parse_action(step, state), seat=seat)
    return state


def in_play(
    game: RookGame,
    *,
    hands: Mapping[int, str] | None = None,
    nest: str = "",
    bid: str = "bid 70",
    bury: str = "bury B7 B6 B5 B13 Y14",
    trump: str = "trump Green",
) -> RookState:
    """Dealer 3; seat 0 bids and the others pass; seat 0 buries and names trump; seat 0 leads."""
    if hands is None:
        hands, nest = LAYOUT, LAYOUT_NEST
    state = dealt(game, 3, hands, nest)
    return run(game, state, bid, "pass", "pass", "pass", bury, trump)


def cards(game: RookGame, mask: int) -> str:
    """A mask as card text in deck order."""
    from cardrules import CardSet

    return str(CardSet(game.deck, mask))


# Rules configurations for the random-play tests of positions and reports: the default, renege
# mode (both windows), the presets and every variant option.
CONFIGS: list[dict[str, Any]] = [
    {},
    {"renege_mode": True},
    {"renege_mode": True, "renege_correction_window": "current_trick", "target_score": 150},
    {"preset": "bird_low"},
    {"bird_rank": "ten_and_half", "first_lead": "left_of_bidder"},
    {"all_pass": "dealer_forced_min", "target_score": 100},
    {"all_pass": "redeal_same_dealer", "no_counter_redeal_dealer": "next"},
    {"full_deck": True},
    {"nest_discard_counters": False, "first_lead": "bidder"},
]
GAMES = [make_game(**dict(c)) for c in CONFIGS]


def walk(game: RookGame, seed: int, start: int) -> list[RookState]:
    """States of random play from a match or hand start (some at given scores or dealers), with
    out-of-turn claims, corrections and redeal requests taken now and then."""
    rng = random.Random(seed)
    starts = [
        game.new_match(),
        game.new_hand(dealer=seed % 4),
        game.new_match(scores=(game.rules.target_score - 20, -45), dealer=seed % 4),
        game.new_hand(scores=(85, 90)),
    ]
    state = starts[start]
    seen = [state]
    for _ in range(250):
        if game.is_over(state):
            break
        acted = False
        if rng.random() < 0.25:
            for seat in range(4):
                extra = game.out_of_turn_actions(state, seat)
                if extra and rng.random() < 0.5:
                    state = game.apply(state, rng.choice(extra), seat=seat)
                    acted = True
                    break
        if not acted:
            state = game.apply(state, game.random_action(state, rng))
        seen.append(state)
    return seen

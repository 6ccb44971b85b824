"""The solver on hand-built won and provably lost deals and positions; hint; budget."""

from __future__ import annotations

import random

from cardrules import Deal
from cardrules.games.tournament import DealStock, Redeal, TournamentGame, make_game
from cardrules.games.tournament.bots import FairPlayer
from cardrules.games.tournament.solver import hint, solve
from cardrules.games.tournament.state import DECK
from cardrules.sim import play_game

from ._helpers import deadlock


def won_deal(game: TournamentGame) -> Deal:
    """A whole deal that is won: the reserve holds the 8 bases, and the other 96 cards come in
    playing order, each batch of four reversed so that its first card lies on top."""
    bases = "AC KC AD KD AH KH AS KS"
    order = []
    for suit in "CDHS":
        order += [
            f"{r}{suit}" for r in (["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
        ]
        order += [
            f"{r}{suit}" for r in (["Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"])
        ]
    chunks = [order[i : i + 4][::-1] for i in range(0, 96, 4)]
    text = "deal " + bases + " " + " ".join(c for chunk in chunks for c in chunk)
    deal = game.parse_action(text, game.new_hand())
    assert isinstance(deal, Deal)
    return deal


def test_solver_wins_a_hand_built_deal_and_its_line_replays() -> None:
    game = make_game()
    s = game.apply(game.new_hand(), won_deal(game))
    result = solve(game, s)
    assert result.status == "won"
    for action in result.line:
        s = game.apply(s, action)
    assert s.result == "won"
    assert play_game(game, [FairPlayer()], seed=0, start="hand").result in (
        "won",
        "lost",
        "resigned",
    )


def test_solver_proves_a_deadlock_lost_through_both_redeals() -> None:
    game = make_game()
    s = deadlock(game)
    assert s.phase == "play" and Redeal() in game.legal_actions(s)
    result = solve(game, s)
    assert result.status == "lost" and result.line == () and result.nodes >= 3
    assert hint(game, s) is None
    # the rules agree: after the two redeals (which change nothing) the game is over
    s = game.apply(game.apply(s, Redeal()), Redeal())
    assert s.result == "lost"


def test_solver_wins_the_deadlock_with_one_free_cell() -> None:
    game = make_game()
    s = deadlock(game, free_cell=True)
    result = solve(game, s)
    assert result.status == "won"
    first = hint(game, s)
    assert first == result.line[0]
    for action in result.line:
        s = game.apply(s, action)
    assert s.result == "won"


def test_solver_uses_foundation_to_foundation_moves() -> None:
    game = make_game()
    f = {f"F{s}{d}": 13 for s in "♣♦♥" for d in "↑↓"}
    # ♠ piles meet at 5/8; the reserve K♠ fits only once F♠↓ has handed 6..Q over to F♠↑
    s = game.position(
        reserve=["KS", "QS", "JS", "10S", "9S", "8S", "7S", "AS"], columns=["6S 5S 4S 3S 2S"],
        stock="", redeals_used=2, foundations={**f, "F♠↑": 5, "F♠↓": 8},
    )  # fmt: skip
    result = solve(game, s)
    assert result.status == "won"
    assert any(game.format_action(a) in ("F♠↓>F♠↑", "F♠↑>F♠↓") for a in result.line)


def test_solver_budget_answers_unknown_and_variants_work() -> None:
    game = make_game()
    rng = random.Random(0)
    s = game.new_hand()
    while game.to_move(s) == -1:
        s = game.apply(s, game.sample_chance(s, rng))
    result = solve(game, s, max_nodes=50)
    assert result.status == "unknown" and result.nodes <= 50
    timed = solve(game, s, max_nodes=10**9, max_seconds=0.0)
    assert timed.status == "unknown" and timed.nodes == 1024  # the clock is read every 1024 nodes
    for options in ({"preset": "pysolfc"}, {"preset": "cicely", "cicely_build": "down_in_suit"}):
        variant = make_game(**options)
        s = variant.apply(variant.new_hand(), won_deal(variant))
        result = solve(variant, s, max_nodes=20_000)
        assert result.status == "won"
        for action in result.line:
            s = variant.apply(s, action)
        assert s.result == "won"
    assert DealStock() not in game.legal_actions(deadlock(game))
    assert len(DECK) == 104

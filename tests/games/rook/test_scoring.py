"""Rules R22-R23, A7 and edge cases 6-10: making and losing the bid, the match to 300."""

from __future__ import annotations

import random

import pytest

from cardrules import RulesError
from cardrules.games.rook import RookGame, RookState, hand_result, make_game

from ._helpers import LAYOUT, LAYOUT_NEST, run, stacked


def match_at(game: RookGame, scores: tuple[int, int], dealer: int = 3) -> RookState:
    """A match state about to deal, at the given scores (``new_match(scores=…, dealer=…)``)."""
    return game.new_match(scores=scores, dealer=dealer)


def scripted_hand(game: RookGame, start: RookState, bid: int, seed: int) -> RookState:
    """Deal LAYOUT, seat 0 bids ``bid`` and the others pass, then random play from ``seed``
    (the plays do not depend on the bid or the scores, so a seed replays the same cards)."""
    state = game.apply(start, stacked(game, start.dealer or 0, LAYOUT, LAYOUT_NEST))
    state = run(game, state, f"bid {bid}", "pass", "pass", "pass")
    state = run(game, state, "bury B7 B6 B5 B13 Y14", "trump Yellow")
    rng = random.Random(seed)
    hand_no = state.hand_no
    while state.hand_no == hand_no:
        state = game.apply(state, game.random_action(state, rng))
    return state


def totals(game: RookGame, seed: int) -> tuple[int, int]:
    """The counters each team takes (nest included) in the scripted hand of ``seed``."""
    final = scripted_hand(game, game.new_hand(dealer=3), 70, seed)
    if final.last_points[0] >= 70:
        return final.last_points
    return (120 - final.last_points[1], final.last_points[1])


def test_R22_made_bid_both_teams_score_their_counters() -> None:
    """R22: the bidding team reaches its bid: both teams add what they took (nest included)."""
    assert hand_result(0, 80, (70, 20), 0, 30)[0] == (100, 20)
    assert hand_result(1, 70, (40, 60), 1, 20)[0] == (40, 80)


def test_R22_set_team_loses_bid_and_scores_nothing() -> None:
    """R22: short of the bid: the bidding team loses the bid; the opponents add their counters."""
    assert hand_result(0, 100, (70, 20), 1, 30) == (
        (-100, 50),
        "R22: team 0 was set (70 on a bid of 100)",
    )


def test_edge_6_bid_made_exactly() -> None:
    """Edge case 6: a total equal to the bid is made (played through the engine)."""
    game = make_game()
    seed = next(s for s in range(100) if totals(game, s)[0] >= 70)
    made, other = totals(game, seed)
    final = scripted_hand(game, game.new_hand(dealer=3), made, seed)
    assert final.last_points == (made, other)
    if made < 120:
        higher = scripted_hand(game, game.new_hand(dealer=3), made + 5, seed)
        assert higher.last_points == (-(made + 5), other)


def test_edge_7_bid_of_120_needs_every_counter() -> None:
    """Edge case 7: 120 is made only with all 120, nest included."""
    assert hand_result(0, 120, (110, 0), 0, 10)[0] == (120, 0)
    assert hand_result(0, 120, (115, 5), 0, 0)[0] == (-120, 5)
    assert hand_result(0, 120, (110, 0), 1, 10)[0] == (-120, 10)


def test_edge_8_set_team_goes_negative() -> None:
    """Edge case 8: 40 - 100 = -60 in the match score."""
    game = make_game()
    seed = next(s for s in range(100) if totals(game, s)[0] < 100)
    final = scripted_hand(game, match_at(game, (40, 0)), 100, seed)
    assert final.score.scores == (-60, totals(game, seed)[1])
    assert final.phase == "deal" and final.dealer == 0  # R5: the deal passes left


def test_R23_edge_9_both_over_target_higher_wins_equal_plays_on() -> None:
    """R23 / edge case 9: both teams cross 300 in one hand: the higher wins; equal: another hand."""
    game = make_game()
    seed = next(s for s in range(200) if totals(game, s)[0] >= 70 and totals(game, s)[1] > 30)
    p0, p1 = totals(game, seed)
    tie = scripted_hand(game, match_at(game, (320 - p0, 320 - p1)), 70, seed)
    assert tie.score.scores == (320, 320) and tie.phase == "deal" and not game.is_over(tie)
    # The tie is a reachable start: the next hand decides (and the text says so in one line).
    assert game.position_text(game.new_match(scores=(320, 320), dealer=0)) == (
        "deal match dealer=0 scores=320,320"
    )
    report = game.hand_report(tie)
    assert report is not None and report.scores_after == (320, 320)
    win = scripted_hand(game, match_at(game, (320 - p0, 330 - p1)), 70, seed)
    assert win.score.scores == (320, 330) and game.is_over(win)
    outcome = game.outcome(win)
    assert outcome is not None and outcome.winners == (1, 3) and outcome.team_points == (320, 330)


def test_edge_10_checked_at_end_of_hand_set_bidders_opponents_win() -> None:
    """Edge case 10: passing 300 during a hand ends nothing; the set bidder's opponents win at the end."""
    game = make_game()
    seed = next(s for s in range(100) if totals(game, s)[0] < 100 and totals(game, s)[1] >= 15)
    start = match_at(game, (0, 290))
    state = game.apply(start, stacked(game, 3, LAYOUT, LAYOUT_NEST))
    state = run(
        game, state, "bid 100", "pass", "pass", "pass", "bury B7 B6 B5 B13 Y14", "trump Yellow"
    )
    rng = random.Random(seed)
    while state.phase == "play" and state.to_move is not None:
        assert not game.is_over(state)  # team 1 may already hold 10+ counters: nothing ends
        state = game.apply(state, game.random_action(state, rng))
    assert game.is_over(state) and state.score.scores == (-100, 290 + totals(game, seed)[1])
    assert state.score.winner == 1


def test_A7_target_score_option() -> None:
    """A7: the target is a parameter (a positive multiple of 5); exactly the target wins (>=)."""
    game = make_game(target_score=100)
    seed = next(s for s in range(100) if totals(game, s)[0] >= 70)
    p0, _ = totals(game, seed)
    final = scripted_hand(game, match_at(game, (100 - p0, 0)), 70, seed)
    assert final.score.scores[0] == 100 and game.is_over(final)
    with pytest.raises(RulesError, match="R23"):  # exactly the target is a decided match
        game.new_match(scores=(100, 0))
    for bad in (0, -5, 301, "300", True):
        with pytest.raises(RulesError, match="target_score"):
            make_game(target_score=bad)


def test_A8_contract_belongs_to_the_team() -> None:
    """A8: the bidder's partner has no special role; the team's counters make the bid."""
    assert hand_result(2, 80, (80, 40), 1, 0)[0] == (80, 40)
    assert hand_result(0, 80, (80, 40), 1, 0) == hand_result(2, 80, (80, 40), 1, 0)

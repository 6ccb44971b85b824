"""V22–V25 and C7–C11: trick points, the sequence hold, the five bonuses, the ladder and bust.

Every position is one play reaches (built with the public ``game.position`` by the ``position``
helper): the earlier tricks of the deal are listed by their winners, the cards are conserved.
"""

from __future__ import annotations

from cardrules.games.voormsi import VoormsiGame, VoormsiState, VoormsiStatus, make_game

from ._helpers import play, position

# Earlier tricks: seat 1 took the first, seat 0 the next ones, so no side holds an unbroken run
# from the first trick (V23) and seat 0 leads now.
BROKEN_RUN = (1, 0)


def test_V22_five_units_score_one_then_one_per_unit() -> None:
    game = make_game()
    s = position(game, ["9C 9S", "5C 5S", "AC AD", "6C 6S"], won_by=(1, 0, 0, 0, 0))
    assert s.units == (4, 1) and s.scores == (0, 0)
    s = play(game, s, "lead 9C", "play 5C", "play AC", "play 6C")
    assert s.units == (5, 1) and s.scores == (1, 0)
    s = play(game, s, "lead 9S", "play 5S", "play AD", "play 6S")
    assert s.units == (6, 1) and s.scores == (2, 0)


def test_V22_first_five_units_all_won_are_worth_two() -> None:
    game = make_game()
    s = position(game, ["9C 9S", "5C AS", "AC AD", "6C 6S"], won_by=(0, 0, 0, 0))
    assert s.units == (4, 0)
    s = play(game, s, "lead 9C", "play 5C", "play AC", "play 6C")
    assert s.pending == (2, 0) and s.scores == (0, 0)  # V23: held while the run is unbroken


def test_edge_3_5_13_quadruple_plus_single_is_five_units() -> None:
    game = make_game()
    hands = ["9C 9S 9H 9D", "5C 5S 5H 5D", "6C 6S 6H 6D", "8C 8H 8D 8S"]
    s = position(game, hands, stock="AC AS AH AD QC QS QH QD")
    s = play(
        game, s, "lead 9C 9D 9H 9S", "play 5C 5D 5H 5S", "play 6C 6D 6H 6S", "play 8C 8D 8H 8S"
    )
    assert s.units == (4, 0)
    # Seat 0 won and drew first: it holds AC; the others drew AS AH AD (V21).
    s = play(game, s, "lead AC", "play AS", "play AH", "play AD")
    assert s.units == (5, 0) and s.pending == (2, 0)  # first five: worth 2
    s2 = position(game, ["AC", "5C", "6C", "8C"], won_by=(1, 0, 0, 0, 0))
    assert s2.units == (4, 1)
    s2 = play(game, s2, "lead AC", "play 5C", "play 6C", "play 8C")
    assert s2.scores == (1, 0)


def test_V23_held_points_credited_when_opponents_win_a_trick() -> None:
    game = make_game()
    s = position(game, ["5C AC", "9C AS", "6C 6S", "8C 8H"], won_by=(2, 0, 0, 0, 0), scores=(7, 0))
    assert s.units == (5, 0) and s.pending == (2, 0) and s.scores == (7, 0)
    s = play(game, s, "lead 5C", "play 9C", "play 6C", "play 8C")
    assert s.pending == (0, 0) and s.phase == "over" and s.scores == (9, 0) and s.winner == 0


def test_3_7_V23_with_V25_the_bust_applies_to_the_batch() -> None:
    game = make_game()
    s = position(game, ["5C AC", "9C AS", "6C 6S", "8C 8H"], won_by=(2,) + (0,) * 5, scores=(7, 0))
    assert s.units == (6, 0) and s.pending == (3, 0)  # 2 for the first five, 1 more
    s = play(game, s, "lead 5C", "play 9C", "play 6C", "play 8C")
    assert s.scores == (8, 0)  # 7 + 3 = 10 -> 9 - 1


def test_edge_3_5_15_bust_from_eight_and_exact_nine() -> None:
    hands = ["9C 9S 9H AC", "5C 5S 5H AS", "6C 6S 6H AH", "8C 8H 8D AD"]
    triple = ("lead 9C 9H 9S", "play 5C 5H 5S", "play 6C 6H 6S", "play 8C 8D 8H")
    game = make_game()
    s = position(game, hands, won_by=(1, 0, 0, 0, 0), scores=(8, 0))
    assert s.units == (4, 1)
    s = play(game, s, *triple)
    assert s.scores == (7, 0) and s.phase == "play"  # 8 + 3 -> bust -> 7
    game = make_game(bust_mode="subtract_overshoot_from_previous")
    s = play(game, position(game, hands, won_by=(1, 0, 0, 0, 0), scores=(8, 0)), *triple)
    assert s.scores == (6, 0)
    game = make_game(bust_mode="no_bust")
    s = play(game, position(game, hands, won_by=(1, 0, 0, 0, 0), scores=(8, 0)), *triple)
    assert s.scores == (11, 0) and s.phase == "over"


def test_V25_exact_nine_ends_the_game_mid_deal_unless_a_sequence_is_held() -> None:
    game = make_game()
    hands = ["9C 9S AC", "5C 5S AS", "6C 6S AH", "8C 8H AD"]
    s = position(game, hands, won_by=(0, 0, 0, 0), scores=(8, 0))
    s = play(game, s, "lead 9C", "play 5C", "play 6C", "play 8C")
    assert s.phase == "play" and s.scores == (8, 0) and s.pending == (2, 0)  # held: no end
    s = position(game, hands, won_by=(1, 0, 0, 0, 0), scores=(8, 0))
    s = play(game, s, "lead 9C", "play 5C", "play 6C", "play 8C")
    assert s.phase == "over" and s.scores == (9, 0) and s.hands[0]  # mid-deal


def test_C11_simultaneous_nine_draw_or_play_on() -> None:
    """Side 0 holds 2 for an unbroken run (V23) at 7; side 1, at 8, breaks it with the ♦3 over
    Voormsi (B4, +1): both sides reach 9 with the same trick."""
    hands = ["KH 5C 5S 5H", "3D 6C 6S 6H", "JC 8C 8H 8D", "QC QS QH QD"]
    for options, phase, winner in (
        ({}, "over", -1),
        ({"simultaneous_nine": "play_on"}, "play", None),
    ):
        game = make_game(**options)
        s = position(game, hands, won_by=(2, 0, 0, 0, 0), scores=(7, 8))
        assert s.pending == (2, 0)
        s = play(game, s, "lead KH", "play 3D", "play 8C", "play QC")
        assert s.scores == (9, 9) and s.phase == phase
        if winner is not None:  # a draw: the end is named so, in the state and in the report
            report = game.hand_report(s)
            assert report is not None and report.status is VoormsiStatus.DRAW
            assert s.winner == winner and s.end == "draw"


def _voormsi_trick(
    hands: list[str], moves: tuple[str, ...], **options: object
) -> tuple[VoormsiGame, VoormsiState]:
    """``moves`` played from a position where seat 0 leads and the run is broken (V23), so
    every point is credited at once."""
    game = make_game(**options)
    s = position(game, hands, won_by=BROKEN_RUN)
    assert s.to_move == 0 and s.units == (1, 1)
    return game, play(game, s, *moves)


def test_V24_B1_voormsi_bonus_and_proof_shown_to_an_opponent() -> None:
    """The stock is spent, and the J♣ is with seat 0's partner: after the proof the opponent
    knows seat 0 lacks it."""
    game = make_game()
    s = position(game, ["KH 5C", "QC QS", "QH QD JC", "8C 8H"], won_by=(1, 1, 0, 0, 0))
    assert not s.stock
    held = {c.ascii for c in game.view(s, 0).hand} - {"KH"}
    s = play(game, s, "lead KH", "play QC", "play QH", "play 8C")
    assert s.scores == (1, 0)
    assert {c.ascii for c in game.view(s, 1).known_cards(0)} == held and "5C" in held
    assert not game.view(s, 3).known_cards(0)
    assert s.toqu_known[0] == 1


def test_V24_B1_exception_a_last_card_of_the_trick_edge_3_5_10() -> None:
    # 3.5.10: Toqu played 3rd, Voormsi by an opponent 4th.
    _, s = _voormsi_trick(
        ["QC 5C", "QS 5S", "JC QD", "KH 8H"], ("lead QC", "play QS", "play JC", "play KH")
    )
    assert s.tricks[-1][1] == 3
    assert s.scores == (0, 0)  # no B1 (last card, and J♣ earlier), no B2
    # Toqu 2nd, Voormsi 4th by Toqu's partner: the same result.
    _, s = _voormsi_trick(
        ["QC 5C", "JC QS", "QD 5D", "KH 8H"], ("lead QC", "play JC", "play QD", "play KH")
    )
    assert s.tricks[-1][1] == 3 and s.scores == (0, 0)
    # C9 variant: only the last trick of the deal is excepted; the J♣ is in the stock.
    _, s = _voormsi_trick(
        ["QC 5C", "QS 5S", "QD QH", "KH 8H"],
        ("lead QC", "play QS", "play QD", "play KH"),
        voormsi_last_card="last_trick",
    )
    assert s.scores == (0, 1)


def test_V24_B1_exception_b_toqutsit_played_earlier() -> None:
    game = make_game()
    # Five earlier tricks use up the stock: the J♣ won one of them.
    s = position(game, ["KH 5C", "QC QS", "QH QD", "8C 8H"], won_by=(1, 1, 0, 0, 0))
    assert "JC" in game.position_text(s).partition(" tricks=")[2]
    s = play(game, s, "lead KH", "play QC", "play QH", "play 8C")
    assert s.scores == (0, 0)
    _, s = _voormsi_trick(
        ["JC 5C", "KH QS", "QH QD", "8C 8H"], ("lead JC", "play KH", "play QH", "play 8C")
    )
    assert s.scores == (0, 0)  # J♣ earlier in the same trick


def test_3_7_B1_later_toqutsit_without_capture_does_not_block() -> None:
    _, s = _voormsi_trick(
        ["KC KH", "JC 7D", "QH QD", "8C 8H"],
        ("lead KC KH", "play 7D JC", "play QH QD", "play 8C 8H"),
    )
    assert s.tricks[-1][1] == 0 and s.scores == (1, 0)


def test_C10_voormsi_bonus_needs_proof_of_no_toqutsit() -> None:
    moves = ("lead KH", "play QC", "play QH", "play 8C")
    _, s = _voormsi_trick(["KH JC", "QC QS", "QH QD", "8C 8H"], moves)
    assert s.scores == (0, 0) and s.toqu_known[0] == 2
    _, s = _voormsi_trick(
        ["KH JC", "QC QS", "QH QD", "8C 8H"], moves, voormsi_bonus_requires_proof=False
    )
    assert s.scores == (1, 0)


def test_V24_B2_toqutsit_captures_an_opponents_voormsi() -> None:
    _, s = _voormsi_trick(
        ["KH 5C", "JC QS", "QH QD", "8C 8H"], ("lead KH", "play JC", "play QH", "play 8C")
    )
    assert s.scores == (0, 2)


def test_V24_B3_edge_3_5_11_partner_capture_loses_the_game() -> None:
    game = make_game()
    s = position(game, ["KH 5C", "QC QS", "JC QD", "8C 8H"], won_by=BROKEN_RUN, scores=(6, 4))
    s = play(game, s, "lead KH", "play QC", "play JC")
    assert s.phase == "over" and s.end == "partner_capture"
    assert s.scores == (0, 4) and s.winner == 1
    outcome = game.outcome(s)
    assert outcome is not None and outcome.winners == (1, 3)


def test_V24_B4_diamond_three_over_voormsi_whoever_owns_it() -> None:
    _, s = _voormsi_trick(
        ["KH 5C", "3D QS", "QH QD", "8C 8H"], ("lead KH", "play 3D", "play QH", "play 8C")
    )
    assert s.scores == (0, 1)
    _, s = _voormsi_trick(
        ["KH 5C", "QC QS", "3D QD", "8C 8H"], ("lead KH", "play QC", "play 3D", "play 8C")
    )
    assert s.scores == (1, 0)  # the partner's ♦3: B4 for N/S, no B1


def test_V24_B5_edge_3_5_17_over_capture() -> None:
    _, s = _voormsi_trick(
        ["KH 5C", "JC QS", "3D QD", "8C 8H"], ("lead KH", "play JC", "play 3D", "play 8C")
    )
    assert s.scores == (2, 0)


def test_3_7_B5_any_later_diamond_three_and_the_next_card_option() -> None:
    hands = ["KH 5C", "JC QS", "QH QD", "3D 8H"]
    moves = ("lead KH", "play JC", "play QH", "play 3D")
    _, s = _voormsi_trick(hands, moves)
    assert s.scores == (0, 2)  # B5 to the ♦3's side (the J♣'s partner); B2 lost
    _, s = _voormsi_trick(hands, moves, over_capture_needs_next_card=True)
    assert s.scores == (0, 0)


def test_3_7_group_holding_toqutsit_and_diamond_three_is_credited_to_toqutsit() -> None:
    _, s = _voormsi_trick(
        ["KC KH", "JC 3D", "QH QD", "8C 8H"],
        ("lead KC KH", "play 3D JC", "play QH QD", "play 8C 8H"),
    )
    assert s.scores == (0, 2)  # B2, not B4


def _sweep(game_options: dict[str, object], scores: tuple[int, int] = (3, 2)) -> VoormsiState:
    """Side 0 has won the first eight tricks (seat 2 the first, with the ♦3) and holds 5 (V23);
    seat 0 takes the ninth."""
    game = make_game(**game_options)
    s = position(game, ["AC", "5C", "6C", "8C"], won_by=(2,) + (0,) * 7, scores=scores)
    assert s.units == (8, 0) and s.pending == (5, 0)
    return play(game, s, "lead AC", "play 5C", "play 6C", "play 8C")


def test_edge_3_5_16_C7_all_nine_voids_the_deal() -> None:
    s = _sweep({})
    assert s.scores == (3, 2) and s.phase == "deal"


def test_C7_all_nine_variants() -> None:
    s = _sweep({"all_nine": "score_normally"}, scores=(0, 0))
    assert s.scores == (6, 0)
    s = _sweep({"all_nine": "wins_game"})
    assert s.phase == "over" and s.winner == 0 and s.scores == (3, 2)


def test_C8_any_run_holds_every_run_until_broken_or_deal_end() -> None:
    """Side 1 took the first two tricks, side 0 the next four; seat 0's fifth unit starts a held
    point under ``any_run`` (credited at once by default: the run from the first trick is
    broken). Side 1 then breaks it and takes the last trick with a B4 point."""
    hands = ["9C 5S QH", "5C 9S QS", "6C 6S KH", "8C 8H 3D"]
    moves = ("lead 9C", "play 5C", "play 6C", "play 8C")
    game = make_game()
    s = play(game, position(game, hands, won_by=(1, 1, 0, 0, 0, 0)), *moves)
    assert s.pending == (0, 0) and s.scores == (1, 0)
    game = make_game(sequence_scope="any_run")
    s = play(game, position(game, hands, won_by=(1, 1, 0, 0, 0, 0)), *moves)
    assert s.pending == (1, 0) and s.scores == (0, 0)
    s = play(game, s, "lead 5S", "play 9S", "play 6S", "play 8H")
    assert s.scores == (1, 0)  # side 0's run is credited when side 1 wins a trick
    s = play(game, s, "lead QS", "play KH", "play 3D", "play QH")
    assert s.scores == (1, 1) and s.phase == "deal"  # B4 for side 1, credited as the deal ends

"""The edge cases of the patience, on stacked decks and hand-built positions."""

from __future__ import annotations

import pytest

from cardrules import CHANCE, IllegalActionError
from cardrules.games.tournament import (
    DealStock,
    Move,
    Redeal,
    TournamentGame,
    TournamentRule,
    TournamentState,
    make_game,
)
from cardrules.games.tournament.state import DECK, PRANK

from ._helpers import BUILT, stacked


def texts(game: TournamentGame, state: TournamentState) -> set[str]:
    return {game.format_action(a) for a in game.legal_actions(state)}


def test_edge_2_5_1_reserve_without_ace_or_king_is_reshuffled() -> None:
    game = make_game()
    s = game.apply(game.new_hand(), stacked(game, "2C 3C 4C 5C 6C 7C 8C 9C"))
    assert game.to_move(s) == CHANCE and s.phase == "deal" and s.reserve_deals == 1
    s = game.apply(s, stacked(game, "2C 3C 4C KH 6C 7C 8C 9C"))  # exactly one King: accepted
    assert game.to_move(s) == 0 and s.reserve_deals == 2
    assert sum(PRANK[c] in (1, 13) for c in s.reserve) == 1


def test_edge_2_5_2_second_ace_only_ends_the_king_foundation() -> None:
    game = make_game()
    s = game.position(reserve=["AS"], foundations={"F♠↑": 3, "F♠↓": 4})
    legal = texts(game, s)
    assert "R1>F♠↑" not in legal and "R1>F♠↓" not in legal
    s = game.position(reserve=["AS"], foundations={"F♠↑": 3, "F♠↓": 12})
    assert "R1>F♠↓" in texts(game, s) and "R1>F♠↑" not in texts(game, s)
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, game.parse_action("R1>F♠↑", s))
    assert err.value.rule is TournamentRule.T6


def test_edge_2_5_3_foundations_meeting() -> None:
    game = make_game()
    s = game.position(reserve=["6S"], foundations={"F♠↑": 6, "F♠↓": 7})
    legal = texts(game, s)
    assert "R1>F♠↓" in legal  # the second 6♠ goes on the King pile (7 -> 6)
    assert "F♠↑>F♠↓" in legal  # and the Ace pile's 6 may cross over too
    s2 = game.apply(s, game.parse_action("F♠↑>F♠↓", s))
    assert [len(p) for p in s2.foundations[6:]] == [5, 8]
    assert "R1>F♠↑" in texts(game, s2)


def test_edge_2_5_4_emptied_column_refilled_from_stock() -> None:
    game = make_game()
    s = game.position(columns=["AS"], foundations=BUILT)
    head = s.stock[:4]
    s2 = game.apply(s, Move(0, 22))
    assert s2.columns[0] == head
    # with only 2 cards left in the stock, 2 arrive
    short = game.position(columns=["AS", "QD", "QH", "JD", "JH", "10D"], stock="KD KH")
    s3 = game.apply(short, Move(0, 23))  # here the A♠ ends the King pile
    assert len(s3.columns[0]) == 2 and s3.stock == ()


def test_edge_2_5_5_empty_column_with_empty_stock_stays_empty() -> None:
    game = make_game()
    s = game.position(reserve=["KH"], columns=["AS", "KD"], stock="")
    s = game.apply(s, game.parse_action("T1>F♠↓", s))
    assert s.columns[0] == () and s.phase == "play"
    assert not any(isinstance(a, Move) and a.dst == 0 for a in game.legal_actions(s))
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Move(8, 0))
    assert err.value.rule is TournamentRule.T7


def test_edge_2_5_6_deal_with_ten_cards_in_stock() -> None:
    game = make_game()
    ten = "KC QC JC 10C 9C 8C 7C 6C 5C 4C"
    s = game.position(columns=["KS", "KH", "KD", "AS", "AH", "AD"], stock=ten)
    s2 = game.apply(s, DealStock())
    assert [len(c) for c in s2.columns] == [5, 5, 3, 1, 1, 1]
    assert s2.columns[0][1:] == s.stock[:4] and s2.columns[2][1:] == s.stock[8:]
    assert s2.stock == ()


def test_edge_2_5_7_redeal_gather_order() -> None:
    game = make_game(deal_order="row_by_row")  # row by row mixes the columns: the order shows
    s = game.position(columns=["KC QC", "JC", "10C 9C 8C", "", "7C", "6C 5C"], stock="")
    s2 = game.apply(s, Redeal())
    packet = tuple(c for col in s.columns for c in col)  # c1 bottom..top, c2 …, c6 top
    assert [DECK.cards[c].ascii for c in packet] == [
        "KC",
        "QC",
        "JC",
        "10C",
        "9C",
        "8C",
        "7C",
        "6C",
        "5C",
    ]
    dealt = [packet[k::6] for k in range(6)]  # row by row: card k goes to column k mod 6
    assert list(s2.columns) == dealt
    batch = make_game()
    s3 = batch.apply(
        batch.position(
            columns=[" ".join(DECK.cards[c].ascii for c in col) for col in s.columns], stock=""
        ),
        Redeal(),
    )
    assert s3.columns[:3] == (packet[0:4], packet[4:8], packet[8:9])


def test_edge_2_5_8_a_third_redeal_is_refused() -> None:
    game = make_game()
    s = game.position(columns=["KC", "QC"], stock="")
    s = game.apply(game.apply(s, Redeal()), Redeal())
    assert s.redeals_used == 2 and Redeal() not in game.legal_actions(s)
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Redeal())
    assert err.value.rule is TournamentRule.T9


def test_edge_2_5_9_no_returns_to_the_tableau_and_no_building() -> None:
    game = make_game()
    s = game.position(reserve=["9H"], columns=["10S", "10C", "9D"])
    assert not any(isinstance(a, Move) and a.dst < 8 for a in game.legal_actions(s))
    for move in (Move(8, 0), Move(2, 0), Move(2, 1)):
        with pytest.raises(IllegalActionError):
            game.apply(s, move)


def test_edge_2_5_10_win_detected_after_each_move() -> None:
    game = make_game()
    f = {f"F{s}{d}": 13 for s in "♣♦♥" for d in "↑↓"}
    s = game.position(
        reserve=["AS"], columns=["2S"], stock="", foundations={**f, "F♠↑": 13, "F♠↓": 11}
    )
    s = game.apply(s, game.parse_action("T1>F♠↓", s))
    assert s.phase == "play"
    s = game.apply(s, game.parse_action("R1>F♠↓", s))
    assert s.result == "won" and game.to_move(s) is None and game.legal_actions(s) == ()
    # a foundation-to-foundation move never changes the count on the foundations
    meet = game.position(foundations={"F♠↑": 6, "F♠↓": 7})
    after = game.apply(meet, game.parse_action("F♠↑>F♠↓", meet))
    assert sum(map(len, after.foundations)) == sum(map(len, meet.foundations))


def test_edge_2_5_11_column_batches_redeal_keeps_full_columns() -> None:
    game = make_game()
    cols = ["KC QC JC 10C", "9C 8C 7C 6C", "5C 4C 3C 2C", "KD QD JD 10D", "9D 8D 7D 6D", "5D 4D"]
    s = game.position(columns=cols, stock="")
    s2 = game.apply(s, Redeal())
    assert s2.columns == s.columns  # every column held 4: unchanged
    mixed = make_game(deal_order="row_by_row")
    s3 = mixed.apply(mixed.position(columns=cols, stock=""), Redeal())
    assert s3.columns[0] != s.columns[0]  # row by row mixes the columns

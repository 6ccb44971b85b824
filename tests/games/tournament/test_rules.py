"""One test per rule of the patience (T1-T11) and per option of B1-B8."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardrules import ArgumentError, Card, Deal, IllegalActionError, RulesError, get_game
from cardrules.games.tournament import (
    DealStock,
    Move,
    Redeal,
    Resign,
    TournamentGame,
    TournamentRule,
    TournamentRules,
    TournamentState,
    make_game,
)
from cardrules.games.tournament.actions import parse_move
from cardrules.games.tournament.state import DECK

from ._helpers import BUILT, deadlock, stacked

ALL13 = 13


def dealt(game: TournamentGame, head: str) -> TournamentState:
    return game.apply(game.new_hand(), stacked(game, head))


def texts(game: TournamentGame, state: TournamentState) -> set[str]:
    return {game.format_action(a) for a in game.legal_actions(state)}


def col(state: TournamentState, i: int) -> str:
    return " ".join(DECK.cards[c].ascii for c in state.columns[i])


def cards(indices: tuple[int, ...]) -> str:
    return " ".join(DECK.cards[c].ascii for c in indices)


FULL_EXCEPT_SPADES = {
    "F♣↑": 13, "F♣↓": 13, "F♦↑": 13, "F♦↓": 13, "F♥↑": 13, "F♥↓": 13,
}  # fmt: skip


def test_T1_two_packs_of_104_cards() -> None:
    game = make_game()
    assert len(game.deck) == 104
    assert Counter(game.deck.cards) == Counter(dict.fromkeys(set(game.deck.cards), 2))
    with pytest.raises(IllegalActionError):
        game.apply(game.new_hand(), Deal(tuple(range(52)) * 2))
    # a deal naming the copies the other way round gives the same (canonical) state
    order = tuple(range(12, 104)) + tuple(range(12))  # AC first: accepted
    swapped = tuple((i + 52) % 104 for i in order)
    first = game.apply(game.new_hand(), Deal(order))
    assert first.phase == "play" and first == game.apply(game.new_hand(), Deal(swapped))


def test_T2_reserve_takes_the_first_eight_cards() -> None:
    game = make_game()
    s = dealt(game, "KS 2C 3C 4C 5C 6C 7C 8C")
    assert cards(s.reserve) == "KS 2C 3C 4C 5C 6C 7C 8C"
    assert s.reserve_deals == 1 and game.to_move(s) == 0


def test_T3_six_columns_of_four_and_a_stock_of_72() -> None:
    game = make_game()
    s = dealt(game, "KS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC")
    assert [len(c) for c in s.columns] == [4] * 6 and len(s.stock) == 72
    assert col(s, 0) == "9C 10C JC QC"  # batch of four, the last card dealt on top
    # only the top card is available: 9C-JC lie under QC
    assert all(m.src != 0 or DECK.cards[s.columns[0][-1]] == Card.parse("QC")
               for m in game.legal_actions(s) if isinstance(m, Move))  # fmt: skip


def test_T4_one_ace_and_one_king_foundation_per_suit() -> None:
    game = make_game()
    s = game.position(reserve=["AS", "KS", "AH", "KH"], columns=["2S"])
    legal = texts(game, s)
    assert {"R1>F♠↑", "R2>F♠↓", "R3>F♥↑", "R4>F♥↓"} <= legal
    assert "T1>F♠↑" not in legal  # a 2 does not start a foundation
    s = game.apply(s, Move(8, game_pile("F♠↑")))
    assert "T1>F♠↑" in texts(game, s)


def game_pile(name: str) -> int:
    return parse_move(f"{name}>R1").src


def test_T5_available_cards_are_the_tops_and_every_reserve_card() -> None:
    game = make_game()
    s = game.position(reserve=[None, None, None, "AS", None, None, None, "AH"], columns=["AC 2D"])
    legal = texts(game, s)
    assert {"R4>F♠↑", "R8>F♥↑"} <= legal
    assert not any(t.startswith("T1>F♣") for t in legal)  # AC is covered


def test_T6_a_a_card_goes_to_a_foundation_where_it_fits() -> None:
    game = make_game()
    s = game.position(columns=["3S"], foundations={"F♠↑": 2})
    s2 = game.apply(s, game.parse_action("T1>F♠↑", s))
    assert len(s2.foundations[game_pile("F♠↑") - 16]) == 3
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, game.parse_action("T1>F♠↓", s))
    assert err.value.rule is TournamentRule.T6


def test_T6_b_a_tableau_top_may_fill_an_empty_reserve_cell() -> None:
    game = make_game()
    s = game.position(reserve=["5D"], columns=["3S 9H"], foundations=BUILT)
    s2 = game.apply(s, game.parse_action("T1>R2", s))
    assert DECK.cards[s2.reserve[1]] == Card.parse("9H") and col(s2, 0) == "3S"
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, game.parse_action("T1>R1", s))
    assert err.value.rule is TournamentRule.T6
    assert DealStock() in game.legal_actions(s)  # optional: other moves stay open


def test_T6_c_foundation_tops_play_onto_each_other() -> None:
    game = make_game()
    s = game.position(foundations={"F♠↑": 6, "F♠↓": 7})
    assert "F♠↑>F♠↓" in texts(game, s)
    s2 = game.apply(s, game.parse_action("F♠↑>F♠↓", s))
    assert [len(p) for p in s2.foundations[6:]] == [5, 8]
    assert "F♠↓>F♠↑" in texts(game, s)  # the King pile's 7 may go back onto the 6 too
    apart = game.position(foundations={"F♠↑": 6, "F♠↓": 5})
    with pytest.raises(IllegalActionError) as err:
        game.apply(apart, game.parse_action("F♠↓>F♠↑", apart))
    assert err.value.rule is TournamentRule.T6
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Move(game_pile("F♠↑"), game_pile("F♥↓")))
    assert err.value.rule is TournamentRule.T6


def test_T6_d_no_building_and_reserve_cards_only_to_foundations() -> None:
    game = make_game()
    s = game.position(reserve=["5D"], columns=["9S", "10S"])
    t6, b8 = TournamentRule.T6, TournamentRule.B8
    for move, rule in ((Move(0, 1), t6), (Move(8, 0), t6), (Move(8, 9), b8)):
        with pytest.raises(IllegalActionError) as err:
            game.apply(s, move)
        assert err.value.rule is rule
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Move(game_pile("F♠↑"), 9))  # nothing leaves a foundation but by T6 (c)
    assert err.value.rule in (TournamentRule.T5, TournamentRule.B8)


def test_T7_an_emptied_column_is_refilled_at_once() -> None:
    game = make_game()
    s = game.position(columns=["AS"], foundations=BUILT)
    head = s.stock[:5]
    s = game.apply(s, game.parse_action("T1>F♠↑", s))
    assert s.columns[0] == head[:4]  # four cards at once, the first dealt at the bottom
    assert s.stock[0] == head[4]


def test_T8_deal_four_cards_onto_each_column() -> None:
    game = make_game()
    s = dealt(game, "KS 2C 3C 4C 5C 6C 7C 8C")
    before = [len(c) for c in s.columns]
    head = s.stock[:24]
    s2 = game.apply(s, DealStock())
    assert [len(c) for c in s2.columns] == [b + 4 for b in before]
    assert s2.columns[0][-4:] == head[:4] and s2.columns[5][-4:] == head[20:24]
    assert len(s2.stock) == 48


def test_T9_redeal_gathers_right_onto_left_without_shuffling() -> None:
    game = make_game()
    s = game.position(columns=["AC", "2C 3C", "", "", "", "KD QD JD"], stock="")
    packet = s.columns[0] + s.columns[1] + s.columns[5]
    s2 = game.apply(s, Redeal())
    assert s2.columns[0] + s2.columns[1] == packet[:6] and s2.redeals_used == 1
    assert s2.reserve == s.reserve and s2.foundations == s.foundations


def test_T10_a_short_packet_is_dealt_in_batches_of_four() -> None:
    game = make_game()
    s = game.position(columns=["KC QC JC", "KD QD JD 10D 9D 8D"], stock="")
    s2 = game.apply(s, Redeal())
    assert [len(c) for c in s2.columns] == [4, 4, 1, 0, 0, 0] and not s2.stock


def test_T11_win_loss_and_resign() -> None:
    game = make_game()
    spades = {**FULL_EXCEPT_SPADES, "F♠↑": 13, "F♠↓": 12}
    s = game.position(reserve=["AS"], stock="", foundations=spades)
    won = game.apply(s, game.parse_action("R1>F♠↓", s))
    assert won.result == "won" and game.outcome(won).winners == (0,)
    # A dead position: stock empty, no redeal left, no progress move even after T6 (c) moves.
    lost = deadlock(game, redeals_used=2)
    assert lost.result == "lost" and game.is_over(lost)
    assert game.outcome(lost).returns == (-1.0,)
    alive = game.position(columns=["5H"], foundations={"F♠↑": 6, "F♠↓": 7})
    resigned = game.apply(alive, Resign())
    assert resigned.result == "resigned" and game.outcome(resigned).team_points == (13,)


def test_T11_progress_counted_after_foundation_to_foundation_moves() -> None:
    game = make_game()
    # ♠: A-pile A..5 and K-pile K..6 meet (5 + 8 = 13). No card fits directly, the reserve is
    # full and nothing is left to deal, but T6 (c) moves can make the piles fit any ♠ card.
    f = {**FULL_EXCEPT_SPADES, "F♠↑": 5, "F♠↓": 8}
    reserve = ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "AS"]
    s = game.position(
        reserve=reserve, columns=["6S 5S 4S 3S 2S"], stock="", redeals_used=2, foundations=f
    )
    assert s.phase == "play" and not any(
        t.endswith(("↑", "↓")) and t[0] != "F" for t in texts(game, s)
    )
    s = game.apply(s, game.parse_action("F♠↓>F♠↑", s))
    assert "R7>F♠↑" in texts(game, s)


def test_B1_swap_in_moves_the_bottom_most_ace_or_king_to_R1() -> None:
    game = make_game(reserve_fix="swap_in")
    deal = stacked(game, "2C 3C 4C 5C 6C 7C 8C 9C")
    order = deal.order
    j = max(i for i in range(8, 104) if DECK.cards[order[i]].rank in (13, 14))
    s = game.apply(game.new_hand(), deal)
    assert s.reserve[0] == order[j] and s.reserve[1:] == order[:7]
    assert s.columns[0][0] == order[7]
    assert s.reserve_deals == 1


def test_B2_row_by_row_deal_order() -> None:
    game = make_game(deal_order="row_by_row")
    s = dealt(game, "KS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D")
    assert cards(s.columns[0])[:5] == "9C 2D" and cards(s.columns[1])[:6] == "10C 3D"
    head = s.stock[:24]
    s2 = game.apply(s, DealStock())
    assert s2.columns[0][4:] == head[0:24:6]


def test_B3_strict_deal_only_when_no_card_can_reach_a_foundation() -> None:
    game = make_game(strict_deal_when_stuck=True)
    s = game.position(reserve=["AS"], columns=["9D"])
    assert DealStock() not in game.legal_actions(s)
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, DealStock())
    assert err.value.rule is TournamentRule.B3
    s = game.apply(s, game.parse_action("R1>F♠↑", s))
    assert DealStock() not in game.legal_actions(s)  # T2..T6 were refilled: KC fits F♣↓
    s = game.position(reserve=["AS"], columns=["9D", "9D", "9H", "9H", "9S", "9S"])
    s = game.apply(s, game.parse_action("R1>F♠↑", s))
    assert DealStock() in game.legal_actions(s)
    default = make_game()
    assert DealStock() in default.legal_actions(default.position(reserve=["AS"]))


def test_B4_redeal_needs_an_empty_stock_unless_redeal_when_stuck() -> None:
    game = make_game()
    s = game.position(columns=["2C", "3C"])
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Redeal())
    assert err.value.rule is TournamentRule.B4
    loose = make_game(redeal_when_stuck=True)
    s = loose.position(columns=["2C", "3C"])
    s2 = loose.apply(s, Redeal())
    # the packet is T1..T6 gathered, with the rest of the stock under it
    packet = tuple(c for col in s.columns for c in col) + s.stock
    assert s2.columns[0] == packet[:4] and s2.columns[5] == packet[20:24]
    assert s2.stock == packet[24:] and s2.redeals_used == 1


def test_B5_an_empty_column_stays_empty_when_the_stock_is_empty() -> None:
    game = make_game()
    s = game.position(reserve=["KH"], columns=["AS", "KD"], stock="")
    s = game.apply(s, game.parse_action("T1>F♠↓", s))
    assert s.columns[0] == ()
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Move(8, 0))
    assert err.value.rule is TournamentRule.T7


def test_B6_base_cards_may_be_fixed() -> None:
    f = {"F♠↑": 1, "F♠↓": 12}  # A♠ alone, K♠..2♠: the Ace could move onto the 2
    assert "F♠↑>F♠↓" in texts(make_game(), make_game().position(foundations=f))
    game = make_game(foundation_base_movable=False)
    s = game.position(foundations=f)
    assert "F♠↑>F♠↓" not in texts(game, s)
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, game.parse_action("F♠↑>F♠↓", s))
    assert err.value.rule is TournamentRule.B6
    # with B8 "any", the base may not go to a cell either (2.7)
    both = make_game(foundation_base_movable=False, reserve_sources="any")
    s = both.position(foundations={"F♠↑": 1})
    with pytest.raises(IllegalActionError) as err:
        both.apply(s, both.parse_action("F♠↑>R1", s))
    assert err.value.rule is TournamentRule.B6


def test_B7_reserve_cells_are_not_refilled_automatically() -> None:
    game = make_game()
    s = game.position(reserve=["AS"], columns=["9D"], foundations=BUILT)
    s = game.apply(s, game.parse_action("R1>F♠↑", s))
    assert s.reserve[0] == -1 and col(s, 0) == "9D"


def test_B8_any_source_fills_cells_from_foundations_and_cells() -> None:
    game = make_game(reserve_sources="any")
    s = game.position(reserve=["9H"], foundations={"F♠↑": 3})
    legal = texts(game, s)
    assert {"F♠↑>R2", "R1>R2"} <= legal
    s2 = game.apply(s, game.parse_action("F♠↑>R2", s))
    assert DECK.cards[s2.reserve[1]] == Card.parse("3S")
    assert "F♠↑>R2" not in texts(
        make_game(), make_game().position(reserve=["9H"], foundations={"F♠↑": 3})
    )


def test_rules_validation_names_the_field() -> None:
    bad: list[tuple[dict[str, Any], str]] = [
        ({"reserve_fix": "swap"}, "reserve_fix"),
        ({"deal_order": "rows"}, "deal_order"),
        ({"strict_deal_when_stuck": 1}, "strict_deal_when_stuck"),
        ({"max_redeals": -1}, "max_redeals"),
        ({"reserve_sources": "foundations"}, "reserve_sources"),
        ({"variant": "cicely"}, "cicely_build"),
        ({"variant": "cicely", "cicely_build": "sideways"}, "cicely_build"),
        ({"cicely_build": "down_in_suit"}, "cicely_build"),
        ({"colour": "red"}, "colour"),
    ]
    for options, field in bad:
        with pytest.raises(RulesError, match=field):
            TournamentRules.from_dict(options)
    with pytest.raises(ArgumentError, match="dealer"):
        make_game().new_hand(dealer=1)


def test_presets_and_registry() -> None:
    assert get_game("tournament").rules == TournamentRules()
    pysol = make_game(preset="pysolfc").rules
    assert (pysol.reserve_fix, pysol.reserve_sources, pysol.max_redeals) == ("swap_in", "any", 2)
    assert not make_game(preset="napoleons_flank").rules.visible_columns
    assert make_game(preset="la_nivernaise").rules == make_game(preset="napoleons_flank").rules
    cicely = make_game(preset="cicely", cicely_build="down_in_suit")
    assert (cicely.num_columns, cicely.rules.max_redeals) == (8, 0)
    with pytest.raises(RulesError, match="cicely_build"):
        make_game(preset="cicely")
    assert make_game(preset="kingsdown_eights").rules.variant == "kingsdown_eights"


def test_cicely_builds_on_eight_piles() -> None:
    game = make_game(preset="cicely", cicely_build="down_alternate_colours")
    s = dealt(game, "KS 2C 3C 4C 5C 6C 7C 8C")
    assert len(s.columns) == 8 and len(s.stock) == 64 and Redeal() not in game.legal_actions(s)
    p = game.position(columns=["9H", "10S", "10H"])
    legal = texts(game, p)
    assert "T1>T2" in legal and "T1>T3" not in legal
    with pytest.raises(IllegalActionError) as err:
        game.apply(p, game.parse_action("T1>T3", p))
    assert err.value.rule is TournamentRule.TV2  # Cicely's building rule
    insuit = make_game(preset="cicely", cicely_build="up_or_down_in_suit")
    p = insuit.position(columns=["9H", "10S", "10H", "8H"])
    assert {"T1>T3", "T1>T4"} <= texts(insuit, p) and "T1>T2" not in texts(insuit, p)
    anysuit = make_game(preset="cicely", cicely_build="down_any_suit")
    assert {"T1>T2", "T1>T3"} <= texts(anysuit, anysuit.position(columns=["9H", "10S", "10H"]))
    same = make_game(preset="cicely", cicely_build="down_in_suit")
    assert texts(same, same.position(columns=["9H", "10S", "10H"])) >= {"T1>T3"}
    assert "T1>T2" not in texts(same, same.position(columns=["9H", "10S", "10H"]))

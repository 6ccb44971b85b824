"""Kingsdown Eights (rules KE1-KE7 of cardrules.games.tournament.kingsdown, per §2.4)."""

from __future__ import annotations

import random

import pytest

from cardrules import Card, Deal, IllegalActionError, RulesError, get_deck
from cardrules.games.tournament import DealStock, Move, Resign, TournamentRule, make_game
from cardrules.games.tournament.kingsdown import KingsdownEightsGame, KingsdownState
from cardrules.testing import check_game

DECK = get_deck("double104")


def game() -> KingsdownEightsGame:
    g = make_game(preset="kingsdown_eights")
    assert isinstance(g, KingsdownEightsGame)
    return g


def idx(text: str, copy: int = 0) -> int:
    return DECK.indices(Card.parse(text))[copy]


def state(
    rows: list[list[str]], reserves: list[list[str]], piles: dict[int, int]
) -> KingsdownState:
    """A position; ``piles`` maps a foundation number (0-7) to its height (A..). Not conserving."""
    f = []
    for k in range(8):
        suit = "CDHS"[k // 2]
        ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][
            : piles.get(k, 0)
        ]
        f.append(tuple(idx(r + suit, k % 2) for r in ranks))
    return KingsdownState(
        "play",
        tuple(tuple(idx(c, 1) for c in r) for r in rows),
        tuple(tuple(idx(c, 1) for c in r) for r in reserves),
        (idx("5C"),),
        tuple(f),
    )


def test_KE1_the_deal() -> None:
    g = game()
    order = tuple(range(104))
    s = g.apply(g.new_hand(), Deal(order))
    assert s.rows == tuple((i,) for i in range(8))
    assert s.reserves[0] == (8, 9, 10, 11) and s.reserves[7] == (36, 37, 38, 39)
    assert s.stock == order[40:]


def test_KE2_foundations_build_up_in_suit_from_ace() -> None:
    g = game()
    s = state([["AS"], ["2S"]], [["3S"]] + [[]] * 7, {})
    legal = {g.format_action(a) for a in g.legal_actions(s)}
    assert {"T1>F♠1", "T1>F♠2"} <= legal and "T2>F♠1" not in legal
    s = g.apply(s, g.parse_action("T1>FS2", s))
    assert "T2>F♠2" in {g.format_action(a) for a in g.legal_actions(s)}
    with pytest.raises(IllegalActionError) as err:
        g.apply(s, g.parse_action("R1>F♠2", s))
    assert err.value.rule is TournamentRule.KE2


def test_KE3_tableau_builds_down_in_alternating_colours() -> None:
    g = game()
    s = state([["9S"], ["8H"], ["8C"], []], [["8D"]] + [[]] * 7, {})
    legal = {g.format_action(a) for a in g.legal_actions(s)}
    assert {"T2>T1", "R1>T1", "R1>T4"} <= legal
    assert "T3>T1" not in legal
    assert "T1>T4" not in legal  # a lone card moving to an empty pile changes nothing: not offered
    with pytest.raises(IllegalActionError) as err:
        g.apply(s, g.parse_action("T3>T1", s))
    assert err.value.rule is TournamentRule.KE3


def test_KE4_no_building_on_reserves() -> None:
    g = game()
    s = state([["9S"]], [["10H"]] + [[]] * 7, {})
    with pytest.raises(IllegalActionError) as err:
        g.apply(s, Move(0, 8))
    assert err.value.rule is TournamentRule.KE4


def test_KE5_deal_four_onto_each_reserve_no_redeal() -> None:
    g = game()
    s = g.apply(g.new_hand(), Deal(tuple(range(104))))
    s2 = g.apply(s, DealStock())
    assert s2.reserves[0][4:] == tuple(range(40, 44)) and len(s2.stock) == 32
    s3 = g.apply(g.apply(s2, DealStock()), Resign())
    assert s3.result == "resigned"
    strict = make_game(preset="kingsdown_eights", strict_deal_when_stuck=True)
    t = state([["AS"]], [[]] * 8, {})
    assert DealStock() in g.legal_actions(t) and DealStock() not in strict.legal_actions(t)


def test_KE6_nothing_leaves_a_foundation() -> None:
    g = game()
    s = state([["9S"]], [[]] * 8, {6: 3})
    with pytest.raises(IllegalActionError) as err:
        g.apply(s, Move(22, 1))
    assert err.value.rule is TournamentRule.KE6


def test_KE7_win_and_loss() -> None:
    g = game()
    piles = dict.fromkeys(range(8), 13)
    piles[7] = 12
    s = KingsdownState(
        "play",
        ((idx("KS", 1),),) + ((),) * 7,
        ((),) * 8,
        (),
        state([], [], piles).foundations,
    )
    won = g.apply(s, g.parse_action("T1>F♠2", s))
    assert won.result == "won"
    s = g.apply(
        KingsdownState("play", ((idx("KS", 1),), *((),) * 7), ((),) * 8, (idx("5C"),)),
        DealStock(),
    )
    assert s.phase == "play" and s.stock == ()
    # 5C fills a space; then neither lone card can move and the stock is empty: lost
    lost = g.apply(s, g.parse_action("R1>T2", s))
    assert lost.result == "lost" and g.outcome(lost) is not None


def test_kingsdown_options_are_validated() -> None:
    with pytest.raises(RulesError, match="max_redeals"):
        make_game(variant="kingsdown_eights")
    with pytest.raises(RulesError, match="reserve_sources"):
        make_game(preset="kingsdown_eights", reserve_sources="any")


def test_kingsdown_check_game_and_views() -> None:
    g = game()
    check_game(g, examples=6)
    rng = random.Random(3)
    s = g.apply(g.new_hand(), g.sample_chance(g.new_hand(), rng))
    view = g.view(s, 0)
    sampled = g.sample_state(view, rng)
    assert g.view(sampled, 0) == view and sampled.stock != s.stock
    assert set(g.legal_actions(sampled)) == set(g.legal_actions(s))

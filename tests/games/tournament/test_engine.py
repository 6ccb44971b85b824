"""The rule functions of the engine, one by one; above all the loss test of rule T11.

The T11 tests start from one dead layout and change one thing at a time, so that every condition
of :meth:`TournamentEngine.can_progress` is pinned by a test that fails when the condition is
dropped, inverted or loosened.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cardrules.games.tournament import TournamentRule, TournamentRules, TournamentState, make_game
from cardrules.games.tournament import engine as engine_module
from cardrules.games.tournament.actions import FOUNDATION0, RESERVE0
from cardrules.games.tournament.engine import (
    KingsdownEngine,
    TournamentEngine,
    all_on_foundations,
    available_cards,
    builds_on,
    canonical_order,
    fitting_foundations,
    free_cells,
    kingsdown_builds,
    reachable_ace_sizes,
    refill_empty_columns,
)
from cardrules.games.tournament.state import DECK, KingsdownState
from cardrules.games.tournament.state import TournamentState as State

SUITS = "CDHS"


def card(text: str) -> int:
    return DECK.index(text)


def run(suit: str, ranks: range) -> tuple[int, ...]:
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    return tuple(card(f"{names.get(r, r)}{suit}") for r in ranks)


def piles(ace: int = 5, king: int = 3, spades: tuple[int, int] | None = None) -> tuple[Any, ...]:
    """Every suit's Ace pile A..``ace`` and King pile K..(14-``king``); ``spades`` overrides ♠."""
    out: list[tuple[int, ...]] = []
    for s in SUITS:
        a, k = spades if (spades and s == "S") else (ace, king)
        out += [run(s, range(1, a + 1)), run(s, range(13, 13 - k, -1))]
    return tuple(out)


# A dead layout: Ace piles at 5 and King piles at 3 (so 6s and 10s fit, and the piles' tops are
# not adjacent: nothing crosses), a full reserve of 2s, 3s, 4s and 7s, columns topped by 8s, a 9
# and 3s (no two of a suit next in rank), no stock and no redeal left.
DEAD_RESERVE = tuple(card(c) for c in ["2C", "2D", "3H", "3S", "4C", "4D", "7H", "7S"])
DEAD_COLUMNS = tuple((card(c),) for c in ["8C", "8D", "8H", "9S", "3C", "3D"])


def dead(**changes: Any) -> TournamentState:
    fields: dict[str, Any] = {
        "reserve": DEAD_RESERVE,
        "columns": DEAD_COLUMNS,
        "stock": (),
        "foundations": piles(),
        "redeals_used": 2,
    }
    fields.update(changes)
    return State("play", **fields)


ENGINE = TournamentEngine(TournamentRules())


def test_T11_the_dead_layout_is_lost() -> None:
    """T11: stock empty, no redeal left, no progress move: the game is lost (and settling says
    so); each test below changes one thing and the game lives."""
    assert not ENGINE.can_progress(dead())
    assert ENGINE.settle(dead()).result == "lost"


def test_T11_a_stock_card_keeps_the_game_alive() -> None:
    assert ENGINE.can_progress(dead(stock=(card("5C"),)))


def test_T11_a_redeal_left_keeps_the_game_alive_only_with_a_card_to_gather() -> None:
    """T11 and T9: a redeal is progress while one is left and a column holds a card."""
    assert ENGINE.can_progress(dead(redeals_used=1))
    assert ENGINE.can_progress(dead(redeals_used=0))
    assert not ENGINE.can_progress(dead(redeals_used=1, columns=((),) * 6))
    no_redeals = TournamentEngine(TournamentRules(max_redeals=0))
    assert not no_redeals.can_progress(dead(redeals_used=0))


def test_T11_an_empty_cell_keeps_the_game_alive_only_with_a_column_card() -> None:
    """T11 and T6 (b): a column card into an empty cell is progress; with every column empty an
    empty cell is none."""
    assert ENGINE.can_progress(dead(reserve=(-1, *DEAD_RESERVE[1:])))
    assert not ENGINE.can_progress(dead(reserve=(-1, *DEAD_RESERVE[1:]), columns=((),) * 6))


@pytest.mark.parametrize("where", ["reserve", "column top"])
@pytest.mark.parametrize("text", ["6H", "10D"])
def test_T11_an_available_card_that_fits_keeps_the_game_alive(where: str, text: str) -> None:
    """T11 and T6 (a): a reserve card or a column's top that fits an Ace pile (6) or a King pile
    (10) is progress."""
    if where == "reserve":
        state = dead(reserve=(card(text), *DEAD_RESERVE[1:]))
    else:
        state = dead(columns=((card(text),), *DEAD_COLUMNS[1:]))
    assert ENGINE.can_progress(state)


def test_T11_a_covered_column_card_is_not_available() -> None:
    """T11 and T5: a card that fits but lies under a column's top is no progress."""
    covered = ((card("6H"), card("8C")), *DEAD_COLUMNS[1:])
    assert not ENGINE.can_progress(dead(columns=covered))


def test_T11_progress_counts_after_foundation_to_foundation_moves() -> None:
    """T11 and T6 (c): with the ♠ piles meeting (A..5 and K..6) a 2♠ fits once four cards cross
    from the Ace pile to the King pile; with piles that do not meet (A..5, K..7) it does not."""
    meeting = dead(foundations=piles(spades=(5, 8)), reserve=(card("2S"), *DEAD_RESERVE[1:]))
    assert ENGINE.can_progress(meeting)
    apart = dead(foundations=piles(spades=(5, 7)), reserve=(card("2S"), *DEAD_RESERVE[1:]))
    assert not ENGINE.can_progress(apart)


def test_T11_a_building_move_keeps_cicely_alive() -> None:
    """T11 (Cicely's documented extension): a building move between column tops is progress."""
    cicely = TournamentEngine(TournamentRules.preset("cicely", cicely_build="down_in_suit"))
    columns = (*DEAD_COLUMNS, (), ())
    assert not cicely.can_progress(dead(columns=columns))
    built = ((card("8S"),), (card("9S"),), *columns[2:])
    assert cicely.can_progress(dead(columns=built))
    assert not ENGINE.can_progress(dead(columns=built[:6]))  # no building in Tournament


def test_T11_won_with_every_card_on_the_foundations() -> None:
    """T11: 104 cards on the foundations win; 103 do not."""
    full = tuple(run(s, range(1, 14)) for s in SUITS for _ in (0, 1))
    assert all_on_foundations(full)
    short = (full[0][:-1], *full[1:])
    assert not all_on_foundations(short)
    won = ENGINE.settle(State("play", (-1,) * 8, ((),) * 6, (), full, 2))
    assert won.phase == "over" and won.result == "won"


def test_T11_the_game_surface_ends_a_dead_game_by_itself() -> None:
    """T11 through the game: a move into a dead layout ends the game, lost."""
    game = make_game()
    alive = dead(reserve=(-1, *DEAD_RESERVE[1:]))
    # The cards of the test layout are not a whole deck: only the rule steps read it.
    after = game.engine.play_move(alive, 0, RESERVE0)
    assert after.result == "lost" and after.phase == "over"


def test_T1_canonical_order_numbers_the_copies_in_deal_order() -> None:
    """T1: the earlier copy of a card gets the lower index, whichever copy the shuffle named."""
    ace, twin = card("AC"), card("AC") + 52
    assert canonical_order((twin, 5, ace)) == (ace, 5, twin)


def test_T4_fitting_foundations_reads_the_pile_sizes() -> None:
    """T4: the Ace pile wants the rank one above its size, the King pile the rank below 14 minus
    its size."""
    six, ten = card("6S"), card("10S")
    assert fitting_foundations(six, piles()) == [FOUNDATION0 + 6]
    assert fitting_foundations(ten, piles()) == [FOUNDATION0 + 7]
    both = [FOUNDATION0 + 6, FOUNDATION0 + 7]
    assert fitting_foundations(card("7S"), piles(spades=(6, 6))) == both


def test_T5_available_cards_are_column_tops_then_reserve_cards() -> None:
    state = dead(columns=((card("2C"), card("3C")), (), *DEAD_COLUMNS[2:]))
    assert available_cards(state) == [card("3C"), *(c[-1] for c in DEAD_COLUMNS[2:]), *DEAD_RESERVE]


def test_T6_b_free_cells_are_the_empty_ones() -> None:
    assert free_cells((-1, 3, -1, 4, 5, 6, 7, -1)) == [RESERVE0, RESERVE0 + 2, RESERVE0 + 7]


def test_T6_c_reach_of_foundation_to_foundation_moves() -> None:
    """T6 (c) and B6: piles that meet reach every split (B6: the bases stay); others stay put."""
    assert reachable_ace_sizes(4, 9, True) == tuple(range(14))
    assert reachable_ace_sizes(4, 9, False) == tuple(range(1, 13))
    assert reachable_ace_sizes(13, 0, False) == (*range(1, 13), 13)
    assert reachable_ace_sizes(4, 8, True) == (4,)


def test_T7_refill_takes_four_cards_per_empty_column() -> None:
    columns = ((1,), (), (2,), ())
    assert refill_empty_columns(columns, tuple(range(10, 16))) == (
        ((1,), (10, 11, 12, 13), (2,), (14, 15)),
        (),
    )
    assert refill_empty_columns(columns, ()) == (columns, ())


def test_KE3_kingsdown_builds_down_in_alternating_colours() -> None:
    king = (card("KS"),)
    assert kingsdown_builds(card("QH"), king) and not kingsdown_builds(card("QC"), king)
    assert not kingsdown_builds(card("JH"), king) and kingsdown_builds(card("JH"), ())


def test_every_rule_id_maps_to_a_function_of_the_engine() -> None:
    """The engine's docstring table names, for each of T1–T11 and KE1–KE7, functions that exist."""
    doc = engine_module.__doc__ or ""
    rows = re.findall(r"^(T\d+|KE\d)\s+(.*(?:\n {11}.*)*)", doc, flags=re.M)
    ids = [rule for rule, _ in rows]
    expected = [r.value for r in TournamentRule if re.fullmatch(r"T\d+|KE\d", r.value)]
    assert ids == expected
    for rule, text in rows:
        names = re.findall(r":(?:func|meth):`([\w.]+)`", text.replace("\n", " ").replace(" ", ""))
        assert names, rule
        for name in names:
            obj: Any = engine_module
            for part in name.split("."):
                obj = getattr(obj, part)
            assert callable(obj), (rule, name)


def test_KE7_kingsdown_loss_needs_an_empty_stock_and_no_move() -> None:
    """KE7: with no move left the game lives while the stock holds a card; with the stock empty
    it lives while a move is left; with neither it is lost."""
    kingsdown = KingsdownEngine(TournamentRules.preset("kingsdown_eights"))
    lone = ((card("KS"),), (card("KH"),), *((card(c),) for c in ["KD", "KC"] * 3))
    stuck = KingsdownState("play", lone, ((),) * 8, (), ((),) * 8)
    assert kingsdown.settle(stuck).result == "lost"
    with_stock = KingsdownState("play", lone, ((),) * 8, (card("5C"),), ((),) * 8)
    assert kingsdown.settle(with_stock) == with_stock
    movable = KingsdownState("play", lone, ((card("QH"),), *((),) * 7), (), ((),) * 8)
    assert kingsdown.settle(movable) == movable


def test_KE7_kingsdown_rollout_is_stepping() -> None:
    """The Kingsdown rollout is the engine's steps in a loop: per seed it plays the game that
    stepping with apply plays."""
    game = make_game(preset="kingsdown_eights")
    start = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(3)))
    for seed in range(20):
        rng = random.Random(seed)
        s = start
        while not game.is_over(s):
            legal = game.legal_actions(s)
            s = game.apply(s, legal[rng.randrange(len(legal))])
        assert game.rollout(start, random.Random(seed)) == game.outcome(s)


def test_KE3_the_building_table_is_builds_on() -> None:
    """KE3: the table Kingsdown reads is ``builds_on("down_alternate_colours", …)`` for every
    pair of cards of the two packs."""
    for c in range(len(DECK)):
        for onto in range(len(DECK)):
            expected = builds_on("down_alternate_colours", c, onto)
            assert kingsdown_builds(c, (onto,)) is expected, (c, onto)

"""Tests written to kill survivors of a mutation run over the patience's engine (issue #18).

mutmut forks each mutant from a process that has imported everything and filled the engine's
memo tables, so a function whose answers are memoised (``reachable_ace_sizes``) must be asked
again with its memo emptied for a mutant of it to be run at all.

The others pin what random play and the rest of the suite seldom reach: a won game (the
rollout's verdict, its outcome, Kingsdown's won state), the values the public rule functions
return at their edges (``top_card``'s ``-1``, ``builds_on`` without a building rule, B1's swap of
a King), and what a fresh deal lets the player see.
"""

from __future__ import annotations

import random

import pytest

import cardrules.games.tournament.engine as engine
from cardrules import Outcome
from cardrules.games.tournament import Move, TournamentGame, make_game
from cardrules.games.tournament.actions import FOUNDATION0, RESERVE0
from cardrules.games.tournament.engine import (
    KingsdownEngine,
    builds_on,
    outcome_of,
    reachable_ace_sizes,
    swap_in_ace_or_king,
    top_card,
)
from cardrules.games.tournament.fast import Board, board_result, board_step, fast_playout
from cardrules.games.tournament.kingsdown import KingsdownEightsGame, KingsdownState
from cardrules.games.tournament.state import DECK, PRANK, TournamentState

from ._helpers import stacked

BUILDS = ("down_in_suit", "down_alternate_colours", "down_any_suit", "up_or_down_in_suit")


def _card(text: str, copy: int = 0) -> int:
    return DECK.indices(DECK.cards[DECK.index(text)])[copy]


def _one_card_from_a_win(game: TournamentGame) -> TournamentState:
    """102 cards on the foundations; Q♠ then K♠ from the reserve win (T4, T11)."""
    complete = {f"F{s}{d}": 13 for s in "♣♦♥" for d in "↑↓"}
    return game.position(
        reserve=["QS", "KS"], stock="", foundations={**complete, "F♠↑": 11, "F♠↓": 13}
    )


def _reachable_by_moves(a: int, k: int, base_movable: bool) -> set[int]:
    """T6 (c) by brute force: the Ace pile's sizes reached by moving a top card across, one at a
    time, where it fits (the tops adjacent: ``a + k == 13``); under B6 (``base_movable=False``) a
    pile's base card (its first card) stays."""
    lowest = 1 if base_movable else 2  # the fewest cards a pile must hold to give its top away
    seen, todo = {(a, k)}, [(a, k)]
    while todo:
        x, y = todo.pop()
        if x + y != 13:
            continue
        for nxt in (
            (x - 1, y + 1) if x >= lowest else None,
            (x + 1, y - 1) if y >= lowest else None,
        ):
            if nxt is not None and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return {x for x, _ in seen}


@pytest.mark.parametrize("base_movable", [True, False])
def test_t6c_b6_reachable_ace_sizes_equal_the_moves_for_every_pair(base_movable: bool) -> None:
    saved = dict(engine._REACH)
    engine._REACH.clear()  # compute afresh, not from the memo filled at import
    try:
        for a in range(14):
            for k in range(14):
                got = reachable_ace_sizes(a, k, base_movable)
                assert got == tuple(sorted(_reachable_by_moves(a, k, base_movable))), (a, k)
                assert reachable_ace_sizes(a, k, base_movable) is got  # memoised
    finally:
        engine._REACH.clear()
        engine._REACH.update(saved)


def test_the_engine_still_offers_the_names_that_moved_to_game() -> None:
    assert engine.TournamentGame is TournamentGame
    assert engine.make_game is make_game
    with pytest.raises(
        AttributeError,
        match=r"^module 'cardrules.games.tournament.engine' has no attribute 'Nothing'$",
    ):
        _ = engine.Nothing


def test_T11_the_rollout_reports_a_win_as_stepping_does() -> None:
    """T11: from two cards before a win, the board rollout and stepping agree seed by seed, and
    the won games come back as 104 cards and ``True`` (the resigned ones as fewer and ``False``);
    the game's rollout scores them with +1 and the winner, -1 and none."""
    game = make_game()
    start = _one_card_from_a_win(game)
    results = set()
    for seed in range(12):
        end = game.engine.playout(start, random.Random(seed))
        fast = fast_playout(game.engine, start, random.Random(seed))
        assert fast == (sum(map(len, end.foundations)), end.result == "won"), seed
        assert game.rollout(start, random.Random(seed)) == game.outcome(end), seed
        results.add(fast)
    assert (104, True) in results and (102, False) in results


def test_T11_the_board_verdict_of_the_winning_move() -> None:
    """T11 on the rollout's board: the move that puts the 104th card up is ``"won"``, the move
    before it ``""`` (the game goes on), as :meth:`settle_layout` says."""
    game = make_game()
    state = _one_card_from_a_win(game)
    for expected in ("", "won"):
        (move,) = [a for a in game.legal_actions(state) if isinstance(a, Move)]
        board = Board(state)
        board_step(game.engine, board, move)
        state = game.apply(state, move)
        assert board_result(game.engine, board) == state.result == expected


@pytest.mark.parametrize(
    ("points", "won", "expected"),
    [
        (104, True, Outcome((104,), (104,), (0,), (1.0,))),
        (102, False, Outcome((102,), (102,), (), (-1.0,))),
        (0, False, Outcome((0,), (0,), (), (-1.0,))),
    ],
)
def test_T11_outcome_of_a_win_and_a_loss(points: int, won: bool, expected: Outcome) -> None:
    """T11/KE7: the points are the cards on the foundations; only a win has a winner (the
    player, seat 0) and returns +1, anything else returns -1."""
    assert outcome_of(points, won) == expected


def test_T5_top_card_of_every_kind_of_pile() -> None:
    """T5: the available card of a column, a reserve cell and a foundation is its last card, and
    ``-1`` when it holds none — at the first and last id of each kind of pile."""

    def cards(text: str) -> tuple[int, ...]:
        return tuple(DECK.index(c) for c in text.split())

    layout = TournamentState(
        "play",
        reserve=(*cards("KH 2S 3S 4S 5S 6S 7S"), -1),
        columns=(cards("9H 10H JH"), (), (), (), (), cards("4D 5D 6D")),
        foundations=(cards("AC 2C 3C 4C"), (), (), (), (), (), (), cards("KS QS JS 10S 9S")),
    )

    def tops(piles: range) -> str:
        cards = [top_card(layout, pile) for pile in piles]
        return " ".join(DECK.cards[c].ascii if c >= 0 else str(c) for c in cards)

    assert tops(range(6)) == "JH -1 -1 -1 -1 6D"
    assert tops(range(RESERVE0, RESERVE0 + 8)) == "KH 2S 3S 4S 5S 6S 7S -1"
    assert tops(range(FOUNDATION0, FOUNDATION0 + 8)) == "4C -1 -1 -1 -1 -1 -1 9S"


def test_TV2_no_building_rule_builds_nothing() -> None:
    """T6 (d): without Cicely's building rule (``None``, or a name that is none of TV2's) no
    card goes onto another, even where a building rule would allow it."""
    queen, king = _card("QS"), _card("KS")
    assert [builds_on(kind, queen, king) for kind in BUILDS] == [True, False, True, True]
    assert not builds_on(None, queen, king)
    assert not builds_on("down", queen, king)


def test_B1_swap_in_takes_a_king_nearest_the_bottom() -> None:
    """B1 ``swap_in``: with no Ace or King in the first eight cards, the Ace *or King* nearest the
    bottom of the deck moves to the top — here a King, below the last Ace."""
    kings_and_aces = [c for c in range(104) if PRANK[c] in (1, 13)]
    king = next(c for c in kings_and_aces if PRANK[c] == 13)
    others = [c for c in range(104) if c not in kings_and_aces]
    order = [*others[:8], *(c for c in kings_and_aces if c != king), *others[8:], king]
    assert swap_in_ace_or_king(order) == (king, *order[:-1])


def test_T8_a_fresh_deal_hides_the_stock() -> None:
    """T3/T8: after the deal the player has seen the reserve and the columns, not one card of the
    stock — the first 2♣ of the deck (card 0) included, which here lies on top of the stock."""
    game = make_game()
    head = ["KS", *(c.ascii for c in DECK.cards[:52] if c.ascii not in ("2C", "KS"))][:32]
    state = game.apply(game.new_hand(), stacked(game, " ".join(head)))
    assert state.phase == "play" and DECK.cards[state.stock[0]].ascii == "2C"
    assert state.stock[0] == 0
    assert set(game.view(state).stock) == {None}
    seen = {c for col in state.columns for c in col}
    assert state.known == sum(1 << c for c in seen)


def _kingsdown_game() -> KingsdownEightsGame:
    game = make_game(preset="kingsdown_eights")
    assert isinstance(game, KingsdownEightsGame)
    return game


def test_KE4_the_interned_moves_are_the_pairs_of_pile_ids() -> None:
    """KE2–KE6: Kingsdown's moves are interned once for every ``(src, dst)`` of its 24 pile ids
    (tableau 0–7, reserve 8–15, foundations 16–23), and every legal move is one of them."""
    engine_ = KingsdownEngine(_kingsdown_game().rules)
    assert set(engine_.moves) == {(s, d) for s in range(24) for d in range(24)}
    assert all(m == Move(*key) for key, m in engine_.moves.items())
    game = _kingsdown_game()
    state = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(1)))
    for move in game.engine.legal_moves(state):
        assert game.engine.moves[(move.src, move.dst)] is move


def test_KE7_the_won_state_keeps_the_layout() -> None:
    """KE7: the move that puts the 104th card up ends the game as won, with the emptied tableau
    and reserve piles and the empty stock kept in the final state."""
    game = _kingsdown_game()
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    foundations = tuple(
        tuple(_card(rank + "CDHS"[k // 2], k % 2) for rank in ranks) for k in range(8)
    )
    king = foundations[7][-1]
    state = KingsdownState(
        "play", ((king,), *((),) * 7), ((),) * 8, (), (*foundations[:7], foundations[7][:-1])
    )
    won = game.apply(state, Move(0, 23))
    assert won == KingsdownState("over", ((),) * 8, ((),) * 8, (), foundations, "won")


def test_T6_the_engine_interns_its_moves() -> None:
    """T6: every legal-action list holds the same action objects — a move is built once per
    ``(src, dst)``, not per step (the engine's promise, which keeps the rollout's lists cheap)."""
    game = make_game()
    state = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(2)))
    first, again = game.engine.legal_actions(state), game.engine.legal_actions(state)
    assert len(first) > 2
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert game.engine.move(0, FOUNDATION0) is game.engine.move(0, FOUNDATION0)
    assert game.engine.move(0, FOUNDATION0) == Move(0, FOUNDATION0)

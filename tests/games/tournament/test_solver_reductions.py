"""The solver's reductions against a plain exhaustive search (issue #20).

Every reduction of :mod:`cardrules.games.tournament.solver` (safe moves A1/A2, the dead test D2,
the equivalences of cells, meeting foundations and last-pass columns) claims that the reduced
graph has the same answer as the game's own. These tests check the claim on seeded small
positions — most cards already home, a short stock, a few columns, redeals left or not — against
:func:`plain_search`, a reference written here on the game's public API alone: every legal
action (rule T6 (c) moves included, ``resign`` excepted), every state remembered exactly (cell
order included), nothing pruned but the rules' own end (T11).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from cardrules import ArgumentError, ArgumentTypeError
from cardrules.games.tournament import Resign, TournamentGame, make_game, solver
from cardrules.games.tournament.solver import solve
from cardrules.games.tournament.state import DECK, PRANK, SUIT, TournamentState
from cardrules.games.tournament.winnable import seeded_deal

SUITS = "♣♦♥♠"
NAMES = dict(enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"], 1))


def plain_search(game: TournamentGame, state: TournamentState, limit: int = 400_000) -> str:
    """``"won"`` or ``"lost"``: depth-first over every legal action but ``resign``, each state
    keyed by its cards (both copies of a card count as the same card, T1, and the reserve as the
    cards it holds: T6 (b) takes any empty cell, which :func:`test_reserve_symmetry_and_copies_
    share_a_node` checks on its own). Raises when the graph holds more than ``limit`` states (the
    caller's positions are meant to be small)."""

    def key(s: TournamentState) -> tuple[Any, ...]:
        return (
            tuple(sorted(c % 52 if c >= 0 else -1 for c in s.reserve)),
            tuple(tuple(c % 52 for c in col) for col in s.columns),
            tuple(c % 52 for c in s.stock),
            tuple(len(p) for p in s.foundations),
            s.redeals_used,
        )

    if state.phase == "over":
        return "won" if state.result == "won" else "lost"
    seen = {key(state)}
    stack = [state]
    while stack:
        s = stack.pop()
        for action in game.legal_actions(s):
            if type(action) is Resign:
                continue
            t = game.apply(s, action)
            if t.result == "won":
                return "won"
            if t.phase == "over":
                continue
            k = key(t)
            if k not in seen:
                seen.add(k)
                if len(seen) > limit:
                    raise AssertionError("plain_search: position too large for the reference")
                stack.append(t)
    return "lost"


def small_position(
    game: TournamentGame, rng: random.Random, last_pass: bool = False
) -> TournamentState:
    """A seeded position with few cards in play: each suit's piles nearly built (their sizes
    drawn so that the suits meet, have met or are apart), the rest shared between the reserve,
    two to four columns and a short stock; redeals left or not. With ``last_pass``, no stock
    and both redeals used (the same draws, so the other positions stay as they were)."""
    piles: dict[str, int] = {}
    loose: list[tuple[int, str]] = []  # (how far the card is from a pile that wants it, card)
    wants = [rng.choice([0, 0, 1, 2]) for _ in SUITS]  # cards left in play, by suit:
    budget = rng.randint(16, 26)  # mostly of two suits
    first, second = rng.sample(range(4), 2)
    wants[first] = rng.randint(budget // 3, 2 * budget // 3)
    wants[second] = budget - wants[first]
    for s, suit in enumerate(SUITS):
        total = 26 - wants[s]
        a = rng.randint(max(0, total - 13), min(13, total))
        k = total - a
        piles[f"F{suit}↑"], piles[f"F{suit}↓"] = a, k
        for r in range(1, 14):
            far = min(abs(r - a - 1), abs(13 - k - r))
            loose += [(far, f"{NAMES[r]}{'CDHS'[s]}")] * (2 - (r <= a) - (r >= 14 - k))
    rng.shuffle(loose)
    n_reserve = rng.randint(min(6, len(loose)), min(8, len(loose)))
    if rng.random() < 0.6:  # a full reserve of cards that must wait: losses become likely
        loose.sort(key=lambda fc: -fc[0])
        n_reserve = min(8, len(loose))
    cards = [card for _, card in loose]
    reserve: list[str | None] = [*cards[:n_reserve], *[None] * (8 - n_reserve)]
    rng.shuffle(reserve)
    rest = cards[n_reserve:]
    rng.shuffle(rest)
    if rng.random() < 0.5:  # the near cards at the bottom of the columns, under farther ones
        rest.sort(key=lambda card: next(far for far, c in loose if c == card))
    n_stock = rng.randint(0, len(rest) // 2) * (not last_pass)
    stock, rest = rest[len(rest) - n_stock :], rest[: len(rest) - n_stock]
    n_cols = rng.randint(2, 4)
    columns = [""] * 6
    for card in rest:
        i = rng.randrange(n_cols)
        columns[i] = (columns[i] + " " + card).strip()
    return game.position(
        reserve=reserve,
        columns=columns,
        stock=" ".join(stock),
        foundations=piles,
        redeals_used=rng.choice([0, 1, 2, 2]) if not last_pass else 2,
    )


def _agree(
    options: Mapping[str, Any], count: int, seed: int, reference: bool = True
) -> tuple[int, int]:
    """Solve ``count`` seeded small positions three ways (two without the ``reference``);
    returns (won, lost)."""
    game = make_game(**options)
    rng = random.Random(seed)
    tally = {"won": 0, "lost": 0}
    for n in range(count):
        s = small_position(game, rng)
        reduced = solve(game, s, max_nodes=10**6)
        plain = solve(game, s, max_nodes=10**6, reductions=False)
        truth = plain_search(game, s) if reference else plain.status
        where = f"{options} position {n}: {game.position_text(s)}"
        assert reduced.status == plain.status == truth, where
        if reduced.status == "won":
            for action in reduced.line:
                s = game.apply(s, action)
            assert s.result == "won", where
        tally[truth] += 1
    return tally["won"], tally["lost"]


def test_reductions_keep_every_answer_on_250_positions_under_the_default_rules() -> None:
    """T6–T11 and the solver's A1, A2, D2 and equivalences: reduced search, the solver's plain
    mode and the reference agree on every position, won and lost alike."""
    won, lost = _agree({}, 250, seed=20)
    assert won >= 40 and lost >= 40, (won, lost)


@pytest.mark.parametrize(
    "options",
    [
        {"strict_deal_when_stuck": True},  # B3
        {"foundation_base_movable": False},  # B6
        {"redeal_when_stuck": True},  # B4
        {"deal_order": "row_by_row"},  # B2
    ],
)
def test_reductions_keep_every_answer_under_each_option(options: dict[str, Any]) -> None:
    """B2, B3, B4, B6: each option keeps the reductions it does not break (A1 is off at sum 12
    under B6); the answers still agree with the reference."""
    won, lost = _agree(options, 40, seed=len(str(options)))
    assert won >= 5 and lost >= 5, (won, lost)


def test_reductions_keep_every_answer_when_foundation_cards_may_go_to_cells() -> None:
    """B8 ``any``: the safe moves are off (they would play a card taken from a foundation straight
    back); the equivalences stay. Foundation-to-cell moves make the reference's graph large, so
    the 60 positions compare the solver with its own plain mode, and 2 of them also with the
    reference."""
    won, lost = _agree({"reserve_sources": "any"}, 60, seed=8, reference=False)
    assert won >= 10 and lost >= 10, (won, lost)
    _agree({"reserve_sources": "any"}, 2, seed=8)


def test_b8_positions_where_playing_home_at_once_would_lose_the_win() -> None:
    """B8 ``any``: a position the cross-check against :func:`plain_search` found when A1 still
    ran under B8 (the reduced search said lost, the reference won): a card must come off its
    pile into a cell for the win."""
    game = make_game(reserve_sources="any")
    text = (
        "play shuffles=1 redeals=2 R=6S,KH,4H,5S,-,3H,7S,AS "
        "T=JH,QS,AC,8S,QH,KS,3S,2S/2H,AH,4S/-/-/-/- "
        "FC+=A,2,3,4,5,6,7,8,9,10,J,Q,K FC-=K,Q,J,10,9,8,7,6,5,4,3,2 "
        "FD+=A,2,3,4,5,6,7,8,9,10,J,Q,K FD-=K,Q,J,10,9,8,7,6,5,4,3,2,A "
        "FH+=A,2,3,4,5,6,7,8,9,10 FH-=K,Q,J,10,9,8,7,6,5 FS+=A,2,3,4,5,6,7,8,9,10,J "
        "FS-=K,Q,J,10,9 S=-"
    )
    s = game.parse_position(text)
    result = solve(game, s)
    assert result.status == solve(game, s, reductions=False).status == "won"
    for action in result.line:
        s = game.apply(s, action)
    assert s.result == "won"


def test_a_cell_card_fitting_meeting_piles_is_not_played_at_once() -> None:
    """A1 stays off at sum 13: with the ♠ piles meeting, the cell 5♠ fits, but playing it first
    fixes the split so that 6♠ must come next, under 7♠ and 8♠ with one free cell (lost);
    playing the 8♠ first and building down to the 5♠ wins."""
    game = make_game()
    s = game.position(
        reserve=["5S", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
        columns=["6H 6S 7S 8S", "AS 2S 3S 4S", "KS QS JS 10S 9S"],
        stock="",
        foundations={"F♥↑": 5, "F♥↓": 13, "F♠↑": 4, "F♠↓": 9},
        redeals_used=2,
    )
    assert plain_search(game, s) == "won"
    result = solve(game, s)
    assert result.status == "won"
    five_first = game.apply(s, game.parse_action("R1>F♠↑", s))
    assert plain_search(game, five_first) == solve(game, five_first).status == "lost"


def test_cell_demand_proves_a_last_pass_column_dead() -> None:
    """D2: the ♠ piles hold 14 cards, so 2♠…K♠ must go up in order; a column with 2♠ at the
    bottom under nine spades that wait for it needs nine cells, and there are eight: lost
    without a search (two nodes), where the plain search must try the cell moves."""
    game = make_game()
    full = {f"F{s}{d}": 13 for s in "♣♦♥" for d in "↑↓"}
    s = game.position(
        reserve=[],
        columns=["2S 4S 5S 6S 7S 8S 9S 10S JS 3S", "QS KS"],
        stock="",
        foundations={**full, "F♠↑": 1, "F♠↓": 13},
        redeals_used=2,
    )
    reduced = solve(game, s)
    plain = solve(game, s, reductions=False)
    assert reduced.status == plain.status == plain_search(game, s) == "lost"
    assert reduced.nodes <= 2 < plain.nodes


def test_last_pass_digs_keep_every_answer_and_shrink_the_graph() -> None:
    """A3 (digs on the last pass, T6–T11 with the stock empty and no redeal left): on 150 seeded
    last-pass positions the reduced search, the plain one and the reference agree, won and lost
    alike, and the reduced search visits fewer nodes in all."""
    game = make_game()
    rng = random.Random(33)
    tally = {"won": 0, "lost": 0}
    reduced_nodes = plain_nodes = 0
    for n in range(150):
        s = small_position(game, rng, last_pass=True)
        reduced = solve(game, s, max_nodes=10**6)
        plain = solve(game, s, max_nodes=10**6, reductions=False)
        truth = plain_search(game, s)
        assert reduced.status == plain.status == truth, f"position {n}: {game.position_text(s)}"
        if truth == "won":
            for action in reduced.line:
                s = game.apply(s, action)
            assert s.result == "won"
        tally[truth] += 1
        reduced_nodes += reduced.nodes
        plain_nodes += plain.nodes
    assert tally["won"] >= 30 and tally["lost"] >= 30, tally
    assert reduced_nodes < plain_nodes / 2, (reduced_nodes, plain_nodes)


def _buried_two(game: TournamentGame, extra_cell_card: bool) -> TournamentState:
    """The last pass: the 2♠ lies under J♠ Q♠ K♠, the 2♥ under all the spades, and the reserve
    holds 3♥…7♥ (and 8♥ with ``extra_cell_card``), which wait for the 2♥."""
    full = {f"F{s}{d}": 13 for s in "♣♦" for d in "↑↓"}
    hearts = ["3H", "4H", "5H", "6H", "7H"] + (["8H"] if extra_cell_card else [])
    rest = "KH QH JH 10H 9H" + ("" if extra_cell_card else " 8H")
    return game.position(
        reserve=hearts,
        columns=["2H 10S 9S 8S 7S 6S 5S 4S 3S 2S JS QS KS", rest],
        stock="",
        foundations={**full, "F♠↑": 1, "F♠↓": 13, "F♥↑": 1, "F♥↓": 13},
        redeals_used=2,
    )


def test_a_dig_takes_the_cards_above_to_cells_and_plays_the_card_home() -> None:
    """A3: with three free cells the solver's first child takes K♠, Q♠, J♠ to cells and the 2♠
    home (the rest follows by A1/A2); with two free cells no dig reaches the 2♠ or the 2♥, and
    the position is lost, as the reference finds by trying every cell move."""
    game = make_game()
    s = _buried_two(game, extra_cell_card=False)
    result = solve(game, s)
    assert result.status == "won" and result.nodes == 2
    first = [game.format_action(a) for a in result.line[:4]]
    assert [a.split(">")[0] for a in first] == ["T1", "T1", "T1", "T1"]
    assert first[-1] == "T1>F♠↑"
    t = _buried_two(game, extra_cell_card=True)
    lost = solve(game, t)
    assert lost.status == solve(game, t, reductions=False).status == plain_search(game, t)
    assert lost.status == "lost" and lost.nodes == 1


def test_a_probe_that_leaves_subtrees_never_claims_a_loss(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe run before the complete search (redeals left) leaves subtrees of the last two
    passes; with its caps forced down to one node it leaves nearly every one, and on 80 seeded
    positions with redeals left the answers still agree with the plain search and the
    reference: a loss only ever comes from a search that left nothing out."""
    monkeypatch.setattr(solver, "_PROBE_CAPS", (1, 1))
    game = make_game()
    rng = random.Random(7)
    tally = {"won": 0, "lost": 0}
    while sum(tally.values()) < 80:
        s = small_position(game, rng)
        if s.redeals_used == 2:
            continue
        reduced = solve(game, s, max_nodes=10**6)
        truth = plain_search(game, s)
        assert reduced.status == truth, game.position_text(s)
        tally[truth] += 1
    assert tally["won"] >= 10 and tally["lost"] >= 10, tally


def test_the_probe_wins_a_whole_deal_the_complete_search_alone_leaves_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Deal 25 (``random.Random(25)``, default rules): with the probe the solver wins it within
    30,000 nodes and the line replays to a won game (T11); the complete search alone (the probe
    given no share of the budget) spends the 30,000 nodes below its first early lines."""
    game = make_game()
    s = seeded_deal(game, 25)[0]
    result = solve(game, s, max_nodes=30_000)
    assert result.status == "won" and result.nodes < 30_000
    t = s
    for action in result.line:
        t = game.apply(t, action)
    assert t.result == "won"
    monkeypatch.setattr(solver, "_PROBE_SHARE", 0.0)
    alone = solve(game, s, max_nodes=30_000)
    assert (alone.status, alone.budget, alone.nodes) == ("unknown", "nodes", 30_000)


def test_reserve_symmetry_and_copies_share_a_node() -> None:
    """Cells are interchangeable and so are the two copies of a card (T1): the same layout with
    its cells permuted is searched with the same number of nodes and answer."""
    game = make_game()
    rng = random.Random(3)
    for _ in range(10):
        s = small_position(game, rng)
        if s.phase != "play":
            continue
        shuffled = list(s.reserve)
        rng.shuffle(shuffled)
        t = TournamentState(
            s.phase, tuple(shuffled), s.columns, s.stock, s.foundations, s.redeals_used,
            s.reserve_deals, s.known,
        )  # fmt: skip
        a, b = solve(game, s), solve(game, t)
        assert (a.status, a.nodes) == (b.status, b.nodes)


def test_every_budget_answers_unknown_and_names_itself() -> None:
    """Nodes, seconds and memory: a budget that runs out gives ``"unknown"`` and its name."""
    game = make_game()
    s = seeded_deal(game, 1)[0]  # won, but only after some 10,000 nodes: each budget runs out
    assert solve(game, s, max_nodes=300).budget == "nodes"
    assert solve(game, s, max_seconds=0.0).budget == "seconds"
    timed = solve(game, s, max_memory=1000)
    assert (timed.status, timed.budget) == ("unknown", "memory") and timed.memory > 1000
    decided = solve(
        game, game.position(reserve=["KS"], stock="", foundations={"F♠↑": 12, "F♠↓": 13})
    )
    assert (decided.status, decided.budget) == ("won", "")


def test_cards_of_both_packs_exist_for_the_generator() -> None:
    """The generator names cards the deck holds (T1: two of each)."""
    names = {c.ascii for c in DECK.cards}
    assert all(f"{NAMES[PRANK[c]]}{'CDHS'[SUIT[c]]}" in names for c in range(104))


def test_the_new_budget_and_switch_arguments_are_checked() -> None:
    """``max_memory`` is an int of bytes (or None), ``reductions`` a bool: anything else raises
    the library's argument errors."""
    game = make_game()
    s = game.position(reserve=["KS"], stock="", foundations={"F♠↑": 12, "F♠↓": 13})
    with pytest.raises(ArgumentTypeError, match="max_memory"):
        solve(game, s, max_memory=1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="max_memory"):
        solve(game, s, max_memory=-1)
    with pytest.raises(ArgumentTypeError, match="reductions"):
        solve(game, s, reductions=1)  # type: ignore[arg-type]

"""The double-dummy solver (:mod:`cardrules.solver`) against a plain minimax written here.

The reference below knows nothing of the solver: it walks every legal action with the game's
``legal_actions``/``apply`` (no transposition table, no equal cards, no pruning) and scores a
finished hand from its hand report (``HandReport.points``, the game's own account of E15, R21/R22,
V22-V25). Seeded endings of every preset of Euchre, Rook and Voormsi, single hands and hands of a
match on a score sheet near its end, are solved both ways and must agree on every action's value.
"""

from __future__ import annotations

import doctest
import random
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import ArgumentError, ArgumentTypeError, get_game
from cardrules.perft import deal, endgame
from cardrules.solver import (
    DoubleDummyResult,
    DoubleDummySolver,
    SolverError,
    SolverLimitError,
    solve_double_dummy,
)

PRESETS = [
    (name, preset)
    for name in ("euchre", "rook", "voormsi")
    for preset in type(get_game(name).rules).PRESETS
]
SCORES = {"euchre": (8, 9), "rook": (280, 250), "voormsi": (7, 8, 6)}
"""Match scores near the target: a hand of a match then ends the game (E16, R23, V25 bust)."""


def sides_of(game: Any) -> tuple[int, ...]:
    """Partners opposite (E1, R1, V1); in Voormsi's two- and three-player games each plays alone
    (V26, V27)."""
    if game.name == "voormsi" and game.num_players != 4:
        return tuple(range(game.num_players))
    return tuple(seat % 2 for seat in range(game.num_players))


def plays(game: Any, state: Any) -> list[Any]:
    """The seat to move's card plays; in revoke mode (E17, R24) those that record no new revoke."""
    actions = list(game.legal_actions(state))
    if not getattr(game.rules, "renege_mode", False):
        return actions
    count = len(state.revokes)
    return [
        a
        for a in actions
        if game.format_action(a).startswith("play ") and len(game.apply(state, a).revokes) <= count
    ]


def reference(game: Any, state: Any, hero: int, sides: tuple[int, ...]) -> int:
    """Plain minimax: ``hero``'s hand points minus the best other side's, the others against it."""
    if state.phase != "play":
        points: tuple[int, ...] = game.hand_report(state).points
        return points[hero] - max(p for side, p in enumerate(points) if side != hero)
    values = [reference(game, game.apply(state, a), hero, sides) for a in plays(game, state)]
    return max(values) if sides[state.to_move] == hero else min(values)


def endings(game: Any, rng: random.Random, count: int, cards: int) -> list[Any]:
    """``count`` seeded states of the card play with at most ``cards`` cards still to play
    (hands and stock): single hands, from the start or near the target, and hands of a match
    near its target, from random playouts."""
    found: list[Any] = []
    while len(found) < count:
        dealer = rng.randrange(game.num_players)
        scores = SCORES[game.name][: len(set(sides_of(game)))]
        kind = rng.randrange(3)
        if kind == 0:
            start = game.new_hand(dealer=dealer)
        elif kind == 1:
            start = game.new_hand(dealer=dealer, scores=scores)
        else:  # a hand of a match: it ends on the next deal's shuffle, or the match's end
            start = game.new_match(scores=scores, dealer=dealer)
        state = endgame(game, deal(game, start, rng), rng, rng.randint(1, 2 * cards))
        left = sum(bin(h).count("1") for h in state.hands) + len(getattr(state, "stock", ()))
        if state.phase == "play" and left <= cards:
            found.append(state)
    return found


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_values_agree_with_plain_minimax_on_endings(name: str, preset: str) -> None:
    """E15, R21/R22, V22-V25: every action's double-dummy value is the plain minimax's."""
    game: Any = get_game(name, preset=preset)
    sides = sides_of(game)
    rng = random.Random(f"{name}/{preset}")
    for state in endings(game, rng, 100, 9 if name != "voormsi" or game.num_players == 4 else 8):
        result = solve_double_dummy(game, state)
        hero = sides[state.to_move]
        expected = [
            (a, reference(game, game.apply(state, a), hero, sides)) for a in plays(game, state)
        ]
        assert list(result.values) == expected, game.position_text(state)
        assert result.value == max(v for _, v in expected)
        assert result.side == hero and result.seat == state.to_move


@pytest.mark.parametrize("name", ["euchre", "rook"])
def test_longer_endings_with_equal_cards_agree(name: str) -> None:
    """Three tricks to go: the equal cards (E9 bowers, R4 counters, R16 the Bird never an equal)
    and the transposition table at work, against the plain minimax."""
    game: Any = get_game(name)
    sides = sides_of(game)
    rng = random.Random(name)
    for state in endings(game, rng, 12, 12):
        result = solve_double_dummy(game, state)
        hero = sides[state.to_move]
        for action, value in result.values:
            assert value == reference(game, game.apply(state, action), hero, sides)


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_the_principal_line_reaches_the_value(name: str, preset: str) -> None:
    """The line is played through ``apply`` to the end of the hand and scores the value, and each
    of its actions is a best action where it is played."""
    game: Any = get_game(name, preset=preset)
    sides = sides_of(game)
    rng = random.Random(f"line {name}/{preset}")
    for state in endings(game, rng, 6, 14 if name != "voormsi" else 10):
        result = solve_double_dummy(game, state)
        hero = sides[state.to_move]
        now = state
        for action in result.line:
            here = solve_double_dummy(game, now)
            assert action in here.best
            now = game.apply(now, action)
        assert now.phase != "play"
        points = game.hand_report(now).points
        assert points[hero] - max(p for s, p in enumerate(points) if s != hero) == result.value


TALLIED = [(name, preset) for name, preset in PRESETS if name != "voormsi"]


@pytest.mark.parametrize(("name", "preset"), TALLIED)
def test_the_tally_search_agrees_with_the_points_search(name: str, preset: str) -> None:
    """E15, R21/R22: Euchre and Rook search the rest of a hand on the tricks or counters one side
    takes (a table that ignores what was taken before); the values and lines are those of the
    search on the hand's points (checked against the plain minimax above) on longer endings,
    where the tables meet transpositions."""
    game: Any = get_game(name, preset=preset)
    rng = random.Random(f"tally {name}/{preset}")
    points_solver = DoubleDummySolver(game)
    points_solver.profile.tallied = lambda state: False  # type: ignore[method-assign]
    tallied = 0
    if game.rules.renege_mode:
        # Random play in revoke mode records revokes at once: strict endings, read in this game.
        strict: Any = get_game(name)
        states = [
            game.parse_position(strict.position_text(s)) for s in endings(strict, rng, 10, 16)
        ]
    else:
        states = endings(game, rng, 10, 16)
    for state in states:
        tallied += DoubleDummySolver(game).profile.tallied(state)
        result = solve_double_dummy(game, state)
        assert result.values == points_solver.solve(state).values, game.position_text(state)
        now = state
        for action in result.line:
            now = game.apply(now, action)
        points = game.hand_report(now).points
        assert points[result.side] - points[1 - result.side] == result.value
    assert tallied  # the tally search ran (positions with a recorded revoke do not use it)


@pytest.mark.parametrize("name", ["euchre", "rook"])
def test_a_recorded_revoke_is_searched_on_points(name: str) -> None:
    """E17, R24: a recorded revoke changes the score whatever the tricks or counters, so such a
    position is searched on the hand's points."""
    game: Any = get_game(name, preset="table_play")
    profile = DoubleDummySolver(game).profile
    seen = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = deal(game, game.new_hand(dealer=0), rng)
        while state.phase != "play" and game.legal_actions(state):
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        while state.phase == "play" and not state.revokes:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        if state.phase == "play":
            seen += 1
            assert not profile.tallied(state)
    assert seen


def test_a_solver_reused_across_deals_gives_fresh_answers() -> None:
    """The table kept between solves is cleared when the deal changes (another trump, hands)."""
    for name in ("euchre", "rook", "voormsi"):
        game: Any = get_game(name)
        solver = DoubleDummySolver(game)
        rng = random.Random(3)
        for state in endings(game, rng, 30, 12):
            assert solver.solve(state).values == solve_double_dummy(game, state).values


def test_a_line_analysed_position_by_position_keeps_its_value() -> None:
    """Solving each position of the principal line with one solver (the analysis of a hand)
    gives the same value, seen from each mover's side."""
    game = get_game("euchre")
    rng = random.Random(5)
    state = deal(game, game.new_hand(dealer=0), rng)
    while state.phase != "play":
        state = game.apply(state, game.legal_actions(state)[0])
    solver = DoubleDummySolver(game)
    result = solver.solve(state)
    now = state
    for action in result.line[:-1]:
        now = game.apply(now, action)
        again = solver.solve(now)
        seat = game.to_move(now)
        assert seat is not None
        side = solver.side_of(seat)
        assert again.value == (result.value if side == result.side else -result.value)


@pytest.mark.parametrize("name", ["euchre", "rook"])
def test_revoke_mode_is_solved_as_strict_play(name: str) -> None:
    """E17, R24: in revoke mode the plays that would record a revoke are not searched; the values
    are those of the strict game for the same cards."""
    table: Any = get_game(name, preset="table_play")
    strict: Any = get_game(name)
    checked = 0
    for seed in range(200):
        rng = random.Random(seed)
        s1 = deal(strict, strict.new_hand(dealer=0), rng)
        s1 = endgame(strict, s1, rng, 10)
        if s1.phase != "play":
            continue
        s2 = table.parse_position(strict.position_text(s1))
        offered = {table.format_action(a) for a in table.legal_actions(s2)}
        solved = [table.format_action(a) for a, _ in solve_double_dummy(table, s2).values]
        expected = [strict.format_action(a) for a in strict.legal_actions(s1)]
        assert solved == expected
        assert [v for _, v in solve_double_dummy(table, s2).values] == [
            v for _, v in solve_double_dummy(strict, s1).values
        ]
        checked += len(offered) > len(expected)
    assert checked  # some of these positions offered a revoke


def test_equal_cards_get_one_value() -> None:
    """E9: the A♣ and the left bower J♠ (clubs trump, the J♣ in another hand above both) are
    equal for the rest of the hand; the Q♦ is not."""
    game = get_game("euchre")
    state = game.parse_position(
        "play hand dealer=0 scores=0,0 hands=AC,QD,JS/10H,AS/10D,KS/JC,9S up=AC "
        "kitty=QC,KC,AD calls=order discard=10C tricks=1:QH,9H,KH,AH/0:9D,9C,JD,KD "
        "trick=1:JH,QS,10S"
    )
    result = solve_double_dummy(game, state)
    assert [(game.format_action(a), v) for a, v in result.values] == [
        ("play AC", 2),
        ("play QD", -1),
        ("play JS", 2),
    ]
    assert [game.format_action(a) for a in result.best] == ["play AC", "play JS"]
    assert result.value_of(result.values[1][0]) == -1
    with pytest.raises(ArgumentError, match="not one of the solved actions"):
        result.value_of("play 9H")
    assert isinstance(result, DoubleDummyResult) and result.nodes > 0


def test_bad_arguments_are_refused() -> None:
    euchre = get_game("euchre")
    rng = random.Random(1)
    dealt = deal(euchre, euchre.new_hand(dealer=0), rng)
    with pytest.raises(ArgumentTypeError, match="must be a cardrules game"):
        solve_double_dummy("euchre", dealt)
    with pytest.raises(
        SolverError, match=r"solver_profile\(\) \(euchre, rook, voormsi .*not tournament"
    ):
        DoubleDummySolver(get_game("tournament"))
    with pytest.raises(ArgumentTypeError):
        solve_double_dummy(get_game("rook"), dealt)
    with pytest.raises(SolverError, match=r"starts in the card play.*bidding phase"):
        solve_double_dummy(euchre, dealt)
    over = endgame(euchre, dealt, rng, 0)
    with pytest.raises(SolverError, match="over phase"):
        solve_double_dummy(euchre, over)
    playing = endgame(euchre, dealt, random.Random(2), 12)
    assert playing.phase == "play"
    for bad in (0, -3, 2.5, True, "9"):
        with pytest.raises(ArgumentError, match="node_limit"):
            solve_double_dummy(euchre, playing, node_limit=bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        DoubleDummySolver(euchre).side_of(True)


def test_the_node_limit_stops_the_search() -> None:
    game = get_game("voormsi")
    state = deal(game, game.new_hand(dealer=0), random.Random(4))
    with pytest.raises(SolverLimitError, match="node limit") as caught:
        solve_double_dummy(game, state, node_limit=500)
    assert caught.value.limit == 500 and caught.value.nodes == 501


def test_the_analysis_page_examples_run() -> None:
    """The doctest blocks of docs/analysis.rst, with the names Sphinx's doctest setup gives them."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "analysis.rst").read_text("utf-8")
    blocks = re.findall(r"\.\. doctest::\n\n((?:   .*\n|\n)+)", text)
    assert blocks
    source = "\n".join(textwrap.dedent(block) for block in blocks)
    names: dict[str, Any] = {name: getattr(cardrules, name) for name in cardrules.__all__}
    test = doctest.DocTestParser().get_doctest(source, names, "analysis.rst", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4

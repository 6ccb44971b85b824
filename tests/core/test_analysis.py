"""Analysis for people (issue 31, item 2): each card play of a finished hand marked with its
double-dummy cost — ``cardrules.solver.analyse_steps``, ``Table.analyse()`` and ``cardrules replay
--analyse``. Omniscient by nature: it runs on records and states, never for a seat in play.

The costs are checked against the solver's own values at each position, and a play chosen to be
the worst at a position is marked with exactly the value it gave away.
"""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path
from typing import Any

import pytest

from cardrules import Table, get_game
from cardrules.errors import ArgumentError
from cardrules.solver import PlayAnalysis, analyse_steps, solve_double_dummy


def _finished(name: str, seed: int, pick: str = "first") -> Table[Any, Any, Any]:
    table = Table(get_game(name), start="hand", dealer=seed % 4, rng=random.Random(seed))
    rng = random.Random(seed)
    while not table.is_over:
        legal = table.legal_actions()
        table.push(legal[0] if pick == "first" else legal[rng.randrange(len(legal))])
    return table


@pytest.mark.parametrize("seed", range(4))
def test_each_euchre_play_is_marked_with_what_it_gave_away(seed: int) -> None:
    table = _finished("euchre", seed, pick="random")
    marks = table.analyse()
    game, state = table.game, table.start_state
    plays, probe = 0, state
    for seat, action in table.steps:  # the card plays of the hand (a lone hand has fewer)
        plays += probe.phase == "play" and game.to_move(probe) == seat
        probe = game.apply(probe, action, seat=None if game.to_move(probe) == seat else seat)
    assert len(marks) == plays and all(isinstance(m, PlayAnalysis) and m.analysed for m in marks)
    by_step = {m.step: m for m in marks}
    for number, (seat, action) in enumerate(table.steps):
        if number in by_step:
            mark = by_step[number]
            result = solve_double_dummy(game, state)
            assert mark.value == result.value_of(action) and mark.best_value == result.value
            assert mark.cost == result.value - mark.value and mark.cost >= 0
            assert (mark.cost == 0) == (action in result.best)
        state = game.apply(state, action, seat=None if game.to_move(state) == seat else seat)


def test_a_worst_play_is_marked_with_exactly_its_cost() -> None:
    game = get_game("euchre")
    table = _finished("euchre", 11)
    # Replay to the first card play where the plays differ in value, and play the worst there.
    state, steps = table.start_state, []
    for seat, action in table.steps:
        if game.to_move(state) == seat and state.phase == "play":
            result = solve_double_dummy(game, state)
            worst, low = min(result.values, key=lambda pair: pair[1])
            if low < result.value:
                steps.append((seat, worst))
                (mark,) = analyse_steps(game, table.start_state, steps)[-1:]
                assert mark.action == worst and mark.cost == result.value - low > 0
                assert mark.best == result.best
                return
        steps.append((seat, action))
        state = game.apply(state, action)
    pytest.skip("no play of this deal changes the result")


def test_too_deep_positions_are_listed_unanalysed_not_waited_for() -> None:
    table = next(
        t for t in (_finished("rook", seed, pick="random") for seed in range(20)) if t.state.tricks
    )
    marks = analyse_steps(table.game, table.start_state, table.steps, node_limit=1)
    early = marks[0]  # the hand's first card: far past one position
    assert not early.analysed and early.value is None and early.best == ()
    assert marks[-1].analysed  # the last card: one position, within the limit


def test_bad_arguments_are_refused() -> None:
    table = _finished("euchre", 1)
    with pytest.raises(ArgumentError, match="node_limit"):
        table.analyse(node_limit=0)


def _cli(*args: str, cwd: Path) -> tuple[int, str, str]:
    from cardrules.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(cwd), contextlib.redirect_stderr(err):
        code = main(list(args), stdin=io.StringIO(""), stdout=out)
    return code, out.getvalue(), err.getvalue()


def test_replay_analyse_marks_each_card_play(tmp_path: Path) -> None:
    code, _, err = _cli("watch", "euchre", "--hand", "--seed", "5", "--quiet",
                        "--record", "g.json", cwd=tmp_path)  # fmt: skip
    assert code == 0, err
    code, out, err = _cli("replay", "g.json", "--quiet", "--analyse", cwd=tmp_path)
    assert code == 0, err
    lines = [line for line in out.splitlines() if ": best" in line or ": -" in line]
    assert len(lines) == 20
    assert "20 card plays, 20 analysed" in out


def test_replay_analyse_of_the_patience_says_what_it_covers(tmp_path: Path) -> None:
    code, _, err = _cli("watch", "tournament", "--seed", "1", "--quiet",
                        "--record", "p.json", cwd=tmp_path)  # fmt: skip
    assert code == 0, err
    code, _, err = _cli("replay", "p.json", "--quiet", "--analyse", cwd=tmp_path)
    assert code != 0 and "--analyse" in err and "Traceback" not in err


def test_replay_analyse_is_refused_for_one_seats_view(tmp_path: Path) -> None:
    """The marks come from every hand: with ``--seat`` they would show that seat more than its
    view holds, so the two are refused together."""
    code, _, err = _cli("watch", "euchre", "--hand", "--seed", "5", "--quiet",
                        "--record", "g.json", cwd=tmp_path)  # fmt: skip
    assert code == 0, err
    code, out, err = _cli("replay", "g.json", "--seat", "1", "--analyse", cwd=tmp_path)
    assert code != 0 and "not with --seat" in err and "best" not in out

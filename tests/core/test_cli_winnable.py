"""``cardrules play tournament --winnable``: the seed it deals, proved winnable, replayable."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from cardrules.cli import main
from cardrules.games.tournament import make_game
from cardrules.games.tournament.winnable import seeded_deal, winnable_deal
from cardrules.records import GameRecord, replay_steps


def play(*args: str, stdin: str = "resign\n") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(["--no-color", "play", *args], stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue(), err.getvalue()


def test_winnable_deals_the_first_proved_seed_from_seed(tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    status, out, err = play("tournament", "--winnable", "--seed", "0", "--record", str(record_path))
    assert status == 0, err
    found = winnable_deal(make_game(), 0)
    said = re.search(r"Winnable deal: the solver found a win \((\d+) deal\(s\) tried\)", out)
    assert said is not None and int(said[1]) == len(found.tries)
    # The seed is told when the game ends, not before: it would show the hidden cards.
    intro = out.split("Type help for commands.", 1)[0]
    assert "Seed" not in intro and "seed 0" not in intro
    assert f"Seed {found.seed}: --seed {found.seed} deals this game again." in out
    record = GameRecord.from_json(record_path.read_text(encoding="utf-8"))
    steps = list(replay_steps(record))
    dealt = steps[len(found.chance_steps) - 1].after
    assert dealt == found.state == seeded_deal(make_game(), found.seed)[0]
    assert steps[-1].after.result == "resigned"


def test_the_printed_seed_replays_the_same_deal_without_the_flag() -> None:
    _, winnable_out, _ = play("tournament", "--winnable", "--seed", "5")
    said = re.search(r"Seed (\d+): --seed \d+ deals this game again", winnable_out)
    assert said is not None
    _, plain_out, _ = play("tournament", "--seed", said[1])

    def first_layout(out: str) -> str:
        return out.split("Type help for commands.\n", 1)[1].split("Your action")[0]

    assert "T1 " in first_layout(plain_out)
    assert first_layout(winnable_out) == first_layout(plain_out)


def test_winnable_errors_are_messages() -> None:
    status, _, err = play("euchre", "--winnable", "--hand")
    assert status == 2 and "euchre cannot deal winnable games" in err
    status, _, err = play("tournament", "--winnable", "--seed", "-1")
    assert status == 2 and "seed must be 0 or more, not -1" in err

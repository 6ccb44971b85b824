"""A whole hand of each shipped game played through ``cardrules play``, bad input included."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from cardrules.cli import main

SCRIPTS = {
    "euchre": "help\nxyzzy\n999\nplay 2C\n" + "1\n" * 400,
    "rook": "help\nbid 65\n999\n" + "1\n" * 400,
    "voormsi": "help\nlead 9C 8D\n999\n" + "1\n" * 400,
    "tournament": "help\nT9>R1\n999\n" + "1\n" * 15 + "resign\n",
}


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_play_a_hand_of_every_game(game: str, tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    record = tmp_path / f"{game}.json"
    with contextlib.redirect_stderr(err):
        status = main(
            [
                "--no-color",
                "play",
                game,
                "--hand",
                "--bots",
                "random",
                "--seed",
                "4",
                "--record",
                str(record),
            ],
            stdin=io.StringIO(SCRIPTS[game]),
            stdout=out,
        )
    text = out.getvalue()
    assert status == 0, err.getvalue()
    assert "Commands:" in text
    assert "Cannot read that" in text or "Not allowed" in text
    assert "Choose a number from 1 to" in text
    assert "Game over" in text
    assert "Traceback" not in text + err.getvalue()
    data = json.loads(record.read_text())
    assert data["game"] == game and data["actions"]
    assert main(["--no-color", "replay", str(record)], stdout=io.StringIO()) == 0


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_watch_and_rules_of_every_game(game: str) -> None:
    out = io.StringIO()
    assert (
        main(["--no-color", "watch", game, "--hand", "--bots", "random", "--seed", "2"], stdout=out)
        == 0
    )
    assert "Game over" in out.getvalue()
    rules = io.StringIO()
    assert main(["rules", game], stdout=rules) == 0
    assert "=" in rules.getvalue()

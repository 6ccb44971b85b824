"""The ``cardrules`` command, driven end to end in a subprocess with scripted input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ["--plugin", "whist=cardrules_whist:make_game"]


def run(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *PLUGIN, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd or ROOT / "examples" / "whist_plugin",
        env=env,
        timeout=120,
        check=False,
    )


def test_list_shows_plugins() -> None:
    result = run("list")
    assert result.returncode == 0
    assert "whist" in result.stdout


def test_rules_lists_options_and_presets() -> None:
    result = run("rules", "whist", "--rules", "target=9")
    assert result.returncode == 0
    assert "target = 9   (default 5)" in result.stdout
    assert "long_whist" in result.stdout


def test_play_a_whole_hand_with_bad_input(tmp_path: Path) -> None:
    record = tmp_path / "hand.json"
    answers = "help\nxyzzy\n99\nplay 2C\n" + "1\n" * 13
    result = run(
        "play",
        "whist",
        "--hand",
        "--bots",
        "random",
        "--seed",
        "3",
        "--record",
        str(record),
        stdin=answers,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Commands:" in out
    assert "Cannot read that" in out
    assert "Choose a number from 1 to" in out
    assert "Not allowed: W4" in out
    assert out.count("you: play") == 13
    assert "Game over" in out
    assert "Traceback" not in out + result.stderr
    data = json.loads(record.read_text())
    assert data["game"] == "whist" and len(data["actions"]) == 2 + 52

    replayed = run("replay", str(record))
    assert replayed.returncode == 0
    assert "Game over" in replayed.stdout


def test_play_quit_and_end_of_input() -> None:
    assert "Bye." in run("play", "whist", "--bots", "random", "--seed", "1", stdin="q\n").stdout
    assert "Bye." in run("play", "whist", "--bots", "random", "--seed", "1", stdin="").stdout


def test_watch_narrates_a_match() -> None:
    result = run("watch", "whist", "--bots", "random", "--seed", "2")
    assert result.returncode == 0
    assert "seat 1: play" in result.stdout and "Game over" in result.stdout


def test_simulate_json_and_table() -> None:
    result = run(
        "simulate", "whist", "--games", "6", "--bots", "random", "--seed", "1", "--json", "--hand"
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["completed"] == 6 and data["game"] == "whist"
    table = run("simulate", "whist", "--games", "4", "--jobs", "2", "--bots", "random")
    assert "team 0" in table.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rules", "nosuchgame"), "no game called"),
        (("rules", "whist", "--rules", "colour=red"), "unknown WhistRules option"),
        (("rules", "whist", "--rules", "oops"), "key=value"),
        (("play", "whist", "--seat", "7"), "--seat"),
        (("play", "whist", "--bots", "heuristic"), "no heuristic bot"),
        (("simulate", "whist", "--games", "1", "--bots", "random", "random"), "1 or 4"),
        (("replay", "/nonexistent/file.json"), "No such file"),
    ],
)
def test_errors_are_messages_not_tracebacks(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_bad_plugin_spec() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "--plugin", "oops", "list"],
        capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2 and "NAME=module:factory" in result.stderr


def test_in_process_main_with_ismcts_bots(capsys: pytest.CaptureFixture[str]) -> None:
    import io

    sys.path.insert(0, str(ROOT / "examples" / "whist_plugin"))
    from cardrules.cli import main

    status = main(
        [
            *PLUGIN,
            "watch",
            "whist",
            "--hand",
            "--bots",
            "ismcts",
            "--iterations",
            "5",
            "--seed",
            "4",
        ],
        stdout=io.StringIO(),
    )
    assert status == 0

"""The ``cardrules`` command, driven end to end in a subprocess with scripted input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ["--plugin", "whist=cardrules_whist:make_game"]


@attrs.frozen
class Result:
    returncode: int
    stdout: str
    stderr: str


def run(*args: str, stdin: str = "", cwd: Path | None = None) -> Result:
    """Run the command in this process (so that coverage sees it) with scripted input."""
    import contextlib

    from cardrules.cli import main

    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    os.chdir(cwd or ROOT / "examples" / "whist_plugin")
    try:
        with contextlib.redirect_stderr(err):
            code = main([*PLUGIN, *args], stdin=io.StringIO(stdin), stdout=out)
    finally:
        os.chdir(old)
    return Result(code, out.getvalue(), err.getvalue())


def run_process(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``python -m cardrules`` as a separate process, as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *PLUGIN, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT / "examples" / "whist_plugin",
        env={**os.environ, "NO_COLOR": "1"},
        timeout=300,
        check=False,
    )


def test_list_shows_plugins() -> None:
    result = run_process("list")
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
    assert "Not allowed: play 2C: rule W4 (" in out
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
        (
            ("simulate", "whist", "--games", "1", "--bots", "random", "random", "random"),
            "1, 2 or 4",
        ),
        (("replay", "/nonexistent/file.json"), "No such file"),
    ],
)
def test_errors_are_messages_not_tracebacks(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_bad_plugin_spec(capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules.cli import main

    assert main(["--plugin", "oops", "list"]) == 2
    assert "NAME=module:factory" in capsys.readouterr().err


def test_a_whole_hand_in_a_separate_process() -> None:
    result = run_process(
        "play", "whist", "--hand", "--bots", "random", "--seed", "5", stdin="1\n" * 13
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("you: play") == 13 and "Game over" in result.stdout


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


def test_replay_step_by_step(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    run(
        "play",
        "whist",
        "--hand",
        "--bots",
        "random",
        "--seed",
        "8",
        "--record",
        str(record),
        stdin="1\n" * 13,
    )
    stepped = run("replay", str(record), "--step", "--seat", "2", stdin="\n\nq\n")
    assert stepped.returncode == 0
    assert stepped.stdout.count("(Enter for the next step") == 3


def test_colour_rendering() -> None:
    from cardrules import get_deck
    from cardrules.cli.render import Style

    deck = get_deck("rook41")
    plain = Style(color=False).cards(deck.cardset("R5 G14 R"))
    assert plain == "R 5 | G 14 | Bird"
    coloured = Style(color=True).cards(get_deck("euchre24").cardset("9H AS"))
    assert "\x1b[31m" in coloured and "A" in coloured
    assert Style(color=True).card(get_deck("euchre24").cards[0]) == "9♣"

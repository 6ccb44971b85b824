"""A newcomer's first hour with the ``cardrules`` command (issue #29, items 1, 2 and 4).

* every ``cardrules …`` command that README.md and the docs show runs as written;
* ``--bots`` takes a line-up repeated round the table;
* a list of actions too long to show (Rook's 2,002 burials, rules R13) is typed or picked card by
  card;
* errors name the action in notation and the rule that refuses it; help is the game's own; an empty
  line gets the prompt alone; a broken pipe ends quietly; every option has help; rule texts are
  plain text with their sources' addresses, and words find the rules that mention them.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardrules import CHANCE, IllegalActionError, get_game
from cardrules.bots import RandomBot
from cardrules.cli import _bots_for, build_parser, main
from cardrules.cli.choices import MENU_LIMIT, Choices
from cardrules.games.rook.actions import card_text
from cardrules.games.voormsi.game import stacked_deal

ROOT = Path(__file__).resolve().parents[2]
_COMMAND = re.compile(
    r"(?:^|&&\s*|\$\s+)(cardrules\s+(?:--|play|watch|simulate|rules|replay|list)[^`\n]*?)"
    r"(?=\s{2,}|$|`)"
)


@attrs.frozen
class Shown:
    """A ``cardrules`` command as the docs show it, and the folder it is run from."""

    where: str
    command: str
    cwd: str = ""


def _md_commands(text: str) -> Iterator[tuple[str, str]]:
    """(command, folder) of README's fenced code blocks and inline code spans."""
    for block in re.findall(r"```[^\n]*\n(.*?)```", text, re.S):
        yield from _block_commands(block.splitlines())
    for span in re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S)):
        yield from _block_commands([span])


def _rst_blocks(text: str) -> Iterator[list[str]]:
    """The lines of each literal block (after ``::`` or ``.. code-block::``) of an .rst text."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not (line.startswith(".. code-block::") or (line.endswith("::") and ".. " not in line)):
            continue
        while i < len(lines) and (not lines[i].strip() or lines[i].strip().startswith(":")):
            i += 1
        block = []
        while i < len(lines) and (not lines[i].strip() or lines[i].startswith(" ")):
            block.append(lines[i].strip())
            i += 1
        yield block


def _block_commands(lines: list[str]) -> Iterator[tuple[str, str]]:
    """The commands of one block, each with the folder a ``cd`` line before it moved to."""
    cwd = ""
    for line in lines:
        if line.startswith("cd "):
            cwd = line[3:].strip()
        for match in _COMMAND.finditer(line.strip()):
            yield match.group(1).strip(), cwd


def shown_commands() -> list[Shown]:
    """Every ``cardrules`` command in README.md (code blocks and inline code) and in the code
    blocks of the docs' pages."""
    found = [Shown("README.md", c, d) for c, d in _md_commands((ROOT / "README.md").read_text())]
    for path in sorted((ROOT / "docs").rglob("*.rst")):
        if "_build" in path.parts:
            continue
        for block in _rst_blocks(path.read_text(encoding="utf-8")):
            found += [Shown(str(path.relative_to(ROOT)), c, d) for c, d in _block_commands(block)]
    return found


def run(
    argv: list[str], stdin: str = "", cwd: Path | None = None, **hooks: Any
) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        with contextlib.redirect_stderr(err):
            status = main(["--no-color", *argv], stdin=io.StringIO(stdin), stdout=out, **hooks)
    finally:
        os.chdir(old)
    return status, out.getvalue(), err.getvalue()


# -- item 1: the commands of README and the docs run as written ----------------------------------


def test_the_commands_found_include_the_issues_examples() -> None:
    commands = {shown.command for shown in shown_commands()}
    assert "cardrules simulate rook --games 200 --jobs 2 --bots heuristic random" in commands
    assert "cardrules play euchre" in commands
    assert 'cardrules rules euchre "left bower"' in commands
    assert len(commands) >= 15


@pytest.fixture(scope="module")
def record_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with ``game.json``, the record the docs' ``replay`` commands read: a hand played
    with ``play --record``."""
    folder = tmp_path_factory.mktemp("docs")
    status, _, err = run(
        ["play", "euchre", "--hand", "--seed", "8", "--record", "game.json"], "1\n" * 60, folder
    )
    assert status == 0, err
    return folder


@pytest.mark.parametrize("shown", shown_commands(), ids=lambda s: f"{s.where}: {s.command}")
def test_every_command_shown_runs_as_written(shown: Shown, record_folder: Path) -> None:
    """Exit status 0 and no traceback; a command that asks for input is answered ``q``."""
    argv = shlex.split(shown.command)[1:]
    cwd = ROOT / shown.cwd if shown.cwd else record_folder
    status, out, err = run(argv, "q\n", cwd)
    assert status == 0, f"{shown.command}: {err}"
    assert "Traceback" not in out + err
    assert out.strip()


# -- item 1: --bots as a line-up ---------------------------------------------------------------


def test_two_bot_names_are_the_two_partnerships() -> None:
    bots = _bots_for(get_game("rook"), ["heuristic", "random"], 10)
    kinds = [type(bot) for bot in bots]
    assert kinds[1] is kinds[3] is RandomBot
    assert kinds[0] is kinds[2] is not RandomBot


def test_simulate_with_a_line_up_runs() -> None:
    status, out, err = run(
        ["simulate", "rook", "--games", "2", "--bots", "heuristic", "random", "--json"]
    )
    assert status == 0, err
    assert json.loads(out)["games"] == 2


@pytest.mark.parametrize(
    ("game", "names", "message"),
    [
        ("rook", 3, "--bots takes 1, 2 or 4 names for 4 seats"),
        ("tournament", 2, "--bots takes one name for 1 seat, not 2"),
    ],
)
def test_a_line_up_that_does_not_fit_is_refused_with_the_right_spelling(
    game: str, names: int, message: str
) -> None:
    status, out, err = run(["simulate", game, "--games", "1", "--bots", *["random"] * names])
    assert status == 2 and out == ""
    assert message in err
    if game == "rook":
        assert "--bots heuristic random seats heuristic at 0 and 2, random at 1 and 3" in err


# -- item 2: a long list of actions is typed or picked card by card (R13) ----------------------

# Seed 1, seat 0: the bots pass, "bid 120" wins the bid and the nest; the hand is then
# ``R8 R9 R11 R14 Y6 Y14 G7 G11 G13 B9 B12 B13 B14 Bird``: 2,002 ways to bury five.
_BURY = ["play", "rook", "--hand", "--seed", "1"]


def _numbered(text: str) -> list[str]:
    return re.findall(r"^  \d+\) (.*)$", text, re.M)


def _after_bid(out: str) -> str:
    return out.split("wins the bid at 120", 1)[1]


def test_R13_the_bury_is_not_listed_but_summed_up_and_typed_in_any_order() -> None:
    views: list[Any] = []
    status, out, err = run(_BURY, "bid 120\nbury Y6 G7 R8 R9 B9\nq\n", view_hook=views.append)
    assert status == 0, err
    burying = _after_bid(out).split("you: bury", 1)[0]
    assert "2,002 ways to bury (e.g. bury " in burying
    items = _numbered(burying)
    assert len(items) <= MENU_LIMIT
    # Each item is a card of the seat's own hand, nest included: nothing it may not see.
    hand = {card_text(card) for card in views[-1].hand} | {"Y6", "G7", "R8", "R9", "B9"}
    assert len(hand) == 14 and set(items) == hand
    assert "you: bury R8 R9 Y6 G7 B9\n" in out
    assert len(out.splitlines()) < 100


def test_R13_the_bury_picked_card_by_card_with_undo() -> None:
    answers = "bid 120\nY6\ng7\nundo\nB14\n1\nR9 bird\ndone\nq\n"
    status, out, err = run(_BURY, answers)
    assert status == 0, err
    burying = _after_bid(out)
    assert "Took G7 back." in burying
    assert "Your action (picked Y6 B14): " in burying
    assert "Your action (picked Y6 B14 R8 R9 Bird): " in burying
    # When the picks make a whole bury, it is offered first.
    last_list = burying.split("picked: Y6 B14 R8 R9 Bird", 1)[1]
    assert _numbered(last_list)[0] == "bury R8 R9 Y6 B14 Bird"
    assert "you: bury R8 R9 Y6 B14 Bird\n" in burying


def test_R13_a_card_that_cannot_be_picked_is_refused_and_nothing_is_picked() -> None:
    status, out, err = run(_BURY, "bid 120\nY6 Y10\ndone\nq\n")
    assert status == 0, err
    burying = _after_bid(out)
    assert "Y10 cannot be picked now" in burying
    assert "Pick a card first." in burying  # Y6 was not picked either


def test_V16_voormsi_groups_are_picked_card_by_card() -> None:
    """The same choices for any long list: a Voormsi lead of one to four Nines (V16), with the
    limit lowered so that its fifteen leads are not listed."""
    game = get_game("voormsi")
    state = game.apply(game.new_hand(dealer=3), stacked_deal(game, 3, {0: "9C 9H 9S 9D"}))
    options = [(a, None, game.format_action(a)) for a in game.legal_actions(state)]
    assert len(options) == 15
    menu = Choices(options, limit=10)
    assert menu.long
    assert menu.summary().startswith("15 ways to lead (e.g. lead 9C)")
    assert menu.pick_words(["lead", "9♥"]) is None
    assert [text for _, text in menu.items()] == ["lead 9H", "9C", "9D", "9S"]
    assert menu.pick_words(["9c"]) is None
    chosen = menu.done()
    assert chosen is not None and chosen[0] == game.parse_action("lead 9C 9H", state)
    assert Choices(options).long is False  # fifteen are listed whole


# -- item 4: errors, help, prompts -------------------------------------------------------------


def test_E7_naming_trump_in_the_play_phase_names_the_rule_and_the_action() -> None:
    """Seed 26, seat 3: the bidding is over before the seat's first turn."""
    status, out, err = run(
        ["play", "euchre", "--hand", "--seed", "26", "--seat", "3"], "name ♥\nq\n"
    )
    assert status == 0, err
    assert _numbered(out.split("Your action")[0])[0].startswith("play ")
    refusal = next(line for line in out.splitlines() if "Not allowed" in line)
    assert refusal.endswith(
        "Not allowed: rule E7 (second bidding round): name H is not an action of the play "
        "phase: the bidding is over, play a card"
    )
    assert "E13" not in refusal and "NameTrump" not in refusal and "Suit." not in refusal


@pytest.mark.parametrize(
    ("text", "rule"),
    [("name ♥", "E7"), ("order", "E6"), ("pass", "E6"), ("name ♠ alone", "E7")],
)
def test_E6_E7_a_bidding_action_in_the_play_phase_cites_its_own_rule(text: str, rule: str) -> None:
    """The engine's refusal (the root of the CLI's message): the rule that says when the action
    is taken, the action in notation, and the state untouched."""
    game = get_game("euchre")
    state = game.new_hand(dealer=None)
    rng = random.Random(3)
    while not any(game.format_action(a).startswith("play ") for a in _legal_or_none(game, state)):
        mover = game.to_move(state)
        legal = game.legal_actions(state) if mover != CHANCE else ()
        state = game.apply(state, game.sample_chance(state, rng) if not legal else legal[0])
    action = game.parse_action(text, state)
    with pytest.raises(IllegalActionError) as info:
        game.apply(state, action)
    assert info.value.rule == rule
    assert info.value.why.startswith(f"{game.format_action(action)} is not an action of the play")
    assert "(" not in info.value.why  # no repr of the action


def _legal_or_none(game: Any, state: Any) -> tuple[Any, ...]:
    return () if game.to_move(state) == CHANCE else tuple(game.legal_actions(state))


def test_an_empty_line_gets_the_prompt_alone() -> None:
    status, out, err = run(["play", "euchre", "--hand", "--seed", "26", "--seat", "3"], "\n\nq\n")
    assert status == 0, err
    assert out.count("Your hand") == 1
    assert out.count("Your action: ") == 3


def test_show_prints_the_table_again() -> None:
    status, out, err = run(["play", "euchre", "--hand", "--seed", "26", "--seat", "3"], "show\nq\n")
    assert status == 0, err
    assert out.count("Your hand") == 2
    assert "Cannot read that" not in out


def test_T_the_patience_help_is_its_own_and_tells_the_ascii_spelling() -> None:
    status, out, err = run(["play", "tournament", "--seed", "1"], "help\nq\n")
    assert status == 0, err
    assert '"play JH"' not in out and "other seats' cards" not in out
    assert 'in tournament\'s notation, e.g. "R4>F♥↑" (in ASCII "R4>FH+"), "deal"' in out
    assert "(actions can be typed in ASCII too: R4>FH+ for R4>F♥↑)" in out


def test_T_a_column_the_layout_lacks_is_named_with_the_layouts_columns() -> None:
    status, out, err = run(["play", "tournament", "--seed", "1"], "T9>R1\nT7>T1\nq\n")
    assert status == 0, err
    assert "not a pile: 'T9' (T1-T6, R1-R8, F♣↑ … F♠↓ or FC+ … FS-)" in out
    assert "not a pile: 'T7' (T1-T6," in out
    assert "T1-T8" not in out


def test_a_broken_pipe_ends_quietly_with_status_0() -> None:
    """``cardrules rules rook | head -2``: the reader is gone before the command writes."""
    read, write = os.pipe()
    os.close(read)  # no reader at all: the first write fails with EPIPE
    try:
        done = subprocess.run(
            [sys.executable, "-m", "cardrules", "rules", "rook"],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, "")


def test_a_broken_pipe_in_process_is_status_0() -> None:
    class Gone(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(["rules", "rook"], stdout=Gone())
    assert (status, err.getvalue()) == (0, "")


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_every_option_has_help() -> None:
    parser = build_parser()
    missing = [
        f"{name} {action.dest}"
        for name, sub in {"": parser, **_subparsers(parser)}.items()
        for action in sub._actions
        if not isinstance(action, argparse._SubParsersAction | argparse._HelpAction)
        and not action.help
    ]
    assert missing == []


def test_bots_help_says_what_a_line_up_means() -> None:
    text = _subparsers(build_parser())["simulate"].format_help()
    assert "--bots heuristic random" in " ".join(text.split())


# -- item 4: the rule book in the terminal -------------------------------------------------------


def test_V2_rule_text_is_plain_text() -> None:
    status, out, err = run(["rules", "voormsi", "V2"])
    assert status == 0, err
    assert "(deck voormsi36)" in out
    assert "``" not in out and ":class:" not in out


@pytest.mark.parametrize("game", ["euchre", "rook", "voormsi", "tournament"])
def test_no_rule_book_text_shows_markup(game: str) -> None:
    built: Any = get_game(game)  # GameBase's rule book, not the protocol's
    book = built.rulebook
    for rule in book:
        status, out, err = run(["rules", game, rule.id.value])
        assert status == 0, err
        assert not re.search(r"``|:[a-z]+:`|\*\*", out), out


def test_E13_sources_have_an_address_or_say_they_have_none_and_the_docs_page_is_named() -> None:
    status, out, err = run(["rules", "euchre", "E13"])
    assert status == 0, err
    assert "    Seed-E: the traditional rules text this implementation follows (Spanish)\n" in out
    assert "      (no web address)\n" in out
    assert (
        "  Docs: docs/games/euchre.rst, rule E13 (built: games/euchre.html#rule-euchre-e13)\n"
        in (out)
    )
    assert (ROOT / "docs" / "games" / "euchre.rst").is_file()


def test_E11_words_find_the_rules_that_mention_them() -> None:
    status, out, err = run(["rules", "euchre", "left bower"])
    assert status == 0, err
    assert out.startswith('euchre rules that mention "left bower"')
    ids = re.findall(r"^  (\w+) ", out, re.M)
    assert ids == ["E10", "E11", "E13"]
    assert "left bower" in out.lower().split("\n", 1)[1]


def test_words_no_rule_mentions_are_an_error_listing_the_ids() -> None:
    status, out, err = run(["rules", "euchre", "xyzzy"])
    assert status == 2 and out == ""
    assert err == (
        "cardrules: the euchre rules have no rule 'xyzzy' and no rule mentions it; "
        "their ids are E1-E17, D1-D8, EV1-EV5\n"
    )

"""The command's other doors: save during play, watch's omniscience, replay errors, NO_COLOR."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from cardrules import CHANCE, ChooseDealer, Deal, GameRecord, get_game, replay
from cardrules.cli import main
from cardrules.cli.narration import Narrator, cards_named, third_person
from cardrules.games.euchre import EuchreAction


def run(*args: str, stdin: str = "", stdout: io.StringIO | None = None) -> tuple[int, str, str]:
    out, err = stdout or io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(list(args), stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue(), err.getvalue()


# -- the seed ------------------------------------------------------------------------------------
def test_a_seed_the_player_did_not_give_is_told_only_at_the_end() -> None:
    """``watch --seed N`` shows every hand of seed N, so a seed drawn at random is told when the
    game ends (or on quit), not while it is played; a seed the player gave is said at once."""
    status, out, _ = run("--no-color", "play", "euchre", "--hand", stdin="1\n" * 60)
    assert status == 0
    intro, _, rest = out.partition("Type help for commands.")
    assert "Seed" not in intro
    said = re.search(r"Seed (\d+): --seed \1 deals this game again\.", rest)
    assert said is not None and rest.index(said[0]) > rest.index("won")
    again = run("--no-color", "play", "euchre", "--hand", "--seed", said[1], stdin="1\n" * 60)[1]
    assert again.startswith(f"euchre: you are seat 0. Seed {said[1]}. Type help for commands.")
    assert "deals this game again" not in again
    assert again.split("Type help for commands.", 1)[1] == rest.replace(said[0] + "\n", "")
    quit_out = run("--no-color", "play", "rook", stdin="q\n")[1]
    assert re.search(r"Seed \d+: --seed \d+ deals this game again\.\nBye\.", quit_out)


# -- save FILE during play ----------------------------------------------------------------------
def test_save_in_a_single_hand_is_refused_until_it_ends(tmp_path: Path) -> None:
    target = tmp_path / "x.json"
    status, out, _ = run(
        "--no-color",
        "play",
        "euchre",
        "--hand",
        "--seed",
        "2",
        stdin=f"save {target}\n" + "1\n" * 60,
    )
    assert status == 0
    assert "Nothing to save yet" in out and not target.exists()
    assert "save takes a file name" in run("play", "euchre", "--hand", stdin="save\nq\n")[1]


def test_save_during_a_match_keeps_only_finished_hands(tmp_path: Path) -> None:
    target = tmp_path / "match.json"
    status, out, _ = run(
        "--no-color", "play", "euchre", "--seed", "3", stdin=f"save {target}\n1\n" * 400
    )
    assert status == 0
    assert "Nothing to save yet" in out and "Record saved to" in out
    record = GameRecord.from_json(target.read_text(encoding="utf-8"))
    game = get_game("euchre")
    final = replay(record, game)
    # The record stops between two hands: its next step is the shuffle of the hand in progress.
    assert game.to_move(final) == CHANCE and not game.is_over(final)
    assert record.actions[-1][0] != CHANCE


def test_record_at_the_end_is_the_whole_game(tmp_path: Path) -> None:
    target = tmp_path / "all.json"
    status, _out, _ = run(
        "play", "euchre", "--hand", "--seed", "2", "--record", str(target), stdin="1\n" * 60
    )
    assert status == 0
    game = get_game("euchre")
    assert game.is_over(replay(GameRecord.from_json(target.read_bytes()), game))


def test_the_player_cannot_try_another_seats_turn() -> None:
    """At an out-of-turn prompt (here a Rook redeal request, R8) only the listed actions are
    tried: the engine's refusal of another seat's move could name that seat's cards."""
    prompts = 0
    for seed in range(1, 12):
        status, out, _ = run(
            "--no-color", "play", "rook", "--seed", str(seed), "--bots", "random",
            stdin="pass\n1\n" * 400,
        )  # fmt: skip
        assert status == 0
        answers = out.split("Enter to continue, or an out-of-turn action: ")[1:]
        for answer in answers:  # "pass" is refused unread; "1" takes the listed request
            assert answer.startswith(("Not your turn", "you: redeal")), answer[:80]
        prompts += sum(a.startswith("Not your turn") for a in answers)
        if prompts:
            break
    assert prompts, "a Rook match with random bots should offer a redeal request"


# -- watch and replay without a seat --------------------------------------------------------------
def test_watch_says_it_is_omniscient_and_shows_every_hand() -> None:
    status, out, _ = run(
        "--no-color", "watch", "euchre", "--hand", "--bots", "random", "--seed", "1"
    )
    assert status == 0
    assert "omniscient: every hand is shown" in out.splitlines()[0]
    for seat in range(4):
        assert f"   hand {seat}: " in out
    assert "-- chance: deal " in out


def test_replay_without_a_seat_is_an_omniscient_review(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    run("play", "rook", "--hand", "--seed", "11", "--record", str(target), stdin="1\n" * 300)
    status, out, _ = run("--no-color", "replay", str(target))
    assert status == 0 and "omniscient review" in out.splitlines()[0]
    assert re.search(r"\d\. seat [1-3]: bury ", out) and "   nest: " in out
    status, out, _ = run("--no-color", "replay", str(target), "--seat", "0")
    assert status == 0 and "buries five cards (face down)" in out
    assert not re.search(r"\d\. seat [1-3]: bury ", out)


# -- replay errors ------------------------------------------------------------------------------
def _one_line_error(status: int, err: str) -> str:
    assert status == 2
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardrules: "), err
    return lines[0]


def test_replay_of_a_binary_file(tmp_path: Path) -> None:
    target = tmp_path / "picture.json"
    target.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    line = _one_line_error(*run("replay", str(target))[::2])
    assert "not UTF-8" in line and str(target) in line


def test_replay_of_deeply_nested_json(tmp_path: Path) -> None:
    target = tmp_path / "deep.json"
    target.write_text("[" * 200_000 + "]" * 200_000)
    assert "nested too deeply" in _one_line_error(*run("replay", str(target))[::2])
    target.write_text('{"schema": 1, "metadata": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert "nested too deeply" in _one_line_error(*run("replay", str(target))[::2])


def test_replay_of_a_missing_file_or_a_directory(tmp_path: Path) -> None:
    assert "No such file" in _one_line_error(*run("replay", str(tmp_path / "nope.json"))[::2])
    _one_line_error(*run("replay", str(tmp_path))[::2])


@pytest.mark.parametrize("bad", ["play ZZ", "play 9C 9C", "", "bid 1000"])
def test_replay_names_the_step_that_fails(tmp_path: Path, bad: str) -> None:
    source = tmp_path / "good.json"
    run("play", "euchre", "--hand", "--seed", "2", "--record", str(source), stdin="1\n" * 60)
    data = json.loads(source.read_text(encoding="utf-8"))
    k = 6  # counted from 1, as replay lists the steps
    data["actions"][k - 1][1] = bad
    target = tmp_path / "bad.json"
    target.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run("--no-color", "replay", str(target))
    line = _one_line_error(status, err)
    assert f"step {k} ({bad!r} by seat {data['actions'][k - 1][0]})" in line
    assert f"{k - 1:>4}. " in out and f"{k:>4}. " not in out


def test_replay_seat_out_of_range(tmp_path: Path) -> None:
    source = tmp_path / "good.json"
    run("play", "euchre", "--hand", "--seed", "2", "--record", str(source), stdin="1\n" * 60)
    line = _one_line_error(*run("replay", str(source), "--seat", "4")[::2])
    assert "argument --seat: must be from 0 to 3" in line


# -- colour ---------------------------------------------------------------------------------------
class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("value", "coloured"), [(None, True), ("", True), ("1", False)])
def test_no_color_set_and_not_empty_disables_colour(
    monkeypatch: pytest.MonkeyPatch, value: str | None, coloured: bool
) -> None:
    if value is None:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", value)
    status, out, _ = run("watch", "euchre", "--hand", "--seed", "1", stdout=_Terminal())
    assert status == 0
    assert ("\x1b[31m" in out) is coloured
    assert "\x1b[" not in run("--no-color", "watch", "euchre", "--hand", stdout=_Terminal())[1]


# -- the narration helpers -------------------------------------------------------------------------
def test_cards_named_reads_objects_indices_and_text() -> None:
    game = get_game("euchre")
    deal = Deal(tuple(range(24)))
    assert cards_named(game, deal) == frozenset(game.deck.cards)
    assert {str(c) for c in cards_named(game, "x", "discard J♥ and 10S, not R5")} == {"JH", "10S"}
    assert third_person("order") == "orders" and third_person("lead") == "leads"


def test_a_dealer_who_discards_the_up_card_is_not_given_away() -> None:
    """Everybody saw the up-card, so the card the dealer discards is a known card; but nobody
    may know that it was that card: the view afterwards is the same whichever card went."""
    import random

    game = get_game("euchre")
    narrator = Narrator(game, 0)
    found = 0
    action: Deal | ChooseDealer | EuchreAction
    for seed in range(300):
        rng = random.Random(seed)
        state = game.new_hand(dealer=1)
        while not game.is_over(state) and found < 3:
            seat = game.to_move(state)
            if seat == CHANCE:
                action = game.sample_chance(state, rng)
            else:
                action = rng.choice(game.legal_actions(state))
            after = game.apply(state, action)
            text = game.format_action(action)
            if seat is not None and seat not in (CHANCE, 0):
                line = narrator.line(state, seat, action, after)
                if text.startswith("discard"):
                    assert line == "seat 1 discards a card (face down)"
                    found += text == f"discard {game.view(state, 0).upcard}"
                elif text.startswith("play"):
                    assert line == f"seat {seat}: {text}"
            state = after
        if found >= 3:
            break
    assert found >= 3, "random dealers should sometimes discard the up-card"

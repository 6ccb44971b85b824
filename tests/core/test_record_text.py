"""A record's text form (issue #29, item 6): tags, then the moves in the game's own notation, as
PGN is chess's; it reads back to the same record, and bad text names its line and move."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from cardrules import CHANCE, GameRecord, get_game, replay
from cardrules.cli import main
from cardrules.errors import RecordError
from cardrules.records import record_game, replay_steps
from cardrules.recordtext import read, read_any, write


def _played(game: Any, seed: int, *, out_of_turn: float = 0.0, hand: bool = False) -> GameRecord:
    """A record of random legal play from ``seed``; with ``out_of_turn`` the chance of taking an
    action another seat may take out of turn (a revoke claim or correction, a redeal request)."""
    rng = random.Random(seed)
    state = game.new_hand(dealer=None) if hand else game.new_match()
    steps: list[tuple[int, Any]] = []
    while (seat := game.to_move(state)) is not None and len(steps) < 2000:
        others = [
            (s, a) for s in range(game.num_players) for a in game.out_of_turn_actions(state, s)
        ]
        if others and rng.random() < out_of_turn:
            seat, action = rng.choice(others)
            state = game.apply(state, action, seat=seat)
        else:
            action = (
                game.sample_chance(state, rng)
                if seat == CHANCE
                else rng.choice(game.legal_actions(state))
            )
            state = game.apply(state, action)
        steps.append((seat, action))
    return record_game(game, steps, start="hand" if hand else "match")


GAMES = [
    ("euchre", {}),
    ("euchre", {"renege_mode": True, "farmers_hand": "mixed_four", "target_score": 5}),
    ("rook", {"renege_mode": True}),
    ("voormsi", {"target": 5}),
    ("tournament", {}),
]


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("seed", [0, 1])
def test_the_text_reads_back_to_the_same_record(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = get_game(name, **options)
    record = _played(game, seed, out_of_turn=0.3)
    text = write(record)
    again = read(text)
    assert again == record  # every field: rules, start, dealer, actions with seats, reports
    assert GameRecord.from_text(record.to_text()) == record
    assert replay(again) == replay(record)
    assert read_any(text) == record and read_any(record.to_json()) == record


def test_a_hand_is_a_dozen_lines_not_hundreds() -> None:
    """The complaint: a 30-action record was 347 lines of JSON. The text has the tags, the dealer
    draw, the shuffle, the bidding, a line per trick and the hand's score."""
    game = get_game("euchre")
    record = _played(game, 3, hand=True)
    lines = write(record).splitlines()
    tricks = [line for line in lines if line.startswith("play ")]
    assert len(tricks) == 5  # a line per trick, four plays each (three with a loner)
    assert all(line.count("play ") in (3, 4) for line in tricks)
    assert len(lines) < 20 < len(record.to_json(indent=1).splitlines())
    assert lines[0] == '[Game "euchre"]' and '[Start "hand"]' in lines
    assert re.fullmatch(r"\{hand 1: \w+, \+\d+ \+\d+ \[%score \d+ \d+\]\}", lines[-1])


def test_only_out_of_turn_actions_name_their_seat() -> None:
    """R24/E17: a revoke correction or claim is taken out of turn; the text writes its seat
    (``2: correct``), every other move is the seat to move's and carries none."""
    game = get_game("rook", renege_mode=True)
    for seed in range(20):
        record = _played(game, seed, out_of_turn=0.5, hand=True)
        marked = [
            (step.seat, record.actions[step.step - 1][1])
            for step in replay_steps(record, game)
            if step.seat != game.to_move(step.before)
        ]
        if marked:
            break
    else:
        pytest.fail("no out-of-turn action in 20 hands")
    text = write(record)
    for seat, notation in marked:
        assert f"{seat}: {notation}" in text
    moves = [m.strip() for line in text.splitlines()[1:] for m in line.split(",")]
    assert sum(1 for m in moves if re.match(r"\d+: ", m)) == len(marked)


def test_the_rules_tag_holds_the_options_that_differ_and_reads_back_exactly() -> None:
    game = get_game("euchre", target_score=5, farmers_hand="mixed_four", stick_the_dealer=False)
    record = record_game(game, [])
    text = write(record)
    rules = re.search(r'^\[Rules "(.*)"\]$', text, re.MULTILINE)
    assert rules is not None
    assert sorted(rules.group(1).split()) == [
        "farmers_hand=mixed_four",
        "stick_the_dealer=false",
        "target_score=5",
    ]
    assert read(text).rules == record.rules
    assert "[Rules" not in write(record_game(get_game("euchre"), []))


def test_metadata_tags_round_trip_whatever_their_values() -> None:
    """A tag value that reads as JSON is that value, so a text that would (``"5"``) is quoted;
    a key that cannot be a tag name goes into the ``Metadata`` tag."""
    metadata = {
        "Event": 'club "night" \\ 3',
        "Seed": 7,
        "Note": "5",
        "Flags": [1, "x", None],
        "two words": "ok",
        "Result": "mine",
        "Empty": "",
    }
    record = record_game(get_game("voormsi"), [], metadata=metadata)
    text = write(record)
    assert '[Seed "7"]' in text and '[Note "\\"5\\""]' in text
    assert '[Event "club \\"night\\" \\\\ 3"]' in text
    assert read(text).metadata == metadata


def test_comments_are_ignored_and_scores_in_them_checked() -> None:
    game = get_game("euchre")
    record = _played(game, 5, hand=True)
    text = write(record)
    noted = text.replace("\ndeal ", "\n; the shuffle\n{dealt by a bot} deal ", 1)
    assert read(noted) == record
    forged = re.sub(r"\[%score (\d+) (\d+)\]", lambda m: f"[%score {m[1]} {int(m[2]) + 1}]", text)
    with pytest.raises(RecordError, match=r"line \d+: \[%score .*\] is not the score after hand 1"):
        read(forged)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('[Game "euchre"]\n', ""), r"\[Game \"name\"\] among them"),
        (lambda t: t.replace('[Start "hand"]', "[Start hand]"), r"line 2: not a tag pair"),
        (lambda t: t.replace('[Start "hand"]', '[Start "deal"]'), r"line 2: .*match or hand"),
        (lambda t: t.replace('"hand"]', '"hand"]\n[Start "hand"]', 1), r"line 3: .*twice"),
        (
            lambda t: t.replace("play ", "play ZZ", 1),
            r"line \d+: 'play ZZ.*' \(step \d+, seat \d\)",
        ),
        (lambda t: t + "play 9H\n", r"line \d+: 'play 9H': the game is over"),
        (lambda t: t.replace("play ", "7: play ", 1), r"line \d+: '7: play .*': a seat must be"),
        (lambda t: t.replace("\ndeal ", "\n} deal ", 1), r"line \d+: a } closes no comment"),
        (lambda t: t.replace("}", "", 1), r"line \d+: a \{comment\} is never closed"),
        (lambda t: re.sub(r'Result "[^"]*"', 'Result "3:0"', t), r"line \d+: the Result tag says"),
        (lambda t: t.replace('"euchre"', '"euchre"]\n[Rules "target=5"', 1), r"cannot build"),
    ],
)
def test_bad_text_names_its_line_and_move(change: Any, message: str) -> None:
    record = _played(get_game("euchre"), 2, hand=True)
    with pytest.raises(RecordError, match=message):
        read(change(write(record)))


def test_reading_never_raises_anything_but_a_record_error() -> None:
    for bad in (b"\x89PNG\r\n", '[Game "nosuchgame"]', 3, '[Game "euchre"]\n\ndeal ,,, {'):
        with pytest.raises(RecordError):
            read(bad)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="nested too deeply"):
        read_any("[" * 100_000)  # a JSON array, not tags: the JSON reader's error


def _run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(list(args), stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue(), err.getvalue()


def test_watch_records_the_text_form_and_replay_reads_it(tmp_path: Path) -> None:
    """``watch`` had no ``--record``; it writes text unless the name ends in ``.json``."""
    text_file, json_file = tmp_path / "hand.cgn", tmp_path / "hand.json"
    for target in (text_file, json_file):
        status, out, _ = _run("watch", "voormsi", "--hand", "--seed", "1", "--record", str(target))
        assert status == 0 and f"Record saved to {target}" in out
    as_text = GameRecord.from_text(text_file.read_text(encoding="utf-8"))
    as_json = GameRecord.from_json(json_file.read_bytes())
    assert as_text == as_json
    assert as_text.metadata["Seed"] == 1 and as_text.metadata["Players"].count("heuristic") == 4
    assert json.loads(json_file.read_text(encoding="utf-8"))["schema"] == 1
    listed = [_run("--no-color", "replay", str(f), "--quiet")[1] for f in (text_file, json_file)]
    assert listed[0] == listed[1] and "Game over" in listed[0]


def test_play_records_the_text_form(tmp_path: Path) -> None:
    target = tmp_path / "game.cgn"
    status, _, _ = _run("play", "euchre", "--hand", "--seed", "2", "--record", str(target),
                        stdin="1\n" * 60)  # fmt: skip
    assert status == 0
    record = read(target.read_bytes())
    assert game_over(record) and record.metadata["Seed"] == 2
    assert record.metadata["Players"].split(", ")[0] == "human"


def game_over(record: GameRecord) -> bool:
    game = record.build_game()
    return bool(game.is_over(replay(record, game)))

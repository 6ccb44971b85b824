"""Issue #17's done-criterion: ``cardrules play`` tells trick winners, hand results and the match
result in words, and what it tells agrees with the game's own ``hand_report``.

Each game is played through ``cardrules.cli.main`` with scripted input (bots at the other seats,
a fixed seed) and ``--record``; the record is then replayed to get every state, and each hand's
report is compared with what the transcript said: the contract, every trick's winner (and its
counters in Rook), each scoring item, the score, and finally the outcome. ``--quiet`` and
``--svg`` are checked here too; the information-leak checks of the narration are in
``test_cli_transcripts.py``.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from cardrules import get_game
from cardrules.cli import main
from cardrules.cli.talk import suit_words
from cardrules.games.tournament import TournamentGame
from cardrules.records import GameRecord, replay_steps

_TRICK = re.compile(
    r"^\* Seat (?P<winner>\d+)(?: \(you\))? wins (?:trick (?P<n>\d+)|the last trick \((?P<last>\d+)\))"
    r"(?: with (?P<cards>[^—]+?))?(?: and (?P<points>\d+) points?|, no counters)?"
    r"(?: \(\d+ units\))? — ",
    re.MULTILINE,
)
_HEAD = re.compile(r"^== (?:Hand (?P<hand>\d+)|The game)(?P<rest>.*)$", re.MULTILINE)


def run(argv: Sequence[str], answers: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stderr(io.StringIO()):
        status = main(["--no-color", *argv], stdin=io.StringIO(answers), stdout=out)
    return status, out.getvalue()


def reports_of(game: Any, record: GameRecord) -> tuple[list[Any], Any]:
    """Every hand report of the recorded game, in order, and the last state."""
    reports: list[Any] = []
    state = record.start_state(game)
    for step in replay_steps(record, game):
        state = step.after
        report = game.hand_report(state)
        if report is not None and (not reports or report != reports[-1]):
            reports.append(report)
    return reports, state


def side_values(text: str, me: int | None, sides: int) -> list[int]:
    """``us 3, them 7`` (``me``'s side first) or ``team 0 3, team 1 7`` as values per side."""
    values = [0] * sides
    for name, value in re.findall(r"(us|them|you|team \d+|seat \d+) (-?\d+)", text):
        if name in ("us", "you"):
            assert me is not None
            side = me % sides
        elif name == "them":
            assert me is not None
            side = 1 - me % sides
        else:
            side = int(name.split()[1])
        values[side] = int(value)
    return values


def play_recorded(
    game_name: str, seed: int, seat: int, tmp_path: Path, bots: str = "heuristic"
) -> tuple[str, Path]:
    record = tmp_path / f"{game_name}.json"
    argv = ["play", game_name, "--seed", str(seed), "--seat", str(seat), "--record", str(record)]
    argv += ["--bots", bots]
    # The patience's first move may go round in circles: resign if the game is not over by then.
    answers = "1\n" * 400 + "resign\n" if game_name == "tournament" else "1\n" * 4000
    status, text = run(argv, answers)
    assert status == 0 and record.exists()
    return text, record


def check_transcript(text: str, game_name: str, record_path: Path, me: int | None) -> int:
    """Check ``text`` hand by hand against the reports of the recorded game; the hands told."""
    game = get_game(game_name)
    record = GameRecord.from_json(record_path.read_text(encoding="utf-8"))
    reports, final = reports_of(game, record)
    heads = list(_HEAD.finditer(text))
    assert len(heads) == len(reports)
    start = 0
    for head, report in zip(heads, reports, strict=True):
        sides = len(report.points)
        before = text[start : head.start()]
        block_end = text.find("\n", text.find("   score:", head.end()))
        block = text[head.start() : block_end]
        start = block_end
        # Every trick, told as it was taken: its number, winner and (Rook) its counters.
        told = list(_TRICK.finditer(before))
        expected = [t for t in report.tricks if t.winner is not None]
        assert [(int(m["n"] or m["last"]), int(m["winner"])) for m in told] == [
            (t.number, t.winner) for t in expected
        ]
        if game_name == "rook":
            assert [int(m["points"] or 0) for m in told] == [t.points for t in expected]
        # The contract when it was settled, and in the result's head.
        contract = report.contract
        if game_name == "euchre" and contract is not None:
            said = re.findall(
                r"^\* Seat (\d)(?: \(you\))? (names|orders up|picks up|assists|calls no trump)(.*)",
                before,
                re.MULTILINE,
            )
            assert [(int(who), " alone" in rest) for who, _, rest in said] == [
                (contract.declarer, contract.alone)
            ]
        if game_name == "rook" and contract is not None:
            assert f"wins the bid at {contract.bid}" in before
            assert f"names {suit_words(contract.trump)} trump" in before
            assert f"bid {contract.bid}, {suit_words(contract.trump)} trump" in head["rest"]
        # The result: the hand's number, its status, each item, the score.
        assert head["hand"] == str(report.hand)
        assert head["rest"].endswith(report.status.value.replace("_", " ") + ".")
        for item in report.items:
            sign = "+" if item.points >= 0 else ""
            assert f"{sign}{item.points} {item.what}" in block
        score_line = block[block.rindex("score:") :]
        assert side_values(score_line, me, sides) == list(report.scores_after)
    # The match result in words, as the outcome has it.
    outcome = game.outcome(final)
    assert outcome is not None, "the match is over"
    last = next(line for line in text.splitlines() if line.startswith("Game over: "))
    assert "Outcome(" not in last
    final_score = side_values(last.split("final score:")[1], me, len(outcome.team_points))
    assert final_score == list(outcome.team_points)
    if me is not None:
        assert last.endswith("you win.") == (me in outcome.winners)
    winners = re.search(r"seats? ([\d and]+?)\)? wins", last)
    assert winners is not None and winners[1].split(" and ") == [str(s) for s in outcome.winners]
    return len(reports)


@pytest.mark.parametrize(
    ("game_name", "seed", "seat"), [("euchre", 5, 3), ("rook", 5, 1), ("voormsi", 5, 2)]
)
def test_play_tells_tricks_and_hands_as_the_hand_report_does(
    game_name: str, seed: int, seat: int, tmp_path: Path
) -> None:
    """The trick winners (E14/R19/V22), contracts and results printed by ``play`` are those of
    ``hand_report`` for the same game, hand by hand, and the match's end that of ``outcome``."""
    text, record_path = play_recorded(game_name, seed, seat, tmp_path)
    assert check_transcript(text, game_name, record_path, seat) >= 2, "a match has many hands"


@pytest.mark.parametrize("game_name", ["euchre", "rook", "voormsi"])
def test_an_omniscient_replay_tells_them_as_the_hand_report_does(
    game_name: str, tmp_path: Path
) -> None:
    """The same for a spectator (``replay`` without ``--seat``), over random play: loners and
    lone defenders (E12), thrown-in hands, busts."""
    _text, record_path = play_recorded(game_name, 11, 0, tmp_path, bots="random")
    status, text = run(["replay", str(record_path)], "")
    assert status == 0
    assert check_transcript(text, game_name, record_path, None) >= 2


def test_play_tells_the_patience_in_words(tmp_path: Path) -> None:
    """Tournament (T8, T9, T11): moves in notation, each deal and redeal, won or lost."""
    text, record_path = play_recorded("tournament", 4, 0, tmp_path)
    game = get_game("tournament")
    assert isinstance(game, TournamentGame)  # the default layout, not Kingsdown Eights
    record = GameRecord.from_json(record_path.read_text(encoding="utf-8"))
    reports, final = reports_of(game, record)
    assert len(reports) == 1
    report = reports[0]
    assert re.search(r"you: (T\d|R\d|F)\S*>\S+$", text, re.MULTILINE), "moves in notation"
    redeals = game.view(final, 0).redeals_used
    assert len(re.findall(r"^\* Redeal \d of 2:", text, re.MULTILINE)) == redeals
    assert re.search(r"^\* \d+ cards dealt from the stock: \d+ left", text, re.MULTILINE)
    assert f"== The game: {report.status.value}." in text
    assert f"   score: {report.points[0]}" in text
    outcome = game.outcome(final)
    assert outcome is not None, "the game is over"
    won = "won" if outcome.winners else "lost"
    assert f"\nGame over: {won} ({report.points[0]} points).\n" in text


@pytest.mark.parametrize("command", ["play", "watch"])
def test_quiet_keeps_the_terse_form(command: str) -> None:
    argv = [command, "euchre", "--hand", "--seed", "3", "--quiet"]
    status, text = run(argv, "1\n" * 200)
    loud_status, loud = run(argv[:-1], "1\n" * 200)
    assert status == loud_status == 0
    assert "* Seat" in loud and "== Hand 1" in loud
    assert "* " not in text and "== Hand" not in text
    assert "Game over: " in text
    # The same actions, one line each.
    actions = [line for line in loud.splitlines() if re.match(r"(seat \d|you):", line)]
    assert actions and all(line in text.splitlines() for line in actions)


def test_svg_of_play_is_drawn_from_the_seats_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardrules import svg

    drawn: list[Any] = []
    real = svg.render

    def spy(value: Any, game: Any = None) -> str:
        drawn.append(value)
        return real(value, game)

    monkeypatch.setattr(svg, "render", spy)
    picture = tmp_path / "table.svg"
    game = get_game("euchre")
    status, _ = run(["play", "euchre", "--hand", "--seed", "3", "--seat", "2", "--svg", str(picture)],
                    "1\n" * 200)  # fmt: skip
    assert status == 0
    assert picture.read_text(encoding="utf-8").lstrip().startswith(("<svg", "<?xml"))
    assert len(drawn) > 20
    view_type = type(game.view(game.new_hand(dealer=0), 0))
    assert all(type(v) is view_type and v.seat == 2 for v in drawn)


def test_svg_of_watch_is_the_whole_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardrules import svg

    drawn: list[Any] = []
    real = svg.render

    def spy(value: Any, game: Any = None) -> str:
        drawn.append(value)
        return real(value, game)

    monkeypatch.setattr(svg, "render", spy)
    picture = tmp_path / "table.svg"
    game = get_game("rook")
    status, _ = run(["watch", "rook", "--hand", "--seed", "3", "--svg", str(picture)], "")
    assert status == 0 and "<svg" in picture.read_text(encoding="utf-8")
    assert drawn and all(type(v) is type(game.new_hand(dealer=0)) for v in drawn)


def test_replay_tells_the_tricks_too(tmp_path: Path) -> None:
    _text, record = play_recorded("euchre", 6, 0, tmp_path)
    status, text = run(["replay", str(record)], "")
    assert status == 0 and "* Seat" in text and "== Hand 1" in text
    status, quiet = run(["replay", str(record), "--quiet"], "")
    assert status == 0 and "* Seat" not in quiet and "== Hand" not in quiet
    assert "Game over: " in quiet and "Outcome(" not in quiet


def test_the_talk_never_names_the_buried_nest(tmp_path: Path) -> None:
    """R13/R20: the nest the bidder buries stays hidden; the table talk and the hand results
    name trick cards and points, never a buried card (its points come with the last trick, R21)."""
    from tests.core.test_cli_transcripts import printed_cards

    text, record_path = play_recorded("rook", 8, 2, tmp_path)
    game = get_game("rook")
    record = GameRecord.from_json(record_path.read_text(encoding="utf-8"))
    buried: list[set[Any]] = [set()]  # per hand
    last = None
    for step in replay_steps(record, game):
        cards = getattr(step.action, "cards", None)
        if type(step.action).__name__ == "Bury" and cards:
            buried[-1] |= set(cards)
        report = game.hand_report(step.after)
        if report is not None and report != last:
            last = report
            buried.append(set())
    assert sum(map(bool, buried)) >= 3, "several hands, each with a buried nest"
    talk = [line for line in text.splitlines() if re.match(r"\* |== |   \S", line)]
    hands: list[list[str]] = [[]]
    for line in talk:
        hands[-1].append(line)
        if line.startswith("   score:"):
            hands.append([])
    assert len(hands) == len(buried)
    assert any("the nest, with the last trick" in line for line in talk)
    for lines, nest in zip(hands, buried, strict=True):
        printed = {card for _, card in printed_cards("\n".join(lines), game.deck.cards)}
        assert bool(printed) == bool(nest)  # a hand played out names its trick winners' cards
        assert not nest & printed

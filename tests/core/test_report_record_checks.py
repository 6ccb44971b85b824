"""Hand reports and records are read back only as ``to_dict``/``record_game`` can have written them
(issue #27, item 5): a report's status, seats, sides and points are checked against its game, a
record's stored reports against its replay, and a match record's dealer is where the replay starts.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CHANCE, GameRecord, HandReport, get_game, record_game, replay
from cardrules.errors import ArgumentError, ArgumentTypeError, RecordError
from cardrules.games.euchre.report import EuchreStatus
from cardrules.games.rook.report import RookStatus
from cardrules.games.tournament.report import TournamentStatus
from cardrules.games.voormsi.report import VoormsiStatus
from cardrules.records import ReplayError, replay_steps
from cardrules.reports import HandStatus
from cardrules.testing import play_random

_STATUSES: dict[str, type[HandStatus]] = {
    "euchre": EuchreStatus,
    "rook": RookStatus,
    "voormsi": VoormsiStatus,
    "tournament": TournamentStatus,
}


def _finished(name: str, seed: int = 3, **rules: Any) -> tuple[Any, Any, list[tuple[int, Any]]]:
    """A game, a finished hand of it (random play) and its steps."""
    game = get_game(name, **rules)
    final, steps = play_random(game, seed, start="hand")
    return game, final, steps


@pytest.fixture(scope="module")
def euchre_hand() -> tuple[Any, Any, list[tuple[int, Any]]]:
    return _finished("euchre")


@pytest.fixture(scope="module")
def rook_report() -> dict[str, Any]:
    """A Rook hand that was made (R22): its status is a word Euchre uses too."""
    from cardrules import Card
    from cardrules.games.rook import Play

    game = get_game("rook")
    s = game.parse_position(
        "play hand dealer=3 scores=0,0 hands=-/-/Y10/B10 bids=70,p,p,p buried=Y14,B5,B6,B7,B13"
        " trump=G tricks=0:R13,R10,R7,R5/0:R14,R11,R8,R6/0:G10,G5,G7,G9/0:G11,G6,G8,Y5/"
        "0:G12,R12,R9,Y6/0:G13,Y11,Y8,Y7/0:G14,Y12,Y9,B8/0:B14,B12,B11,B9 trick=0:R,Y13"
    )
    s = game.apply(game.apply(s, Play(Card.parse("Y10"))), Play(Card.parse("B10")))
    report = game.hand_report(s)
    assert report is not None and report.status is RookStatus.MADE
    data: dict[str, Any] = report.to_dict()
    return data


@pytest.fixture(scope="module")
def euchre_report(euchre_hand: tuple[Any, Any, Any]) -> dict[str, Any]:
    game, final, _ = euchre_hand
    report = game.hand_report(final)
    assert report is not None and report.tricks
    data: dict[str, Any] = report.to_dict()
    return data


def _read(data: dict[str, Any], statuses: type[HandStatus], **kwargs: Any) -> HandReport:
    return HandReport.from_dict(data, statuses, **kwargs)


# -- reports: what to_dict guarantees ----------------------------------------------------------


def test_a_rook_report_is_not_read_with_euchres_statuses(rook_report: dict[str, Any]) -> None:
    """Rook and Euchre both have a ``made`` status: the value alone does not tell the games apart."""
    assert rook_report["status"] in {s.value for s in EuchreStatus}
    with pytest.raises(RecordError, match=r"status: EuchreStatus\.\w+ is a status of euchre"):
        _read(rook_report, EuchreStatus)
    assert _read(rook_report, RookStatus).to_dict() == rook_report


@pytest.mark.parametrize(
    ("path", "value", "named"),
    [
        (("dealer",), 7, r"dealer: seat 7 is not a seat of euchre \(0\.\.3\)"),
        (("tricks", 0, "plays", 1, 0), 99, r"tricks\[0\]\.plays\[1\] seat: seat 99"),
        (("tricks", 0, "leader"), 4, r"tricks\[0\]\.leader"),
        (("tricks", 1, "winner"), 5, r"tricks\[1\]\.winner"),
        (("contract", "declarer"), 4, r"contract\.declarer: seat 4"),
    ],
)
def test_E1_a_euchre_report_names_only_its_four_seats(
    euchre_report: dict[str, Any], path: tuple[Any, ...], value: int, named: str
) -> None:
    """E1: four players; a report that names a fifth seat is not Euchre's."""
    data = copy.deepcopy(euchre_report)
    _put(data, path, value)
    with pytest.raises(RecordError, match=named):
        _read(data, EuchreStatus)


def _put(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def test_three_score_sides_are_not_a_euchre_report(euchre_report: dict[str, Any]) -> None:
    data = {
        **euchre_report,
        "points": [*euchre_report["points"], 0],
        "scores_before": [*euchre_report["scores_before"], 0],
        "scores_after": [*euchre_report["scores_after"], 0],
    }
    with pytest.raises(RecordError, match="points: 3 sides, and euchre has 2 at most"):
        _read(data, EuchreStatus)
    lopsided = {**euchre_report, "scores_after": [*euchre_report["scores_after"], 0]}
    with pytest.raises(RecordError, match="scores_after: 3 scores for the 2 sides"):
        _read(lopsided, EuchreStatus)


def test_a_report_has_the_points_of_one_side_at_least(euchre_report: dict[str, Any]) -> None:
    data = {**euchre_report, "points": [], "scores_before": [], "scores_after": [], "items": []}
    with pytest.raises(RecordError, match="points: a report has the points of one side at least"):
        _read(data, EuchreStatus)


def test_the_scores_after_are_the_scores_before_plus_the_points(
    euchre_report: dict[str, Any],
) -> None:
    after = list(euchre_report["scores_after"])
    after[0] += 1
    with pytest.raises(RecordError, match=r"scores_after: side 0: .* not"):
        _read({**euchre_report, "scores_after": after}, EuchreStatus)


def test_an_item_of_a_side_that_does_not_exist_is_refused(euchre_report: dict[str, Any]) -> None:
    data = copy.deepcopy(euchre_report)
    data["items"].append({"side": 2, "points": 0, "rule": "E15", "what": "x", "seat": None})
    with pytest.raises(RecordError, match=r"items\[1\]\.side: side 2 is not one of the 2 sides"):
        _read(data, EuchreStatus)


@pytest.mark.parametrize(
    ("where", "named"),
    [
        ((), "unknown field 'x'"),
        (("contract",), "contract: unknown field 'x'"),
        (("tricks", 0), r"tricks\[0\]: unknown field 'x'"),
        (("items", 0), r"items\[0\]: unknown field 'x'"),
    ],
)
def test_a_field_to_dict_never_writes_is_refused(
    euchre_report: dict[str, Any], where: tuple[Any, ...], named: str
) -> None:
    data = copy.deepcopy(euchre_report)
    target = data
    for key in where:
        target = target[key]
    target["x"] = 1
    with pytest.raises(RecordError, match=named):
        _read(data, EuchreStatus)


def test_tricks_are_numbered_in_order_led_by_their_first_play(
    euchre_report: dict[str, Any],
) -> None:
    """E12/E14: the leader plays first and a seat that played wins; tricks count from 1."""
    data = copy.deepcopy(euchre_report)
    data["tricks"][1]["number"] = 3
    with pytest.raises(RecordError, match=r"tricks\[1\]\.number: trick 2 is numbered 3"):
        _read(data, EuchreStatus)
    data = copy.deepcopy(euchre_report)
    first = data["tricks"][0]["plays"][0][0]
    data["tricks"][0]["leader"] = (first + 1) % 4
    with pytest.raises(RecordError, match=r"tricks\[0\]\.leader: .* plays first"):
        _read(data, EuchreStatus)


def test_with_the_game_a_report_is_checked_against_its_seats() -> None:
    """V27: the two-player game has seats 0 and 1 only (its status allows four, for V1)."""
    game, final, _ = _finished("voormsi", seed=2, preset="two_player")
    report = game.hand_report(final)
    assert report is not None
    assert HandReport.from_json(report.to_json(), VoormsiStatus, game=game) == report
    data = {**report.to_dict(), "dealer": 3}
    assert _read(data, VoormsiStatus).dealer == 3  # seat 3 exists in the four-player game
    with pytest.raises(RecordError, match=r"dealer: seat 3 is not a seat of voormsi \(0\.\.1\)"):
        _read(data, VoormsiStatus, game=game)
    with pytest.raises(RecordError, match="game must be 'euchre'"):
        _read(report.to_dict(), VoormsiStatus, game=get_game("euchre"))
    with pytest.raises(ArgumentTypeError, match="game must be a game"):
        _read(report.to_dict(), VoormsiStatus, game="voormsi")


@pytest.mark.parametrize("name", sorted(_STATUSES))
def test_every_games_real_reports_read_back_with_the_game(name: str) -> None:
    for seed in range(3):
        game, final, _ = _finished(name, seed=seed)
        report = game.hand_report(final)
        assert report is not None
        assert _read(report.to_dict(), _STATUSES[name], game=game) == report


def test_a_report_made_in_code_is_checked_as_one_read() -> None:
    """The checks live in HandReport itself: a report made with bad seats is an ArgumentError."""
    with pytest.raises(ArgumentError, match="dealer: seat 7 is not a seat of rook"):
        HandReport(
            game="rook",
            hand=1,
            dealer=7,
            status=RookStatus.THROWN_IN,
            contract=None,
            tricks=(),
            items=(),
            points=(0, 0),
            scores_before=(0, 0),
            scores_after=(0, 0),
        )


_SEAT_FIELDS = [
    ("dealer",),
    ("contract", "declarer"),
    ("tricks", 0, "leader"),
    ("tricks", 0, "winner"),
    ("tricks", 2, "plays", 3, 0),
    ("items", 0, "seat"),
]


@settings(max_examples=60, deadline=None)
@given(field=st.sampled_from(_SEAT_FIELDS), seat=st.integers(4, 10**6) | st.integers(-50, -1))
def test_no_seat_field_takes_a_seat_out_of_range(field: tuple[Any, ...], seat: int) -> None:
    game = get_game("rook")
    final, _ = play_random(game, 1, start="hand")
    report = game.hand_report(final)
    assert report is not None and report.contract is not None and len(report.tricks) >= 3
    data = report.to_dict()
    if data["items"][0]["seat"] is None:  # the first item names no seat: name one
        data["items"][0]["seat"] = 0
    _put(data, field, seat)
    with pytest.raises(RecordError):
        _read(data, RookStatus, game=game)


# -- records: stored reports and the dealer --------------------------------------------------


def _record(euchre_hand: tuple[Any, Any, list[tuple[int, Any]]]) -> tuple[Any, dict[str, Any]]:
    game, _, steps = euchre_hand
    record = record_game(game, steps, start="hand", dealer=3)  # play_random's dealer of seed 3
    assert len(record.reports) == 1
    return game, json.loads(record.to_json())


def _replayed(data: dict[str, Any], game: Any) -> Any:
    return replay(GameRecord.from_json(json.dumps(data)), game)


def test_a_stored_report_that_is_no_report_does_not_replay(
    euchre_hand: tuple[Any, Any, list[tuple[int, Any]]],
) -> None:
    game, data = _record(euchre_hand)
    data["reports"] = [{"x": 1}]
    with pytest.raises(ReplayError, match=r"report of hand 1 .* unknown field 'x'") as caught:
        _replayed(data, game)
    assert caught.value.step == len(data["actions"])  # the step that finished the hand


def test_a_stored_report_that_differs_names_the_hand_and_the_field(
    euchre_hand: tuple[Any, Any, list[tuple[int, Any]]],
) -> None:
    game, data = _record(euchre_hand)
    assert _replayed(data, game) == euchre_hand[1]  # its own reports replay
    trick = data["reports"][0]["tricks"][1]
    other = next(seat for seat, _ in trick["plays"] if seat != trick["winner"])
    trick["winner"] = other
    with pytest.raises(
        ReplayError, match=r"hand 1 is not the replay's: tricks\[1\]\.winner: record \d, replay \d"
    ):
        _replayed(data, game)


def test_a_record_with_more_reports_than_hands_does_not_replay(
    euchre_hand: tuple[Any, Any, list[tuple[int, Any]]],
) -> None:
    game, data = _record(euchre_hand)
    data["reports"].append(data["reports"][0])
    with pytest.raises(RecordError, match=r"holds 2 hand report.*finish 1 hand"):
        _replayed(data, game)
    with pytest.raises(RecordError, match="holds 2 hand report"):
        list(replay_steps(GameRecord.from_json(json.dumps(data)), game))


def test_cli_replay_of_a_record_with_a_forged_report_fails_in_one_line(
    euchre_hand: tuple[Any, Any, list[tuple[int, Any]]], tmp_path: Path
) -> None:
    from cardrules.cli import main

    _, data = _record(euchre_hand)
    data["reports"][0]["points"] = [9, 9]
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data))
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["replay", "--quiet", str(path)], stdin=io.StringIO(), stdout=io.StringIO())
    assert code != 0
    lines = err.getvalue().strip().splitlines()
    assert len(lines) == 1 and "forged.json" in lines[0] and "report of hand 1" in lines[0]


def test_E4_a_match_records_dealer_is_where_its_replay_starts() -> None:
    """E4: the first dealer of a match is drawn unless ``new_match(dealer=…)`` fixes it; a record
    of a match that started at dealer 2 replays from dealer 2, not from a draw."""
    game = get_game("euchre", target_score=3)
    state = game.new_match(dealer=2)
    steps: list[tuple[int, Any]] = []
    rng = random.Random(4)
    while not game.is_over(state):
        seat = game.to_move(state)
        assert seat is not None
        action: Any = (
            game.sample_chance(state, rng)
            if seat == CHANCE
            else rng.choice(game.legal_actions(state))
        )
        state = game.apply(state, action, seat=seat)
        steps.append((seat, action))
    record = record_game(game, steps, start="match", dealer=2)
    again = GameRecord.from_json(record.to_json())
    assert again.dealer == 2
    assert again.start_state(game) == game.new_match(dealer=2)
    assert replay(again, game) == state
    assert again.reports[0]["dealer"] == 2


def test_a_match_records_bad_dealer_is_a_record_error() -> None:
    game = get_game("euchre")
    record = GameRecord(game="euchre", rules={}, start="match", dealer=9, actions=())
    with pytest.raises(RecordError, match="cannot start the record's game"):
        replay(record, game)

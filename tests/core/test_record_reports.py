"""Records carry the report of every hand they finish (issue #16)."""

from __future__ import annotations

import itertools

import pytest

from cardrules import GameRecord, HandReport, RecordError, get_game, record_game
from cardrules.games.euchre.report import EuchreStatus
from cardrules.testing import play_random


def test_a_match_record_carries_every_hands_report_and_survives_json() -> None:
    game = get_game("euchre")
    final, steps = play_random(game, 5, start="match")
    record = record_game(game, steps, start="match")
    assert GameRecord.from_json(record.to_json()) == record
    reports = [HandReport.from_dict(d, EuchreStatus) for d in record.reports]
    assert [r.hand for r in reports] == list(range(1, len(reports) + 1))
    last = game.hand_report(final)
    assert last is not None and reports[-1] == last
    for before, after in itertools.pairwise(reports):
        assert after.scores_before == before.scores_after


def test_a_record_without_reports_reads_as_before() -> None:
    text = (
        '{"schema": 1, "game": "euchre", "rules": {}, "start": "hand", "dealer": 0, "actions": []}'
    )
    assert GameRecord.from_json(text).reports == ()
    with pytest.raises(RecordError, match="reports"):
        GameRecord.from_json(text[:-1] + ', "reports": [3]}')

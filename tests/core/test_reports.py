"""Hand reports (issue #16): frozen, JSON round trip, points that add up to their items."""

from __future__ import annotations

import pytest

from cardrules import (
    Card,
    ContractReport,
    HandReport,
    HandStatus,
    RecordError,
    RevokeReport,
    ScoreItem,
    Suit,
    TrickReport,
)


class Status(HandStatus):
    MADE = "made"
    EUCHRED = "euchred"


def _report(points: tuple[int, int] = (2, 0)) -> HandReport:
    return HandReport(
        game="euchre",
        hand=3,
        dealer=1,
        status=Status.MADE,
        contract=ContractReport(declarer=2, trump=Suit.HEARTS, alone=False, detail="ordered up"),
        tricks=(
            TrickReport(
                1,
                2,
                tuple(
                    (s, (Card.parse(c),))
                    for s, c in zip((2, 3, 0, 1), ["JH", "9S", "AH", "KC"], strict=True)
                ),
                2,
            ),
        ),
        items=(ScoreItem(0, 2, "E15", "march", seat=2),),
        points=points,
        scores_before=(4, 7),
        scores_after=(6, 7),
        revokes=(
            RevokeReport(3, 1, Card.parse("9S"), "corrected", replaced_by=Card.parse("KD")),
            RevokeReport(1, 2, Card.parse("9C"), "found", penalised=True),
        ),
        notes=("stick the dealer",),
    )


def test_a_report_round_trips_through_json() -> None:
    report = _report()
    again = HandReport.from_json(report.to_json(indent=1), Status)
    assert again == report
    assert report.to_dict()["contract"]["trump"] == "H"
    assert report.to_dict()["tricks"][0]["plays"][0] == [2, ["JH"]]
    assert [r["replaced_by"] for r in report.to_dict()["revokes"]] == ["KD", None]


def test_a_report_written_before_replaced_by_still_reads() -> None:
    """A revoke without the ``replaced_by`` key (an older report) reads as ``None``."""
    data = _report().to_dict()
    for revoke in data["revokes"]:
        del revoke["replaced_by"]
    again = HandReport.from_dict(data, Status)
    assert [r.replaced_by for r in again.revokes] == [None, None]


def test_the_points_must_add_up_to_the_items() -> None:
    with pytest.raises(ValueError, match="side 0: the items add up to 2, not the hand's 4 points"):
        _report(points=(4, 0))


@pytest.mark.parametrize("text", ["[]", "{}", "not json", '{"game": "x"}', "[" * 100_000])
def test_a_bad_report_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        HandReport.from_json(text, Status)

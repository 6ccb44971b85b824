"""Bad input at the bots, the hand reports and Rook's scoring functions: each is refused with a
:class:`~cardrules.errors.CardrulesError` subclass naming the argument or field at fault."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from cardrules import get_game
from cardrules.bots import RandomBot, check_legal_actions
from cardrules.bots.ismcts import ISMCTSBot
from cardrules.errors import ArgumentError, ArgumentTypeError, CardrulesError, RecordError
from cardrules.games.euchre import EuchreBot
from cardrules.games.euchre.report import EuchreStatus
from cardrules.games.rook import RookBot, claim_result, hand_result
from cardrules.games.tournament.bots import FairPlayer, SearchPlayer
from cardrules.games.voormsi.bots import VoormsiHeuristicBot
from cardrules.reports import HandReport, ScoreItem
from cardrules.sim import play_game

# -- hand reports -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def euchre_report() -> HandReport:
    """The report of a real Euchre hand (E15 scoring), played by seeded random bots."""
    game = get_game("euchre")
    final = play_game(game, [RandomBot()] * 4, seed=5, start="hand", dealer=0)
    report = game.hand_report(final)
    assert isinstance(report, HandReport)
    return report


def test_report_from_png_bytes_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="not UTF-8 text"):
        HandReport.from_json(b"\x89PNG", EuchreStatus)


def test_report_from_json_of_a_number_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="JSON text, not int"):
        HandReport.from_json(5, EuchreStatus)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("contract", [], "contract must be an object"),
        ("hand", "x", "hand must be an int"),
        ("hand", True, "hand must be an int"),
        ("dealer", "x", "dealer must be an int"),
        ("game", 5, "game must be a non-empty string"),
        ("notes", [5], r"notes\[0\] must be a string"),
        ("notes", "abc", "notes must be a list"),
        ("status", "weird", "status must be one of"),
        ("points", [1.5, 0], r"points\[0\] must be an int"),
        ("tricks", [{"number": 1}], "missing field 'plays'"),
    ],
)
def test_report_from_dict_names_the_bad_field(
    euchre_report: HandReport, field: str, value: Any, named: str
) -> None:
    data = {**euchre_report.to_dict(), field: value}
    with pytest.raises(RecordError, match=named):
        HandReport.from_dict(data, EuchreStatus)


def test_report_revoke_outcome_must_be_one_of_the_four() -> None:
    report = HandReport.from_dict(_with_revoke("found"), EuchreStatus)
    assert report.revokes[0].outcome == "found"
    with pytest.raises(RecordError, match=r"revokes\[0\]\.outcome must be corrected, claimed"):
        HandReport.from_dict(_with_revoke("weird"), EuchreStatus)


def _with_revoke(outcome: str) -> dict[str, Any]:
    return {
        "game": "euchre",
        "hand": 1,
        "dealer": 0,
        "status": EuchreStatus.MADE.value,
        "contract": None,
        "tricks": [],
        "items": [],
        "points": [0, 0],
        "scores_before": [0, 0],
        "scores_after": [0, 0],
        "revokes": [{"seat": 1, "trick": 2, "card": "9S", "outcome": outcome}],
        "notes": [],
    }


def test_report_statuses_must_be_a_hand_status_enum(euchre_report: HandReport) -> None:
    with pytest.raises(ArgumentTypeError, match="statuses must be a HandStatus enum"):
        HandReport.from_dict(euchre_report.to_dict(), str)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="statuses"):
        HandReport.from_json(euchre_report.to_json(), str)  # type: ignore[arg-type]


def test_report_round_trips_after_the_checks(euchre_report: HandReport) -> None:
    assert HandReport.from_json(euchre_report.to_json(), EuchreStatus) == euchre_report
    assert HandReport.from_json(euchre_report.to_json().encode(), EuchreStatus) == euchre_report


def test_report_with_inconsistent_points_is_an_argument_error(euchre_report: HandReport) -> None:
    items = (ScoreItem(side=0, points=2, rule="E15", what="made"),)
    with pytest.raises(ArgumentError, match="points: side 0: the items add up to 2") as caught:
        HandReport(
            game="euchre",
            hand=1,
            dealer=0,
            status=euchre_report.status,
            contract=None,
            tricks=(),
            items=items,
            points=(4, 0),
            scores_before=(0, 0),
            scores_after=(4, 0),
        )
    assert isinstance(caught.value, ValueError)  # callers that caught ValueError still do
    data = {**euchre_report.to_dict(), "points": [p + 1 for p in euchre_report.points]}
    with pytest.raises(RecordError, match="the items add up to"):
        HandReport.from_dict(data, EuchreStatus)


# -- Rook's scoring functions (R10 bids, R21/R22 hand_result, R24 claim_result) ---------------------


@pytest.mark.parametrize(
    ("args", "error", "named"),
    [
        ((9, 80, (85, 15), 1, 20), ArgumentError, "bidder must be from 0 to 3, not 9"),
        ((True, 80, (85, 15), 1, 20), ArgumentTypeError, "bidder must be an int"),
        ((0, -5, (85, 15), 1, 20), ArgumentError, "bid must be a multiple of 5 from 70 to 120"),
        ((0, 125, (85, 15), 1, 20), ArgumentError, "bid must be a multiple of 5"),
        ((0, 72, (85, 15), 1, 20), ArgumentError, "bid must be a multiple of 5"),
        ((0, "120", (85, 15), 1, 20), ArgumentTypeError, "bid must be an int"),
        ((0, 80, (100,), 1, 20), ArgumentTypeError, "captured must be a tuple of two ints"),
        ((0, 80, (100, 20), 1, 20), ArgumentError, "more than the deck's 120 counters"),
        ((0, 80, (-5, 20), 1, 20), ArgumentError, "must not be negative"),
        ((0, 80, (85, 15), 4, 20), ArgumentError, "last_winner must be from 0 to 3"),
        ((0, 80, (85, 15), 1, 2.0), ArgumentTypeError, "nest_points must be an int"),
    ],
)
def test_rook_hand_result_refuses_bad_arguments_r10_r22(
    args: tuple[Any, ...], error: type[Exception], named: str
) -> None:
    with pytest.raises(error, match=named):
        hand_result(*args)


def test_rook_hand_result_refuses_a_bad_offender_r24() -> None:
    with pytest.raises(ArgumentError, match="offender must be from 0 to 3, not 7"):
        hand_result(0, 80, (85, 15), 1, 20, offender=7)


@pytest.mark.parametrize(
    ("args", "error", "named"),
    [
        ((70, (25, 40), 9, 1), ArgumentError, "claimer must be from 0 to 3, not 9"),
        ((70, (25, 40), 0, -1), ArgumentError, "offender must be from 0 to 3, not -1"),
        ((-5, (25, 40), 0, 1), ArgumentError, "bid must be a multiple of 5 from 70 to 120"),
        (("70", (25, 40), 0, 1), ArgumentTypeError, "bid must be an int"),
        ((70, (100,), 0, 1), ArgumentTypeError, "captured must be a tuple of two ints"),
    ],
)
def test_rook_claim_result_refuses_bad_arguments_r24(
    args: tuple[Any, ...], error: type[Exception], named: str
) -> None:
    with pytest.raises(error, match=named):
        claim_result(*args)


def test_rook_scoring_accepts_the_rules_extremes_r10_r22() -> None:
    assert hand_result(3, 120, (0, 100), 3, 20)[0] == (0, 120)
    assert hand_result(0, 70, (0, 0), 0, 0)[0] == (-70, 0)
    assert claim_result(120, (0, 120), 3, 0)[0] == (-120, 120)


# -- bots -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "named"),
    [
        ({"iterations": 1.5}, ArgumentTypeError, "iterations must be an int"),
        ({"iterations": True}, ArgumentTypeError, "iterations must be an int"),
        ({"iterations": 0}, ArgumentError, "iterations must be at least 1"),
        ({"exploration": None}, ArgumentTypeError, "exploration must be a float"),
        ({"exploration": -1.0}, ArgumentError, "exploration must be a finite number"),
        ({"exploration": float("nan")}, ArgumentError, "exploration must be a finite number"),
        ({"max_branching": 0, "fallback": RandomBot()}, ArgumentError, "max_branching"),
        ({"max_branching": 5, "fallback": "x"}, ArgumentTypeError, "fallback must be a bot"),
        ({"max_branching": 5}, ArgumentError, "need a fallback bot"),
        ({"search_phases": "play", "fallback": RandomBot()}, ArgumentTypeError, "search_phases"),
    ],
)
def test_ismcts_constructor_checks_its_arguments(
    kwargs: dict[str, Any], error: type[Exception], named: str
) -> None:
    with pytest.raises(error, match=named):
        ISMCTSBot(get_game("euchre"), **kwargs)


def test_ismcts_constructor_checks_the_game() -> None:
    with pytest.raises(ArgumentTypeError, match="game must be a game"):
        ISMCTSBot(None)
    with pytest.raises(ArgumentTypeError, match="lacks sample_state"):
        ISMCTSBot("euchre")


def _decision(name: str) -> tuple[Any, Any, list[Any]]:
    """A game, the view of the seat to move at its first decision, and its legal actions."""
    game: Any = get_game(name)
    state = game.new_hand() if name == "tournament" else game.new_hand(dealer=0)
    while game.to_move(state) == -1:
        state = game.apply(state, game.sample_chance(state, random.Random(2)))
    seat = game.to_move(state)
    return game, game.view(state, seat), list(game.legal_actions(state))


def _euchre_decision() -> tuple[Any, Any, list[Any]]:
    return _decision("euchre")


def _rook_decision() -> tuple[Any, Any, list[Any]]:
    return _decision("rook")


def _voormsi_decision() -> tuple[Any, Any, list[Any]]:
    return _decision("voormsi")


def _tournament_decision() -> tuple[Any, Any, list[Any]]:
    return _decision("tournament")


def _cases() -> list[tuple[str, Any, Any]]:
    """Each bot with the decision it is asked about."""
    return [
        ("random", lambda g: RandomBot(), _euchre_decision),
        ("euchre", lambda g: EuchreBot(), _euchre_decision),
        ("euchre-ismcts", lambda g: ISMCTSBot(g, iterations=2), _euchre_decision),
        ("rook", lambda g: RookBot(g), _rook_decision),
        ("voormsi", lambda g: VoormsiHeuristicBot(), _voormsi_decision),
        ("fair", lambda g: FairPlayer(), _tournament_decision),
        ("search", lambda g: SearchPlayer(g, samples=1, max_nodes=10), _tournament_decision),
    ]


@pytest.mark.parametrize(("name", "make", "decision"), _cases(), ids=[c[0] for c in _cases()])
def test_every_bot_refuses_an_empty_legal_list(name: str, make: Any, decision: Any) -> None:
    game, view, legal = decision()
    bot = make(game)
    assert bot.choose(view, legal, random.Random(0)) in legal  # the decision itself is sound
    with pytest.raises(ArgumentError, match="legal_actions must be non-empty"):
        bot.choose(view, [], random.Random(0))


@pytest.mark.parametrize(("name", "make", "decision"), _cases(), ids=[c[0] for c in _cases()])
def test_every_bot_refuses_legal_none(name: str, make: Any, decision: Any) -> None:
    game, view, _ = decision()
    with pytest.raises(ArgumentTypeError, match="legal_actions must be a sequence"):
        make(game).choose(view, None, random.Random(0))


@pytest.mark.parametrize(("name", "make", "decision"), _cases(), ids=[c[0] for c in _cases()])
def test_every_bot_refuses_an_rng_that_is_not_random(name: str, make: Any, decision: Any) -> None:
    game, view, legal = decision()
    with pytest.raises(ArgumentTypeError, match=r"rng must be a random\.Random"):
        make(game).choose(view, legal, None)


@pytest.mark.parametrize("decision", [_euchre_decision, _rook_decision])
def test_heuristic_bots_refuse_actions_of_no_game(decision: Any) -> None:
    game, view, legal = decision()
    bot = EuchreBot() if game.name == "euchre" else RookBot(game)
    with pytest.raises(ArgumentTypeError, match="legal_actions must hold"):
        bot.choose(view, cast(Any, ["x"]), random.Random(0))
    with pytest.raises(ArgumentTypeError, match="legal_actions must hold"):
        bot.choose(view, cast(Any, [*legal, "x"]), random.Random(0))


def test_euchre_bot_constructor_checks_thresholds() -> None:
    with pytest.raises(ArgumentTypeError, match="order_threshold must be a float"):
        EuchreBot(order_threshold="7")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="alone_threshold must be a float"):
        EuchreBot(alone_threshold=True)
    with pytest.raises(ArgumentError, match="order_threshold must be a finite number"):
        EuchreBot(order_threshold=float("inf"))


def test_rook_bot_constructor_checks_the_game_and_caution() -> None:
    with pytest.raises(ArgumentTypeError, match="game must be a RookGame"):
        RookBot(get_game("euchre"))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="caution must be an int"):
        RookBot(get_game("rook"), caution=4.5)  # type: ignore[arg-type]


def test_check_legal_actions_refuses_strings_and_is_a_cardrules_error() -> None:
    with pytest.raises(ArgumentTypeError, match="not str 'ab'"):
        check_legal_actions("ab")
    assert issubclass(ArgumentError, CardrulesError)
    assert check_legal_actions(("a",)) == ("a",)

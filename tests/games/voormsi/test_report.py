"""Hand reports: why a deal scored what it did (V22–V25, B1–B5, C7, C11), JSON round trips."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.games.voormsi import VoormsiGame, VoormsiRule, VoormsiRules, VoormsiState, make_game
from cardrules.games.voormsi.report import VoormsiStatus
from cardrules.reports import HandReport
from cardrules.testing import play_moves

from ._helpers import stacked_deal

PRESETS = [None, *VoormsiRules.PRESETS]


def _deal_out(game: VoormsiGame, seed: int, scores: tuple[int, ...] | None = None) -> VoormsiState:
    """A random single deal from ``seed``, played to its end."""
    rng = random.Random(seed)
    s = game.new_hand(dealer=seed % game.num_players, scores=scores)
    s = game.apply(s, game.sample_chance(s, rng))
    while not game.is_over(s):
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])
    return s


def _find(
    game: VoormsiGame, wanted: Callable[[HandReport], bool], scores: tuple[int, ...] | None = None
) -> HandReport:
    for seed in range(3000):
        report: HandReport | None = game.hand_report(_deal_out(game, seed, scores))
        assert report is not None
        if wanted(report):
            return report
    pytest.skip("no random deal of that kind in the seeds tried")


def _check(game: VoormsiGame, report: HandReport) -> None:
    """The items of each side add up to its points, which are the ladder's change; JSON."""
    assert isinstance(report.status, VoormsiStatus)
    change = tuple(a - b for a, b in zip(report.scores_after, report.scores_before, strict=True))
    assert report.points == change
    for side in range(game.rules.num_sides):
        assert sum(i.points for i in report.items_of(side)) == report.points[side]
    assert HandReport.from_json(report.to_json(), VoormsiStatus) == report
    for k, trick in enumerate(report.tricks):
        assert trick.number == k + 1
        assert trick.plays[0][0] == trick.leader
        assert len({len(cards) for _, cards in trick.plays}) == 1  # V17: groups of one size


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(PRESETS))
def test_V22_V25_every_finished_deal_adds_up_and_survives_json(
    seed: int, preset: str | None
) -> None:
    game = make_game(preset=preset) if preset else make_game()
    rng = random.Random(seed)
    s = game.new_match()
    reports = 0
    while not game.is_over(s):
        to_move = game.to_move(s)
        assert to_move is not None
        if to_move < 0:
            s = game.apply(s, game.sample_chance(s, rng))
            continue
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])
        if s.phase != "play":
            report = game.hand_report(s)
            assert report is not None
            _check(game, report)
            assert report.scores_after == s.scores
            assert report.hand == reports + 1
            reports += 1
    assert reports >= 1


def test_no_report_before_a_deal_has_finished() -> None:
    game = make_game()
    s = game.new_hand(dealer=0)
    assert game.hand_report(s) is None
    s = game.apply(s, game.sample_chance(s, random.Random(1)))
    assert game.hand_report(s) is None


def test_the_report_of_the_last_deal_survives_the_next_deal() -> None:
    game = make_game()
    rng = random.Random(4)
    s = game.new_match(dealer=0)
    while s.last is None:
        action = game.sample_chance(s, rng) if game.to_move(s) == -1 else game.legal_actions(s)[0]
        s = game.apply(s, action)
    between = game.hand_report(s)
    assert between is not None
    assert between.hand == 1
    s = game.apply(s, game.sample_chance(s, rng))  # the next deal is dealt
    s = game.apply(s, game.legal_actions(s)[0])
    assert game.hand_report(s) == between
    assert game.hand_report(game.parse_position(game.position_text(s))) == between


def test_B3_partner_capture_drops_the_side_to_zero_and_ends_the_game() -> None:
    game = make_game()
    s = game.new_hand(dealer=3, scores=(6, 2))
    s = game.apply(s, stacked_deal(game, 3, {0: "KH 5C 5S 5H", 2: "JC 6C 6S 6H"}))
    s = play_moves(game, s, "lead KH; play 7C; play JC")
    report = game.hand_report(s)
    assert report is not None
    assert report.status is VoormsiStatus.PARTNER_CAPTURE
    assert [(i.side, i.points, i.rule, i.seat) for i in report.items] == [
        (0, -6, VoormsiRule.B3, 2)
    ]
    assert report.scores_after == (0, 2)
    assert report.tricks[-1].winner is None  # the trick was never finished
    _check(game, report)


def test_C7_a_sweep_annuls_the_deal() -> None:
    game = make_game()
    report = _find(game, lambda r: r.status is VoormsiStatus.ANNULLED)
    assert report.scores_after == report.scores_before
    assert any(note.startswith("rule C7:") for note in report.notes)
    assert len({t.winner % 2 for t in report.tricks if t.winner is not None}) == 1
    _check(game, report)


def test_C7_wins_game_variant_a_sweep_wins() -> None:
    game = make_game(all_nine="wins_game")
    report = _find(game, lambda r: r.status is VoormsiStatus.SWEEP_WINS)
    assert report.scores_after == report.scores_before
    _check(game, report)


def test_V25_reaching_the_target_wins_the_game() -> None:
    game = make_game()
    report = _find(game, lambda r: r.status is VoormsiStatus.GAME_WON, scores=(8, 0))
    assert game.rules.target in report.scores_after
    _check(game, report)


def test_C11_a_bust_is_an_item_that_brings_the_sum_to_the_ladder() -> None:
    game = make_game()
    report = _find(game, lambda r: any(i.rule is VoormsiRule.C11 for i in r.items), scores=(8, 8))
    bust = next(i for i in report.items if i.rule is VoormsiRule.C11)
    assert bust.points < 0
    assert "passes 9" in bust.what
    _check(game, report)


def test_V23_held_points_are_credited_when_the_run_breaks() -> None:
    game = make_game()
    report = _find(game, lambda r: any("held point(s) are credited" in n for n in r.notes))
    _check(game, report)


@pytest.mark.parametrize("rule", ["B1", "B2", "B4"])
def test_bonuses_are_items_with_their_rule_and_seat(rule: str) -> None:
    game = make_game()
    report = _find(game, lambda r: any(i.rule == rule for i in r.items))
    item = next(i for i in report.items if i.rule == rule)
    assert item.seat is not None
    assert item.side == item.seat % 2
    _check(game, report)

"""Hand reports (DESIGN §2): why the last hand scored what it did — R20-R24, A2."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, Suit
from cardrules.games.rook import ClaimRevoke, Play, RookGame, RookState, RookStatus, make_game
from cardrules.reports import HandReport, ScoreItem

from ._helpers import CONFIGS, GAMES, LAYOUT, LAYOUT_NEST, dealt, in_play, run, stacked, walk


def items(report: HandReport) -> list[tuple[int, int, str]]:
    return [(i.side, i.points, i.rule) for i in report.items]


@settings(max_examples=25, deadline=None)
@given(
    config=st.integers(0, len(CONFIGS) - 1),
    seed=st.integers(0, 10**6),
    start=st.integers(0, 3),
)
def test_report_points_add_up_to_the_score_change(config: int, seed: int, start: int) -> None:
    """For every finished hand: items add up to the points (HandReport checks it), the points to
    the change of the match scores (R22, R24), the counters of the tricks won to what was
    captured; the report survives the next deal and a JSON round trip."""
    game = GAMES[config]
    previous: HandReport | None = None
    hand_no = 0
    for state in walk(game, seed, start):
        report = game.hand_report(state)
        if state.hand_no == 0:
            assert report is None
            continue
        assert report is not None and report.hand == state.hand_no
        if state.hand_no == hand_no:
            assert report == previous  # the next deal, bids and play keep it
            continue
        hand_no, previous = state.hand_no, report
        before, after = report.scores_before, report.scores_after
        assert after == state.score.scores
        assert tuple(a - b for a, b in zip(after, before, strict=True)) == report.points
        assert HandReport.from_json(report.to_json(), RookStatus) == report
        assert [t.number for t in report.tricks] == list(range(1, len(report.tricks) + 1))
        if report.status in (RookStatus.MADE, RookStatus.SET):
            assert len(report.tricks) == game.cards_each
            nest = 120 - sum(t.points for t in report.tricks)
            assert all(i.points == nest for i in report.items if i.rule == "R21")
            if report.status is RookStatus.MADE:  # both sides keep their counters (R22)
                assert sum(i.points for i in report.items if i.rule == "R21") == nest
        if report.status is RookStatus.THROWN_IN:
            assert report.points == (0, 0) and report.contract is None
        penalised = [r for r in report.revokes if r.penalised]
        if report.status in (RookStatus.REVOKE_CLAIMED, RookStatus.REVOKE_FOUND):
            assert len(penalised) == 1  # R24: one penalty per hand
            assert report.contract is not None
            assert report.points[penalised[0].seat % 2] == -(report.contract.bid or 0)
        else:
            assert not penalised


def play_out(game: RookGame, state: RookState) -> RookState:
    """The first proper play (no revoke, in renege mode too) until the hand is over."""
    while state.to_move is not None and state.hand_no == 0:
        seat = state.to_move
        proper = game.strict_mask(state, seat)
        plays = [a for a in game.legal_actions(state) if isinstance(a, Play)]
        state = game.apply(state, next(a for a in plays if game.deck.mask(a.card.ascii) & proper))
    return state


def test_R21_R22_report_of_a_made_hand() -> None:
    """R22 made: each side scores its counters (R22) and the last trick's side the nest (R21)."""
    game = make_game()
    assert game.hand_report(in_play(game)) is None  # no hand finished yet
    final = play_out(game, in_play(game))
    report = game.hand_report(final)
    assert report is not None and report.status is RookStatus.MADE
    assert report.contract is not None
    assert (report.contract.declarer, report.contract.bid, report.contract.trump) == (
        0,
        70,
        Suit.GREEN,
    )
    assert items(report) == [(0, 105, "R22"), (0, 15, "R21"), (1, 0, "R22")]
    first = report.tricks[0]
    assert first.leader == 0 and first.winner == 0 and first.plays[1][0] == 1
    assert report.scores_before == (0, 0) and report.scores_after == (120, 0)


def test_R22_report_of_a_set_hand_in_a_match() -> None:
    """R22 set / edge case 8: the bidding team loses the bid, the opponents keep their counters;
    the report is kept after the next deal starts."""
    game = make_game()
    start = game.new_match(scores=(40, 0), dealer=3)
    state = game.apply(start, stacked(game, 3, LAYOUT, LAYOUT_NEST))
    state = run(game, state, "pass", "bid 100", "pass", "pass")  # seat 1 bids 100
    state = run(game, state, f"bury {' '.join(c.ascii for c in hand_cards(game, state, 1)[:5])}")
    state = run(game, state, "trump Yellow")
    while state.hand_no == 0:
        state = game.apply(state, game.legal_actions(state)[0])
    report = game.hand_report(state)
    assert report is not None and report.status is RookStatus.SET
    assert [i for i in report.items if i.side == 1] == [
        ScoreItem(1, -100, "R22", report.items_of(1)[0].what, 1)
    ]
    assert report.scores_before == (40, 0) and report.scores_after[1] == -100
    dealt_next = game.apply(state, game.sample_chance(state, random.Random(1)))
    assert game.hand_report(dealt_next) == report


def hand_cards(game: RookGame, state: RookState, seat: int) -> list[Card]:
    return [game.deck.cards[i] for i in range(len(game.deck)) if state.hands[seat] >> i & 1]


def test_R24_report_of_a_claimed_revoke() -> None:
    """R24: seat 1 revokes in trick 1, seat 0 claims in trick 3: team 1 loses the bid, team 0
    keeps its counters, the unfinished trick counts for nobody; the revoke is marked claimed."""
    game = make_game(renege_mode=True)
    state = run(game, in_play(game), "play R14", "play Y11", "play R7", "play R5")
    state = run(game, state, "play R13", "play R10", "play R8", "play R6", "play G14", "play G5")
    final = game.apply(state, ClaimRevoke(), seat=0)
    report = game.hand_report(final)
    assert report is not None and report.status is RookStatus.REVOKE_CLAIMED
    assert items(report) == [(1, -70, "R24"), (0, 25, "R24")]
    (revoke,) = report.revokes
    assert (revoke.seat, revoke.trick, revoke.card.ascii) == (1, 1, "Y11")
    assert (revoke.outcome, revoke.claimed_by, revoke.penalised) == ("claimed", 0, True)
    assert report.tricks[-1].winner is None and len(report.tricks) == 3
    assert game.parse_position(game.position_text(final)) == final


def test_R24_corrected_revoke_is_reported() -> None:
    """R24/A4: a corrected revoke is listed as corrected and costs nothing."""
    game = make_game(renege_mode=True)
    state = run(game, in_play(game), "play R14", "play Y11", "1: correct", "play R10")
    final = play_out(game, state)
    report = game.hand_report(final)
    assert report is not None and report.status in (RookStatus.MADE, RookStatus.SET)
    assert [(r.seat, r.trick, r.outcome) for r in report.revokes] == [(1, 1, "corrected")]


def test_A2_thrown_in_hand_report() -> None:
    """A2 (``pass_deal``): all four pass, the hand is thrown in and scores nothing."""
    game = make_game()
    state = run(game, dealt(game, 3), "pass", "pass", "pass", "pass")
    report = game.hand_report(state)
    assert report is not None and report.status is RookStatus.THROWN_IN
    assert report.items == () and report.points == (0, 0) and report.tricks == ()
    assert report.notes == ("A2: all passed, the hand is thrown in",)

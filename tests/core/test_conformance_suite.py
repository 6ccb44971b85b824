"""check_game itself: it passes a correct game and catches broken ones."""

from __future__ import annotations

import random
import unicodedata
from typing import Any

import attrs
import cardrules_whist as whist
import pytest

from cardrules.errors import ArgumentTypeError
from cardrules.testing import check_game, play_random


class LeakyViewWhist(whist.WhistGame):
    """A broken game: the view shows every hand."""

    view_type = tuple  # type: ignore[assignment]

    def view(self, state: whist.WhistState, seat: int) -> Any:
        return (super().view(state, seat), state.hands)

    def sample_state(self, view: Any, rng: random.Random) -> whist.WhistState:
        if len(view) != 2:
            raise ArgumentTypeError("not a view of this game")
        unchecked = whist.WhistGame.sample_state.__wrapped__  # type: ignore[attr-defined]
        return unchecked(self, view[0], rng)  # type: ignore[no-any-return]


class AcceptsUnheldCards(whist.WhistGame):
    """A broken game: any card may be played, held or not."""

    def apply(
        self, state: whist.WhistState, action: Any, seat: int | None = None
    ) -> whist.WhistState:
        if (
            state.phase == "play"
            and isinstance(action, whist.Play)
            and (seat is None or seat == state.to_move)
        ):
            assert state.to_move is not None
            return self._play(state, state.to_move, self.deck.index(action.card))
        return super().apply(state, action, seat)


class UsesGlobalRandom(whist.WhistGame):
    """A broken game: the deal ignores the generator it is given."""

    def sample_chance(self, state: whist.WhistState, rng: random.Random) -> Any:
        return super().sample_chance(state, random.Random())


class LaxEdgeWhist(whist.WhistGame):
    """A broken game: its view skips the argument checks (a bool or negative seat gets through)."""

    checks_inline = True

    def view(self, state: whist.WhistState, seat: int) -> whist.WhistView:
        unchecked = whist.WhistGame.view.__wrapped__  # type: ignore[attr-defined]
        return unchecked(self, state, seat)  # type: ignore[no-any-return]


class LosesCards(whist.WhistGame):
    """A broken game: the zones forget the trick in progress."""

    def card_zones(self, state: whist.WhistState) -> Any:
        zones = dict(super().card_zones(state))
        zones["trick"] = []
        return zones


def test_check_game_passes_reference_game() -> None:
    check_game(whist.make_game(), examples=5, start="hand")


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (LeakyViewWhist, "another view"),
        (AcceptsUnheldCards, "accepted|not conserved"),
        (UsesGlobalRandom, "same seed"),
        (LosesCards, "not conserved"),
        (LaxEdgeWhist, "API edge"),
    ],
)
def test_check_game_catches_broken_games(broken: type[whist.WhistGame], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check_game(broken(), examples=5, start="hand")


def test_play_random_is_deterministic_and_bounded() -> None:
    game = whist.make_game()
    a = play_random(game, 11, start="hand")
    b = play_random(game, 11, start="hand")
    assert a == b
    with pytest.raises(AssertionError, match="no end"):
        play_random(game, 11, max_steps=5)


def test_rollout_matches_stepping_in_distribution() -> None:
    """The fused rollout of the reference game gives the same hand-point distribution as stepping."""
    game = whist.make_game()
    start = game.new_hand(dealer=0)
    start = game.apply(start, game.sample_chance(start, random.Random(4)))
    n = 1500
    fused = [game.rollout(start, random.Random(k)).team_points for k in range(n)]
    stepped = []
    for k in range(n):
        s, rng = start, random.Random(10_000 + k)
        while not game.is_over(s):
            legal = game.legal_actions(s)
            s = game.apply(s, legal[rng.randrange(len(legal))])
        outcome = game.outcome(s)
        assert outcome is not None
        stepped.append(outcome.team_points)
    mean_fused = sum(a - b for a, b in fused) / n
    mean_stepped = sum(a - b for a, b in stepped) / n
    # Point differences lie in [-7, 7]; 5 standard errors of the difference of two means.
    spread = (sum((a - b - mean_fused) ** 2 for a, b in fused) / n) ** 0.5
    assert abs(mean_fused - mean_stepped) < 5 * spread * (2 / n) ** 0.5 + 1e-9


def test_state_is_frozen() -> None:
    game = whist.make_game()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        game.new_match().phase = "play"  # type: ignore[misc]


def test_check_game_reports_endless_games() -> None:
    with pytest.raises(AssertionError, match="no end after 20 steps"):
        check_game(whist.make_game(), examples=2, start="hand", max_steps=20)


class ReadsAnyDigit(whist.WhistGame):
    """A broken game: its notation reads any Unicode digit ("play 1０H" as "play 10H")."""

    def parse_action(self, text: str, state: whist.WhistState) -> Any:
        if isinstance(text, str):
            text = "".join(str(unicodedata.digit(ch, ch)) for ch in text)
        return super().parse_action(text, state)


def test_check_game_catches_notation_that_reads_non_ascii_digits() -> None:
    """Issue #27: the fuzz offers the game's own texts with a digit made '²', '７', '١' or '①'."""
    with pytest.raises(AssertionError, match=r"API edge(.|\n)*parse_action"):
        check_game(ReadsAnyDigit(), examples=10, start="hand")


def _voormsi_reporting_from_zero() -> Any:
    """A broken game: its hand reports start every hand from a blank score sheet, so their
    points are right but their scores before and after are not the sheet's."""
    from cardrules import get_game
    from cardrules.reports import HandReport

    base = type(get_game("voormsi"))

    class ReportsFromZero(base):  # type: ignore[misc,valid-type]
        def hand_report(self, state: Any) -> HandReport | None:
            report: HandReport | None = super().hand_report(state)
            if report is None:
                return None
            zeros = (0,) * len(report.points)
            return attrs.evolve(report, scores_before=zeros, scores_after=report.points)

    return ReportsFromZero()


def test_check_game_catches_reports_that_disagree_with_the_score_sheet() -> None:
    """Issue #27 item 10: a hand report's points are the change in the score sheet, and the next
    hand starts where the report left the sheet (a whole match, so there are several hands)."""
    with pytest.raises(AssertionError, match=r"starts from scores|the match ended on"):
        check_game(_voormsi_reporting_from_zero(), examples=3, start="match", thorough=False)

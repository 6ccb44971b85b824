"""``watch`` (and ``play``) told so that a card player follows every game without the docs (issue
#29, item 5): Voormsi's draws from the stock (V21), its jargon explained, the last trick's points
on its own line (V22), and a match's end told as a summary, not as each seat's view."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from cardrules.cards import Card
from cardrules.cli import main


def run(*args: str, stdin: str = "") -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(["--no-color", *args], stdin=io.StringIO(stdin), stdout=out)
    assert status == 0, err.getvalue()
    return out.getvalue()


def _cards(text: str) -> set[Card]:
    return {Card.parse(word) for word in text.split()}


@pytest.mark.parametrize("seed", [1, 2])
def test_V21_watch_tells_every_card_each_seat_draws(seed: int) -> None:
    """Before: a seat led a card nobody saw it draw. Every card a seat plays is one the spectator
    saw it get: in the deal's ``hand N:`` line or in a ``Draws from the stock`` line."""
    out = run("watch", "voormsi", "--seed", str(seed))
    known: dict[int, set[Card]] = {}
    draws = 0
    for line in out.splitlines():
        if (dealt := re.fullmatch(r"   hand (\d): (.*)", line)) is not None:
            known[int(dealt[1])] = _cards(dealt[2])
        elif line.startswith("* Draws from the stock: "):
            draws += 1
            for seat, cards in re.findall(r"seat (\d) ([^,(]+)", line):
                known[int(seat)] |= _cards(cards)
        elif (played := re.fullmatch(r"seat (\d): (?:lead|play) (.*)", line)) is not None:
            seat, cards = int(played[1]), _cards(played[2])
            assert cards <= known[seat], f"seat {seat} plays {played[2]} nobody saw it get"
            known[seat] -= cards
    assert draws > 0


def test_V21_play_tells_a_seat_its_own_draws_and_only_the_count_of_the_others() -> None:
    out = run("play", "voormsi", "--hand", "--seed", "2", stdin="1\n" * 200)
    lines = [line for line in out.splitlines() if line.startswith("* Draws from the stock: ")]
    assert lines
    for line in lines:
        assert re.fullmatch(
            r"\* Draws from the stock: you \S+, each other seat a card "
            r"\((\d+ cards left|the stock is empty)\)",
            line,
        ), line


def test_voormsi_jargon_is_explained_where_it_is_first_used() -> None:
    """Before: ``trick units: team 0 1, team 1 0; held: team 0 1, team 1 0`` with no word of
    what units (V20) or held points (V23) are."""
    out = run("watch", "voormsi", "--seed", "2")
    units = out.index("trick units")
    assert out.startswith("trick units (a trick counts one unit per card", units)
    held = out.index("held")
    assert out.startswith(
        "held back (points a side earns while its run of tricks is unbroken", held
    )
    assert out.count("trick units (a trick counts") == 1  # said once, not on every trick
    score = out.index("score (")
    assert out.startswith("score (first to 9 wins)", score)


@pytest.mark.parametrize("seed", [1, 2])
def test_V22_the_last_tricks_points_are_on_its_line(seed: int) -> None:
    """Before: ``+1 trick 9: reaches 5 trick units`` in the hand's report, nothing on the line of
    trick 9. Each point a report gives for the last trick shows on that trick's line."""
    out = run("watch", "voormsi", "--seed", str(seed))
    checked = 0
    for block in re.finditer(
        r"\* (Seat \d wins the last trick \((\d+)\).*)\n== Hand[^\n]*\n((?:   .*\n)*)", out
    ):
        trick_line, number, report = block[1], block[2], block[3]
        gained = {
            int(team): int(points)
            for team, points in re.findall(rf"   team (\d): \+(\d+) trick {number}: ", report)
        }
        for team, points in gained.items():
            assert f"team {team} scores {points}" in trick_line, trick_line
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("game", ["euchre", "rook", "voormsi"])
def test_a_watched_match_ends_with_a_summary_not_four_views(game: str) -> None:
    """Before: the game ended with four ``-- seat N's view`` blocks of an empty table. Now a line
    per hand, as its report tells it, then who won."""
    extra = ["--rules", "target_score=150"] if game == "rook" else []
    out = run("watch", game, "--seed", "1", *extra)
    assert "'s view" not in out
    hands = re.findall(r"^== Hand (\d+),", out, re.MULTILINE)
    summary = out[out.index("== Summary of the ") :].splitlines()
    assert summary[0] == f"== Summary of the {len(hands)} hands:"
    assert [re.match(r"   hand (\d+)", line)[1] for line in summary[1:-1]] == hands  # type: ignore[index]
    assert summary[-1].startswith("Game over:")

"""The strength commands of the bots page run (with tiny budgets here): the ladder of
``benchmarks/strength.py --ladder`` and the duel against euchre-cli (``python -m
benchmarks.euchre_cli``), and the euchre-cli adapter plays as euchre-cli's own game loop does.
Their figures are measured by hand; this keeps the commands and the adapter honest."""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Sequence
from typing import Any

import pytest
from benchmarks import strength

from cardrules import Card, RandomBot, Suit, Table, get_game, simulate


def test_t_quantiles_match_the_tables() -> None:
    # Student's t, two-sided 95 %: the printed tables' values.
    for df, expected in ((1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (30, 2.042)):
        assert strength.t_quantile(df) == pytest.approx(expected, abs=2e-3)
    assert strength.t_quantile(100_000) == pytest.approx(1.95996, abs=1e-4)


def test_an_estimate_is_the_mean_with_a_t_interval() -> None:
    estimate = strength.Estimate.of([1.0, 2.0, 3.0, 4.0])
    assert estimate.mean == 2.5
    assert estimate.sd == pytest.approx(math.sqrt(5 / 3))
    half = strength.t_quantile(3) * math.sqrt(5 / 3) / 2
    assert (estimate.low, estimate.high) == pytest.approx((2.5 - half, 2.5 + half))
    assert strength.Estimate.of([1.0]).low == -math.inf


def test_a_duel_pairs_the_deals_as_simulate_does() -> None:
    # The duel's deals are simulate's duplicate deals: the same margin, deal by deal.
    result = strength.duel("euchre", ("heuristic", "random"), 12, seed=5)
    game = get_game("euchre")
    bots = [game.heuristic_bot(), RandomBot()] * 2
    summary = simulate(game, bots, games=12, seed=5, start="hand", duplicate=True).duplicate
    assert summary is not None
    assert result.points.mean == pytest.approx(summary.comparisons[0].points.mean)
    assert result.deals == 12
    assert result.points.mean > 0  # the heuristic bot beats random play
    assert sum(len(t) for t in result.times[0].by_phase.values()) > 0


def test_a_deal_is_the_same_whatever_the_batches_and_the_job_pickles() -> None:
    # --jobs J hands batches of deals to worker processes: a pickled job, any batch gives the same.
    whole = strength.duel("voormsi", ("heuristic", "random"), 3, seed=2)
    job = pickle.loads(pickle.dumps(strength.DuelJob("voormsi", (), ("heuristic", "random"), 2)))
    assert strength.play_deals(job, [2]).rows == whole.rows[2:]
    assert strength.play_deals(job, [0, 1]).rows == whole.rows[:2]


def test_the_ladder_command_prints_each_rung_and_its_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--ladder", "--games", "voormsi", "--deals", "1", "--iterations", "4"]
    assert strength.main([*argv, "--samples", "2", "--jobs", "1", "--time-per-move"]) == 0
    out = capsys.readouterr().out
    for row in ("heuristic vs random", "ismcts-4 vs heuristic", "pimc-2+ismcts-4 vs ismcts-4"):
        assert row in out
    assert "time per move" in out and "decisions" in out and "play" in out


def test_make_bot_reads_every_spec_and_refuses_a_bad_one() -> None:
    game = get_game("rook")
    endgame = strength.make_bot(game, "pimc-3+ismcts-7")
    assert isinstance(endgame, strength.Endgame) and endgame.cards == 5
    assert repr(strength.make_bot(game, "cardrules.bots:RandomBot")) == "RandomBot()"
    with pytest.raises(ValueError, match="ismcts-N"):
        strength.make_bot(game, "ismcts-x")


# -- euchre-cli -----------------------------------------------------------------------------------

_NAMES = {
    Suit.SPADES: ("Spade", "Black"),
    Suit.CLUBS: ("Club", "Black"),
    Suit.DIAMONDS: ("Diamond", "Red"),
    Suit.HEARTS: ("Heart", "Red"),
}


class _NoChance(random.Random):
    """No "accidental" call, and hands kept in the view's order: euchre-cli then decides alone."""

    def choices(self, *args: Any, **kwargs: Any) -> list[Any]:
        return [False]

    def shuffle(self, x: Any) -> None:
        return None


def _euchre_cli_hand(ec: Any, views: Sequence[Any], dealer: int) -> tuple[int, int, int, int]:
    """Play the deal of ``views`` with euchre-cli's own bidding and trick loop (four computer
    players): (team 0's points, team 1's, team 0's tricks, team 1's)."""
    play = pytest.importorskip("euchre.command.play")
    util = pytest.importorskip("euchre.util")
    # euchre-cli breaks a tie of two suits in the second round by the order of a set of its suits,
    # i.e. by their addresses; hashed as ♣ 0, ♦ 1, ♥ 2, ♠ 3 they sort as the adapter's do.
    ordered: Any = type("Suit", (ec.Suit,), {"__hash__": lambda suit: suit.order})
    suits = {s: ordered(*names) for s, names in _NAMES.items()}
    for suit, value in suits.items():
        value.order = suit.value
    names = ("Nine", "Ten", "Jack", "Queen", "King", "Ace")
    faces = {r: ec.Face(name, r) for r, name in zip(range(9, 15), names, strict=True)}

    def card(c: Card) -> Any:
        assert c.suit is not None
        return ec.Card(suits[c.suit], faces[c.rank])

    teams = [ec.Team("0"), ec.Team("1")]
    order = [(dealer + 1 + k) % 4 for k in range(4)]  # left of the dealer first, the dealer last
    players = []
    for seat in order:
        player = ec.Computer(f"seat {seat}", teams[seat % 2])
        player.hand = [card(c) for c in views[seat].hand]
        player.is_dealer = seat == dealer
        players.append(player)
    trump = play.set_trump_suit(players, [card(views[0].upcard)])
    if trump is None:
        return (0, 0, 0, 0)
    for number in range(1, 6):
        played = play.trick(1, number, players, trump)
        util.trick_winner(players, played, trump)
        util.rotate_trick_order(players)
    tricks = (teams[0].trick_score, teams[1].trick_score)
    util.hand_winner(teams)
    return (teams[0].game_score, teams[1].game_score, *tricks)


def test_the_adapter_plays_each_deal_as_euchre_cli_itself_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ec = pytest.importorskip("euchre.abstract")
    computer = pytest.importorskip("euchre.abstract.computer")
    play = pytest.importorskip("euchre.command.play")
    from benchmarks import euchre_cli

    monkeypatch.setattr(play, "output", lambda *args, **kwargs: None)
    monkeypatch.setattr(computer, "choices", lambda *args, **kwargs: [False])
    game = get_game("euchre", **euchre_cli.RULES)
    bot = euchre_cli.EuchreCliBot()
    called = 0
    for seed in range(200):
        table = Table(game, start="hand", dealer=seed % 4, rng=random.Random(seed))
        views = [table.view(s) for s in range(4)]
        expected = _euchre_cli_hand(ec, views, views[0].dealer)
        rng = _NoChance(0)
        while not table.is_over:
            seat = table.to_move
            assert seat is not None
            table.push(bot.choose(table.view(seat), table.legal_actions(), rng))
        outcome = game.outcome(table.state)
        assert outcome is not None
        won = table.view(0).won
        assert (*outcome.team_points, *won) == expected, f"seed {seed}"
        called += expected != (0, 0, 0, 0)
    assert called > 100  # most deals are bid and played


def test_the_adapter_is_legal_under_euchre_cli_rules_and_ours() -> None:
    pytest.importorskip("euchre.abstract")
    from benchmarks import euchre_cli

    # A move our rules refuse would raise: simulate lists it as a failure.
    for rules in (euchre_cli.RULES, {}):  # {}: stick the dealer (E8), which euchre-cli lacks
        game = get_game("euchre", **rules)
        result = simulate(game, [euchre_cli.EuchreCliBot()] * 4, games=60, seed=3, start="hand")
        assert result.failures == ()
        assert result.completed == 60


def test_the_tested_bot_never_goes_alone_against_euchre_cli() -> None:
    from benchmarks import euchre_cli  # imports euchre-cli only when its bot is made

    game = get_game("euchre", **euchre_cli.RULES)
    bot = euchre_cli.make_partnered(game, "random")
    state = game.apply(game.new_hand(dealer=0), game.shuffle(random.Random(1)))
    seat = game.to_move(state)
    assert seat is not None
    view, legal = game.view(state, seat), game.legal_actions(state)
    assert any(getattr(a, "alone", False) for a in legal)
    choices = {bot.choose(view, legal, random.Random(k)) for k in range(40)}
    assert not any(getattr(a, "alone", False) for a in choices)
    assert len(choices) == 2  # pass and order, never order alone


@pytest.mark.parametrize(
    ("argv", "spec"),
    [
        (["--bot", "heuristic", "--time-per-move"], "heuristic"),
        (["--bot", "ismcts", "--budget", "5"], "ismcts-5"),
        (["--bot", "pimc", "--budget", "2"], "pimc-2+ismcts-1000"),
        (["--bot", "cardrules.bots:RandomBot"], "cardrules.bots:RandomBot"),
    ],
)
def test_the_euchre_cli_duel_command_runs(
    capsys: pytest.CaptureFixture[str], argv: list[str], spec: str
) -> None:
    pytest.importorskip("euchre.abstract")
    from benchmarks import euchre_cli

    assert euchre_cli.main(["--hands", "2", "--seed", "3", *argv]) == 0
    out = capsys.readouterr().out
    assert f"euchre: {spec} (seats 0, 2) vs euchre-cli 0.7.0" in out
    assert "margin, points a hand:" in out and "2 deals" in out
    assert f"time per move, {spec}" in out
    if "--time-per-move" in argv:
        assert "by phase" in out and "bidding" in out

"""The perfect-information Monte Carlo bot (issue 31, item 3): ``PIMCBot`` samples the hidden
cards from its view, solves each deal double-dummy and plays the best average; it falls back
outside the card play and where the solver cannot finish."""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardrules import RandomBot, Table, get_game, simulate
from cardrules.bots.pimc import PIMCBot
from cardrules.errors import ArgumentError, ArgumentTypeError
from cardrules.solver import SolverError, solve_double_dummy


class Recorder:
    """A fallback that records what it was asked to choose."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        self.asked.append(getattr(view, "phase", "?"))
        return legal_actions[-1]  # (in a Rook auction the highest bid: the hand is played)


def _play_position(name: str, seed: int, tricks: int) -> Any:
    table = Table(get_game(name), start="hand", dealer=0, rng=random.Random(seed))
    rng = random.Random(seed)
    while not table.is_over and (table.state.phase != "play" or len(table.state.tricks) < tricks):
        legal = table.legal_actions()
        table.push(legal[rng.randrange(len(legal))])
    return table


@pytest.mark.parametrize("seed", range(6))
def test_in_the_last_tricks_it_plays_a_double_dummy_best_card(seed: int) -> None:
    """At Euchre's last trick every hidden card is known (one each), so every sample is the true
    deal and the bot's card is a true double-dummy best; it is always a legal card."""
    table = _play_position("euchre", seed, 4)
    if table.is_over:
        pytest.skip("the hand ended early")
    game, state = table.game, table.state
    seat = table.to_move
    assert seat is not None
    bot = PIMCBot(game, samples=6)
    choice = bot.choose(game.view(state, seat), game.legal_actions(state), random.Random(seed))
    assert choice in game.legal_actions(state)
    if all(hand.bit_count() <= 1 for hand in state.hands):  # the last trick: no card hidden
        assert choice in solve_double_dummy(game, state).best


def test_outside_the_card_play_and_when_too_deep_it_falls_back() -> None:
    game = get_game("rook")
    recorder = Recorder()
    bot = PIMCBot(game, samples=2, node_limit=1, fallback=recorder)
    table = Table(game, start="hand", dealer=0, rng=random.Random(4))
    rng = random.Random(4)
    while table.state.phase != "play":
        seat = table.to_move
        assert seat is not None
        table.push(bot.choose(table.view(seat), table.legal_actions(), rng))
    assert recorder.asked and "play" not in recorder.asked  # the bidding went to the fallback
    seat = table.to_move
    assert seat is not None
    first = bot.choose(table.view(seat), table.legal_actions(), rng)
    assert first in table.legal_actions() and recorder.asked[-1] == "play"  # too deep: fallback


def test_same_view_and_generator_same_choice() -> None:
    table = _play_position("euchre", 3, 1)
    game, state = table.game, table.state
    seat = table.to_move
    assert seat is not None
    view, legal = game.view(state, seat), game.legal_actions(state)
    bot = PIMCBot(game, samples=5)
    assert bot.choose(view, legal, random.Random(9)) == bot.choose(view, legal, random.Random(9))
    again = pickle.loads(pickle.dumps(bot))
    assert again.choose(view, legal, random.Random(9)) == bot.choose(view, legal, random.Random(9))


def test_it_beats_random_play_at_euchre() -> None:
    """A strength check, seeded: over 30 hands PIMC's side outscores random partners."""
    game = get_game("euchre")
    result = simulate(
        game, [PIMCBot(game, samples=4), RandomBot()] * 2, games=30, seed=3, start="hand"
    )
    assert result.mean_team_points[0] > result.mean_team_points[1]


SURE = (
    "bidding hand dealer=0 scores=0,0 hands=10C,QC,9D,10D,JD/JC,JS,AC,KC,AH/QD,KD,AD,9H,10H/"
    "JH,QH,KH,9S,10S up=9C kitty=QS,KS,AS"
)
"""Seat 1, first to bid, holds both bowers and the A and K of the up-card's suit (E6, E10)."""
HOPELESS = (
    "bidding hand dealer=0 scores=0,0 hands=JC,QC,KC,10C,AH/9H,10H,9D,10D,QS/9C,JD,QD,KD,AD/"
    "JH,QH,KH,JS,9S up=AC kitty=10S,KS,AS"
)
"""Seat 1 holds no club, and ordering up gives the A of clubs to a dealer who holds the right
bower and three more clubs (E6)."""


@pytest.mark.parametrize(("position", "makes"), [(SURE, True), (HOPELESS, False)])
def test_simulated_bidding_orders_a_sure_hand_and_passes_a_hopeless_one(
    position: str, makes: bool
) -> None:
    """With ``search_bidding``, a bid is chosen by playing each option on sampled deals (the
    rest of the bidding by the fallback, the hand solved double-dummy): E6's order up where the
    hand makes trump on any deal, a pass where the makers are euchred on any deal."""
    game = get_game("euchre")
    state = game.parse_position(position)
    view, legal = game.view(state, 1), game.legal_actions(state)
    recorder = Recorder()
    bot = PIMCBot(game, samples=4, search_bidding=True, bidding_samples=6, fallback=recorder)
    choice = game.format_action(bot.choose(view, legal, random.Random(2)))
    assert choice.startswith("order") if makes else choice == "pass"
    assert "bidding" in recorder.asked or "discard" in recorder.asked  # the rest of the bidding
    plain = PIMCBot(game, samples=4, fallback=Recorder())
    assert plain.choose(view, legal, random.Random(2)) == legal[-1]  # without: the fallback's


def test_simulated_bidding_is_seeded_and_survives_pickling() -> None:
    game = get_game("euchre")
    state = game.parse_position(SURE)
    view, legal = game.view(state, 1), game.legal_actions(state)
    bot = PIMCBot(game, samples=3, search_bidding=True, bidding_samples=4)
    first = bot.choose(view, legal, random.Random(5))
    assert first == bot.choose(view, legal, random.Random(5))
    again = pickle.loads(pickle.dumps(bot))
    assert again.search_bidding and again.bidding_samples == 4
    assert again.choose(view, legal, random.Random(5)) == first
    assert "search_bidding=True" in repr(bot)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(SolverError):
        PIMCBot(get_game("tournament"))
    with pytest.raises(ArgumentError, match="samples"):
        PIMCBot(get_game("euchre"), samples=0)
    with pytest.raises(ArgumentTypeError, match="fallback"):
        PIMCBot(get_game("euchre"), fallback="heuristic")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="search_bidding"):
        PIMCBot(get_game("euchre"), search_bidding=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="bidding_samples"):
        PIMCBot(get_game("euchre"), search_bidding=True, bidding_samples=0)
    bot = PIMCBot(get_game("euchre"))
    with pytest.raises(ArgumentError):
        bot.choose(None, [], random.Random(1))


def test_the_command_line_seats_pimc_where_a_solver_exists() -> None:
    import contextlib
    import io

    from cardrules.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(
            ["simulate", "euchre", "--games", "2", "--hand", "--bots", "pimc", "random"],
            stdin=io.StringIO(""),
            stdout=out,
        )
    assert code == 0, err.getvalue()
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(
            ["simulate", "tournament", "--games", "1", "--bots", "pimc"], stdout=io.StringIO()
        )
    assert code != 0 and "no double-dummy solver for pimc" in err.getvalue()

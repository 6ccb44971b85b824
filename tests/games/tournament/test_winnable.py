"""Winnable deals on request: seeded tries, a checked proof, replayable records, clear errors."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CHANCE, ArgumentError, ArgumentTypeError, CardrulesError
from cardrules.games.tournament import make_game
from cardrules.games.tournament import solver as solver_module
from cardrules.games.tournament.solver import SolveResult
from cardrules.games.tournament.winnable import (
    DealTry,
    NoWinnableDealError,
    WinnableDeal,
    seeded_deal,
    winnable_deal,
)
from cardrules.records import GameRecord, record_game, replay, replay_steps


def dealt_by_seed(game: Any, seed: int) -> Any:
    """The deal as ``play_game`` and ``cardrules play --seed`` draw it, written out here again."""
    rng = random.Random(seed)
    state = game.new_hand()
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    return state


def check_found(game: Any, found: WinnableDeal, first: int) -> None:
    """The contract of a found deal: consecutive seeds, the last won, the state its seed's deal,
    the proof a legal winning line, the record a replay of it."""
    assert [t.seed for t in found.tries] == list(range(first, first + len(found.tries)))
    assert [t.status == "won" for t in found.tries] == [False] * (len(found.tries) - 1) + [True]
    assert found.tries[-1].seed == found.seed
    assert found.state == dealt_by_seed(game, found.seed)
    assert (found.state, found.chance_steps) == seeded_deal(game, found.seed)
    state = found.state
    for action in found.proof_line:
        state = game.apply(state, action)
    assert state.result == "won"
    record = GameRecord.from_json(found.record(game, found.proof_line).to_json())
    assert record.metadata["seed"] == found.seed
    assert replay(record).result == "won"
    steps = list(replay_steps(record))
    assert steps[len(found.chance_steps) - 1].after == found.state


def test_winnable_deal_is_its_seeds_deal_and_the_proof_wins_t11() -> None:
    """T11: the deal returned is won by its proof line, and it is exactly the deal its seed gives."""
    game = make_game()
    found = winnable_deal(game, 0, max_nodes=20_000)
    check_found(game, found, 0)
    assert game.winnable_deal(0, max_nodes=20_000) == found  # the method is the same call


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32))
def test_any_seed_gives_a_proved_replayable_deal(first: int) -> None:
    game = make_game()
    check_found(game, winnable_deal(game, first, max_nodes=5_000), first)


def test_rejected_reserves_are_chance_steps_of_the_record_b1() -> None:
    """B1: a seed whose first shuffles are rejected deals through them, and the record keeps
    them, so replaying it gives the seeded state."""
    game = make_game()
    seed = next(s for s in range(200) if len(seeded_deal(game, s)[1]) > 1)
    state, shuffles = seeded_deal(game, seed)
    assert state == dealt_by_seed(game, seed) and state.reserve_deals == len(shuffles)
    record = record_game(game, [(CHANCE, d) for d in shuffles], start="hand")
    assert replay(record) == state


def test_a_rng_draws_the_seeds_and_replays_the_same() -> None:
    game = make_game()
    found = winnable_deal(game, random.Random(7), max_nodes=5_000)
    rng = random.Random(7)
    assert [t.seed for t in found.tries] == [rng.randrange(2**32) for _ in found.tries]
    assert found == winnable_deal(game, random.Random(7), max_nodes=5_000)
    assert found.state == dealt_by_seed(game, found.seed)


def test_squared_piles_preset_tv1() -> None:
    """TV1 (La Nivernaise) changes only what is seen: winnable deals work the same."""
    game = make_game(preset="napoleons_flank")
    check_found(game, winnable_deal(game, 3, max_nodes=5_000), 3)


def test_budget_spent_raises_and_names_the_seeds() -> None:
    game = make_game()
    with pytest.raises(NoWinnableDealError, match=r"3 tries \(seeds 10, 11, 12\) with 50 solver"):
        winnable_deal(game, 10, max_nodes=50, max_tries=3)
    assert issubclass(NoWinnableDealError, CardrulesError)


def test_a_deal_the_solver_does_not_win_is_never_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a "won" answer counts, and even then its line is replayed before it is trusted."""
    game = make_game()
    answers: list[str] = []

    def fake(game: Any, state: Any, *, max_nodes: int, max_seconds: float | None = None) -> Any:
        answers.append("lost")
        return SolveResult("lost", (), 1, 0.0)

    monkeypatch.setattr(solver_module, "solve", fake)
    with pytest.raises(NoWinnableDealError):
        winnable_deal(game, 0, max_tries=4)
    assert answers == ["lost"] * 4

    def liar(game: Any, state: Any, *, max_nodes: int, max_seconds: float | None = None) -> Any:
        return SolveResult("won", (), 1, 0.0)  # "won" with a line that does not win

    monkeypatch.setattr(solver_module, "solve", liar)
    with pytest.raises(CardrulesError, match="does not win"):
        winnable_deal(game, 0)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"seed": True}, ArgumentTypeError, "seed must be an int, not bool"),
        ({"seed": 1.5}, ArgumentTypeError, "seed must be an int, not float"),
        ({"seed": "3"}, ArgumentTypeError, "seed must be an int, not str"),
        ({"seed": -1}, ArgumentError, "seed must be 0 or more, not -1"),
        ({"max_nodes": 0}, ArgumentError, "max_nodes must be at least 1, not 0"),
        ({"max_nodes": 10.0}, ArgumentTypeError, "max_nodes must be an int, not float"),
        ({"max_tries": 0}, ArgumentError, "max_tries must be at least 1, not 0"),
        ({"max_tries": None}, ArgumentTypeError, "max_tries must be an int, not NoneType"),
    ],
)
def test_arguments_are_checked(kwargs: dict[str, Any], error: type, message: str) -> None:
    args: dict[str, Any] = {"seed": 0, "max_nodes": 10, "max_tries": 1, **kwargs}
    seed = args.pop("seed")
    with pytest.raises(error, match=message):
        winnable_deal(make_game(), seed, **args)


def test_other_games_are_refused() -> None:
    with pytest.raises(ArgumentTypeError, match="game must be a TournamentGame"):
        winnable_deal(make_game(preset="kingsdown_eights"), 0)
    with pytest.raises(ArgumentTypeError, match="game must be a TournamentGame"):
        seeded_deal("tournament", 0)  # type: ignore[arg-type]
    found = WinnableDeal(0, make_game().new_hand(), (), (), (DealTry(0, "won", 1),))
    with pytest.raises(ArgumentTypeError, match="game must be a TournamentGame"):
        found.record(make_game(preset="kingsdown_eights"))

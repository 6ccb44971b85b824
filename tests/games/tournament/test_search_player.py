"""The search player: determinised search from the view alone, re-planning only on news."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import ArgumentError, ArgumentTypeError
from cardrules.games.tournament import bots, make_game, solver
from cardrules.games.tournament.bots import FairPlayer, SearchPlayer, _seen_key
from cardrules.games.tournament.winnable import seeded_deal

from ._helpers import deadlock


def twin(game: Any, seed: int, other: int) -> tuple[Any, Any]:
    """A dealt state and another one with the same view whose hidden cards lie elsewhere."""
    state = seeded_deal(game, seed)[0]
    double = game.sample_state(game.view(state), random.Random(other))
    assert game.view(double) == game.view(state) and double.stock != state.stock
    return state, double


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    other=st.integers(0, 10_000),
    bot_seed=st.integers(0, 10_000),
    preset=st.sampled_from([None, "napoleons_flank"]),
)
def test_same_view_same_choices_t3_tv1(seed: int, other: int, bot_seed: int, preset: str) -> None:
    """T3 (the stock is face down), TV1 (squared piles hide the cards under the tops): the player
    never reads the state, so two states with the same view but different hidden cards get the
    same choices from fresh players with equal generators, as long as their views stay equal."""
    game = make_game(preset=preset) if preset else make_game()
    states = list(twin(game, seed, other))
    players = [SearchPlayer(game, samples=3, max_nodes=300) for _ in states]
    rngs = [random.Random(bot_seed) for _ in states]
    steps = 0
    while steps < 40 and game.view(states[0]) == game.view(states[1]):
        if game.is_over(states[0]):
            break
        choices = [
            p.choose(game.view(s), game.legal_actions(s), r)
            for p, s, r in zip(players, states, rngs, strict=True)
        ]
        assert choices[0] == choices[1]
        states = [game.apply(s, choices[0]) for s in states]
        steps += 1
    assert steps >= 1


def test_follows_its_line_without_searching_again() -> None:
    """Nothing is hidden here (the stock is empty): one search, then the line is followed."""
    game = make_game()
    done = {f"F{s}{d}": 13 for s in "♣♦♥" for d in "↑↓"}
    s = game.position(
        reserve=["AS"], columns=["2S"], stock="", foundations={**done, "F♠↑": 13, "F♠↓": 11}
    )
    player = SearchPlayer(game, samples=2, max_nodes=100)
    rng = random.Random(0)
    while not game.is_over(s):
        s = game.apply(s, player.choose(game.view(s), game.legal_actions(s), rng))
    assert s.result == "won" and player.searches == 1


def test_searches_only_when_it_learns_something_t7_t8_t9() -> None:
    """T7 (a refill), T8 (a deal), T9 (a redeal) reveal cards or start a pass: the player searches
    again only then (or when the previous view is not the one its line predicted, which also
    means new cards were seen)."""
    game = make_game()
    player = SearchPlayer(game, samples=3, max_nodes=500)
    rng = random.Random(1)
    state = seeded_deal(game, 2)[0]
    previous_key = None
    searched_after_start = 0
    while not game.is_over(state):
        view = game.view(state)
        before = player.searches
        action = player.choose(view, game.legal_actions(state), rng)
        if player.searches > before and previous_key is not None:
            assert _seen_key(view) != previous_key
            searched_after_start += 1
        previous_key = _seen_key(view)
        state = game.apply(state, action)
    assert searched_after_start >= 1


def test_falls_back_to_the_fair_player_and_waits_for_news() -> None:
    """No sample is won in a deadlock: the fair player's choice, and no second search until a
    card is revealed or a redeal starts a pass."""
    game = make_game()
    s = deadlock(game)
    player, rng = SearchPlayer(game, samples=2, max_nodes=200), random.Random(0)
    fair = FairPlayer().choose(game.view(s), game.legal_actions(s), random.Random(0))
    assert player.choose(game.view(s), game.legal_actions(s), rng) == fair
    assert player.choose(game.view(s), game.legal_actions(s), rng) == fair
    assert player.searches == 1


def test_a_player_reused_across_games_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its memory is keyed by the cards seen, so the next game's first choice is searched anew."""
    game = make_game()
    player = SearchPlayer(game, samples=2, max_nodes=200)
    first = seeded_deal(game, 0)[0]
    player.choose(game.view(first), game.legal_actions(first), random.Random(0))
    second = seeded_deal(game, 1)[0]
    player.choose(game.view(second), game.legal_actions(second), random.Random(0))
    assert player.searches == 2
    calls: list[int] = []
    real = solver.solve

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(bots, "solve", counted)
    player.choose(game.view(first), game.legal_actions(first), random.Random(0))
    assert calls  # a game it saw before is searched again, not answered from memory


def test_arguments_are_checked() -> None:
    game = make_game()
    with pytest.raises(ArgumentTypeError, match="game must be a TournamentGame"):
        SearchPlayer(make_game(preset="kingsdown_eights"))
    with pytest.raises(ArgumentError, match="samples must be at least 1, not 0"):
        SearchPlayer(game, samples=0)
    with pytest.raises(ArgumentTypeError, match="max_nodes must be an int, not str"):
        SearchPlayer(game, max_nodes="5")  # type: ignore[arg-type]
    state = seeded_deal(game, 0)[0]
    with pytest.raises(ArgumentTypeError, match="view must be a TournamentView"):
        SearchPlayer(game).choose(state, game.legal_actions(state), random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        SearchPlayer(game).choose(game.view(state), game.legal_actions(state), 3)  # type: ignore[arg-type]


def test_pickles_for_process_executors() -> None:
    game = make_game()
    player = SearchPlayer(game, samples=2, max_nodes=200)
    copy = pickle.loads(pickle.dumps(player))
    assert repr(copy) == repr(player) == "SearchPlayer(samples=2, max_nodes=200)"
    state = seeded_deal(game, 5)[0]
    choices = [
        p.choose(game.view(state), game.legal_actions(state), random.Random(3))
        for p in (player, copy)
    ]
    assert choices[0] == choices[1]

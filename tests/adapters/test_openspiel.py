"""The OpenSpiel adapter: random_sim_test, chance outcomes, resampling, clone, Python algorithms."""

from __future__ import annotations

import random

import numpy as np
import pytest

GAMES = ("euchre", "rook", "voormsi", "tournament", "whist")
# Every test runs on the default (compact) and the full encoding: "rook/full" …
CASES = [*GAMES, *(f"{name}/full" for name in GAMES)]

pyspiel = pytest.importorskip("pyspiel")
from cardrules import CardrulesError, get_game  # noqa: E402
from cardrules.adapters.openspiel import register  # noqa: E402


@pytest.fixture(scope="module")
def spiel_games() -> dict[str, object]:
    return {}


def load(case: str, cache: dict[str, object]) -> object:
    """The game of a case: ``rook`` in the compact encoding, ``rook/full`` in the full one."""
    if case not in cache:
        name, _, full = case.partition("/")
        cache[case] = register(name, encoding="full" if full else "compact")
    return cache[case]


@pytest.mark.parametrize("name", CASES)
def test_random_sim_test(name: str, spiel_games: dict[str, object]) -> None:
    game = load(name, spiel_games)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def _dealt(game: object, seed: int) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state.apply_action(rng.choice(outcomes)[0])
    return state


@pytest.mark.parametrize("name", CASES)
def test_resample_keeps_information_state(name: str, spiel_games: dict[str, object]) -> None:
    game = load(name, spiel_games)
    state = _dealt(game, 3)
    player = state.current_player()  # type: ignore[attr-defined]
    assert player >= 0
    sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))  # type: ignore[attr-defined]
    assert sampled.information_state_string(player) == state.information_state_string(player)  # type: ignore[attr-defined]
    assert sampled.legal_actions() == state.legal_actions()  # type: ignore[attr-defined]
    tensor = np.asarray(state.information_state_tensor(player))  # type: ignore[attr-defined]
    assert tensor.shape == (game.information_state_tensor_size(),)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", CASES)
def test_clone_shares_the_immutable_state(name: str, spiel_games: dict[str, object]) -> None:
    state = _dealt(load(name, spiel_games), 4)
    clone = state.clone()  # type: ignore[attr-defined]
    assert clone.inner is state.inner  # type: ignore[attr-defined]
    clone.apply_action(clone.legal_actions()[0])
    assert clone.inner is not state.inner  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["whist"])
def test_openspiel_mcts_search_runs(name: str, spiel_games: dict[str, object]) -> None:
    from open_spiel.python.algorithms import mcts

    game = load(name, spiel_games)
    state = _dealt(game, 5)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=5,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        random_state=np.random.RandomState(2),
    )
    root = bot.mcts_search(state)
    assert root.best_child().action in state.legal_actions()  # type: ignore[attr-defined]


def _play_out(game: object, pick: int, seed: int, max_steps: int = 20_000) -> tuple[int, int]:
    """Take always chance outcome ``pick`` (0: the first, -1: the last), random legal moves
    otherwise; the number of steps and the longest run of chance nodes until the end."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    run = longest = 0
    for steps in range(max_steps):
        if state.is_terminal():
            return steps, longest
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(outcomes[pick][0])
            run += 1
            longest = max(longest, run)
        else:
            run = 0
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"no end after {max_steps} steps")


@pytest.mark.parametrize("pick", [0, -1], ids=["first", "last"])
@pytest.mark.parametrize("name", CASES)
def test_every_chance_path_ends(name: str, pick: int, spiel_games: dict[str, object]) -> None:
    """Issue #15: an algorithm that always takes the first (or last) chance outcome finishes."""
    game = load(name, spiel_games)
    deck = len(game.cardrules_game.deck)  # type: ignore[attr-defined]
    for seed in range(2):
        _steps, longest = _play_out(game, pick, seed)
        assert longest <= 10 * deck, f"{longest} chance nodes in a row"


def test_tournament_first_outcome_survives_rejected_reserves(
    spiel_games: dict[str, object],
) -> None:
    """T2: the deck dealt in order (2♣ 2♣ 3♣ 3♣ …) has no Ace or King in the reserve and is
    rejected; the next shuffle fills the deck in another order, so the deal goes on."""
    game = load("tournament", spiel_games)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    chance = 0
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
        chance += 1
        assert chance < 20 * 104
    assert chance > 104, "the first shuffle (cards in deck order) should have been rejected"
    assert state.current_player() == 0


def test_later_shuffles_fill_the_deck_in_another_fixed_order(
    spiel_games: dict[str, object],
) -> None:
    from cardrules.adapters.openspiel import _fill_order

    assert _fill_order(24, 0) == tuple(range(24))
    for k in (1, 2, 3):
        order = _fill_order(104, k)
        assert sorted(order) == list(range(104)) and order != tuple(range(104))
        assert order == _fill_order(104, k)
    assert _fill_order(104, 1) != _fill_order(104, 2)


def _some_play(game: object, seed: int, moves: int) -> object:
    state = _dealt(game, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():  # type: ignore[attr-defined]
            break
        if state.is_chance_node():  # type: ignore[attr-defined]
            state.apply_action(rng.choice(state.chance_outcomes())[0])  # type: ignore[attr-defined]
        else:
            state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]
    return state


@pytest.mark.parametrize("name", CASES)
def test_observations_come_from_the_seats_view_only(
    name: str, spiel_games: dict[str, object]
) -> None:
    """DESIGN §5: every string and tensor a player gets is the same in a state that differs
    only in what that player cannot see."""
    game = load(name, spiel_games)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seed, moves in ((1, 0), (2, 3), (3, 9)):
        state = _some_play(game, seed, moves)
        if state.is_terminal():  # type: ignore[attr-defined]
            continue
        for player in range(game.num_players()):  # type: ignore[attr-defined]
            other = state.resample_from_infostate(player, sampler)  # type: ignore[attr-defined]
            for method in (
                "information_state_string",
                "observation_string",
            ):
                assert getattr(other, method)(player) == getattr(state, method)(player), method
            for method in ("information_state_tensor", "observation_tensor"):
                a = np.asarray(getattr(state, method)(player))
                b = np.asarray(getattr(other, method)(player))
                assert np.array_equal(a, b), method
            view = state.view(player)  # type: ignore[attr-defined]
            expected = repr(view)
            if pending := state.pending_of(player):  # type: ignore[attr-defined]
                cards = game.action_encoding.pending_cards(pending)  # type: ignore[attr-defined]
                expected += " selected: " + " ".join(card.ascii for card in cards)
            assert state.observation_string(player) == expected  # type: ignore[attr-defined]


def test_resampling_during_a_deal_hides_the_cards_dealt_so_far(
    spiel_games: dict[str, object],
) -> None:
    game = load("euchre", spiel_games)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while state.is_chance_node() and len(state._dealt) < 10:
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_chance_node() and len(state._dealt) == 10
    prefixes = set()
    for k in range(5):
        sampler = pyspiel.UniformProbabilitySampler(k / 10, k / 10 + 0.05)
        other = state.resample_from_infostate(0, sampler)
        assert len(other._dealt) == 10 and other.is_chance_node()
        assert sum(p for _, p in other.chance_outcomes()) == pytest.approx(1)
        prefixes.add(tuple(other._dealt))
    assert len(prefixes) > 1 and tuple(state._dealt) not in prefixes


def _selecting(game: object, seed: int) -> object:
    """A Rook state in the middle of a bury: two cards selected."""
    rng = random.Random(seed)
    while True:
        state = _dealt(game, rng.randrange(10**6))
        while not state.is_terminal():  # type: ignore[attr-defined]
            if state.is_chance_node():  # type: ignore[attr-defined]
                state.apply_action(rng.choice(state.chance_outcomes())[0])  # type: ignore[attr-defined]
                continue
            if bin(state.pending).count("1") == 2:  # type: ignore[attr-defined]
                return state
            state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]


def test_pending_selection_is_the_movers_own_information(spiel_games: dict[str, object]) -> None:
    """R13: the bidder's bury, two cards selected, is in its information state and tensor and
    survives its resampling; the other seats do not see it, and their resampling drops it."""
    game = load("rook", spiel_games)
    state = _selecting(game, 1)
    mover = state.current_player()  # type: ignore[attr-defined]
    size = game.encoder.size  # type: ignore[attr-defined]
    tensor = np.asarray(state.information_state_tensor(mover))  # type: ignore[attr-defined]
    assert tensor[size:].sum() == 2
    assert "selected:" in state.information_state_string(mover)  # type: ignore[attr-defined]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    own = state.resample_from_infostate(mover, sampler)  # type: ignore[attr-defined]
    assert own.pending == state.pending  # type: ignore[attr-defined]
    assert own.legal_actions() == state.legal_actions()  # type: ignore[attr-defined]
    for other in range(game.num_players()):  # type: ignore[attr-defined]
        if other == mover:
            continue
        assert "selected:" not in state.information_state_string(other)  # type: ignore[attr-defined]
        other_tensor = np.asarray(state.information_state_tensor(other))  # type: ignore[attr-defined]
        assert other_tensor[size:].sum() == 0
        world = state.resample_from_infostate(other, sampler)  # type: ignore[attr-defined]
        assert world.pending == 0
        assert world.information_state_string(other) == state.information_state_string(other)  # type: ignore[attr-defined]
    clone = state.clone()  # type: ignore[attr-defined]
    clone.apply_action(clone.legal_actions()[0])
    assert bin(clone.pending).count("1") == 3 and bin(state.pending).count("1") == 2  # type: ignore[attr-defined]
    with pytest.raises(CardrulesError):
        own.record()


def test_action_strings_name_the_completed_action(spiel_games: dict[str, object]) -> None:
    game = load("rook", spiel_games)
    state = _selecting(game, 2)
    player = state.current_player()  # type: ignore[attr-defined]
    code = state.legal_actions()[0]  # type: ignore[attr-defined]
    assert state.action_to_string(player, code).startswith("select ")  # type: ignore[attr-defined]
    while bin(state.pending).count("1") < 4:  # type: ignore[attr-defined]
        state.apply_action(state.legal_actions()[0])  # type: ignore[attr-defined]
    last = state.action_to_string(player, state.legal_actions()[0])  # type: ignore[attr-defined]
    assert last.startswith("bury ")


@pytest.mark.parametrize("name", ["rook", "voormsi"])
def test_action_strings_for_another_seat_do_not_read_the_movers_hand(
    name: str, spiel_games: dict[str, object]
) -> None:
    """A seat that is not to move is told each code's state-free name (``select <card>``,
    ``done``, or the action that names no card): the mover's text reads its legal groups ("play
    X" exactly when X is in its hand), which would show another seat the mover's cards."""
    game = load(name, spiel_games)
    cards = len(get_game(name).deck.cards)  # the codes below select a card
    rng = random.Random(5)
    state = _dealt(game, 5)
    for _ in range(500):  # on to a card play, whose mover's text names the play
        if state.is_chance_node():  # type: ignore[attr-defined]
            state.apply_action(rng.choice(state.chance_outcomes())[0])  # type: ignore[attr-defined]
            continue
        mover = state.current_player()  # type: ignore[attr-defined]
        own = [state.action_to_string(mover, c) for c in state.legal_actions() if c < cards]  # type: ignore[attr-defined]
        if any(not text.startswith("select ") for text in own):
            break
        state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]
    else:
        pytest.fail("no card play reached")
    num_codes = game.num_distinct_actions()  # type: ignore[attr-defined]
    for other in range(game.num_players()):  # type: ignore[attr-defined]
        if other == mover:
            continue
        texts = [state.action_to_string(other, c) for c in range(num_codes)]  # type: ignore[attr-defined]
        assert all(t.startswith("select ") for t in texts[:cards])
        assert texts[cards] == "done"

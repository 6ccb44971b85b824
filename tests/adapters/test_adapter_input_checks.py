"""The adapters' edge (issue #27, item 6): each refusal is the right CardrulesError subclass — an
ArgumentError (a ValueError) for a bad value, an ArgumentTypeError (a TypeError) for a bad type —
an environment used before ``reset`` says so, and every preset of every game has a working action
encoding, OpenSpiel registration and PettingZoo environment."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test  # noqa: E402

from cardrules import get_game  # noqa: E402
from cardrules.adapters.compact import (  # noqa: E402
    COMPACT_LIMIT,
    CompactEncoding,
    action_encoding,
    keeps_own_codes,
)
from cardrules.adapters.openspiel import register  # noqa: E402
from cardrules.adapters.pettingzoo import (  # noqa: E402
    CardrulesAECEnv,
    ResetNeededError,
    cardrules_env,
)
from cardrules.bots import RandomBot  # noqa: E402
from cardrules.encoding import ViewEncoder  # noqa: E402
from cardrules.errors import ArgumentError, ArgumentTypeError  # noqa: E402
from cardrules.sim import play_game, simulate  # noqa: E402

# -- PettingZoo ------------------------------------------------------------------------------


@pytest.mark.parametrize("call", ["step", "observe", "last", "record"])
def test_an_environment_used_before_reset_says_so(call: str) -> None:
    env = cardrules_env("euchre")
    calls: dict[str, Callable[[], object]] = {
        "step": lambda: env.step(0),
        "observe": lambda: env.observe("player_0"),
        "last": env.last,
        "record": env.record,
    }
    with pytest.raises(ResetNeededError, match=rf"{call}\(\) needs an episode: call reset\(\)"):
        calls[call]()
    assert isinstance(ResetNeededError("x"), RuntimeError)
    env.reset(seed=1)  # and then it works
    env.last()


@pytest.mark.parametrize("seed", [[1], 1.5, True, "1", (1,)])
def test_a_seed_that_is_no_int_is_an_argument_type_error(seed: Any) -> None:
    env = cardrules_env("euchre")
    env.reset(seed=2)
    before = env.state
    with pytest.raises(ArgumentTypeError, match="seed must be an int or None"):
        env.reset(seed=seed)
    assert env.state is before  # nothing changed


def test_a_numpy_seed_is_the_same_seed() -> None:
    one, other = cardrules_env("euchre"), cardrules_env("euchre")
    one.reset(seed=7)
    other.reset(seed=np.int64(7))  # type: ignore[arg-type]
    assert one.state == other.state


@pytest.mark.parametrize(
    ("options", "error", "named"),
    [
        ({"episode": "season"}, ArgumentError, "episode must be 'hand' or 'match'"),
        ({"episode": 5}, ArgumentTypeError, "episode must be 'hand' or 'match', not int"),
        ({"render_mode": "human"}, ArgumentError, "unsupported render mode 'human'"),
        ({"render_mode": 1}, ArgumentTypeError, "render_mode must be 'ansi' or None, not int"),
        ({"encoding": 3}, ArgumentTypeError, "encoding must be 'compact' or 'full', not int"),
    ],
)
def test_bad_environment_options_are_the_right_errors(
    options: dict[str, Any], error: type[Exception], named: str
) -> None:
    with pytest.raises(error, match=named) as caught:
        CardrulesAECEnv(get_game("euchre"), **options)
    builtin = ValueError if error is ArgumentError else TypeError
    assert isinstance(caught.value, builtin)


# -- the simulation's bots ---------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 3, 5])
def test_the_wrong_number_of_bots_is_an_argument_error(count: int) -> None:
    game = get_game("euchre")
    with pytest.raises(ArgumentError, match="euchre needs 4 bots, one per seat, not"):
        simulate(game, [RandomBot()] * count, games=1)
    with pytest.raises(ArgumentError, match="needs 4 bots"):
        play_game(game, [RandomBot()] * count, seed=1)


def test_bots_that_are_no_sequence_are_an_argument_type_error() -> None:
    with pytest.raises(ArgumentTypeError, match="bots must be a sequence of bots"):
        simulate(get_game("euchre"), RandomBot(), games=1)  # type: ignore[arg-type]


# -- action encodings ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["rook", "voormsi", "euchre", "tournament"])
def test_legal_codes_of_none_is_refused_by_a_fresh_encoding(name: str) -> None:
    """A fresh compact encoding remembers no state: ``None`` is checked, not answered with ``[]``."""
    encoding = action_encoding(get_game(name))
    with pytest.raises(ArgumentTypeError, match="state must be a"):
        encoding.legal_codes(None)
    with pytest.raises(ArgumentTypeError, match="state must be a"):
        encoding.code_to_string(None, 0, 0)


@pytest.mark.parametrize(
    ("game", "encoding", "error", "named"),
    [
        ("rook", ["full"], ArgumentTypeError, "encoding must be 'compact' or 'full', not list"),
        ("rook", None, ArgumentTypeError, "encoding must be"),
    ],
)
def test_a_bad_encoding_name_is_the_right_error(
    game: str, encoding: Any, error: type[Exception], named: str
) -> None:
    with pytest.raises(error, match=named):
        action_encoding(get_game(game), encoding)


def test_an_encoding_of_no_game_is_an_argument_type_error() -> None:
    with pytest.raises(ArgumentTypeError, match=r"takes a cardrules game .* get_game\('rook'\)"):
        action_encoding("rook")
    with pytest.raises(ArgumentTypeError, match="takes a cardrules game"):
        CompactEncoding(None)


def test_a_game_with_no_compact_encoding_is_an_argument_error() -> None:
    """T1: the patience's double pack holds two copies of each card: no card-by-card selection."""
    with pytest.raises(ArgumentError, match="its deck holds copies of a card"):
        CompactEncoding(get_game("tournament", preset="pysolfc"))


def test_a_games_own_view_encoder_of_the_wrong_size_is_an_argument_error() -> None:
    """A game that encodes its views itself (``encode_view`` and ``view_size``) and breaks the size
    it promised gets the library's ValueError, naming the game."""

    class Custom:
        name = "custom"
        deck = get_game("euchre").deck
        view_size = 3

        def view(self, state: int, seat: int) -> int:
            return state

        def new_hand(self, dealer: int | None = None) -> int:
            return 0

        def encode_view(self, view: int) -> list[float]:
            return [0.0, 1.0]

    with pytest.raises(ArgumentError, match="custom: encode_view gave 2 numbers, view_size is 3"):
        ViewEncoder(Custom()).encode(0)


# -- every preset of every game ---------------------------------------------------------------


def _presets() -> list[tuple[str, str, dict[str, Any]]]:
    cases = []
    for name in ("euchre", "rook", "voormsi", "tournament"):
        for preset in type(get_game(name).rules).PRESETS:
            if preset == "cicely":  # TV2: Cicely's building rule must be chosen
                for build in ("down_in_suit", "up_or_down_in_suit"):
                    cases.append((name, preset, {"cicely_build": build}))
            else:
                cases.append((name, preset, {}))
    return cases


PRESETS = _presets()


def _each_preset() -> list[tuple[str, Any]]:
    """``(label, game)`` for every preset of every game."""
    return [
        (f"{name} {preset} {options}".rstrip(" {}"), get_game(name, preset=preset, **options))
        for name, preset, options in PRESETS
    ]


def test_every_preset_has_a_default_encoding() -> None:
    """The compact encoding fits 256 codes wherever a game has card choices; a game without any
    (the patience's moves name piles: pysolfc's B8, Cicely's TV2) keeps its own codes."""
    over = set()
    for label, game in _each_preset():
        encoding = action_encoding(game)
        if keeps_own_codes(game):
            assert encoding.is_full, label
            assert encoding.num_distinct_actions == game.num_distinct_actions, label
            if game.num_distinct_actions > COMPACT_LIMIT:
                over.add(label.split(" ")[1])
        else:
            assert not encoding.is_full and encoding.num_distinct_actions <= COMPACT_LIMIT, label
    assert over == {"pysolfc", "cicely"}  # the presets docs/adapters.rst names


def test_every_preset_registers_with_openspiel() -> None:
    for (name, preset, options), (label, cr_game) in zip(PRESETS, _each_preset(), strict=True):
        game = register(name, preset=preset, **options)
        encoding = action_encoding(cr_game)
        assert game.num_distinct_actions() == encoding.num_distinct_actions, label
        assert f"{encoding.name} actions" in game.get_type().long_name, label
        rng = random.Random(1)
        state = game.new_initial_state()
        for _ in range(400):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def test_every_preset_runs_as_a_pettingzoo_environment() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # dict observations with masks
        for name, preset, options in PRESETS:
            env = cardrules_env(name, preset=preset, **options)
            api_test(env, num_cycles=40)

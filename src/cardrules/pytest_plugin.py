"""The cardrules pytest plugin: fixtures for games and presets, loaded through the ``pytest11``
entry point when cardrules is installed.

It imports nothing of cardrules when pytest loads it (each fixture imports the core when it
runs), and Hypothesis only through ``cardrules_strategies``, so it costs a test run that does
not use it nothing.

Fixtures:

``cardrules_game``
    a game, parametrised: a test that asks for it runs once per registered game, or once per
    game the ``cardrules_games`` marker names (``"euchre"``, or ``"euchre:table_play"`` for a
    preset), or once per preset of each game with ``presets=True``::

        @pytest.mark.cardrules_games("euchre", "rook:table_play")
        def test_my_bot_plays_legally(cardrules_game): ...

        @pytest.mark.cardrules_games("rook", presets=True)  # every Rook preset
        def test_rook_presets(cardrules_game): ...

    ``@pytest.mark.parametrize("cardrules_game", ["voormsi"], indirect=True)`` works too.
``cardrules_games``
    every registered game with its default rules, a tuple (name order).
``cardrules_presets``
    every ``"name:preset"`` of the registered games, a tuple.
``cardrules_strategies``
    the :mod:`cardrules.strategies` module (it needs Hypothesis: ``pip install
    "cardrules[testing]"``).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

__all__ = [
    "cardrules_game",
    "cardrules_games",
    "cardrules_presets",
    "cardrules_strategies",
    "game_of_spec",
]

_FIXTURE = "cardrules_game"
_MARKER = "cardrules_games"


def pytest_configure(config: pytest.Config) -> None:
    """Declare the marker (runs with ``--strict-markers`` need it)."""
    config.addinivalue_line(
        "markers",
        f"{_MARKER}(*specs, presets=False): the games ('name' or 'name:preset') the "
        f"{_FIXTURE} fixture runs a test on; presets=True: every preset of each",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise ``cardrules_game`` over the marker's games, else every registered game."""
    if _FIXTURE not in metafunc.fixturenames:
        return
    for mark in metafunc.definition.iter_markers("parametrize"):
        names = mark.args[0] if mark.args else mark.kwargs.get("argnames", ())
        if _FIXTURE in (names.replace(" ", "").split(",") if isinstance(names, str) else names):
            return  # the test parametrises it itself
    marker = metafunc.definition.get_closest_marker(_MARKER)
    specs = _specs(marker.args if marker else (), bool(marker and marker.kwargs.get("presets")))
    metafunc.parametrize(_FIXTURE, specs, indirect=True, ids=specs)


def _specs(names: tuple[Any, ...], presets: bool) -> list[str]:
    from cardrules.errors import ArgumentTypeError
    from cardrules.registry import available_games

    for name in names:
        if not isinstance(name, str):
            raise ArgumentTypeError(
                f"@pytest.mark.{_MARKER} takes game names as text, not {type(name).__name__}"
            )
    chosen = list(names) or list(available_games())
    if not presets:
        return chosen
    return [spec for name in chosen for spec in (name, *_preset_specs(name))]


def _preset_specs(name: str) -> list[str]:
    from cardrules.registry import get_game

    rules = get_game(name).rules
    return [f"{name}:{preset}" for preset in getattr(type(rules), "PRESETS", {})]


def game_of_spec(spec: str) -> Any:
    """The game of ``"name"`` or ``"name:preset"``.

    >>> game_of_spec("rook:table_play").rules.renege_mode
    True
    """
    from cardrules.registry import get_game

    name, _, preset = spec.partition(":")
    return get_game(name, preset=preset) if preset else get_game(name)


@pytest.fixture
def cardrules_game(request: pytest.FixtureRequest) -> Any:
    """A game of the parametrisation (see the module's docs)."""
    spec = getattr(request, "param", None)
    if not isinstance(spec, str):
        from cardrules.errors import ArgumentTypeError

        raise ArgumentTypeError(
            f"{_FIXTURE} is parametrised with game names ('euchre', 'rook:table_play'), "
            f"not {type(spec).__name__}"
        )
    return game_of_spec(spec)


@pytest.fixture
def cardrules_games() -> tuple[Any, ...]:
    """Every registered game with its default rules."""
    from cardrules.registry import available_games, get_game

    return tuple(get_game(name) for name in available_games())


@pytest.fixture
def cardrules_presets() -> tuple[str, ...]:
    """Every ``"name:preset"`` of the registered games."""
    from cardrules.registry import available_games

    return tuple(spec for name in available_games() for spec in _preset_specs(name))


@pytest.fixture
def cardrules_strategies() -> ModuleType:
    """The :mod:`cardrules.strategies` module (Hypothesis imported now, not when pytest starts)."""
    import cardrules.strategies

    return cardrules.strategies

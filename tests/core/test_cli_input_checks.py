"""The command line checks its options before anything is played or kept (#27).

* ``--plugin`` is all or nothing: a refused plugin leaves the registry exactly as it was, the
  built-in game its name shadowed included (it used to stay registered, so that
  ``get_game("euchre", target_score=5)`` later raised a bare ``TypeError``);
* ``--rules`` refuses a key given twice (the last value used to win silently) and keeps the pairs
  of every ``--rules`` option (a second one used to drop the first);
* ``--svg FILE`` that could not be written is refused before the game starts, as ``--record``
  is (it used to fail at the first picture, after the game had begun).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules
from cardrules import registry
from cardrules.cli import main
from cardrules.errors import CardrulesError
from cardrules.games.euchre import EuchreGame


def _cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stderr
    sys.stderr = err
    try:
        status = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    finally:
        sys.stderr = old
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def saved_registry() -> Iterator[dict[str, registry.GameFactory]]:
    """The in-process registrations as they were before the test; put back after it."""
    before = dict(registry._registered)
    yield before
    registry._registered.clear()
    registry._registered.update(before)


# --- --plugin -----------------------------------------------------------------------------------


def test_a_refused_plugin_does_not_shadow_a_built_in_game(
    saved_registry: dict[str, registry.GameFactory],
) -> None:
    """The issue's case: ``--plugin euchre=os:getcwd`` is refused, and Euchre is Euchre again."""
    status, _, err = _cli("--plugin", "euchre=os:getcwd", "list")
    assert status == 2 and "not a game" in err
    game = cardrules.get_game("euchre", target_score=5)
    assert type(game) is EuchreGame and game.rules.target_score == 5
    assert registry._registered == saved_registry


def test_a_refused_plugin_puts_back_the_registration_it_replaced(
    saved_registry: dict[str, registry.GameFactory],
) -> None:
    def short_euchre(**options: object) -> object:
        return cardrules.get_game("euchre", target_score=5, **options)

    cardrules.register("short-euchre", short_euchre)
    status, _, err = _cli("--plugin", "short-euchre=os:getcwd", "list")
    assert status == 2 and "--plugin short-euchre=os:getcwd" in err
    assert registry.get_factory("short-euchre") is short_euchre


def test_plugins_are_all_or_nothing(saved_registry: dict[str, registry.GameFactory]) -> None:
    """A good plugin given before a refused one is not kept either."""
    status, _, err = _cli(
        "--plugin",
        "euchre-copy=cardrules.games.euchre:make_game",
        "--plugin",
        "broken=os:getcwd",
        "list",
    )
    assert status == 2 and "broken" in err
    assert "euchre-copy" not in cardrules.available_games()
    assert registry._registered == saved_registry
    # Given alone, the good one is kept for the rest of the process, as before.
    assert _cli("--plugin", "euchre-copy=cardrules.games.euchre:make_game", "list")[0] == 0
    assert "euchre-copy" in cardrules.available_games()


def test_all_or_nothing_keeps_a_block_that_ends_normally(
    saved_registry: dict[str, registry.GameFactory],
) -> None:
    def rook(**options: object) -> object:
        return cardrules.get_game("rook", **options)

    def refused_block() -> None:
        with registry.all_or_nothing():
            cardrules.register("rook-a", rook)
            cardrules.unregister("rook-a")
            cardrules.register("euchre", lambda **options: None)
            cardrules.get_game("euchre")  # not a game: the block raises

    with pytest.raises(CardrulesError, match="not a game"):
        refused_block()
    assert registry._registered == saved_registry
    with registry.all_or_nothing():
        cardrules.register("rook-b", rook)
    assert registry.get_factory("rook-b") is rook


# --- --rules ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ("rules", "euchre", "--rules", "target_score=5", "target_score=6"),
        ("rules", "euchre", "--rules", "target_score=5", "--rules", "target_score=6"),
        ("rules", "euchre", "--rules", "target_score=5", "target_score=5"),
        ("play", "euchre", "--rules", "target_score=7", "target_score=6", "--seed", "1"),
    ],
)
def test_a_rules_key_given_twice_is_an_error_naming_it(argv: tuple[str, ...]) -> None:
    status, out, err = _cli(*argv, stdin="q\n")
    assert status == 2
    assert err.startswith("cardrules: --rules gives target_score twice")
    assert out == ""  # nothing was dealt or played


def test_every_rules_option_counts() -> None:
    """``--rules a=1 --rules b=2`` used to drop ``a=1`` (argparse kept the last list only)."""
    status, out, err = _cli(
        "rules", "euchre", "--rules", "target_score=7", "--rules", "stick_the_dealer=false"
    )
    assert status == 0, err
    assert "target_score = 7" in out and "stick_the_dealer = False" in out


# --- --svg --------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "watch"])
def test_svg_into_a_missing_folder_fails_before_the_game_starts(
    command: str, tmp_path: Path
) -> None:
    target = tmp_path / "missing" / "table.svg"
    status, out, err = _cli(command, "euchre", "--seed", "1", "--svg", str(target), stdin="q\n")
    assert status == 2
    assert err.startswith(f"cardrules: --svg {target}: there is no folder")
    assert out == ""  # nothing was dealt, drawn or played


@pytest.mark.parametrize("command", ["play", "watch"])
def test_svg_onto_a_folder_fails_before_the_game_starts(command: str, tmp_path: Path) -> None:
    status, out, err = _cli(command, "euchre", "--seed", "1", "--svg", str(tmp_path), stdin="q\n")
    assert status == 2
    assert "--svg" in err and "that is a folder" in err
    assert out == ""

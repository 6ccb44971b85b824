"""Bad input at the core entry points: the registry, records, the simulator and the CLI.

Each test pins one gap an audit found: the input used to be accepted (or to fail later, far from
its cause, with a bare ``TypeError``/``AttributeError``/traceback) and is now refused at once with
a :class:`~cardrules.errors.CardrulesError` subclass naming what is wrong.
"""

from __future__ import annotations

import io
import shutil
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.bots import RandomBot
from cardrules.cli import main
from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    RecordError,
)
from cardrules.records import GameRecord, record_game, replay, replay_steps
from cardrules.sim import play_game, simulate


def _cli(*argv: str, stdin: Any = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_err = sys.stderr
    sys.stderr = err
    try:
        status = main(list(argv), stdin=stdin or io.StringIO(""), stdout=out)
    finally:
        sys.stderr = old_err
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def clean_registry() -> Iterator[None]:
    """Registrations a test makes are removed, whatever it registered."""
    before = set(cardrules.available_games())
    yield
    from cardrules import registry

    for name in set(registry._registered) - before:
        cardrules.unregister(name)


# --- 1. the registry ---------------------------------------------------------------------------


@pytest.mark.usefixtures("clean_registry")
@pytest.mark.parametrize(
    ("name", "factory", "error"),
    [
        (None, lambda **o: cardrules.get_game("euchre"), ArgumentTypeError),
        (7, lambda **o: cardrules.get_game("euchre"), ArgumentTypeError),
        ("", lambda **o: cardrules.get_game("euchre"), ArgumentError),
        ("two words", lambda **o: cardrules.get_game("euchre"), ArgumentError),
        ("x", 5, ArgumentTypeError),
        ("x", None, ArgumentTypeError),
    ],
)
def test_register_refuses_a_bad_name_or_factory(name: Any, factory: Any, error: type) -> None:
    with pytest.raises(error):
        cardrules.register(name, factory)
    # Nothing was registered, so the registry still works for everyone else.
    assert "euchre" in cardrules.available_games()
    with pytest.raises(cardrules.UnknownGameError, match="typo"):
        cardrules.get_game("typo")


@pytest.mark.usefixtures("clean_registry")
def test_get_game_refuses_a_factory_that_returns_no_game() -> None:
    cardrules.register("notagame", lambda **options: 42)
    with pytest.raises(CardrulesError, match="returned int 42, not a game"):
        cardrules.get_game("notagame")


@pytest.mark.usefixtures("clean_registry")
def test_register_shadows_a_built_in_name_until_unregistered() -> None:
    """Documented: a registration replaces an earlier one and shadows an installed game."""
    rook = cardrules.get_game("rook")
    cardrules.register("euchre", lambda **options: rook)
    shadowed: Any = cardrules.get_game("euchre")  # typed as Euchre's class: the name is literal
    assert shadowed is rook
    cardrules.unregister("euchre")
    assert type(cardrules.get_game("euchre")).__name__ == "EuchreGame"


@pytest.fixture
def plugin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder (the CLI's working directory, which it imports plugins from) with bad plugins."""
    (tmp_path / "badplugins_ok_import.py").write_text(
        textwrap.dedent(
            """
            def not_a_game(**options):
                return {"options": options}

            def explodes(**options):
                raise RuntimeError("boom")

            NOT_CALLABLE = 5
            """
        ),
        encoding="utf-8",
    )
    (tmp_path / "badplugins_broken.py").write_text("raise RuntimeError('no import')\n")
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    for module in ("badplugins_ok_import", "badplugins_broken"):
        sys.modules.pop(module, None)


@pytest.mark.usefixtures("clean_registry", "plugin_dir")
@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("cardrules.games.rook:NOPE", "has no 'NOPE'"),
        ("no_such_module_anywhere:make", "cannot import no_such_module_anywhere"),
        ("badplugins_broken:make", "RuntimeError: no import"),
        ("badplugins_ok_import:not_a_game", "not a game"),
        ("badplugins_ok_import:explodes", "RuntimeError: boom"),
        ("badplugins_ok_import:NOT_CALLABLE", "must be callable"),
    ],
)
def test_cli_bad_plugin_is_a_one_line_error(target: str, message: str) -> None:
    status, out, err = _cli("--plugin", f"x={target}", "list")
    assert status == 2
    assert err.startswith("cardrules: --plugin x=") and err.count("\n") == 1
    assert message in err
    assert "Traceback" not in out + err


# --- 2. records --------------------------------------------------------------------------------


def _played(game: Any, seed: int, count: int) -> list[tuple[int, Any]]:
    """The first ``count`` steps of a hand of ``game`` played by random choices."""
    import random

    rng = random.Random(seed)
    state = game.new_hand(dealer=0)
    steps: list[tuple[int, Any]] = []
    while len(steps) < count and game.to_move(state) is not None:
        seat = game.to_move(state)
        if seat == -1:
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(game.legal_actions(state))
        steps.append((seat, action))
        state = game.apply(state, action)
    return steps


def test_replay_refuses_a_game_of_other_rules() -> None:
    """A record of Euchre to 5 points does not replay silently in Euchre to 10."""
    short = cardrules.get_game("euchre", target_score=5)
    record = record_game(short, _played(short, 1, 12), start="hand", dealer=0)
    with pytest.raises(RecordError, match=r"rules differ.*target_score: record 5, game 10"):
        replay(record, cardrules.get_game("euchre"))
    with pytest.raises(RecordError, match="target_score"):
        replay_steps(record, cardrules.get_game("euchre"))  # at the call, not at the first step
    # The game of the record's own rules, given or built from the record, replays it.
    assert replay(record, cardrules.get_game("euchre", target_score=5)) == replay(record)


def test_replay_counts_an_option_the_record_lacks_as_its_default() -> None:
    """An older record, written before an option existed, still replays in the default game."""
    game = cardrules.get_game("euchre")
    record = record_game(game, _played(game, 2, 8), start="hand", dealer=0)
    older = GameRecord.from_json(record.to_json().replace('"target_score": 10, ', ""))
    assert "target_score" not in older.rules
    assert replay(older, game) == replay(record, game)


@pytest.mark.parametrize(
    ("record", "game"),
    [
        ("text", None),
        (None, None),
        ({"game": "euchre"}, None),
        ("record", "euchre"),
        ("record", 5),
    ],
)
def test_replay_refuses_wrong_types(record: Any, game: Any) -> None:
    euchre = cardrules.get_game("euchre")
    real = record_game(euchre, [], start="hand", dealer=0)
    if record == "record":
        record = real
    elif record == "text":
        record = real.to_json()
    with pytest.raises(ArgumentTypeError):
        replay(record, game)
    with pytest.raises(ArgumentTypeError):
        replay_steps(record, game)


@pytest.mark.parametrize(
    ("game", "steps", "options", "error"),
    [
        (None, [], {}, ArgumentTypeError),
        ("euchre", [], {}, ArgumentTypeError),
        ("game", [(0,)], {}, ArgumentTypeError),
        ("game", [("0", "x")], {}, ArgumentTypeError),
        ("game", [(True, "x")], {}, ArgumentTypeError),
        ("game", "play 9C", {}, ArgumentTypeError),
        ("game", 5, {}, ArgumentTypeError),
        ("game", [], {"metadata": [1]}, ArgumentTypeError),
        ("game", [], {"metadata": {1: "one"}}, ArgumentTypeError),
        ("game", [], {"metadata": {"when": object()}}, RecordError),
        ("game", [], {"start": "bogus"}, ArgumentError),
        ("game", [], {"start": "hand", "dealer": "0"}, ArgumentTypeError),
    ],
)
def test_record_game_refuses_what_would_not_make_a_readable_record(
    game: Any, steps: Any, options: dict[str, Any], error: type
) -> None:
    if game == "game":
        game = cardrules.get_game("euchre")
    with pytest.raises(error):
        record_game(game, steps, **options)


def test_a_record_made_is_a_record_read() -> None:
    """What ``record_game`` accepts, ``GameRecord.from_json`` reads back equal."""
    game = cardrules.get_game("euchre")
    record = record_game(
        game, _played(game, 3, 6), start="hand", dealer=0, metadata={"who": ["a", 1, None]}
    )
    assert GameRecord.from_json(record.to_json()) == record


# --- 3. the simulator --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [None, "x", 1.5, True])
def test_play_game_and_simulate_need_an_int_seed(seed: Any) -> None:
    game = cardrules.get_game("euchre")
    bots = [RandomBot()] * 4
    with pytest.raises(ArgumentTypeError, match="seed must be an int"):
        play_game(game, bots, seed=seed, start="hand")
    with pytest.raises(ArgumentTypeError, match="seed must be an int"):
        simulate(game, bots, games=1, seed=seed, start="hand")


def test_simulate_makes_batches_lazily() -> None:
    """A huge ``games`` starts playing at once (it used to build every batch first and hang)."""
    game = cardrules.get_game("euchre")

    class ProgressSeenError(Exception):
        pass

    def progress(done: int, total: int) -> None:
        raise ProgressSeenError(done, total)

    with pytest.raises(ProgressSeenError) as stopped:
        simulate(
            game,
            [RandomBot()] * 4,
            games=10**30,
            seed=1,
            start="hand",
            batch_size=1,
            progress=progress,
        )
    assert stopped.value.args == (1, 10**30)


def test_simulate_on_an_executor_is_unchanged_by_the_window() -> None:
    """More batches than are submitted ahead of time: the summary is the same as in-process."""
    from concurrent.futures import ThreadPoolExecutor

    from cardrules import sim

    game = cardrules.get_game("euchre")
    bots = [RandomBot()] * 4
    here = simulate(game, bots, games=6, seed=4, start="hand", batch_size=1)
    old = sim._MAX_PENDING_BATCHES
    sim._MAX_PENDING_BATCHES = 2  # type: ignore[misc]
    try:
        with ThreadPoolExecutor(2) as pool:
            there = simulate(game, bots, games=6, seed=4, start="hand", batch_size=1, executor=pool)
    finally:
        sim._MAX_PENDING_BATCHES = old  # type: ignore[misc]
    assert there == here


# --- 4. the CLI's --record ---------------------------------------------------------------------


def test_cli_record_into_a_missing_folder_fails_before_playing(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "x.json"
    status, out, err = _cli("play", "euchre", "--seed", "1", "--record", str(target))
    assert status == 2
    assert err.startswith("cardrules: --record ") and "there is no folder" in err
    assert out == ""  # nothing was dealt or played


def test_cli_record_onto_a_folder_fails_before_playing(tmp_path: Path) -> None:
    status, out, err = _cli("play", "euchre", "--seed", "1", "--record", str(tmp_path))
    assert status == 2
    assert "that is a folder" in err
    assert out == ""


def test_cli_record_that_cannot_be_saved_at_the_end_exits_non_zero(tmp_path: Path) -> None:
    """The folder checked at the start is gone when the game ends: the exit status says so."""
    folder = tmp_path / "records"
    folder.mkdir()

    class QuitAfterRemoving:
        def readline(self) -> str:
            shutil.rmtree(folder, ignore_errors=True)
            return "q\n"

    status, out, _ = _cli(
        "play",
        "euchre",
        "--seed",
        "1",
        "--record",
        str(folder / "x.json"),
        stdin=QuitAfterRemoving(),
    )
    assert "Cannot save the record" in out
    assert status != 0


def test_cli_record_saved_exits_zero(tmp_path: Path) -> None:
    target = tmp_path / "x.json"
    status, out, _ = _cli("play", "euchre", "--seed", "1", "--record", str(target), stdin=None)
    assert status == 0
    assert f"Record saved to {target}" in out
    assert GameRecord.from_json(target.read_bytes()).game == "euchre"

"""``cardrules rules``, ``--preset`` on every game command, and ``cardrules list``'s summaries."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

from cardrules import RulesConfig
from cardrules.cli import main
from cardrules.games.euchre.rules import EuchreRules
from cardrules.games.rook import make_game as make_rook
from cardrules.games.rook.rules import RookRules
from cardrules.games.tournament.rules import TournamentRules
from cardrules.games.voormsi.rules import VoormsiRules
from cardrules.registry import register, unregister

GAMES: dict[str, type[RulesConfig]] = {
    "euchre": EuchreRules,
    "rook": RookRules,
    "tournament": TournamentRules,
    "voormsi": VoormsiRules,
}


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(["--no-color", *argv], stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_names_every_option_and_preset(game: str) -> None:
    status, out, err = run("rules", game)
    assert status == 0, err
    cls = GAMES[game]
    for option in cls.options():
        assert f"  {option.name} = {option.default!r}   (default)\n" in out
        if option.rule:
            assert f"[{option.rule}] " in out
    assert out.count("allowed: ") == len(cls.options())
    presets = out[out.index("presets (--preset NAME):") :]
    for name in cls.PRESETS:
        assert f"  {name} " in presets
    assert "shared/" not in out and "``" not in out


def test_rules_with_a_preset_and_overrides() -> None:
    status, out, _ = run(
        "rules",
        "rook",
        "--preset",
        "house",
        "--rules",
        "first_lead=left_of_bidder",
        "full_deck=True",
    )
    assert status == 0
    assert out.startswith("rook rules (RookRules, preset house)\n")
    assert "  all_pass = 'dealer_forced_min'   (default 'pass_deal')\n" in out
    assert "  first_lead = 'left_of_bidder'   (default 'left_of_dealer')\n" in out
    assert "  full_deck = True   (default False)\n" in out
    assert "      [A1] where the Bird ranks in trump\n" in out
    assert "      allowed: 'high', 'low', 'ten_and_half'\n" in out
    assert " *house " in out and "  bird_low                  bird_rank='low'\n" in out
    assert "  tournament                no change: the defaults\n" in out


def test_rules_values_read_as_json_or_as_printed() -> None:
    for spelling in ("true", "True"):
        status, out, _ = run("rules", "euchre", "--rules", f"no_trump={spelling}")
        assert status == 0 and "  no_trump = True   (default False)\n" in out
    status, out, _ = run("rules", "tournament", "--rules", "variant=cicely", "cicely_build=null")
    assert status == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("rules", "rook", "--preset", "nope"), "no preset 'nope' for rook (known: tournament, "),
        (("play", "rook", "--preset", "nope"), "no preset 'nope' for rook (known: "),
        (("watch", "euchre", "--preset", "nope"), "(known: standard, canadian_loner, "),
        (("simulate", "voormsi", "--games", "1", "--preset", "x"), "(known: standard, parlett"),
        (
            ("rules", "rook", "--rules", "colour=red"),
            "unknown RookRules option(s): colour (known: ",
        ),
        (
            ("rules", "rook", "--preset", "house", "--rules", "bird_rank=middle"),
            "bird_rank must be one of 'high', 'low', 'ten_and_half', not 'middle'",
        ),
        (("rules", "tournament", "--preset", "cicely"), "cicely_build must be chosen"),
    ],
)
def test_unknown_presets_and_options_are_one_line_errors(
    argv: tuple[str, ...], message: str
) -> None:
    status, out, err = run(*argv)
    assert status == 2
    assert message in err
    assert err.startswith("cardrules: ") and err.count("\n") == 1
    assert "Traceback" not in out + err


@attrs.frozen
class _BareRules(RulesConfig):
    size: int = attrs.field(default=3, metadata={"doc": "how many", "min": 1})


@pytest.fixture
def spy() -> Iterator[list[Any]]:
    """A game ``spyrook`` that is Rook, remembering the rules of every game the CLI builds."""
    built: list[Any] = []

    def factory(**options: Any) -> Any:
        game = make_rook(**options)
        built.append(game.rules)
        return game

    register("spyrook", factory)
    register("bare", lambda **o: SimpleNamespace(name="bare", rules=_BareRules.from_dict(o)))
    yield built
    unregister("spyrook")
    unregister("bare")


def test_preset_on_watch_and_simulate_changes_the_rules(spy: list[Any]) -> None:
    common = ("--hand", "--bots", "random", "--seed", "1")
    status, _, err = run("watch", "spyrook", "--preset", "full_deck", *common)
    assert status == 0, err
    assert spy[-1] == RookRules(full_deck=True)
    status, _, err = run(
        "simulate",
        "spyrook",
        "--games",
        "1",
        "--preset",
        "house",
        "--rules",
        "target_score=500",
        *common,
    )
    assert status == 0, err
    assert spy[-1] == RookRules.preset("house", target_score=500)


def test_preset_on_play_changes_the_rules(spy: list[Any], tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    status, _, err = run(
        "play",
        "spyrook",
        "--preset",
        "bird_low",
        "--hand",
        "--bots",
        "random",
        "--record",
        str(record),
        stdin="q\n",
    )
    assert status == 0, err
    assert spy[-1] == RookRules(bird_rank="low")
    assert json.loads(record.read_text())["rules"]["bird_rank"] == "low"


def test_preset_for_a_game_without_presets(spy: list[Any]) -> None:
    status, out, err = run("rules", "bare")
    assert status == 0
    assert "  size = 3   (default)\n" in out and "allowed: an integer of at least 1" in out
    assert "presets" not in out
    status, out, err = run("rules", "bare", "--preset", "big")
    assert status == 2 and err == "cardrules: bare has no presets\n"


def test_list_shows_plain_summaries() -> None:
    status, out, _ = run("list")
    assert status == 0
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert set(GAMES) <= set(lines)
    for line in lines.values():
        assert "``" not in line and ":class:" not in line and "shared/" not in line
        assert ".md" not in line
    assert "American partnership Euchre (rules E1-E17) on the Game protocol." in lines["euchre"]


class _DocGame:
    """A *plain* game (see ``docs/plain.md``) built on :class:`~cardrules.game.GameBase`.

    More text.
    """

    name = "docgame"
    num_players = 2


def test_list_strips_markup_from_a_plugin_docstring() -> None:
    register("docgame", lambda **o: _DocGame())
    try:
        status, out, _ = run("list")
    finally:
        unregister("docgame")
    assert status == 0
    assert "docgame      2 player(s)  A plain game built on GameBase.\n" in out

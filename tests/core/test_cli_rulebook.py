"""``cardrules rules GAME [ID]``: the game's rule book after its options, and one rule in full."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

from cardrules import RulesConfig, get_game
from cardrules.cli import main
from cardrules.cli.rulebook_text import id_ranges
from cardrules.registry import register, unregister
from cardrules.rulebook import RuleBook, RuleKind

BUILT_IN = ("euchre", "rook", "tournament", "voormsi")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        status = main(["--no-color", *argv], stdin=io.StringIO(""), stdout=out)
    return status, out.getvalue(), err.getvalue()


def book_of(name: str) -> RuleBook:
    book = getattr(get_game(name), "rulebook", None)  # GameBase's, not the protocol's
    assert isinstance(book, RuleBook), f"{name} ships no rule book"
    return book


@pytest.mark.parametrize("game", BUILT_IN)
def test_rules_lists_every_entry_by_kind_after_the_options(game: str) -> None:
    """Each entry as ``ID  title`` under its kind's heading, in book order, after the options
    and presets."""
    status, out, err = run("rules", game)
    assert status == 0, err
    book = book_of(game)
    section = out[out.index("rule book (") :]
    assert out.index("options (--rules NAME=VALUE):") < out.index("rule book (")
    width = max(len(rule.id.value) for rule in book) + 2
    listed = [line for line in section.splitlines() if line.startswith("    ")]
    assert listed == [
        f"    {rule.id.value:<{width}}{rule.title}"
        for kind in RuleKind
        for rule in book.of_kind(kind)
    ]
    for kind, heading in (
        (RuleKind.RULE, "  rules:"),
        (RuleKind.DEFAULT, "  open questions, with the defaults we chose:"),
        (RuleKind.VARIANT, "  variants:"),
    ):
        assert (heading in section.splitlines()) == bool(book.of_kind(kind))


def test_E13_follow_suit_is_listed_as_the_issue_shows_it() -> None:
    status, out, _ = run("rules", "euchre")
    assert status == 0
    assert "    E13  follow suit\n" in out
    assert "    D3   discarding the up-card\n" in out
    assert "    EV3  no-trump\n" in out


@pytest.mark.parametrize("written", ["E13", "e13", " E13 "])
def test_one_rule_in_full_any_case(written: str) -> None:
    """E13 in full: the title, the text, the settled reading and the sources."""
    status, out, err = run("rules", "euchre", written)
    assert status == 0, err
    rule = book_of("euchre")["E13"]
    lines = out.splitlines()
    assert lines[0] == "E13  follow suit  (rule)"
    flat = " ".join(line.strip() for line in lines)
    assert rule.text in flat
    assert "As cardrules reads it: " + rule.settled in flat
    assert "Seed-E: the traditional rules text" in out
    assert (
        "  Docs: docs/games/euchre.rst, rule E13 (built: games/euchre.html#rule-euchre-e13)" in out
    )
    assert "options (--rules" not in out  # only the entry


def test_a_rule_in_full_names_its_options_and_the_urls_of_its_sources() -> None:
    status, out, err = run("rules", "euchre", "d1")
    assert status == 0, err
    book = book_of("euchre")
    flat = " ".join(line.strip() for line in out.splitlines())
    assert out.startswith("D1  the stuck dealer's suit  (default)\n")
    assert "Options: stick_dealer_any_suit " in flat
    for tag in book["D1"].sources:
        source = book.source(tag)
        assert f"{tag}: {source.title}" in flat
        if source.url:
            assert f"      <{source.url}>\n" in out  # whole, on a line of its own


def test_R17_in_full_is_the_rule_not_a_card() -> None:
    """R17 is Rook's rule on the Bird as a trump; ``r17`` finds it too."""
    status, out, err = run("rules", "rook", "r17")
    assert status == 0, err
    assert out.startswith("R17  the Bird is a trump  (rule)\n")
    assert "https://" in out or "http://" in out


@pytest.mark.parametrize(("game", "wrong"), [("euchre", "E99"), ("rook", "E13"), ("rook", "R")])
def test_an_unknown_id_exits_2_with_a_short_message(game: str, wrong: str) -> None:
    status, out, err = run("rules", game, wrong)
    assert status == 2 and out == ""
    book = book_of(game)
    searched = " and no rule mentions it" if len(wrong) >= 3 else ""  # "R" is not searched
    assert err == (
        f"cardrules: the {game} rules have no rule {wrong!r}{searched}; "
        f"their ids are {id_ranges(book)}\n"
    )
    assert len(err) < 200  # ranges, not every id


def test_id_ranges_compress_runs() -> None:
    assert id_ranges(book_of("euchre")) == "E1-E17, D1-D8, EV1-EV5"
    assert id_ranges(book_of("rook")) == "R1-R24, A1-A8, RV1-RV4"


@attrs.frozen
class _PlainRules(RulesConfig):
    size: int = attrs.field(default=3, metadata={"doc": "how many", "min": 1})


@pytest.fixture
def bookless() -> Iterator[None]:
    """A game that ships no rule book (as a third-party plugin may)."""

    def factory(**options: Any) -> Any:
        return SimpleNamespace(name="bookless", rules=_PlainRules.from_dict(options))

    register("bookless", factory)
    yield
    unregister("bookless")


@pytest.mark.usefixtures("bookless")
def test_a_game_without_a_book() -> None:
    status, out, err = run("rules", "bookless")
    assert status == 0, err
    assert "size = 3" in out and "rule book" not in out
    status, out, err = run("rules", "bookless", "X1")
    assert status == 2 and err == "cardrules: bookless ships no rule book\n"

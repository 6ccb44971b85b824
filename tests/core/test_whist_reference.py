"""The reference Whist plugin (examples/whist_plugin) passes the conformance suite (rules W1-W7)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules
from cardrules.testing import check_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "whist_plugin"))
import cardrules_whist as whist


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    cardrules.register("whist", whist.make_game)
    yield
    cardrules.unregister("whist")


def test_whist_passes_check_game() -> None:
    check_game(cardrules.get_game("whist"), examples=8)

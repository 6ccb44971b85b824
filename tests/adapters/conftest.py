"""Adapter tests run for the four shipped games and the reference Whist plugin, registered here."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "whist_plugin"))
import cardrules_whist


@pytest.fixture(autouse=True, scope="session")
def _whist_registered() -> Iterator[None]:
    cardrules.register("whist", cardrules_whist.make_game)
    yield
    cardrules.unregister("whist")

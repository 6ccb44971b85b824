"""Adapter tests run for the four shipped games and the reference Whist plugin, registered here."""

from __future__ import annotations

from collections.abc import Iterator

import cardrules_whist
import pytest

import cardrules


@pytest.fixture(autouse=True, scope="session")
def _whist_registered() -> Iterator[None]:
    cardrules.register("whist", cardrules_whist.make_game)
    yield
    cardrules.unregister("whist")

"""The reference Whist plugin (examples/whist_plugin) passes the conformance suite (rules W1-W7)."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.testing import check_game

pytestmark = pytest.mark.usefixtures("whist_registered")


def test_whist_passes_check_game() -> None:
    check_game(cardrules.get_game("whist"), examples=8)

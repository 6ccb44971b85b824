"""Test settings: Hypothesis profiles (``ci`` runs more examples; select with HYPOTHESIS_PROFILE),
and the reference Whist plugin (``examples/whist_plugin``), importable in every test as a third
party's module would be, with a fixture that registers it."""

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import cardrules

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples" / "whist_plugin"))
import cardrules_whist

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def whist_registered() -> Iterator[None]:
    """The Whist plugin registered as ``whist`` for one test, and unregistered after it."""
    cardrules.register("whist", cardrules_whist.make_game)
    yield
    cardrules.unregister("whist")

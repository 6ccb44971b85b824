"""Each built-in game package exports what its users name: every ``__all__`` entry exists, and the
status enumeration of its hand reports is among them (``report.status`` is compared with it)."""

from __future__ import annotations

import importlib

import pytest

from cardrules.reports import HandStatus

PACKAGES = {
    "cardrules.games.euchre": "EuchreStatus",
    "cardrules.games.rook": "RookStatus",
    "cardrules.games.voormsi": "VoormsiStatus",
    "cardrules.games.tournament": "TournamentStatus",
}


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_name_in_all_exists(package: str) -> None:
    module = importlib.import_module(package)
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert missing == [], f"{package}.__all__ names what it lacks: {missing}"


@pytest.mark.parametrize(("package", "status"), sorted(PACKAGES.items()))
def test_the_report_status_is_exported(package: str, status: str) -> None:
    module = importlib.import_module(package)
    assert status in module.__all__
    exported = getattr(module, status)
    assert issubclass(exported, HandStatus)
    report_module = importlib.import_module(package + ".report")
    assert exported is getattr(report_module, status)

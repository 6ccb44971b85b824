"""The benchmark commands the docs show run (with small budgets here): the A/B against an earlier
revision (``python -m benchmarks --against REV``), the per-phase profile (``python -m
benchmarks.phases``), the solver's speed and PIMC against ISMCTS. Their figures are measured by
hand; this only keeps the commands working."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from benchmarks import phases, pimc_vs_ismcts, solver_speed
from benchmarks.against import compare, render

ROOT = Path(__file__).resolve().parents[2]


def _in_git() -> bool:
    if shutil.which("git") is None:
        return False
    done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, check=False)
    return done.returncode == 0


@pytest.mark.skipif(not _in_git(), reason="needs a git checkout")
def test_against_an_earlier_revision_runs_both_builds() -> None:
    result = compare("HEAD", ["tournament"], seconds=0.02, rounds=1)
    row = result["games"]["tournament"]
    assert row["base hands_per_s"] > 0 and row["head hands_per_s"] > 0
    assert "this checkout / HEAD" in render(result)


def test_the_phase_profile_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert phases.main(["--hands", "3", "euchre"]) == 0
    assert "play" in capsys.readouterr().out


def test_the_solver_speed_and_pimc_scripts_run(capsys: pytest.CaptureFixture[str]) -> None:
    solver_speed.main(["--games", "euchre", "--deals", "1"])
    pimc_vs_ismcts.main(["--deals", "1", "--samples", "2", "--iterations", "5"])
    out = capsys.readouterr().out
    assert "euchre" in out and "line-up 0 = PIMC" in out

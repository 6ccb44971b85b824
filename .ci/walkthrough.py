"""A newcomer's walk-through: every ``cardrules`` command README.md and the docs show, run as
written by a fresh install's own ``cardrules`` executable, each in its own process.

Usage (from the repository root, with the dev environment's Python, which finds the commands)::

    python .ci/walkthrough.py FRESH_VENV

``FRESH_VENV`` is a virtual environment where README's main-job command installed the package
(``python -m pip install ".[cli]"``). A command that asks for input is answered ``q``; the
``replay`` commands read a ``game.json`` recorded first with ``play --record``. Each command must
exit 0, print something, and print no traceback. The commands are found by the same reader as
``tests/core/test_cli_newcomer.py`` (which runs them in-process), so the two cannot disagree on
what the docs show.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.core.test_cli_newcomer import shown_commands  # noqa: E402


def run(exe: Path, argv: list[str], stdin: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return subprocess.run(
        [str(exe), *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
        check=False,
    )


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    exe = Path(argv[0]) / "bin" / "cardrules"
    if not exe.exists():
        print(f"no cardrules executable in {argv[0]}", file=sys.stderr)
        return 2
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        record = run(
            exe,
            ["play", "euchre", "--hand", "--seed", "8", "--record", "game.json"],
            "1\n" * 60,
            work,
        )
        if record.returncode != 0:
            print(f"could not record game.json: {record.stderr}", file=sys.stderr)
            return 1
        shown = shown_commands()
        for item in shown:
            cwd = ROOT / item.cwd if item.cwd else work
            started = time.perf_counter()
            done = run(exe, shlex.split(item.command)[1:], "q\n", cwd)
            took = time.perf_counter() - started
            text = done.stdout + done.stderr
            ok = done.returncode == 0 and "Traceback" not in text and done.stdout.strip()
            mark = "ok  " if ok else "FAIL"
            print(f"{mark} {took:5.1f}s  {item.where}: {item.command}")
            if not ok:
                failures += 1
                print(f"     exit {done.returncode}\n{text[-2000:]}", file=sys.stderr)
    print(f"walk-through: {len(shown)} commands run, {failures} of them failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Build the wheel and the sdist and check what a user of the package index gets.

Usage::

    python .ci/check_dist.py            # build both with `python -m build` into a temporary folder
    python .ci/check_dist.py DIST_DIR   # check the wheel and sdist already built in DIST_DIR

The wheel must hold the package with its ``py.typed`` marker and nothing else (no tests, docs or
examples); the sdist must hold what it takes to run the tests, build the docs and try the examples
(``tests/``, ``docs/``, ``examples/``, the changelog), and no build debris. The metadata of both
must carry the Python versions and the audience as classifiers, a Markdown long description
written for an index reader (no relative links, which resolve nowhere there, and no "from the
repository root"), and well-formed Project-URLs. Exits 1, listing every problem, if any check
fails.
"""

from __future__ import annotations

import email.parser
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable
from email.message import Message
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PYTHONS = ("3.11", "3.12", "3.13", "3.14")
"""The Python versions the classifiers must name (``requires-python`` is ``>=3.11``)."""

REQUIRED_CLASSIFIER_PREFIXES = (
    "Development Status :: ",
    "Intended Audience :: ",
    "Operating System :: ",
    "Topic :: ",
    "Typing :: Typed",
)

URL_LABELS = ("Homepage", "Documentation", "Source", "Changelog")
"""The Project-URLs an index page shows, all given together once the project has an address."""

SDIST_REQUIRED = (
    "pyproject.toml",
    "setup.py",
    "MANIFEST.in",
    "README.md",
    "PYPI.md",
    "CHANGELOG.md",
    "LICENSE",
    "conftest.py",
    "src/cardrules/__init__.py",
    "src/cardrules/py.typed",
    "tests/",
    "tests/core/",
    "docs/conf.py",
    "docs/index.rst",
    "examples/",
    "examples/whist_plugin/pyproject.toml",
)

WHEEL_REQUIRED = ("cardrules/__init__.py", "cardrules/py.typed")

# A Markdown link or image whose target is not absolute: [text](target) / ![alt](target).
_MD_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)")
_ABSOLUTE = re.compile(r"^(?:https://|mailto:|#)")


def relative_links(markdown: str) -> list[str]:
    """The link targets in ``markdown`` that are not absolute (``https://``, ``mailto:`` or an
    anchor): on the package index they lead nowhere.

    >>> relative_links("see [the docs](docs/index.rst), [PEP 8](https://peps.python.org/pep-0008/)")
    ['docs/index.rst']
    """
    return [target for target in _MD_LINK.findall(markdown) if not _ABSOLUTE.match(target)]


def metadata_problems(meta: Message, where: str) -> list[str]:
    """What is wrong with a distribution's core metadata (a wheel's METADATA, an sdist's PKG-INFO)."""
    problems = []
    classifiers = meta.get_all("Classifier") or []
    for version in PYTHONS:
        if f"Programming Language :: Python :: {version}" not in classifiers:
            problems.append(f"{where}: no classifier for Python {version}")
    for prefix in REQUIRED_CLASSIFIER_PREFIXES:
        if not any(c.startswith(prefix) for c in classifiers):
            problems.append(f"{where}: no {prefix.strip(': ')!r} classifier")
    if meta.get("Requires-Python") != ">=3.11":
        problems.append(f"{where}: Requires-Python is {meta.get('Requires-Python')!r}")
    if not (meta.get("Description-Content-Type") or "").startswith("text/markdown"):
        problems.append(f"{where}: the long description is not declared as Markdown")
    description = meta.get_payload()
    assert isinstance(description, str)
    if not description.strip():
        problems.append(f"{where}: no long description")
    for target in relative_links(description):
        problems.append(f"{where}: the long description links to {target!r}, not an address")
    if "repository root" in description:
        problems.append(f"{where}: the long description speaks of the repository root")
    entries = (entry.partition(",") for entry in meta.get_all("Project-URL") or [])
    urls = {label.strip(): url.strip() for label, _, url in entries}
    for label, url in urls.items():
        if not url.startswith("https://"):
            problems.append(f"{where}: Project-URL {label} is not an https address: {url!r}")
    if urls and set(urls) != set(URL_LABELS):
        problems.append(f"{where}: Project-URLs {sorted(urls)}, expected {list(URL_LABELS)}")
    return problems


def wheel_problems(path: Path) -> list[str]:
    """What is wrong with the wheel at ``path``."""
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        meta_name = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        problems = [f"{path.name}: no {n}" for n in WHEEL_REQUIRED if n not in names]
        for name in names:
            top = name.split("/", 1)[0]
            if top != "cardrules" and not top.endswith(".dist-info"):
                problems.append(f"{path.name}: holds {name} (only the package belongs in a wheel)")
            if "__pycache__" in name or name.endswith(".pyc"):
                problems.append(f"{path.name}: holds build debris {name}")
        if meta_name is None:
            return [*problems, f"{path.name}: no METADATA"]
        meta = email.parser.BytesParser().parsebytes(wheel.read(meta_name))
    return problems + metadata_problems(meta, path.name)


def sdist_problems(path: Path) -> list[str]:
    """What is wrong with the sdist at ``path``."""
    with tarfile.open(path) as sdist:
        members = sdist.getnames()
        prefix = members[0].split("/", 1)[0] + "/"
        names = {m[len(prefix) :] for m in members if m.startswith(prefix)}
        names |= {n + "/" for n in names}  # a folder is named with its slash too
        problems = []
        for required in SDIST_REQUIRED:
            present = required in names or (
                required.endswith("/") and any(n.startswith(required) for n in names)
            )
            if not present:
                problems.append(f"{path.name}: no {required}")
        for name in sorted(names):
            if name.endswith("/"):
                continue
            debris = "__pycache__" in name or name.endswith((".pyc", ".so")) or "/_build/" in name
            if ".egg-info/" in name and not name.startswith("src/cardrules.egg-info/"):
                debris = True  # an example plugin's install (setuptools writes the package's own)
            if debris:
                problems.append(f"{path.name}: holds build debris {name}")
            if name.startswith((".hypothesis/", ".mypy_cache/", ".ruff_cache/", "build/")):
                problems.append(f"{path.name}: holds a local cache {name}")
        info = sdist.extractfile(prefix + "PKG-INFO")
        if info is None:
            return [*problems, f"{path.name}: no PKG-INFO"]
        meta = email.parser.BytesParser().parsebytes(info.read())
    return problems + metadata_problems(meta, path.name)


def check(dist: Path) -> list[str]:
    """Every problem of the one wheel and the one sdist in ``dist``."""
    wheels = sorted(dist.glob("cardrules-*.whl"))
    sdists = sorted(dist.glob("cardrules-*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        return [f"{dist}: expected one wheel and one sdist, found {wheels + sdists}"]
    return wheel_problems(wheels[0]) + sdist_problems(sdists[0])


def build(out: Path) -> None:
    """Build the sdist, then the wheel from it (``python -m build``'s default), into ``out``."""
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def main(argv: Iterable[str]) -> int:
    args = list(argv)
    if len(args) > 1:
        print("usage: check_dist.py [DIST_DIR]", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(args[0]) if args else Path(tmp)
        if not args:
            build(dist)
        problems = check(dist)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print("wheel and sdist: contents and metadata as they should be")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

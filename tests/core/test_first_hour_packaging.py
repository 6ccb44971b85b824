"""Issue #29, item 9: what someone who meets cardrules on a package index gets.

Building the distributions needs the network (an isolated build environment), so CI checks the
built wheel and sdist with ``.ci/check_dist.py``; these tests check the same things where they
come from (``pyproject.toml``, ``MANIFEST.in``, ``PYPI.md``) and check the checker itself on small
hand-made archives.
"""

from __future__ import annotations

import doctest
import importlib.util
import io
import tarfile
import tomllib
import zipfile
from email.message import Message
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def check_dist() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_dist", ROOT / ".ci" / "check_dist.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def project() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        table: dict[str, Any] = tomllib.load(file)["project"]
    return table


def _metadata(project: dict[str, Any], description: str) -> Message:
    """The core metadata setuptools writes from ``project`` (the fields the checker reads)."""
    meta = Message()
    for classifier in project["classifiers"]:
        meta["Classifier"] = classifier
    meta["Requires-Python"] = project["requires-python"]
    meta["Description-Content-Type"] = "text/markdown"
    for label, url in project.get("urls", {}).items():
        meta["Project-URL"] = f"{label}, {url}"
    meta.set_payload(description)
    return meta


def test_the_metadata_passes_the_distribution_check(
    check_dist: ModuleType, project: dict[str, Any]
) -> None:
    """Classifiers for Python 3.11-3.14, a development status, an audience, the OS; a long
    description for a reader of the index."""
    assert project["readme"] == "PYPI.md"
    description = (ROOT / "PYPI.md").read_text(encoding="utf-8")
    assert check_dist.metadata_problems(_metadata(project, description), "pyproject") == []


def test_the_long_description_is_written_for_a_pip_user(check_dist: ModuleType) -> None:
    text = (ROOT / "PYPI.md").read_text(encoding="utf-8")
    assert "pip install cardrules" in text
    assert check_dist.relative_links(text) == []
    assert "repository root" not in text
    assert "examples/" not in text and "docs/" not in text  # no paths into the source tree


def test_the_long_description_s_examples_run() -> None:
    result = doctest.testfile(
        str(ROOT / "PYPI.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 10 and result.failed == 0


def test_the_readme_would_fail_the_check(check_dist: ModuleType, project: dict[str, Any]) -> None:
    """The repository's front page is not an index page: the check says why."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    problems = check_dist.metadata_problems(_metadata(project, readme), "README")
    assert "README: the long description speaks of the repository root" in problems


def test_the_sdist_is_told_to_hold_tests_docs_examples_and_the_changelog() -> None:
    lines = [
        line.split()
        for line in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    grafted = {words[1] for words in lines if words[0] == "graft"}
    included = {w for words in lines if words[0] == "include" for w in words[1:]}
    assert {"tests", "docs", "examples"} <= grafted
    assert {"CHANGELOG.md", "PYPI.md", "LICENSE"} <= included


# -- the checker itself, on hand-made archives --------------------------------------------------


def _good_metadata(project: dict[str, Any]) -> bytes:
    return _metadata(project, "A description for the index.").as_bytes()


def test_the_check_refuses_a_wheel_with_tests_and_without_py_typed(
    tmp_path: Path, check_dist: ModuleType, project: dict[str, Any]
) -> None:
    wheel = tmp_path / "cardrules-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("cardrules/__init__.py", "")
        archive.writestr("tests/test_x.py", "")
        archive.writestr("cardrules-0.1.0.dist-info/METADATA", _good_metadata(project))
    problems = check_dist.wheel_problems(wheel)
    assert problems == [
        f"{wheel.name}: no cardrules/py.typed",
        f"{wheel.name}: holds tests/test_x.py (only the package belongs in a wheel)",
    ]


def test_the_check_refuses_an_sdist_without_tests_docs_or_examples(
    tmp_path: Path, check_dist: ModuleType, project: dict[str, Any]
) -> None:
    sdist = tmp_path / "cardrules-0.1.0.tar.gz"
    files = {name: b"" for name in check_dist.SDIST_REQUIRED if not name.endswith("/")}
    files = {n: b"" for n in files if not n.startswith(("tests", "docs", "examples"))}
    files["PKG-INFO"] = _good_metadata(project)
    files["docs/_build/html/index.html"] = b""
    with tarfile.open(sdist, "w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(f"cardrules-0.1.0/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    problems = check_dist.sdist_problems(sdist)
    for missing in ("tests/", "tests/core/", "docs/conf.py", "examples/"):
        assert f"{sdist.name}: no {missing}" in problems
    assert f"{sdist.name}: holds build debris docs/_build/html/index.html" in problems


def test_the_check_wants_https_project_urls_with_every_label(
    check_dist: ModuleType, project: dict[str, Any]
) -> None:
    meta = _metadata(project, "A description.")
    meta["Project-URL"] = "Homepage, http://example.org/cardrules"
    problems = check_dist.metadata_problems(meta, "m")
    assert "m: Project-URL Homepage is not an https address: 'http://example.org/cardrules'" in (
        problems
    )
    assert any(p.startswith("m: Project-URLs ['Homepage'], expected") for p in problems)

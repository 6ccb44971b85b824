"""Issue #29, item 3: an adapter imported without its extra says which extra to install.

The absence of a module is simulated with ``sys.modules[name] = None`` (what Python's import system
reads as "not installed"), restored by ``monkeypatch`` after each test.
"""

from __future__ import annotations

import importlib
import sys

import pytest

from cardrules.errors import CardrulesError, MissingExtraError, extra_imports


def _import_without(
    monkeypatch: pytest.MonkeyPatch, module: str, missing: str
) -> pytest.ExceptionInfo[ImportError]:
    monkeypatch.setitem(sys.modules, missing, None)
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError) as caught:
        importlib.import_module(module)
    return caught


@pytest.mark.parametrize(
    ("module", "missing", "extra"),
    [
        ("cardrules.adapters.pettingzoo", "numpy", "pettingzoo"),
        ("cardrules.adapters.pettingzoo", "gymnasium", "pettingzoo"),
        ("cardrules.adapters.pettingzoo", "pettingzoo", "pettingzoo"),
        ("cardrules.adapters.openspiel", "numpy", "openspiel"),
        ("cardrules.adapters.openspiel", "pyspiel", "openspiel"),
    ],
)
def test_an_adapter_without_its_extra_names_the_extra_to_install(
    monkeypatch: pytest.MonkeyPatch, module: str, missing: str, extra: str
) -> None:
    if missing in ("gymnasium", "pettingzoo", "pyspiel"):
        # The modules imported before it must be there, or the error names one of them.
        pytest.importorskip("numpy")
    if missing == "pettingzoo":
        pytest.importorskip("gymnasium")
    caught = _import_without(monkeypatch, module, missing)
    err = caught.value
    assert isinstance(err, MissingExtraError)
    assert isinstance(err, CardrulesError) and isinstance(err, ModuleNotFoundError)
    assert err.name == missing and err.extra == extra
    assert str(err) == (
        f'{module} needs {missing}, which is not installed: pip install "cardrules[{extra}]"'
    )
    # The import system's own error stays reachable for whoever debugs an install.
    assert isinstance(err.__cause__, ModuleNotFoundError)
    assert module not in sys.modules  # a failed import leaves no half-built module behind


def test_a_missing_module_of_cardrules_itself_is_not_called_a_missing_extra() -> None:
    """A broken install (one of cardrules' own modules gone) is not fixed by an extra."""
    with (
        pytest.raises(ModuleNotFoundError) as caught,
        extra_imports("pettingzoo", "cardrules.adapters.pettingzoo"),
    ):
        importlib.import_module("cardrules.no_such_module")
    assert not isinstance(caught.value, MissingExtraError)


def test_except_import_error_keeps_working(monkeypatch: pytest.MonkeyPatch) -> None:
    """The usual optional-import idiom still catches it."""
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.delitem(sys.modules, "cardrules.adapters.pettingzoo", raising=False)
    message = ""
    try:
        importlib.import_module("cardrules.adapters.pettingzoo")
    except ImportError as exc:
        message = str(exc)
    assert "cardrules[pettingzoo]" in message

"""Names available to every doctest, so examples read like user code after ``from cardrules import *``."""

import random
from typing import Any

import pytest

import cardrules


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace.update({name: getattr(cardrules, name) for name in cardrules.__all__})
    doctest_namespace["random"] = random
    doctest_namespace["cardrules"] = cardrules


def _missing(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is None


# The adapters need their optional extras.
collect_ignore: list[str] = []
if _missing("pyspiel"):
    collect_ignore.append("src/cardrules/adapters/openspiel.py")
if _missing("pettingzoo"):
    collect_ignore.append("src/cardrules/adapters/pettingzoo.py")

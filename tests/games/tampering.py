"""Actions with a field changed, for the API-edge tests of every game."""

from __future__ import annotations

import copy
from typing import Any

import attrs

from cardrules.errors import ArgumentError, ArgumentTypeError


def made(good: Any, **fields: object) -> Any:
    """``good`` with ``fields`` changed: built anew where the constructor takes the values (a card
    that is not the game's), else set after construction, since the constructors refuse a field
    of the wrong type (#28) and only a tampered action can carry one to the engine."""
    try:
        return type(good)(**{**attrs.asdict(good, recurse=False), **fields})
    except (ArgumentTypeError, ArgumentError):
        twin = copy.copy(good)
        for name, value in fields.items():
            object.__setattr__(twin, name, value)
        return twin

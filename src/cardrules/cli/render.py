"""Text rendering of a seat's view for the terminal.

A game may provide ``describe(view) -> str``; otherwise the view's fields are shown generically, one
line each (see :func:`cardrules.text.format_value`): card sets sorted by suit with suit symbols (red
suits in red on a colour terminal), cards in notation, nested values flattened.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.text import Style, format_value

__all__ = ["Style", "describe_view"]


_WIDTH = 150


def _clip(text: str) -> str:
    return text if len(text) <= _WIDTH else text[: _WIDTH - 1] + "…"


def describe_view(game: Any, view: Any, style: Style) -> str:
    """The text shown to a person for ``view``: the game's ``describe`` hook, or a generic listing."""
    hook = getattr(game, "describe", None)
    if hook is not None:
        text: str = hook(view, color=style.color) if _takes_color(hook) else hook(view)
        return text
    if not attrs.has(type(view)):
        return repr(view)
    lines = []
    for field in attrs.fields(type(view)):
        value = getattr(view, field.name)
        if value is None or value == () or value == "":
            continue
        lines.append(_clip(f"  {field.name.replace('_', ' ')}: {format_value(value, style)}"))
    return "\n".join(lines)


def _takes_color(hook: Any) -> bool:
    import inspect

    try:
        return "color" in inspect.signature(hook).parameters
    except (TypeError, ValueError):
        return False

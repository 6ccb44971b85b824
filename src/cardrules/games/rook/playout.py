"""Deprecated: Rook's fused playout is now :func:`cardrules.games.rook.fast.fused_playout`.

:mod:`cardrules.games.rook.fast` is the one module of the game that holds copies of rules (the
fast steps and the fused playout); this module only re-exports :func:`fused_playout` from there,
and warns on import.
"""

from __future__ import annotations

import warnings

from cardrules.games.rook.fast import fused_playout

__all__ = ["fused_playout"]

warnings.warn(
    "cardrules.games.rook.playout is deprecated: import fused_playout from "
    "cardrules.games.rook.fast",
    DeprecationWarning,
    stacklevel=2,
)

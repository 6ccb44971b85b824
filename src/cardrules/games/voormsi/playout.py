"""Deprecated: Voormsi's fused playout moved to :mod:`cardrules.games.voormsi.fast`.

Importing this module warns (:class:`DeprecationWarning`); import ``fused_playout`` from
:mod:`cardrules.games.voormsi.fast` instead.
"""

from __future__ import annotations

import warnings

from cardrules.games.voormsi.fast import fused_playout

__all__ = ["fused_playout"]

warnings.warn(
    "cardrules.games.voormsi.playout is deprecated: import fused_playout from "
    "cardrules.games.voormsi.fast instead",
    DeprecationWarning,
    stacklevel=2,
)

"""Deprecated: Euchre's fused playouts moved to :mod:`cardrules.games.euchre.fast`, the one module
that holds tagged copies of rules. Import :func:`~cardrules.games.euchre.fast.play_out` and
:func:`~cardrules.games.euchre.fast.play_out_revoke_mode` from there; this module re-exports them,
with a :class:`DeprecationWarning` on import, for one release.
"""

from __future__ import annotations

import warnings

from cardrules.games.euchre.fast import play_out, play_out_revoke_mode

__all__ = ["play_out", "play_out_revoke_mode"]

warnings.warn(
    "cardrules.games.euchre.playout is deprecated: import play_out and play_out_revoke_mode "
    "from cardrules.games.euchre.fast",
    DeprecationWarning,
    stacklevel=2,
)

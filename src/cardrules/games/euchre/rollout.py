"""Deprecated: Euchre's rollouts moved to :mod:`cardrules.games.euchre.fast`, the one module that
holds tagged copies of rules. Import :func:`~cardrules.games.euchre.fast.rollout`,
:func:`~cardrules.games.euchre.fast.stepped_rollout`, :func:`~cardrules.games.euchre.fast.play_out`
and :func:`~cardrules.games.euchre.fast.play_out_revoke_mode` from there (or call
:meth:`EuchreGame.rollout <cardrules.games.euchre.game.EuchreGame.rollout>`); this module
re-exports them, with a :class:`DeprecationWarning` on import, for one release.
"""

from __future__ import annotations

import warnings

from cardrules.games.euchre.fast import play_out, play_out_revoke_mode, rollout, stepped_rollout

__all__ = ["play_out", "play_out_revoke_mode", "rollout", "stepped_rollout"]

warnings.warn(
    "cardrules.games.euchre.rollout is deprecated: import rollout, stepped_rollout, play_out and "
    "play_out_revoke_mode from cardrules.games.euchre.fast",
    DeprecationWarning,
    stacklevel=2,
)

"""The one fast module (issue #28, one layout per game): the hot steps of the protocol are the
functions of ``cardrules.games.euchre.fast`` themselves, and the modules the fused playouts and
rollouts lived in before still import, with a warning naming the new place."""

from __future__ import annotations

import importlib
import sys
from types import FunctionType

import pytest

from cardrules.games.euchre import EuchreGame, RevokeModeGame, fast


def test_hot_methods_are_bound_to_the_fast_steps() -> None:
    """``apply`` and ``legal_actions`` (E4-E17) are the fast module's functions, bound with no
    wrapper between the protocol and the step (no call added on the hot path); revoke mode (E17)
    binds its own. (In the compiled build the steps are C functions, which do not bind: the one
    interpreted edge of :func:`cardrules.game.method` stands in front of each.)"""
    pure = isinstance(fast.apply, FunctionType)
    for method, step in [
        (EuchreGame.apply, fast.apply),
        (EuchreGame.legal_actions, fast.legal_actions),
        (RevokeModeGame.apply, fast.apply_revoke_mode),
        (RevokeModeGame.legal_actions, fast.legal_actions_revoke_mode),
    ]:
        assert (method if pure else getattr(method, "__wrapped__", None)) is step


@pytest.mark.parametrize(
    ("old", "names"),
    [
        ("cardrules.games.euchre.rollout", ("rollout", "stepped_rollout", "play_out")),
        ("cardrules.games.euchre.playout", ("play_out", "play_out_revoke_mode")),
    ],
)
def test_old_modules_warn_and_reexport_the_fast_functions(old: str, names: tuple[str, ...]) -> None:
    """The old modules of the fused rollouts still import, with a DeprecationWarning that names
    the fast module, and hand out the very functions of the fast module."""
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=r"cardrules\.games\.euchre\.fast"):
        module = importlib.import_module(old)
    for name in names:
        assert getattr(module, name) is getattr(fast, name)

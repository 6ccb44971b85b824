"""attrs validators for the options of a rules class (a :class:`~cardrules.game.RulesConfig`).

Each refuses a bad value with a :class:`~cardrules.errors.RulesError` that names the option, the
values it takes and, from the field's ``"rule"`` metadata, the rule it implements. A value of the
wrong type is refused too: ``True`` is not the integer 1, nor ``1`` a flag, nor ``4.0`` the 4 of a
choice. Checks between options stay in the class's ``__attrs_post_init__``.

>>> import attrs
>>> @attrs.frozen
... class CoinRules:
...     fair: bool = attrs.field(default=True, validator=flag, metadata={"rule": "C1"})
...     sides: int = attrs.field(default=2, validator=one_of((2, 3)))
...     target: int = attrs.field(default=5, validator=integer, metadata={"min": 1, "step": 2})
>>> CoinRules(fair=1)
Traceback (most recent call last):
...
cardrules.errors.RulesError: fair must be True or False, not 1 (C1)
>>> CoinRules(sides=2.0)
Traceback (most recent call last):
...
cardrules.errors.RulesError: sides must be one of 2, 3, not 2.0
>>> CoinRules(target=4)
Traceback (most recent call last):
...
cardrules.errors.RulesError: target must be an integer of at least 1, in steps of 2, not 4
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from cardrules.errors import RulesError
from cardrules.game import OptionInfo

__all__ = ["flag", "integer", "one_of"]


def _refuse(attribute: attrs.Attribute[Any], wanted: str, value: object) -> RulesError:
    """``"NAME must be WANTED, not VALUE (RULE)"``; the rule from the field's metadata."""
    rule = attribute.metadata.get("rule")
    written = getattr(rule, "written", rule)  # a RuleId reads "rule E8", so not mistaken for a card
    where = f" ({written})" if written else ""
    return RulesError(f"{attribute.name} must be {wanted}, not {value!r:.60}{where}")


def flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An option that is ``True`` or ``False`` (not ``0``, ``1`` or ``"yes"``)."""
    if type(value) is not bool:
        raise _refuse(attribute, "True or False", value)


def one_of(
    choices: Iterable[object],
) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """An option that takes one of ``choices`` (the values of a ``Literal``, or listed), each of
    its own type: ``True`` is not ``1``, nor ``4.0`` ``4``."""
    info = OptionInfo("", None, "", allowed=tuple(choices))
    wanted = f"one of {info.allowed_text}"

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not info.allows(value):
            raise _refuse(attribute, wanted, value)

    return check


def integer(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An integer option (never a ``bool``) within the field's ``"min"``, ``"max"`` and
    ``"step"`` metadata: the range :meth:`~cardrules.game.RulesConfig.options` and ``cardrules
    rules`` show, checked by the same :meth:`~cardrules.game.OptionInfo.allows`."""
    meta = attribute.metadata
    info = OptionInfo(
        attribute.name,
        None,
        "",
        minimum=meta.get("min"),
        maximum=meta.get("max"),
        step=meta.get("step", 1),
    )
    if type(value) is not int or not info.allows(value):
        bounded = info.minimum is not None or info.maximum is not None
        raise _refuse(attribute, info.allowed_text if bounded else "an integer", value)

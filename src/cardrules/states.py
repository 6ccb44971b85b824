"""Fast constructors for immutable states, generated from a state class's field list.

A game's hot path (one card played, one bid made) builds a new state per step. An attrs
``@frozen`` class's own ``__init__`` is the safe, public constructor, but it fills a slotted
instance through ``object.__setattr__``, one call per field: for a state of nine fields that is
most of a step's cost. A *builder* is a function with the fields as positional parameters, in
field order, that makes the very same immutable value faster and checks nothing — for the engine,
which has just computed every field, never for input from outside.

:func:`slotted_builder` generates one for an attrs slotted class (the fastest form when the class
is declared ``@attrs.frozen(weakref_slot=False)``: see there); :func:`tuple_builder` for a state
that is a ``tuple`` subclass (a ``NamedTuple``-shaped state read by unpacking). A builder is made
once, when the game class or module is set up, from the field list — never written by hand, so a
field added to the class cannot be forgotten in a copy of the list.

>>> @attrs.frozen(weakref_slot=False)
... class Point:
...     x: int
...     y: int = 0
>>> build = slotted_builder(Point)
>>> build(1, 2) == Point(1, 2), build(1, 2)
(True, Point(x=1, y=2))
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from cardrules.errors import ArgumentError, ArgumentTypeError, short_repr

__all__ = [
    "blank_twin",
    "slotted_builder",
    "slotted_replacer",
    "tuple_builder",
    "uses_fast_layout",
]

T = TypeVar("T")


def _slots_of(cls: type) -> list[tuple[type, tuple[str, ...]]]:
    """The classes of ``cls``'s MRO that add instance slots, with their slots, base first."""
    found = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        if slots:
            found.append((klass, tuple(slots)))
    return found


def _blank_twin(cls: type, names: tuple[str, ...]) -> type | None:
    """A plain, mutable class with the instance layout of ``cls``, or ``None`` where CPython would
    refuse to relabel one of its instances as ``cls``.

    CPython lets an object's ``__class__`` be assigned between two classes of the same layout
    (the same base, the same slots, no ``__dict__``, and here no ``__weakref__`` slot, which the
    layout check counts differently). The twin has the slots of the one class that holds all of
    ``cls``'s fields, made with that class's own bases (``Generic[...]`` included), so that a
    subclass adding no slots (a game's state over the core's) still relabels.
    """
    slotted = _slots_of(cls)
    if len(slotted) != 1 or "__weakref__" in slotted[0][1] or set(slotted[0][1]) != set(names):
        return None
    holder, slots = slotted[0]
    if "__dict__" in slots or cls.__dictoffset__:
        return None
    bases = tuple(getattr(holder, "__orig_bases__", holder.__bases__))
    try:
        twin = types.new_class(
            f"_Blank{cls.__name__}", bases, {}, lambda ns: ns.update({"__slots__": slots})
        )
        probe: Any = object.__new__(twin)
        probe.__class__ = cls  # the test CPython applies: layouts that differ raise TypeError
    except TypeError:
        return None
    return twin


def blank_twin(cls: type) -> type:
    """The plain, mutable twin of ``cls`` that :func:`slotted_builder` fills and relabels: for an
    engine that writes the builder out inline in its very hottest step (one call fewer), whose
    copy a test then checks against the builder. Only for a class with the fast layout
    (:func:`uses_fast_layout`).

    >>> @attrs.frozen(weakref_slot=False)
    ... class Fast:
    ...     x: int
    >>> twin = blank_twin(Fast)
    >>> s = object.__new__(twin); s.x = 1; s.__class__ = Fast
    >>> s == Fast(1)
    True
    """
    twin = _blank_twin(cls, tuple(f.name for f in attrs.fields(cls))) if attrs.has(cls) else None
    if twin is None:
        raise ArgumentTypeError(
            f"{short_repr(cls)} has no fast layout: declare it @attrs.frozen(weakref_slot=False)"
        )
    return twin


def uses_fast_layout(cls: type) -> bool:
    """Whether :func:`slotted_builder` fills ``cls`` by plain attribute stores (its fastest form):
    an attrs slotted class whose fields all sit in one class, declared without a weakref slot.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Fast:
    ...     x: int
    >>> @attrs.frozen
    ... class Weak:
    ...     x: int
    >>> uses_fast_layout(Fast), uses_fast_layout(Weak)
    (True, False)
    """
    if not attrs.has(cls):
        return False
    return _blank_twin(cls, tuple(f.name for f in attrs.fields(cls))) is not None


def slotted_builder(cls: type[T]) -> Callable[..., T]:
    """A constructor of ``cls`` (an attrs slotted class) taking every field positionally, in
    field order, that validates nothing and skips ``__attrs_post_init__``: the engine's.

    Its value equals — and hashes as — the one ``cls(*fields)`` makes. Two forms, chosen here once:

    * where the layout allows (:func:`uses_fast_layout`: declare the class
      ``@attrs.frozen(weakref_slot=False)``), a plain twin class with the same slots is filled by
      ordinary attribute stores and then relabelled as ``cls`` — about three times faster than
      attrs' ``__init__`` for a state of nine fields;
    * otherwise each slot is stored through its own descriptor, which is still quicker than
      ``__init__``.

    >>> @attrs.frozen
    ... class Weak:
    ...     x: int
    ...     y: tuple[int, ...]
    >>> slotted_builder(Weak)(1, (2, 3)) == Weak(1, (2, 3))
    True
    >>> slotted_builder(int)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: slotted_builder needs an attrs class with slots, not <class 'int'>
    """
    if not isinstance(cls, type) or not attrs.has(cls) or "__dict__" in dir(cls):
        raise ArgumentTypeError(
            f"slotted_builder needs an attrs class with slots, not {short_repr(cls)}"
        )
    names = tuple(field.name for field in attrs.fields(cls))
    params = ", ".join(names)
    namespace = _generate(cls, "build", params, {name: name for name in names}, "slotted_builder")
    build: Callable[..., T] = namespace["build"]
    build.__name__ = build.__qualname__ = f"build_{cls.__name__}"
    build.__doc__ = (
        f"``{cls.__name__}({params})`` for the engine: every field given, nothing validated."
    )
    return build


def slotted_replacer(cls: type[T], names: tuple[str, ...]) -> Callable[..., T]:
    """A function ``replace(state, *values)``: a copy of ``state`` (a ``cls``) with the fields
    ``names`` set to ``values``, in that order, and every other field copied — ``attrs.evolve``
    for the engine, generated from the field list (a field a subclass adds is copied too), that
    validates nothing. The same two forms as :func:`slotted_builder`.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int = 0
    ...     z: int = 0
    >>> move = slotted_replacer(Point, ("z", "x"))
    >>> move(Point(1, 2, 3), 9, 8) == attrs.evolve(Point(1, 2, 3), z=9, x=8)
    True
    >>> slotted_replacer(Point, ("w",))
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: slotted_replacer: Point has no field w
    """
    if not isinstance(cls, type) or not attrs.has(cls) or "__dict__" in dir(cls):
        raise ArgumentTypeError(
            f"slotted_replacer needs an attrs class with slots, not {short_repr(cls)}"
        )
    fields = tuple(field.name for field in attrs.fields(cls))
    for name in names:
        if name not in fields:
            raise ArgumentError(f"slotted_replacer: {cls.__name__} has no field {name}")
    if len(set(names)) != len(names):
        raise ArgumentError(f"slotted_replacer: a field named twice in {names}")
    params = "old" + "".join(f", v_{name}" for name in names)
    values = {field: f"v_{field}" if field in names else f"old.{field}" for field in fields}
    namespace = _generate(cls, "replace", params, values, "slotted_replacer")
    replace: Callable[..., T] = namespace["replace"]
    replace.__name__ = replace.__qualname__ = f"replace_{cls.__name__}"
    replace.__doc__ = (
        f"A copy of a ``{cls.__name__}`` with {', '.join(names) or 'nothing'} replaced "
        "(positionally), every other field copied, nothing validated."
    )
    return replace


def _generate(
    cls: type, function: str, params: str, values: dict[str, str], maker: str
) -> dict[str, Any]:
    """Compile ``def function(params)``, which makes a ``cls`` whose fields (all of them, in
    ``values``' order) take the expressions ``values[field]``, in the fastest form the class
    allows (see :func:`slotted_builder`); the namespace holding it."""
    twin = _blank_twin(cls, tuple(values))
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_twin": twin}
    if twin is not None:
        body = "".join(f"    s.{name} = {value}\n" for name, value in values.items())
        source = (
            f"def {function}({params}):\n    s = _new(_twin)\n{body}"
            "    s.__class__ = _cls\n    return s\n"
        )
    else:
        for name in values:
            namespace[f"_set_{name}"] = _slot_setter(cls, name)
        body = "".join(f"    _set_{name}(s, {value})\n" for name, value in values.items())
        source = f"def {function}({params}):\n    s = _new(_cls)\n{body}    return s\n"
    exec(compile(source, f"<{maker} {cls.__qualname__}>", "exec"), namespace)
    return namespace


def _slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The ``__set__`` of the slot descriptor of ``name`` (a member of the class that declares it)."""
    for klass in cls.__mro__:
        descriptor = klass.__dict__.get(name)
        if descriptor is not None and type(descriptor) is types.MemberDescriptorType:
            setter: Callable[[Any, Any], None] = descriptor.__set__
            return setter
    raise ArgumentTypeError(f"{cls.__qualname__}.{name} is not a slot")


def tuple_builder(cls: type[T]) -> Callable[[tuple[Any, ...]], T]:
    """A constructor of ``cls`` (a ``tuple`` subclass, e.g. a ``NamedTuple`` state) from the tuple
    of its fields: one ``tuple.__new__`` call, nothing validated.

    >>> from typing import NamedTuple
    >>> class Pair(NamedTuple):
    ...     a: int
    ...     b: int
    >>> tuple_builder(Pair)((1, 2))
    Pair(a=1, b=2)
    """
    if not isinstance(cls, type) or not issubclass(cls, tuple):
        raise ArgumentTypeError(f"tuple_builder needs a tuple subclass, not {short_repr(cls)}")
    # A partial of the C-level tuple.__new__: no Python frame between the engine and the value.
    return functools.partial(tuple.__new__, cls)

"""Sphinx extension: resolve the short Python names that docstrings use to the documented objects.

Docstrings name things the way their module sees them — ``IllegalActionError``, ``cardrules.Deal``
(re-exported by the package), ``EuchreGame.hand_report`` (imported only for type checking) — while
autodoc files every object under the module that defines it (``cardrules.errors.IllegalActionError``).
Before Sphinx resolves the references, each Python reference that names no documented object is
rewritten to the documented object it means, found in two ways:

1. by import: the name is looked up from the referring module (and class), or as an absolute
   dotted path, and the object found is filed under its defining module;
2. by suffix: the documented objects whose full name ends with the name; several are narrowed to
   those closest to the referring module (the longest shared dotted prefix);
3. for an attribute or method that autodoc does not list (an attrs field), its class.

A reference that stays ambiguous or unknown is left alone, so Sphinx still reports it.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform


def _import_prefix(path: str) -> tuple[ModuleType, list[str]] | None:
    """The longest importable module prefix of the dotted ``path``, and the rest of it."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except Exception:
            continue
        return module, parts[cut:]
    return None


def _canonical(path: str, known: set[str], data_names: dict[str, list[str]]) -> str | None:
    """The documented full name of the object ``path`` imports as, or ``None``."""
    found = _import_prefix(path)
    if found is None:
        return None
    module, rest = found
    if not rest:
        return module.__name__
    first = getattr(module, rest[0], None)
    if first is None:
        return None
    owner = getattr(first, "__module__", None)
    qualname = getattr(first, "__qualname__", None)
    if isinstance(owner, str) and isinstance(qualname, str) and "<" not in qualname:
        name = ".".join([owner, qualname, *rest[1:]])
        return name if name in known else None
    # Data (a constant, a type alias): the documented name whose module holds this very object.
    for candidate in data_names.get(rest[0], []):
        holder = _import_prefix(candidate.rpartition(".")[0])
        if holder and not holder[1] and getattr(holder[0], rest[0], None) is first:
            return candidate
    return None


def _shared_prefix(a: str, b: str) -> int:
    count = 0
    for x, y in zip(a.split("."), b.split("."), strict=False):
        if x != y:
            break
        count += 1
    return count


class ShortReferences(SphinxPostTransform):
    """Rewrite short Python reference targets to documented full names (before resolution)."""

    default_priority = 5  # before Sphinx's ReferencesResolver (10)

    def run(self, **kwargs: Any) -> None:
        domain: Any = self.env.get_domain("py")
        known = set(domain.objects) | set(domain.modules)
        data_names: dict[str, list[str]] = {}
        for name in known:
            data_names.setdefault(name.rpartition(".")[2], []).append(name)
        for node in self.document.findall(addnodes.pending_xref):
            if node.get("refdomain") != "py":
                continue
            target = str(node["reftarget"]).lstrip(".~")
            module = node.get("py:module") or ""
            klass = node.get("py:class") or ""
            as_is = {
                target,
                f"{module}.{target}",
                f"{klass}.{target}",
                f"{module}.{klass}.{target}",
            }
            if not target or as_is & known:
                continue  # Sphinx finds it (and picks among these forms by the role's type)
            paths = [target] if target.startswith("cardrules") else []
            if module:
                if klass:
                    paths.append(f"{module}.{klass}.{target}")
                paths.append(f"{module}.{target}")
            resolved = None
            for path in paths:
                resolved = _canonical(path, known, data_names)
                if resolved:
                    break
            if resolved is None:
                resolved = self._by_suffix(target, module, known)
            if resolved is None and "." in target and node.get("reftype") in ("attr", "meth"):
                # An attribute autodoc does not list (an attrs field): link to its class.
                owner = target.rpartition(".")[0]
                resolved = _canonical(f"{module}.{owner}", known, data_names) or self._by_suffix(
                    owner, module, known
                )
                if resolved is not None:
                    node["reftype"] = "class"
            if resolved is not None:
                node["reftarget"] = resolved
                node["refspecific"] = False
                if node.get("reftype") not in ("mod", "obj") and resolved in domain.modules:
                    node["reftype"] = "mod"

    @staticmethod
    def _by_suffix(target: str, module: str, known: set[str]) -> str | None:
        short = target.removeprefix("cardrules.")
        matches = [name for name in known if name.endswith("." + short) or name == short]
        if len(matches) > 1 and module:
            best = max(_shared_prefix(module, m) for m in matches)
            matches = [m for m in matches if _shared_prefix(module, m) == best]
        return matches[0] if len(matches) == 1 else None


def setup(app: Any) -> dict[str, Any]:
    """Register the transform."""
    app.add_post_transform(ShortReferences)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

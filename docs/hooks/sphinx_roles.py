"""A Griffe extension for the API reference: the Sphinx roles of brawl's docstrings
(:class:`Encounter`, :func:`~brawl.rules.damage.deal_damage`, :meth:`Encounter.with_creature`) become
cross-reference links to the object's entry in the reference.

A role is read the way Python would look its name up where the docstring sits: in the class
that holds it, then in its module (its own members and what it imports), then as a full dotted
path. A name that resolves to an object shown in the reference (public, documented, in a module
that an API page renders) becomes ``[`name`][full.path]``, which mkdocstrings turns into a link;
any other name stays plain code, so the strict build never meets a dangling link.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|func|meth|mod|attr|data|exc|obj):`(~?)([\w.]+)`")
PAGES = Path(__file__).resolve().parents[1]


def _rendered_modules() -> set[str]:
    """The modules the API pages render (``::: brawl.state`` lines)."""
    found: set[str] = set()
    for page in PAGES.glob("api*.md"):
        found.update(re.findall(r"^::: ([\w.]+)\s*$", page.read_text(encoding="utf-8"), flags=re.M))
    return found


class SphinxRoles(griffe.Extension):
    """Turn Sphinx roles into mkdocstrings cross-references once the package is loaded."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        self.pkg = pkg
        self.rendered = _rendered_modules()
        self._walk(pkg, set())

    def _walk(self, obj: griffe.Object, seen: set[str]) -> None:
        if obj.path in seen:
            return
        seen.add(obj.path)
        if obj.docstring is not None:
            obj.docstring.value = ROLE.sub(lambda m: self._link(obj, m), obj.docstring.value)
        for member in obj.members.values():
            if not member.is_alias:
                self._walk(member, seen)  # type: ignore[arg-type]

    def _link(self, where: griffe.Object, match: re.Match[str]) -> str:
        short, name = match.group(1), match.group(2)
        shown = name.rsplit(".", 1)[-1] if short else name
        target = self._resolve(where, name)
        if target is None or not self._shown(target):
            return f"`{shown}`"
        return f"[`{shown}`][{target.path}]"

    def _resolve(self, where: griffe.Object, name: str) -> griffe.Object | None:
        head, *rest = name.split(".")
        scopes: list[griffe.Object] = []
        scope: griffe.Object | None = where
        while scope is not None:
            scopes.append(scope)
            scope = scope.parent
        for scope in scopes:
            if head in scope.members:
                found = self._follow(scope.members[head], rest)
                if found is not None:
                    return found
        try:
            return self._follow(self.pkg.modules_collection[name], [])
        except (KeyError, griffe.AliasResolutionError, griffe.CyclicAliasError):
            return None

    def _follow(self, obj: griffe.Object | griffe.Alias, rest: list[str]) -> griffe.Object | None:
        try:
            for part in rest:
                obj = obj.members[part]
            while isinstance(obj, griffe.Alias):
                obj = obj.final_target
        except (KeyError, griffe.AliasResolutionError, griffe.CyclicAliasError):
            return None
        return obj

    def _shown(self, obj: griffe.Object) -> bool:
        """Whether the reference renders ``obj``: public, documented, in a rendered module."""
        if obj.is_module:
            return obj.path in self.rendered
        if any(part.startswith("_") for part in obj.path.split(".")[1:]):
            return False
        if obj.docstring is None:
            return False
        parent = obj.parent
        while parent is not None and not parent.is_module:
            if parent.docstring is None or parent.name.startswith("_"):
                return False
            parent = parent.parent
        return parent is not None and parent.path in self.rendered

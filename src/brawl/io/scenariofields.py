"""Where a scenario file is wrong, and the checks of its fields that name it (a table, a whole number)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from brawl.cells import Material
from brawl.errors import ScenarioError


class Where:
    """Turns a (level, row, column) of a map into a line and column of the file, when it can."""

    def __init__(self, source_text: str | None, source: str | None) -> None:
        self.text = source_text
        self.source = source
        self.cursor = 0
        self.starts: dict[int, int] = {}

    def find_map(self, level: int, value: str) -> None:
        if self.text is None or not value:
            return
        at = self.text.find(value, self.cursor)
        if at < 0:
            at = self.text.find(value)
        if at >= 0:
            self.starts[level] = at
            self.cursor = at + len(value)

    def fail(self, message: str, field: str | None) -> ScenarioError:
        """An error about a field of the file."""
        return ScenarioError(message, field=field or None, source=self.source)

    def error(self, message: str, level: int, row: int, col: int, *, field: str) -> ScenarioError:
        start = self.starts.get(level)
        if start is None or self.text is None:
            return self.fail(f"row {row + 1}, column {col + 1} of the map: {message}", field)
        line = self.text.count("\n", 0, start) + 1 + row
        line_start = self.text.rfind("\n", 0, start) + 1
        first_col = start - line_start if row == 0 else 0
        return ScenarioError(message, line=line, column=first_col + col + 1, source=self.source)


def table(data: Any, field: str, where: Where, allowed: Iterable[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ScenarioError(f"expected a table, got {kind(data)}", field=field)
    extra = sorted(set(data) - set(allowed))
    if extra:
        known = ", ".join(sorted(allowed))
        raise where.fail(f"unknown field (known: {known})", f"{field}.{extra[0]}".lstrip("."))
    return data


def kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    return f"{type(value).__name__} {value!r}"[:60]


def whole(value: Any, field: str, where: Where, *, minimum: int, maximum: int = 10_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise where.fail(f"expected a whole number from {minimum} to {maximum}, got {kind(value)}", field)
    return value


def text(value: Any, field: str, where: Where) -> str:
    if not isinstance(value, str):
        raise where.fail(f"expected a string, got {kind(value)}", field)
    return value


def material(value: Any, field: str, where: Where, *, solid: bool = True) -> Material:
    try:
        material = Material(value)
    except ValueError:
        names = ", ".join(m.value for m in Material if m.solid or not solid)
        raise where.fail(f"{kind(value)} is not a material ({names})", field) from None
    if solid and not material.solid:
        raise where.fail("air is not solid: leave the square open instead", field)
    return material

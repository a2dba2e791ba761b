"""A string enum whose repr pastes back as Python code (``Material.STONE``)."""

from __future__ import annotations

import enum


class ReprEnum(enum.StrEnum):
    """A string enum: ``str()`` gives the value, ``repr()`` gives ``ClassName.MEMBER``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

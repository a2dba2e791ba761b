"""A string enum whose repr pastes back as Python code (``Material.STONE``)."""

from __future__ import annotations

import enum

from brawl.errors import ArgumentTypeError, InvalidArgumentError, not_one_of


class ReprEnum(enum.StrEnum):
    """A string enum: ``str()`` gives the value, ``repr()`` gives ``ClassName.MEMBER``.

    A value that is none of its members is refused with a brawl error naming the valid ones:
    :class:`~brawl.errors.ArgumentTypeError` for a value that is no string (``None``, ``5``),
    :class:`~brawl.errors.InvalidArgumentError` for an unknown name; both are ``ValueError``\\s,
    as Python's own refusal is.
    """

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @classmethod
    def _missing_(cls, value: object) -> None:
        names = [str(m.value) for m in cls]
        if not isinstance(value, str):
            raise ArgumentTypeError(
                f"{cls.__name__} {value!r:.60}: one of {', '.join(names)} is needed, "
                f"not {type(value).__name__}",
                rule=(),
            )
        raise InvalidArgumentError(f"{cls.__name__} {value!r:.60}: {not_one_of(value, names)}", rule=())

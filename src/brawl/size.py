"""Creature and object sizes: 1T, 1S, 1M, 1L, 2, 3, ... (DS-SIZE-01..08, R-SIZE-1..3)."""

from __future__ import annotations

import functools
import re
from typing import Literal, cast

import attrs

from brawl.checks import whole_number
from brawl.errors import ArgumentTypeError, InvalidArgumentError

SubSize = Literal["T", "S", "M", "L", ""]
SUB_RANKS: dict[str, int] = {"T": 0, "S": 1, "M": 2, "L": 3}  # DS-SIZE-04, R-SIZE-1
MAX_SIZE = 100  # DS-SIZE-07 sets no limit; the engine refuses cubes above 100 squares a side
_PATTERN = re.compile(r"^\s*(?:1\s*([TSMLtsml])|(\d+))\s*$")


def _check_squares(_: object, __: attrs.Attribute[int], value: int) -> None:
    whole_number(value, 1, MAX_SIZE, what="size", rule="DS-SIZE-03")


@functools.total_ordering
@attrs.frozen(eq=True, order=False, repr=False)
class Size:
    """A size: ``squares`` is the edge of the cube it occupies; ``sub`` is T, S, M or L for size 1.

    Sizes compare by rank (R-SIZE-1): 1T=0, 1S=1, 1M=2, 1L=3 and N+2 for N >= 2.
    """

    squares: int = attrs.field(validator=_check_squares)
    """Edge of the cube of cells the creature occupies (DS-SIZE-01, DS-SIZE-02)."""
    sub: SubSize = attrs.field(default="")
    """For size 1, the category T, S, M or L (DS-SIZE-03); empty for sizes 2 and up."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.sub, str):
            raise ArgumentTypeError(
                f"Size.sub {self.sub!r:.60}: a string T, S, M, L or '' is needed, "
                f"not {type(self.sub).__name__}",
                rule="DS-SIZE-03",
            )
        if self.squares == 1 and self.sub not in SUB_RANKS:
            raise InvalidArgumentError(
                f"size 1{self.sub}: size 1 needs a category T, S, M or L", rule="DS-SIZE-03"
            )
        if self.squares > 1 and self.sub:
            raise InvalidArgumentError(
                f"size {self.squares}{self.sub}: only size 1 has a category", rule="DS-SIZE-03"
            )

    @classmethod
    def parse(cls, text: str | int | Size) -> Size:
        """Parse ``"1M"``, ``"2"`` or ``2``; a bare ``1`` is refused as ambiguous (DS-SIZE-03)."""
        if isinstance(text, Size):
            return text
        if isinstance(text, bool):
            raise InvalidArgumentError(f"size {text!r}: not a size", rule="DS-SIZE-03")
        if isinstance(text, int):
            text = str(text)
        if not isinstance(text, str):
            raise InvalidArgumentError(f"size {text!r}: not a size", rule="DS-SIZE-03")
        match = _PATTERN.match(text)
        if match is None:
            raise InvalidArgumentError(
                f"size {text!r}: write 1T, 1S, 1M, 1L or a whole number from 2 up",
                rule="DS-SIZE-03",
            )
        if match.group(1):
            return cls(1, cast(SubSize, match.group(1).upper()))  # the pattern's T, S, M or L
        squares = int(match.group(2))
        if squares == 1:
            raise InvalidArgumentError(
                f"size {text!r}: size 1 needs a category (1T, 1S, 1M or 1L)", rule="DS-SIZE-03"
            )
        return cls(squares)

    @property
    def rank(self) -> int:
        """Ordinal rank used by every size comparison (R-SIZE-1): 1T=0 ... 1L=3, N -> N+2."""
        return SUB_RANKS[self.sub] if self.squares == 1 else self.squares + 2

    @property
    def value(self) -> int:
        """The number compared with a Might score: 1 for 1T to 1L, else N (R-SIZE-2)."""
        return self.squares

    def ranks_apart(self, other: Size) -> int:
        """How many sizes apart two sizes are (R-SIZE-1)."""
        return abs(self.rank - other.rank)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Size):
            return NotImplemented
        return self.rank < other.rank

    def __str__(self) -> str:
        return f"{self.squares}{self.sub}"

    def __repr__(self) -> str:
        return f"Size.parse({str(self)!r})"


TINY = Size(1, "T")
SMALL = Size(1, "S")
MEDIUM = Size(1, "M")
LARGE = Size(1, "L")

"""The state's seeded, counter-based random number generator (dice are inputs: the RNG lives in the state).

A draw depends only on ``(seed, counter)``; drawing returns the value and the next generator,
so a state that carries its ``Rng`` stays pure and every replay is exact. Nothing in brawl calls
the global ``random`` module.
"""

from __future__ import annotations

import attrs

from brawl.checks import whole_number

_MASK = (1 << 64) - 1
MAX_DRAWS = 10_000
"""The most dice one call may roll; a larger count is refused before any draw."""
MAX_SIDES = 1_000_000
"""The most faces a die may have."""


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


_KEYS: dict[int, int] = {}
"""``_splitmix64(seed)`` by seed: the key every draw of a generator mixes with its counter."""
_MAX_KEYS = 1024
"""Seeds kept in :data:`_KEYS` before it starts afresh."""


def _check_int(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    whole_number(value, 0, _MASK, what=f"rng {attribute.name}")


@attrs.frozen
class Rng:
    """A counter-based generator: the n-th draw is a pure function of the seed and n."""

    seed: int = attrs.field(default=0, validator=_check_int)
    """The seed chosen when the encounter was made."""
    counter: int = attrs.field(default=0, validator=_check_int)
    """How many values have been drawn so far."""

    def draw(self, sides: int) -> tuple[int, Rng]:
        """One roll of a die with ``sides`` faces (1..sides) and the advanced generator."""
        whole_number(sides, 1, MAX_SIDES, what="sides of a die")
        raw = _splitmix64(_splitmix64(self.seed) ^ self.counter)
        return 1 + raw % sides, self._after(1)

    def draws(self, sides: int, count: int) -> tuple[tuple[int, ...], Rng]:
        """``count`` rolls of one kind of die (0 to :data:`MAX_DRAWS`): the values :meth:`draw`
        would give one after another, and the generator after the last."""
        if not (
            type(count) is int and 0 < count <= MAX_DRAWS and type(sides) is int and 1 <= sides <= MAX_SIDES
        ):
            whole_number(count, 0, MAX_DRAWS, what="count of dice")  # raises, or count is 0
            if not count:
                return (), self
            whole_number(sides, 1, MAX_SIDES, what="sides of a die")
        return self._faces(sides, count), self._after(count)

    def pair(self, sides: int) -> tuple[int, int, Rng]:
        """Two rolls of a die with ``sides`` faces, a whole number from 1 to :data:`MAX_SIDES`
        the caller checked (a power roll's d10s): what ``draws(sides, 2)`` gives, as three values.

        :func:`_splitmix64` of the two counters and :meth:`_after` are written out here, with no
        call for each: a power roll is made at every strike."""
        seed, counter = self.seed, self.counter
        key = _KEYS.get(seed)
        if key is None:
            if len(_KEYS) >= _MAX_KEYS:
                _KEYS.clear()
            key = _KEYS[seed] = _splitmix64(seed)
        x = ((key ^ counter) + 0x9E3779B97F4A7C15) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        y = ((key ^ ((counter + 1) & _MASK)) + 0x9E3779B97F4A7C15) & _MASK
        y = ((y ^ (y >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        y = ((y ^ (y >> 27)) * 0x94D049BB133111EB) & _MASK
        out = object.__new__(Rng)  # the fields of a checked generator: not checked again
        object.__setattr__(out, "seed", seed)
        object.__setattr__(out, "counter", (counter + 2) & _MASK)
        return 1 + (x ^ (x >> 31)) % sides, 1 + (y ^ (y >> 31)) % sides, out

    def _faces(self, sides: int, count: int) -> tuple[int, ...]:
        """The next ``count`` faces of ``sides``-sided dice, both already checked."""
        key = _KEYS.get(self.seed)
        if key is None:
            if len(_KEYS) >= _MAX_KEYS:
                _KEYS.clear()
            key = _KEYS[self.seed] = _splitmix64(self.seed)
        counter = self.counter
        if count == 2:  # a power roll
            return (
                1 + _splitmix64(key ^ counter) % sides,
                1 + _splitmix64(key ^ ((counter + 1) & _MASK)) % sides,
            )
        return tuple(1 + _splitmix64(key ^ ((counter + i) & _MASK)) % sides for i in range(count))

    def _after(self, count: int) -> Rng:
        """This generator ``count`` draws later; its fields come from a checked generator, so
        they are not checked again."""
        out = object.__new__(Rng)
        object.__setattr__(out, "seed", self.seed)
        object.__setattr__(out, "counter", (self.counter + count) & _MASK)
        return out

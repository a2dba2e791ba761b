"""Field checks of request records: a wrongly typed value is refused on construction, never stored.

The validators (:func:`whole`, :func:`flag`, :func:`text`, :func:`ident`, :func:`choice`) and the
conversions the records' converters call (:func:`position`, :func:`positions`, :func:`as_path`,
:func:`dice_pair`, :func:`ids`) raise :class:`~brawl.errors.ArgumentTypeError` naming the record
and the field (``ForcedMove.squares '3': a whole number is needed``) and citing the rule the field
serves; a value of the right type out of its range raises
:class:`~brawl.errors.InvalidArgumentError`. Ranges that depend on the state (a distance the target
can be moved, a Stamina amount) are checked by the rule's ``verify_x``, not here. The checks of one
domain live next to it: movement modes and budgets in :mod:`brawl.rules.steps`, edge and bane
reasons in :mod:`brawl.rules.edges`, power-roll dice in :mod:`brawl.dice`.

:func:`replaced` is the engine's cheaper ``attrs.evolve`` for the records it changes on every
action (creatures, turn bookkeeping): it converts and checks only the changed fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast

import attrs
import immutables

from brawl.checks import is_whole_number, whole_number
from brawl.errors import ArgumentTypeError, InvalidArgumentError, UnknownCreatureError, id_hint, shown
from brawl.geometry import Pos

Rule = str | tuple[str, ...] | Callable[[Any], str | tuple[str, ...]]
"""The rule a field serves: IDs, or a function of the record giving them (e.g. by its kind)."""

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]

MAX_PATH = 100_000
"""Longest path a move request takes (DS-MOVE-07: no move is longer than the map)."""


def _rule(rule: Rule, instance: Any) -> str | tuple[str, ...]:
    return rule(instance) if callable(rule) else rule


def _name(instance: Any, attribute: attrs.Attribute[Any]) -> str:
    return f"{type(instance).__name__}.{attribute.name}"


def _refuse(
    instance: Any, attribute: attrs.Attribute[Any], value: Any, expected: str, rule: Rule
) -> ArgumentTypeError:
    return ArgumentTypeError(
        f"{_name(instance, attribute)} {value!r}: {expected} is needed, not {type(value).__name__}",
        rule=_rule(rule, instance),
    )


def stable_repr(value: object) -> str:
    """``repr(value)`` with the members of a set and the entries of an ``immutables.Map`` sorted,
    inside tuples too: the same text under every ``PYTHONHASHSEED`` (both iterate in the order of
    their keys' hashes, which vary from one process to the next for strings)."""
    if isinstance(value, frozenset | set):
        if not value:
            return f"{type(value).__name__}()"
        return f"{type(value).__name__}({{{', '.join(sorted(stable_repr(v) for v in value))}}})"
    if isinstance(value, immutables.Map):
        items = sorted((stable_repr(k), stable_repr(v)) for k, v in value.items())
        return "immutables.Map({" + ", ".join(f"{k}: {v}" for k, v in items) + "})"
    if type(value) is tuple:
        inner = ", ".join(stable_repr(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return repr(value)


def record_repr(self: Any) -> str:
    """An attrs record's repr as attrs writes it, but with :func:`stable_repr` for each field."""
    parts = []
    for f in attrs.fields(type(self)):
        if f.repr:
            value = getattr(self, f.name)
            parts.append(f"{f.name}={f.repr(value) if callable(f.repr) else stable_repr(value)}")
    return f"{type(self).__name__}({', '.join(parts)})"


def generated_repr(cls: type) -> bool:
    """Whether ``cls`` has the ``__repr__`` attrs writes (not one of its own)."""
    code = getattr(vars(cls).get("__repr__"), "__code__", None)
    return code is not None and code.co_name == "__repr__" and code.co_filename.startswith("<attrs generated")


def whole(
    rule: Rule = (), *, lo: int | None = None, hi: int | None = None, optional: bool = False
) -> Validator:
    """A whole number (an ``int``, not a ``bool``) from ``lo`` to ``hi``; ``None`` too when ``optional``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is int and (lo is None or lo <= value) and (hi is None or value <= hi):
            return  # what whole_number accepts first, without naming the field for a message
        if not (value is None and optional):
            whole_number(value, lo, hi, what=_name(instance, attribute), rule=_rule(rule, instance))

    return check


def flag(rule: Rule = (), *, optional: bool = False) -> Validator:
    """``True`` or ``False`` (not 0, 1); ``None`` too when ``optional``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, bool) or (value is None and optional):
            return
        raise _refuse(
            instance, attribute, value, "True, False or None" if optional else "True or False", rule
        )

    return check


def text(rule: Rule = (), *, optional: bool = False) -> Validator:
    """A string (a name, a reason); ``None`` too when ``optional``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, str) or (value is None and optional):
            return
        raise _refuse(instance, attribute, value, "a string or None" if optional else "a string", rule)

    return check


def instance(kind: type, expected: str, rule: Rule = ()) -> Validator:
    """An instance of ``kind`` (``expected`` says what in the message: "a request record")."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, kind):
            raise _refuse(instance, attribute, value, expected, rule)

    return check


class IdTypeError(ArgumentTypeError, UnknownCreatureError):
    """An id that is not a string: wrongly typed, and no creature or object has it."""


def ident(rule: Rule = (), *, optional: bool = False) -> Validator:
    """A creature or object id (a string); ``None`` too when ``optional``. Else :class:`IdTypeError`."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, str) or (value is None and optional):
            return
        raise IdTypeError(
            f"{_name(instance, attribute)} {shown(value)}: a creature id (a string) is needed, "
            f"not {type(value).__name__}{id_hint(value)}",
            rule=_rule(rule, instance),
        )

    return check


def choice(values: tuple[str, ...], rule: Rule = (), *, optional: bool = False) -> Validator:
    """One of ``values``; ``None`` too when ``optional``."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is None and optional:
            return
        message = f"{_name(instance, attribute)} {value!r}: one of {', '.join(values)}"
        if not isinstance(value, str):
            raise ArgumentTypeError(message, rule=_rule(rule, instance))
        if value not in values:
            raise InvalidArgumentError(message, rule=_rule(rule, instance))

    return check


def ids(value: Any, what: str, rule: str | tuple[str, ...] = (), *, unique: bool = False) -> tuple[str, ...]:
    """A tuple of strings (creature ids, rule IDs) from any iterable of strings but a single string.

    ``unique`` keeps each id once, in the order first given.
    """
    if type(value) is tuple:  # a tuple is kept as it is (the usual case, often empty)
        if not value:
            return value
        items: tuple[Any, ...] = value
    elif isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"{what} {value!r}: a sequence of ids (strings) is needed, not {type(value).__name__}", rule=rule
        )
    else:
        items = tuple(value)
    for item in items:
        if not isinstance(item, str):
            raise ArgumentTypeError(f"{what} {value!r}: {item!r} is not an id (a string)", rule=rule)
    return tuple(dict.fromkeys(items)) if unique else items


def position(value: Any, what: str, rule: str | tuple[str, ...] = "R-GEO-1") -> Pos:
    """A :class:`Pos` from ``(x, y)`` or ``(x, y, z)``; ``rule`` is cited for a value that is no sequence."""
    if isinstance(value, Pos):
        return value
    if not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"{what} {value!r:.60}: a position (x, y) or (x, y, z) is needed, not {type(value).__name__}",
            rule=rule,
        )
    items = tuple(value)
    if len(items) not in (2, 3) or not all(is_whole_number(i) for i in items):
        raise ArgumentTypeError(f"{what} {value!r:.60}: not 2 or 3 whole numbers", rule="R-GEO-1")
    return Pos(*items)


_ONLY_POS = frozenset({Pos})


def positions(
    value: Any, what: str, rule: str | tuple[str, ...] = "R-GEO-1", *, limit: int | None = None
) -> tuple[Pos, ...]:
    """A tuple of :class:`Pos` from a sequence of positions, at most ``limit`` of them (DS-MOVE-07)."""
    if type(value) is tuple and _ONLY_POS.issuperset(map(type, value)):  # positions already: kept
        if limit is not None and len(value) > limit:
            raise InvalidArgumentError(f"{what} of {len(value)} steps: at most {limit:,}", rule="DS-MOVE-07")
        return value
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"{what} {value!r:.60}: a sequence of positions is needed, not {type(value).__name__}", rule=rule
        )
    items = list(value)
    if limit is not None and len(items) > limit:
        raise InvalidArgumentError(f"{what} of {len(items)} steps: at most {limit:,}", rule="DS-MOVE-07")
    return tuple(position(p, f"{what} position") for p in items)


def as_path(value: Any) -> tuple[Pos, ...]:
    """The positions a move enters, in order: a ``path`` field's converter (R-GEO-1, DS-MOVE-07).

    One position given where the path goes is refused with the list it may have meant.
    """
    if isinstance(value, tuple | list | Pos) and value and all(type(v) is int for v in value):
        raise ArgumentTypeError(
            f"path {value!r:.60}: one position, not a path; a path is a list of positions: [{tuple(value)}]",
            rule="R-GEO-1",
        )
    return positions(value, "path", limit=MAX_PATH)


def dice_pair(
    value: Any, what: str, rule: str | tuple[str, ...] = "RB3-EDGES", *, sides: int | None = None
) -> tuple[int, int]:
    """Two die faces as a tuple of two whole numbers, each from 1 to ``sides`` when it is given."""
    items = tuple(value) if isinstance(value, Iterable) and not isinstance(value, str | bytes) else ()
    if len(items) != 2:
        raise ArgumentTypeError(
            f"{what} {value!r:.60}: two die faces are needed, not {type(value).__name__}", rule=rule
        )
    lo = None if sides is None else 1
    a, b = (whole_number(i, lo, sides, what=f"{what} face", rule=rule) for i in items)
    return (a, b)


__all__ = [
    "DRAFT_OF",
    "FIELD_CHECKS_ALONE",
    "MAX_PATH",
    "IdTypeError",
    "as_path",
    "choice",
    "copier",
    "dice_pair",
    "flag",
    "generated_repr",
    "ident",
    "ids",
    "instance",
    "position",
    "positions",
    "put",
    "record_repr",
    "replaced",
    "stable_repr",
    "text",
    "whole",
]


_R = TypeVar("_R")


@attrs.frozen
class _Plan:
    names: tuple[str, ...]
    known: frozenset[str]
    converters: dict[str, Callable[[Any], Any]]
    validators: dict[str, tuple[attrs.Attribute[Any], Validator]]
    copy: Callable[[Any], Any]
    """The class's :func:`copier`: a record into a draft."""
    index: dict[str, int]
    bare: bool
    """No converter, no validator and no ``__attrs_post_init__``."""


_PLANS: dict[type, _Plan | None] = {}

FIELD_CHECKS_ALONE = "__field_checks_alone__"
"""A class attribute: true when each field's converter and validator look at that field's value
alone (the checks across fields are in ``__attrs_post_init__``), so :func:`replaced` may run the
changed fields' checks only."""


def _plan(cls: type) -> _Plan | None:
    """How :func:`replaced` copies a slotted attrs class, or None (``attrs.evolve``).

    A class qualifies if its fields have no converter or validator and it has no
    ``__attrs_post_init__``, or if it says its fields' checks stand alone (:data:`FIELD_CHECKS_ALONE`)
    and its converters are plain functions of the value.
    """
    if cls not in _PLANS:
        fields = attrs.fields(cls)
        bare = not hasattr(cls, "__attrs_post_init__") and all(
            f.converter is None and f.validator is None for f in fields
        )
        ok = (
            (bare or bool(getattr(cls, FIELD_CHECKS_ALONE, False)))
            and "__slots__" in cls.__dict__
            and all(f.init and not isinstance(f.converter, attrs.Converter) for f in fields)
        )
        names = tuple(f.name for f in fields)
        copy: Callable[[Any], Any] | None = _copier(cls) if ok else None
        _PLANS[cls] = (
            _Plan(
                names,
                frozenset(names),
                {f.name: f.converter for f in fields if callable(f.converter)},
                {f.name: (f, f.validator) for f in fields if f.validator is not None},
                copy,
                {name: i for i, name in enumerate(names)},
                bare,
            )
            if copy is not None
            else None
        )
    return _PLANS[cls]


DRAFT_OF = "_draft_of"
"""The class attribute of a draft class (:func:`copier`) naming the record class it copies; a
class hook that registers subclasses (a turn state's) leaves drafts out."""

_COPIERS: dict[type, Callable[[Any], Any] | None] = {}


def copier(cls: type[_R]) -> Callable[[_R], Any]:
    """A function copying a record of the slotted attrs class ``cls`` into a *draft*; a
    :class:`TypeError` for a class whose slots are not exactly its fields.

    A draft is an instance of a subclass of ``cls`` that adds no slot and assigns its fields as
    plain attributes (``out.stamina = 3``); its maker sets the fields that change, then makes it a
    ``cls`` by ``out.__class__ = cls`` (Python allows it: the layouts are the same) before anyone
    else sees it. Why: a frozen class's slots can otherwise be written only through their
    descriptors' ``__set__``, a call several times dearer than an assignment, and copying a record
    is what every change of an immutable state does. The copy is written out once per class, one
    assignment per field, as attrs writes ``__init__``.
    """
    found = _copier(cls)
    if found is None:
        raise TypeError(f"{cls.__name__}: a slotted attrs class whose slots are its fields is needed")
    return found


def _copier(cls: type[_R]) -> Callable[[_R], Any] | None:
    """:func:`copier`, or None for a class it does not copy."""
    if cls in _COPIERS:
        return _COPIERS[cls]
    names = [f.name for f in attrs.fields(cast("type[attrs.AttrsInstance]", cls))]  # attrs refuses others
    slotted = all("__slots__" in vars(k) for k in cls.__mro__[:-1])
    slots = {s for k in cls.__mro__[:-1] for s in vars(k).get("__slots__", ())} - {"__weakref__"}
    found: Callable[[Any], Any] | None = None
    if slotted and slots == set(names) and len(names) == len(slots):
        draft = type(
            f"{cls.__name__}Draft",
            (cls,),
            {
                "__slots__": (),
                "__module__": cls.__module__,
                "__setattr__": object.__setattr__,  # both: Python's own attribute assignment
                "__delattr__": object.__delattr__,
                DRAFT_OF: cls,
            },
        )
        lines = ["def copy(record):", "    out = new(draft)"]
        lines += [f"    out.{name} = record.{name}" for name in names]
        lines.append("    return out")
        space: dict[str, Any] = {"new": object.__new__, "draft": draft}
        exec(compile("\n".join(lines), f"<draft copy of {cls.__qualname__}>", "exec"), space)
        found = space["copy"]
    _COPIERS[cls] = found
    return found


def replaced(record: _R, **changes: Any) -> _R:
    """``attrs.evolve(record, **changes)``, made several times cheaper by copying the unchanged
    fields across: for a record with nothing to convert or validate (bookkeeping such as a turn
    state, checked as a whole by its owner), and for one whose fields' checks stand alone
    (:data:`FIELD_CHECKS_ALONE`), which runs the changed fields' converters and validators and
    its ``__attrs_post_init__`` as a new record would."""
    cls = type(record)
    plan = _plan(cls)
    if plan is None:
        return attrs.evolve(record, **changes)  # type: ignore[misc]  # _R is unbound: copier takes any class
    if not changes.keys() <= plan.known:
        raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - plan.known)[0]!r}")
    out = plan.copy(record)  # a draft (copier)
    if plan.bare:  # nothing to convert, validate or check after
        for name, value in changes.items():
            setattr(out, name, value)
        out.__class__ = cls
        return out  # type: ignore[no-any-return]  # the draft, now a cls; no cast on a hot path
    # in field order, as a new record converts and then validates them
    order = sorted(changes, key=plan.index.__getitem__) if len(changes) > 1 else changes
    converters, validators = plan.converters, plan.validators
    for name in order:
        convert = converters.get(name)
        value = changes[name]
        setattr(out, name, value if convert is None else convert(value))
    out.__class__ = cls  # before the checks, which name the record's class
    for name in order:
        check = validators.get(name)
        if check is not None:
            check[1](out, check[0], getattr(out, name))
    post = getattr(out, "__attrs_post_init__", None)
    if post is not None:
        post()
    return out  # type: ignore[no-any-return]  # the draft, now a cls; no cast on a hot path


def put(record: _R, **values: Any) -> _R:
    """A copy of a slotted attrs record with ``values`` set as they are: no converter, validator
    or check across fields runs. Only for values a rule derived from the record's own checked
    ones, where no check could refuse them (the caller says why); :func:`replaced` checks."""
    cls = type(record)
    copy = _COPIERS.get(cls) or copier(cls)
    out = copy(record)  # a draft (copier)
    for name, value in values.items():
        setattr(out, name, value)
    out.__class__ = cls
    return out  # type: ignore[no-any-return]  # the draft, now a cls; no cast on a hot path

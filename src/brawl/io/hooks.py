"""The hooks of brawl's JSON converter: strict scalars, maps, sets, fixed tuples and tagged records.

Each hook reads or writes one kind of value the way :mod:`brawl.io.json` documents it (maps with
text keys as objects, others as arrays of pairs; sets sorted; turn states, actions and events
tagged with their class name under :data:`TYPE_KEY`) and refuses anything else with an error
cattrs reports with its path; :func:`brawl.io.json.converter` puts them together.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, get_args, get_origin

import attrs
import cattrs
import immutables
from cattrs.errors import (
    AttributeValidationNote,
    IterableValidationError,
    IterableValidationNote,
)

from brawl.events.base import Event
from brawl.geometry import Pos
from brawl.io.jsontext import (
    show,
)
from brawl.requests import Action
from brawl.size import Size
from brawl.state import TurnState

TYPE_KEY = "class"
"""Key that tags a turn state or an event with its class name (a Python keyword: no field has it)."""


class _Invalid(ValueError):
    """A value of the wrong shape, raised inside the converter and reported with its path."""


# --- the converter --------------------------------------------------------------------------------
def _strict_int(value: Any, _: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Invalid(f"expected a whole number, got {show(value)}")
    return value


def _strict_str(value: Any, t: type) -> str:
    if t is not str and _is_enum(t):
        member: str = _enum_structure(value, t)  # a str enum's member is a str
        return member
    if not isinstance(value, str):
        raise _Invalid(f"expected a string, got {show(value)}")
    return value


def _strict_bool(value: Any, _: type) -> bool:
    if not isinstance(value, bool):
        raise _Invalid(f"expected true or false, got {show(value)}")
    return value


def _strict_float(value: Any, _: type) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Invalid(f"expected a number, got {show(value)}")
    return float(value)


def _sort_key(value: Any) -> tuple[Any, ...]:
    """An order on plain JSON values: numbers by value, then strings, then arrays item by item."""
    if value is None:
        return (0,)
    if isinstance(value, bool | int | float):
        return (1, value)
    if isinstance(value, str):
        return (2, value)
    if isinstance(value, list):
        return (3, tuple(_sort_key(v) for v in value))
    return (4, json.dumps(value, sort_keys=True))


def _is_map(t: Any) -> bool:
    return t is immutables.Map or get_origin(t) is immutables.Map


def _is_str_key(t: Any) -> bool:
    return t is str or (isinstance(t, type) and issubclass(t, str))


def _is_collection(t: Any) -> bool:
    origin = get_origin(t)
    return origin in (tuple, frozenset, list, set) and not (
        origin is tuple and (len(get_args(t)) != 2 or get_args(t)[1] is not Ellipsis)
    )


def _is_enum(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, enum.Enum)


def _is_fixed_tuple(t: Any) -> bool:
    args = get_args(t)
    return get_origin(t) is tuple and bool(args) and args[-1] is not Ellipsis


def _fixed_tuple_structure_factory(t: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    types = get_args(t)

    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(value, list) or len(value) != len(types):
            raise _Invalid(f"expected an array of {len(types)} items, got {show(value)}")
        out: list[Any] = []
        errors: list[Exception] = []
        for index, (item, kind) in enumerate(zip(value, types, strict=True)):
            try:
                out.append(conv.structure(item, kind))
            except Exception as exc:  # collected and re-raised with the index as its path
                _note(exc, IterableValidationNote(f"Structuring index {index}", index, kind))
                errors.append(exc)
        if errors:
            raise IterableValidationError("invalid items", errors, t)
        return tuple(out)

    return structure


def _note(exc: BaseException, note: str) -> None:
    """Record where in the document an error happened (cattrs reads the notes)."""
    exc.__notes__ = [*getattr(exc, "__notes__", []), note]


def _map_unstructure_factory(t: Any, conv: cattrs.Converter) -> Callable[[Any], Any]:
    args = get_args(t)
    key_type = args[0] if args else Any
    value_type = args[1] if len(args) > 1 else Any

    def unstructure(m: immutables.Map[Any, Any]) -> Any:
        items = [(conv.unstructure(k, key_type), conv.unstructure(v, value_type)) for k, v in m.items()]
        if all(isinstance(k, str) for k, _ in items) and (key_type is Any or _is_str_key(key_type)):
            return dict(sorted(items, key=lambda kv: kv[0]))
        return [[k, v] for k, v in sorted(items, key=lambda kv: _sort_key(kv[0]))]

    return unstructure


def _map_structure_factory(t: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    args = get_args(t)
    key_type = args[0] if args else Any
    value_type = args[1] if len(args) > 1 else Any

    def structure(value: Any, _: Any) -> immutables.Map[Any, Any]:
        if isinstance(value, dict):
            pairs = list(value.items())
        elif isinstance(value, list) and all(isinstance(p, list) and len(p) == 2 for p in value):
            pairs = [(p[0], p[1]) for p in value]
        else:
            raise _Invalid(f"expected an object, got {show(value)}")
        out: dict[Any, Any] = {}
        errors: list[Exception] = []
        for k, v in pairs:
            try:
                key = conv.structure(k, key_type)
                out[key] = conv.structure(v, value_type)
            except Exception as exc:  # collected and re-raised with the key as its path
                _note(exc, AttributeValidationNote(f"Structuring key {k!r}", str(k), value_type))
                errors.append(exc)
        if errors:
            raise IterableValidationError("invalid entries", errors, t)
        return immutables.Map(out)

    return structure


def _collection_unstructure_factory(t: Any, conv: cattrs.Converter) -> Callable[[Any], Any]:
    args = get_args(t)
    elem = args[0] if args else Any
    ordered = get_origin(t) in (frozenset, set)

    def unstructure(items: Iterable[Any]) -> list[Any]:
        out = [conv.unstructure(i, elem) for i in items]
        return sorted(out, key=_sort_key) if ordered else out

    return unstructure


def _collection_structure_factory(t: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    args = get_args(t)
    elem = args[0] if args else Any
    origin = get_origin(t)

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, list):
            raise _Invalid(f"expected an array, got {show(value)}")
        out: list[Any] = []
        errors: list[Exception] = []
        for index, item in enumerate(value):
            try:
                out.append(conv.structure(item, elem))
            except Exception as exc:  # collected and re-raised with the index as its path
                _note(exc, IterableValidationNote(f"Structuring index {index}", index, elem))
                errors.append(exc)
        if errors:
            raise IterableValidationError("invalid items", errors, t)
        return origin(out) if origin is not list else out

    return structure


def _enum_structure(value: Any, t: Any) -> Any:
    try:
        return t(value)
    except (ValueError, TypeError):
        names = ", ".join(str(m.value) for m in t)
        raise _Invalid(f"{show(value)} is not one of {names}") from None


def _pos_structure(value: Any, _: Any) -> Pos:
    if (
        not isinstance(value, list)
        or len(value) != 3
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise _Invalid(f"expected a position [x, y, z] of whole numbers, got {show(value)}")
    return Pos(*value)


def _size_structure(value: Any, _: Any) -> Size:
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise _Invalid(f'expected a size such as "1M" or "2", got {show(value)}')
    return Size.parse(value)


def _is_turn_state(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, TurnState)


def _is_event(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, Event)


def _is_action(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, Action)


def _tagged_unstructure_factory(t: Any, conv: cattrs.Converter) -> Callable[[Any], Any]:
    def unstructure(value: Any) -> dict[str, Any]:
        cls = type(value)
        hook = _plain_unstructure(conv, cls)
        return {TYPE_KEY: cls.__name__, **hook(value)}

    return unstructure


def _tagged_structure_factory(t: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    registry: Mapping[str, type[Any]]
    if _is_turn_state(t):
        registry, what = TurnState.registry, "turn state"
    elif _is_action(t):
        registry, what = Action.registry, "action"
    else:
        registry, what = Event.registry, "event"

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise _Invalid(f"expected an object, got {show(value)}")
        tag = value.get(TYPE_KEY)
        cls = registry.get(tag) if isinstance(tag, str) else None
        if cls is None or not issubclass(cls, t):
            known = ", ".join(sorted(k for k, v in registry.items() if issubclass(v, t))) or "none"
            raise _Invalid(f"{TYPE_KEY} {show(tag)}: not a known {what} (known: {known})")
        body = {k: v for k, v in value.items() if k != TYPE_KEY}
        return _plain_structure(conv, cls)(body, cls)

    return structure


_PLAIN_UNSTRUCTURE: dict[type[Any], Callable[[Any], dict[str, Any]]] = {}


_PLAIN_STRUCTURE: dict[type[Any], Callable[[Any, Any], Any]] = {}


def _plain_unstructure(conv: cattrs.Converter, cls: type[Any]) -> Callable[[Any], dict[str, Any]]:
    hook = _PLAIN_UNSTRUCTURE.get(cls)
    if hook is None:
        attrs.resolve_types(cls)
        hook = cattrs.gen.make_dict_unstructure_fn(cls, conv, _cattrs_omit_if_default=True)
        _PLAIN_UNSTRUCTURE[cls] = hook
    return hook


def _plain_structure(conv: cattrs.Converter, cls: type[Any]) -> Callable[[Any, Any], Any]:
    hook = _PLAIN_STRUCTURE.get(cls)
    if hook is None:
        attrs.resolve_types(cls)
        hook = cattrs.gen.make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True)
        _PLAIN_STRUCTURE[cls] = hook
    return hook

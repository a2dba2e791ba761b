"""The public boundary: each exported rule checks its arguments' types, then runs and settles.

A value of the wrong Python type (a float where a whole number goes, ``None`` for the state, a dict
where an id goes) raises :class:`~brawl.errors.ArgumentTypeError`, which names the function, the
argument and the type expected. The check follows the function's annotations, read once at import
time into one small checker per parameter. Values of the right type are the rules' business: they
refuse an illegal one with a :class:`~brawl.errors.RulesError` naming the rule. Anything else raised
inside a rule is a bug of the engine and reaches the caller unchanged.
"""

from __future__ import annotations

import collections.abc as cabc
import functools
import inspect
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeVar, Union

import attrs

from brawl.errors import ArgumentTypeError, id_hint, shown
from brawl.geometry import Pos
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.rules.settle import settle
from brawl.turns.deeds import costed_requests, spend_for

F = TypeVar("F", bound=Callable[..., Any])
Check = Callable[[object], bool]

_TEXT = (str, bytes, bytearray)
_SEQUENCES = (tuple, list)


def _accept(value: object) -> bool:
    return True


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_float(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_none(value: object) -> bool:
    return value is None


def _is_pos(value: object) -> bool:
    """A :class:`Pos`, or a tuple or list of three whole numbers."""
    if isinstance(value, Pos):
        return True
    return isinstance(value, _SEQUENCES) and len(value) == 3 and all(_is_int(c) for c in value)


def _instance(cls: type) -> Check:
    """``isinstance`` against a plain class; ``int`` refuses a ``bool``."""
    if cls is int:
        return _is_int
    if cls is float:
        return _is_float
    if cls is Pos:
        return _is_pos
    if cls is object:
        return _accept
    return lambda value: isinstance(value, cls)


def _simple(tp: object) -> bool:
    """Whether a member of a union is checked by ``isinstance`` alone (with ``int`` not ``bool``)."""
    if tp is type(None):
        return True
    return (
        isinstance(tp, type)
        and tp not in (object, Pos)
        and not getattr(tp, "_is_protocol", False)
        and typing.get_origin(tp) is None
    )


def _plain(tp: object) -> bool:
    """Whether ``tp`` is a class checked by ``isinstance`` alone (the elements worth checking)."""
    return isinstance(tp, type) and tp is not object


def _classes(classes: tuple[type, ...]) -> Check:
    """One ``isinstance`` against several plain classes; an ``int`` among them refuses a ``bool``."""
    if float in classes:
        classes += (int,)
    if int in classes and bool not in classes:
        return lambda value: isinstance(value, classes) and value.__class__ is not bool
    return lambda value: isinstance(value, classes)


def _union(checks: list[Check]) -> Check:
    if len(checks) == 1:
        return checks[0]
    first, rest = checks[0], _union(checks[1:])
    return lambda value: first(value) or rest(value)


def _container(abc: type) -> Check:
    """An instance of the abstract collection ``abc`` that is not text; a tuple or list at once."""
    if abc in (tuple, list):
        return lambda value: isinstance(value, abc)
    return lambda value: (
        value.__class__ in _SEQUENCES or (isinstance(value, abc) and not isinstance(value, _TEXT))
    )


def _collection(abc: type, element: object) -> Check:
    """A container of ``abc`` (never text); the elements of a real tuple or list checked one level."""
    container = _container(abc)
    if element is Any or element is object:
        return container
    inner = checker(element) if _plain(element) else _shallow(element)

    def check(value: object) -> bool:
        if not container(value):
            return False
        return not isinstance(value, _SEQUENCES) or all(inner(v) for v in value)

    return check


def _mapping(abc: type, key: object, val: object) -> Check:
    """A mapping; keys and values checked one level when their types are plain classes."""
    check_key = checker(key) if _plain(key) else _accept
    check_val = checker(val) if _plain(val) else _shallow(val)

    def check(value: object) -> bool:
        if not isinstance(value, abc):
            return False
        items = typing.cast(Mapping[object, object], value).items()
        return all(check_key(k) and check_val(v) for k, v in items)

    return check


def _shallow(tp: object) -> Check:
    """The container-level check of ``tp``, without its elements (for an element of an element)."""
    origin = typing.get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return _union([_shallow(a) for a in typing.get_args(tp)])
    if origin in (cabc.Iterable, cabc.Sequence, cabc.Collection, tuple, list):
        return _container(typing.cast(type, origin))
    if origin in (cabc.Mapping, dict):
        return lambda value: isinstance(value, cabc.Mapping)
    return checker(tp)


def checker(tp: object) -> Check:
    """A predicate: whether a value fits the annotation ``tp``."""
    if tp is Any or tp is object:
        return _accept
    if tp is None or tp is type(None):
        return _is_none
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is Union or origin is types.UnionType:
        plain = tuple(typing.cast(type, a) for a in args if _simple(a))
        others = [checker(a) for a in args if not _simple(a)]
        return _union(([_classes(plain)] if plain else []) + others)
    if origin is Literal:
        return _union([_instance(kind) for kind in sorted({type(a) for a in args}, key=str)])
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _collection(tuple, args[0])
        parts = [checker(a) for a in args]
        return lambda value: (
            isinstance(value, tuple)
            and len(value) == len(parts)
            and all(part(v) for part, v in zip(parts, value, strict=True))
        )
    if origin in (cabc.Mapping, dict):
        key, val = args or (Any, Any)
        return _mapping(cabc.Mapping, key, val)
    if origin in (cabc.Iterable, cabc.Collection, cabc.Sequence, list, frozenset, set):
        abc = typing.cast(type, origin)
        return _collection(abc, args[0] if args else Any)
    if origin is cabc.Callable or tp is cabc.Callable:
        return callable
    if origin is not None:
        return _instance(typing.cast(type, origin))
    if isinstance(tp, type):
        if getattr(tp, "_is_protocol", False) and not getattr(tp, "_is_runtime_protocol", False):
            return _accept
        return _instance(tp)
    return _accept


def readable(tp: object) -> str:
    """The annotation as a reader writes it: ``int | None``, ``Iterable[Iterable[int]]``."""
    if tp is None or tp is type(None):
        return "None"
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is Union or origin is types.UnionType:
        return " | ".join(readable(a) for a in args)
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in args)
    if origin is cabc.Callable:
        return "Callable"
    if origin is not None:
        name = getattr(origin, "__name__", str(origin))
        return f"{name}[{', '.join('...' if a is Ellipsis else readable(a) for a in args)}]"
    if tp is Pos:
        return "Pos | tuple[int, int, int]"
    return getattr(tp, "__name__", str(tp))


def _refuse(fn: str, name: str, tp: object, value: object) -> ArgumentTypeError:
    """The error for ``value`` whose type does not fit ``tp``."""
    return ArgumentTypeError(
        f"{fn}({name}={shown(value)}): expected {readable(tp)}, got {_what(value)}{id_hint(value)}"
        f"{_hint(tp, value)}",
        rule=(),
    )


def _what(value: object) -> str:
    """The type of a refused value, with its length for a tuple or list (``tuple of 3``)."""
    if isinstance(value, tuple | list):
        return f"{type(value).__name__} of {len(value)}"
    return type(value).__name__


def _hint(tp: object, value: object) -> str:
    """What to pass instead, for the slips people make: a dict where an action is wanted, one
    position where a path (a list of positions) is."""
    wanted = readable(tp)
    if isinstance(value, cabc.Mapping) and "Action" in wanted and "class" in value:
        return "; an action's JSON data is read with brawl.action_from_json(...)"
    if (
        wanted.startswith("Iterable[Iterable[int]]")
        and isinstance(value, tuple | list)
        and value
        and all(isinstance(v, int) for v in value)
    ):
        return f"; a path is a list of positions: [{tuple(value)}]"
    return ""


class _Param(typing.NamedTuple):
    name: str
    annotation: object
    check: Check


def _params(fn: Callable[..., Any]) -> tuple[list[_Param], dict[str, _Param]]:
    """One checker per parameter: the positional ones in order, and all by name."""
    hints = typing.get_type_hints(fn)
    positional: list[_Param] = []
    by_name: dict[str, _Param] = {}
    for p in inspect.signature(fn).parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        tp = hints.get(p.name, Any)
        param = _Param(p.name, tp, checker(tp))
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            positional.append(param)
        if p.kind is not p.POSITIONAL_ONLY:
            by_name[p.name] = param
    return positional, by_name


class CallShape:
    """The calls a function accepts: how many positional arguments, which keywords, which are
    required. Python refuses the others with a bare TypeError; :meth:`check` with an
    :class:`ArgumentTypeError` naming the argument."""

    def __init__(self, fn: Callable[..., Any], name: str | None = None) -> None:
        params = list(inspect.signature(fn).parameters.values())
        kinds = {p.kind for p in params}
        self.name = fn.__name__ if name is None else name
        self.positional = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        self.most = None if inspect.Parameter.VAR_POSITIONAL in kinds else len(self.positional)
        self.keywords = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        self.open_keywords = inspect.Parameter.VAR_KEYWORD in kinds
        """It takes ``**kwargs``, whose keys are its callee's to check."""
        self.required = [
            (i, p.name)
            for i, p in enumerate(params)
            if p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        ]

    def check(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        name = self.name
        if self.most is not None and len(args) > self.most:
            extra = ", ".join(shown(a) for a in args[self.most :])
            raise ArgumentTypeError(
                f"{name}(..., {extra}): it takes {self.most} positional arguments, not {len(args)}", rule=()
            )
        for key, value in kwargs.items():
            if key not in self.keywords and not self.open_keywords:
                raise ArgumentTypeError(
                    f"{name}({key}={shown(value)}): no such argument; it takes {', '.join(self.keywords)}",
                    rule=(),
                )
        for i, needed in self.required:
            if i >= len(args) and needed not in kwargs:
                raise ArgumentTypeError(f"{name}(): the argument {needed!r} is missing", rule=())
        for given in self.positional[: len(args)]:
            if given in kwargs:
                raise ArgumentTypeError(f"{name}({given}=...): {given!r} is given twice", rule=())


def keywords_checked(fn: F) -> F:
    """``fn`` refusing a call of the wrong shape (an unknown keyword, a missing argument) with an
    :class:`ArgumentTypeError` (for the functions that check their arguments' values themselves)."""
    shape = CallShape(fn)

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        shape.check(args, kwargs)
        return fn(*args, **kwargs)

    return typing.cast(F, wrapper)


def checked(fn: F, *, settled: bool = True) -> F:
    """``fn`` with its arguments' types checked first and, if ``settled``, its Outcome settled.

    A call of the wrong shape (an unknown keyword, a missing or an extra argument) is an
    :class:`ArgumentTypeError` too.
    """
    positional, by_name = _params(fn)
    name = fn.__name__
    shape = CallShape(fn)

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        shape.check(args, kwargs)
        for param, value in zip(positional, args, strict=False):
            if not param.check(value):
                raise _refuse(name, param.name, param.annotation, value)
        for key, value in kwargs.items():
            named = by_name.get(key)
            if named is not None and not named.check(value):
                raise _refuse(name, key, named.annotation, value)
        result = fn(*args, **kwargs)
        if settled and isinstance(result, Outcome):
            done = settle(result)
            if done is not result and type(result) is not Outcome:  # keep a power roll's result
                return attrs.evolve(result, state=done.state, events=done.events)
            return done
        return result

    return typing.cast(F, wrapper)


OWN_CHECKS = frozenset({"to_json"})
"""Exported functions that take the state but check their input themselves (a ScenarioError)."""

SETTLED = frozenset({"apply", "replay"})
"""Exported functions that settle each step themselves: settling their whole outcome again would
look at every creature the fight's events name, not just those of the last step."""

HELPERS = frozenset({"distance", "adjacent", "bonus", "fall_damage"})
"""Exported model helpers without a state that are checked too (their results need no settling)."""


def spending(fn: F, kind: type[Action]) -> F:
    """``fn``, a rule whose record is ``kind``, first spending what it costs the turn (DS-TURN-01)."""
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)

        def run(state: Any) -> Any:
            bound.arguments["state"] = state
            return fn(*bound.args, **bound.kwargs)

        return spend_for(bound.arguments["state"], kind, dict(bound.arguments), fn.__name__, run)

    return typing.cast(F, wrapper)


def check_namespace(namespace: dict[str, Any], names: list[str]) -> None:
    """Wrap every exported function whose first parameter is the state, and the HELPERS.

    A rule whose record costs a part of the turn (:func:`~brawl.turns.deeds.costed_requests`)
    spends it first on its actor's own turn.
    """
    costed = costed_requests()
    for name in names:
        fn = namespace.get(name)
        if not inspect.isfunction(fn) or hasattr(fn, "request"):  # a verb checks its own call
            continue
        if name in OWN_CHECKS:
            namespace[name] = keywords_checked(fn)
            continue
        params = list(inspect.signature(fn).parameters)
        if params[:1] == ["state"]:
            settled = name not in SETTLED
            namespace[name] = checked(spending(fn, costed[name]) if name in costed else fn, settled=settled)
        elif name in HELPERS:
            namespace[name] = checked(fn, settled=False)

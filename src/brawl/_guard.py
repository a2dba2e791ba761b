"""The public boundary: wrong argument types become :class:`InvalidArgumentError`, never a crash.

The rules check the values the rules care about (a negative distance, an unknown id, an illegal
square) and say why with the rule ID. A value of the wrong Python type altogether (a float
where positions go, a dict where an id goes) can fail deeper, as a ``TypeError`` or an
``AttributeError``; the functions exported from :mod:`brawl` turn such failures into an
:class:`InvalidArgumentError` that names the function and the arguments' types.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

from brawl.errors import BrawlError, InvalidArgumentError
from brawl.outcome import Outcome
from brawl.rules.settle import settle

F = TypeVar("F", bound=Callable[..., Any])

_CONVERTED = (TypeError, AttributeError, KeyError, IndexError, ValueError)


def _describe(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    shown = [type(a).__name__ for a in args[1:]]
    shown += [f"{k}={type(v).__name__}" for k, v in kwargs.items()]
    return ", ".join(shown)


def guard(fn: F) -> F:
    """Wrap a public rule so that a wrongly typed argument raises InvalidArgumentError."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            result = fn(*args, **kwargs)
            return settle(result) if isinstance(result, Outcome) else result
        except BrawlError:
            raise
        except _CONVERTED as exc:
            raise InvalidArgumentError(
                f"{fn.__name__}({_describe(args, kwargs)}): an argument has the wrong type or shape "
                f"({type(exc).__name__}: {exc})",
                rule=(),
            ) from exc

    return wrapper  # type: ignore[return-value]


def guard_namespace(namespace: dict[str, Any], names: list[str]) -> None:
    """Guard every exported function whose first parameter is the state."""
    for name in names:
        fn = namespace.get(name)
        if not inspect.isfunction(fn):
            continue
        try:
            params = list(inspect.signature(fn).parameters)
        except (TypeError, ValueError):
            continue
        if params[:1] == ["state"]:
            namespace[name] = guard(fn)

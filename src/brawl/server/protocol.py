"""JSON-RPC 2.0, apart from any transport: one message in (a request or a batch), one reply out.

:func:`handle` reads the text of one message and returns the text of its reply, or None when
nothing is to be sent back (a notification, a batch of notifications). It never raises: a
message that is too large, nested too deeply, not JSON, not a request, or that names an unknown
method or wrong params gets its JSON-RPC error, and the transport keeps serving.

``rpc.discover`` returns the OpenRPC description of the methods (:func:`brawl.io.schema.rpc_schema`).
A :class:`~brawl.errors.BrawlError` raised by a method becomes an error whose ``data`` carries
brawl's error class, its message and its rule IDs. Anything else raised inside a method is a bug
of the engine: it is reported as itself, an internal error (-32603) naming the exception's class,
and its traceback goes to the server's log.
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

import attrs

from brawl.errors import ArgumentTypeError, BrawlError, RulesError, ScenarioError, StateError
from brawl.io.jsontext import MAX_DEPTH, depth_ok
from brawl.io.schema import rpc_schema
from brawl.server.codes import (
    BRAWL_ERROR,
    DISCOVER,
    DOCUMENT_ERROR,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    JSONRPC,
    MESSAGES,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    RULES_ERROR,
    STATE_ERROR,
    TIME_LIMIT,
)
from brawl.server.methods import METHODS, Context, InvalidParams, TimeLimitError, call

__all__ = [
    "BRAWL_ERROR",
    "DOCUMENT_ERROR",
    "INTERNAL_ERROR",
    "INVALID_PARAMS",
    "INVALID_REQUEST",
    "METHOD_NOT_FOUND",
    "PARSE_ERROR",
    "RULES_ERROR",
    "STATE_ERROR",
    "TIME_LIMIT",
    "Limits",
    "Server",
    "brawl_error_data",
    "error",
    "error_code",
    "handle",
]


@attrs.frozen
class Limits:
    """The bounds of one message: its size, its batch, its time."""

    max_request: int = 16 * 1024 * 1024
    """Largest message accepted, in bytes (a line on stdio, a body over HTTP)."""
    max_batch: int = 100
    """Most requests in one batch."""
    time_limit: float = 10.0
    """Seconds one message (a request or a whole batch) may run; long methods stop when it passes."""


Log = Callable[[str], None]


def _stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def error(code: int, message: str | None = None, data: Any = None, id: Any = None) -> dict[str, Any]:
    """A JSON-RPC error response."""
    body: dict[str, Any] = {"code": code, "message": message or MESSAGES[code]}
    if data is not None:
        body["data"] = data
    return {"jsonrpc": JSONRPC, "error": body, "id": id}


def brawl_error_data(exc: BrawlError) -> dict[str, Any]:
    """``data`` of a brawl error: its class (and those it belongs to), message and rule IDs."""
    classes = [c.__name__ for c in type(exc).__mro__ if issubclass(c, BrawlError)]
    data: dict[str, Any] = {
        "class": type(exc).__name__,
        "classes": classes,
        "message": str(exc),
        "rules": list(getattr(exc, "rules", ())),
    }
    if isinstance(exc, ScenarioError):
        for key in ("field", "line", "column", "source"):
            value = getattr(exc, key)
            if value is not None:
                data[key] = value
    return data


def error_code(exc: BrawlError) -> int:
    """The JSON-RPC code of a brawl error, by its class."""
    if isinstance(exc, ArgumentTypeError):
        return INVALID_PARAMS
    if isinstance(exc, RulesError):
        return RULES_ERROR
    if isinstance(exc, ScenarioError):
        return DOCUMENT_ERROR
    if isinstance(exc, StateError):
        return STATE_ERROR
    return BRAWL_ERROR


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _valid_id(value: Any) -> bool:
    return value is None or (isinstance(value, str | int | float) and not isinstance(value, bool))


class Server:
    """The methods of :mod:`brawl.server.methods` behind JSON-RPC 2.0, within :class:`Limits`."""

    def __init__(self, limits: Limits | None = None, *, log: Log | None = None) -> None:
        self.limits = limits or Limits()
        self.log = log or _stderr

    def handle(self, message: str | bytes) -> str | None:
        """The reply to one message (one line, one HTTP body), or None when none is due."""
        reply = self.reply(message)
        if reply is None:
            return None
        try:
            return self.encode(reply)
        except (TypeError, ValueError) as exc:  # a result JSON can't hold: a bug, reported as itself
            self.log(f"internal error: the reply can't be written as JSON:\n{traceback.format_exc()}")
            return self.encode(error(INTERNAL_ERROR, data={"class": type(exc).__name__, "message": str(exc)}))

    @staticmethod
    def encode(reply: Any) -> str:
        """A reply as one line of ASCII JSON text."""
        return json.dumps(reply, separators=(",", ":"), allow_nan=False)

    def reply(self, message: str | bytes) -> Any:
        """The reply as plain data (a response, a list of them) or None."""
        if len(message) > self.limits.max_request:
            why = f"message of {len(message)} bytes: the limit is {self.limits.max_request}"
            return error(INVALID_REQUEST, data={"reason": why})
        if isinstance(message, bytes):
            try:
                message = message.decode("utf-8")
            except UnicodeDecodeError as exc:
                return error(PARSE_ERROR, data={"reason": f"not UTF-8 text (byte {exc.start})"})
        if not depth_ok(message):  # a state nests about 8 deep, its request 3 more
            why = f"arrays and objects nest deeper than {MAX_DEPTH} levels"
            return error(INVALID_REQUEST, data={"reason": why})
        try:
            data = json.loads(message, parse_constant=_refuse_constant)
        except json.JSONDecodeError as exc:
            return error(PARSE_ERROR, data={"reason": f"{exc.msg} (line {exc.lineno}, column {exc.colno})"})
        except (ValueError, RecursionError) as exc:
            return error(PARSE_ERROR, data={"reason": str(exc)})
        context = Context(deadline=time.monotonic() + self.limits.time_limit)
        if isinstance(data, list):
            if not data:
                return error(INVALID_REQUEST, data={"reason": "an empty batch"})
            if len(data) > self.limits.max_batch:
                why = f"batch of {len(data)} requests: the limit is {self.limits.max_batch}"
                return error(INVALID_REQUEST, data={"reason": why})
            replies = [r for r in (self.one(item, context) for item in data) if r is not None]
            return replies or None
        return self.one(data, context)

    def one(self, request: Any, context: Context) -> dict[str, Any] | None:
        """The response to one request object, or None for a notification."""
        if not isinstance(request, dict):
            return error(INVALID_REQUEST, data={"reason": "a request is a JSON object"})
        id_ = request.get("id")
        if not _valid_id(id_):
            return error(INVALID_REQUEST, data={"reason": "id: a string, a number or null"})
        if request.get("jsonrpc") != JSONRPC:
            return error(INVALID_REQUEST, data={"reason": 'jsonrpc: must be "2.0"'}, id=id_)
        method = request.get("method")
        if not isinstance(method, str):
            return error(INVALID_REQUEST, data={"reason": "method: a string"}, id=id_)
        params = request.get("params", {})
        if not isinstance(params, dict | list):
            return error(INVALID_REQUEST, data={"reason": "params: an object or an array"}, id=id_)
        response = self.run(method, params, context, id_)
        return response if "id" in request else None

    def run(
        self, method: str, params: dict[str, Any] | list[Any], context: Context, id_: Any
    ) -> dict[str, Any]:
        """Call one method; its result or its error as a response."""
        if method == DISCOVER:
            return {"jsonrpc": JSONRPC, "result": rpc_schema(), "id": id_}
        if method not in METHODS:
            known = ", ".join(sorted(METHODS))
            return error(METHOD_NOT_FOUND, data={"reason": f"no method {method!r} (known: {known})"}, id=id_)
        try:
            result = call(METHODS[method], params, context)
        except InvalidParams as exc:
            return error(INVALID_PARAMS, data={"reason": str(exc), "param": exc.param}, id=id_)
        except TimeLimitError as exc:
            return error(TIME_LIMIT, data={"reason": str(exc)}, id=id_)
        except BrawlError as exc:
            return error(error_code(exc), data=brawl_error_data(exc), id=id_)
        except Exception as exc:  # a bug of the engine: reported as itself, never as a user error
            self.log(f"internal error in {method}:\n{traceback.format_exc()}")
            data = {"class": type(exc).__name__, "message": str(exc)}
            return error(INTERNAL_ERROR, data=data, id=id_)
        return {"jsonrpc": JSONRPC, "result": result, "id": id_}


def handle(message: str | bytes, limits: Limits | None = None) -> str | None:
    """The reply to one message with a fresh :class:`Server` (see :meth:`Server.handle`)."""
    return Server(limits).handle(message)

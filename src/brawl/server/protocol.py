"""JSON-RPC 2.0, apart from any transport: one message in (a request or a batch), one reply out.

:func:`handle` reads the text of one message and returns the text of its reply, or None when
nothing is to be sent back (a notification, a batch of notifications). It never raises: a
message that is too large, nested too deeply, not JSON, not a request, or that names an unknown
method or wrong params gets its JSON-RPC error, and the transport keeps serving.

``rpc.discover`` returns the OpenRPC description of the methods (:func:`brawl.server.discover.rpc_schema`).
A :class:`~brawl.errors.BrawlError` raised by a method becomes an error whose ``data`` carries
brawl's error class, its message and its rule IDs. Anything else raised inside a method is a bug
of the engine: it is reported as itself, an internal error (-32603) naming the exception's class,
and its traceback goes to the server's log.

Numbers: JSON text may write a number no float holds (``1e400`` reads as infinity) or an integer
longer than Python converts; such a message is refused as an Invalid Request (-32600) when it is
parsed, before any method sees it, so every reply can be written as JSON.

The time limit: each method runs in a worker thread of its own while the caller's thread waits
for it until the message's deadline (:attr:`Limits.time_limit` after the message arrived). A
method still running then is stopped: :class:`~brawl.server.methods.TimeLimitError` is raised
inside its thread with CPython's ``PyThreadState_SetAsyncExc``, and the request is answered with
the time-limit error (-32004). That exception derives from :class:`BaseException`, so no
``except Exception`` on the way can swallow it; the long loops (``replay``, ``simulate``) also
check the deadline themselves between steps. An exception raised this way arrives at the thread's
next Python instruction: a single call into C code (a regular expression, the JSON decoder) runs
to its end first. The reply does not wait for that: after :data:`GRACE` seconds the thread is left
to finish on its own, its result is dropped, and the server goes on serving. Where
``PyThreadState_SetAsyncExc`` is not available (another Python), the reply is sent at the deadline
all the same and the method runs on until its own checks stop it.
"""

from __future__ import annotations

import ctypes
import json
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from brawl.errors import ArgumentTypeError, BrawlError, RulesError, ScenarioError, StateError
from brawl.io.jsontext import MAX_DEPTH, depth_ok
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
from brawl.server.discover import rpc_schema
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
    "call_within",
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
    """Seconds one message (a request or a whole batch) may run; every method is stopped when it passes."""


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


class _NotANumber(ValueError):
    """A number the JSON text writes that no Python number holds as it is meant."""


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise _NotANumber(f"the number {shown} is too large for a float (only finite numbers are accepted)")
    return value


def _valid_id(value: Any) -> bool:
    return value is None or (isinstance(value, str | int | float) and not isinstance(value, bool))


GRACE = 1.0
"""Seconds a method stopped at the time limit is given to unwind before the reply is sent anyway."""
RETRY = 0.05
"""Seconds between two stops sent to a method that has not ended (a stop can land where Python
drops it, such as a weak reference's callback)."""


def _raise_in(thread: threading.Thread, exc: type[BaseException] | None) -> None:
    """Raise ``exc`` in ``thread`` at its next Python instruction, or withdraw one not yet raised (None)."""
    api = getattr(ctypes, "pythonapi", None)
    if api is not None and thread.ident is not None:
        raised = None if exc is None else ctypes.py_object(exc)
        api.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident), raised)


class _Worker:
    """One method call in a thread of its own, which the caller's thread may stop.

    The caller's thread is the only one that sends stops, and only until the method has
    returned; the worker then waits, catching any stop still on its way, until the caller has
    withdrawn the last one, so no stop ever lands outside the method.
    """

    def __init__(self, run: Callable[[], Any]) -> None:
        self.run = run
        self.returned = threading.Event()
        self.released = threading.Event()
        self.outcome: tuple[bool, Any] = (False, TimeLimitError("stopped"))
        self.thread = threading.Thread(target=self._target, name="brawl-rpc-method", daemon=True)

    def _target(self) -> None:
        try:
            try:
                self.outcome = (True, self.run())
            except BaseException as exc:  # handed to the caller's thread, which raises it there
                self.outcome = (False, exc)
        except TimeLimitError:
            pass  # a second stop landed while the first was caught: the method has ended all the same
        finally:
            while True:  # a stop sent as the method returned lands here, and is dropped
                try:
                    self.returned.set()
                    self.released.wait()
                    break
                except TimeLimitError:
                    continue

    def stop(self) -> None:
        """Stop the method (unless it returns first), give it :data:`GRACE` seconds to unwind."""
        end = time.monotonic() + GRACE
        while not self.returned.is_set() and time.monotonic() < end:
            _raise_in(self.thread, TimeLimitError)
            self.returned.wait(RETRY)

    def release(self) -> None:
        """Withdraw any stop not yet raised and let the worker thread end."""
        _raise_in(self.thread, None)
        self.released.set()


def call_within(run: Callable[[], Any], deadline: float) -> Any:
    """``run()`` in a worker thread, stopped with :class:`TimeLimitError` at ``deadline`` (monotonic)."""
    worker = _Worker(run)
    worker.thread.start()
    in_time = worker.returned.wait(max(0.0, deadline - time.monotonic()))
    if not in_time:
        worker.stop()
    worker.release()
    if worker.returned.is_set():
        worker.thread.join()  # the thread is freed here, not by a collection inside the next method
    (ok, value), worker.outcome = worker.outcome, (False, None)  # no cycle through a traceback
    if not in_time:
        raise TimeLimitError("the request ran past the server's time limit and was stopped")
    if ok:
        return value
    raise value


def _folders(folders: tuple[str | os.PathLike[str], ...]) -> tuple[str, ...]:
    found = tuple(os.path.realpath(f) for f in folders)
    for given, real in zip(folders, found, strict=True):
        if not os.path.isdir(real):
            raise BrawlError(f"--statblocks {os.fspath(given)}: not a folder")
    return found


class Server:
    """The methods of :mod:`brawl.server.methods` behind JSON-RPC 2.0, within :class:`Limits`.

    ``statblocks`` are the folders whose stat block files a scenario sent by a client may name
    (``brawl serve --statblocks DIR``); no other file is ever opened for a request.
    """

    def __init__(
        self,
        limits: Limits | None = None,
        *,
        log: Log | None = None,
        statblocks: Iterable[str | os.PathLike[str]] = (),
    ) -> None:
        self.limits = limits or Limits()
        self.log = log or _stderr
        self.statblock_folders = _folders(tuple(statblocks))

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
            data = json.loads(message, parse_constant=_refuse_constant, parse_float=_float)
        except json.JSONDecodeError as exc:
            return error(PARSE_ERROR, data={"reason": f"{exc.msg} (line {exc.lineno}, column {exc.colno})"})
        except _NotANumber as exc:
            return error(INVALID_REQUEST, data={"reason": str(exc)})
        except ValueError as exc:
            if "integer string conversion" in str(exc):  # int()'s own digit limit, kept for speed
                limit = sys.get_int_max_str_digits()
                why = f"an integer of more than {limit} digits: the limit is {limit} digits"
                return error(INVALID_REQUEST, data={"reason": why})
            return error(PARSE_ERROR, data={"reason": str(exc)})
        except RecursionError as exc:
            return error(PARSE_ERROR, data={"reason": str(exc)})
        context = Context(
            deadline=time.monotonic() + self.limits.time_limit, statblock_folders=self.statblock_folders
        )
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
            result = call_within(lambda: call(METHODS[method], params, context), context.deadline)
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

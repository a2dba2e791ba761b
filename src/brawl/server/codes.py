"""JSON-RPC 2.0's error codes and those brawl adds, with their messages."""

from __future__ import annotations

JSONRPC = "2.0"

PARSE_ERROR = -32700
"""The message is not JSON text (spec)."""
INVALID_REQUEST = -32600
"""The message is not a request object, or is too large or too deeply nested (spec)."""
METHOD_NOT_FOUND = -32601
"""No method of that name (spec)."""
INVALID_PARAMS = -32602
"""Missing, unknown or mistyped params, or an argument of the wrong type (spec)."""
INTERNAL_ERROR = -32603
"""A bug inside brawl: the exception's class and message are in ``data`` (spec)."""
BRAWL_ERROR = -32000
"""Any other :class:`~brawl.errors.BrawlError`."""
RULES_ERROR = -32001
"""An illegal request: a :class:`~brawl.errors.RulesError`, with the rule IDs that forbid it."""
DOCUMENT_ERROR = -32002
"""A malformed state, scenario, action or event: a :class:`~brawl.errors.ScenarioError` and its field."""
STATE_ERROR = -32003
"""An inconsistent state: a :class:`~brawl.errors.StateError`."""
TIME_LIMIT = -32004
"""The request ran past the server's time limit and was stopped."""

MESSAGES = {
    PARSE_ERROR: "Parse error",
    INVALID_REQUEST: "Invalid Request",
    METHOD_NOT_FOUND: "Method not found",
    INVALID_PARAMS: "Invalid params",
    INTERNAL_ERROR: "Internal error",
    BRAWL_ERROR: "brawl error",
    RULES_ERROR: "Illegal request",
    DOCUMENT_ERROR: "Malformed document",
    STATE_ERROR: "Inconsistent state",
    TIME_LIMIT: "Time limit exceeded",
}

DISCOVER = "rpc.discover"
"""The method that returns the OpenRPC description of the methods (as ``schemas/rpc.openrpc.json``)."""

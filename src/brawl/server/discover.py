"""The OpenRPC description of brawl's JSON-RPC methods, which ``rpc.discover`` returns.

Every method of :data:`brawl.server.methods.METHODS` with its params, its result and the errors it
may answer, and every record's JSON Schema (from :mod:`brawl.io.schema`) in its components.
The files under ``schemas/`` (the documents' schemas and this description) are written with::

    python -m brawl.server.discover schemas

A test keeps them equal to what the generators give.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

import brawl
from brawl.events.base import Event
from brawl.io.schema import SCHEMAS as DOCUMENT_SCHEMAS
from brawl.io.schema import Generator, Schema, write
from brawl.requests import Action
from brawl.server.codes import MESSAGES
from brawl.server.methods import METHODS
from brawl.state import Encounter

OPENRPC = "1.3.2"
"""The OpenRPC version of the methods' description."""


def _rebase(node: Any, prefix: str) -> Any:
    """The schema with every ``#/$defs/`` reference pointing under ``prefix`` instead."""
    if isinstance(node, dict):
        return {
            k: (
                prefix + v.removeprefix("#/$defs/")
                if k == "$ref" and isinstance(v, str)
                else _rebase(v, prefix)
            )
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_rebase(v, prefix) for v in node]
    return node


ERROR_NAMES = {
    -32700: "ParseError",
    -32600: "InvalidRequest",
    -32601: "MethodNotFound",
    -32602: "InvalidParams",
    -32603: "InternalError",
    -32000: "BrawlError",
    -32001: "RulesError",
    -32002: "ScenarioError",
    -32003: "StateError",
    -32004: "TimeLimit",
}


@functools.cache
def rpc_schema() -> Schema:
    """The JSON-RPC methods as an OpenRPC document, with every record's schema in its components.

    The server returns it for ``rpc.discover``; treat it as read-only (it is made once).
    """
    gen = Generator()
    for t in (Encounter, Action, Event):
        gen.of(t)
    prefix = "#/components/schemas/"
    errors = [
        {"$ref": f"#/components/errors/{ERROR_NAMES[code]}"} for code in sorted(ERROR_NAMES, reverse=True)
    ]
    methods = []
    for method in METHODS.values():
        params = []
        for p in method.params:
            param: Schema = {
                "name": p.name,
                "summary": p.doc,
                "required": p.required,
                "schema": dict(p.kind.schema),
            }
            if not p.required and p.default is not None:
                param["schema"]["default"] = p.default
            params.append(param)
        methods.append(
            {
                "name": method.name,
                "summary": method.doc,
                "paramStructure": "either",
                "params": params,
                "result": {"name": "result", "schema": dict(method.result)},
                "errors": errors,
            }
        )
    document = {
        "openrpc": OPENRPC,
        "info": {
            "title": "brawl",
            "version": brawl.__version__,
            "description": "brawl's Python API over JSON-RPC 2.0 (brawl serve); states, actions and events "
            "travel as brawl's JSON (schema 1).",
        },
        "methods": methods,
        "components": {
            "schemas": dict(sorted(gen.defs.items())),
            "errors": {
                ERROR_NAMES[code]: {"code": code, "message": MESSAGES[code]} for code in sorted(ERROR_NAMES)
            },
        },
    }
    rebased: Schema = _rebase(document, prefix)
    return rebased


SCHEMAS: dict[str, Callable[[], Schema]] = {**DOCUMENT_SCHEMAS, "rpc.openrpc.json": rpc_schema}
"""Every file under ``schemas/`` and the function that generates it."""


if __name__ == "__main__":
    for path in write(sys.argv[1] if len(sys.argv) > 1 else "schemas", SCHEMAS):
        print(path)

"""JSON-RPC over HTTP: a POST endpoint at ``/`` (and ``/rpc``), built on Starlette and uvicorn.

Both come with the ``server`` extra (``pip install 'brawl[server]'``). The body of a POST is one
message, a request or a batch; the reply is its response with status 200 (JSON-RPC errors
included), or status 204 and no body when only notifications were sent. A body over the size
limit is refused with status 413 before it is read whole, and one that takes longer than the
time limit to arrive with status 408; both carry a JSON-RPC error. The methods run in a worker
thread, so one long request does not stop the others.
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Callable
from typing import Any

from brawl.errors import BrawlError
from brawl.server.protocol import INVALID_REQUEST, Server, error

try:
    import anyio
    import uvicorn
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route
except ImportError:  # the server extra is not installed: make_app and serve_http say so
    AVAILABLE = False
else:
    AVAILABLE = True

DEFAULT_HOST = "127.0.0.1"
"""The address served when none is given: this machine only."""
MAX_CONNECTIONS = 64
"""Connections served at once; more are answered with status 503."""
KEEP_ALIVE = 5
"""Seconds an idle connection is kept open."""

MISSING = "brawl serve --http needs the server extra: pip install 'brawl[server]' (Starlette and uvicorn)"


def _require() -> None:
    if not AVAILABLE:
        raise BrawlError(MISSING)


def _refused(server: Server, status: int, why: str) -> Response:
    return Response(
        server.encode(error(INVALID_REQUEST, data={"reason": why})), status, media_type="application/json"
    )


def make_app(server: Server | None = None) -> Starlette:
    """The ASGI application: ``POST /`` or ``POST /rpc`` with a JSON-RPC message as the body."""
    _require()
    rpc = server or Server()
    limit = rpc.limits.max_request

    async def endpoint(request: Request) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            return _refused(rpc, 413, f"a body of {length} bytes: the limit is {limit}")
        body = bytearray()
        try:
            with anyio.fail_after(rpc.limits.time_limit):
                async for chunk in request.stream():
                    body += chunk
                    if len(body) > limit:
                        return _refused(rpc, 413, f"a body over {limit} bytes: the limit is {limit}")
        except TimeoutError:
            return _refused(rpc, 408, f"the body took longer than {rpc.limits.time_limit} s to arrive")
        reply = await run_in_threadpool(rpc.handle, bytes(body))
        if reply is None:
            return Response(status_code=204)
        return Response(reply, media_type="application/json")

    return Starlette(
        routes=[Route("/", endpoint, methods=["POST"]), Route("/rpc", endpoint, methods=["POST"])]
    )


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` or ``PORT`` (on :data:`DEFAULT_HOST`); ``[::1]:PORT`` for IPv6."""
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = DEFAULT_HOST, text
    host = host.strip("[]") or DEFAULT_HOST
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise BrawlError(f"--http {text!r}: expected HOST:PORT or PORT, the port a number up to 65535")
    return host, int(port)


def serve_http(
    host: str, port: int, server: Server | None = None, *, announce: Callable[[str], None] | None = None
) -> int:
    """Serve until interrupted; ``announce`` receives the address once it listens (port 0: any free)."""
    _require()
    say = announce or (lambda text: print(text, file=sys.stderr, flush=True))
    config = uvicorn.Config(
        make_app(server),
        host=host,
        port=port,
        log_level="warning",
        limit_concurrency=MAX_CONNECTIONS,
        timeout_keep_alive=KEEP_ALIVE,
        lifespan="off",
    )

    class _Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                name: Any = self.servers[0].sockets[0].getsockname()
                shown = f"[{name[0]}]" if ":" in name[0] else name[0]
                say(f"brawl serve: JSON-RPC 2.0 over HTTP at http://{shown}:{name[1]}/ (Ctrl+C to stop)")

    _Server(config).run()
    return 0

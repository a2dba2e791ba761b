"""JSON-RPC over HTTP: a POST endpoint at ``/`` (and ``/rpc``), built on Starlette and uvicorn.

Both come with the ``server`` extra (``pip install "brawl[server]"``). The body of a POST is one
message, a request or a batch, sent as ``Content-Type: application/json``; the reply is its
response with status 200 (JSON-RPC errors included), or status 204 and no body when only
notifications were sent. A body over the size limit is refused with status 413 before it is read
whole, and one that takes longer than the time limit to arrive with status 408; both carry a
JSON-RPC error. The methods run in a worker thread, so one long request does not stop the others.

What a web page could send is refused: another content type (415), a ``Host`` that names
neither this server's address nor, on the loopback interface, ``localhost`` (421: a page reaching
the server through a name of its own), and an ``Origin`` the operator has not allowed (403).
Slow clients are bounded by :class:`HttpLimits`: a connection that has not sent its request's
head within the header timeout is closed, and once every place is taken a new connection takes
the place of the one that has waited longest without a request under way.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import sys
from collections.abc import Callable, Collection
from typing import Any
from urllib.parse import urlsplit

import attrs

from brawl.errors import BrawlError
from brawl.server.protocol import INVALID_REQUEST, Server, error

try:
    import anyio
    import h11
    import uvicorn
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.datastructures import Headers
    from starlette.middleware import Middleware
    from starlette.middleware.cors import CORSMiddleware
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route
    from starlette.types import ASGIApp, Receive, Scope, Send
    from uvicorn.protocols.http.h11_impl import H11Protocol
except ImportError:  # the server extra is not installed: make_app and serve_http say so
    AVAILABLE = False
else:
    AVAILABLE = True

DEFAULT_HOST = "127.0.0.1"
"""The address served when none is given: this machine only."""
MAX_CONNECTIONS = 64
"""Connections served at once. When all hold a request under way, a new one is answered 503."""
HEADER_TIMEOUT = 10.0
"""Seconds a connection has to send a request's head (its line and headers), counted from when it
opens or from the previous answer; then it is closed."""
KEEP_ALIVE = 5
"""Seconds an idle connection is kept open after an answer."""
MAX_HEAD = 16 * 1024
"""Largest request head in bytes; a longer one is answered 400 and the connection closed."""
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
"""The names a request on the loopback interface may give in its ``Host`` header."""
JSON = "application/json"

MISSING = 'brawl serve --http needs the server extra: pip install "brawl[server]" (Starlette and uvicorn)'


@attrs.frozen
class HttpLimits:
    """The bounds of the HTTP transport: on connections, and on the time a request's head may take."""

    max_connections: int = MAX_CONNECTIONS
    """Connections served at once (``--max-connections``)."""
    header_timeout: float = HEADER_TIMEOUT
    """Seconds to send a request's head (``--header-timeout``)."""
    keep_alive: int = KEEP_ALIVE
    """Seconds an idle connection stays open."""
    max_head: int = MAX_HEAD
    """Largest request head, in bytes."""


def _require() -> None:
    if not AVAILABLE:
        raise BrawlError(MISSING)


def _refused(server: Server, status: int, why: str) -> Response:
    return Response(server.encode(error(INVALID_REQUEST, data={"reason": why})), status, media_type=JSON)


def parse_origin(text: str) -> str:
    """An ``--allow-origin`` value as a browser sends it: ``scheme://host[:port]``, lowercase."""
    parts = urlsplit(text.strip().lower())
    odd = parts.path not in ("", "/") or parts.query or parts.fragment or "@" in parts.netloc
    if parts.scheme not in ("http", "https") or not parts.netloc or odd:
        raise BrawlError(f"--allow-origin {text!r}: expected an origin such as http://localhost:3000")
    return f"{parts.scheme}://{parts.netloc}"


def _ip(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The IP address written, an IPv4 address mapped into IPv6 as itself; None for a name."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    return ip.ipv4_mapped or ip if isinstance(ip, ipaddress.IPv6Address) else ip


def _is_loopback(address: str) -> bool:
    ip = _ip(address)
    return ip is not None and ip.is_loopback


def _is_unspecified(address: str) -> bool:
    """Whether the address is a wildcard (``0.0.0.0``, ``::``): every interface, no name of its own."""
    ip = _ip(address)
    return ip is not None and ip.is_unspecified


class _Guard:
    """Refuses, before anything else runs, a request whose ``Host`` is foreign or whose ``Origin``
    is not allowed."""

    def __init__(self, app: ASGIApp, rpc: Server, hosts: Collection[str], origins: Collection[str]) -> None:
        self.app = app
        self.rpc = rpc
        self.hosts = {host.lower().strip("[]") for host in hosts}
        self.origins = frozenset(origins)

    def refusal(self, scope: Scope) -> Response | None:
        headers = Headers(scope=scope)
        host = headers.get("host")
        if host is None:
            return _refused(self.rpc, 400, "no Host header")
        try:
            given = urlsplit(f"//{host}")
            name, port = (given.hostname or "").lower(), given.port or 80
        except ValueError:
            return _refused(self.rpc, 400, f"the Host header {host!r} is not host[:port]")
        local = scope.get("server")
        names = set(self.hosts)
        if local is not None:
            names.add(str(local[0]).lower())
            if _is_loopback(str(local[0])):
                names |= LOOPBACK_NAMES
        if name not in names or (local is not None and local[1] is not None and port != local[1]):
            return _refused(self.rpc, 421, f"the Host {host!r} is not this server's address")
        sent = headers.get("origin")
        if sent is not None and sent.lower().rstrip("/") not in self.origins:
            return _refused(
                self.rpc, 403, f"requests from the web origin {sent!r} are not allowed (see --allow-origin)"
            )
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = self.refusal(scope) if scope["type"] == "http" else None
        if refusal is not None:
            await refusal(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def make_app(
    server: Server | None = None, *, hosts: Collection[str] = (), allow_origins: Collection[str] = ()
) -> Starlette:
    """The ASGI application: ``POST /`` or ``POST /rpc`` with a JSON-RPC message as the body.

    ``hosts`` are names the ``Host`` header may give besides the address the connection came to
    (and ``localhost`` on the loopback interface); ``allow_origins`` are the web origins whose pages
    may call the server (CORS is answered for those only). A request from any other origin is
    refused.
    """
    _require()
    rpc = server or Server()
    limit = rpc.limits.max_request
    origins = [parse_origin(text) for text in allow_origins]

    async def endpoint(request: Request) -> Response:
        kind = request.headers.get("content-type", "")
        if kind.partition(";")[0].strip().lower() != JSON:
            sent = f"a body of type {kind!r}" if kind else "a body without a Content-Type"
            return _refused(rpc, 415, f"{sent}: send it as {JSON}")
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
        return Response(reply, media_type=JSON)

    middleware = [Middleware(_Guard, rpc=rpc, hosts=hosts, origins=origins)]
    if origins:
        middleware.append(
            Middleware(
                CORSMiddleware, allow_origins=origins, allow_methods=["POST"], allow_headers=["Content-Type"]
            )
        )
    return Starlette(
        routes=[Route("/", endpoint, methods=["POST"]), Route("/rpc", endpoint, methods=["POST"])],
        middleware=middleware,
    )


def _protocol(limits: HttpLimits) -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol with a deadline on each request's head, and room for newcomers.

    uvicorn bounds the time between requests (keep-alive) but not the time a request's head may
    take, so a client sending a header line now and then would hold its place for ever.
    """

    class Protocol(H11Protocol):
        waiting_since: float | None = None
        """When the connection began to wait for a request's head; None while a request is under way."""
        deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # as uvicorn's: asyncio's takes a BaseTransport
            if len(self.connections) >= limits.max_connections:
                waiting = [
                    c for c in self.connections if isinstance(c, Protocol) and c.waiting_since is not None
                ]
                if waiting:  # the place of the one that has waited longest
                    min(waiting, key=lambda c: c.waiting_since or 0.0).cut()
            super().connection_made(transport)
            self.follow()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self.follow()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self.follow()

        def connection_lost(self, exc: Exception | None) -> None:
            self.stop_waiting()
            super().connection_lost(exc)

        def follow(self) -> None:
            """Start the deadline when the connection waits for a head; stop it when one has come."""
            waiting = self.conn.their_state is h11.IDLE and not self.transport.is_closing()
            if waiting and self.waiting_since is None:
                self.waiting_since = self.loop.time()
                self.deadline = self.loop.call_later(limits.header_timeout, self.cut)
            elif not waiting:
                self.stop_waiting()

        def stop_waiting(self) -> None:
            self.waiting_since = None
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def cut(self) -> None:
            self.stop_waiting()
            self.connections.discard(self)
            self.transport.close()

    return Protocol


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
    host: str,
    port: int,
    server: Server | None = None,
    *,
    limits: HttpLimits | None = None,
    allow_origins: Collection[str] = (),
    announce: Callable[[str], None] | None = None,
) -> int:
    """Serve until interrupted; ``announce`` receives the address once it listens (port 0: any free).

    ``allow_origins`` are the web origins (``http://localhost:3000``) whose pages may call the server.
    """
    _require()
    bounds = limits or HttpLimits()
    if bounds.max_connections < 1 or not bounds.header_timeout > 0:
        raise BrawlError("--max-connections and --header-timeout must be positive")
    say = announce or (lambda text: print(text, file=sys.stderr, flush=True))
    wildcard = _is_unspecified(host)
    config = uvicorn.Config(
        make_app(server, hosts=() if wildcard else (host,), allow_origins=allow_origins),
        host=host,
        port=port,
        log_level="warning",
        http=_protocol(bounds),
        ws="none",
        # uvicorn answers 503 once the open connections, the new one included, reach this number
        limit_concurrency=bounds.max_connections + 1,
        timeout_keep_alive=bounds.keep_alive,
        h11_max_incomplete_event_size=bounds.max_head,
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

"""JSON-RPC over stdio: one request (or batch) a line in, one response (or batch) a line out.

A line longer than the limit is read no further than the limit, answered with an Invalid
Request error and skipped to its end; blank lines are ignored; the loop ends at the end of the
input. Every reply is flushed at once, so a client may wait for it.
"""

from __future__ import annotations

from typing import BinaryIO

from brawl.server.protocol import INVALID_REQUEST, Server, error

CHUNK = 1 << 16
"""Bytes read at a time while skipping the rest of an oversized line."""


def _skip_line(stream: BinaryIO) -> int:
    """Read to the end of the current line; the bytes skipped."""
    skipped = 0
    while True:
        chunk = stream.readline(CHUNK)
        skipped += len(chunk)
        if not chunk or chunk.endswith(b"\n"):
            return skipped


def serve_stdio(stdin: BinaryIO, stdout: BinaryIO, server: Server | None = None) -> int:
    """Answer requests from ``stdin`` on ``stdout`` until the input ends; the exit status (0)."""
    server = server or Server()
    limit = server.limits.max_request
    while True:
        line = stdin.readline(limit + 1)
        if not line:
            return 0
        if len(line.rstrip(b"\n")) > limit:
            size = len(line) + _skip_line(stdin)
            why = f"a line of {size} bytes: the limit is {limit}"
            reply: str | None = server.encode(error(INVALID_REQUEST, data={"reason": why}))
        elif not line.strip():
            continue
        else:
            reply = server.handle(line)
        if reply is not None:
            stdout.write(reply.encode("ascii") + b"\n")
            stdout.flush()

"""``brawl serve --http`` against slow clients and web pages, as a real server on 127.0.0.1.

Every test starts the server as a process on a free port, talks to it over sockets with a
timeout on each step and loops of a fixed length, and kills the server when it ends.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from brawl.__main__ import EXIT_ERROR, main
from brawl.server.http import MAX_CONNECTIONS
from brawl.server.protocol import INVALID_REQUEST

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

ROOT = Path(__file__).resolve().parents[1]
JSON = {"Content-Type": "application/json"}
VERSION = b'{"jsonrpc": "2.0", "method": "version", "id": 1}'
STEP = 10.0
"""Seconds any one socket operation may take."""


@contextlib.contextmanager
def running(tmp_path: Path, *flags: str) -> Iterator[int]:
    """``brawl serve --http 127.0.0.1:0 FLAGS`` as a process; yields the port it announces."""
    log = tmp_path / "serve.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "brawl", "serve", "--http", "127.0.0.1:0", *flags]
    with log.open("w") as err:
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, env=env, cwd=ROOT)
    try:
        found = None
        for _ in range(600):  # at most a minute for the server to say where it listens
            found = re.search(r"at http://127\.0\.0\.1:(\d+)/", log.read_text())
            if found or proc.poll() is not None:
                break
            time.sleep(0.1)
        assert found, f"the server did not announce its address: {log.read_text()}"
        yield int(found[1])
    finally:
        proc.kill()
        proc.wait(timeout=30)


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A server with the default settings, for the tests that only send requests."""
    with running(tmp_path_factory.mktemp("serve")) as port:
        yield port


def ask(
    port: int, body: bytes = VERSION, headers: Mapping[str, str] = JSON, method: str = "POST"
) -> tuple[int, http.client.HTTPResponse, Any]:
    """One request on a connection of its own: the status, the response and its JSON body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=STEP)
    try:
        conn.request(method, "/", body=body, headers=dict(headers))
        response = conn.getresponse()
        data = response.read()
        is_json = response.getheader("content-type") == "application/json"
        return response.status, response, json.loads(data) if is_json else data
    finally:
        conn.close()


def slow_client(port: int) -> socket.socket:
    """A connection that has sent the start of a request's head, and sends the rest line by line."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=STEP)
    sock.sendall(b"POST / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port)
    return sock


def head(port: int, *, expect: bool = False) -> bytes:
    """The whole head of a POST whose body is :data:`VERSION`; with ``expect``, the server is asked
    to say (100 Continue) once the request is under way."""
    asks = b"Expect: 100-continue\r\n" if expect else b""
    return (
        b"POST / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n%s\r\n" % (port, len(VERSION), asks)
    )


def trickle(socks: list[socket.socket], line: int) -> None:
    """One more header line on each connection still open."""
    for sock in socks:
        with contextlib.suppress(OSError):  # the server has closed it
            sock.sendall(b"X-Line-%d: 1\r\n" % line)


def closed(sock: socket.socket, wait: float = 0.0) -> bool:
    """Whether the server has closed the connection (waiting up to ``wait`` seconds to know)."""
    readable, _, _ = select.select([sock], [], [], wait)
    if not readable:
        return False
    try:
        return sock.recv(4096) == b""
    except OSError:
        return True


def test_slow_clients_holding_every_place_do_not_keep_a_new_client_out(tmp_path: Path) -> None:
    """As many connections as the limit allows trickle header lines; a new client is answered at
    once, in the place of the one that has waited longest for its head."""
    with running(tmp_path) as port:
        slow = [slow_client(port) for _ in range(MAX_CONNECTIONS)]
        try:
            for line in range(3):
                trickle(slow, line)
                time.sleep(0.5)
            status, _, reply = ask(port)
            assert status == 200, reply
            assert reply["result"]["jsonrpc"] == "2.0"
            assert closed(slow[0], wait=STEP)  # the oldest gave up its place
            trickle(slow[-1:], 99)
            assert not closed(slow[-1], wait=0.5)  # the newest still sends its head
        finally:
            for sock in slow:
                sock.close()


def test_a_connection_that_does_not_send_its_head_in_time_is_closed(tmp_path: Path) -> None:
    """A silent connection and one that trickles a header line every half second are both closed
    once the header timeout passes; a request whose head came in time may take longer for its body."""
    with running(tmp_path, "--header-timeout", "1") as port:
        silent = socket.create_connection(("127.0.0.1", port), timeout=STEP)
        slow = slow_client(port)
        body = socket.create_connection(("127.0.0.1", port), timeout=STEP)
        try:
            body.sendall(head(port, expect=True))
            assert body.recv(4096).startswith(b"HTTP/1.1 100 ")  # its request is under way
            for line in range(40):  # 20 seconds at most
                trickle([slow], line)
                if closed(silent) and closed(slow):
                    break
                time.sleep(0.5)
            assert closed(silent, wait=STEP)
            assert closed(slow, wait=STEP)
            body.sendall(VERSION)  # the head came in time: the body may come later
            answer = body.recv(4096)
            assert answer.startswith(b"HTTP/1.1 200 "), answer
        finally:
            for sock in (silent, slow, body):
                sock.close()
        assert ask(port)[0] == 200


def test_when_every_place_holds_a_request_under_way_a_new_client_gets_503(tmp_path: Path) -> None:
    """Requests under way keep their places (``--max-connections``): a new client is refused with
    503, and each of them is answered once its body comes."""
    with running(tmp_path, "--max-connections", "3", "--time-limit", "30") as port:
        busy = [socket.create_connection(("127.0.0.1", port), timeout=STEP) for _ in range(3)]
        try:
            for sock in busy:  # the server asks for the body once the request is under way
                sock.sendall(head(port, expect=True))
                assert sock.recv(4096).startswith(b"HTTP/1.1 100 ")
            assert ask(port)[0] == 503
            for sock in busy:
                sock.sendall(VERSION)
                assert sock.recv(4096).startswith(b"HTTP/1.1 200 ")
        finally:
            for sock in busy:
                sock.close()


def test_a_body_that_is_not_json_is_refused_with_415(port: int) -> None:
    """What a web form or a page's simple request sends (text/plain, a form, no type) is refused."""
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        status, _, reply = ask(port, headers={"Content-Type": kind})
        assert status == 415, kind
        assert reply["error"]["code"] == INVALID_REQUEST
        assert "application/json" in reply["error"]["data"]["reason"]
    assert ask(port, headers={})[0] == 415
    status, _, reply = ask(port, headers={"Content-Type": "Application/JSON; charset=utf-8"})
    assert (status, reply["id"]) == (200, 1)


def test_a_page_posting_text_from_another_host_and_origin_is_refused(port: int) -> None:
    """What a browser sends after DNS rebinding (text/plain, a foreign Origin and Host) is refused
    for its Host; with the right Host, for its Origin."""
    page = {"Content-Type": "text/plain", "Origin": "http://rebind.example"}
    status, _, reply = ask(port, headers={**page, "Host": f"rebind.example:{port}"})
    assert status == 421
    assert reply["error"]["code"] == INVALID_REQUEST
    status, _, reply = ask(port, headers={**page, "Host": f"127.0.0.1:{port}"})
    assert status == 403
    assert reply["error"]["code"] == INVALID_REQUEST


def test_a_host_header_other_than_the_servers_address_is_refused_with_421(port: int) -> None:
    for host in ("127.0.0.1", "localhost", "LOCALHOST", "[::1]"):
        status, _, reply = ask(port, headers={**JSON, "Host": f"{host}:{port}"})
        assert (status, reply["id"]) == (200, 1), host
    for host in (f"rebind.example:{port}", f"127.0.0.1:{port + 1}", "127.0.0.1", f"sub.localhost:{port}"):
        status, _, reply = ask(port, headers={**JSON, "Host": host})
        assert status == 421, host
        assert reply["error"]["code"] == INVALID_REQUEST
        assert host in reply["error"]["data"]["reason"]


def test_an_origin_not_allowed_is_refused_with_403(tmp_path: Path) -> None:
    """Programs send no Origin and are served; a page is served only from an allowed origin, which
    alone gets the CORS answers a browser needs."""
    allowed = "http://localhost:3000"
    with running(tmp_path, "--allow-origin", allowed, "--allow-origin", "https://tools.example") as port:
        status, response, reply = ask(port, headers={**JSON, "Origin": "http://evil.example"})
        assert status == 403
        assert reply["error"]["code"] == INVALID_REQUEST
        assert response.getheader("access-control-allow-origin") is None
        status, response, reply = ask(port, headers={**JSON, "Origin": allowed})
        assert (status, reply["id"]) == (200, 1)
        assert response.getheader("access-control-allow-origin") == allowed
        assert ask(port, headers={**JSON, "Origin": "https://tools.example"})[0] == 200
        preflight = {"Origin": allowed, "Access-Control-Request-Method": "POST"}
        preflight["Access-Control-Request-Headers"] = "content-type"
        status, response, _ = ask(port, b"", preflight, method="OPTIONS")
        assert status == 200
        assert response.getheader("access-control-allow-origin") == allowed
        assert "POST" in (response.getheader("access-control-allow-methods") or "")
        status, response, _ = ask(port, b"", {**preflight, "Origin": "http://evil.example"}, method="OPTIONS")
        assert status == 403
        assert response.getheader("access-control-allow-origin") is None
        assert ask(port)[0] == 200


def test_without_allow_origin_every_page_is_refused(port: int) -> None:
    for page in ("http://localhost:3000", f"http://127.0.0.1:{port}", "null"):
        status, _, reply = ask(port, headers={**JSON, "Origin": page})
        assert status == 403, page
        assert "--allow-origin" in reply["error"]["data"]["reason"]


@pytest.mark.parametrize("text", ["localhost:3000", "ftp://x.example", "http://x.example/path", "*"])
def test_allow_origin_takes_only_an_origin(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--http", "127.0.0.1:0", "--allow-origin", text]) == EXIT_ERROR
    assert f"--allow-origin {text!r}: expected an origin" in capsys.readouterr().err

"""JSON-RPC over HTTP: in process through Starlette's test client, and once as ``brawl serve --http``."""

from __future__ import annotations

import json
import select
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path
from typing import Any

import pytest

import brawl
from brawl.errors import BrawlError
from brawl.server.http import make_app, parse_address
from brawl.server.protocol import INVALID_REQUEST, METHOD_NOT_FOUND, RULES_ERROR, Limits, Server

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 for its test client; httpx still works
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient


ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def client() -> TestClient:
    return TestClient(
        make_app(Server(Limits(max_request=100_000))), headers={"Content-Type": "application/json"}
    )


def call(client: TestClient, method: str, params: Any = None, id: Any = 1) -> dict[str, Any]:
    body: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "id": id}
    if params is not None:
        body["params"] = params
    response = client.post("/", content=json.dumps(body))
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    got: dict[str, Any] = response.json()
    return got


def test_a_fight_over_http(client: TestClient) -> None:
    state = call(client, "load_scenario", {"name": "bridge"})["result"]
    out = call(client, "apply", {"state": state, "action": {"class": "StartCombat", "first_side": "heroes"}})
    assert out["result"]["events"][0]["explain"].startswith("combat starts")
    legal = call(client, "legal_actions", {"state": out["result"]["state"]})["result"]
    assert {"class": "StartTurn", "creature": "kira"} in legal
    assert client.post("/rpc", content=json.dumps({"jsonrpc": "2.0", "method": "version", "id": 2})).json()[
        "result"
    ]["brawl"] == (brawl.__version__)


def test_errors_over_http_are_json_rpc_errors_with_status_200(client: TestClient) -> None:
    state = call(client, "load_scenario", {"name": "bridge"})["result"]
    err = call(client, "apply", {"state": state, "action": {"class": "EndTurn"}})["error"]
    assert err["code"] == RULES_ERROR
    assert err["data"]["class"] == "TurnOrderError"
    assert call(client, "nope")["error"]["code"] == METHOD_NOT_FOUND
    response = client.post("/", content=b"{oops")
    assert response.status_code == 200
    assert response.json()["error"]["code"] == -32700


def test_notifications_get_204_and_no_body(client: TestClient) -> None:
    response = client.post("/", content=json.dumps({"jsonrpc": "2.0", "method": "version"}))
    assert response.status_code == 204
    assert response.content == b""


def test_a_batch_over_http(client: TestClient) -> None:
    batch = [{"jsonrpc": "2.0", "method": "version", "id": i} for i in range(3)]
    response = client.post("/", content=json.dumps(batch))
    assert [r["id"] for r in response.json()] == [0, 1, 2]


def test_an_oversized_body_is_refused_with_413_and_the_server_keeps_serving(client: TestClient) -> None:
    response = client.post("/", content=b"[" + b" " * 200_000 + b"]")
    assert response.status_code == 413
    assert response.json()["error"]["code"] == INVALID_REQUEST

    def chunks() -> Any:
        for _ in range(30):
            yield b" " * 10_000

    streamed = client.post("/", content=chunks())  # no Content-Length: counted as it arrives
    assert streamed.status_code == 413
    assert call(client, "version")["result"]["jsonrpc"] == "2.0"


def test_only_post_is_served(client: TestClient) -> None:
    assert client.get("/").status_code == 405
    assert client.post("/other", content=b"{}").status_code == 404


@pytest.mark.parametrize(
    ("text", "address"),
    [("8080", ("127.0.0.1", 8080)), ("0.0.0.0:80", ("0.0.0.0", 80)), ("[::1]:9000", ("::1", 9000))],
)
def test_addresses_default_to_this_machine(text: str, address: tuple[str, int]) -> None:
    assert parse_address(text) == address


@pytest.mark.parametrize("text", ["host:", "host:http", "1:70000", ""])
def test_bad_addresses_are_refused(text: str) -> None:
    with pytest.raises(BrawlError, match="HOST:PORT"):
        parse_address(text)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def first_line(proc: subprocess.Popen[str], timeout: float = 60) -> str:
    """The first line the server writes on standard error, waiting at most ``timeout`` seconds."""
    assert proc.stderr is not None
    ready, _, _ = select.select([proc.stderr], [], [], timeout)
    assert ready, "the server said nothing"
    return proc.stderr.readline()


def stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=20)


def post(url: str, body: bytes) -> tuple[int, Any]:
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def test_brawl_serve_http_as_a_real_process() -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "brawl", "serve", "--http", f"127.0.0.1:{port}", "--max-request", "50000"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    )
    try:
        line = first_line(proc)  # the server says where it listens once it does
        assert line.startswith(f"brawl serve: JSON-RPC 2.0 over HTTP at http://127.0.0.1:{port}/"), line
        url = f"http://127.0.0.1:{port}/"
        status, got = post(
            url, b'{"jsonrpc": "2.0", "method": "load_scenario", "params": ["bridge"], "id": 1}'
        )
        assert status == 200
        assert got["result"]["schema"] == 1
        status, got = post(url, b"x" * 60_000)
        assert status == 413
        assert got["error"]["code"] == INVALID_REQUEST
        status, got = post(url, b'{"jsonrpc": "2.0", "method": "version", "id": 2}')
        assert (status, got["id"]) == (200, 2)
    finally:
        stop(proc)
    assert proc.returncode is not None


def test_the_server_waits_no_longer_than_its_time_limit_for_a_body() -> None:
    """A client that sends its headers and then stalls gets 408 once the time limit passes."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "brawl", "serve", "--http", str(port), "--time-limit", "1"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    )
    try:
        assert "127.0.0.1" in first_line(proc)
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            sock.sendall(
                b"POST / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100\r\n\r\n{" % port
            )
            start = time.monotonic()
            answer = sock.recv(4096)
            assert b" 408 " in answer.split(b"\r\n")[0]
            assert time.monotonic() - start < 15
    finally:
        stop(proc)

"""What a client cannot make the JSON-RPC server do: open a file it names, read without bound, run
past the time limit, or send a number that has no JSON reply.

Each hole is shown through ``Server.handle`` and through the real ``brawl serve`` over stdio (a
child process whose replies are read with a timeout, so a server that blocks fails the test
instead of hanging it).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import queue
import resource
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import brawl
from brawl.io.files import read_file_bounded
from brawl.server.http import make_app
from brawl.server.protocol import (
    DOCUMENT_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    TIME_LIMIT,
    Limits,
    Server,
)
from brawl.statblocks.library import StatBlockSources

ROOT = Path(__file__).resolve().parents[1]
STATBLOCK = (ROOT / "tests" / "data" / "statblocks" / "brawl-one.toml").read_text(encoding="utf-8")
"""A valid stat block file: Ridge Stalker, 140 stamina, solo."""
WAIT = 30.0
"""Seconds a reply may take before the server counts as stuck (a stuck server takes forever)."""
MEMORY = 1 << 30
"""Address space of a child server: a server that reads without bound dies instead of filling the machine."""

MAP = (
    '[[levels]]\nmap = """\nK...\n....\n....\n....\n"""\n'
    '[[creatures]]\nid = "k"\nmark = "K"\nside = "heroes"\nstatblock = "ridge stalker"\n'
)


def scenario(*names: str) -> str:
    """A scenario whose statblocks list names these files and whose creature uses Ridge Stalker."""
    return f"statblocks = {json.dumps(list(names))}\n{MAP}"


def request(method: str, params: Any, id: Any = 1) -> str:
    return json.dumps({"jsonrpc": "2.0", "method": method, "params": params, "id": id})


def handle(server: Server, message: str) -> dict[str, Any]:
    reply = server.handle(message)
    assert reply is not None
    got: dict[str, Any] = json.loads(reply)
    return got


def load(server: Server, text: str, **params: Any) -> dict[str, Any]:
    return handle(server, request("load_scenario", {"text": text, **params}))


def in_time(run: Callable[[], Any], seconds: float = WAIT) -> Any:
    """``run()`` in a thread, failing the test if it has not returned within ``seconds``."""
    box: list[tuple[bool, Any]] = []

    def target() -> None:
        try:
            box.append((True, run()))
        except Exception as exc:  # raised again in the test's thread
            box.append((False, exc))

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s: blocked"
    ok, value = box[0]
    if not ok:
        raise value
    return value


def release(fifo: Path) -> None:
    """Give a reader blocked on ``fifo`` its end of file (a writer that opens and closes)."""
    with contextlib.suppress(OSError):  # nobody is reading it
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def message_of(reply: dict[str, Any]) -> str:
    assert "error" in reply, reply
    return json.dumps(reply["error"])


@pytest.fixture
def served(tmp_path: Path) -> Path:
    """A folder with one stat block file, next to a secret stat block file and a secret text."""
    folder = tmp_path / "served"
    folder.mkdir()
    (folder / "mine.toml").write_text(STATBLOCK, encoding="utf-8")
    (tmp_path / "secret.toml").write_text(STATBLOCK, encoding="utf-8")
    (tmp_path / "notes.toml").write_text('password = "hunter2"\n', encoding="utf-8")
    return folder


# --- the child server ---------------------------------------------------------------------------------------
def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


class Child:
    """``python -m brawl serve`` with the tree under test's sources, one reply read at a time."""

    def __init__(self, *args: str, cwd: Path = ROOT) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "brawl", "serve", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=cwd,
            preexec_fn=_limit_memory,
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(b"")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        self.process.stdin.flush()

    def reply(self, seconds: float = WAIT) -> dict[str, Any]:
        try:
            line = self.lines.get(timeout=seconds)
        except queue.Empty:
            raise AssertionError(f"no reply within {seconds} s: the server is stuck") from None
        assert line, f"the server ended: {self.stderr()}"
        got: dict[str, Any] = json.loads(line)
        return got

    def call(self, line: str, seconds: float = WAIT) -> dict[str, Any]:
        self.send(line)
        return self.reply(seconds)

    def stderr(self) -> str:
        self.close()
        assert self.process.stderr is not None
        return self.process.stderr.read().decode("utf-8", "replace")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(WAIT)


@pytest.fixture
def child() -> Iterator[Callable[..., Child]]:
    started: list[Child] = []

    def start(*args: str, cwd: Path = ROOT) -> Child:
        started.append(Child(*args, cwd=cwd))
        return started[-1]

    yield start
    for c in started:
        c.close()
        for stream in (c.process.stdin, c.process.stdout, c.process.stderr):
            if stream is not None:
                stream.close()


def version_works(call: Callable[[str], dict[str, Any]]) -> None:
    """The server still answers: the next request gets its result."""
    got = call(request("version", {}, id=99))
    assert got["id"] == 99
    assert got["result"]["brawl"] == brawl.__version__


# --- files a client names -----------------------------------------------------------------------------------
def test_an_absolute_path_is_never_opened_and_says_nothing_of_the_file(served: Path) -> None:
    server = Server()
    secret = served.parent / "secret.toml"
    there = message_of(load(server, scenario(str(secret))))
    missing = message_of(load(server, scenario(str(served.parent / "nothing.toml"))))
    assert "an absolute path is never looked up" in there
    assert there.replace("secret", "nothing") == missing  # a file that exists reads as one that does not
    notes = message_of(load(server, scenario(str(served.parent / "notes.toml"))))
    assert "hunter2" not in notes
    assert "password" not in notes


def test_a_dot_dot_is_never_followed(served: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(served)
    got = load(Server(), scenario("../secret.toml"))
    assert got["error"]["code"] == DOCUMENT_ERROR
    assert "'..' is never looked up" in message_of(got)
    assert got["error"]["data"]["field"] == "statblocks[0]"


def test_a_relative_name_is_not_read_from_the_servers_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """pyproject.toml sits in the folder the server runs in: neither its keys nor its values come back."""
    monkeypatch.chdir(ROOT)
    for name in ("pyproject.toml", str(ROOT / "pyproject.toml")):
        text = message_of(load(Server(), scenario(name)))
        assert "build-system" not in text
        assert "project" not in text.replace(name, "")
        assert "brawl" not in text.replace(name, "").replace("BrawlError", "")


def test_a_symbolic_link_out_of_a_served_folder_is_not_followed(served: Path) -> None:
    (served / "link.toml").symlink_to(served.parent / "secret.toml")
    (served / "linked").symlink_to(served.parent)
    server = Server(statblocks=[served])
    assert "result" in load(server, scenario("mine.toml"))
    link = message_of(load(server, scenario("link.toml")))
    through = message_of(load(server, scenario("linked/secret.toml")))
    missing = message_of(load(server, scenario("nothing.toml")))
    assert "not a stat block file served here" in link
    assert link.replace("link.toml", "X") == missing.replace("nothing.toml", "X")
    assert through.replace("linked/secret.toml", "X") == missing.replace("nothing.toml", "X")


def test_a_served_folder_is_searched_only_by_names_inside_it(served: Path) -> None:
    server = Server(statblocks=[served])
    assert "absolute path" in message_of(load(server, scenario(str(served / "mine.toml"))))
    assert "'..'" in message_of(load(server, scenario("../served/mine.toml")))
    got = load(server, scenario("mine.toml"))
    assert got["result"]["creatures"][0]["stamina_max"] == 140


def test_dev_zero_a_fifo_and_dev_stdin_are_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    server = Server()
    try:
        for name in ("/dev/zero", str(fifo), "/dev/stdin"):
            got = in_time(functools.partial(load, server, scenario(name)))
            assert got["error"]["code"] == DOCUMENT_ERROR
            assert "absolute path" in message_of(got)
    finally:
        release(fifo)


def test_a_fifo_inside_a_served_folder_is_not_opened(served: Path) -> None:
    fifo = served / "pipe.toml"
    os.mkfifo(fifo)
    try:
        got = in_time(lambda: load(Server(statblocks=[served]), scenario("pipe.toml")))
        assert "not a stat block file served here" in message_of(got)
    finally:
        release(fifo)


def test_inline_stat_blocks_are_used_and_the_error_lists_them() -> None:
    server = Server()
    got = load(server, scenario("mine.toml"), statblocks={"mine.toml": STATBLOCK})
    creature = got["result"]["creatures"][0]
    assert (creature["stamina_max"], creature["size"]) == (140, "1L")
    refused = load(server, scenario("other.toml"), statblocks={"mine.toml": STATBLOCK})
    text = refused["error"]["data"]["message"]
    assert "other.toml: not a stat block file served here" in text
    assert "'mine.toml'" in text
    assert "stat block folders the operator gave" in text
    wrong = load(server, scenario("mine.toml"), statblocks={"mine.toml": 3})
    assert (wrong["error"]["code"], wrong["error"]["data"]["param"]) == (INVALID_PARAMS, "statblocks")
    both = scenario("mine.toml").replace('....\n....\n"""', '....\nG...\n"""')
    both += '[[creatures]]\nid = "g"\nmark = "G"\nside = "director"\nstatblock = "gutterling-sniper"\n'
    got = load(server, both, statblocks={"mine.toml": STATBLOCK})
    names = [c["name"] for c in got["result"]["creatures"]]
    assert names == ["Ridge Stalker", "Gutterling Sniper"]  # a bundled stat block is still found by name


def test_the_server_refuses_a_statblocks_folder_that_is_not_one(tmp_path: Path) -> None:
    with pytest.raises(brawl.BrawlError, match="not a folder"):
        Server(statblocks=[tmp_path / "nothing"])


# --- the same over stdio ------------------------------------------------------------------------------------
def test_over_stdio_dev_stdin_does_not_swallow_the_next_request(child: Callable[..., Child]) -> None:
    server = child()
    server.send(request("load_scenario", {"text": scenario("/dev/stdin")}))
    server.send(request("version", {}, id=2))
    first = server.reply()
    assert first["id"] == 1
    assert first["error"]["code"] == DOCUMENT_ERROR
    assert server.reply()["id"] == 2


def test_over_stdio_a_fifo_and_dev_zero_are_answered_promptly(
    child: Callable[..., Child], tmp_path: Path
) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    server = child()
    try:
        for name in (str(fifo), "/dev/zero"):
            got = server.call(request("load_scenario", {"text": scenario(name)}))
            assert got["error"]["code"] == DOCUMENT_ERROR
        version_works(server.call)
    finally:
        release(fifo)


def test_over_stdio_the_servers_own_files_stay_closed(child: Callable[..., Child]) -> None:
    server = child()
    for name in ("pyproject.toml", str(ROOT / "pyproject.toml"), f"../{ROOT.name}/pyproject.toml"):
        text = message_of(server.call(request("load_scenario", {"text": scenario(name)})))
        assert "build-system" not in text


def test_brawl_serve_statblocks_serves_its_folder_only(child: Callable[..., Child], served: Path) -> None:
    (served / "link.toml").symlink_to(served.parent / "secret.toml")
    server = child("--statblocks", str(served))
    got = server.call(request("load_scenario", {"text": scenario("mine.toml")}))
    assert got["result"]["creatures"][0]["stamina_max"] == 140
    for name in ("../secret.toml", "link.toml", str(served.parent / "secret.toml")):
        refused = server.call(request("load_scenario", {"text": scenario(name)}))
        assert refused["error"]["code"] == DOCUMENT_ERROR
    inline = {"text": scenario("x.toml"), "statblocks": {"x.toml": STATBLOCK}}
    assert "result" in server.call(request("load_scenario", inline))


# --- bounded reads ------------------------------------------------------------------------------------------
def test_reading_refuses_anything_but_a_regular_file_and_names_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    try:
        with pytest.raises(brawl.ScenarioError, match=r"pipe: cannot read the file: it is a FIFO"):
            in_time(lambda: read_file_bounded(fifo, 100))
    finally:
        release(fifo)
    with pytest.raises(brawl.ScenarioError, match=r"/dev/zero: .*character device"):
        read_file_bounded("/dev/zero", 100)
    with pytest.raises(brawl.ScenarioError, match="a folder"):
        read_file_bounded(tmp_path, 100)
    (tmp_path / "f").write_bytes(b"x" * 100)
    assert read_file_bounded(tmp_path / "f", 100) == b"x" * 100
    with pytest.raises(brawl.ScenarioError, match="larger than the limit of 99 bytes"):
        read_file_bounded(tmp_path / "f", 99)


def test_the_python_api_and_the_cli_refuse_dev_zero_and_fifos(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    try:
        for read in (brawl.load_scenario, brawl.load_statblocks):
            for name in ("/dev/zero", str(fifo)):
                with pytest.raises(brawl.ScenarioError, match="not a regular file"):
                    in_time(functools.partial(read, name))
    finally:
        release(fifo)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "brawl", "show", "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=False,
        env=env,
        preexec_fn=_limit_memory,
    )
    assert done.returncode == 2
    assert "/dev/zero: cannot read the file: it is a character device" in done.stderr


def test_a_local_user_still_reads_stat_blocks_relative_to_the_scenario(served: Path) -> None:
    enc = brawl.loads_scenario(scenario("../secret.toml"), base=served)
    assert enc.creature("k").stamina_max == 140
    with pytest.raises(brawl.ScenarioError, match="never looked up"):
        brawl.loads_scenario(scenario("../secret.toml"), statblocks=StatBlockSources(folders=[served]))


# --- the time limit -----------------------------------------------------------------------------------------
def open_field() -> str:
    """A 600 x 600 field and a hero of speed 1000 whose moves flood a quarter million squares."""
    return (
        "[map]\nwidth = 600\ndepth = 600\nheight = 2\nbelow = 1\n"
        '[[levels]]\nmap = "."\n'
        '[[creatures]]\nid = "a"\npos = [0, 0, 0]\nside = "heroes"\nspeed = 1000\nstamina_max = 10\n'
        '[[creatures]]\nid = "b"\npos = [599, 599, 0]\nside = "director"\nstamina_max = 10\n'
    )


def on_its_turn(call: Callable[[str], dict[str, Any]]) -> Any:
    state = call(request("load_scenario", {"text": open_field()}))["result"]
    for action in ({"class": "StartCombat", "first_side": "heroes"}, {"class": "StartTurn", "creature": "a"}):
        state = call(request("apply", {"state": state, "action": action}))["result"]["state"]
    return state


LIMIT = 0.5
MARGIN = 10.0
"""Generous: the unbounded calls run for many seconds more than the limit."""


def slow_calls(state: Any) -> list[str]:
    return [
        request("legal_actions", {"state": state, "creature": "a"}),
        request("reachable", {"state": state, "creature": "a", "budget": 6000, "ignore_speed": True}),
        request(
            "simulate",
            {"state": brawl.to_json(brawl.load_scenario(brawl.bundled_scenario("bridge"))), "runs": 10_000},
        ),
    ]


# the stop raised in the worker thread may land in a garbage-collection callback that the test
# run's own Hypothesis installs; the server sends it again, and Python reports the dropped one
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_every_method_stops_at_the_time_limit_and_the_server_goes_on() -> None:
    server = Server(Limits(time_limit=LIMIT))
    state = on_its_turn(lambda line: handle(Server(), line))
    for line in slow_calls(state):
        start = time.monotonic()
        got = handle(server, line)
        took = time.monotonic() - start
        assert got["error"]["code"] == TIME_LIMIT, str(got)[:300]
        assert took < LIMIT + MARGIN
        version_works(lambda line: handle(server, line))


def test_over_stdio_a_long_method_is_stopped_and_the_next_request_answered(
    child: Callable[..., Child],
) -> None:
    state = on_its_turn(lambda line: handle(Server(), line))
    server = child("--time-limit", str(LIMIT))
    for line in slow_calls(state):
        got = server.call(line, seconds=LIMIT + MARGIN)
        assert got["error"]["code"] == TIME_LIMIT
        version_works(server.call)
    assert server.stderr() == ""


# the stop raised in the worker thread may land in a garbage-collection callback that the test
# run's own Hypothesis installs; the server sends it again, and Python reports the dropped one
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_over_http_a_long_method_is_stopped_and_the_next_request_answered() -> None:
    with warnings.catch_warnings():  # Starlette 1.x prefers httpx2 for its test client; httpx still works
        warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
        testclient = pytest.importorskip("starlette.testclient")
    state = on_its_turn(lambda line: handle(Server(), line))
    client = testclient.TestClient(make_app(Server(Limits(time_limit=LIMIT))))

    def call(line: str) -> dict[str, Any]:
        response = client.post("/", content=line, headers={"Content-Type": "application/json"})
        assert response.status_code == 200
        got: dict[str, Any] = response.json()
        return got

    start = time.monotonic()
    assert call(slow_calls(state)[0])["error"]["code"] == TIME_LIMIT
    assert time.monotonic() - start < LIMIT + MARGIN
    version_works(call)


# --- numbers ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ('{"jsonrpc": "2.0", "method": "version", "id": 1e400}', "1e400 is too large"),
        ('{"jsonrpc": "2.0", "method": "version", "id": -1e400}', "-1e400 is too large"),
        ('{"jsonrpc": "2.0", "method": "simulate", "params": {"runs": 1e999}, "id": 1}', "1e999"),
        ('{"jsonrpc": "2.0", "method": "version", "id": ' + "7" * 5000 + "}", "4300 digits"),
        ('{"jsonrpc": "2.0", "method": "version", "params": [' + "7" * 5000 + '], "id": 1}', "digits"),
    ],
)
def test_a_number_no_reply_can_hold_is_an_invalid_request(message: str, reason: str) -> None:
    got = handle(Server(), message)
    assert got == {"jsonrpc": "2.0", "error": got["error"], "id": None}
    assert got["error"]["code"] == INVALID_REQUEST
    assert reason in got["error"]["data"]["reason"]


def test_over_stdio_an_infinite_id_is_refused_and_the_server_goes_on(child: Callable[..., Child]) -> None:
    server = child()
    got = server.call('{"jsonrpc": "2.0", "method": "version", "id": 1e400}')
    assert got["error"]["code"] == INVALID_REQUEST
    version_works(server.call)
    assert "Traceback" not in server.stderr()

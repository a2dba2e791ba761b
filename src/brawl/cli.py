"""The commands of ``brawl``: each a :class:`Subcommand` with its arguments and its code.

``demo``, ``show``, ``legal``, ``apply``, ``explain`` and ``serve`` are listed in
:data:`COMMANDS`; ``brawl.__main__`` builds the parser from that list, so a new command is one
more entry. Files are read here: a scenario (``.toml``), a JSON save, or a bundled scenario's
name wherever a state is asked for; ``-`` reads standard input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

import attrs

from brawl.actions import apply, legal_actions
from brawl.demo import run_demo
from brawl.errors import BrawlError, InvalidArgumentError, RulesError
from brawl.events.base import Event, explain
from brawl.io.files import read_text_bounded
from brawl.io.json import (
    actions_from_json,
    actions_to_json,
    event_data,
    events_from_json,
    events_to_json,
    from_json,
    structure,
    to_json,
    unstructure,
)
from brawl.io.jsontext import MAX_DOCUMENT, SCHEMA, dumps, loads
from brawl.notation import format as format_action
from brawl.notation import parse_all
from brawl.outcome import Outcome
from brawl.render import render_svg, render_text
from brawl.requests import Action
from brawl.scenario import (
    bundled_scenario,
    bundled_scenarios,
    bundled_zone_scenarios,
    loads_scenario,
    read_scenario,
)
from brawl.server.http import HttpLimits, parse_address, serve_http
from brawl.server.protocol import Limits, Server, brawl_error_data
from brawl.server.stdio import serve_stdio
from brawl.state import Encounter

EXIT_OK = 0
EXIT_REFUSED = 1
"""Exit status of ``brawl apply`` when the rules refuse the action."""
EXIT_ERROR = 2
"""Exit status of a bad file, a bad option or a usage error."""
EXIT_PIPE = 141
"""Exit status when the reader of the output went away (128 + SIGPIPE, as a shell reports it)."""


@attrs.frozen
class Subcommand:
    """One command of ``brawl``: its name, its one-line help, its arguments and what it runs."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def out(text: str) -> None:
    """Print a result on standard output."""
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def report(exc: BrawlError, as_json: bool) -> None:
    """Print an error on standard error: ``error: ...``, or ``{"error": {...}}`` with ``--json``."""
    if as_json:
        print(json.dumps({"error": brawl_error_data(exc)}, ensure_ascii=False), file=sys.stderr)
    else:
        print(f"error: {exc}", file=sys.stderr)


# --- reading ------------------------------------------------------------------------------------------
MAX_INPUT = 4 * MAX_DOCUMENT
"""Largest file (or standard input) read, in bytes: a JSON save of the largest size in UTF-8."""


def read_text(path: str) -> str:
    """The text of a regular file of at most :data:`MAX_INPUT` bytes, or of standard input for ``-``."""
    if path == "-":
        binary = getattr(sys.stdin, "buffer", None)  # a text stream put in its place has none
        raw: bytes | str = sys.stdin.read(MAX_INPUT + 1) if binary is None else binary.read(MAX_INPUT + 1)
        if len(raw) > MAX_INPUT:
            raise BrawlError(f"<stdin>: more than {MAX_INPUT} bytes: the limit is {MAX_INPUT}")
        if isinstance(raw, str):
            return raw
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BrawlError(f"<stdin>: not UTF-8 text (byte {exc.start})") from None
    return read_text_bounded(path, MAX_INPUT)


def load_any(path: str) -> Encounter:
    """A scenario file, a JSON save (told apart by their first character) or a bundled scenario's name."""
    bundled = [*bundled_scenarios(), *bundled_zone_scenarios()]
    if path != "-" and not Path(path).exists():
        if path in bundled:
            return read_scenario(bundled_scenario(path)).encounter
        raise BrawlError(f"{path}: no such file, and no bundled scenario of that name ({', '.join(bundled)})")
    text = read_text(path)
    source = "<stdin>" if path == "-" else path
    if text.lstrip().startswith("{"):
        return from_json(text, source=source)
    return loads_scenario(text, source=source)


def in_notation(arg: str) -> bool:
    """Whether an action argument is read as the text notation: no JSON, no file, not ``-``."""
    return not arg.lstrip().startswith("{") and arg != "-" and not Path(arg).exists()


def load_actions(arg: str, state: Encounter | None = None) -> tuple[Action, ...]:
    """One action or an actions document, from a file, standard input (``-``) or inline JSON text;
    given the ``state``, also actions in the text notation (``"kira go 9,4; strike ogre (main)"``,
    :mod:`brawl.notation`) when ``arg`` is no file."""
    inline = arg.lstrip().startswith("{")
    if state is not None and in_notation(arg):
        try:
            return tuple(parse_all(arg, state))
        except InvalidArgumentError as exc:
            raise BrawlError(f"{arg}: no such file, and not an action in the notation: {exc}") from None
    text = arg if inline else read_text(arg)
    source = "action" if inline else "<stdin>" if arg == "-" else arg
    data = loads(text, source)
    if isinstance(data, dict) and "actions" in data:
        return actions_from_json(text, source=source)
    action: Action = structure(data, Action, source=source)
    return (action,)


def load_events(path: str) -> tuple[Event, ...]:
    """The events of an events document, or of the ``--json`` output of ``brawl apply``."""
    text = read_text(path)
    data = loads(text, path)
    if isinstance(data, dict) and "creatures" in data and "events" not in data:
        raise BrawlError(
            f"{path}: this is a state (a JSON save), not an event log: "
            "brawl show draws it, brawl apply --json writes the events of an action"
        )
    if isinstance(data, dict) and "state" in data:
        text = json.dumps({k: v for k, v in data.items() if k != "state"})
    return events_from_json(text, source="<stdin>" if path == "-" else path)


# --- show ---------------------------------------------------------------------------------------------
def levels_of(enc: Encounter) -> dict[int, list[str]]:
    """The levels creatures stand in (a creature of size n fills n levels), with their ids."""
    found: dict[int, list[str]] = {}
    for c in enc.creature_list():
        for z in range(c.pos.z, c.pos.z + c.n):
            found.setdefault(z, []).append(c.id)
    return found


def chosen_level(enc: Encounter) -> int:
    """The ground (0) if a creature is there, else the level with the most creatures (the lowest of ties)."""
    found = levels_of(enc)
    if not found or 0 in found:
        return 0
    return min(found, key=lambda z: (-len(found[z]), z))


def _show_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a .toml scenario, a .json save or a bundled scenario's name (bridge, ...)")
    p.add_argument("--z", type=int, default=None, help="the level to draw (default: one with creatures)")
    p.add_argument("--svg", metavar="OUT", default=None, help="also write the level as an SVG picture")
    p.add_argument("--json", action="store_true", help="print the state as a JSON save instead")


def run_show(args: argparse.Namespace) -> int:
    enc = load_any(args.file)
    z = chosen_level(enc) if args.z is None else args.z
    picture = render_text(enc, z=z)
    if args.svg:
        try:
            Path(args.svg).write_text(render_svg(enc, z=z), encoding="utf-8")
        except OSError as exc:
            raise BrawlError(f"{args.svg}: cannot write the picture ({exc})") from None
    if args.json:
        out(to_json(enc))
    else:
        out(picture)
    return EXIT_OK


# --- legal, apply, explain -----------------------------------------------------------------------------
def _json_flag(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--json", action="store_true", help=what)


def _legal_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", help="a JSON save, a .toml scenario or a bundled scenario's name")
    p.add_argument("--creature", default=None, help="only this creature's actions")
    p.add_argument(
        "--system",
        default=None,
        help="the turn system to start combat under (default: zone with zones, else drawsteel)",
    )
    p.add_argument("--max-moves", type=int, default=None, help="keep only the first this many moves")
    _json_flag(p, "print an actions document (brawl.actions_to_json) instead of one action a line")
    p.add_argument(
        "--notation",
        action="store_true",
        help="print each action in the text notation (kira go 9,4) instead of JSON",
    )


def action_line(action: Action) -> str:
    """An action as one line of JSON, ready for ``brawl apply``."""
    return json.dumps(unstructure(action, Action), ensure_ascii=False)


def run_legal(args: argparse.Namespace) -> int:
    enc = load_any(args.state)
    found = legal_actions(enc, creature=args.creature, system=args.system, max_moves=args.max_moves)
    if args.json:
        out(actions_to_json(found))
    elif args.notation:
        out("\n".join(format_action(a) for a in found))
    else:
        out("\n".join(action_line(a) for a in found))
    return EXIT_OK


def _apply_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", help="a JSON save, a .toml scenario or a bundled scenario's name")
    p.add_argument(
        "action",
        help="an action (a file, - for standard input, the JSON text itself, or the action in the text "
        'notation, "kira go 9,4; strike ogre (main)") or an actions document',
    )
    p.add_argument("--out", metavar="FILE", default=None, help="write the new state there as a JSON save")
    _rules_flag(p)
    _json_flag(p, 'print {"schema", "state", "events"} as JSON instead of the events\' lines')


def _rules_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", action="store_true", help="end each event's line with the rule IDs behind it")


def run_apply(args: argparse.Namespace) -> int:
    enc = load_any(args.state)
    actions = load_actions(args.action, enc)
    # actions written in the notation, or an action log of several, are echoed in the notation,
    # each before its events: the log reads as the fight went
    echo = not args.json and (in_notation(args.action) or len(actions) > 1)
    lines: list[str] = []
    try:
        result = Outcome(enc, ())
        for action in actions:
            step = apply(result.state, action)
            if echo:
                lines += [f"> {format_action(action)}", explain(list(step.events), rules=args.rules)]
            result = Outcome(step.state, result.events + step.events)
    except RulesError as exc:
        if lines:  # the actions applied before the refused one, with their events
            out("\n".join(line for line in lines if line))
        report(exc, args.json)
        return EXIT_REFUSED
    if args.out:
        try:
            Path(args.out).write_text(to_json(result.state), encoding="utf-8")
        except OSError as exc:
            raise BrawlError(f"{args.out}: cannot write the state ({exc})") from None
    if args.json:
        state = unstructure(result.state, Encounter)
        out(dumps({"schema": SCHEMA, "state": state, "events": [event_data(e) for e in result.events]}))
    elif echo:
        out("\n".join(line for line in lines if line))
    else:
        out(explain(list(result.events), rules=args.rules))
    return EXIT_OK


def _explain_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("events", help="an events document (brawl.events_to_json) or brawl apply --json's output")
    _rules_flag(p)
    _json_flag(p, "print the events document, each event with its explain line")


def run_explain(args: argparse.Namespace) -> int:
    events = load_events(args.events)
    out(events_to_json(events) if args.json else explain(list(events), rules=args.rules))
    return EXIT_OK


# --- demo, serve ------------------------------------------------------------------------------------------
def run_demo_command(args: argparse.Namespace) -> int:
    run_demo()
    return EXIT_OK


def _serve_arguments(p: argparse.ArgumentParser) -> None:
    limits = Limits()
    p.add_argument(
        "--http",
        metavar="[HOST:]PORT",
        default=None,
        help="serve HTTP POST requests there instead of stdio (host default 127.0.0.1; the server extra)",
    )
    http = HttpLimits()
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="over HTTP, a web origin (http://localhost:3000) whose pages may call the server; repeatable",
    )
    p.add_argument(
        "--max-connections",
        type=int,
        default=http.max_connections,
        metavar="N",
        help="over HTTP, connections served at once",
    )
    p.add_argument(
        "--header-timeout",
        type=float,
        default=http.header_timeout,
        metavar="SECONDS",
        help="over HTTP, time a connection has to send a request's headers",
    )
    p.add_argument(
        "--max-request",
        type=int,
        default=limits.max_request,
        metavar="BYTES",
        help="largest request accepted",
    )
    p.add_argument(
        "--time-limit",
        type=float,
        default=limits.time_limit,
        metavar="SECONDS",
        help="time a request may run",
    )
    p.add_argument(
        "--statblocks",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder whose stat block files a scenario sent by a client may name (repeatable); "
        "no other file is opened for a request",
    )


def run_serve(args: argparse.Namespace) -> int:
    if args.max_request < 1 or not args.time_limit > 0:
        raise BrawlError("--max-request and --time-limit must be positive")
    limits = Limits(max_request=args.max_request, time_limit=args.time_limit)
    server = Server(limits, statblocks=args.statblocks)
    if args.http is None:
        return serve_stdio(sys.stdin.buffer, sys.stdout.buffer, server)
    host, port = parse_address(args.http)
    http = HttpLimits(max_connections=args.max_connections, header_timeout=args.header_timeout)
    return serve_http(host, port, server, limits=http, allow_origins=args.allow_origin)


def _no_arguments(p: argparse.ArgumentParser) -> None:
    return None


COMMANDS: list[Subcommand] = [
    Subcommand(
        "demo",
        "a scripted tour of the bridge scenario: the map, damage, movement, an ability, a push into "
        "the chasm and two rounds of combat, each rule cited",
        _no_arguments,
        run_demo_command,
    ),
    Subcommand(
        "show", "print a scenario, a JSON save or a bundled scenario's map", _show_arguments, run_show
    ),
    Subcommand("legal", "list the actions open now, one a line as JSON", _legal_arguments, run_legal),
    Subcommand(
        "apply", "apply an action (or a list) to a state; print the events", _apply_arguments, run_apply
    ),
    Subcommand("explain", "print an event log's events, one line each", _explain_arguments, run_explain),
    Subcommand(
        "serve", "answer JSON-RPC 2.0 requests on stdio (default) or HTTP", _serve_arguments, run_serve
    ),
]
"""The commands of ``brawl``, in the order the help lists them."""

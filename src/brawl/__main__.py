"""Command line: ``python -m brawl demo`` and ``python -m brawl show FILE [--z Z] [--svg OUT]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from brawl.demo import run_demo
from brawl.errors import BrawlError
from brawl.io.json import from_json
from brawl.io.scenario import read_scenario
from brawl.render import render_svg, render_text
from brawl.simcli import add_simulate, run_simulate
from brawl.state import Encounter

EXIT_OK = 0
EXIT_ERROR = 2
"""Exit status of a bad file, a bad option or a usage error."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m brawl", description="brawl: a tactical combat rules engine"
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("demo", help="load a bundled scenario and show it")
    show = commands.add_parser("show", help="print a scenario file (.toml) or a JSON save (.json)")
    show.add_argument("file", help="a .toml scenario or a .json save")
    show.add_argument("--z", type=int, default=None, help="the level to draw (default 0, the ground)")
    show.add_argument("--svg", metavar="OUT", default=None, help="also write the level as an SVG picture")
    add_simulate(commands)
    return parser


def load_any(path: str) -> Encounter:
    """A scenario file or a JSON save, told apart by the first character of the text."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BrawlError(f"{path}: cannot read the file ({exc})") from None
    if text.lstrip().startswith("{"):
        return from_json(text, source=path)
    return read_scenario(path).encounter


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if args.command == "simulate":
            return run_simulate(args)
        if args.command == "demo":
            run_demo()
            return EXIT_OK
        enc = load_any(args.file)
        print(render_text(enc, z=args.z))
        if args.svg:
            try:
                Path(args.svg).write_text(render_svg(enc, z=args.z), encoding="utf-8")
            except OSError as exc:
                raise BrawlError(f"{args.svg}: cannot write the picture ({exc})") from None
        return EXIT_OK
    except BrawlError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())

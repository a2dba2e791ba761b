"""The ``brawl`` command: ``brawl demo``, ``show``, ``legal``, ``apply``, ``explain``, ``serve``.

The commands live in :mod:`brawl.cli`; :data:`SUBCOMMANDS` lists those the parser offers, so a
command defined elsewhere plugs in with one more entry. A :class:`~brawl.errors.BrawlError`
prints ``error: ...`` (or, with ``--json``, ``{"error": {...}}``) on standard error without a
traceback; a closed output pipe (``brawl show bridge | head -1``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import os
import sys

from brawl import __version__
from brawl.cli import COMMANDS, EXIT_ERROR, EXIT_OK, EXIT_PIPE, EXIT_REFUSED, Subcommand, report
from brawl.errors import BrawlError
from brawl.simcli import ENCOUNTER, SIMULATE

__all__ = ["EXIT_ERROR", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_PIPE", "EXIT_REFUSED", "SUBCOMMANDS", "main"]

EXIT_INTERRUPTED = 130
"""Exit status after Ctrl+C (128 + SIGINT, as a shell reports it)."""

SUBCOMMANDS: list[Subcommand] = [*COMMANDS, SIMULATE, ENCOUNTER]
"""The commands ``brawl`` offers, in the order of its help. Add a :class:`~brawl.cli.Subcommand` here."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="brawl", description="brawl: a tactical combat rules engine")
    parser.add_argument("-V", "--version", action="version", version=f"brawl {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for sub in SUBCOMMANDS:
        sub.arguments(commands.add_parser(sub.name, help=sub.help, description=sub.help))
    return parser


def _quiet_stdout() -> None:
    """Point standard output at the null device, so that exiting flushes nothing into a closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    run = {sub.name: sub.run for sub in SUBCOMMANDS}[args.command]
    try:
        status = run(args)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_PIPE
    except KeyboardInterrupt:  # Ctrl+C, in brawl serve above all: no traceback
        return EXIT_INTERRUPTED
    except BrawlError as exc:
        report(exc, getattr(args, "json", False))
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())

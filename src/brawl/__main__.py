"""Command line: ``python -m brawl demo`` and ``python -m brawl show FILE``."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["demo"]:
        print("brawl demo")
        return 0
    print("usage: python -m brawl demo | show FILE", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

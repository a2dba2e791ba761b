"""Reading a file brawl was asked to read: regular files only, never more than a set number of bytes.

Every file brawl reads on a user's behalf (a scenario, a stat block file, a JSON save given to
the command line) goes through :func:`read_file_bounded`. It opens the file without blocking,
so a FIFO or a device that never answers cannot stall the caller, refuses anything that is not
a regular file (a FIFO, a device such as ``/dev/zero`` or ``/dev/stdin``, a folder, a socket),
and reads at most one byte more than its limit, refusing a larger file: a file can cost no more
memory than the limit allows. Data shipped with brawl (a :class:`~importlib.resources.abc.Traversable`)
is read through its own ``open`` with the same bound.
"""

from __future__ import annotations

import os
import stat
from importlib.resources.abc import Traversable

from brawl.errors import ScenarioError

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
"""Read only, without waiting for a writer (a FIFO opens at once), not inherited by children."""

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _too_large(limit: int) -> str:
    return f"the file is larger than the limit of {limit} bytes"


def read_file_bounded(
    path: str | os.PathLike[str] | Traversable, limit: int, *, source: str | None = None
) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    Anything else raises :class:`~brawl.errors.ScenarioError` naming the file (``source``, or
    the path) and why: it cannot be opened, it is not a regular file (and which kind it is), or
    it is larger than ``limit``.
    """
    if not isinstance(path, str | os.PathLike):
        name = source or path.name
        try:
            with path.open("rb") as stream:
                data: bytes = stream.read(limit + 1)
        except OSError as exc:
            raise ScenarioError(f"cannot read the file: {exc.strerror or exc}", source=name) from None
        if len(data) > limit:
            raise ScenarioError(_too_large(limit), source=name)
        return data
    name = source or os.fspath(path)
    try:
        fd = os.open(path, _FLAGS)
    except OSError as exc:
        raise ScenarioError(f"cannot read the file: {exc.strerror or exc}", source=name) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise ScenarioError(f"cannot read the file: it is {_kind(mode)}, not a regular file", source=name)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise ScenarioError(f"cannot read the file: {exc.strerror or exc}", source=name) from None
    finally:
        os.close(fd)
    if size > limit:
        raise ScenarioError(_too_large(limit), source=name)
    return b"".join(chunks)


def read_text_bounded(
    path: str | os.PathLike[str] | Traversable,
    limit: int,
    *,
    source: str | None = None,
    encoding: str = "utf-8",
) -> str:
    """:func:`read_file_bounded`, decoded; text that is not UTF-8 is refused naming its first bad byte."""
    raw = read_file_bounded(path, limit, source=source)
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as exc:
        name = source or (os.fspath(path) if isinstance(path, str | os.PathLike) else path.name)
        raise ScenarioError(f"not UTF-8 text (byte {exc.start})", source=name) from None


__all__ = ["read_file_bounded", "read_text_bounded"]

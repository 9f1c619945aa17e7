"""Reading the user's files: only a regular file, never more than a known size, never a wait.

Saves, autosaves, journals, maps, tilesets, templates, data files and Tiled projects come from
the user's disk, where a pipe (FIFO), a device or a folder may sit under a file's name, by
mistake or on purpose. A plain `open()` of a FIFO waits for a writer forever, and a device
such as /dev/zero never ends. Every reader of the user's files goes through `read_file`: what
is at the path is looked at first (a pipe or a device is never opened), then opened without
waiting (`O_NONBLOCK`), looked at again on the open file itself (`fstat`: nothing swapped in
between the two looks is read), and read to at most its limit. Reading never renames, moves
or deletes anything.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
              | getattr(os, "O_BINARY", 0))
CHUNK = 1 << 20


class NotAFile(OSError):
    """Something other than a regular file is at the path (a folder, a pipe, a device)."""


class TooLarge(OSError):
    """The file is larger than its reader accepts."""


def kind_of(mode: int) -> str | None:
    """What is at a path, in words, when it is not a regular file (None when it is one)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    return "a device or a socket"


def _refuse(path: Path, mode: int) -> None:
    """Raise NotAFile naming what is at the path, unless it is a regular file."""
    kind = kind_of(mode)
    if kind is not None:
        raise NotAFile(errno.EINVAL, f"is {kind}, not a file", str(path))


def read_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; raises FileNotFoundError,
    NotAFile, TooLarge (each an OSError whose `strerror` says what is wrong in words) or the
    OSError the system gave."""
    _refuse(path, os.stat(path).st_mode)
    descriptor = os.open(path, OPEN_FLAGS)
    with os.fdopen(descriptor, "rb", buffering=0) as handle:
        info = os.fstat(descriptor)
        _refuse(path, info.st_mode)
        if info.st_size > limit:
            raise TooLarge(errno.EFBIG, f"is {info.st_size} bytes, more than the {limit} hexbattle reads", str(path))
        data = _read_up_to(handle, limit + 1)
    if len(data) > limit:  # it grew while being read
        raise TooLarge(errno.EFBIG, f"is more than the {limit} bytes hexbattle reads", str(path))
    return data


def _read_up_to(handle, limit: int) -> bytes:
    """At most `limit` bytes, read until the end of the file."""
    parts, left = [], limit
    while left > 0:
        part = handle.read(min(CHUNK, left))
        if not part:
            break
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def read_text(path: Path, limit: int, encoding: str = "utf-8") -> str:
    """The text of the regular file at `path` (see `read_file`); UnicodeDecodeError when the
    bytes are not text in that encoding."""
    return read_file(path, limit).decode(encoding)


def is_regular_file(path: Path) -> bool:
    """Whether a regular file is at `path` (a link to one counts); nothing is opened."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False

"""Writing a file so that a reader only ever sees the old whole file or the new whole file.

The new text goes to a temporary file with a unique name in the same folder, is flushed to
the disk, then renamed over the target in one step. A failure removes the temporary file and
leaves the old file as it was. A FIFO, a device or a folder at the path is never replaced.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

HINTS = {
    errno.ENOSPC: "the disk is full; free some space or save somewhere else",
    errno.EDQUOT: "the disk quota is used up; free some space or save somewhere else",
    errno.EACCES: "permission denied; save in a folder you may write to",
    errno.EPERM: "permission denied; save in a folder you may write to",
    errno.EROFS: "the disk is read-only; save somewhere else",
    errno.ENOENT: "the folder does not exist; create it or save somewhere else",
    errno.ENOTDIR: "part of the path is a file, not a folder; save somewhere else",
    errno.ENAMETOOLONG: "the name is too long; choose a shorter one",
    errno.EISDIR: "it is a folder; give the path of a file",
}
PREFIX_CHARS = 60  # keeps the temporary name within any file system's name limit


class WriteError(ValueError):
    """A file could not be written; the message names the path and what to do."""


def reason(error: OSError) -> str:
    """An OS error in plain words, with what to do about it when we know."""
    return HINTS.get(error.errno, error.strerror or str(error))


def refuse_special(path: Path) -> None:
    """Raise WriteError when something other than a regular file (or nothing) is at `path`."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return  # nothing there yet, or a dangling link: the rename makes a new file
    except OSError as error:
        raise WriteError(f"{path}: cannot be written ({reason(error)})") from None
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "a pipe, socket or device"
        raise WriteError(f"{path}: is {kind}, not a file; hexbattle will not replace it, "
                                       "so give the path of a file")


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` all at once; raises WriteError naming the path and the reason."""
    path = Path(path)
    refuse_special(path)
    try:
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:PREFIX_CHARS]}.",
                                                 suffix=".tmp")
    except OSError as error:
        raise WriteError(f"{path}: cannot be written ({reason(error)})") from None
    try:
        _fill(descriptor, data, _mode_for(path))
        os.replace(temporary, path)
    except BaseException as error:
        _remove(temporary)
        if isinstance(error, OSError):
            raise WriteError(f"{path}: cannot be written ({reason(error)}); "
                                          "any earlier file there is unchanged") from None
        raise
    _sync_folder(path.parent)


def _fill(descriptor: int, data: bytes, mode: int) -> None:
    """Write everything to the open temporary file, set its permissions, and flush it to disk."""
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fchmod(handle.fileno(), mode)
        os.fsync(handle.fileno())


def _mode_for(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets rw-r--r-- (mkstemp makes rw-------)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return 0o644


def _remove(temporary: str) -> None:
    """Remove the temporary file, whatever state it is in."""
    try:
        os.unlink(temporary)
    except OSError:
        pass


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)

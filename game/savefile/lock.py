"""One hexbattle at a time per fight: a lock on the fight's autosave folder.

Two programs writing one fight's journal would mix their changes, so the autosave holds a lock
on `autosave.lock` in the fight's folder while it writes there. The operating system lets go
of it when the program ends, however it ends (a kill included), so a fight is never left
locked by a program that is gone.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from game.userfiles import NotAFile, kind_of

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
    import msvcrt

LOCK_FILE = "autosave.lock"
ATTEMPTS = 3


class FightLock:
    """The lock on one fight's folder."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_FILE
        self._descriptor: int | None = None
        self._made = False  # whether taking the lock made its file (a refusal then removes it)

    @property
    def held(self) -> bool:
        """Whether this program holds the lock."""
        return self._descriptor is not None

    def acquire(self) -> bool:
        """Take the lock; False when another program holds it (raises OSError when the folder
        cannot be written, or when something other than a file is in the lock's place)."""
        for _ in range(ATTEMPTS):
            if self._descriptor is not None:
                return True
            descriptor, made = self._open()
            if not _take(descriptor):
                os.close(descriptor)
                return False
            if self._still_there(descriptor):
                self._descriptor, self._made = descriptor, made
            else:
                os.close(descriptor)  # removed by a refused command as we took it: take the new one
        return self._descriptor is not None

    def _open(self) -> tuple[int, bool]:
        """The lock file opened (never waiting, never a pipe or a device), and whether it was made now."""
        flags = os.O_RDWR | getattr(os, "O_NONBLOCK", 0)
        try:
            descriptor, made = os.open(self.path, flags | os.O_CREAT | os.O_EXCL, 0o644), True
        except FileExistsError:
            descriptor, made = os.open(self.path, flags), False
        kind = kind_of(os.fstat(descriptor).st_mode)
        if kind is not None:
            os.close(descriptor)
            raise NotAFile(errno.EINVAL, f"is {kind}, not a lock file", str(self.path))
        return descriptor, made

    def _still_there(self, descriptor: int) -> bool:
        """Whether the file locked is still the one at the lock's path (a refused command that
        made the file removes it again, and a lock on a removed file would lock nothing)."""
        try:
            here, held = os.stat(self.path), os.fstat(descriptor)
        except OSError:
            return False
        return (here.st_dev, here.st_ino) == (held.st_dev, held.st_ino)

    def release(self, discard: bool = False) -> None:
        """Let go of the lock (closing the file does, on every system); with `discard`, a lock
        file this program made is removed first (a refused command leaves nothing behind)."""
        if self._descriptor is None:
            return
        if discard and self._made:
            try:
                os.unlink(self.path)
            except OSError:
                pass
        os.close(self._descriptor)
        self._descriptor, self._made = None, False


def _take(descriptor: int) -> bool:
    """Lock the open file without waiting; False when another program holds it."""
    try:
        if fcntl is not None:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True

"""One hexbattle at a time per fight: a lock on the fight's autosave folder.

Two programs writing one fight's journal would mix their changes, so the autosave holds a lock
on `autosave.lock` in the fight's folder while it writes there. The operating system lets go
of it when the program ends, however it ends (a kill included), so a fight is never left
locked by a program that is gone.
"""

from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
    import msvcrt

LOCK_FILE = "autosave.lock"


class FightLock:
    """The lock on one fight's folder."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_FILE
        self._descriptor: int | None = None

    @property
    def held(self) -> bool:
        """Whether this program holds the lock."""
        return self._descriptor is not None

    def acquire(self) -> bool:
        """Take the lock; False when another program holds it (raises OSError when the folder
        cannot be written)."""
        if self._descriptor is not None:
            return True
        descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if fcntl is not None:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            else:
                msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            os.close(descriptor)
            return False
        self._descriptor = descriptor
        return True

    def release(self) -> None:
        """Let go of the lock (closing the file does, on every system)."""
        if self._descriptor is not None:
            os.close(self._descriptor)
            self._descriptor = None

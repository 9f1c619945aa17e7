"""Where autosaves live, and the fights found there.

Autosaves go under one folder per user: `$HEXBATTLE_AUTOSAVE_DIR` when set (tests and GMs who
want them elsewhere), else `$XDG_STATE_HOME/hexbattle/autosaves` (`~/.local/state/...` when
unset; `%LOCALAPPDATA%\\hexbattle\\autosaves` on Windows). Inside, each map has a folder named
after it and a digest of its full path (two maps called `ambush.tmx` in different folders
never share one), and each fight on that map a folder of its own, named after the moment it
started, so starting a new fight never touches an older one. The newest fights are kept
(`KEEP_FIGHTS` a map); older ones are removed when a new fight starts.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from game.savefile.identity import read_identity
from game.savefile.journal import read_journal
from game.savefile.lock import LOCK_FILE, FightLock

ENVIRONMENT = "HEXBATTLE_AUTOSAVE_DIR"
KEEP_FIGHTS = 10
FIGHT_PREFIX = "fight-"
SNAPSHOT = "autosave.json"
JOURNAL = "autosave.journal"


def autosave_root(override: Path | None = None) -> Path:
    """The folder every autosave lives under (see the module's docstring)."""
    if override is not None:
        return Path(override)
    if os.environ.get(ENVIRONMENT):
        return Path(os.environ[ENVIRONMENT])
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "hexbattle" / "autosaves"
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "hexbattle" / "autosaves"


def snapshot_path(folder: Path, generation: int) -> Path:
    """A fight's full save of one generation: 0 the newest, then its backups."""
    return Path(folder) / (SNAPSHOT if generation == 0 else f"autosave.{generation}.json")


def journal_path(folder: Path, generation: int) -> Path:
    """The journal continuing the snapshot of the same generation."""
    return Path(folder) / (JOURNAL if generation == 0 else f"autosave.{generation}.journal")


def map_folder(root: Path, map_path: Path) -> Path:
    """The folder holding the fights on one map."""
    full = os.path.abspath(map_path)
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", Path(full).stem)[:40] or "map"
    return Path(root) / f"{stem}-{hashlib.sha256(full.encode('utf-8')).hexdigest()[:12]}"


def new_fight_folder(root: Path, map_path: Path) -> Path:
    """A new folder for a fight starting now on the map, made empty when it can be (older
    fights beyond the kept number are removed); when it cannot, its path all the same, and the
    autosave says what is wrong when it first writes there."""
    parent = map_folder(root, map_path)
    now = time.time_ns()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now // 10**9)) + f"-{now // 1000 % 10**6:06d}"
    try:
        parent.mkdir(parents=True, exist_ok=True)
        for number in range(1, 1000):
            folder = parent / (f"{FIGHT_PREFIX}{stamp}" + (f"-{number}" if number > 1 else ""))
            try:
                folder.mkdir()
            except FileExistsError:
                continue
            _prune(parent, folder)
            return folder
    except OSError:
        pass
    return parent / f"{FIGHT_PREFIX}{stamp}"


def _prune(parent: Path, new: Path) -> None:
    """Remove the oldest fights so that `KEEP_FIGHTS` are left with the new one; a fight another
    hexbattle is playing (it holds the fight's lock) is never removed."""
    older = sorted((p for p in parent.iterdir() if p.is_dir() and p.name.startswith(FIGHT_PREFIX) and p != new),
                   key=lambda p: (_written(p), p.name))
    for old in older[:max(0, len(older) - KEEP_FIGHTS + 1)]:
        lock = FightLock(old)
        try:
            if not lock.acquire():
                continue  # being played right now
            shutil.rmtree(old, ignore_errors=True)
        except OSError:
            continue
        finally:
            lock.release()


def _written(folder: Path) -> float:
    """When the fight was last written to (its newest file; taking its lock writes nothing)."""
    times = [p.stat().st_mtime for p in folder.iterdir() if p.is_file() and p.name != LOCK_FILE] \
        or [folder.stat().st_mtime]
    return max(times)


@dataclass(frozen=True, slots=True)
class Fight:
    """An autosaved fight as its journals tell it, without replaying it."""

    folder: Path
    map: str
    actions: int
    round: int
    ended: bool
    written: float  # seconds since the epoch

    def describe(self) -> str:
        """One line for the GM: the map, how far the fight went, and when it was written."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.written))
        state = "over" if self.ended else f"stopped in round {self.round}"
        return f"{Path(self.map).name}: {state} after {self.actions} actions (autosaved {when}) - {self.folder}"


def is_fight_folder(path: Path) -> bool:
    """Whether `path` is a fight's autosave folder (it holds autosave files)."""
    path = Path(path)
    return path.is_dir() and any(p.name.startswith("autosave") for p in path.iterdir())


def fight(folder: Path) -> Fight | None:
    """The fight in a folder as its newest readable journal of the folder's fight tells it
    (`game.savefile.identity`), or None; only reads."""
    identity, _ = read_identity(folder)
    for generation in range(0, 3):
        try:
            reading = read_journal(journal_path(folder, generation))
            written = _written(Path(folder))
        except OSError:
            continue
        if reading is None or reading.header is None:
            continue
        if identity is not None and reading.header.get("fight") != identity.fight:
            continue  # another fight's journal, copied in: not this folder's fight
        last = reading.entries[-1] if reading.entries else None
        header = reading.header
        actions = header["actions"] if last is None else last.keep + (last.action is not None)
        round_, ended = (header["round"], header["ended"]) if last is None else (last.round, last.ended)
        return Fight(Path(folder), str(header.get("map", "")), actions, round_, ended, written)
    return None


def fights(root: Path, map_path: Path | None = None) -> list[Fight]:
    """Every autosaved fight under the root (on one map when given), the newest first."""
    parents = [map_folder(root, map_path)] if map_path is not None else \
        [p for p in sorted(Path(root).iterdir()) if p.is_dir()] if Path(root).is_dir() else []
    found = []
    for parent in parents:
        if not parent.is_dir():
            continue
        for folder in sorted(parent.iterdir()):
            summary = fight(folder) if folder.name.startswith(FIGHT_PREFIX) and folder.is_dir() else None
            if summary is not None:
                found.append(summary)
    return sorted(found, key=lambda f: (f.written, f.folder.name), reverse=True)


def unfinished(root: Path, map_path: Path | None = None, besides: Path | None = None) -> Fight | None:
    """The most recently written fight that is not over and has begun (on one map when given;
    other than the one in `besides`), or None: a fight without an action has nothing to go on with."""
    return next((f for f in fights(root, map_path) if not f.ended and f.actions and f.folder != besides), None)

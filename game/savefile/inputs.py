"""What a battle was started from: every map file and data file with its SHA-256.

A save records the digests taken when the battle started (the loader and the catalog take
them as they read). Loading compares each with the file as it is now and names every file
that changed or is missing, so a replay that then stops is not blamed on the wrong action.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from typing import Any

from game.userfiles import read_file

MAX_INPUTS = 2000  # a map uses a few dozen files; far more is not a real save
MAX_FILE_BYTES = 32 * 1024 * 1024  # the loader reads nothing bigger either
SHA256 = re.compile(r"[0-9a-f]{64}")


def reference(path: Path, save_folder: Path) -> str:
    """How a save names a file: relative to the save's folder when possible."""
    target = Path(path).resolve()
    try:
        return Path(os.path.relpath(target, Path(save_folder).resolve())).as_posix()
    except ValueError:  # another drive on Windows
        return target.as_posix()


def map_entries(scenario: Any, save_folder: Path) -> list[dict[str, str]]:
    """The map's files as the battle started with them, for the save."""
    return [{"file": reference(file, save_folder), "sha256": digest} for file, digest in scenario.inputs]


def data_entries(catalog: Any) -> list[dict[str, str]]:
    """The data files as the battle started with them, named within the data folder."""
    sources = getattr(catalog, "sources", ())
    return [{"file": Path(file).name, "sha256": digest} for file, digest in sources]


def entries_problem(entries: Any, key: str) -> str | None:
    """Why a save's list of file digests is unusable (a phrase), or None."""
    if not isinstance(entries, list) or len(entries) > MAX_INPUTS:
        return f"the \"{key}\" entry is not a list of files with their digests"
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("file"), str) \
                or not isinstance(entry.get("sha256"), str) or not SHA256.fullmatch(entry["sha256"]):
            return f"the \"{key}\" entry holds {_short(entry)}, not a file with its sha256"
        if not entry["file"] or "\0" in entry["file"] or len(entry["file"]) > 4096:
            return f"the \"{key}\" entry names {_short(entry['file'])}, which is not a usable file path"
    return None


def changed_map_files(entries: list[dict[str, str]], save_folder: Path) -> list[str]:
    """A sentence for each map file that differs from, or is missing since, the battle's start."""
    changes = []
    for entry in entries:
        file = os.path.normpath(Path(save_folder) / entry["file"])
        now = digest_of(Path(file))
        if now is None:
            changes.append(f"{file} is missing or unreadable (the battle started with it)")
        elif now != entry["sha256"]:
            changes.append(f"{file} has changed since the battle started")
    return changes


def changed_data_files(entries: list[dict[str, str]], catalog: Any) -> list[str]:
    """A sentence for each data file that differs from, or is missing since, the battle's start."""
    sources = getattr(catalog, "sources", ())
    if not sources:
        return []  # a catalog built in code has no files to compare with
    now = {Path(file).name: (file, digest) for file, digest in sources}
    changes = []
    for entry in entries:
        file, digest = now.get(entry["file"], (entry["file"], None))
        if digest is None:
            changes.append(f"data file {file} is missing (the battle started with it)")
        elif digest != entry["sha256"]:
            changes.append(f"data file {file} has changed since the battle started")
    return changes


def digest_of(path: Path) -> str | None:
    """The SHA-256 of a regular file, or None when there is none to read (never blocks on a FIFO)."""
    try:
        return hashlib.sha256(read_file(path, MAX_FILE_BYTES)).hexdigest()
    except (OSError, ValueError):
        return None


def _short(value: Any, limit: int = 60) -> str:
    """A value for a message, cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."

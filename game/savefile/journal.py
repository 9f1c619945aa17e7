"""The autosave's journal: one line per change to a fight's accepted actions.

A journal continues one snapshot (a full save). Its first line, the header, carries the fight's
id (`game.savefile.identity`) and names the snapshot it continues by a digest of the seed and
the actions the snapshot holds; each further line says
how many of the actions before it are kept (fewer after an undo) and the action added after
them, if any, with the round and whether the battle ended, for listing fights without replaying
them. Every line carries a check (the start of the SHA-256 of the rest), so a line cut short
by a kill, or damaged later, is told from a whole one: a broken last line is the change that
was being written when hexbattle stopped; a broken line before it is damage.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.userfiles import NotAFile, kind_of, read_file

FORMAT = "hexbattle-journal"
VERSION = 1
MAX_JOURNAL_BYTES = 20_000_000  # a journal holds a few dozen lines between snapshots


@dataclass(frozen=True, slots=True)
class Entry:
    """One change: keep the first `keep` actions, then add `action` (saved JSON) if any."""

    keep: int
    action: dict[str, Any] | None
    round: int
    ended: bool


@dataclass(frozen=True, slots=True)
class Reading:
    """What a journal file holds: its header, its whole entries, and what was wrong with it."""

    header: dict[str, Any] | None
    entries: tuple[Entry, ...]
    torn: bool = False  # the last line was cut short: the change in flight when hexbattle stopped
    damaged_at: int | None = None  # the number of the first damaged line before the last, if any

    @property
    def base(self) -> str | None:
        """The digest of the fight this journal continues, or None without a usable header."""
        return self.header.get("base") if self.header else None


def fight_digest(seed: int | str, actions: list[Any]) -> str:
    """A digest of a fight's seed and accepted actions (as saved JSON): what a journal continues."""
    text = json.dumps([seed, actions], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _checked(document: dict[str, Any]) -> bytes:
    """A document as one journal line, with its check."""
    body = json.dumps(document, sort_keys=True, separators=(",", ":"))
    check = hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]
    return (json.dumps({"check": check, **document}, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8")


def header_line(map_path: str, seed: int | str, base: str, actions: int, round_: int, ended: bool,
                fight: str | None = None) -> bytes:
    """The first line of a journal continuing a snapshot of the fight `fight` (its id)."""
    return _checked({"format": FORMAT, "version": VERSION, "fight": fight, "map": map_path, "seed": seed,
                     "base": base, "actions": actions, "round": round_, "ended": ended})


def entry_line(entry: Entry) -> bytes:
    """One change as a journal line."""
    return _checked({"keep": entry.keep, "action": entry.action, "round": entry.round, "ended": entry.ended})


def append(path: Path, lines: bytes) -> None:
    """Add lines to the journal and flush them to the disk before returning (raises OSError)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
    try:
        kind = kind_of(os.fstat(descriptor).st_mode)
        if kind is not None:  # a pipe with a reader would take the lines and keep none
            raise NotAFile(errno.EINVAL, f"is {kind}, not a file; hexbattle will not write its journal there",
                           str(path))
        view = memoryview(lines)
        while view:
            view = view[os.write(descriptor, view):]
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _parse(line: bytes) -> dict[str, Any] | None:
    """A whole line's document, or None for a line that is cut short or damaged."""
    try:
        document = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(document, dict) or not isinstance(document.get("check"), str):
        return None
    body = {key: value for key, value in document.items() if key != "check"}
    return document if _checked(body) == line + b"\n" else None


def _entry(document: dict[str, Any]) -> Entry | None:
    """The change a line records, or None when its fields are not a change's."""
    keep, action, round_, ended = (document.get(k) for k in ("keep", "action", "round", "ended"))
    if not isinstance(keep, int) or isinstance(keep, bool) or keep < 0 or not isinstance(round_, int) \
            or not isinstance(ended, bool) or not (action is None or isinstance(action, dict)):
        return None
    return Entry(keep, action, round_, ended)


def _header(document: dict[str, Any] | None) -> dict[str, Any] | None:
    """The header's document when it is one this hexbattle reads."""
    if document is None or document.get("format") != FORMAT or document.get("version") != VERSION:
        return None
    return document if isinstance(document.get("base"), str) else None


def read_journal(path: Path) -> Reading | None:
    """The journal at `path`, or None when there is none (raises OSError when it cannot be read:
    a FIFO, a device or a folder is never opened, nor a file too large to be a journal)."""
    try:
        data = read_file(path, MAX_JOURNAL_BYTES)
    except FileNotFoundError:
        return None
    lines = data.split(b"\n")
    complete, last = lines[:-1], lines[-1]  # `last` is empty when the file ends with a newline
    documents = [_parse(line) for line in complete]
    torn = bool(last)
    if documents and documents[-1] is None and not torn:
        documents, torn = documents[:-1], True  # a last line whose end did not reach the disk whole
    header = _header(documents[0] if documents else None)
    entries: list[Entry] = []
    for number, document in enumerate(documents[1:], start=2):
        entry = _entry(document) if document is not None else None
        if entry is None:
            return Reading(header, tuple(entries), torn, number)
        entries.append(entry)
    damaged = 1 if documents and header is None else None
    return Reading(header, tuple(entries) if header else (), torn, damaged)


def replayed(actions: list[Any], entries: tuple[Entry, ...]) -> list[Any]:
    """The actions (saved JSON) after the journal's changes."""
    result = list(actions)
    for entry in entries:
        del result[entry.keep:]
        if entry.action is not None:
            result.append(entry.action)
    return result

"""Resuming an autosaved fight: the newest usable snapshot, the journals that continue it, and
a clear word about anything damaged.

The newest snapshot that reads is used; a damaged one is moved aside (renamed `.corrupt`, so
nothing written later can replace it), named in a note, and the backup before it is used
instead. Each journal continuing the fight so far is then replayed in order (a journal whose
header names another fight is not this fight's). A last line cut short is the action that was
being written when hexbattle stopped, and is left out; a damaged line before it is moved aside
with its journal, and the changes before it are kept.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules.catalog import Catalog
from game.savefile import LoadedSave, SaveError, read_document, restore
from game.savefile.atomic import reason
from game.savefile.journal import fight_digest, read_journal, replayed
from game.savefile.lock import FightLock
from game.savefile.places import journal_path, snapshot_path

GENERATIONS = 10  # more than any autosave keeps, so backups kept by another setting are found too


@dataclass(frozen=True, slots=True)
class Resumed:
    """A fight restored from its autosave folder, with everything the GM should know."""

    loaded: LoadedSave
    folder: Path
    notes: tuple[str, ...] = ()

    @property
    def battle(self):
        """The restored battle."""
        return self.loaded.battle

    @property
    def messages(self) -> tuple[str, ...]:
        """The notes about damaged files, then the save's own warnings (changed maps)."""
        return (*self.notes, *self.loaded.warnings)


def set_aside(path: Path, problem: str) -> str:
    """Rename a damaged file to `NAME.corrupt` (numbered when one is there already); a sentence
    naming both."""
    for number in range(1, 1000):
        target = path.with_name(path.name + (".corrupt" if number == 1 else f".corrupt{number}"))
        if not target.exists():
            break
    try:
        os.replace(path, target)
    except OSError as error:
        return f"{problem}; it could not be moved aside ({reason(error)})"
    return f"{problem}; it is kept aside as {target}"


def resume_fight(folder: Path, catalog: Catalog | None = None) -> Resumed:
    """Restore the fight autosaved in `folder`; SaveError names the folder when nothing in it
    can be used (a missing map, or every snapshot damaged)."""
    folder = Path(folder)
    notes: list[str] = []
    for generation in range(GENERATIONS):
        path = snapshot_path(folder, generation)
        if not path.exists():
            continue
        try:
            document = read_document(path)
        except SaveError as error:
            notes.append(set_aside(path, str(error)))
            continue
        if notes:
            notes.append(f"{folder}: resumed from the backup {path.name} instead")
        actions = _continued(folder, generation, document, notes)
        loaded = restore(path, {**document, "actions": actions}, catalog)
        return Resumed(loaded, folder, tuple(notes))
    found = "; ".join(notes) if notes else "no autosave.json or backup in it"
    raise SaveError(f"{folder}: no autosave here can be resumed ({found})")


def _continued(folder: Path, generation: int, document: dict[str, Any], notes: list[str]) -> list[Any]:
    """The snapshot's actions with every journal from its generation to the newest replayed."""
    actions = list(document["actions"])
    for number in range(generation, -1, -1):
        path = journal_path(folder, number)
        try:
            reading = read_journal(path)
        except OSError as error:
            notes.append(f"{path}: cannot be read ({reason(error)}); the actions in it are missing")
            continue
        if reading is None:
            continue
        if reading.header is None and reading.damaged_at:
            notes.append(set_aside(path, f"{path}: damaged (its first line is not a journal's)"))
            continue
        if reading.base != fight_digest(document["seed"], actions):
            continue  # a journal of another fight, or one the snapshot already holds
        actions = replayed(actions, reading.entries)
        notes.extend(_journal_notes(path, reading))
    return actions


def _journal_notes(path: Path, reading) -> list[str]:
    """What the GM should know of a journal that was used: a damaged line (the journal is moved
    aside), or a last line cut short."""
    if reading.damaged_at:
        return [set_aside(path, f"{path}: damaged at line {reading.damaged_at}; the "
                                f"{len(reading.entries)} changes before it are used")]
    if reading.torn:
        return [f"{path}: its last line was cut short (the action being written when hexbattle "
                "stopped); the fight resumes just before it"]
    return []


def resume_and_autosave(folder: Path, catalog: Catalog | None = None):
    """Resume the fight in `folder` and keep autosaving it there (the first write is a full save,
    so a line cut short stays the last of its journal); returns (Resumed, Autosave). SaveError
    when another hexbattle is playing that fight now."""
    from game.savefile.autosave import Autosave  # the autosave builds on what is read here

    lock = FightLock(folder)
    try:
        free = lock.acquire()
    except OSError as error:
        raise SaveError(f"{folder}: cannot be resumed here ({reason(error)})") from None
    if not free:
        raise SaveError(f"{folder}: this fight is being played in another hexbattle right now; go on with "
                        "it there, or close that one first")
    try:
        resumed = resume_fight(folder, catalog)
    except BaseException:
        lock.release()
        raise
    autosave = Autosave(folder, lock=lock)
    autosave.attach(resumed.battle)
    return resumed, autosave

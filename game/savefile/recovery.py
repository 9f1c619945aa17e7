"""Resuming an autosaved fight: the newest usable snapshot, the journals that continue it, and
a clear word about anything damaged or not this fight's.

The newest snapshot that reads and belongs to the folder's fight (`game.savefile.identity`) is
used; one that is damaged, or another fight's, is named in a note and the backup before it is
used instead. Each journal continuing the fight so far is then replayed in order; a journal of
another fight, or one that does not continue the snapshot before it, is named and not used. A
last line cut short is the action that was being written when hexbattle stopped, and is left
out; a damaged line before it is named, and the changes before it are kept.

Reading never changes the folder: `hexbattle replay` and `resume --list` only read. Only the
program holding the fight's lock (the one going on with it) sets a damaged or foreign file
aside (renamed `NAME.corrupt` or `NAME.foreign`, so nothing written later replaces it), and
only once the fight is restored; each note then names where the file went.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules.catalog import Catalog
from game.savefile import LoadedSave, SaveError, read_document, restore
from game.savefile.atomic import reason
from game.savefile.identity import read_identity, stranger
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
    fight_id: str | None = None

    @property
    def battle(self):
        """The restored battle."""
        return self.loaded.battle

    @property
    def messages(self) -> tuple[str, ...]:
        """The notes about damaged files, then the save's own warnings (changed maps)."""
        return (*self.notes, *self.loaded.warnings)


@dataclass(frozen=True, slots=True)
class Unused:
    """A file of the folder that is not used: why, and the name it is set aside under."""

    path: Path
    problem: str
    suffix: str = ".corrupt"

    def settle(self, may_set_aside: bool) -> str:
        """The note for the GM, the file set aside first when this program may."""
        return set_aside(self.path, self.problem, self.suffix) if may_set_aside else \
            f"{self.problem}; it is left where it is"


def set_aside(path: Path, problem: str, suffix: str = ".corrupt") -> str:
    """Rename a file to `NAME.corrupt` (or the suffix given; numbered when one is there already);
    a sentence naming both."""
    for number in range(1, 1000):
        target = path.with_name(path.name + (suffix if number == 1 else f"{suffix}{number}"))
        if not os.path.lexists(target):
            break
    try:
        os.replace(path, target)
    except OSError as error:
        return f"{problem}; it could not be moved aside ({reason(error)})"
    return f"{problem}; it is kept aside as {target}"


def resume_fight(folder: Path, catalog: Catalog | None = None, lock: FightLock | None = None) -> Resumed:
    """Restore the fight autosaved in `folder`, only reading, unless `lock` (the fight's) is held:
    then damaged and foreign files are set aside once the fight is restored. SaveError names the
    folder when nothing in it can be used (a missing map, or no snapshot left), and then nothing
    is changed."""
    folder = Path(folder)
    found: list[str | Unused] = []
    identity, problem = read_identity(folder)
    found.extend([f"{problem}; whose fight this is, is taken from the newest full save"] if problem else [])
    fight = identity.fight if identity is not None else None
    for generation in range(GENERATIONS):
        path = snapshot_path(folder, generation)
        document = _snapshot(path, fight, identity is not None, found)
        if document is None:
            continue
        if any(isinstance(f, Unused) and f.path.name.endswith(".json") for f in found):
            found.append(f"{folder}: resumed from the backup {path.name} instead")
        fight = document.get("fight")
        actions = _continued(folder, generation, document, fight, found)
        loaded = restore(path, {**document, "actions": actions}, catalog)
        may_set_aside = lock is not None and lock.held
        notes = tuple(f.settle(may_set_aside) if isinstance(f, Unused) else f for f in found)
        return Resumed(loaded, folder, notes, fight)
    words = "; ".join(f.settle(False) if isinstance(f, Unused) else f for f in found)
    raise SaveError(f"{folder}: no autosave here can be resumed ({words or 'no autosave.json or backup in it'})")


def _snapshot(path: Path, fight: str | None, named: bool, found: list[str | Unused]) -> dict[str, Any] | None:
    """The snapshot's document when it reads and is the fight's (any fight's in a folder that
    names none); else None, with why in `found` (nothing when there is no such file)."""
    if not os.path.lexists(path):
        return None
    try:
        document = read_document(path)
    except SaveError as error:
        found.append(Unused(path, str(error)))
        return None
    if named and document.get("fight") != fight:
        found.append(Unused(path, stranger(path, document.get("fight"), document["scenario"]), ".foreign"))
        return None
    return document


def _continued(folder: Path, generation: int, document: dict[str, Any], fight: str | None,
               found: list[str | Unused]) -> list[Any]:
    """The snapshot's actions with every journal from its generation to the newest replayed."""
    actions = list(document["actions"])
    for number in range(generation, -1, -1):
        path = journal_path(folder, number)
        try:
            reading = read_journal(path)
        except OSError as error:
            found.append(f"{path}: cannot be read ({reason(error)}); the actions in it are missing")
            continue
        if reading is None:
            continue
        if reading.header is None and reading.damaged_at:
            found.append(Unused(path, f"{path}: damaged (its first line is not a journal's)"))
            continue
        if reading.header is not None and reading.header.get("fight") != fight:
            carried = reading.header.get("fight")
            found.append(Unused(path, stranger(path, carried, str(reading.header.get("map", ""))), ".foreign"))
            continue
        if reading.base != fight_digest(document["seed"], actions):
            continue  # one the snapshot already holds (a full save written just before a kill)
        actions = replayed(actions, reading.entries)
        found.extend(_journal_notes(path, reading))
    return actions


def _journal_notes(path: Path, reading) -> list[str | Unused]:
    """What the GM should know of a journal that was used: a damaged line (the journal is set
    aside by the program going on with the fight), or a last line cut short."""
    if reading.damaged_at:
        return [Unused(path, f"{path}: damaged at line {reading.damaged_at}; the "
                             f"{len(reading.entries)} changes before it are used")]
    if reading.torn:
        return [f"{path}: its last line was cut short (the action being written when hexbattle "
                "stopped); the fight resumes just before it"]
    return []


def has_snapshot(folder: Path) -> bool:
    """Whether a folder holds an autosaved fight's full save or a backup of one (read or not)."""
    return any(os.path.lexists(snapshot_path(folder, generation)) for generation in range(GENERATIONS))


def resume_and_autosave(folder: Path, catalog: Catalog | None = None):
    """Resume the fight in `folder` and keep autosaving it there (the first write is a full save,
    so a line cut short stays the last of its journal); returns (Resumed, Autosave). SaveError
    when another hexbattle is playing that fight now, or when it cannot be resumed; a refusal
    leaves the folder as it was (no lock file left behind)."""
    from game.savefile.autosave import Autosave  # the autosave builds on what is read here

    folder = Path(folder)
    if not has_snapshot(folder):
        raise SaveError(f"{folder}: no autosave here can be resumed (no autosave.json or backup in it)")
    lock = FightLock(folder)
    try:
        free = lock.acquire()
    except OSError as error:
        raise SaveError(f"{folder}: cannot be resumed here ({reason(error)})") from None
    if not free:
        raise SaveError(f"{folder}: this fight is being played in another hexbattle right now; go on with "
                        "it there, or close that one first")
    try:
        resumed = resume_fight(folder, catalog, lock)
    except BaseException:
        lock.release(discard=True)
        raise
    autosave = Autosave(folder, lock=lock, fight_id=resumed.fight_id)
    autosave.attach(resumed.battle)
    return resumed, autosave

"""The autosave: every change to a fight's accepted actions is on disk before the next action.

An `Autosave` watches one battle (`Battle.watch`). Each accepted action, undo or redo is
appended to the fight's journal (`game.savefile.journal`) and flushed to the disk before
`submit` returns. Every `SNAPSHOT_EVERY` changes (in a long fight, once the journal holds a
tenth as many as the fight), and when it starts on a battle, it writes a full save atomically
and starts a new journal, so a full save's cost is spread thin whatever the fight's length; the older pairs are kept as backups
(`BACKUPS` of them). Writing the whole save for every action would cost more the longer the
fight (`benchmarks/autosave.py` measures both); a journal line costs the same at any length.

Nothing is written before the fight's lock (`game.savefile.lock`) is held, and it is held
until `close`, so a second hexbattle cannot take up the same fight; when another holds it, the
fight goes on unsaved, the GM is told, and each change tries again. The first write names the
folder's fight (`game.savefile.identity`), and every full save and journal carries that id. A
failure to write (a full disk, a folder nobody may write to) never stops the fight: it
becomes a message (`take_news`), and the next change writes the whole fight again, so nothing
is lost once writing works.
"""

from __future__ import annotations

import os
from pathlib import Path

from game.actions import Action, to_json
from game.battle import Battle
from game.savefile import SaveError, save_data, write_document
from game.savefile.atomic import WriteError, reason, write_atomically
from game.savefile.identity import FightIdentity, identity_path, identity_text, new_fight_id, read_identity
from game.savefile.journal import Entry, append, entry_line, fight_digest, header_line
from game.savefile.lock import FightLock
from game.savefile.places import autosave_root, journal_path, new_fight_folder, snapshot_path

SNAPSHOT_EVERY = 50
SNAPSHOT_SHARE = 10  # in a long fight, a full save once the journal holds a tenth as many actions
BACKUPS = 3


def changes(written: list[Action], actions: list[Action], round_: int, ended: bool) -> list[Entry]:
    """The journal entries turning the actions on disk into the battle's actions now (an undo
    keeps fewer; each action added is one entry)."""
    kept = 0
    for before, now in zip(written, actions):
        if before is not now and before != now:
            break
        kept += 1
    if kept == len(actions):
        return [Entry(kept, None, round_, ended)] if len(written) > kept else []
    return [Entry(kept + index, to_json(action), round_, ended) for index, action in enumerate(actions[kept:])]


class Autosave:
    """Keeps one fight's autosave folder up to date with the battle it watches."""

    def __init__(self, folder: Path, snapshot_every: int = SNAPSHOT_EVERY, backups: int = BACKUPS,
                 lock: FightLock | None = None, fight_id: str | None = None) -> None:
        self.folder = Path(folder)
        self.lock = lock or FightLock(self.folder)
        self.fight_id = fight_id  # the folder's own, or a new one, once the first write is made
        self.snapshot_every, self.backups = snapshot_every, backups
        self.battle: Battle | None = None
        self.problem: str | None = None
        self._written: list[Action] = []
        self._entries = 0
        self._whole_next = True
        self._news: list[str] = []

    @classmethod
    def new_fight(cls, battle: Battle, root: Path | None = None) -> Autosave:
        """Autosave a battle as a new fight in its map's folder under the root (the default
        place unless given)."""
        autosave = cls(new_fight_folder(autosave_root(root), Path(battle.scenario.path)))
        autosave.attach(battle)
        return autosave

    def attach(self, battle: Battle) -> None:
        """Autosave this battle from now on (in the same folder), starting with a full save."""
        self.detach()
        self.battle = battle
        self._whole_next = True
        battle.watch(self.record)
        self.record(battle)

    def detach(self) -> None:
        """Stop watching the battle (it goes on being this fight's, as when the map is reloaded)."""
        if self.battle is not None:
            self.battle.unwatch(self.record)
            self.battle = None

    def close(self) -> None:
        """Stop autosaving this fight and let another program take it up."""
        self.detach()
        self.lock.release()

    def take_news(self) -> list[str]:
        """What the GM should be told since the last call (a failure, writing working again)."""
        news, self._news = self._news, []
        return news

    def record(self, battle: Battle) -> None:
        """Write the battle's latest change (called by the battle after every change); nothing
        is written without the fight's lock, which is tried for again each time until it is held."""
        if not self._locked():
            return
        try:
            if not self._whole_next:
                self._append(battle)  # also before a snapshot: each journal leads to the next snapshot
            if self._whole_next or self._entries >= max(self.snapshot_every, len(self._written) // SNAPSHOT_SHARE):
                self._snapshot(battle)
        except (SaveError, WriteError, OSError) as error:
            self._failed(error)
            return
        if self.problem is not None:
            self.problem = None
            self._news.append(f"autosave works again: the whole fight is saved in {self.folder}")

    def _locked(self) -> bool:
        """Whether this program holds the fight's lock, taking it when it can (the folder is made
        first); when it cannot, the GM is told once and the fight goes on unsaved."""
        if self.lock.held:
            return True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if self.lock.acquire():
                return True
        except OSError as error:
            self._failed(error)
            return False
        self._whole_next = True
        self._tell(f"autosave paused: {self.folder} is being written by another hexbattle playing the same "
                   "fight; this fight goes on unsaved (Ctrl+S saves it elsewhere) and hexbattle tries again "
                   "after each action")
        return False

    def _append(self, battle: Battle) -> None:
        state = battle.state
        entries = changes(self._written, battle.actions, state.round, state.ended)
        if entries:
            self._whole_next = True  # until the lines are known to be on the disk whole
            append(journal_path(self.folder, 0), b"".join(entry_line(entry) for entry in entries))
            self._whole_next = False
            self._written = battle.actions
            self._entries += len(entries)

    def _snapshot(self, battle: Battle) -> None:
        """A full save of the battle and a new journal after it, the older ones kept as backups."""
        self._whole_next = True
        self.folder.mkdir(parents=True, exist_ok=True)
        if snapshot_path(self.folder, 0).exists():
            self._rotate()
        for leftover in self.folder.glob(".autosave.*.tmp"):  # a write cut short by a kill
            leftover.unlink(missing_ok=True)
        self._identify(battle)
        document = {**save_data(battle, snapshot_path(self.folder, 0)), "fight": self.fight_id}
        write_document(document, snapshot_path(self.folder, 0))
        saved = document["actions"]
        header = header_line(os.path.abspath(battle.scenario.path), battle.seed, fight_digest(battle.seed, saved),
                             len(saved), battle.state.round, battle.state.ended, self.fight_id)
        write_atomically(journal_path(self.folder, 0), header)
        self._written, self._entries, self._whole_next = battle.actions, 0, False

    def _identify(self, battle: Battle) -> None:
        """Make sure the folder names this fight (`game.savefile.identity`): the folder's own id,
        or a new one for a new fight, written before any other file of it."""
        found, _ = read_identity(self.folder)
        if self.fight_id is None:
            self.fight_id = found.fight if found is not None else new_fight_id()
        if found is None or found.fight != self.fight_id:
            identity = FightIdentity(self.fight_id, os.path.abspath(battle.scenario.path), battle.seed)
            write_atomically(identity_path(self.folder), identity_text(identity))

    def _rotate(self) -> None:
        """Each generation's snapshot and journal one place older; the oldest beyond the kept
        backups goes."""
        for generation in range(self.backups, 0, -1):
            for path in (snapshot_path, journal_path):
                source, target = path(self.folder, generation - 1), path(self.folder, generation)
                if source.exists():
                    os.replace(source, target)
                elif target.exists():
                    os.unlink(target)  # keep each snapshot with its own journal

    def _failed(self, error: Exception) -> None:
        """Tell the GM once per kind of failure; the next change writes the whole fight again."""
        self._whole_next = True
        text = str(error) if not isinstance(error, OSError) else \
            f"{getattr(error, 'filename', None) or self.folder}: cannot be written ({reason(error)})"
        self._tell(f"autosave failed: {text}; the fight goes on and nothing is lost: hexbattle writes the "
                   "whole fight again after the next action (Ctrl+S saves it elsewhere)")

    def _tell(self, message: str) -> None:
        """A problem for the GM, told once however many actions meet it."""
        if message != self.problem:
            self._news.append(message)
        self.problem = message

"""Files at the table: Open (Ctrl+O) a map or a save, and follow the map while the GM edits it.

Open shows a pygame_gui file dialog; a map starts a new battle with a fresh seed, a save is
restored (its warnings become messages). The watcher looks at the modification times of the
scenario and every file it was read from at most twice a second; when one changes, the battle
is replayed on the new map (`game.savefile.replay_on`), or kept with the reason when an action
no longer works there. Anything unusable is a message naming the file; the fight goes on.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton
from pygame_gui.windows import UIFileDialog

from game.battle import Battle
from game.savefile import MAP_SUFFIXES, SAVE_SUFFIXES, SaveError, ScenarioLoadError, load_scenario_or_fail
from game.savefile import open_battle, replay_on

CHECK_EVERY = 0.5  # seconds: at most twice a second


def watched_files(battle: Battle) -> tuple[Path, ...]:
    """The scenario file and every file it was read from (tilesets, templates)."""
    paths = [Path(battle.scenario.path), *(Path(path) for path, _ in battle.scenario.inputs)]
    return tuple(dict.fromkeys(Path(os.path.abspath(p)) for p in paths))


def modification_times(paths: tuple[Path, ...]) -> tuple[int | None, ...]:
    """Each file's modification time in nanoseconds, None for a file not there (being saved)."""
    times = []
    for path in paths:
        try:
            times.append(path.stat().st_mtime_ns)
        except OSError:
            times.append(None)
    return tuple(times)


class MapWatcher:
    """Notices when the battle's map files change on disk."""

    def __init__(self, battle: Battle) -> None:
        self.follow(battle)

    def follow(self, battle: Battle) -> None:
        """Watch this battle's files from now on."""
        self.paths = watched_files(battle)
        self.times = modification_times(self.paths)
        self.next_check = time.monotonic() + CHECK_EVERY

    def changed(self) -> bool:
        """Whether a file changed since the last look (looking at most twice a second)."""
        if time.monotonic() < self.next_check:
            return False
        self.next_check = time.monotonic() + CHECK_EVERY
        now = modification_times(self.paths)
        if now == self.times or None in now:  # a file mid-save is looked at again next time
            return False
        self.times = now
        return True


def reload_map(battle: Battle) -> tuple[Battle, str]:
    """The battle on the map as it is on disk now, or the old battle; and what happened, in words."""
    path = Path(battle.scenario.path)
    try:
        scenario = load_scenario_or_fail(path, battle.catalog)
    except (ScenarioLoadError, OSError) as error:
        first = str(error).splitlines()
        return battle, f"{path} changed but cannot be used ({' '.join(first[1:2]) or first[0]}); the fight goes on"
    fresh, problem = replay_on(scenario, battle)
    if problem:
        return battle, problem
    return fresh, f"{path.name} changed: the map is reloaded and all {len(fresh.actions)} actions replayed on it"


class FilePicker:
    """The Open button and its file dialog."""

    def __init__(self, manager: pygame_gui.UIManager, button_rect: pygame.Rect, dialog_rect: pygame.Rect) -> None:
        self.manager = manager
        self.dialog_rect = dialog_rect
        self.button = UIButton(button_rect, "Open (Ctrl+O)", manager)
        self.dialog: UIFileDialog | None = None

    def open_dialog(self, start: Path) -> None:
        """Show the file dialog (once)."""
        if self.dialog is None:
            self.dialog = UIFileDialog(self.dialog_rect, self.manager, "Open a map or a save",
                                       allowed_suffixes=set(MAP_SUFFIXES + SAVE_SUFFIXES),
                                       initial_file_path=str(start), allow_existing_files_only=True)

    def spots(self) -> dict[str, list[int]] | None:
        """Where the open dialog's path entry and OK button are (None when it is closed)."""
        if self.dialog is None or not self.dialog.alive():
            return None
        return {"path": list(self.dialog.file_path_text_line.rect.center), "ok": list(self.dialog.ok_button.rect.center)}

    def handle(self, event, battle: Battle) -> tuple[Battle | None, str | None]:
        """A widget event: (a new battle or None, a message or None); None, None if not ours."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.open_dialog(Path(battle.scenario.path).parent)
            return None, None
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            return load(Path(event.text), battle)
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
        return None, None


def load(path: Path, battle: Battle) -> tuple[Battle | None, str]:
    """A battle from the picked file, with what the GM should know; or None and why not."""
    try:
        opened = open_battle(path, battle.catalog)
    except SaveError as error:
        first = str(error).splitlines()
        return None, f"{' '.join(first[:2])} - the current fight goes on"
    words = "; ".join(opened.warnings)
    return opened.battle, f"opened {path.name}" + (f": {words}" if words else "")

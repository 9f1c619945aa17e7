"""The console's Balance entry, a layer of the window: `hexbattle balance` on the open map, in the
background, then an offer to open the balanced map.

The Balance button (the tools strip, right of Open) opens a small window: the camp, the win rate
it should have, the side whose roster changes. Search starts the search (`BalanceJob`): its fights
are played in worker processes below the window's priority, so the fight on the table keeps its
pace; a progress line follows it in the window and on the button; Cancel stops it with the best
found so far. When it ends, "Open the balanced map" writes the answer beside the map
(MAP-balanced.tmx) and the window plays it (`TableApp.adopt`). Closing the small window leaves
the search running; the button opens it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox, UITextEntryLine, UIWindow

from game.battle import Battle
from game.ui.files import load
from game.ui.layers import Layer
from game.ui.tools import balance_slot

if TYPE_CHECKING:  # the search's modules load when a search starts, not with the window (a start's first frame)
    from game.simulate.balance_job import BalanceJob, Request

ROW_H = 30
GAP = 6
WIDTH, HEIGHT = 460, 290
DEFAULT_PERCENT = "60"
THE_OTHER_SIDE = "the side against the camp"


def camps(battle: Battle) -> list[str]:
    """The camps that fight on the map, the PCs' first."""
    found = sorted({side.camp for side in battle.sides() if side.camp is not None}, key=lambda c: (c != "pcs", c))
    return found or ["pcs"]


def read_percent(typed: str) -> float | str:
    """The win rate typed ('60' or '60%') as a fraction, or what is wrong with it."""
    words = typed.strip().removesuffix("%").strip()
    try:
        value = float(words)
    except ValueError:
        return f"type the win rate as a number from 1 to 99, not '{typed[:12]}'"
    return value / 100 if 1 <= value <= 99 else "the win rate must be from 1% to 99%"


class BalanceDialog:
    """The small window: camp, win rate, side, Search/Cancel, Open, and the progress line."""

    def __init__(self, manager: pygame_gui.UIManager, battle: Battle) -> None:
        self.window = UIWindow(pygame.Rect((40, 40), (WIDTH, HEIGHT)), manager, "Balance: make this fight fair")
        inner = WIDTH - 4 * GAP - 30
        rows = [("Camp", "camp"), ("Its win rate (%)", "percent"), ("Vary", "vary")]
        labels = {key: UILabel(pygame.Rect(GAP, GAP + i * (ROW_H + GAP), 140, ROW_H), words, manager,
                               container=self.window) for i, (words, key) in enumerate(rows)}
        right = pygame.Rect(150, GAP, inner - 150, ROW_H)
        self.camp = UIDropDownMenu(camps(battle), camps(battle)[0], right, manager, container=self.window)
        self.percent = UITextEntryLine(right.move(0, ROW_H + GAP), manager, container=self.window)
        self.percent.set_text(DEFAULT_PERCENT)
        sides = [THE_OTHER_SIDE] + [s.id for s in battle.sides() if s.camp is not None]
        self.vary = UIDropDownMenu(sides, THE_OTHER_SIDE, right.move(0, 2 * (ROW_H + GAP)), manager,
                                   container=self.window)
        y = GAP + 3 * (ROW_H + GAP)
        half = (inner - GAP) // 2
        self.search = UIButton(pygame.Rect(GAP, y, half, ROW_H), "Search", manager, container=self.window)
        self.open = UIButton(pygame.Rect(2 * GAP + half, y, half, ROW_H), "Open the balanced map", manager,
                             container=self.window)
        self.open.disable()
        self.line = UITextBox("", pygame.Rect(GAP, y + ROW_H + GAP, inner, 2 * ROW_H + 14), manager,
                              container=self.window)
        self.labels = labels

    def ask(self, map_path) -> Request | str:
        """What the GM asked, or what is wrong with it."""
        target = read_percent(self.percent.get_text())
        if isinstance(target, str):
            return target
        vary = self.vary.selected_option
        vary = vary[0] if isinstance(vary, tuple) else vary
        camp = self.camp.selected_option
        camp = camp[0] if isinstance(camp, tuple) else camp
        from game.simulate.balance_job import Request  # loaded with the first search (see the imports)
        return Request(str(map_path), camp, target, None if vary == THE_OTHER_SIDE else vary)

    def show(self, words: str, running: bool, done: bool) -> None:
        """The progress line, the Search/Cancel button, Open once there is an answer."""
        if self.line.html_text != words:
            self.line.set_text(words)
        wanted = "Cancel" if running else "Search"
        if self.search.text != wanted:
            self.search.set_text(wanted)
        if done and not self.open.is_enabled:
            self.open.enable()
        elif not done and self.open.is_enabled:
            self.open.disable()

    def spots(self) -> dict:
        """Where its controls are on the console (for tests and tools)."""
        return {"search": list(self.search.rect.center), "open": list(self.open.rect.center),
                "percent": list(self.percent.rect.center), "search_words": self.search.text,
                "open_enabled": self.open.is_enabled}


class BalanceLayer(Layer):
    """The Balance button, its window and the search behind them, for one `TableApp`."""

    def __init__(self, app) -> None:
        self.app = app
        self.button = UIButton(balance_slot(app.console.size[1]), "Balance", app.manager)
        self.dialog: BalanceDialog | None = None
        self.job: BalanceJob | None = None
        self.note = ""
        """What the last Search or Open said when it could not go on."""

    def handle(self, event) -> bool:
        """The Balance button, its window's buttons, and keys typed into its entry."""
        if event.type == pygame.KEYDOWN:
            return self.dialog is not None and self.dialog.percent.is_focused and event.key != pygame.K_F12
        if getattr(event, "window", None) not in (None, self.app.console):
            return False
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._pressed(element)
        if event.type == pygame_gui.UI_WINDOW_CLOSE and self.dialog is not None and element is self.dialog.window:
            self.dialog = None
            return True
        return False

    def _pressed(self, element) -> bool:
        """A button of ours pressed: True when it was one."""
        dialog = self.dialog
        if element is self.button:
            if dialog is None:
                self.dialog = BalanceDialog(self.app.manager, self.app.battle)
            return True
        if dialog is None or element not in (dialog.search, dialog.open):
            return False
        if element is dialog.open:
            self._open()
        elif self.running():
            self.job.cancel()
        else:
            self._start()
        return True

    def _start(self) -> None:
        """Search with what the window says."""
        ask = self.dialog.ask(self.app.battle.scenario.path)
        if isinstance(ask, str):
            self.note = ask
            return
        self.note = ""
        from game.simulate.balance_job import BalanceJob  # loaded with the first search (see the imports)
        self.job = BalanceJob(ask).start()

    def _open(self) -> None:
        """Write the balanced map beside the original and play it."""
        from game.simulate.balance_job import BalanceMapError  # loaded with the first search (see the imports)
        try:
            path = self.job.write()
        except BalanceMapError as error:
            self.note = str(error)
            return
        battle, message = load(path, self.app.battle)
        self.app.message = message
        if battle is not None:
            self.app.adopt(battle, fresh=True)
            self.note = f"opened {path.name}"
            self.dialog.window.kill()  # its work is done; the new fight's briefing comes next
            self.dialog = None

    def running(self) -> bool:
        """Whether a search is under way."""
        return self.job is not None and not self.job.done

    def words(self) -> str:
        """The progress line: what was asked, how far the search got, or its answer."""
        if self.note:
            return self.note
        if self.job is None:
            return "Pick the camp and the win rate it should have, then Search."
        if self.job.done:
            return self.job.error or self.job.answer()
        return f"searching: {self.job.words}"

    def tick(self) -> None:
        """Follow the search: the button's words and the window's line."""
        label = "Balancing..." if self.running() else "Balance"
        if self.button.text != label:
            self.button.set_text(label)
        if self.dialog is not None:
            done = self.job is not None and self.job.done and self.job.changes_the_map()
            self.dialog.show(self.words(), self.running(), done)

    def status(self) -> dict:
        """Where the button and the window's controls are, and how the search stands."""
        return {"balance": {"button": list(self.button.rect.center), "words": self.words(),
                            "running": self.running(), "dialog": self.dialog.spots() if self.dialog else None}}

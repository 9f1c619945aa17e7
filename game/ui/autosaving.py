"""The window's autosave: the same `game.savefile.autosave.Autosave` every client uses, kept on
the battle the window plays, its news shown in the console, and the offer to go on.

A battle opened in the window (Open) is a new fight with a folder of its own; the same fight
replayed on a map the GM changed keeps its folder (the next write is a full save). When the
command line found an unfinished fight autosaved on the same map, a dialog asks whether to go
on with it or start the new one (which is autosaved as a fight of its own, so neither is lost);
the computer waits while it asks. Opening such a map with Open asks the same.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIWindow

from game.battle import Battle
from game.savefile import SaveError
from game.savefile.autosave import Autosave
from game.savefile.places import Fight, unfinished
from game.savefile.recovery import resume_and_autosave
from game.ui.layers import Layer

DIALOG_SIZE = (520, 172)
LINE_H = 26
BUTTON_H = 34


class OfferDialog:
    """The question: go on with the unfinished fight, or a new one."""

    def __init__(self, manager: pygame_gui.UIManager, area: pygame.Rect, fight: Fight) -> None:
        at = (area.x + max(0, (area.width - DIALOG_SIZE[0]) // 2), area.y + max(0, (area.height - DIALOG_SIZE[1]) // 3))
        self.window = UIWindow(pygame.Rect(at, DIALOG_SIZE), manager, "Go on with the autosaved fight?")
        width = DIALOG_SIZE[0] - 40
        state = "is over" if fight.ended else f"stopped in round {fight.round} after {fight.actions} actions"
        lines = (f"A fight on {Path(fight.map).name} {state}.", "Go on with it where it stopped, or start a new fight?",
                 "(both stay autosaved)")
        for number, line in enumerate(lines):
            UILabel(pygame.Rect(6, 6 + number * LINE_H, width, LINE_H), line, manager, container=self.window)
        y = 12 + len(lines) * LINE_H
        half = (width - 10) // 2
        self.go_on = UIButton(pygame.Rect(6, y, half, BUTTON_H), "Go on with that fight", manager, container=self.window)
        self.fresh = UIButton(pygame.Rect(16 + half, y, half, BUTTON_H), "New fight", manager, container=self.window)

    def answer(self, event) -> str | None:
        """"go on", "new" (the New button or the dialog closed), or None for other events."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in (self.go_on, self.fresh):
            return "go on" if event.ui_element is self.go_on else "new"
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            return "new"
        return None

    def buttons(self) -> dict[str, list[int]]:
        """Where the two buttons are on the console (for tests and tools)."""
        return {"go_on": list(self.go_on.rect.center), "new": list(self.fresh.rect.center)}


class WindowAutosave(Layer):
    """The autosave of whatever battle the window plays, and the offer to go on: a layer of the
    window (`game.ui.layers`)."""

    def __init__(self, app, autosave: Autosave | None, offer: Fight | None, area: pygame.Rect) -> None:
        self.app, self.autosave, self.area = app, autosave, area
        self.offer: Fight | None = None
        self.dialog: OfferDialog | None = None
        if offer is not None:
            self.ask(offer)

    def ask(self, offer: Fight) -> None:
        """Open the question whether to go on with the offered fight."""
        if self.dialog is not None:
            self.dialog.window.kill()
        self.offer, self.dialog = offer, OfferDialog(self.app.manager, self.area, offer)
        self.app.message = f"{offer.describe()}: go on with it, or start a new fight?"

    @property
    def asking(self) -> bool:
        """Whether the offer is open (the computer waits for the answer)."""
        return self.dialog is not None

    def adopt(self, battle: Battle, fresh: bool) -> None:
        """Autosave the battle the window plays now: a new fight when `fresh`, else the same one."""
        if self.autosave is None or self.autosave.battle is battle:
            return
        if not fresh:
            self.autosave.attach(battle)
            return
        self.autosave.close()
        left, root = self.autosave.folder, self.autosave.folder.parent.parent
        self.autosave = Autosave.new_fight(battle, root)
        offer = unfinished(root, Path(battle.scenario.path), besides=left) if not battle.actions else None
        if offer is not None:  # a map opened again whose last fight (not the one just left) stopped unfinished
            self.ask(offer)

    def handle(self, event) -> bool:
        """The offer's answer (handled), else False; only the console's events."""
        if getattr(event, "window", None) not in (None, self.app.console):
            return False
        answer = self.dialog.answer(event) if self.dialog is not None else None
        if answer is None:
            return False
        self.dialog.window.kill()
        self.dialog = None
        self.app.message = "a new fight" if answer == "new" else self.go_on()
        return True

    def go_on(self) -> str:
        """Switch the window to the offered fight, autosaved where it was; the message to show."""
        try:
            resumed, autosave = resume_and_autosave(self.offer.folder, self.app.battle.catalog)
        except SaveError as error:
            return f"{error}; the new fight goes on"
        if self.autosave is not None:
            self.autosave.close()
        self.autosave = autosave
        self.app.adopt(resumed.battle, fresh=True)
        words = "; ".join(resumed.messages)
        return f"going on with the fight of {self.offer.folder.name}" + (f": {words}" if words else "")

    def close(self) -> None:
        """Stop autosaving (the window has closed); the fight stays on the disk to be resumed."""
        if self.autosave is not None:
            self.autosave.close()

    def tick(self) -> None:
        """Once a frame: the autosave's news (a failure, writing working again) in the console."""
        news = self.autosave.take_news() if self.autosave is not None else []
        if news:
            self.app.message = news[-1]

    def holding(self) -> str:
        """While the offer is open, the console holds the game."""
        return "asking whether to go on with the autosaved fight" if self.dialog is not None else ""

    def status(self) -> dict:
        """For tests and tools: the autosave folder and the offer's buttons while it asks."""
        return {"autosave": str(self.autosave.folder) if self.autosave is not None else None,
                "offer": self.dialog.buttons() if self.dialog is not None else None}

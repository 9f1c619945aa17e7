"""The window's input, its bottom layer (`game.ui.layers`): what no layer above took (the banner, the
GM's tools, the aids ...) becomes what the window does. A click on a map view (a press and
release without a drag) or a key goes to the input modes (`TableApp.feed`); a drag pans, the
wheel zooms; Ctrl+Z/Y/S, F, F12 and B are the window's own; the panel's buttons choose a kind,
work the GM's controls or hand a side to the computer."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.savefile import SaveError, write_save
from game.ui.keys import BRIEFING
from game.ui.layers import Layer
from game.ui.modes import Choose, Click, Key
from game.ui.render import ZOOM_STEP

DRAG_START = 6  # pixels the mouse moves with a button held before it counts as a drag
KEY_NAMES = {pygame.K_ESCAPE: "escape", pygame.K_RETURN: "return", pygame.K_SLASH: "?"}
GM_KEYS = {pygame.K_z: "undo", pygame.K_y: "redo", pygame.K_s: "save"}


class TableInput(Layer):
    """Turns the events no other layer took into the window's deeds."""

    def __init__(self, app) -> None:
        self.app = app
        self.drag = None  # (view, where the press was, the view's camera then) while a button is held
        self.dragged = False

    def handle(self, event) -> bool:
        """One event: every event that reaches the bottom layer is taken."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.button(event.ui_element)
        elif event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            view = self.app.view_at(event)
            if view is not None:
                self.drag, self.dragged = (view, event.pos, view.camera), False
        elif event.type == pygame.MOUSEMOTION:
            self.motion(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self.release(event)
        elif event.type == pygame.MOUSEWHEEL:
            self.wheel(event)
        return True

    def button(self, element) -> None:
        """A button of the console's panel: a kind to choose, a GM control, a side's controller."""
        pressed = self.app.panel.pressed(element)
        if pressed and pressed[0] == "kind":
            self.app.feed(Choose(pressed[1]))
        elif pressed and pressed[0] == "gm":
            self.gm(pressed[1])
        elif pressed:
            self.app.computer.toggle(pressed[1])

    def key(self, event) -> None:
        """Keys: Ctrl+Z/Y/S for the GM, F to fit, F12 for screenshots, B for the briefing, else
        the modes' (a key pressed on the table window is the table's)."""
        app = self.app
        if event.mod & pygame.KMOD_CTRL and event.key in GM_KEYS:
            self.gm(GM_KEYS[event.key])
        elif event.key == pygame.K_F12:
            app.screenshots()
        elif event.key == pygame.K_f:
            self.gm("fit")
        else:
            name = KEY_NAMES.get(event.key) or (event.unicode.lower() if event.unicode else "")
            if name == BRIEFING and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                app.briefing.open()
            elif name:
                app.feed(Key(name), from_table=getattr(event, "window", None) == app.table.window)

    def motion(self, event) -> None:
        """Hover follows the mouse; a button held and moved pans the view."""
        view = self.app.view_at(event)
        if view is not None and view.camera is not None:
            self.app.hover = view.camera.hex_at(event.pos)
        if self.drag is not None and event.buttons[0]:
            dragged_view, start, camera = self.drag
            dx, dy = event.pos[0] - start[0], event.pos[1] - start[1]
            if self.dragged or abs(dx) + abs(dy) > DRAG_START:
                self.dragged = True
                dragged_view.camera = camera.panned(dx, dy)

    def release(self, event) -> None:
        """A click (a press and release without a drag) on a map view."""
        drag, self.drag = self.drag, None
        if drag is None or self.dragged:
            return
        view, table = drag[0], drag[0] is self.app.table
        self.app.feed(Click(view.camera.hex_at(event.pos), event.button), event.pos if table else None, from_table=table)

    def wheel(self, event) -> None:
        """Zoom at the cursor the map view under it, in the window the wheel was turned over (the
        console's map stays as the GM left it when a player zooms the table's)."""
        x, y = getattr(event, "pos", None) or pygame.mouse.get_pos()  # pygame-ce's wheel events carry both
        window = getattr(event, "window", None)
        for view in self.app.views:
            if view.camera is not None and view.area.collidepoint((x, y)) and window in (None, view.window):
                view.camera = view.camera.zoomed_at((x, y), ZOOM_STEP ** event.y)  # the zooms DrawAhead draws ahead

    def gm(self, name: str) -> None:
        """The GM's controls: undo, redo, fit the map, save."""
        app = self.app
        if name == "undo":
            app.message = "undone" if app.battle.undo() else "nothing to undo"
        elif name == "redo":
            app.message = "redone" if app.battle.redo() else "nothing to redo"
        elif name == "fit":
            for view in app.views:
                view.fit(app.battle)
        elif name == "save":
            self.save()
        if name in ("undo", "redo"):
            app.mode = None
            app.panel.reset_log(app.battle.log_lines())
            app.seen = app.battle.log_length

    def save(self) -> None:
        """Write the fight to its save file; a failure is a message, and the fight goes on."""
        app = self.app
        path = app.save_to or Path.cwd() / f"{Path(app.battle.scenario.path).stem}.save.json"
        try:
            write_save(app.battle, path)
            app.message = f"saved to {path}"
        except SaveError as error:
            app.message = str(error)

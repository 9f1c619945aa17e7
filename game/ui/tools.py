"""The GM's table tools, a layer of the window (`game.ui.layers`): dice rolled at the table
(`table_dice`), Open and following the map on disk (`files`).

They sit in a strip along the bottom of the console's map, left of the panel. A battle opened,
or the map reloaded, is handed to the window (`TableApp.adopt`), which the tools then follow.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.battle import Battle
from game.ui.files import FilePicker, MapWatcher, reload_map
from game.ui.gm_tools import GM_ROW_WIDTH
from game.ui.layers import Layer
from game.ui.table_dice import GAP, ROW_H, TableDice

OPEN_WIDTH = 130
BALANCE_WIDTH = 96
"""The Balance button's room right of Open (`game.ui.balancing`); the table dice start after it."""
TOOLS_HEIGHT = 2 * ROW_H + 2 * GAP  # the console's bottom rows: Open, the table dice, GM mode
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)


class TableTools(Layer):
    """Table dice, Open and the map watcher for one `TableApp`."""

    def __init__(self, app, map_width: int, height: int) -> None:
        self.app = app
        top = height - TOOLS_HEIGHT
        self.area = pygame.Rect(0, top, map_width, TOOLS_HEIGHT)
        """The console's bottom rows the tools stand in (below its map)."""
        width = max(2 * OPEN_WIDTH, map_width - 2 * GAP)
        self.picker = FilePicker(app.manager, pygame.Rect(GAP, top, OPEN_WIDTH, ROW_H),
                                 pygame.Rect(40, 40, min(640, map_width - 80), min(480, height - 80)))
        left = 3 * GAP + OPEN_WIDTH + BALANCE_WIDTH
        self.dice = TableDice(app.manager, pygame.Rect(left, top, width + GAP - left, 2 * ROW_H + GAP),
                              toggles_left=2 * GAP + GM_ROW_WIDTH)  # GM mode, Add unit, Morale: left of them
        self.watcher = MapWatcher(app.battle)
        self._state = app.battle.state
        self.asked = ""
        """The die the table was last asked for, in words (while the dice ask for it)."""

    def submit(self, action) -> str:
        """Submit an action with the table's dice; the message to show."""
        message = self.dice.submit(self.app.battle, action, self.app.computer_decides())
        self.asked = message if self.dice.asking is not None else ""
        return message

    def asking(self) -> str:
        """The die the table is asked to roll now, in words ("" when none)."""
        return self.asked if self.dice.asking is not None else ""

    def handle(self, event) -> bool:
        """A key typed into the tools (any window's), or a widget event of the console's tools
        (handled), else False."""
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if getattr(event, "window", None) not in (None, self.app.console):
            return False
        battle, message = self.picker.handle(event, self.app.battle)
        if battle is not None:
            self.app.adopt(battle, fresh=True)
        if message is None:
            message = self.dice.handle(event, self.app.battle, self.app.computer_decides())
            self.asked = message if message is not None and self.dice.asking is not None else self.asking()
        if message is not None:
            self.app.message = message
            return True
        if event.type in MOUSE_EVENTS and over_a_widget(self.app.manager, event):
            return True  # a click on a dialog or the strip is not a click on the map under it
        return getattr(event, "ui_element", None) is self.picker.button

    def key(self, event) -> bool:
        """Ctrl+O opens; keys typed into the dice entry are not commands. True when used up."""
        if event.mod & pygame.KMOD_CTRL and event.key == pygame.K_o:
            self.picker.open_dialog(self.app.battle.scenario.path.parent)
            return True
        passes = event.key == pygame.K_F12 or event.mod & pygame.KMOD_CTRL  # screenshots, undo, save
        return not passes and (self.dice.typing() or self.picker.dialog is not None)

    def tick(self) -> None:
        """Once a frame: the side toggles follow the sides, a held roll is dropped when the battle
        moved on without it (undo, redo), and the map is reloaded when it changed on disk."""
        battle = self.app.battle
        self.dice.show_sides([(s.id, s.name) for s in battle.sides()])
        if battle.state is not self._state:
            self._state = battle.state
            if self.dice.held is not None:
                self.dice.forget()
        if self.watcher.changed():
            fresh, message = reload_map(battle)
            self.app.message = message
            if fresh is not battle:
                self.app.adopt(fresh, fresh=False)

    def adopt(self, battle: Battle, fresh: bool) -> None:
        """The window plays this battle now: a held roll is dropped, the watcher follows its map."""
        self.dice.forget()
        self.asked = ""
        self.watcher.follow(battle)
        self._state = battle.state

    def holding(self) -> str:
        """While the Open dialog is up, the console holds the game."""
        return "opening a map or a save" if self.picker.dialog is not None else ""

    def status(self) -> dict:
        """For tests and tools: the die asked for, the sides rolling at the table, the toggles,
        and where the Open dialog's path entry and OK button are while it is open."""
        return self.dice.status() | {"open_dialog": self.picker.spots()}


def balance_slot(height: int) -> pygame.Rect:
    """Where the Balance button stands: the strip's top row, right of Open."""
    return pygame.Rect(2 * GAP + OPEN_WIDTH, height - TOOLS_HEIGHT, BALANCE_WIDTH, ROW_H)


def over_a_widget(manager: pygame_gui.UIManager, event) -> bool:
    """Whether a mouse event lands on a visible widget. A click is judged by its own position:
    the manager's hover state is a frame old, and a click just after leaving a button is the
    map's. The wheel (no position) goes by the hover state."""
    pos = getattr(event, "pos", None)
    if pos is None:
        return manager.get_hovering_any_element()
    root = manager.get_root_container()
    return any(element is not root and element.visible and element.hover_point(*pos)
               for element in manager.get_sprite_group().sprites())

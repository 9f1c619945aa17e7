"""The GM's hands on the table (the issue "The table"): put any token anywhere, edit its health
and conditions, bring in a unit of any type of the data files.

Everything the GM does here becomes a GM action for `battle.submit`, so it is undone, saved
and replayed like any other move. In the console's map (or the single window):
- Shift + drag a token to another hex moves it there (no cost, no overwatch);
- Shift + right click a token opens its editor: health (type a number or -1/+1), prone,
  total defense, end overwatch, and any other number of its stat block (AC, attack bonus, hit
  dice, maximum health, movement, morale, save, skills, ammunition) or its side's morale: pick
  the stat, type the value, "Set stat"; and hide it from the table view or reveal it there;
- the "GM mode" button does without Shift: drag moves, a click on a token opens its editor;
- "Add unit" lists the unit types; a side's button picks the side, and the next click on a
  hex sets the unit down there (a right click cancels);
- "Morale" lists each side's morale with -1/+1 for the outgunned factor (game/ui/gm_morale.py).

`Hand`, `press` and `release` decide what the mouse means without a screen (tests drive
them); `GmTools` is the pygame glue the window calls with each event; the editor and the unit
adder it opens, and the actions what is typed in them makes, are `game/ui/gm_editor.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.actions import Action, GmAddUnit, GmPlace
from game.hexgrid import Hex
from game.ui.gm_editor import BUTTON_H, GAP, SIDE_MORALE, AddUnit, Editor
from game.ui.gm_morale import MoraleWindow
from game.ui.layers import Layer
from game.ui.tracker import watching
from game.views import CombatantView

GM_ROW_WIDTH = 322
"""GM mode, Add unit and Morale side by side along the console map's bottom, from its left edge
plus GAP (the table dice's strip starts right of them)."""


# -- what the mouse means (no screen needed) ------------------------------------------------
@dataclass(frozen=True, slots=True)
class Hand:
    """What the GM's mouse is doing: nothing, dragging a token from `start`, or setting down a
    new unit (`adding` = (unit type, side))."""

    dragging: int | None = None
    start: Hex | None = None
    adding: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class GmStep:
    """What a GM gesture led to: an action to submit, the next hand, a combatant whose editor to
    open, a message; `taken` means the input was the GM's and the turn's modes never see it."""

    action: Action | None = None
    hand: Hand = field(default_factory=Hand)
    edit: int | None = None
    message: str = ""
    taken: bool = False


def press(hand: Hand, hex_: Hex | None, button: int, gm: bool,
          standing: Mapping[Hex, CombatantView]) -> GmStep:
    """A mouse button pressed on the map; `gm` is Shift held or GM mode on."""
    if hand.adding is not None:
        if button == 3:
            return GmStep(message="adding a unit: cancelled", taken=True)
        if hex_ is None:
            return GmStep(hand=hand, taken=True)
        unit_type, side = hand.adding
        return GmStep(GmAddUnit(0, unit_type=unit_type, side=side, to=hex_), taken=True)
    who = standing.get(hex_) if hex_ is not None else None
    if not gm or who is None:
        return GmStep(hand=hand)
    if button == 3:
        return GmStep(edit=who.id, taken=True)
    return GmStep(hand=Hand(dragging=who.id, start=hex_), taken=True)


def release(hand: Hand, hex_: Hex | None) -> GmStep:
    """The mouse button released: a drag ends with the token put on that hex; released where it
    started, it was a click, which opens the token's editor."""
    if hand.dragging is None:
        return GmStep(hand=hand)
    if hex_ is None or hex_ == hand.start:
        return GmStep(edit=hand.dragging, taken=True)
    return GmStep(GmPlace(hand.dragging, to=hex_), taken=True)


class GmTools(Layer):
    """The GM's buttons over the console's map, the editor and add-unit windows, and the
    Shift gestures: a layer of the window (`game.ui.layers`)."""

    def __init__(self, app) -> None:
        self.app = app
        self.manager: pygame_gui.UIManager = app.manager
        self.hand = Hand()
        self.gm_mode = False
        self.editor: Editor | None = None
        self.adder: AddUnit | None = None
        self.drag_view = None  # the map view a GM drag started in
        area = app.views[-1].area  # the console's map (the one window's map in one-window mode)
        y = area.bottom - BUTTON_H - GAP
        self.corner = (area.x + GAP, area.y + 2 * BUTTON_H)
        self.mode_button = UIButton(pygame.Rect(area.x + GAP, y, 130, BUTTON_H), "GM mode: off", self.manager)
        self.add_button = UIButton(pygame.Rect(area.x + GAP + 136, y, 100, BUTTON_H), "Add unit", self.manager)
        self.morale_button = UIButton(pygame.Rect(area.x + GAP + 242, y, GM_ROW_WIDTH - 242, BUTTON_H), "Morale",
                                      self.manager)
        self.morale: MoraleWindow | None = None

    def handle(self, event) -> bool:
        """One pygame event; True when it was the GM's and the window should do nothing more."""
        self._refresh()
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.editor is not None:
            self.editor.stat_picked()
            return True
        if event.type == pygame.KEYDOWN:
            return self.editor is not None and self.editor.typing()
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self._over_widgets(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self._press(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3) and self.hand.dragging is not None:
            step = release(self.hand, self._hex(event))
            self._follow(step)
            return step.taken
        return False

    def _press(self, event) -> bool:
        view = self.app.view_at(event)
        if view is None or view.window is not self.app.console or view.camera is None:
            return False
        gm = self.gm_mode or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        standing = {c.hex: c for c in self.app.battle.combatants() if c.in_fight and c.hex is not None}
        step = press(self.hand, view.camera.hex_at(event.pos), event.button, gm, standing)
        self._follow(step)
        self.drag_view = view
        return step.taken

    def _hex(self, event) -> Hex | None:
        view = self.drag_view
        return view.camera.hex_at(event.pos) if view is not None and view.camera is not None else None

    def _follow(self, step: GmStep) -> None:
        """Keep the next hand, submit the action, open the editor, show the message."""
        self.hand = step.hand
        if step.message:
            self.app.message = step.message
        if step.action is not None:
            self.app.submit(step.action, table=False)
        if step.edit is not None:
            self._open_editor(step.edit)

    def _button(self, element) -> bool:
        if element is self.mode_button:
            self.gm_mode = not self.gm_mode
            self.mode_button.set_text(f"GM mode: {'on' if self.gm_mode else 'off'}")
            return True
        if element is self.add_button:
            self._open_adder()
            return True
        if element is self.morale_button or (self.morale is not None and element in self.morale.buttons):
            return self._morale(element)
        if self.editor is not None and element in self.editor.buttons:
            view = self.app.battle.combatant(self.editor.entity)
            found = self.editor.action(element, view)
            if isinstance(found, str):
                self.app.message = found
            elif found is not None:
                self.app.submit(found, table=False)
            return True
        if self.adder is not None and element in self.adder.sides:
            chosen = self.adder.chosen(element)
            if isinstance(chosen, str):
                self.app.message = chosen
            else:
                self.hand = Hand(adding=chosen)
                self.adder.window.kill()
                self.adder = None
                self.app.message = f"add a unit: click a free hex for the new {chosen[0]} (right click cancels)"
            return True
        return False

    def _morale(self, element) -> bool:
        """Open the morale window, or submit the outgunned factor one of its buttons counts."""
        sides = self.app.battle.sides()
        if element is self.morale_button:
            if self.morale is not None:
                self.morale.window.kill()
            self.morale = MoraleWindow(self.manager, self.corner, sides)
        elif (found := self.morale.action(element, sides)) is not None:
            self.app.submit(found, table=False)
        return True

    def _open_editor(self, entity: int) -> None:
        view = self.app.battle.combatant(entity)
        if view is None:
            return
        if self.editor is not None:
            self.editor.window.kill()
        self.editor = Editor(self.manager, self.corner, view, self._stats(view), watching(self.app.battle, view))

    def _stats(self, view: CombatantView) -> dict[str, int]:
        """The numbers the GM may set on the combatant, then its side's morale if it has one."""
        stats = self.app.battle.gm_stats(view.id)
        side = next((s for s in self.app.battle.sides() if s.id == view.side), None)
        return stats | ({SIDE_MORALE: side.morale} if side is not None and side.morale is not None else {})

    def holding(self) -> str:
        """What the GM is doing at the console that holds the game, in words ("" when nothing)."""
        def up(window) -> bool:
            return window is not None and window.window.alive()
        for busy, words in ((up(self.editor), "editing a unit"),
                            (up(self.adder) or self.hand.adding is not None, "adding a unit"),
                            (up(self.morale), "setting the sides' morale"),
                            (self.gm_mode, "GM mode is on")):
            if busy:
                return words
        return ""

    def status(self) -> dict:
        """For the status file: where the editor's stat row is, when it is open, and where the
        GM's buttons are on the console (GM mode, Add unit, Morale)."""
        buttons = {"gm_mode": self.mode_button, "add_unit": self.add_button, "morale": self.morale_button}
        return {"editor": self.editor.spots() if self.editor is not None else None,
                "gm_buttons": {name: list(button.rect.center) for name, button in buttons.items()}}

    def _open_adder(self) -> None:
        if self.adder is not None:
            self.adder.window.kill()
        sides = [(s.id, s.name) for s in self.app.battle.sides()]
        self.adder = AddUnit(self.manager, self.corner, self.app.battle.unit_types(), sides)

    def _refresh(self) -> None:
        """Forget closed windows; keep the editor's line in step with the battle."""
        if self.adder is not None and not self.adder.window.alive():
            self.adder = None
        if self.morale is not None:
            if self.morale.window.alive():
                self.morale.refresh(self.app.battle.sides())
            else:
                self.morale = None
        if self.editor is not None:
            view = self.app.battle.combatant(self.editor.entity)
            if not self.editor.window.alive() or view is None:
                self.editor = None
            else:
                self.editor.refresh(view, self._stats(view), watching(self.app.battle, view))

    def _over_widgets(self, event) -> bool:
        """A click on the GM's buttons or windows is theirs, not the map's."""
        if getattr(event, "window", None) not in (None, self.app.console):
            return False
        rects = [self.mode_button.rect, self.add_button.rect, self.morale_button.rect]
        rects += [w.window.rect for w in (self.editor, self.adder, self.morale) if w is not None and w.window.alive()]
        return any(rect.collidepoint(event.pos) for rect in rects)

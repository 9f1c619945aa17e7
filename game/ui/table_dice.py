"""Dice rolled at the table: the GM console's strip for physical dice.

Each side rolls with the program's dice or at the table ("dice: program / table"). When the
acting side rolls at the table, the window submits its actions with `typed_only=True`; a
refusal asking for a die (`Outcome.needs`) keeps the action, opens the entry and a small
dialog of big buttons 1..N, and submits again with the faces so far plus the new one. The entry
also takes faces for the next roll of any side (`14 6`, then Enter). Computer-played sides
always use the program's dice. An attack that pauses for a protect decision rolls its dice when
a person answers: the attacker's side's table is asked for them then.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine, UIWindow

from game.battle import Battle
from game.prompts import ProtectChance
from game.ui.banner import DIE_BUTTONS
from game.ui.fitting import fitted_button

ROW_H = 30
GAP = 6
MAX_BUTTONS = DIE_BUTTONS  # a d100 is typed in the entry, not picked from a hundred buttons


def read_faces(text: str) -> tuple[int, ...] | None:
    """Faces typed like `14 6` or `14, 6`; None when something is not a whole number from 1 up."""
    words = text.replace(",", " ").split()
    if not words or not all(word.isdigit() and int(word) >= 1 for word in words):
        return None
    return tuple(int(word) for word in words)


def roller(battle: Battle, action) -> int:
    """Whose dice an action rolls: the attacker's when it answers a protect decision (the held-back
    attack is rolled then, by the attacker's table), else the actor's own."""
    prompt = battle.pending()
    if isinstance(prompt, ProtectChance) and action.actor == prompt.decider:
        return prompt.attacker
    return action.actor


class TableDice:
    """Which sides roll at the table, the faces typed so far and the die the table is asked for."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, toggles_left: int | None = None) -> None:
        """The entry row along the top of `rect`, the sides' toggles along its second row, from
        `toggles_left` when other buttons stand on the left of that row."""
        self.manager = manager
        self.rect = rect
        left = rect.x if toggles_left is None else max(rect.x, toggles_left)
        self.toggles_rect = pygame.Rect(left, rect.y + ROW_H + GAP, rect.right - left, ROW_H)
        self.at_table: set[str] = set()
        self.toggles: dict[UIButton, str] = {}
        self.next_faces: tuple[int, ...] = ()
        self.held = None  # the action waiting for its next die
        self.asking: int | None = None
        self.dialog: UIWindow | None = None
        self.die_buttons: dict[UIButton, int] = {}
        self._sides: tuple = ()
        half = (rect.width - GAP) // 2
        self.label = UILabel(pygame.Rect(rect.x, rect.y, half, ROW_H), "Type dice for the next roll:", manager)
        self.entry = UITextEntryLine(pygame.Rect(rect.x + half + GAP, rect.y, half, ROW_H), manager,
                                     placeholder_text="e.g. 14 6, then Enter")

    # -- the widgets -----------------------------------------------------------------------
    def show_sides(self, sides: list[tuple[str, str]]) -> None:
        """A toggle per side, "Name dice: program / table", rebuilt when the sides change."""
        shown = (tuple(sides), tuple(sorted(self.at_table)))
        if shown == self._sides:
            return
        self._sides = shown
        for button in self.toggles:
            button.kill()
        self.toggles.clear()
        row = self.toggles_rect
        width = (row.width - GAP * (len(sides) - 1)) // max(1, len(sides))
        for index, (side, name) in enumerate(sides):
            rect = pygame.Rect(row.x + index * (width + GAP), row.y, width, ROW_H)
            where = "table" if side in self.at_table else "program"
            self.toggles[fitted_button(rect, name, f" dice: {where}", self.manager)] = side

    def typing(self) -> bool:
        """Whether the GM is typing in the entry (keys are not commands then)."""
        return self.entry.is_focused

    def ask(self, sides: int, reason: str) -> None:
        """Ask the table for one die: focus the entry and open the buttons 1..N."""
        self.asking = sides
        self.close_dialog()
        self.entry.focus()
        self.manager.set_focus_set(self.entry)
        if sides > MAX_BUTTONS:
            return
        columns = min(sides, 5 if sides <= 10 else 10)
        size = 56
        width = columns * (size + GAP) + GAP + 32
        height = ((sides + columns - 1) // columns) * (size + GAP) + GAP + 60
        self.dialog = UIWindow(pygame.Rect(GAP * 4, GAP * 4, width, height), self.manager,
                               f"Roll a d{sides}", resizable=False)
        for face in range(1, sides + 1):
            row, column = divmod(face - 1, columns)
            rect = pygame.Rect(GAP + column * (size + GAP), GAP + row * (size + GAP), size, size)
            self.die_buttons[UIButton(rect, str(face), self.manager, container=self.dialog,
                                      tool_tip_text=reason)] = face

    def close_dialog(self) -> None:
        """Put the die buttons away."""
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = None
        self.die_buttons.clear()

    def forget(self) -> None:
        """Drop the held action and any faces typed (after undo, or a new battle)."""
        self.held, self.asking, self.next_faces = None, None, ()
        self.close_dialog()

    # -- submitting --------------------------------------------------------------------------
    def submit(self, battle: Battle, action, computer: bool) -> str:
        """Submit with the faces typed for the next roll, at the table when the actor's side rolls
        there (never for the computer); the message to show ("" when accepted)."""
        view = battle.combatant(roller(battle, action))
        typed_only = not computer and view is not None and view.side in self.at_table
        action = replace(action, faces=action.faces + self.next_faces)
        self.next_faces = ()
        outcome = battle.submit(action, typed_only=typed_only)
        if outcome.accepted:
            self.held, self.asking = None, None
            self.close_dialog()
            self.entry.unfocus()  # the keys are commands again
            return ""
        if outcome.needs is not None:
            self.held = action
            self.ask(outcome.needs, outcome.reason)
            return outcome.reason
        self.held, self.asking = None, None
        self.close_dialog()
        self.entry.unfocus()
        return f"refused: {outcome.reason}"

    def handle(self, event, battle: Battle, computer: bool) -> str | None:
        """A widget event of the strip or the dialog; the message to show, or None if not ours."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.toggles:
            side = self.toggles[event.ui_element]
            self.at_table ^= {side}
            return f"{side} roll {'at the table' if side in self.at_table else 'with the program'}"
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.die_buttons:
            return self.typed(battle, (self.die_buttons[event.ui_element],), computer)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            faces = read_faces(self.entry.get_text())
            self.entry.set_text("")
            if faces is None:
                return "type dice faces as whole numbers from 1 up, like 14 6"
            return self.typed(battle, faces, computer)
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog, self.held, self.asking = None, None, None
            self.die_buttons.clear()
            return "the roll at the table was put away; the action was not taken"
        return None

    def typed(self, battle: Battle, faces: tuple[int, ...], computer: bool) -> str:
        """Faces typed or picked: for the held action if the table was asked, else the next roll."""
        if self.held is None:
            self.next_faces += faces
            self.entry.unfocus()
            return f"the next roll uses {' '.join(map(str, self.next_faces))}"
        held = replace(self.held, faces=self.held.faces + faces)
        self.held = None
        return self.submit(battle, held, computer)

    def status(self) -> dict:
        """For tests and tools: the die asked for and where the side toggles are."""
        return {"asking": self.asking, "table_sides": sorted(self.at_table),
                "dice_toggles": {side: list(button.rect.center) for button, side in self.toggles.items()}}

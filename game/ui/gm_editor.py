"""The GM's editor of one combatant and the unit adder (the console's windows the GM's tools
open), and the GM actions what is typed or picked in them makes: health, a stat or the side's
morale, a condition, a note; and the one-line description the editor's title shows.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UISelectionList, UITextEntryLine, UIWindow

from game.actions import Action, GmNoteCondition, GmSetCondition, GmSetHealth, GmSetHidden, GmSetSideMorale, GmSetStat
from game.views import CombatantView

BUTTON_H = 30
GAP = 6
SIDE_MORALE = "side morale"
"""The editor's name for the combatant's side's morale score (a side's number, not the block's)."""
LONGEST_NOTE = 40  # characters, as the engine takes them


def health_action(view: CombatantView, typed: str) -> GmSetHealth | str:
    """The health the GM typed ("7", or "+1" / "-1" from the current value), or what is wrong."""
    words = typed.strip()
    try:
        number = int(words)
    except ValueError:
        return f"health: '{words}' is not a whole number"
    relative = words[:1] in ("+", "-")
    return GmSetHealth(view.id, value=view.health + number if relative else number)


def stat_action(view: CombatantView, stat: str, typed: str) -> GmSetStat | GmSetSideMorale | str:
    """The stat value the GM typed for the combatant (or its side's morale), or what is wrong."""
    words = typed.strip()
    try:
        number = int(words)
    except ValueError:
        return f"{stat}: '{words}' is not a whole number"
    if stat == SIDE_MORALE:
        return GmSetSideMorale(0, side=view.side, value=number)
    return GmSetStat(view.id, stat=stat, value=number)


def condition_action(view: CombatantView, condition: str) -> GmSetCondition:
    """Turn a condition the other way: prone and total defense on or off, overwatch off."""
    active = {"prone": not view.prone, "total_defense": not view.total_defense}.get(condition, False)
    return GmSetCondition(view.id, condition=condition, active=active)


def note_action(view: CombatantView, typed: str, writing: bool) -> GmNoteCondition | str:
    """Write the typed wound or condition on the combatant; or rub out the typed note (with nothing
    typed, every note)."""
    note = typed.strip()
    if writing and not note:
        return "type a wound or condition to note first (e.g. broken arm)"
    return GmNoteCondition(view.id, note=note, active=writing)


def describe(view: CombatantView, watching: str = "") -> str:
    """The editor's line about the combatant; `watching` is its overwatch facing in words
    (`Battle.facing`: "north-east", "2 o'clock")."""
    overwatch = f"overwatch {watching}".strip()
    states = [words for on, words in ((view.prone, "prone"), (view.total_defense, "total defense"),
                                      (view.overwatch is not None, overwatch), (view.hidden, "hidden")) if on]
    states += view.notes
    return f"{view.name}: {view.health}/{view.health_max} {view.unit.upper()}" + (
        f", {', '.join(states)}" if states else "")


# -- the widgets and the window's glue ------------------------------------------------------
class Editor:
    """A small window over the console: one combatant's health, conditions and stats."""

    def __init__(self, manager: pygame_gui.UIManager, at: tuple[int, int], view: CombatantView,
                 stats: dict[str, int], watching: str = "") -> None:
        self.entity = view.id
        self.stats = stats
        self.window = UIWindow(pygame.Rect(at, (300, 340)), manager, f"GM: {view.name}")
        inside = self.window
        self.label = UILabel(pygame.Rect(GAP, GAP, 270, BUTTON_H), describe(view, watching), manager,
                             container=inside)
        y = GAP + BUTTON_H + GAP
        self.entry = UITextEntryLine(pygame.Rect(GAP, y, 90, BUTTON_H), manager, container=inside)
        self.entry.set_text(str(view.health))
        self.buttons: dict[UIButton, tuple[str, str]] = {}
        for x, width, words, what in ((102, 66, "Set", ("health", "")), (174, 44, "-1", ("health", "-1")),
                                      (224, 44, "+1", ("health", "+1"))):
            self.buttons[UIButton(pygame.Rect(x, y, width, BUTTON_H), words, manager, container=inside)] = what
        y += BUTTON_H + GAP
        for words, what in (("Prone on/off", ("condition", "prone")),
                            ("Total defense on/off", ("condition", "total_defense")),
                            ("End overwatch", ("condition", "overwatch")),
                            ("Hide from / show on the table", ("hidden", ""))):
            rect = pygame.Rect(GAP, y, 266, BUTTON_H)
            self.buttons[UIButton(rect, words, manager, container=inside)] = what
            y += BUTTON_H + 2
        self._stat_row(manager, y + GAP - 2)
        self._note_row(manager, y + GAP - 2 + BUTTON_H + GAP)

    def _note_row(self, manager: pygame_gui.UIManager, y: int) -> None:
        """A wound or condition to write on the combatant, and the buttons to write or rub out notes."""
        self.note_entry = UITextEntryLine(pygame.Rect(GAP, y, 136, BUTTON_H), manager, container=self.window)
        self.note_entry.set_text_length_limit(LONGEST_NOTE)
        for x, width, words, what in ((148, 56, "Note", ("note", "")), (208, 66, "Rub out", ("rub_out", ""))):
            self.buttons[UIButton(pygame.Rect(x, y, width, BUTTON_H), words, manager, container=self.window)] = what

    def _stat_row(self, manager: pygame_gui.UIManager, y: int) -> None:
        """The stat to set, its value (the value now to begin with) and the button."""
        names = list(self.stats) or [SIDE_MORALE]
        self.stat = UIDropDownMenu(names, names[0], pygame.Rect(GAP, y, 130, BUTTON_H), manager, container=self.window)
        self.stat_entry = UITextEntryLine(pygame.Rect(142, y, 56, BUTTON_H), manager, container=self.window)
        self.stat_entry.set_text(str(self.stats.get(names[0], "")))
        self.buttons[UIButton(pygame.Rect(204, y, 70, BUTTON_H), "Set stat", manager, container=self.window)] = ("stat", "")

    def typing(self) -> bool:
        """Whether one of its text boxes has the keyboard (keys then type, they are not shortcuts)."""
        return any(box.is_focused for box in (self.entry, self.stat_entry, self.note_entry))

    def chosen_stat(self) -> str:
        """The stat the drop-down names."""
        picked = self.stat.selected_option
        return picked[1] if isinstance(picked, tuple) else picked

    def stat_picked(self) -> None:
        """Another stat picked: its value now goes in the entry."""
        self.stat_entry.set_text(str(self.stats.get(self.chosen_stat(), "")))

    def action(self, element, view: CombatantView) -> Action | str | None:
        """The action a pressed button of this editor asks for (or what is wrong), else None."""
        what = self.buttons.get(element)
        if what is None:
            return None
        if what[0] == "condition":
            return condition_action(view, what[1])
        if what[0] == "hidden":
            return GmSetHidden(view.id, hidden=not view.hidden)
        if what[0] == "stat":
            return stat_action(view, self.chosen_stat(), self.stat_entry.get_text())
        if what[0] in ("note", "rub_out"):
            return note_action(view, self.note_entry.get_text(), what[0] == "note")
        return health_action(view, what[1] or self.entry.get_text())

    def refresh(self, view: CombatantView, stats: dict[str, int], watching: str = "") -> None:
        """Keep the lines in step with the battle (after the GM's change, an undo, a hit)."""
        words = describe(view, watching)
        if self.label.text != words:
            self.label.set_text(words)
            if not self.entry.is_focused:
                self.entry.set_text(str(view.health))
        if stats != self.stats:
            self.stats = stats
            if not self.stat_entry.is_focused:
                self.stat_picked()

    def spots(self) -> dict[str, list[int]]:
        """Where the stat row's widgets, the hide/show button and the close button are on the
        console, and the editor's rectangle ("window": x, y, width, height) (status file)."""
        def button(kind: str) -> UIButton:
            return next(b for b, what in self.buttons.items() if what[0] == kind)
        spots = {name: list(widget.rect.center) for name, widget in
                 (("stat", self.stat), ("stat_entry", self.stat_entry), ("stat_set", button("stat")),
                  ("hidden", button("hidden")), ("note_entry", self.note_entry), ("note", button("note")),
                  ("rub_out", button("rub_out")))}
        close = self.window.close_window_button
        return spots | {"window": list(self.window.rect), "close": list(close.rect.center) if close else None}


class AddUnit:
    """A small window listing every unit type, with one button per side to set one down for."""

    def __init__(self, manager: pygame_gui.UIManager, at: tuple[int, int], types: tuple[tuple[str, str], ...],
                 sides: list[tuple[str, str]]) -> None:
        height = 270 + len(sides) * (BUTTON_H + GAP)
        self.window = UIWindow(pygame.Rect(at, (300, height)), manager, "GM: add a unit")
        self.types = {f"{name} ({key})": key for key, name in types}
        self.list = UISelectionList(pygame.Rect(GAP, GAP, 270, 220), list(self.types), manager, container=self.window)
        self.sides: dict[UIButton, str] = {}
        for index, (side, name) in enumerate(sides):
            rect = pygame.Rect(GAP, 232 + index * (BUTTON_H + GAP), 270, BUTTON_H)
            self.sides[UIButton(rect, f"For {name}", manager, container=self.window)] = side

    def chosen(self, element) -> tuple[str, str] | str | None:
        """(unit type, side) when a side's button is pressed with a type selected (or what is
        missing); None for any other element."""
        side = self.sides.get(element)
        if side is None:
            return None
        picked = self.list.get_single_selection()
        if picked is None:
            return "add a unit: pick a unit type first"
        return self.types[picked], side

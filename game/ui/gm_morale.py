"""The GM's morale window in the console (Seed 002, Morale Factors: outgunned): one row per
side with a morale score, showing the score and band, and buttons that count one outgunned
factor against the side (-1) or in its favour (+1). Each press is a `GmOutgunned` action, so
undo takes it back and a save replays it.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIWindow

from game.actions import GmOutgunned
from game.views import SideView

ROW_H = 30
GAP = 6


def morale_line(side: SideView) -> str:
    """The row's words: "Enemies: 7 (Careful)"."""
    return f"{side.name}: {side.morale} ({side.band})"


def outgunned_action(side: SideView, change: int) -> GmOutgunned:
    """One outgunned factor against the side (change -1) or for it (+1)."""
    return GmOutgunned(0, side=side.id, change=change)


def scored(sides: tuple[SideView, ...]) -> list[SideView]:
    """The sides the window lists: those with a morale score."""
    return [side for side in sides if side.morale is not None]


class MoraleWindow:
    """A small window over the console: each scored side's morale with its -1 and +1 buttons."""

    def __init__(self, manager: pygame_gui.UIManager, at: tuple[int, int], sides: tuple[SideView, ...]) -> None:
        rows = scored(sides)
        self.window = UIWindow(pygame.Rect(at, (330, 70 + len(rows) * (ROW_H + GAP))), manager,
                               "GM: morale (outgunned)")
        self.labels: dict[str, UILabel] = {}
        self.buttons: dict[UIButton, tuple[str, int]] = {}
        for index, side in enumerate(rows):
            y = GAP + index * (ROW_H + GAP)
            self.labels[side.id] = UILabel(pygame.Rect(GAP, y, 200, ROW_H), morale_line(side), manager,
                                           container=self.window)
            for x, change in ((212, -1), (262, 1)):
                rect = pygame.Rect(x, y, 44, ROW_H)
                self.buttons[UIButton(rect, f"{change:+d}", manager, container=self.window)] = (side.id, change)

    def action(self, element, sides: tuple[SideView, ...]) -> GmOutgunned | None:
        """The action a pressed button asks for, else None."""
        what = self.buttons.get(element)
        side = next((s for s in sides if what is not None and s.id == what[0]), None)
        return outgunned_action(side, what[1]) if side is not None else None

    def refresh(self, sides: tuple[SideView, ...]) -> None:
        """Keep each row in step with the battle (after a change, an undo, a loss)."""
        for side in scored(sides):
            label = self.labels.get(side.id)
            if label is not None and label.text != morale_line(side):
                label.set_text(morale_line(side))

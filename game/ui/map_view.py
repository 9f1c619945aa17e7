"""A map view in a window (the table view, the console's map): where it is drawn, its frame
drawer and camera, the controls that cover part of it, and what was drawn over its last frame."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.battle import Battle
from game.ui.camera import Camera
from game.ui.overlays import Overlays
from game.ui.render import Frame, camera_for


@dataclass
class View:
    """One map view in a window: where it is drawn, how, and its camera."""

    window: pygame.Window
    area: pygame.Rect
    frame: Frame
    camera: Camera | None = None
    overlays: Overlays | None = None
    overlaid: list = field(default_factory=list)  # where the last frame's overlays were drawn
    below: int = 0  # pixels along the area's bottom that controls cover: fitting keeps the map above
    beside: int = 0  # pixels down the area's right-hand side that controls cover: fitting keeps the map left
    layered: list = field(default_factory=list)  # where the layers drew over the last frame's map

    def __post_init__(self) -> None:
        self.overlays = self.overlays or Overlays(self.frame.tokens.fonts, table=self.frame.view == "table")

    @property
    def seen_in(self) -> pygame.Rect:
        """The part of the area the map is seen in: above the controls along its bottom, left of
        those down its side."""
        return pygame.Rect(self.area.x, self.area.y, self.area.width - self.beside, self.area.height - self.below)

    def fit(self, battle: Battle) -> None:
        """Show the whole map in the part of the view's area it is seen in."""
        size = (self.area.width - self.beside, self.area.height)
        camera = camera_for(battle, self.frame.board, size, self.below)
        self.camera = camera.panned(self.area.x, self.area.y)

"""The console's widgets (pygame_gui) as a layer of the window: they get the console's events,
and wherever one of them lay over a map view, that map is repainted the next frame, so a window
the GM closed (an editor, a dialog) leaves nothing of its picture behind."""

from __future__ import annotations

import pygame

from game.ui.layers import Layer, Paint

SHADOW = 4
"""Pixels around a widget that its border and shadow may cover."""


class ConsoleWidgets(Layer):
    """The widget manager of the console window."""

    def __init__(self, app) -> None:
        self.app = app
        self._spots: set[tuple[int, int, int, int]] = set()

    def handle(self, event) -> bool:
        """The console's events go to its widgets; nobody else is kept from them."""
        if getattr(event, "window", None) in (None, self.app.console):
            self.app.manager.process_events(event)
        return False

    def draw(self, paint: Paint) -> None:
        """Where a widget was over a map view of the console and is no more (closed, moved), that
        map is repainted from the board in the next frame, drawn at once; widgets still there are
        drawn over the map every frame."""
        app = self.app
        root = app.manager.get_root_container()
        spots = {tuple(element.rect.inflate(2 * SHADOW, 2 * SHADOW)) for element in app.manager.get_sprite_group().sprites()
                 if element is not root and element.visible}
        gone, self._spots = self._spots - spots, spots
        for view in paint.views:
            if view.window is app.console:
                for spot in gone:
                    paint.drew_until_now(view, pygame.Rect(spot).clip(view.area))

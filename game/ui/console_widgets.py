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

    def handle(self, event) -> bool:
        """The console's events go to its widgets; nobody else is kept from them."""
        if getattr(event, "window", None) in (None, self.app.console):
            self.app.manager.process_events(event)
        return False

    def draw(self, paint: Paint) -> None:
        """Note where the widgets are over each map view of the console: drawn there this frame,
        repainted from the board the next (gone by then, or drawn again over it)."""
        app = self.app
        root = app.manager.get_root_container()
        spots = [element.rect.inflate(2 * SHADOW, 2 * SHADOW) for element in app.manager.get_sprite_group().sprites()
                 if element is not root and element.visible]
        for view in paint.views:
            if view.window is app.console:
                for spot in spots:
                    paint.drew(view, spot.clip(view.area))

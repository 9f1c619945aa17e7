"""The window's layers: every helper of the table window (the aids, the autosave, the GM's tools,
the banner and action bar, the refusal note, the briefing card) is a `Layer` the app keeps in one
tuple, the top layer first.

An event goes down the tuple until a layer takes it (`handle` returns True); once a frame the
layers `tick` and `draw` from the bottom up, each drawing onto the frame's `Paint`, which keeps
the rectangles drawn over the map so the next frame repaints them from the board. `status` adds
to the status file; `holding` says in words why the console holds the game ("" when it does
not), which the table shows; `adopt` follows a new battle the window plays.
"""

from __future__ import annotations

import pygame

from game.battle import Battle


class Layer:
    """One helper of the window. Each method does nothing until a layer has something to do."""

    def handle(self, event) -> bool:
        """One pygame event; True when this layer took it and no layer below should see it."""
        return False

    def tick(self) -> None:
        """Once a frame, before drawing."""

    def draw(self, paint: Paint) -> None:
        """Draw onto the frame's windows, after the map views; say where with `paint.drew`."""

    def status(self) -> dict:
        """Entries for the status file (where this layer's things are on screen)."""
        return {}

    def holding(self) -> str:
        """Why the console holds the game now, in a few words ("" when it does not)."""
        return ""

    def adopt(self, battle: Battle, fresh: bool) -> None:
        """The window plays this battle from now on (a new fight when `fresh`)."""


class Paint:
    """One frame's drawing: the surfaces of the map views and what the layers drew over them."""

    def __init__(self, views, now: float) -> None:
        self.views = views
        self.now = now
        self._repainted = {id(view): view.frame.repainted for view in views}
        self._drawn: dict[int, list[pygame.Rect]] = {id(view): [] for view in views}
        self.covered = False
        self.again = False
        """Whether a layer asks for the next frame to be drawn even if nothing else changes."""

    def surface(self, view) -> pygame.Surface:
        """The surface of a view's window."""
        return view.window.get_surface()

    def repainted(self, view) -> list[pygame.Rect] | None:
        """Where the view's map was drawn this frame (None: all over its window): an opaque
        picture laid over the map in the same place every frame needs laying again only there."""
        return self._repainted[id(view)]

    def drew(self, view, rect: pygame.Rect) -> None:
        """Something was drawn over the view's map in `rect`: repaint it from the board next frame."""
        if rect.width > 0 and rect.height > 0:
            self._drawn[id(view)].append(pygame.Rect(rect))

    def drew_until_now(self, view, rect: pygame.Rect) -> None:
        """Something drawn over the view's map in the frames until now is gone from this one
        (an opaque picture a layer draws every frame, now changed): repaint it from the board in
        the next frame, drawn at once."""
        self.drew(view, rect)
        self.again = True

    def cover(self) -> None:
        """Something was drawn where nobody kept track (animations, a card): repaint every view
        whole next frame."""
        self.covered = True

    def drawn(self, view) -> list[pygame.Rect]:
        """Where the layers drew over the view's map this frame."""
        return self._drawn[id(view)]

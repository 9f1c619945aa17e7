"""The window's idle work, as a layer: while nothing happens, the map's picture is drawn ahead at
the zooms one wheel step in and out of each view's (`Frame.prepare`), so the first frame after a
wheel step finds its board drawn instead of scaling the whole map first (docs/speed.md). A frame
whose board was only sketched from another zoom's picture (a wheel step to a zoom not drawn ahead,
`Board.sketch`) gets its exact picture first, at the next tick with no event waiting, even while
an animation plays; the window then draws the frame again (`WindowPainter`).

One picture a tick, and only when the window is idle: no event waiting, no animation playing,
and every view's camera as it was at the last tick (the frame after a pan or a zoom is drawn
first). Each view's picture in the direction it last zoomed comes first."""

from __future__ import annotations

import pygame

from game.ui.layers import Layer


class DrawAhead(Layer):
    """Draws each view's board ahead of a wheel step while the window is idle."""

    def __init__(self, app) -> None:
        self.app = app
        self._cameras: tuple = ()
        self._zoomed_in: dict[int, bool] = {}  # each view's last change of zoom: in (True) or out
        self.found = True
        """Whether the last frame after a change of zoom found its board drawn ahead."""

    def tick(self) -> None:
        """One picture drawn ahead, if the window is idle and one is wanted."""
        cameras = tuple(view.camera for view in self.app.views)
        if cameras != self._cameras:
            self._moved(cameras)
            return
        if pygame.event.peek():
            return
        for view in self.app.views:  # a map sketched from another zoom gets its own picture first
            if view.camera is not None and view.frame.rough and view.frame.prepare(view.camera, 0):
                return
        if self.app.aids.animations.items:
            return
        for view in self.app.views:
            first = 1 if self._zoomed_in.get(id(view), True) else -1
            if view.camera is not None and view.frame.prepare(view.camera, first):
                return

    def _moved(self, cameras: tuple) -> None:
        """A view panned or zoomed since the last tick: its frame comes first; note which way each
        view zoomed and whether its board at the new zoom was drawn ahead."""
        before = dict(zip(map(id, self.app.views), self._cameras)) if len(self._cameras) == len(cameras) else {}
        for view, camera in zip(self.app.views, cameras):
            old = before.get(id(view))
            if camera is not None and old is not None and camera.zoom != old.zoom:
                self._zoomed_in[id(view)] = camera.zoom > old.zoom
                self.found = view.frame.board.has(camera.zoom)
        self._cameras = cameras

    def status(self) -> dict:
        """Whether each view's board is drawn at the zooms one wheel step away, and whether the
        last frame after a change of zoom found its board drawn."""
        ready = [view.camera is not None and not view.frame.prepare_wanted(view.camera) for view in self.app.views]
        return {"drawn_ahead": {"ready": ready, "found": self.found}}

"""The camera: Tiled's map pixels (world) to screen pixels and back, with zoom and pan.

Pure arithmetic, no pygame: `screen = world * zoom + pan`. The hex under a screen point is
found with the layout's own picking, so a click lands on the hex Tiled would pick.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from game.hexgrid import Hex, TiledHexLayout

MIN_ZOOM = 0.05
MAX_ZOOM = 20.0


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle in world pixels: left, top, width, height."""

    x: float
    y: float
    w: float
    h: float

    def union(self, other: Rect) -> Rect:
        """The smallest rectangle holding both."""
        left, top = min(self.x, other.x), min(self.y, other.y)
        right = max(self.x + self.w, other.x + other.w)
        bottom = max(self.y + self.h, other.y + other.h)
        return Rect(left, top, right - left, bottom - top)


@dataclass(frozen=True, slots=True)
class Camera:
    """How the world is shown: `zoom` screen pixels per world pixel, `pan` = where the world
    origin lands on screen."""

    layout: TiledHexLayout
    zoom: float = 1.0
    pan: tuple[float, float] = (0.0, 0.0)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """A world pixel's place on screen."""
        return x * self.zoom + self.pan[0], y * self.zoom + self.pan[1]

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """The world pixel under a screen pixel."""
        return (sx - self.pan[0]) / self.zoom, (sy - self.pan[1]) / self.zoom

    def hex_at(self, screen_xy: tuple[float, float]) -> Hex:
        """The hex under a screen point, picked exactly as Tiled picks."""
        return self.layout.pixel_to_hex(*self.to_world(*screen_xy))

    def hex_center(self, h: Hex) -> tuple[float, float]:
        """A hex's centre on screen."""
        return self.to_screen(*_centre(self.layout, h))

    def panned(self, dx: float, dy: float) -> Camera:
        """The camera moved by (dx, dy) screen pixels."""
        return replace(self, pan=(self.pan[0] + dx, self.pan[1] + dy))

    def zoomed_at(self, screen_xy: tuple[float, float], factor: float) -> Camera:
        """Zoom by `factor` keeping the world point under `screen_xy` where it is."""
        zoom = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * factor))
        wx, wy = self.to_world(*screen_xy)
        return replace(self, zoom=zoom, pan=(screen_xy[0] - wx * zoom, screen_xy[1] - wy * zoom))


def still(camera: Camera) -> tuple[Camera, tuple[int, int]]:
    """The camera with its pan cut to less than a pixel, and the whole pixels cut off: a picture
    drawn with it (the turn's shading) is the very same after a pan by whole pixels, and lies
    on screen at its place plus those whole pixels."""
    x, y = math.floor(camera.pan[0]), math.floor(camera.pan[1])
    # rounded so that a pan there and back lands on the same camera, not one a last bit away
    return replace(camera, pan=(round(camera.pan[0] - x, 6), round(camera.pan[1] - y, 6))), (x, y)


def fit(map_bounds: Rect, screen_size: tuple[int, int], margin: tuple[int, int, int, int],
        layout: TiledHexLayout) -> Camera:
    """The camera showing the whole map as large as fits the screen inside `margin`
    (left, top, right, bottom screen pixels), centred."""
    left, top, right, bottom = margin
    room_w = max(1, screen_size[0] - left - right)
    room_h = max(1, screen_size[1] - top - bottom)
    zoom = min(room_w / max(map_bounds.w, 1), room_h / max(map_bounds.h, 1))
    zoom = min(MAX_ZOOM, max(MIN_ZOOM, zoom))
    pan_x = left + (room_w - map_bounds.w * zoom) / 2 - map_bounds.x * zoom
    pan_y = top + (room_h - map_bounds.h * zoom) / 2 - map_bounds.y * zoom
    return Camera(layout, zoom, (pan_x, pan_y))


@lru_cache(maxsize=8192)
def _centre(layout: TiledHexLayout, h: Hex) -> tuple[float, float]:
    """A hex's centre in world pixels, worked out once per layout and hex (tokens ask every frame)."""
    return layout.hex_center(h)


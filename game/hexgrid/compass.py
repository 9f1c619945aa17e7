"""Facings in a GM's words: a hex direction by the compass point it shows on the map's screen
(north up), and an angle between directions as a clock face ("2 o'clock"), never degrees.

Where a hex direction points on screen depends on the map's hex orientation: on a pointy-top
map (rows staggered, Tiled `staggeraxis="y"`) direction 0 points east and 1 north-east; on a
flat-top one (columns staggered, "x") direction 0 points south-east and 2 north (tiled/NOTES.md,
section 2). It is read here off the layout's own hex centres, so a squashed hex reads right too.
"""

from __future__ import annotations

import math

from .cube import ANGLE_TOLERANCE, DIRECTIONS, Hex
from .tiled import TiledHexLayout

COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
"""The eight points of the compass, every 45 degrees counter-clockwise from east (north up)."""
_HOUR = 30.0  # degrees of a clock face's hour


def screen_bearing(angle_degrees: float, layout: TiledHexLayout | None = None) -> float:
    """The angle on screen, counter-clockwise from east with north up, of a cube-space facing
    angle (direction i at i * 60 degrees); without a layout, cube space as a pointy-top map shows it."""
    if layout is None:
        return angle_degrees % 360.0
    east, up = _axes(layout)
    a = math.radians(angle_degrees)
    x, y = math.cos(a) * east[0] + math.sin(a) * up[0], math.cos(a) * east[1] + math.sin(a) * up[1]
    return math.degrees(math.atan2(-y, x)) % 360.0  # pixel y grows downward


def _axes(layout: TiledHexLayout) -> tuple[tuple[float, float], tuple[float, float]]:
    """The pixel vectors of cube space's 0 and 90 degrees (east and up on a pointy-top map)."""
    ox, oy = layout.hex_center(Hex(0, 0))
    (ex, ey), (nx, ny) = (layout.hex_center(DIRECTIONS[0]), layout.hex_center(DIRECTIONS[1]))
    east, northeast = (ex - ox, ey - oy), (nx - ox, ny - oy)
    root = math.sqrt(3) / 2
    return east, ((northeast[0] - 0.5 * east[0]) / root, (northeast[1] - 0.5 * east[1]) / root)


def compass_point(bearing: float) -> str:
    """The compass point nearest a screen bearing (counter-clockwise from east)."""
    return COMPASS[math.floor((bearing % 360.0) / 45.0 + 0.5) % 8]


def clock_face(bearing: float) -> str:
    """The hour a screen bearing points to on a clock face with 12 at the top: "2 o'clock"."""
    hour = math.floor(((90.0 - bearing) % 360.0) / _HOUR + 0.5) % 12
    return f"{hour or 12} o'clock"


def direction_name(direction: int, layout: TiledHexLayout | None = None) -> str:
    """A hex direction (0..5) by the compass point it shows on screen: "north-east"."""
    return compass_point(screen_bearing((direction % 6) * 60.0, layout))


def facing_name(direction: int, angle: float | None = None, layout: TiledHexLayout | None = None) -> str:
    """A facing as a GM says it: a hex direction (or an angle lying on one) by its compass
    point, any other angle by the clock face it points to on screen ("2 o'clock")."""
    if angle is None:
        return direction_name(direction, layout)
    sixths = (angle % 360.0) / 60.0
    if abs(sixths - round(sixths)) * 60.0 <= ANGLE_TOLERANCE:
        return direction_name(round(sixths), layout)
    return clock_face(screen_bearing(angle, layout))

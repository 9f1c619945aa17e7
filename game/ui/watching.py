"""Overwatch kept in sight: every unit on overwatch has the hexes it watches (`Battle.wedge`)
tinted in its side's colour and edged with a dark and a coloured line, on both views, until the
overwatch ends. The table view never shows the wedge of a watcher the map hides from it.

The wedges are laid into the frame's copy of the board with the turn's shading (`merged`), so
they cost nothing per frame; they are made again when the battle's state or the zoom changes.
"""

from __future__ import annotations

import pygame

from game.battle import Battle
from game.hexgrid import Hex
from game.ui.camera import Camera, still
from game.ui.look import INK, side_colour
from game.ui.overlays import Shading, polygon

TINT = 45  # the wedge's fill, out of 255: the terrain stays readable under it
NO_SHADING = Shading((), None, (0, 0))


class Watches:
    """The wedges of every unit on overwatch as one translucent layer, made once per state and zoom."""

    def __init__(self, view: str) -> None:
        """Wedges for a view ("table" leaves out the hidden watchers')."""
        self.view = view
        self._made = NO_SHADING

    def shading(self, battle: Battle, camera: Camera) -> Shading:
        """The layer of every wedge kept drawn now (no layer when nobody watches)."""
        camera = still(camera)[0]  # a pan by whole pixels makes no new layer
        key = ("watches", id(battle), battle.state, camera)
        if self._made.key != key:
            self._made = Shading(key, *_layer(camera, self.wedges(battle)))
        return self._made

    def wedges(self, battle: Battle) -> list[tuple[tuple[Hex, ...], tuple[int, int, int]]]:
        """Each watcher's watched hexes with its side's colour, in id order."""
        return [(battle.wedge(c.id, c.overwatch, c.overwatch_angle), side_colour(c.side))
                for c in battle.combatants()
                if c.overwatch is not None and c.in_fight and c.hex is not None
                and not (c.hidden and self.view == "table")]


def edges(camera: Camera, hexes: tuple[Hex, ...]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The outline of a set of hexes on screen: each hex edge with no hex of the set across it."""
    inside, found = set(hexes), []
    layout = camera.layout
    for h in hexes:
        cx, cy = layout.hex_center(h)
        corners = layout.hex_corners(h)
        for a, b in zip(corners, corners[1:] + corners[:1]):
            across = layout.pixel_to_hex(cx + 1.5 * ((a[0] + b[0]) / 2 - cx), cy + 1.5 * ((a[1] + b[1]) / 2 - cy))
            if across not in inside:
                found.append((camera.to_screen(*a), camera.to_screen(*b)))
    return found


def _layer(camera: Camera, wedges) -> tuple[pygame.Surface | None, tuple[int, int]]:
    """The wedges tinted and outlined on one translucent layer just big enough, and where it goes."""
    shapes = [(polygon(camera, h), colour) for hexes, colour in wedges for h in hexes]
    if not shapes:
        return None, (0, 0)
    xs = [x for points, _ in shapes for x, _ in points]
    ys = [y for points, _ in shapes for _, y in points]
    left, top = int(min(xs)) - 4, int(min(ys)) - 4
    layer = pygame.Surface((int(max(xs)) - left + 8, int(max(ys)) - top + 8), pygame.SRCALPHA)
    for points, colour in shapes:
        pygame.draw.polygon(layer, (*colour, TINT), [(x - left, y - top) for x, y in points])
    width = max(2, round(camera.zoom * camera.layout.tile_width / 20))
    for hexes, colour in wedges:
        for (ax, ay), (bx, by) in edges(camera, hexes):
            a, b = (ax - left, ay - top), (bx - left, by - top)
            pygame.draw.line(layer, INK, a, b, width + 2)
            pygame.draw.line(layer, (*colour, 255), a, b, width)
    return layer, (left, top)


def merged(first: Shading, second: Shading) -> Shading:
    """Two shadings as one layer (the second over the first), keyed by both."""
    if second.layer is None:
        return first
    if first.layer is None:
        return Shading((first.key, second.key), second.layer, second.topleft)
    a = first.layer.get_rect(topleft=first.topleft)
    b = second.layer.get_rect(topleft=second.topleft)
    both = a.union(b)
    layer = pygame.Surface(both.size, pygame.SRCALPHA)
    layer.blit(first.layer, (a.x - both.x, a.y - both.y))
    layer.blit(second.layer, (b.x - both.x, b.y - both.y))
    return Shading((first.key, second.key), layer, both.topleft)

"""The pictures of the terrain tiles: one small drawing function per terrain.

Drawings use offsets from the hex centre in pixels and stay within about 26 px of it, so the
same function serves the pointy-top (56x64) and the flat-top (64x56) tile. Bands that cross
the hex (walls, barriers) run left to right; a map rotates them with Tiled's hex rotation.
"""

from __future__ import annotations

import math

import numpy as np

from tools.raster import Canvas, convex_mask, hash_noise, shade, stable_seed
from tools.terrain_catalog import HexSize, TerrainTile

DARK_EDGE = (20, 20, 20, 0.45)
SAND = (196, 178, 128)
FLOOR = (150, 150, 146)


def draw_tile(tile: TerrainTile, size: HexSize) -> np.ndarray:
    """The tile's RGBA pixels: the motif, clipped to the hex, with a thin grid edge.

    Bands (walls, barriers, slits) join opposite hex edges: left-right on pointy tiles. The
    flat-top tile is the pointy one transposed, so there they join top and bottom.
    """
    if size.layout == "flat" and tile.name in BANDS:
        pixels = _drawn(tile, HexSize("pointy", size.height, size.width, size.side))
        pixels = np.ascontiguousarray(pixels.transpose(1, 0, 2))
    else:
        pixels = _drawn(tile, size)
    grain = GRAIN.get(tile.name, 0.0)
    if grain:
        noise = hash_noise(size.width, size.height, stable_seed(tile.name))
        pixels = shade(pixels, noise, grain)
    return pixels


def _drawn(tile: TerrainTile, size: HexSize) -> np.ndarray:
    """The motif drawn for one hex size, clipped to the hex outline."""
    canvas = Canvas(size.width, size.height)
    DRAWINGS[tile.name](canvas, size.width / 2, size.height / 2)
    corners = size.corners()
    if not tile.overlay:
        canvas.outline(corners, 2.0, DARK_EDGE)
    canvas.clip(convex_mask(canvas, corners))
    return canvas.pixels()


BANDS = frozenset({"drywall", "brick_wall", "barrier", "bunker_slit", "hazard_stripes",
                   "shipping_container"})
"""Tiles whose motif has a direction; rotated in maps with Tiled's hex rotation bits."""


GRAIN = {
    "open_ground": 0.07, "floor": 0.04, "rough_ground": 0.08, "brush": 0.07, "forest": 0.06,
    "crates": 0.04, "drywall": 0.03, "brick_wall": 0.05, "concrete_pillar": 0.05,
    "shipping_container": 0.04, "barrier": 0.04, "pretech_crystal": 0.03,
    "shallow_water": 0.03, "deep_water": 0.03, "chasm": 0.05, "bunker_slit": 0.05,
}


def _ground(c: Canvas, cx: float, cy: float) -> None:
    """Sandy open ground with a few pebbles."""
    c.fill(SAND)
    for dx, dy, r in ((-14, -12, 1.6), (9, -16, 1.2), (15, 6, 1.8), (-6, 13, 1.3), (3, 2, 1.0)):
        c.circle(cx + dx, cy + dy, r, (150, 132, 92))


def _floor(c: Canvas, cx: float, cy: float) -> None:
    """Grey concrete floor with slab joints."""
    c.fill(FLOOR)
    for k in range(-3, 4):
        c.line((cx + k * 14, 0), (cx + k * 14, 2 * cy), 0.8, (110, 110, 106, 0.6))
        c.line((0, cy + k * 14 + 7), (2 * cx, cy + k * 14 + 7), 0.8, (110, 110, 106, 0.6))


def _rough(c: Canvas, cx: float, cy: float) -> None:
    """Brown scree with grey rocks: slow going."""
    c.fill((150, 112, 72))
    rocks = ((-13, -11, 5.5), (6, -15, 4.5), (14, 0, 6), (-3, 3, 5), (-15, 10, 4.5),
             (6, 15, 5.5), (-2, -22, 3.5), (20, -10, 3.5))
    for dx, dy, r in rocks:
        c.circle(cx + dx + 1, cy + dy + 1.5, r, (70, 52, 35, 0.6))
        c.circle(cx + dx, cy + dy, r, (128, 124, 118))
        c.circle(cx + dx - r / 3, cy + dy - r / 3, r / 2.6, (170, 166, 158))


def _bush(c: Canvas, x: float, y: float, r: float) -> None:
    """One bush: three overlapping leaf clumps with a dark rim."""
    clumps = ((x - r * 0.5, y + r * 0.2), (x + r * 0.5, y + r * 0.25), (x, y - r * 0.35))
    for px, py in clumps:
        c.circle(px, py + 1.5, r * 0.75, (45, 70, 25, 0.7))
    for px, py in clumps:
        c.circle(px, py, r * 0.7, (98, 150, 52))
    c.circle(x - r * 0.2, y - r * 0.45, r * 0.3, (150, 196, 90))


def _brush(c: Canvas, cx: float, cy: float) -> None:
    """Tall grass and bushes on dry ground: partly obscured."""
    c.fill((176, 172, 104))
    for k in range(-5, 6):
        x = cx + k * 5
        c.line((x, cy + 18), (x + 2, cy + 8), 1.2, (120, 136, 60))
    for dx, dy, r in ((-11, -9, 10), (11, -4, 11), (-2, 12, 10)):
        _bush(c, cx + dx, cy + dy, r)


def _forest(c: Canvas, cx: float, cy: float) -> None:
    """Dark forest floor under big tree crowns: mostly obscured, thick wood."""
    c.fill((38, 74, 34))
    crowns = ((-11, -10, 12), (12, -6, 12.5), (-3, 13, 12.5))
    for dx, dy, r in crowns:
        c.circle(cx + dx + 2, cy + dy + 3, r, (15, 35, 12, 0.75))
    for dx, dy, r in crowns:
        c.circle(cx + dx, cy + dy, r, (46, 122, 44))
        c.ring(cx + dx, cy + dy, r - 1, 2, (24, 70, 22))
        c.circle(cx + dx - 3, cy + dy - 4, r * 0.45, (84, 162, 70))
        c.circle(cx + dx, cy + dy, 1.8, (92, 60, 30))


def _crate(c: Canvas, x: float, y: float, s: float) -> None:
    """A wooden crate seen from above: planks and a cross brace."""
    c.rect(x + 1.5, y + 2, s, s, (40, 30, 20, 0.5))
    c.rect(x, y, s, s, (170, 116, 58))
    c.outline(((x, y), (x + s, y), (x + s, y + s), (x, y + s)), 2, (90, 56, 24))
    c.line((x + 2, y + 2), (x + s - 2, y + s - 2), 2, (112, 72, 32))
    c.line((x + s - 2, y + 2), (x + 2, y + s - 2), 2, (112, 72, 32))


def _crates(c: Canvas, cx: float, cy: float) -> None:
    """Stacked crates and a shelf (see-through around them): partly obscured, thin wood."""
    _crate(c, cx - 19, cy - 17, 16)
    _crate(c, cx + 2, cy - 12, 14)
    _crate(c, cx - 10, cy + 3, 15)
    c.rect(cx + 7, cy + 5, 8, 16, (120, 84, 44))
    c.outline(((cx + 7, cy + 5), (cx + 15, cy + 5), (cx + 15, cy + 21), (cx + 7, cy + 21)),
              1.5, (70, 44, 20))


def _drywall(c: Canvas, cx: float, cy: float) -> None:
    """A pale partition wall across the hex: mostly obscured, drywall."""
    c.rect(0, cy - 4, 2 * cx, 10, (30, 30, 30, 0.35))
    c.rect(0, cy - 6, 2 * cx, 10, (236, 234, 222))
    c.line((0, cy - 6), (2 * cx, cy - 6), 1.2, (130, 128, 120))
    c.line((0, cy + 4), (2 * cx, cy + 4), 1.2, (130, 128, 120))
    for k in range(-4, 5):
        c.line((cx + k * 8, cy - 5), (cx + k * 8, cy + 3), 0.8, (196, 192, 180))


def _brick(c: Canvas, cx: float, cy: float) -> None:
    """A chest-high brick wall across the hex: partly obscured, thin stone."""
    top, height = cy - 8, 15
    c.rect(0, top + 3, 2 * cx, height, (40, 30, 20, 0.45))
    c.rect(0, top, 2 * cx, height, (176, 66, 44))
    mortar = (222, 204, 180)
    for y in (top, top + height / 2, top + height):
        c.line((0, y), (2 * cx, y), 1.1, mortar)
    for k in range(-5, 6):
        c.line((cx + k * 9, top), (cx + k * 9, top + height / 2), 1.1, mortar)
        c.line((cx + k * 9 + 4.5, top + height / 2), (cx + k * 9 + 4.5, top + height), 1.1, mortar)


def _octagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Corners of a regular octagon."""
    return [(cx + r * math.cos(math.pi / 8 + k * math.pi / 4),
             cy + r * math.sin(math.pi / 8 + k * math.pi / 4)) for k in range(8)]


def _pillar(c: Canvas, cx: float, cy: float) -> None:
    """A massive concrete pillar: impassable, tall, blocks sight, thick stone."""
    c.fill((78, 78, 76))
    c.polygon(_octagon(cx + 2, cy + 3, 24), (30, 30, 30, 0.6))
    c.polygon(_octagon(cx, cy, 24), (178, 178, 172))
    c.outline(_octagon(cx, cy, 24), 2.5, (60, 60, 58))
    c.polygon(_octagon(cx, cy, 16), (160, 160, 154))
    for k in range(-4, 5):
        c.line((cx + k * 7 - 10, cy + 10), (cx + k * 7 + 10, cy - 10), 1.2, (120, 120, 116, 0.7))


def _container(c: Canvas, cx: float, cy: float) -> None:
    """A rust-orange shipping container roof filling the hex: impassable, tall, metal."""
    c.fill((60, 40, 30))
    c.rect(cx - 27, cy - 22, 54, 44, (190, 92, 40))
    for k in range(-12, 13):
        c.line((cx + k * 4.3, cy - 21), (cx + k * 4.3, cy + 21), 1.4, (150, 64, 26))
    c.outline(((cx - 27, cy - 22), (cx + 27, cy - 22), (cx + 27, cy + 22), (cx - 27, cy + 22)),
              2.5, (90, 40, 16))
    for dx in (-22, 22):
        for dy in (-18, 18):
            c.rect(cx + dx - 2.5, cy + dy - 2.5, 5, 5, (70, 34, 14))
    c.rect(cx - 10, cy - 4, 20, 8, (236, 226, 200))
    c.line((cx - 6, cy), (cx + 6, cy), 2, (40, 40, 40))


def _barrier(c: Canvas, cx: float, cy: float) -> None:
    """A steel-blue deployable barrier with hazard stripes: partly obscured, postech."""
    top, height = cy - 7, 13
    c.rect(0, top + 3, 2 * cx, height, (20, 20, 30, 0.45))
    c.rect(0, top, 2 * cx, height, (64, 98, 146))
    c.rect(0, top + 3, 2 * cx, height - 6, (236, 196, 40))
    for k in range(-8, 9):
        x = cx + k * 7
        c.polygon(((x, top + 3), (x + 3.5, top + 3), (x + 6.5, top + height - 3),
                   (x + 3, top + height - 3)), (30, 30, 30))
    c.outline(((-2, top), (2 * cx + 2, top), (2 * cx + 2, top + height), (-2, top + height)),
              1.6, (30, 50, 80))


def _crystal(c: Canvas, cx: float, cy: float) -> None:
    """Psitech crystal spires on violet rock: impassable, tall, see-through, pretech."""
    c.fill((54, 36, 86))
    shards = (((-14, 16), (-20, -2), (-12, -22), (-5, -2), (-8, 16)),
              ((-2, 20), (-6, 0), (4, -26), (12, 0), (8, 20)),
              ((10, 14), (12, -4), (22, -14), (22, 4), (16, 16)))
    for shard in shards:
        pts = [(cx + x, cy + y) for x, y in shard]
        c.fan((sum(p[0] for p in pts) / 5, sum(p[1] for p in pts) / 5), pts, (96, 214, 236))
        c.outline(pts, 1.6, (40, 90, 150))
        c.line(pts[2], ((pts[0][0] + pts[4][0]) / 2, pts[0][1]), 1.4, (210, 250, 255, 0.9))
    c.circle(cx - 16, cy + 20, 2.5, (236, 120, 230))
    c.circle(cx + 18, cy - 20, 2, (236, 120, 230))


def _hex_points(x: float, y: float, r: float) -> list[tuple[float, float]]:
    """Corners of a small flat-top hexagon."""
    return [(x + r * math.cos(k * math.pi / 3), y + r * math.sin(k * math.pi / 3)) for k in range(6)]


def _forcefield(c: Canvas, cx: float, cy: float) -> None:
    """A shimmering cyan honeycomb, see-through: impassable, tall, pretech forcefield."""
    c.fill((90, 220, 255, 0.30))
    r = 6.5
    for i in range(-5, 6):
        for j in range(-5, 6):
            x = cx + i * 1.5 * r
            y = cy + j * math.sqrt(3) * r + (i % 2) * math.sqrt(3) * r / 2
            c.outline(_hex_points(x, y, r - 0.6), 1.0, (170, 245, 255, 0.85))
    c.circle(cx, cy, 7, (220, 255, 255, 0.55))


def _waves(c: Canvas, cx: float, cy: float, colour: tuple) -> None:
    """Short wave strokes."""
    for dx, dy in ((-14, -14), (6, -18), (12, -4), (-8, -2), (-16, 12), (4, 10), (14, 18)):
        c.polyline([(cx + dx - 5, cy + dy + 1), (cx + dx - 2, cy + dy - 1.5),
                    (cx + dx + 1, cy + dy + 1), (cx + dx + 4, cy + dy - 1.5)], 1.6, colour)


def _shallow(c: Canvas, cx: float, cy: float) -> None:
    """Light blue shallow water over sand: slow going."""
    c.fill((98, 170, 214))
    for dx, dy in ((-12, 8), (10, -10), (16, 14)):
        c.circle(cx + dx, cy + dy, 2.2, (200, 184, 130, 0.7))
    _waves(c, cx, cy, (220, 240, 255))


def _deep(c: Canvas, cx: float, cy: float) -> None:
    """Dark deep water: swimming, and submerged targets get significant-liquid cover."""
    c.fill((24, 52, 118))
    _waves(c, cx, cy, (110, 160, 230))


def _smoke(c: Canvas, cx: float, cy: float) -> None:
    """Billowing grey smoke, see-through at the edges: mostly obscured, particulates."""
    c.fill((170, 170, 170, 0.40))
    puffs = ((-12, -10, 11), (10, -12, 10), (14, 8, 11), (-10, 10, 11), (0, 0, 12), (0, 20, 8),
             (0, -22, 8))
    for dx, dy, r in puffs:
        c.circle(cx + dx + 1.5, cy + dy + 2, r, (90, 90, 90, 0.35))
    for dx, dy, r in puffs:
        c.circle(cx + dx, cy + dy, r, (214, 214, 210, 0.70))
        c.circle(cx + dx - r / 3, cy + dy - r / 3, r / 2.5, (245, 245, 242, 0.6))


def _dust(c: Canvas, cx: float, cy: float) -> None:
    """An ochre dust haze with wind streaks: partly obscured."""
    c.fill((176, 132, 70, 0.38))
    for k in range(-3, 4):
        y = cy + k * 8
        c.line((cx - 22 + (k % 2) * 6, y), (cx + 16 + (k % 2) * 6, y - 3), 2.4, (246, 226, 180, 0.8))
    for dx, dy in ((-12, -6), (10, 4), (-4, 14), (14, -14), (-18, 10), (4, -18), (18, 12), (-8, -20)):
        c.circle(cx + dx, cy + dy, 1.6, (120, 84, 40, 0.9))


def _chasm(c: Canvas, cx: float, cy: float) -> None:
    """A black ravine with a crumbling rim: impassable, but low enough to jump across."""
    c.fill((132, 100, 66))
    rim = [(cx + r * math.cos(a), cy + r * math.sin(a)) for r, a in zip(
        (30, 25, 31, 26, 32, 24, 30, 26, 31, 25, 29, 26, 32, 25, 30, 27, 31, 24),
        (k * math.pi / 9 for k in range(18)))]
    c.fan((cx, cy), rim, (82, 58, 34))
    inner = [(cx + (x - cx) * 0.8, cy + (y - cy) * 0.8) for x, y in rim]
    c.fan((cx, cy), inner, (12, 10, 14))
    c.circle(cx, cy, 9, (0, 0, 0, 0.6))


def _darkness(c: Canvas, cx: float, cy: float) -> None:
    """Deep shadow laid over whatever is below: mostly obscured."""
    c.fill((6, 6, 18, 0.62))
    c.circle(cx, cy, 18, (0, 0, 8, 0.35))
    for dx, dy in ((-10, -8), (12, 6), (-4, 16), (8, -16)):
        c.circle(cx + dx, cy + dy, 0.9, (120, 130, 200, 0.6))


def _bunker_slit(c: Canvas, cx: float, cy: float) -> None:
    """A thick concrete wall with a dark firing slit: totally obscured, thick stone."""
    c.fill((120, 120, 114))
    c.rect(0, cy - 14, 2 * cx, 28, (150, 150, 144))
    c.line((0, cy - 14), (2 * cx, cy - 14), 1.5, (80, 80, 76))
    c.line((0, cy + 14), (2 * cx, cy + 14), 1.5, (80, 80, 76))
    c.polygon(((cx - 22, cy - 7), (cx + 22, cy - 7), (cx + 16, cy + 1), (cx - 16, cy + 1)),
              (30, 30, 30))
    c.rect(cx - 16, cy - 3, 32, 3.5, (6, 6, 6))
    for dx in (-24, 24):
        c.circle(cx + dx, cy + 9, 2, (90, 90, 86))


def _hazard(c: Canvas, cx: float, cy: float) -> None:
    """Yellow and black floor paint (a landing pad edge): decoration only."""
    band = np.abs(c.ys - cy) <= 8
    stripes = ((c.xs + c.ys) // 6) % 2 == 0
    c.paint(band & stripes, (240, 200, 40, 0.85))
    c.paint(band & ~stripes, (30, 30, 30, 0.75))


def _scorch(c: Canvas, cx: float, cy: float) -> None:
    """A blast scorch mark: decoration only."""
    blot = [(cx + r * math.cos(a), cy + r * math.sin(a)) for r, a in zip(
        (18, 15, 19, 14, 17, 15, 20, 14, 16, 15, 18, 14, 17, 16),
        (k * math.pi / 7 for k in range(14)))]
    c.fan((cx, cy), blot, (30, 22, 16, 0.45))
    c.circle(cx, cy, 8, (16, 12, 10, 0.55))


DRAWINGS = {
    "open_ground": _ground, "floor": _floor, "rough_ground": _rough, "brush": _brush,
    "forest": _forest, "crates": _crates, "drywall": _drywall, "brick_wall": _brick,
    "concrete_pillar": _pillar, "shipping_container": _container, "barrier": _barrier,
    "pretech_crystal": _crystal, "forcefield": _forcefield, "shallow_water": _shallow,
    "deep_water": _deep, "smoke": _smoke, "dust": _dust, "chasm": _chasm,
    "darkness": _darkness, "bunker_slit": _bunker_slit, "hazard_stripes": _hazard,
    "scorch": _scorch,
}

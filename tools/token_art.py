"""Unit tokens: a disc in the side's colour with a white symbol (shape, not just colour)."""

from __future__ import annotations

import math

import numpy as np

from tools.raster import Canvas
from tools.terrain_catalog import SIDE_COLOURS, TOKEN_SIZE

WHITE = (250, 250, 250)


def draw_token(side: str) -> np.ndarray:
    """The token for a side as RGBA pixels (TOKEN_SIZE square)."""
    c = Canvas(TOKEN_SIZE, TOKEN_SIZE)
    m = TOKEN_SIZE / 2
    c.circle(m + 1, m + 2, m - 2, (0, 0, 0, 0.45))
    c.circle(m, m, m - 2, (30, 30, 30))
    c.circle(m, m, m - 4, WHITE)
    c.circle(m, m, m - 6.5, SIDE_COLOURS[side])
    SYMBOLS[side](c, m)
    return c.pixels()


def _star(c: Canvas, m: float) -> None:
    """Five-pointed star: the player characters."""
    points = [(m + (9 if k % 2 == 0 else 4) * math.sin(k * math.pi / 5),
               m + 0.5 - (9 if k % 2 == 0 else 4) * math.cos(k * math.pi / 5)) for k in range(10)]
    c.fan((m, m + 0.5), points, WHITE)


def _chevron(c: Canvas, m: float) -> None:
    """Upward double chevron: allies."""
    for dy in (-3, 4):
        c.polyline([(m - 7, m + dy + 3), (m, m + dy - 4), (m + 7, m + dy + 3)], 3, WHITE)


def _cross(c: Canvas, m: float) -> None:
    """Bold X: enemies."""
    c.line((m - 6.5, m - 6.5), (m + 6.5, m + 6.5), 3.5, WHITE)
    c.line((m + 6.5, m - 6.5), (m - 6.5, m + 6.5), 3.5, WHITE)


def _triangle(c: Canvas, m: float) -> None:
    """Triangle: rivals."""
    c.polygon(((m, m - 8), (m + 8, m + 6), (m - 8, m + 6)), WHITE)


def _dot(c: Canvas, m: float) -> None:
    """Open circle: bystanders."""
    c.ring(m, m, 6, 3, WHITE)


SYMBOLS = {"pcs": _star, "allies": _chevron, "enemies": _cross, "rivals": _triangle,
           "bystanders": _dot}

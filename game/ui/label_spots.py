"""Where a label may stand beside its circle (a token's disc, a target's ring, a hex's centre):
the sides each kind of label tries in order, the rings further out it stands off on, and the
leader line from the circle to a label standing off.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pygame

SIDES = {
    "cost": ("centre", "above", "below", "right", "left"),
    "odds": ("above", "right", "left", "above right", "above left", "above, leftwards", "above, rightwards",
             "below right", "below left", "below"),
    "cover": ("below", "below, rightwards", "below, leftwards", "right", "left", "below right", "below left",
              "above", "above right", "above left"),
    "name": ("below", "below, rightwards", "below, leftwards", "right", "left", "below right", "below left",
             "above", "above right", "above left", "above, rightwards", "above, leftwards"),
    "health": ("above", "above, rightwards", "above, leftwards", "right, upwards", "left, upwards", "right",
               "left", "above right", "above left", "below", "below right", "below left"),
    "condition": ("right", "left", "right, downwards", "left, downwards", "below right", "below left",
                  "above right", "above left", "below", "above"),
    "formation": ("below", "above", "right", "left"),
}
"""The sides each kind tries, in order: a name below its token, health above, odds above the ring."""

STAND_OFF = 4
"""How many rings of spots further out a label tries (each a line further) before it is left off."""
STANDING_OFF = ("below", "above", "right", "left", "below right", "above right", "below left", "above left")
"""The sides a label standing off tries, its kind's order kept: the four sides and four corners."""
DIAGONAL = 0.71  # a corner spot's corner lies just outside the circle along the diagonal


_D = DIAGONAL
PLACES = {  # each side's left and top: x + a*r + b*gap + c*width, y + a*r + b*gap + c*height
    "centre": ((0, 0, -0.5), (0, 0, -0.5)),
    "below": ((0, 0, -0.5), (1, 1, 0)), "above": ((0, 0, -0.5), (-1, -1, -1)),
    "right": ((1, 1, 0), (0, 0, -0.5)), "left": ((-1, -1, -1), (0, 0, -0.5)),
    "below right": ((_D, _D, 0), (_D, _D, 0)), "above right": ((_D, _D, 0), (-_D, -_D, -1)),
    "below left": ((-_D, -_D, -1), (_D, _D, 0)), "above left": ((-_D, -_D, -1), (-_D, -_D, -1)),
    "right, upwards": ((1, 1, 0), (0, 0, -1)), "left, upwards": ((-1, -1, -1), (0, 0, -1)),
    "right, downwards": ((1, 1, 0), (0, 0, 0)), "left, downwards": ((-1, -1, -1), (0, 0, 0)),
    "below, rightwards": ((-1, 0, 0), (1, 1, 0)), "below, leftwards": ((1, 0, -1), (1, 1, 0)),
    "above, rightwards": ((-1, 0, 0), (-1, -1, -1)), "above, leftwards": ((1, 0, -1), (-1, -1, -1)),
}
"""Where each side puts a label beside a circle: a corner's corner lies just outside the circle
along the diagonal; "below, rightwards" starts under the circle's left edge and runs right."""


def spot(side: str, beside: tuple[float, float, float], size: tuple[int, int], gap: float) -> pygame.Rect:
    """The rectangle of `size` on one side of a circle, `gap` pixels from it."""
    x, y, r = beside
    (ax, bx, cx), (ay, by, cy) = PLACES[side]
    return pygame.Rect(round(x + ax * r + bx * gap + cx * size[0]), round(y + ay * r + by * gap + cy * size[1]),
                       size[0], size[1])


def spots(wanted_kind: str, beside: tuple[float, float, float], size: tuple[int, int], gap: float,
          first: tuple[str, int] | None = None) -> Iterator[tuple[tuple[str, int], pygame.Rect]]:
    """Every spot a label may take, in the order tried: the remembered one (`first`: a side and
    how many lines out), then beside the circle on each of its kind's sides, then each ring
    further out on its sides and corners."""
    x, y, r = beside
    w, h = size
    step = h + gap
    sides = SIDES[wanted_kind]
    if first is not None and first[0] in sides and first[1] <= STAND_OFF:
        yield first, spot(first[0], beside, size, gap + first[1] * step)
    Rect = pygame.Rect  # noqa: N806  (the hot loop of the pass: one lookup, not one per spot)
    for side in sides:
        (ax, bx, cx), (ay, by, cy) = PLACES[side]
        yield (side, 0), Rect(round(x + ax * r + bx * gap + cx * w), round(y + ay * r + by * gap + cy * h), w, h)
    further = [side for side in sides if side in STANDING_OFF]
    for ring in range(1, STAND_OFF + 1):
        far = gap + ring * step
        for side in further:
            (ax, bx, cx), (ay, by, cy) = PLACES[side]
            yield (side, ring), Rect(round(x + ax * r + bx * far + cx * w), round(y + ay * r + by * far + cy * h), w, h)


def leader_for(beside: tuple[float, float, float], rect: pygame.Rect) -> tuple[int, int, int, int]:
    """A leader line from the circle's edge to the nearest point of the label."""
    x, y, r = beside
    px, py = min(max(x, rect.left), rect.right - 1), min(max(y, rect.top), rect.bottom - 1)
    length = math.hypot(px - x, py - y) or 1.0
    return round(x + (px - x) * r / length), round(y + (py - y) * r / length), round(px), round(py)


def leader_pieces(line: tuple[int, int, int, int], piece: int) -> list[pygame.Rect]:
    """A leader line as small rectangles along it (later labels keep off them)."""
    x1, y1, x2, y2 = line
    count = max(1, math.ceil(math.hypot(x2 - x1, y2 - y1) / max(4, piece)))
    points = [(x1 + (x2 - x1) * i / count, y1 + (y2 - y1) * i / count) for i in range(count + 1)]
    return [pygame.Rect(round(min(a[0], b[0])), round(min(a[1], b[1])), round(abs(b[0] - a[0])) + 1,
                        round(abs(b[1] - a[1])) + 1) for a, b in zip(points, points[1:])]

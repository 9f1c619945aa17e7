"""The shapes the label pass works with (game.ui.layout): the round things labels keep off, the
labels asked for and placed, the spots beside a circle a label may take, and leader lines.
Pure geometry: nothing is drawn."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

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

CLEAR = 0.75
"""A label beside its token keeps this many line heights from every other token's disc or ring,
so it cannot be read as theirs; where it cannot, it stands off with a leader line."""
STAND_OFF = 4
"""How many rings of spots further out a label tries (each a line further) before it is left off."""
STANDING_OFF = ("below", "above", "right", "left", "below right", "above right", "below left", "above left")
"""The sides a label standing off tries, its kind's order kept: the four sides and four corners."""
DIAGONAL = 0.71  # a corner spot's corner lies just outside the circle along the diagonal


@dataclass(frozen=True, slots=True)
class Disc:
    """A token's disc on screen (a squad has one per hex, all with its id), or another round
    thing labels keep off (a target's ring, the path's destination: owner None)."""

    owner: int | None
    x: float
    y: float
    radius: float


@dataclass(frozen=True, slots=True)
class Wanted:
    """A label asked for: its text and size, whose it is, its kind (one of `RANKS`), the circle
    it stands beside (x, y, radius: a token's disc, a target's ring, a hex's centre), its order
    among labels of its kind (lower first), and shorter texts with their sizes to try before it
    is left off."""

    text: str
    size: tuple[int, int]
    owner: int | None
    kind: str
    beside: tuple[float, float, float]
    order: int = 0
    shorter: tuple[tuple[str, tuple[int, int]], ...] = ()


@dataclass(frozen=True, slots=True)
class Placed:
    """A label where it is drawn: its text, rectangle, owner, kind, and the leader line from its
    token when it stands off (x1, y1, x2, y2; None when it stands beside its token)."""

    text: str
    rect: pygame.Rect
    owner: int | None
    kind: str
    leader: tuple[int, int, int, int] | None = None


def circle_hits(disc: Disc, rect: pygame.Rect) -> bool:
    """Whether a disc and a rectangle overlap (touching edges do not count)."""
    dx = max(rect.left - disc.x, 0.0, disc.x - rect.right)
    dy = max(rect.top - disc.y, 0.0, disc.y - rect.bottom)
    return dx * dx + dy * dy < disc.radius * disc.radius


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


def reach(want: Wanted, gap: float) -> pygame.Rect:
    """A square holding every spot the label may take in any of its texts, the leader lines to
    them, and the clearance kept around a spot beside its token: what the label's place depends on."""
    x, y, r = want.beside
    sizes = (want.size, *(size for _, size in want.shorter))
    w, h = max(size[0] for size in sizes), max(size[1] for size in sizes)
    far = r + gap + STAND_OFF * (h + gap) + max(w, h) + round(CLEAR * h) + 2
    return pygame.Rect(math.floor(x - far), math.floor(y - far), math.ceil(2 * far) + 1, math.ceil(2 * far) + 1)


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


def segment_near(disc: Disc, line: tuple[int, int, int, int]) -> bool:
    """Whether a segment passes inside a disc."""
    x1, y1, x2, y2 = line
    dx, dy = x2 - x1, y2 - y1
    length = dx * dx + dy * dy or 1
    t = max(0.0, min(1.0, ((disc.x - x1) * dx + (disc.y - y1) * dy) / length))
    nx, ny = x1 + t * dx - disc.x, y1 + t * dy - disc.y
    return nx * nx + ny * ny < disc.radius * disc.radius

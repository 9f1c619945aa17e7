"""Where every label of a frame goes: one pass over them all, pure geometry (nothing is drawn).

Both views hand the pass every label they want (names, health, odds, condition badges, cover,
the path's cost, formation words), every token's disc (each hex of a squad has one), the
labels others drew (the title, banners: `Placed` values, kept where they are) and rectangles
to keep off (an action bar). The pass places the labels in rank order, each at the first free
spot beside its own token, so that:

- no label covers another label, any token's disc (a target's ring counts as its disc), a
  rectangle kept off, or a leader line already drawn, and every label stays inside the map's
  part of the window;
- a label stands next to its token, on the sides its kind prefers (a name below, health above,
  odds above the target's ring), and clear of every other token, so it reads as its own token's
  (the odds of a target touch its ring, edged in the ring's yellow); when every such spot is
  taken it stands off, up to six lines away, with a thin leader line from its token to it (the
  line crosses no disc, and no label but its own token's);
- a label keeps its spot from frame to frame: the spot each (owner, kind) took last is tried
  first, relative to its token, so a label moves only when its token moves or a label of
  higher rank now takes its place.

What is left off, and in which order (the documented last resort): labels are placed by rank,
and a label is left off only when every spot for it, standing off included (and, where the view
allows, its shorter text), is taken by discs, kept-off rectangles or labels placed before it.
So the lowest ranks go first:

    1. formation words     2. condition badges     3. health     4. names
    5. cover text          6. odds                  7. the path's cost

and within a kind, the fallen's go before those still standing, enemies' before the PCs', and
the acting token's go last. Names on the table view are never shortened at 1280x720 and larger;
the console, and a table window smaller than that, try a name's short form ("T10") before
leaving it off. The console's tracker lists everyone, so a name left off is still on the
GM's screen.

Speed: the discs and placed labels sit in buckets of a coarse grid, and each candidate spot is
tested against the few rectangles in its buckets with `pygame.Rect.collidelistall` (in C).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

RANKS = ("cost", "name", "odds", "cover", "health", "condition", "formation")
"""The kinds of label the pass places, highest rank first (the last is the first left off)."""

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

CLEAR = 0.4
"""A label beside its token keeps this many line heights from every other token's disc or ring,
so it cannot be read as theirs; where it cannot, it stands off with a leader line."""
STAND_OFF = 6
"""How many rings of spots further out a label tries (each a line further) before it is left off."""
DIAGONAL = 0.71  # a corner spot's corner lies just outside the circle along the diagonal
CELL = 96  # the grid's bucket size in pixels: a label's spots look in a handful of buckets


@dataclass(frozen=True, slots=True)
class Disc:
    """A token's disc on screen (a squad has one per hex, all with its id); labels keep off it."""

    owner: int
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


@dataclass(frozen=True, slots=True)
class Laid:
    """The pass's result: the labels placed (in rank order) and those left off."""

    placed: tuple[Placed, ...]
    omitted: tuple[Wanted, ...]


def rank_key(wanted: Wanted) -> tuple[int, int]:
    """The order labels are placed in: by kind (`RANKS`), then by their order within it."""
    return RANKS.index(wanted.kind), wanted.order


class Buckets:
    """Rectangles in the buckets of a coarse grid, each with what it is: a disc's square keeps its
    circle beside it, a label its owner."""

    def __init__(self) -> None:
        """An empty grid."""
        self.cells: dict[tuple[int, int], tuple[list[pygame.Rect], list]] = {}

    def add(self, rect: pygame.Rect, shape: Disc | int | None = None) -> None:
        """Put a rectangle in: a disc's square with its `Disc`, a label or a leader's piece with
        its owner's id, a kept-off area with None."""
        for key in _keys(rect):
            cell = self.cells.get(key)
            if cell is None:
                cell = self.cells[key] = ([], [])
            cell[0].append(rect)
            cell[1].append(shape)

    def near(self, area: pygame.Rect) -> tuple[list[pygame.Rect], list]:
        """Everything in the buckets `area` touches (an item may come twice)."""
        rects: list[pygame.Rect] = []
        shapes: list = []
        for key in _keys(area):
            cell = self.cells.get(key)
            if cell is not None:
                rects += cell[0]
                shapes += cell[1]
        return rects, shapes


def _keys(rect: pygame.Rect) -> Iterable[tuple[int, int]]:
    """The buckets a rectangle touches."""
    left, right = rect.left // CELL, (rect.right - 1) // CELL
    top, bottom = rect.top // CELL, (rect.bottom - 1) // CELL
    return [(i, j) for i in range(left, right + 1) for j in range(top, bottom + 1)]


def circle_hits(disc: Disc, rect: pygame.Rect) -> bool:
    """Whether a disc and a rectangle overlap (touching edges do not count)."""
    dx = max(rect.left - disc.x, 0.0, disc.x - rect.right)
    dy = max(rect.top - disc.y, 0.0, disc.y - rect.bottom)
    return dx * dx + dy * dy < disc.radius * disc.radius


def spot(side: str, beside: tuple[float, float, float], size: tuple[int, int], gap: float) -> pygame.Rect:
    """The rectangle of `size` on one side of a circle, `gap` pixels from it."""
    x, y, r = beside
    w, h = size
    far, corner = r + gap, DIAGONAL * r + gap * DIAGONAL
    left = {"centre": x - w / 2, "below": x - w / 2, "above": x - w / 2, "right": x + far, "left": x - far - w,
            "below right": x + corner, "above right": x + corner, "below left": x - corner - w,
            "above left": x - corner - w, "right, upwards": x + far, "left, upwards": x - far - w,
            "right, downwards": x + far, "left, downwards": x - far - w}
    top = {"centre": y - h / 2, "below": y + far, "above": y - far - h, "right": y - h / 2, "left": y - h / 2,
           "below right": y + corner, "below left": y + corner, "above right": y - corner - h,
           "above left": y - corner - h, "right, upwards": y - h, "left, upwards": y - h,
           "right, downwards": y, "left, downwards": y}
    if side.endswith("rightwards") or side.endswith("leftwards"):
        base = side.split(",")[0]
        return pygame.Rect(round(x - r if side.endswith("rightwards") else x + r - w), round(top[base]), w, h)
    return pygame.Rect(round(left[side]), round(top[side]), w, h)


def spots(wanted_kind: str, beside: tuple[float, float, float], size: tuple[int, int], gap: float,
          first: tuple[str, int] | None = None) -> list[tuple[tuple[str, int], pygame.Rect]]:
    """Every spot a label may take, in the order tried: the remembered one (`first`: a side and
    how many lines out), then beside the circle on each of its kind's sides, then each ring
    further out."""
    step = size[1] + gap
    found = [((side, ring), spot(side, beside, size, gap + ring * step))
             for ring in range(STAND_OFF + 1) for side in SIDES[wanted_kind]
             if not (side == "centre" and ring)]
    if first is not None:
        side, ring = first
        if side in SIDES[wanted_kind] and ring <= STAND_OFF:
            found.insert(0, (first, spot(side, beside, size, gap + ring * step)))
    return found


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


class LabelLayout:
    """The label pass of one view, remembering each label's spot from the last frame."""

    def __init__(self, gap: int = 3) -> None:
        """A pass leaving `gap` pixels between a label and its token."""
        self.gap = gap
        self._last: dict[tuple[int | None, str], tuple[str, int]] = {}

    def place(self, wanted: Sequence[Wanted], discs: Sequence[Disc], inside: pygame.Rect,
              keep_off: Sequence[pygame.Rect] = (), fixed: Sequence[Placed] = ()) -> Laid:
        """Place every wanted label (see the module's rules); `fixed` labels are drawn by others
        where they are and kept off, like `keep_off`."""
        grid = Buckets()
        for disc in discs:
            r = disc.radius
            grid.add(pygame.Rect(math.floor(disc.x - r), math.floor(disc.y - r), math.ceil(2 * r) + 1,
                                 math.ceil(2 * r) + 1), disc)
        for rect in [*keep_off, *(label.rect for label in fixed)]:
            grid.add(pygame.Rect(rect))
        placed, omitted, last = [], [], {}
        for want in sorted(wanted, key=rank_key):
            found = self._first_free(want, grid, inside)
            if found is None:
                omitted.append(want)
                continue
            key, label = found
            last[(want.owner, want.kind)] = key
            placed.append(label)
            grid.add(label.rect, want.owner)
            if label.leader is not None:
                for piece in leader_pieces(label.leader, label.rect.height // 2):
                    grid.add(piece, want.owner)
        self._last = last
        return Laid(tuple(placed), tuple(omitted))

    def _first_free(self, want: Wanted, grid: Buckets, inside: pygame.Rect) -> tuple[tuple[str, int], Placed] | None:
        """The first free spot for the label or one of its shorter texts; None when there is none."""
        remembered = self._last.get((want.owner, want.kind))
        for text, size in ((want.text, want.size), *want.shorter):
            x, y, r = want.beside
            reach = round(r + self.gap + (STAND_OFF + 1) * (size[1] + self.gap)) + max(size)
            rects, shapes = grid.near(pygame.Rect(round(x) - reach, round(y) - reach, 2 * reach, 2 * reach))
            for key, rect in spots(want.kind, want.beside, size, self.gap, remembered):
                if not inside.contains(rect) or _blocked(rect, rects, shapes):
                    continue
                leader = leader_for(want.beside, rect) if key[1] else None
                if leader is None and _ambiguous(rect, want.owner, rects, shapes, round(CLEAR * size[1])):
                    continue
                if leader is not None and _crossed(leader, want.owner, rects, shapes):
                    continue
                return key, Placed(text, rect, want.owner, want.kind, leader)
        return None


def _blocked(rect: pygame.Rect, rects: list[pygame.Rect], shapes: list) -> bool:
    """Whether the rectangle overlaps a label, a kept-off area or (really, not just its square) a disc."""
    for index in rect.collidelistall(rects):
        shape = shapes[index]
        if not isinstance(shape, Disc) or circle_hits(shape, rect):
            return True
    return False


def _ambiguous(rect: pygame.Rect, owner: int | None, rects: list[pygame.Rect], shapes: list, margin: int) -> bool:
    """Whether a label beside its token would stand as near another token (within `margin`), so
    that it could be read as that one's."""
    if owner is None:
        return False
    wide = rect.inflate(2 * margin, 2 * margin)
    for index in wide.collidelistall(rects):
        shape = shapes[index]
        if isinstance(shape, Disc) and shape.owner != owner and circle_hits(shape, wide):
            return True
    return False


def _crossed(line: tuple[int, int, int, int], owner: int | None, rects: list[pygame.Rect], shapes: list) -> bool:
    """Whether a leader line would cross another token's disc or label, or a kept-off area (it
    may pass under its own token's labels)."""
    x1, y1, x2, y2 = line
    for rect, shape in zip(rects, shapes):
        if not rect.clipline(x1, y1, x2, y2):
            continue
        if isinstance(shape, Disc):
            if shape.owner != owner and _segment_near(shape, line):
                return True
        elif shape is None or shape != owner:
            return True
    return False


def _segment_near(disc: Disc, line: tuple[int, int, int, int]) -> bool:
    """Whether a segment passes inside a disc."""
    x1, y1, x2, y2 = line
    dx, dy = x2 - x1, y2 - y1
    length = dx * dx + dy * dy or 1
    t = max(0.0, min(1.0, ((disc.x - x1) * dx + (disc.y - y1) * dy) / length))
    nx, ny = x1 + t * dx - disc.x, y1 + t * dy - disc.y
    return nx * nx + ny * ny < disc.radius * disc.radius


def record(size: tuple[int, int], view: str, discs: Iterable[tuple[Disc, str]], laid: Laid,
           fixed: Sequence[Placed] = ()) -> dict:
    """What a frame drew, as `hexbattle render --layout` writes it: the window's size and view,
    every token's disc with its name, every label (those drawn by others first) and those left off."""
    labels = []
    for label in (*fixed, *laid.placed):
        entry = {"text": label.text, "rect": list(label.rect), "owner": label.owner, "kind": label.kind}
        if label.leader is not None:
            entry["leader"] = list(label.leader)
        labels.append(entry)
    return {
        "size": list(size), "view": view,
        "tokens": [{"id": disc.owner, "name": name, "disc": [round(disc.x, 1), round(disc.y, 1), round(disc.radius, 1)]}
                   for disc, name in discs],
        "labels": labels,
        "omitted": [{"text": w.text, "owner": w.owner, "kind": w.kind} for w in laid.omitted],
    }

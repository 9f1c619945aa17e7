"""Where a token's words go: the first spot beside its disc that covers no other token's disc
and no words already placed, so a crowded table never hides a neighbour."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

BELOW, RIGHT, LEFT, ABOVE = "below", "right", "left", "above"
BELOW_RIGHT, ABOVE_RIGHT, BELOW_LEFT, ABOVE_LEFT = "below right", "above right", "below left", "above left"
CORNERS = (BELOW_RIGHT, ABOVE_RIGHT, BELOW_LEFT, ABOVE_LEFT)
_ANCHORS = {BELOW: "midtop", RIGHT: "midleft", LEFT: "midright", ABOVE: "midbottom",
            BELOW_RIGHT: "topleft", ABOVE_RIGHT: "bottomleft", BELOW_LEFT: "topright", ABOVE_LEFT: "bottomright"}
_DIAGONAL = 0.7  # a point on the disc's edge along a diagonal, as a share of its half-width


def anchor(disc: pygame.Rect, side: str, gap: int) -> tuple[str, tuple[int, int]]:
    """The rectangle attribute and point that put a box on one side of a disc, or off one of its
    diagonals (a corner), `gap` away."""
    if side in CORNERS:
        reach = round(disc.width / 2 * _DIAGONAL) + gap
        dx = reach if "right" in side else -reach
        dy = reach if "below" in side else -reach
        return _ANCHORS[side], (disc.centerx + dx, disc.centery + dy)
    point = {BELOW: (disc.centerx, disc.bottom + gap), RIGHT: (disc.right + gap, disc.centery),
             LEFT: (disc.left - gap, disc.centery), ABOVE: (disc.centerx, disc.top - gap)}[side]
    return _ANCHORS[side], point


def box_at(size: tuple[int, int], disc: pygame.Rect, side: str, gap: int) -> pygame.Rect:
    """A box of `size` on one side of the disc."""
    where, point = anchor(disc, side, gap)
    box = pygame.Rect((0, 0), size)
    setattr(box, where, point)
    return box


def free_box(size: tuple[int, int], disc: pygame.Rect, sides: Sequence[str], gap: int,
             blocked: Sequence[pygame.Rect], inside: pygame.Rect) -> pygame.Rect | None:
    """The first box of `size` on the sides tried, in order, that lies `inside` (the window)
    and overlaps nothing blocked."""
    return least_hiding_box(size, disc, sides, gap, blocked, (), inside)


def least_hiding_box(size: tuple[int, int], disc: pygame.Rect, sides: Sequence[str], gap: int,
                     blocked: Sequence[pygame.Rect], hiding: Sequence[pygame.Rect],
                     inside: pygame.Rect) -> pygame.Rect | None:
    """Of the boxes on the sides tried that lie `inside` and overlap nothing blocked, the one
    hiding the least area of `hiding` (the first of equals); None if every side is blocked."""
    best, least = None, None
    for side in sides:
        box = box_at(size, disc, side, gap)
        if not inside.contains(box) or box.collidelist(blocked) != -1:
            continue
        hidden = sum(part.width * part.height for part in map(box.clip, hiding))
        if least is None or hidden < least:
            best, least = box, hidden
            if not hidden:
                break
    return best

"""What a label keeps off, and the tests a spot must pass: the labels, leader lines and kept-off
areas placed so far, and the tokens' discs (`Taken`, in flat lists `pygame.Rect.collidelist`
scans in C), a spot that overlaps one (`blocked`), stands so near another token it could be read
as that one's (`ambiguous`), or whose leader line crosses one (`crossed`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from game.ui.label_spots import leader_pieces

if TYPE_CHECKING:
    from game.ui.layout import Disc, Placed


class Taken:
    """What labels keep off, in flat lists that `pygame.Rect.collidelist` scans in C: the solid
    rectangles (labels and leader pieces with their owner's id, kept-off areas with None), and
    the discs' squares with their `Disc` for the exact test."""

    def __init__(self) -> None:
        """Nothing taken yet."""
        self.solid: list[pygame.Rect] = []
        self.owners: list[int | None] = []
        self.pieces: list[bool] = []
        """Whether each solid rectangle is a piece of a leader line (its owner's labels may lie on it)."""
        self.squares: list[pygame.Rect] = []
        self.discs: list[Disc] = []

    def add(self, rect: pygame.Rect, owner: int | None = None, piece: bool = False) -> None:
        """A solid rectangle: a label or a leader's `piece` with its owner's id, a kept-off area."""
        self.solid.append(rect)
        self.owners.append(owner)
        self.pieces.append(piece)

    @classmethod
    def of(cls, discs: Iterable[Disc], keep_off: Iterable[pygame.Rect] = (), fixed: Iterable[Placed] = ()) -> Taken:
        """What is taken before any label is placed: the discs, the kept-off areas, others' labels."""
        taken = cls()
        for disc in discs:
            taken.add_disc(disc)
        for rect in [*keep_off, *(label.rect for label in fixed)]:
            taken.add(pygame.Rect(rect))
        return taken

    def add_label(self, label: Placed) -> None:
        """A label placed, with its leader line as small pieces (later labels keep off both)."""
        self.add(label.rect, label.owner)
        if label.leader is not None:
            for piece in leader_pieces(label.leader, label.rect.height // 2):
                self.add(piece, label.owner, piece=True)

    def add_disc(self, disc: Disc) -> None:
        """A disc (its square, and the disc for the exact test)."""
        r = disc.radius
        self.squares.append(pygame.Rect(math.floor(disc.x - r), math.floor(disc.y - r),
                                        math.ceil(2 * r) + 1, math.ceil(2 * r) + 1))
        self.discs.append(disc)


def circle_hits(disc: Disc, rect: pygame.Rect) -> bool:
    """Whether a disc and a rectangle overlap (touching edges do not count)."""
    dx = max(rect.left - disc.x, 0.0, disc.x - rect.right)
    dy = max(rect.top - disc.y, 0.0, disc.y - rect.bottom)
    return dx * dx + dy * dy < disc.radius * disc.radius


def blocked(rect: pygame.Rect, near: Taken, centred: bool = False, owner: int | None = None) -> bool:
    """Whether the rectangle overlaps a label, a kept-off area or (really, not just its square) a
    disc; a label `centred` on its circle may overlap its `owner`'s discs (the path's cost on
    the destination it outlines)."""
    if rect.collidelist(near.solid) != -1 and any(
            not (near.pieces[index] and owner is not None and near.owners[index] == owner)
            for index in rect.collidelistall(near.solid)):  # a leader may pass under its own token's labels
        return True
    discs = near.discs
    for index in rect.collidelistall(near.squares):
        disc = discs[index]
        if not (centred and disc.owner == owner) and circle_hits(disc, rect):
            return True
    return False


def ambiguous(rect: pygame.Rect, owner: int | None, near: Taken, margin: int) -> bool:
    """Whether a label beside its token would stand as near another token (within `margin`), so
    that it could be read as that one's."""
    if owner is None:
        return False
    wide = rect.inflate(2 * margin, 2 * margin)
    return any(circle_hits(disc, wide) for disc in _others_met(wide, owner, near))


def crossed(line: tuple[int, int, int, int], owner: int | None, near: Taken) -> bool:
    """Whether a leader line would cross another token's disc or label, or a kept-off area (it
    may pass under its own token's labels)."""
    x1, y1, x2, y2 = line
    box = pygame.Rect(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1)
    owners = near.owners
    for index in box.collidelistall(near.solid):
        if (owners[index] != owner or owner is None) and near.solid[index].clipline(x1, y1, x2, y2):
            return True
    return any(_segment_near(disc, line) for disc in _others_met(box, owner, near))


def _others_met(box: pygame.Rect, owner: int | None, near: Taken) -> list[Disc]:
    """The discs of others than `owner` whose squares the box meets."""
    discs = near.discs
    return [discs[index] for index in box.collidelistall(near.squares) if discs[index].owner != owner]


def _segment_near(disc: Disc, line: tuple[int, int, int, int]) -> bool:
    """Whether a segment passes inside a disc."""
    x1, y1, x2, y2 = line
    dx, dy = x2 - x1, y2 - y1
    length = dx * dx + dy * dy or 1
    t = max(0.0, min(1.0, ((disc.x - x1) * dx + (disc.y - y1) * dy) / length))
    nx, ny = x1 + t * dx - disc.x, y1 + t * dy - disc.y
    return nx * nx + ny * ny < disc.radius * disc.radius

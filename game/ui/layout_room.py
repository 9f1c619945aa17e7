"""What one label pass (game.ui.layout) has room for: what labels keep off (`Taken`), the labels
placed so far (`Placing`), and the tests of a spot against them: free of what stays put during the
pass (`still`) and of the labels placed (`open_spot`, `uncrossed`), both at once (`free_now`)."""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from game.ui.layout_shapes import CLEAR, Disc, Placed, Wanted, circle_hits, leader_for, leader_pieces, segment_near

Leader = tuple[int, int, int, int]


class Taken:
    """What labels keep off, in flat lists that `pygame.Rect.collidelist` scans in C: the fixed
    rectangles (kept-off areas, others' labels), the labels placed (rectangles and leader pieces
    with their owner's id; a lifted label's slots are emptied: an empty rectangle meets nothing),
    and the discs' squares with their `Disc` for the exact test."""

    def __init__(self) -> None:
        """Nothing taken yet."""
        self.fixed: list[pygame.Rect] = []
        self.solid: list[pygame.Rect] = []
        self.owners: list[int | None] = []
        self.pieces: list[bool] = []
        """Whether each solid rectangle is a piece of a leader line (its owner's labels may lie on it)."""
        self.squares: list[pygame.Rect] = []
        self.discs: list[Disc] = []

    @classmethod
    def of(cls, discs: Iterable[Disc], keep_off: Iterable[pygame.Rect] = (), fixed: Iterable[Placed] = ()) -> Taken:
        """What is taken before any label is placed: the discs, the kept-off areas, others' labels."""
        taken = cls()
        for disc in discs:
            taken.add_disc(disc)
        taken.fixed = [pygame.Rect(rect) for rect in [*keep_off, *(label.rect for label in fixed)]]
        return taken

    def add(self, rect: pygame.Rect, owner: int | None = None, piece: bool = False) -> None:
        """A label's rectangle or a leader's `piece`, with its owner's id."""
        self.solid.append(rect)
        self.owners.append(owner)
        self.pieces.append(piece)

    def add_label(self, label: Placed) -> None:
        """A label placed, with its leader line as small pieces (later labels keep off both)."""
        self.add(pygame.Rect(label.rect), label.owner)  # its own copy (`around`)
        if label.leader is not None:
            for piece in leader_pieces(label.leader, label.rect.height // 2):
                self.add(piece, label.owner, piece=True)

    def add_disc(self, disc: Disc) -> None:
        """A disc (its square, and the disc for the exact test)."""
        r = disc.radius
        self.squares.append(pygame.Rect(math.floor(disc.x - r), math.floor(disc.y - r),
                                        math.ceil(2 * r) + 1, math.ceil(2 * r) + 1))
        self.discs.append(disc)

    def around(self, box: pygame.Rect) -> tuple:
        """What lies within a box: the labels and leader pieces (rectangles, owners, whether each
        is a piece), the fixed rectangles and the discs. The rectangles are this one's own copies,
        never changed in place (an emptied slot gets a new empty one), so they can be kept."""
        found = box.collidelistall(self.solid)
        return (tuple(map(self.solid.__getitem__, found)), tuple(map(self.owners.__getitem__, found)),
                tuple(map(self.pieces.__getitem__, found)),
                tuple(map(self.fixed.__getitem__, box.collidelistall(self.fixed))),
                tuple(map(self.discs.__getitem__, box.collidelistall(self.squares))))


def still(want: Wanted, key: tuple[str, int], rect: pygame.Rect, inside: pygame.Rect,
          near: Taken) -> Leader | bool:
    """Whether a spot is free of what stays put during a pass (the window's map area, the fixed
    rectangles, the discs; see game.ui.layout): False when it is not, else its leader line when it
    stands off, else True. A label centred on its circle may cover its owner's discs (the path's
    cost on the destination it outlines)."""
    if not inside.contains(rect) or near.fixed and rect.collidelist(near.fixed) != -1:
        return False
    owner, discs = want.owner, near.discs
    centred = key[0] == "centre"
    for index in rect.collidelistall(near.squares):
        disc = discs[index]
        if not (centred and disc.owner == owner) and circle_hits(disc, rect):
            return False
    if not key[1]:
        return owner is None or not _near_another(rect, owner, near, round(CLEAR * rect.height))
    leader = leader_for(want.beside, rect)
    return False if _crossing_still(leader, owner, near) else leader


def open_spot(owner: int | None, rect: pygame.Rect, taken: Taken) -> bool:
    """Whether no label placed lies on the rectangle (its own token's leader may pass under it)."""
    solid = taken.solid
    if rect.collidelist(solid) == -1:  # the usual answer, found in C alone
        return True
    owners, pieces = taken.owners, taken.pieces
    return all(pieces[index] and owner is not None and owners[index] == owner for index in rect.collidelistall(solid))


def uncrossed(owner: int | None, leader: Leader, taken: Taken) -> bool:
    """Whether a leader line crosses no label placed but its own token's."""
    x1, y1, x2, y2 = leader
    box = pygame.Rect(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1)
    owners, solid = taken.owners, taken.solid
    return not any((owners[index] != owner or owner is None) and solid[index].clipline(x1, y1, x2, y2)
                   for index in box.collidelistall(solid))


def free_now(want: Wanted, key: tuple[str, int], rect: pygame.Rect, taken: Taken,
             inside: pygame.Rect) -> Leader | None | bool:
    """Whether a spot is free, checked whole (the labels placed first: the cheaper test when most
    spots are free): False when it is not, else its leader line (None beside its token)."""
    if not open_spot(want.owner, rect, taken):
        return False
    found = still(want, key, rect, inside, taken)
    if found is True:
        return None
    return found if found is False or uncrossed(want.owner, found, taken) else False


class Placing:
    """The labels placed so far, each with the slots its rectangle and leader pieces hold in
    `Taken.solid`, so one can be lifted (its slots emptied), put back, or moved while the pass
    makes room."""

    def __init__(self) -> None:
        """Nothing placed."""
        self.entries: list[list] = []  # [want, key, label, slots, saved rects, standing]
        self.slot_of: list[int] = []
        self.settled: set[int] = set()

    def put(self, want: Wanted, key: tuple[str, int], label: Placed, taken: Taken, settled: bool = False) -> int:
        """Place a label (`settled`: where it stood last frame, so it is never moved); returns its entry."""
        self.entries.append([want, key, label, self._add(label, taken, len(self.entries)), None, True])
        if settled:
            self.settled.add(len(self.entries) - 1)
        return len(self.entries) - 1

    def _add(self, label: Placed, taken: Taken, entry: int) -> range:
        start = len(taken.solid)
        taken.add_label(label)
        self.slot_of += [entry] * (len(taken.solid) - start)
        return range(start, len(taken.solid))

    def only_blocker(self, rect: pygame.Rect, taken: Taken) -> int | None:
        """The one placed label whose rectangle or leader is all that meets `rect`, if there is one
        and it may move (it does not stand where it stood last frame)."""
        entries = {self.slot_of[index] for index in rect.collidelistall(taken.solid)}
        if len(entries) != 1 or entries <= self.settled:
            return None
        return next(iter(entries))

    def lift(self, entry: int, taken: Taken) -> list[pygame.Rect]:
        """Take a label off the board for now (its slots emptied); returns where it lay."""
        record = self.entries[entry]
        record[4] = [taken.solid[index] for index in record[3]]
        for index in record[3]:
            taken.solid[index] = pygame.Rect(0, 0, 0, 0)
        record[5] = False
        return record[4]

    def restore(self, entry: int, taken: Taken) -> None:
        """Put a lifted label back where it was."""
        record = self.entries[entry]
        for index, rect in zip(record[3], record[4]):
            taken.solid[index] = rect
        record[5] = True

    def move(self, entry: int, key: tuple[str, int], label: Placed, taken: Taken) -> None:
        """A lifted label placed at its new spot."""
        record = self.entries[entry]
        record[1], record[2], record[3], record[5] = key, label, self._add(label, taken, entry), True

    def wanted_of(self, entry: int) -> Wanted:
        """What the label placed in this entry was asked as."""
        return self.entries[entry][0]

    def labels(self) -> list[tuple[Wanted, tuple[str, int], Placed]]:
        """Every label on the board, in the order first placed."""
        return [(want, key, label) for want, key, label, _, _, standing in self.entries if standing]


def _near_another(rect: pygame.Rect, owner: int, near: Taken, margin: int) -> bool:
    """Whether a label beside its token would stand as near another token (within `margin`), so
    that it could be read as that one's."""
    wide = rect.inflate(2 * margin, 2 * margin)
    discs = near.discs
    for index in wide.collidelistall(near.squares):
        disc = discs[index]
        if disc.owner != owner and circle_hits(disc, wide):
            return True
    return False


def _crossing_still(line: Leader, owner: int | None, near: Taken) -> bool:
    """Whether a leader line would cross a fixed rectangle or another token's disc."""
    x1, y1, x2, y2 = line
    box = pygame.Rect(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1)
    fixed = near.fixed
    if any(fixed[index].clipline(x1, y1, x2, y2) for index in box.collidelistall(fixed)):
        return True
    discs = near.discs
    return any(discs[index].owner != owner and segment_near(discs[index], line)
               for index in box.collidelistall(near.squares))

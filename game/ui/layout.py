"""Where every label of a frame goes: one pass over them all, pure geometry (nothing is drawn).

Both views hand the pass every label they want (names, health, odds, condition words, cover,
the path's cost, formation words), every token's disc (each hex of a squad has one) and the
other round things labels keep off (target rings, the acting mark, the path's destination),
the labels others drew (the title, banners: `Placed` values, kept where they are) and
rectangles to keep off (an action bar). The pass places the labels in rank order, each at the
first free spot beside its own token, so that:

- no label covers another label, a disc or ring, a rectangle kept off, or a leader line
  already drawn, and every label stays inside the map's part of the window;
- a label stands next to its token, on the sides its kind prefers (a name below, health above,
  odds above the target's ring), and clear of every other token, so it reads as its own token's
  (the odds of a target touch its ring, edged in the ring's yellow); when every such spot is
  taken it stands off, up to four lines away, with a leader line from its token to it (the line
  crosses no other token's disc or label);
- a label keeps its place from frame to frame: while its token stays, the place it had is
  tried first (even when the ring or mark it stood beside has gone: it does not jump back);
  when its token moves, the side it had. So a label moves only when its token moves or a
  label of higher rank, a ring or a mark now needs its place.

When a label finds every spot taken, the pass makes room before giving up: a spot where one
label placed before it is all that is in the way is taken if that label finds another spot of
its own (it moves, the new one stands there). A greedy pass alone left "Boomer" off the default
map at 1280x800: Rustjaw Kell's name and Lune's had taken the two spots beside him that were free.

What is left off, and in which order (the documented last resort): labels are placed by rank,
and a label is left off only when every spot for it, standing off included (and, where the view
allows, its shorter text), is taken by discs, kept-off rectangles or labels placed before it,
and no single one of those labels can make room (a label left off is tried once more at the end
when a label moved after its turn, so nothing left off would fit in the final picture). So the
lowest ranks go first:

    1. formation words     2. condition words     3. health     4. cover text
    5. odds                6. names                7. the path's cost

(names are placed before odds: the longer labels find room first, and a name is what tells a
token from its fellows). Within a kind, the fallen's go first, then those of everyone else
standing, the allies', the PCs', and the acting token's last. Names on the table view are never
shortened at 1280x720 and larger; the console, and a table window smaller than that, try a
name's short form ("T10") before leaving it off. The console's tracker lists everyone, so a
name left off is still on the GM's screen.

Speed: each candidate spot is tested against every label and disc placed so far with
`pygame.Rect.collidelist` and `collidelistall`, which scan in C (a frame holds a few hundred
rectangles: scanning them all costs less than gathering them from a grid's buckets); only the
discs whose squares it meets get the exact circle test in Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import pygame

from game.ui.label_room import Taken, ambiguous, blocked, crossed
from game.ui.label_spots import leader_for, spots

RANKS = ("cost", "name", "odds", "cover", "health", "condition", "formation")
"""The kinds of label the pass places, highest rank first (the last is the first left off)."""

CLEAR = 0.75
"""A label beside its token keeps this many line heights from every other token's disc or ring,
so it cannot be read as theirs; where it cannot, it stands off with a leader line."""
REPAIRS = 24
"""How many labels a pass may make room for by moving one label placed before them (a crowded
window would otherwise spend its frame trying: past this, labels are left off at once)."""


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


@dataclass(frozen=True, slots=True)
class Laid:
    """The pass's result: the labels placed (in rank order) and those left off."""

    placed: tuple[Placed, ...]
    omitted: tuple[Wanted, ...]


def rank_key(wanted: Wanted) -> tuple[int, int]:
    """The order labels are placed in: by kind (`RANKS`), then by their order within it."""
    return RANKS.index(wanted.kind), wanted.order


class LabelLayout:
    """The label pass of one view, remembering each label's spot from the last frame."""

    def __init__(self, gap: int = 3) -> None:
        """A pass leaving `gap` pixels between a label and its token."""
        self.gap = gap
        self._last: dict[tuple[int | None, str], tuple[tuple[str, int], Placed, tuple[float, float]]] = {}
        """Each (owner, kind)'s spot in the last frame: its side and ring, the label, its token's centre."""

    def place(self, wanted: Sequence[Wanted], discs: Sequence[Disc], inside: pygame.Rect,
              keep_off: Sequence[pygame.Rect] = (), fixed: Sequence[Placed] = ()) -> Laid:
        """Place every wanted label (see the module's rules); `fixed` labels are drawn by others
        where they are and kept off, like `keep_off`. A label with no free spot may take one that
        a single label placed before it alone blocks, when that label finds another (`_make_room`)."""
        taken = Taken.of(discs, keep_off, fixed)
        board = _Board(len(taken.solid))
        omitted, repairs = [], REPAIRS
        for want in sorted(wanted, key=rank_key):
            found = self.first_free(want, taken, inside)
            if found is not None:
                board.put(want, *found, taken, settled=self._kept(want, found[1]))
            elif repairs > 0 and self._make_room(want, taken, inside, board):
                repairs -= 1
            else:
                omitted.append((want, repairs))
        omitted = self._again(omitted, repairs, taken, inside, board)
        self._last = {(w.owner, w.kind): (key, label, w.beside[:2]) for w, key, label in board.labels()}
        return Laid(tuple(label for _, _, label in board.labels()), tuple(omitted))

    def _kept(self, want: Wanted, label: Placed) -> bool:
        """Whether the label stands where it stood in the last frame, its token not having moved
        (such a label is not moved to make room for another: places are stable)."""
        last = self._last.get((want.owner, want.kind))
        return last is not None and last[2] == want.beside[:2] and last[1].rect == label.rect

    def _again(self, omitted: list[tuple[Wanted, int]], repairs: int, taken: Taken, inside: pygame.Rect,
               board: _Board) -> list[Wanted]:
        """The labels left off tried once more, in rank order, where a label moved to make room
        after they were tried (it may have left a spot free): so nothing left off would fit in the
        final picture. Those still without a spot."""
        left = []
        for want, repairs_then in omitted:
            found = self.first_free(want, taken, inside) if repairs_then != repairs else None
            if found is None:
                left.append(want)
            else:
                board.put(want, *found, taken)
        return left

    def first_free(self, want: Wanted, taken: Taken, inside: pygame.Rect) -> tuple[tuple[str, int], Placed] | None:
        """The first free spot for the label or one of its shorter texts (the last frame's place
        tried first), with the side and ring it took; None when there is none."""
        texts = ((want.text, want.size), *want.shorter)
        last = self._last.get((want.owner, want.kind))
        if last is not None and last[2] == want.beside[:2]:  # its token stays: its place first, in its words
            for text, size in texts:
                if size == last[1].rect.size:
                    label = self._fits(want, text, last[0], pygame.Rect(last[1].rect), taken, inside)
                    if label is not None:
                        return last[0], label
        for text, size in texts:
            for key, rect in self._tried(want, size):
                label = self._fits(want, text, key, rect, taken, inside)
                if label is not None:
                    return key, label
        return None

    @staticmethod
    def _fits(want: Wanted, text: str, key: tuple[str, int], rect: pygame.Rect, taken: Taken,
              inside: pygame.Rect) -> Placed | None:
        """The label at this spot if it may stand there (inside, on nothing taken, beside its
        token and no other, or standing off with a leader line crossing nothing), else None."""
        if not inside.contains(rect) or blocked(rect, taken, key[0] == "centre", want.owner):
            return None
        if not key[1]:
            return None if ambiguous(rect, want.owner, taken, round(CLEAR * rect.height)) else \
                Placed(text, rect, want.owner, want.kind)
        leader = leader_for(want.beside, rect)
        return None if crossed(leader, want.owner, taken) else Placed(text, rect, want.owner, want.kind, leader)

    def _make_room(self, want: Wanted, taken: Taken, inside: pygame.Rect, board: _Board) -> bool:
        """A spot for a label that found none: one where a single label placed before it is all
        that is in the way, and that label finds another spot (in its own order) once this one is
        taken. Both are then placed (True); otherwise nothing changes (False). A label standing
        where it stood last frame is never the one moved."""
        for key, rect in self._tried(want, want.size):
            blocker = board.only_blocker(rect, taken) if inside.contains(rect) else None
            if blocker is None:
                continue
            board.lift(blocker, taken)
            label = self._fits(want, want.text, key, rect, taken, inside)
            if label is not None:
                mine = board.put(want, key, label, taken)
                moved = self.first_free(board.wanted_of(blocker), taken, inside)
                if moved is not None:
                    board.move(blocker, *moved, taken)
                    return True
                board.drop(mine, taken)
            board.restore(blocker, taken)
        return False

    def _tried(self, want: Wanted, size: tuple[int, int]) -> Iterator[tuple[tuple[str, int], pygame.Rect]]:
        """The spots in the order tried (after its place in the last frame, which `first_free`
        tries first while its token stays: even if a ring or mark it stood beside has gone, it
        does not jump back): its last side and ring around the token's place, then every spot."""
        last = self._last.get((want.owner, want.kind))
        yield from spots(want.kind, want.beside, size, self.gap, last[0] if last is not None else None)


class _Board:
    """The labels placed so far, each with the slots its rectangle and leader pieces hold in
    `Taken.solid`, so one can be lifted (its slots emptied: an empty rectangle meets nothing),
    put back, or moved while the pass makes room."""

    def __init__(self, base: int) -> None:
        """Nothing placed; the first `base` slots of `Taken.solid` are others' (never moved)."""
        self.base = base
        self.entries: list[list] = []  # [want, key, label, slots, saved rects, standing]
        self.slot_of: list[int | None] = [None] * base
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
        """The one placed label whose rectangle or leader is all that meets `rect`, if there is one."""
        hits = rect.collidelistall(taken.solid)
        entries = {self.slot_of[index] for index in hits}
        if len(entries) != 1 or None in entries or entries <= self.settled:
            return None
        return next(iter(entries))

    def lift(self, entry: int, taken: Taken) -> None:
        """Take a label off the board for now (its slots emptied)."""
        record = self.entries[entry]
        record[4] = [taken.solid[index] for index in record[3]]
        for index in record[3]:
            taken.solid[index] = pygame.Rect(0, 0, 0, 0)
        record[5] = False

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

    def drop(self, entry: int, taken: Taken) -> None:
        """Take a label off the board for good."""
        self.lift(entry, taken)

    def wanted_of(self, entry: int) -> Wanted:
        """What the label placed in this entry was asked as."""
        return self.entries[entry][0]

    def labels(self) -> list[tuple[Wanted, tuple[str, int], Placed]]:
        """Every label on the board, in the order first placed."""
        return [(want, key, label) for want, key, label, _, _, standing in self.entries if standing]


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

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
At most `REPAIRS` labels a pass try this (a crowded window would otherwise spend its frame
trying); the rest are left off at once.

What is left off, and in which order (the documented last resort): labels are placed by rank,
and a label is left off only when every spot for it, standing off included (and, where the view
allows, its shorter text), is taken by discs, kept-off rectangles or labels placed before it,
and (for the first `REPAIRS` such labels) no single one of those labels can make room; a label
left off is tried once more at the end when a label moved away from within its reach after its
turn, so nothing left off would fit in the final picture. So the lowest ranks go first:

    1. formation words     2. condition words     3. health     4. cover text
    5. odds                6. names                7. the path's cost

(names are placed before odds: the longer labels find room first, and a name is what tells a
token from its fellows). Within a kind, the fallen's go first, then those of everyone else
standing, the allies', the PCs', and the acting token's last. Names on the table view are never
shortened at 1280x720 and larger; the console, and a table window smaller than that, try a
name's short form ("T10") before leaving it off. The console's tracker lists everyone, so a
name left off is still on the GM's screen.

Speed: each candidate spot is tested against the labels placed so far with
`pygame.Rect.collidelist` and `collidelistall`, which scan in C (a frame holds a few hundred
rectangles: scanning them all costs less than gathering them from a grid's buckets); only the
discs whose squares it meets get the exact circle test in Python. A label left off in the last
frame is left off again without trying its spots when all that lies within its reach (the
labels placed before it, their leader lines, the kept-off areas, the discs, the map's area, its
own text and place) is as it was when it found no spot then: each spot would be taken again
(docs/speed.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pygame

from game.ui.layout_room import Placing, Taken, free_now
from game.ui.layout_shapes import (CLEAR, SIDES, STAND_OFF, Disc, Placed, Wanted, circle_hits, leader_for, reach,
                                   spot, spots)

__all__ = ["CLEAR", "RANKS", "REPAIRS", "SIDES", "STAND_OFF", "Disc", "LabelLayout", "Laid", "Placed", "Taken",
           "Wanted", "circle_hits", "leader_for", "rank_key", "record", "spot", "spots"]

RANKS = ("cost", "name", "odds", "cover", "health", "condition", "formation")
"""The kinds of label the pass places, highest rank first (the last is the first left off)."""
_RANK = {kind: index for index, kind in enumerate(RANKS)}

REPAIRS = 24
"""How many labels that find no spot a pass lets try to make room, by moving one label placed
before them (a crowded window would otherwise spend its frame trying: past this, labels are left
off at once). No frame of the bundled maps, at 1280x800 to 3840x2160, has that many."""


@dataclass(frozen=True, slots=True)
class Laid:
    """The pass's result: the labels placed (in rank order) and those left off."""

    placed: tuple[Placed, ...]
    omitted: tuple[Wanted, ...]


def rank_key(wanted: Wanted) -> tuple[int, int]:
    """The order labels are placed in: by kind (`RANKS`), then by their order within it."""
    return _RANK[wanted.kind], wanted.order


class LabelLayout:
    """The label pass of one view, remembering each label's spot from the last frame."""

    def __init__(self, gap: int = 3) -> None:
        """A pass leaving `gap` pixels between a label and its token."""
        self.gap = gap
        self._last: dict[tuple[int | None, str], tuple[tuple[str, int], Placed, tuple[float, float]]] = {}
        """Each (owner, kind)'s spot in the last frame: its side and ring, the label, its token's centre."""
        self._left_off: dict[tuple[int | None, str], tuple] = {}
        """Each (owner, kind) left off in the last frame: what lay within its reach when it found no spot."""

    def place(self, wanted: Sequence[Wanted], discs: Sequence[Disc], inside: pygame.Rect,
              keep_off: Sequence[pygame.Rect] = (), fixed: Sequence[Placed] = ()) -> Laid:
        """Place every wanted label (see the module's rules); `fixed` labels are drawn by others
        where they are and kept off, like `keep_off`. A label with no free spot may take one that
        a single label placed before it alone blocks, when that label finds another (`_make_room`)."""
        room = _Room(Taken.of(discs, keep_off, fixed), inside)
        omitted, repairs, failed = [], REPAIRS, {}
        for want in sorted(wanted, key=rank_key):
            found = self._first_try(want, room, failed)
            if found is not None:
                room.placing.put(want, *found, room.taken, settled=self._kept(want, found[1]))
                continue
            trying, repairs = repairs > 0, repairs - 1
            if not (trying and self._make_room(want, room)):
                omitted.append((want, len(room.vacated)))
        left = self._again(omitted, room)
        placed = room.placing.labels()
        self._last = {(w.owner, w.kind): (key, label, w.beside[:2]) for w, key, label in placed}
        self._left_off = {(w.owner, w.kind): failed[id(w)] for w in left if id(w) in failed}
        return Laid(tuple(label for _, _, label in placed), tuple(left))

    def _first_try(self, want: Wanted, room: _Room, failed: dict[int, tuple]) -> tuple[tuple[str, int], Placed] | None:
        """`first_free` for a label's first try in a pass; a label left off in the last frame is
        left off again without trying when all within its reach is as it was when it found no spot
        then (each spot would be taken again). A label finding none is noted so, with what lies
        within its reach (`failed`, by the label's id)."""
        left_off = self._left_off.get((want.owner, want.kind))
        seen = self._surroundings(want, room) if left_off is not None else None
        if seen is not None and seen == left_off:
            failed[id(want)] = seen
            return None
        found = self._first_free(want, room)
        if found is None:
            failed[id(want)] = seen or self._surroundings(want, room)
        return found

    def _surroundings(self, want: Wanted, room: _Room) -> tuple:
        """Everything a label's spots depend on: the label, its place in the last frame, the map's
        area, and what lies within its reach (`Taken.around`)."""
        return want, self._last.get((want.owner, want.kind)), tuple(room.inside), room.taken.around(reach(want, self.gap))

    def _kept(self, want: Wanted, label: Placed) -> bool:
        """Whether the label stands where it stood in the last frame, its token not having moved
        (such a label is not moved to make room for another: places are stable)."""
        last = self._last.get((want.owner, want.kind))
        return last is not None and last[2] == want.beside[:2] and last[1].rect == label.rect

    def _again(self, omitted: list[tuple[Wanted, int]], room: _Room) -> list[Wanted]:
        """The labels left off tried once more, in rank order, where a label moved away from
        within their reach after they were tried (it may have left a spot free): so nothing left
        off would fit in the final picture. Those still without a spot."""
        left = []
        for want, vacated_then in omitted:
            moved_away = room.vacated[vacated_then:]
            found = None
            if moved_away and reach(want, self.gap).collidelist(moved_away) != -1:
                found = self._first_free(want, room)
            if found is None:
                left.append(want)
            else:
                room.placing.put(want, *found, room.taken)
        return left

    def first_free(self, want: Wanted, taken: Taken, inside: pygame.Rect) -> tuple[tuple[str, int], Placed] | None:
        """The first free spot for the label or one of its shorter texts (the last frame's place
        tried first), with the side and ring it took; None when there is none."""
        return self._first_free(want, _Room(taken, inside))

    def _first_free(self, want: Wanted, room: _Room) -> tuple[tuple[str, int], Placed] | None:
        for key, rect, text, _ in self._candidates(want):
            leader = free_now(want, key, rect, room.taken, room.inside)
            if leader is not False:
                return key, Placed(text, rect, want.owner, want.kind, leader)
        return None

    def _candidates(self, want: Wanted) -> Iterator[tuple[tuple[str, int], pygame.Rect, str, int]]:
        """Every spot the label may take, in the order tried, with its text and which of the
        label's texts it is (-1: the place it had): while its token stays, the place it had, in
        its words (even if a ring or mark it stood beside has gone: it does not jump back); then,
        for its text and each shorter one in turn, its last side and ring around the token's
        place, then every spot."""
        texts = ((want.text, want.size), *want.shorter)
        last = self._last.get((want.owner, want.kind))
        if last is not None and last[2] == want.beside[:2]:
            for text, size in texts:
                if size == last[1].rect.size:
                    yield last[0], pygame.Rect(last[1].rect), text, -1
        first = last[0] if last is not None else None
        for index, (text, size) in enumerate(texts):
            for key, rect in spots(want.kind, want.beside, size, self.gap, first):
                yield key, rect, text, index

    def _make_room(self, want: Wanted, room: _Room) -> bool:
        """A spot for a label that found none: one where a single label placed before it is all
        that is in the way, and that label finds another spot (in its own order) once this one is
        taken. Both are then placed (True); otherwise nothing changes (False). A label standing
        where it stood last frame is never the one moved."""
        placing, taken, inside = room.placing, room.taken, room.inside
        for key, rect, _, index in self._candidates(want):
            if index != 0 or not inside.contains(rect):  # its own text's spots, in the map's area
                continue
            blocker = placing.only_blocker(rect, taken)
            if blocker is None:
                continue
            lifted = placing.lift(blocker, taken)
            leader = free_now(want, key, rect, taken, inside)
            if leader is not False:
                mine = placing.put(want, key, Placed(want.text, rect, want.owner, want.kind, leader), taken)
                moved = self._first_free(placing.wanted_of(blocker), room)
                if moved is not None:
                    placing.move(blocker, *moved, taken)
                    room.vacated += lifted
                    return True
                placing.lift(mine, taken)
            placing.restore(blocker, taken)
        return False


class _Room:
    """One pass's working state: what is taken, the labels placed, the map's area, and where
    labels moved away from while the pass made room (in order)."""

    def __init__(self, taken: Taken, inside: pygame.Rect) -> None:
        self.taken, self.inside = taken, inside
        self.placing = Placing()
        self.vacated: list[pygame.Rect] = []


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

"""Squad footprints and formations: pure hex geometry (Seed 002, Squads: Squad Size; Ruling: Squads).

A squad covers one hex per three units, rounded up, and its hexes always form one connected
group. A footprint is kept in *growth order*: the anchor first, then each hex next to one
before it, so every prefix is connected too. Losing hexes from the end therefore never splits
the squad, which is the default when casualties shrink it.

The formations a player picks from, each a shape of `size` hexes around an anchor facing one
of the six hex directions: a line across the facing, a column trailing behind its head, a
wedge with its tip forward, and a blob (the nearest usable hexes, flowing around obstacles).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from math import ceil

from game.hexgrid import Hex, distance, neighbor, neighbors

SHAPED = ("line", "column", "wedge")
"""Formations with a facing (one of the six hex directions)."""
FORMATIONS = SHAPED + ("blob",)


def connected(hexes: Iterable[Hex]) -> bool:
    """Whether the hexes form one group, each reachable from any other through the group."""
    group = set(hexes)
    if not group:
        return False
    return len(_flood(min(group), group)) == len(group)


def _flood(start: Hex, group: set[Hex]) -> list[Hex]:
    """The hexes of `group` reachable from `start` through the group, breadth first."""
    order, seen, queue = [start], {start}, deque([start])
    while queue:
        here = queue.popleft()
        for step in neighbors(here):
            if step in group and step not in seen:
                seen.add(step)
                order.append(step)
                queue.append(step)
    return order


def growth_order(hexes: Sequence[Hex]) -> tuple[Hex, ...]:
    """The hexes in growth order from the first (the anchor): breadth first, neighbours in
    direction order. Hexes cut off from the anchor are left out (check `connected` first)."""
    return tuple(_flood(hexes[0], set(hexes))) if hexes else ()


def following(start: Sequence[Hex], path: Sequence[Hex]) -> tuple[Hex, ...]:
    """Where a squad standing on `start` (anchor first, in growth order) stands once its head
    (the anchor) has walked `path` and the rest followed in its wake: the head's last hex, the
    hexes it walked back towards its start, then its old hexes; as many as it had, each once.
    One connected group: each hex is next to one listed before it."""
    return tuple(dict.fromkeys((*reversed(path), *start)))[:len(start)]


def cut_off(hexes: Sequence[Hex]) -> Hex | None:
    """The first hex not joined to the anchor (the first hex) through the others, or None."""
    joined = set(growth_order(hexes))
    return next((h for h in hexes if h not in joined), None)


def line(anchor: Hex, facing: int, size: int) -> tuple[Hex, ...]:
    """A firing line across the facing, centred on the anchor: hexes alternate left and right,
    each wing zig-zagging so the line runs square to the facing."""
    hexes, left, right = [anchor], anchor, anchor
    for k in range(1, size):
        if k % 2:
            step = (k + 1) // 2
            left = neighbor(left, facing + (1 if step % 2 else 2))
            hexes.append(left)
        else:
            step = k // 2
            right = neighbor(right, facing + (5 if step % 2 else 4))
            hexes.append(right)
    return tuple(hexes)


def column(anchor: Hex, facing: int, size: int) -> tuple[Hex, ...]:
    """A file with its head on the anchor, trailing straight back from the facing."""
    hexes = [anchor]
    for _ in range(1, size):
        hexes.append(neighbor(hexes[-1], facing + 3))
    return tuple(hexes)


def wedge(anchor: Hex, facing: int, size: int) -> tuple[Hex, ...]:
    """An arrowhead: its tip on the anchor pointing at the facing, each row behind one wider,
    filled from the middle out."""
    hexes, row = [anchor], 1
    while len(hexes) < size:
        for j in sorted(range(row + 1), key=lambda j: (abs(2 * j - row), j)):
            corner = anchor
            for _ in range(row - j):
                corner = neighbor(corner, facing + 2)
            for _ in range(j):
                corner = neighbor(corner, facing + 4)
            hexes.append(corner)
        row += 1
    return tuple(hexes[:size])


def blob(anchor: Hex, size: int, usable: Callable[[Hex], bool]) -> tuple[Hex, ...] | None:
    """The anchor and the usable hexes nearest it, grown one neighbour at a time (so it flows
    around walls and others); None when fewer than `size` usable hexes join up."""
    return grow((anchor,), size, usable)


def grow(hexes: Sequence[Hex], size: int, usable: Callable[[Hex], bool]) -> tuple[Hex, ...] | None:
    """A group grown to `size` by adding, one at a time, the usable neighbour nearest its first
    hex (ties in hex order); None when it cannot reach that size."""
    grown = list(hexes)
    while len(grown) < size:
        taken = set(grown)
        edge = {n for h in grown for n in neighbors(h) if n not in taken and usable(n)}
        if not edge:
            return None
        grown.append(min(edge, key=lambda h: (distance(grown[0], h), h)))
    return tuple(grown)


def shape(kind: str, anchor: Hex, facing: int, size: int) -> tuple[Hex, ...]:
    """A shaped formation (line, column or wedge) of `size` hexes."""
    return {"line": line, "column": column, "wedge": wedge}[kind](anchor, facing % 6, size)


def units_reached(units: int, hexes_reached: int, footprint: int) -> int:
    """Units an area attack reaches when it covers `hexes_reached` of the footprint's hexes: the
    units spread evenly over the footprint (never more than 3 a hex), fractions rounded up in
    the attacker's favour (Seed 002, Squad Combat Notes; Ruling: Squads)."""
    if footprint <= 0 or hexes_reached <= 0:
        return 0
    return min(units, ceil(units * min(hexes_reached, footprint) / footprint))

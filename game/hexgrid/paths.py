"""Shortest paths over a map of entry costs, fast: hexes become integers once, the search runs on them.

`CostGrid` packs a map's entry costs into one flat list with a border of closed cells, so a
neighbour is an integer add and nothing is ever bounds-checked. Integer cells keep the hex
order (q, then r), so a search that breaks ties by cell breaks them exactly as one breaking
ties by `Hex` does: the paths found are the same, only the bookkeeping is cheaper.
"""

from __future__ import annotations

import heapq
from abc import abstractmethod
from collections.abc import Collection, Iterable, Mapping, Sequence

import numpy as np

from game.memo import remembers

from .cube import DIRECTIONS, Hex, spiral

_FAR = 1 << 60

_BORDER = 1
"""Closed cells round the map, so the six neighbours of a map cell are always in the list."""


class CostGrid:
    """A map's movement costs (None: cannot be entered) as a flat list indexed by cell number."""

    __slots__ = ("q0", "r0", "stride", "costs", "hexes", "steps")

    def __init__(self, costs: Mapping[Hex, int | None]):
        qs = [h.q for h in costs] or [0]
        rs = [h.r for h in costs] or [0]
        self.q0, self.r0 = min(qs) - _BORDER, min(rs) - _BORDER
        self.stride = max(rs) - self.r0 + 1 + _BORDER
        size = (max(qs) - self.q0 + 1 + _BORDER) * self.stride
        self.costs = [0] * size  # 0: closed (off the map or impassable)
        self.hexes: list[Hex | None] = [None] * size
        for hex_, cost in costs.items():
            if cost is not None and cost < 1:
                raise ValueError(f"entering {hex_} costs {cost}; a cost is at least 1 (None: closed)")
            cell = self.cell(hex_)
            self.hexes[cell] = hex_
            self.costs[cell] = cost if cost is not None else 0
        self.steps = tuple(d.q * self.stride + d.r for d in DIRECTIONS)

    def cell(self, hex_: Hex) -> int:
        """The cell number of a hex on the map."""
        return (hex_.q - self.q0) * self.stride + (hex_.r - self.r0)

    def cells(self, hexes: Iterable[Hex]) -> set[int]:
        """The cell numbers of those of the hexes that are on the map (`cell` and `_inside`,
        worked out inline: every move search asks it of everyone standing on the map)."""
        q0, r0, stride, known = self.q0, self.r0, self.stride, self.hexes
        size, found = len(known), set()
        for hex_ in hexes:
            cell = (hex_[0] - q0) * stride + (hex_[1] - r0)
            if 0 <= cell < size and known[cell] == hex_:
                found.add(cell)
        return found

    def _inside(self, hex_: Hex) -> bool:
        cell = self.cell(hex_)
        return 0 <= cell < len(self.hexes) and self.hexes[cell] == hex_


class Reached:
    """Every cell a search reached, in the order it was settled, with its cost and the cell it
    was entered from."""

    __slots__ = ("grid", "cost", "came_from", "order")

    def __init__(self, grid: CostGrid, cost: dict[int, int], came_from: dict[int, int], order: list[int]):
        self.grid, self.cost, self.came_from, self.order = grid, cost, came_from, order

    def paths(self) -> dict[int, tuple[Hex, ...]]:
        """The path to every reached cell (start excluded). Cells were settled cheapest first
        and every cost is at least 1, so a cell's way in always has its path already."""
        hexes, came_from = self.grid.hexes, self.came_from
        known: dict[int, tuple[Hex, ...]] = {self.order[0]: ()}
        for cell in self.order[1:]:
            known[cell] = known[came_from[cell]] + (hexes[cell],)
        return known


def cheapest_within(grid: CostGrid, start: Hex, budget: int, closed: Collection[int] = ()) -> Reached:
    """Dijkstra from start over entry costs, no further than `budget`; `closed` cells are never
    entered. Ties go to the lower cell (the lower hex), and a cell keeps the first cheapest way
    found, so the paths are stable and equal to a heap search over `(cost, Hex)`.

    Costs are small whole numbers, so the heap is a list of buckets, one per cost (Dial's
    algorithm): every entry cost is at least 1, so a bucket is complete when its turn comes, and
    settling it in cell order is exactly the order a heap of (cost, cell) would pop."""
    costs, steps = grid.costs, grid.steps
    origin = grid.cell(start)
    best = {origin: 0}
    came_from: dict[int, int] = {}
    order: list[int] = []
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(origin)
    over = budget + 1
    for spent, bucket in enumerate(buckets):
        bucket.sort()
        for cell in bucket:
            if best[cell] != spent:
                continue  # found cheaper since
            order.append(cell)
            for step in steps:
                nxt = cell + step
                enter = costs[nxt]
                if enter:
                    total = spent + enter
                    if total < best.get(nxt, over) and nxt not in closed:
                        best[nxt] = total
                        came_from[nxt] = cell
                        buckets[total].append(nxt)
    return Reached(grid, best, came_from, order)


def cheapest_to(grid: CostGrid, goals: Iterable[Hex]) -> dict[Hex, int]:
    """The cost of the cheapest way from every hex that has one to the nearest goal (each goal 0),
    entering hex after hex at its cost: a multi-source Dijkstra over the whole map."""
    return Ways(grid, goals).whole()


class _CostsByHex(Mapping):
    """A read-only hex -> cost mapping whose `get` answers None for a hex with no way; the
    lookups every such mapping shares."""

    __slots__ = ()

    @abstractmethod
    def get(self, hex_: Hex, default=None):
        """The hex's cost, or `default` when it has no way (each mapping finds it its own way)."""

    def __getitem__(self, hex_: Hex) -> int:
        found = self.get(hex_)
        if found is None:
            raise KeyError(hex_)
        return found

    def __contains__(self, hex_: object) -> bool:
        return isinstance(hex_, Hex) and self.get(hex_) is not None

    def nearer(self, around: Sequence[Hex], within: int) -> tuple[Hex, ...]:
        """The hexes at most `within` steps from one of `around` that cost less than `around[0]`
        (every hex with a way, when it has none), in hex order."""
        far = _FAR
        mine = self.get(around[0], far)
        return tuple(sorted({h for start in around for h in spiral(start, within) if self.get(h, far) < mine}))


class Ways(_CostsByHex):
    """`cheapest_to` read as a mapping (hex -> cost), searched only as far as it is read: asking
    for a hex runs the multi-source Dijkstra until that hex's cost is final, and the search goes
    on from there at the next question. Every cost read is the one the whole search gives (a
    tentative cost is final once no cheaper entry can come: it is at most the cheapest entry
    still waiting, as every step costs at least 1); iterating or counting finishes the search
    first, and then runs in the whole search's order. A hex off the map has no way."""

    __slots__ = ("_grid", "_best", "_frontier")

    def __init__(self, grid: CostGrid, goals: Iterable[Hex]):
        self._grid = grid
        self._best = {grid.cell(goal): 0 for goal in goals}
        self._frontier = [(0, cell) for cell in sorted(self._best)]

    def _settle(self, cell: int | None) -> None:
        """Search until `cell`'s cost is final (None: until the whole map is searched)."""
        costs, steps, best, frontier = self._grid.costs, self._grid.steps, self._best, self._frontier
        pop, push = heapq.heappop, heapq.heappush
        while frontier and best.get(cell, _FAR) > frontier[0][0]:
            spent, at = pop(frontier)
            if best[at] < spent:
                continue
            for step in steps:
                nxt = at + step
                enter = costs[nxt]
                if enter and spent + enter < best.get(nxt, _FAR):
                    best[nxt] = spent + enter
                    push(frontier, (spent + enter, nxt))

    def get(self, hex_: Hex, default=None):
        """The hex's cost, or `default` when it has no way to a goal (or is off the map)."""
        grid = self._grid
        cell = (hex_[0] - grid.q0) * grid.stride + (hex_[1] - grid.r0)  # grid.cell, inline: asked often
        if not (0 <= cell < len(grid.hexes) and grid.hexes[cell] == hex_):
            return default
        found, frontier = self._best.get(cell), self._frontier
        if found is not None and (not frontier or found <= frontier[0][0]):  # final already
            return found
        self._settle(cell)
        return self._best.get(cell, default)

    def whole(self) -> dict[Hex, int]:
        """Every hex with a way and its cost, in the order the search reached them."""
        self._settle(None)
        hexes = self._grid.hexes
        return {hexes[cell]: cost for cell, cost in self._best.items()}

    def __iter__(self):
        return iter(self.whole())

    def __len__(self) -> int:
        self._settle(None)
        return len(self._best)


_NEARER = remembers("nearer hexes")

TABLE_CELLS = 1000
"""Maps with at most this many enterable hexes keep a `DistanceTable` (a row is a few KB)."""


class DistanceTable:
    """The cost of the cheapest way from one cell to every other, a row per starting cell, each
    worked out the first time it is asked for (a single-source `cheapest_to`) and kept. On a small
    map this bounds itself (a row per hex at most) and turns every later multi-source search into
    a minimum over a few kept rows (`Nearest`)."""

    FAR = 1 << 30
    """A cell no way reaches."""

    __slots__ = ("grid", "_rows", "_discs")

    def __init__(self, grid: CostGrid):
        self.grid = grid
        self._rows: dict[int, np.ndarray] = {}
        self._discs: dict[tuple[Hex, int], tuple[int, ...]] = {}

    @staticmethod
    def fits(grid: CostGrid) -> bool:
        """Whether the map is small enough to keep a table of."""
        return sum(1 for cost in grid.costs if cost) <= TABLE_CELLS

    def row(self, cell: int) -> np.ndarray:
        """Every cell's cost from this one (FAR where no way reaches)."""
        found = self._rows.get(cell)
        if found is None:
            search = Ways(self.grid, [self.grid.hexes[cell]])
            search._settle(None)
            found = np.full(len(self.grid.costs), self.FAR, dtype=np.int64)
            found[list(search._best)] = list(search._best.values())
            self._rows[cell] = found
        return found


    def disc(self, hex_: Hex, radius: int) -> tuple[int, ...]:
        """The cells of the map's hexes at most `radius` steps from `hex_`, in cell order, kept (a
        small map holds a few per hex: one for each distance a mover covers)."""
        found = self._discs.get((hex_, radius))
        if found is None:
            found = self._discs[(hex_, radius)] = tuple(sorted(self.grid.cells(spiral(hex_, radius))))
        return found


class Nearest(_CostsByHex):
    """`Ways` over a small map, read from a `DistanceTable`: the cost from the nearest goal is the
    least of the goals' own rows, the very cost the multi-source search finds (its cheapest way
    starts at one goal or another). Iterating gives the whole search in its own order."""

    __slots__ = ("_grid", "_goals", "_costs", "_table", "_nearer")

    def __init__(self, table: DistanceTable, goals: Iterable[Hex]):
        grid = self._grid = table.grid
        self._goals, self._table = tuple(goals), table
        self._nearer: dict[tuple[tuple[Hex, ...], int], tuple[Hex, ...]] = {}
        """What `nearer` answered, by its question: kept as long as these costs are (in a standoff
        the same combatant asks the same question of the same enemies round after round)."""
        rows = [table.row(grid.cell(goal)) for goal in self._goals]
        least = np.minimum.reduce(rows) if rows else np.full(len(grid.costs), table.FAR, dtype=np.int64)
        self._costs = least.tolist()  # FAR where no way reaches: read as "no way" (`get`)

    def nearer(self, around: Sequence[Hex], within: int) -> tuple[Hex, ...]:
        """`_CostsByHex.nearer`, read off the kept costs over the table's kept discs (the cells
        within `within` of each hex, in cell order, which is hex order); remembered by question, as
        the costs never change."""
        question = (tuple(around), within)
        found = self._nearer.get(question)
        if found is None:
            found = self._nearer_now(question[0], within)
            if _NEARER:
                self._nearer[question] = found
        return found

    def _nearer_now(self, around: tuple[Hex, ...], within: int) -> tuple[Hex, ...]:
        """`nearer`, worked out."""
        costs, hexes, table = self._costs, self._grid.hexes, self._table
        mine = self.get(around[0], DistanceTable.FAR)
        if len(around) == 1:
            return tuple([hexes[cell] for cell in table.disc(around[0], within) if costs[cell] < mine])
        return tuple(sorted({hexes[cell] for start in around for cell in table.disc(start, within) if costs[cell] < mine}))

    @staticmethod
    def usable(table: DistanceTable, goals: Iterable[Hex]) -> bool:
        """Whether every goal is a hex of the map (otherwise the plain search is asked)."""
        return all(table.grid._inside(goal) for goal in goals)

    def get(self, hex_: Hex, default=None):
        """The hex's cost, or `default` when it has no way to a goal (or is off the map)."""
        grid = self._grid
        cell = (hex_[0] - grid.q0) * grid.stride + (hex_[1] - grid.r0)
        if not (0 <= cell < len(grid.hexes) and grid.hexes[cell] == hex_):
            return default
        found = self._costs[cell]
        return default if found >= DistanceTable.FAR else found

    def whole(self) -> dict[Hex, int]:
        """Every hex with a way and its cost, in the order the search reaches them."""
        return Ways(self._grid, self._goals).whole()

    def __iter__(self):
        return iter(self.whole())

    def __len__(self) -> int:
        return sum(1 for cost in self._costs if cost < DistanceTable.FAR)

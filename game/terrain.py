"""The battlefield: immutable per-hex terrain for one battle, looked up by hex.

Built once from the scenario's terrain and the data catalog; every system reads it and none
changes it. Hexes not on the map are simply absent: nothing can enter them and they block
nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from game.hexgrid import Hex, line_with_edges, neighbors
from game.hexgrid.paths import CostGrid
from game.rules.catalog import Catalog
from game.memo import kept, recall, remembers
from game.rules.cover import Concealment, Material


_SHARING_STEPS = remembers("line steps")

HEX_BITS = 16  # a coordinate from -32,768 to 32,767: far beyond any map
HEX_OFFSET = 1 << (HEX_BITS - 1)


def pack_hexes(a: Hex, b: Hex) -> int:
    """Two hexes as one integer (a remembered line's key)."""
    return ((((a[0] + HEX_OFFSET) << HEX_BITS | (a[1] + HEX_OFFSET)) << HEX_BITS | (b[0] + HEX_OFFSET)) << HEX_BITS
            | (b[1] + HEX_OFFSET))


@dataclass(frozen=True, slots=True)
class HexTerrain:
    """One hex's terrain with its catalog entries resolved."""

    name: str
    move_cost: int
    impassable: bool
    tall: bool
    blocks_sight: bool
    concealment: Concealment
    material: Material


class Battlefield:
    """The hexes of the map and their terrain. Read-only after construction."""

    __slots__ = ("_hexes", "_sorted", "_neighbours", "lines_seen", "_steps", "_classes", "covers_seen", "_cost_grid",
                 "_memo")

    LINES_KEPT = 10_000
    """How many lines (and cover readings) are remembered, the one remembered longest ago going first."""

    def __init__(self, hexes: Mapping[Hex, HexTerrain]):
        self._hexes = dict(hexes)
        self._sorted = tuple(sorted(self._hexes))
        self._neighbours = {h: tuple(n for n in neighbors(h) if n in self._hexes) for h in self._sorted}
        self.lines_seen = recall("lines", self.LINES_KEPT, packed=lambda key: pack_hexes(*key))
        self._steps: dict[tuple[Hex, ...], tuple[Hex, ...]] = {}
        """One instance of each step a line takes (a hex, or the two along whose edge it runs)."""
        self._classes: dict[object, int] = {}
        """A small number for each weapon class a cover reading was asked for (part of its key)."""
        self.covers_seen = recall("cover readings", self.LINES_KEPT, share_values=True, packed=self._cover_key)
        """Cover readings by (attacker hex, target hex, weapon class), kept by the sight system."""
        self._cost_grid: CostGrid | None = None
        self._memo: dict[str, object] = {}

    @classmethod
    def from_terrain(cls, terrain: Mapping[Hex, object], catalog: Catalog) -> Battlefield:
        """Resolve a scenario's per-hex terrain (name, costs, flags, concealment and material ids)."""
        return cls({
            hex_: HexTerrain(
                name=t.name, move_cost=t.move_cost, impassable=t.impassable, tall=t.tall,
                blocks_sight=t.blocks_sight, concealment=catalog.concealment[t.concealment],
                material=catalog.materials[t.material])
            for hex_, t in terrain.items()
        })

    def __contains__(self, hex_: object) -> bool:
        return hex_ in self._hexes

    def __len__(self) -> int:
        return len(self._hexes)

    def hexes(self) -> tuple[Hex, ...]:
        """Every hex of the battlefield, sorted."""
        return self._sorted

    def terrain(self, hex_: Hex) -> HexTerrain | None:
        """The terrain of a hex, or None off the map."""
        return self._hexes.get(hex_)

    def enterable(self, hex_: Hex) -> bool:
        """Whether a combatant may stand on this hex (on the map and not impassable)."""
        terrain = self._hexes.get(hex_)
        return terrain is not None and not terrain.impassable

    def move_cost(self, hex_: Hex) -> int | None:
        """Movement points to enter the hex, or None if it cannot be entered."""
        terrain = self._hexes.get(hex_)
        if terrain is None or terrain.impassable:
            return None
        return terrain.move_cost

    def blocks_sight(self, hex_: Hex) -> bool:
        """Whether the hex stops lines of sight and fire."""
        terrain = self._hexes.get(hex_)
        return terrain is not None and terrain.blocks_sight

    def is_tall(self, hex_: Hex) -> bool:
        """Whether a jump cannot cross this hex."""
        terrain = self._hexes.get(hex_)
        return terrain is not None and terrain.tall

    def neighbours_on_map(self, hex_: Hex) -> tuple[Hex, ...]:
        """The neighbours of a hex that are on the battlefield, in direction order."""
        found = self._neighbours.get(hex_)
        return found if found is not None else tuple(n for n in neighbors(hex_) if n in self._hexes)

    def line(self, a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
        """line_with_edges(a, b), remembered: the terrain never changes, so neither do lines."""
        return self.lines_seen.get((a, b), lambda: self._shared_steps(line_with_edges(a, b)))

    def _cover_key(self, key: tuple) -> int:
        """A cover reading's key (attacker's hex, target's hex, weapon class) as one integer."""
        a, b, weapon_class = key
        number = self._classes.get(weapon_class)
        if number is None:
            number = self._classes[weapon_class] = len(self._classes)
        return pack_hexes(a, b) << 16 | number

    def _shared_steps(self, steps: list[tuple[Hex, ...]]) -> tuple[tuple[Hex, ...], ...]:
        """The line made of the one kept instance of each step (a remembered line costs little more
        than its pointers)."""
        if not _SHARING_STEPS:
            return tuple(steps)
        kept = self._steps
        return tuple(kept.setdefault(step, step) for step in steps)

    def cost_grid(self) -> CostGrid:
        """The entry costs as a `CostGrid` for fast path searches, built on first use."""
        if self._cost_grid is None:
            self._cost_grid = CostGrid({h: self.move_cost(h) for h in self._sorted})
        return self._cost_grid

    def memo(self, name: str, build):
        """A value derived from the terrain alone, built once by `build(self)` and kept (the
        terrain never changes, so neither does the value): batch tables, lookup arrays."""
        return kept(self._memo, name, lambda: build(self))

    def arrays(self, hexes: Iterable[Hex] | None = None) -> dict[str, np.ndarray]:
        """Column arrays (q, r, move_cost, blocks_sight, concealment bonus) for batch work."""
        chosen = list(hexes) if hexes is not None else list(self._sorted)
        terrains = [self._hexes[h] for h in chosen]
        return {
            "q": np.array([h.q for h in chosen], dtype=np.int32),
            "r": np.array([h.r for h in chosen], dtype=np.int32),
            "move_cost": np.array([0 if t.impassable else t.move_cost for t in terrains], dtype=np.int32),
            "blocks_sight": np.array([t.blocks_sight for t in terrains], dtype=bool),
            "concealment": np.array([t.concealment.ac_bonus for t in terrains], dtype=np.int32),
        }

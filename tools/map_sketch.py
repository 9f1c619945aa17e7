"""Paint a scenario's terrain from ASCII rows and straight hex lines.

One character per hex in offset order (row by row, as Tiled stores cells). A character can
put a ground tile and a cover tile at once ('T' = open ground under forest). Walls and
barriers are bands across the hex; `line` lays them along a hex direction and sets Tiled's
hex-rotation bits so the bands join up.
"""

from __future__ import annotations

from game.hexgrid.cube import Hex
from game.hexgrid.tiled import TiledHexLayout
from tools.map_writer import ROT60, ROT120, Cell

TERRAIN_LEGEND: dict[str, tuple[str, str | None]] = {
    ".": ("open_ground", None),
    "_": ("floor", None),
    ",": ("rough_ground", None),
    "~": ("shallow_water", None),
    "w": ("deep_water", None),
    "c": ("chasm", None),
    "b": ("open_ground", "brush"),
    "T": ("open_ground", "forest"),
    "x": ("floor", "crates"),
    "X": ("open_ground", "crates"),
    "d": ("floor", "drywall"),
    "B": ("open_ground", "brick_wall"),
    "P": ("open_ground", "concrete_pillar"),
    "K": ("open_ground", "shipping_container"),
    "R": ("open_ground", "barrier"),
    "*": ("rough_ground", "pretech_crystal"),
    "S": ("floor", "bunker_slit"),
}
"""Character -> (ground tile, cover tile or None)."""

OVERLAY_LEGEND: dict[str, str] = {
    "s": "smoke", "u": "dust", "D": "darkness", "F": "forcefield",
    "h": "hazard_stripes", "o": "scorch",
}
"""Character -> tile on an overlay layer ('.' or ' ' = nothing)."""

# Hex direction -> (axial step, band rotation bits), per layout. A band is drawn joining
# opposite edges: left-right on pointy tiles, top-bottom on flat ones (tiled/NOTES.md §4:
# bit 29 turns 60 degrees clockwise, bit 28 turns 120).
DIRECTIONS = {
    "pointy": {"E": (Hex(1, 0), 0), "W": (Hex(-1, 0), 0),
               "SE": (Hex(0, 1), ROT60), "NW": (Hex(0, -1), ROT60),
               "SW": (Hex(-1, 1), ROT120), "NE": (Hex(1, -1), ROT120)},
    "flat": {"S": (Hex(0, 1), 0), "N": (Hex(0, -1), 0),
             "NE": (Hex(1, -1), ROT60), "SW": (Hex(-1, 1), ROT60),
             "SE": (Hex(1, 0), ROT120), "NW": (Hex(-1, 0), ROT120)},
}

# Walking a hex ring: start at the corner in the first direction, then walk each side.
RING_WALKS = {
    "pointy": ("W", ("NE", "E", "SE", "SW", "W", "NW")),
    "flat": ("SW", ("N", "NE", "SE", "S", "SW", "NW")),
}

Grid = list[list[Cell | None]]


class Sketch:
    """Four layers of cells being painted: ground, cover, effects and markings."""

    def __init__(self, layout: TiledHexLayout, width: int, height: int) -> None:
        """Empty layers of width x height."""
        self.layout, self.width, self.height = layout, width, height
        self.kind = "flat" if layout.stagger_x else "pointy"
        self.ground: Grid = self.blank()
        self.cover: Grid = self.blank()
        self.effects: Grid = self.blank()
        self.markings: Grid = self.blank()

    def blank(self) -> Grid:
        """A grid of empty cells."""
        return [[None] * self.width for _ in range(self.height)]

    def terrain(self, rows: list[str]) -> None:
        """Paint ground and cover from ASCII rows (TERRAIN_LEGEND)."""
        self._check(rows)
        for r, text in enumerate(rows):
            for c, ch in enumerate(text):
                ground, cover = TERRAIN_LEGEND[ch]
                self.ground[r][c] = Cell(ground)
                self.cover[r][c] = Cell(cover) if cover else None

    def overlay(self, grid: Grid, rows: list[str]) -> None:
        """Paint an overlay layer from ASCII rows (OVERLAY_LEGEND; '.' = nothing)."""
        self._check(rows)
        for r, text in enumerate(rows):
            for c, ch in enumerate(text):
                if ch in OVERLAY_LEGEND:
                    grid[r][c] = Cell(OVERLAY_LEGEND[ch])

    def _check(self, rows: list[str]) -> None:
        """Refuse rows of the wrong size (a design bug)."""
        assert len(rows) == self.height, f"{len(rows)} rows, expected {self.height}"
        for r, text in enumerate(rows):
            assert len(text) == self.width, f"row {r} has {len(text)} cells: {text!r}"

    def line(self, tile: str, start: tuple[int, int], direction: str, length: int,
             ground: str | None = None) -> list[tuple[int, int]]:
        """Lay a band tile along a hex direction from an offset cell; returns the cells."""
        step, flags = DIRECTIONS[self.kind][direction]
        h = self.layout.offset_to_hex(*start)
        cells = []
        for _ in range(length):
            col, row = self.layout.hex_to_offset(h)
            self.cover[row][col] = Cell(tile, flags)
            if ground:
                self.ground[row][col] = Cell(ground)
            cells.append((col, row))
            h = h + step
        return cells

    def ring_wall(self, tile: str, centre: tuple[int, int], radius: int,
                  gaps: tuple[tuple[int, int], ...] = (), ground: str | None = None) -> None:
        """A hexagonal wall of bands around a centre cell, leaving gaps (doors, breaches)."""
        start, walk = RING_WALKS[self.kind]
        step, _ = DIRECTIONS[self.kind][start]
        h = self.layout.offset_to_hex(*centre) + step * radius
        for direction in walk:
            step, flags = DIRECTIONS[self.kind][direction]
            for _ in range(radius):
                col, row = self.layout.hex_to_offset(h)
                if (col, row) not in gaps:
                    self.cover[row][col] = Cell(tile, flags)
                if ground:
                    self.ground[row][col] = Cell(ground)
                h = h + step

    def ground_line(self, tile: str, start: tuple[int, int], direction: str, length: int) -> None:
        """Lay a ground tile (water, chasm) along a hex direction, clearing cover there."""
        step, _ = DIRECTIONS[self.kind][direction]
        h = self.layout.offset_to_hex(*start)
        for _ in range(length):
            col, row = self.layout.hex_to_offset(h)
            self.ground[row][col] = Cell(tile)
            self.cover[row][col] = None
            h = h + step

    def put(self, grid: Grid, col: int, row: int, tile: str | None, flags: int = 0) -> None:
        """Set one cell of a layer (None clears it)."""
        grid[row][col] = Cell(tile, flags) if tile else None

    @staticmethod
    def frozen(grid: Grid) -> tuple[tuple[Cell | None, ...], ...]:
        """The grid as nested tuples for a TileLayer."""
        return tuple(tuple(row) for row in grid)

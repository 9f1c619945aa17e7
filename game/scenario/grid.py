"""Tile layer cells: decoded within a budget, then written back as one finite CSV grid.

An infinite map's chunks (negative coordinates too) become a finite grid whose origin is the
top-left non-empty cell; pytmx reads that grid, and the origin turns its indices back into
Tiled's own cell coordinates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol
from xml.etree.ElementTree import Element

from game.scenario.layerdata import FLAG_BITS, DataError, decode_cells
from game.scenario.problems import Problems

MAX_SIDE = 256
"""Largest map, in cells along each side."""
MAX_CELLS = 256 * 256 * 4
"""Most cells decoded over all layers and chunks of one map (four full-size layers)."""
MAX_CHUNK_POSITION = 1 << 20
INDEX_ATTRIBUTE = "hexbattle_index"
"""Set on each layer handed to pytmx, so its layers can be put back in document order."""


class TileLayer(Protocol):
    """What the grid needs of a layer read by the normalising pass."""

    index: int
    kind: str
    cells: dict[tuple[int, int], int]


class Grid:
    """Decodes the tile layers of one map, counting cells against MAX_CELLS."""

    def __init__(self, root: Element) -> None:
        self.infinite = root.get("infinite") == "1"
        self.size = (whole(root.get("width")) or 0, whole(root.get("height")) or 0)
        self.cells_left = MAX_CELLS

    def read(self, element: Element, report: Callable[[str], None]) -> tuple[dict[tuple[int, int], int], bool]:
        """A layer's non-empty cells (raw gids, flags kept) by (col, row), and whether any part failed."""
        data = element.find("data")
        if data is None:
            report("has no <data>")
            return {}, True
        if self.infinite and not data.findall("chunk") and ((data.text or "").strip() or data.findall("tile")):
            report("holds the data of a finite map, but the map is marked infinite; untick Infinite in "
                   "Map > Map Properties (or re-save the map in Tiled)")
            return {}, True
        cells: dict[tuple[int, int], int] = {}
        failed = False
        for block, x, y, width, height in self._blocks(element, data):
            problem = self._block_problem(x, y, width, height)
            if problem is None:
                try:
                    gids = decode_cells(block, width, height, data.get("encoding"), data.get("compression"))
                except DataError as error:
                    problem = f"data {error}"
            if problem:
                report(problem)
                failed = True
                continue
            cells.update(((x + i % width, y + i // width), gid) for i, gid in enumerate(gids) if gid)
        return cells, failed

    def _blocks(self, element: Element, data: Element) -> Iterable[tuple[Element, int, int, int, int]]:
        """The layer's data, or its chunks, with position and size (-1 when not whole)."""
        if not self.infinite:
            width = whole(element.get("width", str(self.size[0])))
            height = whole(element.get("height", str(self.size[1])))
            return [(data, 0, 0, _or(width), _or(height))]
        return [(chunk, _or(whole(chunk.get("x"))), _or(whole(chunk.get("y"))), _or(whole(chunk.get("width"))),
                 _or(whole(chunk.get("height")))) for chunk in data.findall("chunk")]

    def _block_problem(self, x: int, y: int, width: int, height: int) -> str | None:
        """Why a layer or chunk cannot be decoded: bad size, too big, or over budget."""
        if width < 1 or height < 1 or abs(x) > MAX_CHUNK_POSITION or abs(y) > MAX_CHUNK_POSITION:
            return "has a data block without a sensible whole-number position and size"
        if not self.infinite and (width, height) != self.size:
            return f"is {width} x {height} cells, but the map is {self.size[0]} x {self.size[1]}"
        if width > MAX_SIDE or height > MAX_SIDE:
            return (f"has a chunk of {width} x {height} cells; hexbattle reads maps of at most "
                    f"{MAX_SIDE} x {MAX_SIDE} cells")
        self.cells_left -= width * height
        if self.cells_left < 0:
            return (f"takes the map past {MAX_CELLS} cells over all its tile layers (four full layers "
                    f"of {MAX_SIDE} x {MAX_SIDE}); merge or remove tile layers")
        return None

    def finish(self, root: Element, layers: list[TileLayer], file: str, problems: Problems) -> tuple[int, int] | None:
        """Write every tile layer back as equal CSV grids; the origin, or None when too wide."""
        tile_layers = {layer.index: layer for layer in layers if layer.kind == "tile"}
        origin, size = (0, 0), self.size
        if self.infinite:
            keys = [key for layer in tile_layers.values() for key in layer.cells] or [(0, 0)]
            cols, rows = [c for c, _ in keys], [r for _, r in keys]
            origin, size = (min(cols), min(rows)), (max(cols) - min(cols) + 1, max(rows) - min(rows) + 1)
            if max(size) > MAX_SIDE:
                problems.error(file, "", f"map's tiles span {size[0]} x {size[1]} cells; hexbattle reads "
                                         f"maps of at most {MAX_SIDE} x {MAX_SIDE} cells")
                return None
        root.set("width", str(size[0]))
        root.set("height", str(size[1]))
        root.set("infinite", "0")
        for element in root.iter("layer"):
            _write_csv(element, tile_layers[int(element.get(INDEX_ATTRIBUTE, ""))].cells, origin, size)
        return origin


def _write_csv(element: Element, cells: dict[tuple[int, int], int], origin: tuple[int, int],
               size: tuple[int, int]) -> None:
    """Replace a layer's content with plain CSV of flag-free gids on the finite grid."""
    for child in list(element):
        element.remove(child)
    (ox, oy), (width, height) = origin, size
    gids = [cells.get((ox + i % width, oy + i // width), 0) & ~FLAG_BITS for i in range(width * height)]
    data = Element("data", {"encoding": "csv"})
    data.text = ",".join(map(str, gids))
    element.append(data)
    element.set("width", str(width))
    element.set("height", str(height))
    for name in ("x", "y"):
        element.attrib.pop(name, None)


def whole(text: str | None) -> int | None:
    """A whole-number attribute (at most 9 digits), or None."""
    if text is None:
        return None
    stripped = text.strip()
    digits = stripped[1:] if stripped[:1] == "-" else stripped
    return int(stripped) if digits.isascii() and digits.isdigit() and len(digits) <= 9 else None


def _or(number: int | None) -> int:
    """A whole number, or -1 standing for "not one"."""
    return -1 if number is None else number

"""pytmx reads the normalised tree: tile layer grids, gid to tileset, objects' geometry.

pytmx renumbers gids (NOTES 6.3); `tiledgidmap` maps them back to Tiled's. Layers are matched
to the document order by the index the normalising pass set on each one, because pytmx
regroups layers by kind (NOTES 6.4).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from game.hexgrid import Hex, TiledHexLayout
from game.scenario.grid import INDEX_ATTRIBUTE
from game.scenario.normalise import NormalisedMap
from game.scenario.problems import Problems
from game.scenario.tilesets import TilesetInfo


@dataclass(frozen=True, slots=True)
class Cell:
    """One non-empty cell of a tile layer, in Tiled's own (col, row), with its tile."""

    col: int
    row: int
    hex: Hex
    tileset: TilesetInfo
    local_id: int


@dataclass(frozen=True, slots=True)
class Geometry:
    """An object as pytmx read it: identity, position in pixels, size, rotation, tile."""

    id: int
    name: str
    cls: str
    x: float
    y: float
    width: float
    height: float
    rotation: float
    tile: tuple[TilesetInfo, int] | None
    lost_gid: int = 0  # a tile object whose gid belongs to no tileset (Tiled's own number)


def import_pytmx() -> ModuleType:
    """pytmx, imported without pulling in pygame (only game/ui may; it also prints a banner)."""
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    hide = "pygame" not in sys.modules
    quiet = logging.getLogger("pytmx.util_pygame")
    if hide:
        sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
        quiet.disabled = True  # it logs "cannot import pygame" as an error
    try:
        import pytmx
    finally:
        if hide:
            del sys.modules["pygame"]
            quiet.disabled = False
    return pytmx


def read_with_pytmx(normalised: NormalisedMap, problems: Problems) -> Any | None:
    """The pytmx TiledMap of the normalised tree, or None (a bug of ours, reported as such)."""
    pytmx = import_pytmx()
    _drop_uncastable(normalised, pytmx, problems)
    tiled = pytmx.TiledMap(invert_y=False)
    tiled.filename = str(normalised.source.path)  # pytmx joins image paths onto its folder
    try:
        tiled.parse_xml(normalised.root)
    except Exception as error:  # noqa: BLE001 - the seam to a third-party parser
        problems.error(normalised.source.display, "", f"pytmx could not read the normalised map "
                       f"({type(error).__name__}: {error}); this is a hexbattle bug, please report it")
        return None
    return tiled


def _drop_uncastable(normalised: NormalisedMap, pytmx: ModuleType, problems: Problems) -> None:
    """Remove (and report) any attribute pytmx would fail to cast with its own table."""
    types = pytmx.pytmx.types
    for element in normalised.root.iter():
        for key, value in list(element.attrib.items()):
            cast = types[key] if key in types else str
            if cast is str:
                continue
            try:
                cast(value)
            except (TypeError, ValueError):
                named = f" '{element.get('name')}'" if element.get("name") else ""
                problems.error(normalised.source.display, f"<{element.tag}>{named}",
                               f"attribute {key}={value!r} is not a number")
                del element.attrib[key]


def layer_cells(tiled: Any, normalised: NormalisedMap, problems: Problems) -> dict[int, list[Cell]]:
    """Each tile layer's non-empty cells, by document index; unknown tiles are reported."""
    lookup = _TileLookup(tiled, normalised)
    cells: dict[int, list[Cell]] = {}
    ox, oy = normalised.origin
    hexes = _HexCache(normalised.layout)
    for layer in _layers(tiled, "TiledTileLayer"):
        index = int(getattr(layer, INDEX_ATTRIBUTE))
        found = cells.setdefault(index, [])
        unknown: dict[int, list[tuple[int, int]]] = {}
        for x, y, gid in layer.iter_data():
            if not gid:
                continue
            tile = lookup.tile(gid)
            if tile is None:
                unknown.setdefault(tiled.tiledgidmap[gid], []).append((x + ox, y + oy))
            else:  # a missing tileset's tiles still mark the battlefield (as open ground)
                found.append(Cell(x + ox, y + oy, hexes.at(x + ox, y + oy), tile[0], tile[1]))
        for tiled_gid, where in sorted(unknown.items()):
            problems.error(normalised.source.display, f"layer '{layer.name or ''}'",
                           f"tile number {tiled_gid} (in {len(where)} cell(s), first at cell {where[0]}) "
                           "belongs to no tileset of the map")
    return cells


def object_geometry(tiled: Any, normalised: NormalisedMap) -> dict[tuple[int, int], Geometry]:
    """Every object's geometry, keyed by (document layer index, position in its layer)."""
    lookup = _TileLookup(tiled, normalised)
    found = {}
    for group in _layers(tiled, "TiledObjectGroup"):
        index = int(getattr(group, INDEX_ATTRIBUTE))
        for position, obj in enumerate(group):
            tile = lookup.tile(obj.gid) if obj.gid else None
            lost = tiled.tiledgidmap.get(obj.gid, obj.gid) if obj.gid and tile is None else 0
            found[(index, position)] = Geometry(
                obj.id, obj.name or "", obj.type or "", float(obj.x), float(obj.y), float(obj.width),
                float(obj.height), float(obj.rotation), tile, lost)
    return found


def _layers(tiled: Any, kind: str) -> Iterator[Any]:
    """pytmx's layers of one kind (pytmx's own order; callers key them by document index)."""
    return (layer for layer in tiled.layers if type(layer).__name__ == kind)


class _HexCache(dict):
    """Tiled cell -> Hex, each worked out once however many layers use the cell."""

    def __init__(self, layout: TiledHexLayout) -> None:
        super().__init__()
        self.layout = layout

    def at(self, col: int, row: int) -> Hex:
        """The hex of one cell."""
        found = self.get((col, row))
        if found is None:
            found = self[(col, row)] = self.layout.offset_to_hex(col, row)
        return found


class _TileLookup:
    """pytmx gid -> (our tileset, local id), through tiledgidmap; None for no tileset."""

    def __init__(self, tiled: Any, normalised: NormalisedMap) -> None:
        self.tiled = tiled
        self.by_firstgid = {t.firstgid: t for t in normalised.tilesets}
        self.cache: dict[int, tuple[TilesetInfo, int] | None] = {}

    def tile(self, gid: int) -> tuple[TilesetInfo, int] | None:
        """The tileset and local id of a pytmx gid."""
        if gid not in self.cache:
            self.cache[gid] = self._find(gid)
        return self.cache[gid]

    def _find(self, gid: int) -> tuple[TilesetInfo, int] | None:
        """Ask pytmx for the tileset; check the tile is inside it."""
        try:
            tileset = self.tiled.get_tileset_from_gid(gid)
        except ValueError:
            return None
        info = self.by_firstgid.get(tileset.firstgid)
        local_id = self.tiled.tiledgidmap[gid] - tileset.firstgid
        if info is None or (not info.broken and local_id >= info.tilecount):
            return None
        return info, local_id

"""Independent checks of a bundled .tmx: read it back as files and report design mistakes.

Used by tools/make_maps.py (refuse to write a broken map) and tests/test_bundled_maps.py.
This is not the game's loader (game/scenario/); it reads only what the bundled maps use, to
catch a unit on a wall or two units on one hex before a GM does.
"""

from __future__ import annotations

import base64
import zlib
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

from game.hexgrid.cube import neighbors
from game.hexgrid.tiled import TiledHexLayout

FLAG_BITS = 0xF0000000


@dataclass(frozen=True, slots=True)
class PlacedUnit:
    """A unit object read back from a map: id, name, class, properties, offset cell."""

    id: int
    name: str
    object_class: str
    props: dict
    cell: tuple[int, int]


def read_props(element: ElementTree.Element | None) -> dict:
    """Custom properties of an element as {name: (type, propertytype, value)}."""
    props = {}
    if element is None or element.find("properties") is None:
        return props
    for prop in element.find("properties").findall("property"):
        kind = prop.get("type", "string")
        value = read_props(prop) if kind == "class" else prop.get("value", prop.text or "")
        props[prop.get("name")] = (kind, prop.get("propertytype", ""), value)
    return props


def decode_layer(layer: ElementTree.Element) -> list[int]:
    """A finite tile layer's gids in row-major order (csv, base64, base64+zlib)."""
    data = layer.find("data")
    text = (data.text or "").strip()
    if data.get("encoding") == "csv":
        return [int(v) for v in text.replace("\n", "").split(",") if v.strip()]
    raw = base64.b64decode(text)
    if data.get("compression") == "zlib":
        raw = zlib.decompress(raw)
    return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]


def is_decoration(layer: ElementTree.Element) -> bool:
    """A layer that only draws: the bool property `decoration`, or the layer class Decoration."""
    return layer.get("class") == "Decoration" or read_props(layer).get("decoration") == ("bool", "", "true")


def tile_layers(parent: ElementTree.Element) -> list[ElementTree.Element]:
    """Tile layers in document order, entering groups."""
    found = []
    for child in parent:
        if child.tag == "group":
            found += tile_layers(child)
        elif child.tag == "layer":
            found.append(child)
    return found


class MapReadback:
    """A bundled map read back from disk: layout, tile terrain, units."""

    def __init__(self, path: Path) -> None:
        """Parse the map, its tilesets and its templates."""
        self.path = path
        self.root = ElementTree.parse(path).getroot()
        r = self.root
        self.width, self.height = int(r.get("width")), int(r.get("height"))
        self.layout = TiledHexLayout.from_map_attributes(
            r.get("tilewidth"), r.get("tileheight"), r.get("hexsidelength"),
            r.get("staggeraxis"), r.get("staggerindex"))
        self.tiles: dict[int, tuple[str, dict]] = {}
        for ts in r.findall("tileset"):
            self._load_tileset(path.parent / ts.get("source"), int(ts.get("firstgid")))
        self.props = read_props(r)

    def _load_tileset(self, tsx: Path, firstgid: int) -> None:
        """Record each tile's class and properties under its global id."""
        for tile in ElementTree.parse(tsx).getroot().findall("tile"):
            self.tiles[firstgid + int(tile.get("id"))] = (tile.get("type", ""), read_props(tile))

    def terrain(self) -> dict[tuple[int, int], dict]:
        """Each cell's combined terrain: upper layers' properties replace lower ones."""
        cells: dict[tuple[int, int], dict] = {}
        for layer in tile_layers(self.root):
            if is_decoration(layer):
                continue
            for i, gid in enumerate(decode_layer(layer)):
                if gid:
                    _, props = self.tiles[gid & ~FLAG_BITS]
                    cell = cells.setdefault((i % self.width, i // self.width), {})
                    cell.update({name: value for name, (_, _, value) in props.items()})
        return cells

    def used_tiles(self) -> set[str]:
        """Classes of every terrain tile painted on any layer."""
        return {self.tiles[gid & ~FLAG_BITS][0] for layer in tile_layers(self.root)
                for gid in decode_layer(layer) if gid}

    def units(self) -> list[PlacedUnit]:
        """Objects of class Unit (own or from the template) or of a unit type id."""
        units = []
        for obj in self.root.iter("object"):
            attrs, props = self._resolved(obj)
            cls = attrs.get("type", "")
            if not cls:
                continue
            units.append(PlacedUnit(int(obj.get("id")), attrs.get("name", ""), cls, props,
                                    self._cell(attrs, obj)))
        return units

    def _resolved(self, obj: ElementTree.Element) -> tuple[dict, dict]:
        """Attributes and properties with the template's filled in under the instance's."""
        attrs, props = {}, {}
        if obj.get("template"):
            template = ElementTree.parse(self.path.parent / obj.get("template")).getroot()
            base = template.find("object")
            attrs.update(base.attrib)
            props.update(read_props(base))
        attrs.update(obj.attrib)
        props.update(read_props(obj))
        return attrs, props

    def _cell(self, attrs: dict, obj: ElementTree.Element) -> tuple[int, int]:
        """The cell holding the object's reference point (scenario-format.md, Units)."""
        x, y = float(attrs["x"]), float(attrs["y"])
        w, h = float(attrs.get("width", 0)), float(attrs.get("height", 0))
        if "gid" in attrs:
            x, y = x + w / 2, y - h / 2
        elif obj.find("point") is None:
            x, y = x + w / 2, y + h / 2
        return self.layout.pixel_to_offset(x, y)


def design_problems(path: Path) -> list[str]:
    """What is wrong with a bundled map (empty when it is fine)."""
    m = MapReadback(path)
    terrain = m.terrain()
    problems, seen = [], {}
    for unit in m.units():
        col, row = unit.cell
        where = f"{path.name}: unit {unit.name or unit.object_class} (id {unit.id}) at {unit.cell}"
        if not (0 <= col < m.width and 0 <= row < m.height):
            problems.append(f"{where} is off the map")
        elif terrain.get(unit.cell, {}).get("impassable") == "true":
            problems.append(f"{where} stands on an impassable hex")
        if unit.cell in seen:
            problems.append(f"{where} shares the hex with id {seen[unit.cell]}")
        seen[unit.cell] = unit.id
        if "side" not in unit.props:
            problems.append(f"{where} has no side")
    problems += _squad_room(m, terrain, seen)
    return problems


def _squad_room(m: MapReadback, terrain: dict, occupied: dict) -> list[str]:
    """A squad covers one hex per 3 members (seed 002, Squad Size): leave room around it."""
    problems = []
    for unit in m.units():
        count = int(unit.props.get("count", ("int", "", "1"))[2])
        needed = -(-count // 3) - 1
        free = [cell for cell in _neighbour_cells(m, unit.cell)
                if cell not in occupied and terrain.get(cell, {}).get("impassable") != "true"]
        if len(free) < needed:
            problems.append(f"{m.path.name}: squad {unit.name} (id {unit.id}) needs {needed} "
                            f"free hexes next to {unit.cell}, has {len(free)}")
    return problems


def _neighbour_cells(m: MapReadback, cell: tuple[int, int]) -> list[tuple[int, int]]:
    """The on-map offset cells next to a cell."""
    around = [m.layout.hex_to_offset(h) for h in neighbors(m.layout.offset_to_hex(*cell))]
    return [(c, r) for c, r in around if 0 <= c < m.width and 0 <= r < m.height]

"""The normalising pass: one safe, self-contained TMX tree that pytmx can read, plus what it can't.

From the map file this pass makes a tree in which tilesets are embedded, templates merged,
every tile layer is plain CSV with the flag bits cleared (the flags are kept here), an
infinite map is a finite grid (its origin kept here), and everything pytmx crashes on is gone:
properties (read here), float offsets (kept here), image layers, Tiled 1.9 `class=` on
objects and tiles (renamed `type=`). Layers keep their document order in `layers`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element

from game.hexgrid import TiledHexLayout
from game.scenario.documents import FileRef, read_document
from game.scenario.grid import INDEX_ATTRIBUTE, MAX_SIDE, Grid, whole
from game.scenario.paths import PathPolicy
from game.scenario.problems import Problems
from game.scenario.properties import (
    Place,
    Prop,
    read_properties,
    report_unknown,
    strip_properties,
)
from game.scenario.templates import SHAPES, TemplateMerger, object_label
from game.scenario.tiledversion import draws_even_tile_size, geometry_note
from game.scenario.tilesets import TilesetInfo, load_tilesets

MAX_GROUP_DEPTH = 16


MAX_TILE_PIXELS = 4096

LAYER_DECORATION = "decoration"
"""A bool layer property that marks a layer as drawing only, like the class Decoration
(Tiled 1.8 drops a layer's class when it saves; it keeps properties)."""


@dataclass(slots=True)
class ObjectInfo:
    """What pytmx is not asked about an object: its properties, shape and class."""

    position: int
    label: str
    cls: str
    shape: str
    props: dict[str, Prop]
    file: str
    usable: bool = True
    named: frozenset[str] = frozenset()
    """Every property name the object gives, its value readable or not."""


@dataclass(slots=True)
class LayerInfo:
    """A tile or object layer in document order, with group state folded in."""

    index: int
    kind: str
    name: str
    decoration: bool
    offset: tuple[float, float]
    visible: bool
    opacity: float
    cells: dict[tuple[int, int], int] = field(default_factory=dict)
    objects: list[ObjectInfo] = field(default_factory=list)
    failed: bool = False


@dataclass(slots=True)
class NormalisedMap:
    """The tree for pytmx and everything read around it."""

    root: Element
    source: FileRef
    layout: TiledHexLayout
    props: dict[str, Prop]
    tilesets: list[TilesetInfo]
    layers: list[LayerInfo]
    origin: tuple[int, int] = (0, 0)

    @property
    def complete(self) -> bool:
        """Every tile layer's data could be read (else the battlefield has holes)."""
        return not any(layer.failed for layer in self.layers)


@dataclass(frozen=True, slots=True)
class _Inherited:
    """What a layer takes from the groups around it."""

    offset: tuple[float, float] = (0.0, 0.0)
    visible: bool = True
    opacity: float = 1.0
    decoration: bool = False
    depth: int = 0


def normalise(path: Path, display: str, policy: PathPolicy, problems: Problems) -> NormalisedMap | None:
    """Read a map file into a NormalisedMap, or None when it is not a readable hex map."""
    source = FileRef(path, display)
    root = read_document(path, display, "map", problems)
    if root is None or not _is_hexagonal(root, display, problems):
        return None
    layout = _layout(root, display, problems)
    if layout is None or not _size_ok(root, display, problems):
        return None
    props = read_properties(root, Place(display, ""), problems)
    strip_properties(root)
    tilesets = load_tilesets(root, source, policy, problems)
    walker = _Walker(root, source, problems, TemplateMerger(root, source, policy, tilesets, problems))
    walker.walk(root, _Inherited())
    normalised = NormalisedMap(root, source, layout, props, tilesets, walker.layers)
    origin = walker.grid.finish(root, normalised.layers, display, problems)
    if origin is None:
        return None
    normalised.origin = origin
    return normalised


def _is_hexagonal(root: Element, display: str, problems: Problems) -> bool:
    """Hex maps only; any other orientation is refused by name."""
    orientation = root.get("orientation", "orthogonal")
    if orientation == "hexagonal":
        return True
    known = {"orthogonal": "orthogonal (square cells)", "isometric": "isometric",
             "staggered": "staggered (isometric staggered, not hexagonal)", "oblique": "oblique"}
    problems.error(display, "", f"map orientation is {known.get(orientation, repr(orientation))}; "
                                "hexbattle needs a hexagonal map (in Tiled: Map > Map Properties > "
                                "Orientation: Hexagonal)")
    return False


def _layout(root: Element, display: str, problems: Problems) -> TiledHexLayout | None:
    """The hex geometry from the map attributes."""
    try:
        layout = TiledHexLayout.from_map_attributes(root.get("tilewidth"), root.get("tileheight"),
                                                    root.get("hexsidelength"), root.get("staggeraxis"),
                                                    root.get("staggerindex"),
                                                    draws_even_tile_size(root.get("tiledversion")))
    except ValueError as error:
        problems.error(display, "", str(error))
        return None
    if max(layout.tile_width, layout.tile_height) > MAX_TILE_PIXELS:
        problems.error(display, "", f"tile size {layout.tile_width} x {layout.tile_height} px is larger than "
                                    f"any hex tileset ({MAX_TILE_PIXELS} px at most); check the map's tile size")
        return None
    note = geometry_note(layout, root.get("tiledversion"))
    if note:
        problems.warning(display, "", note)
    if root.get("hexsidelength") is None:
        problems.warning(display, "", "has no hexsidelength, so Tiled draws diamond-shaped cells (side 0); "
                                      "set Map > Map Properties > Hex Side Length to your tileset's hex side")
    return layout


def _size_ok(root: Element, display: str, problems: Problems) -> bool:
    """A finite map's size, before any layer is decoded."""
    if root.get("infinite") == "1":
        return True
    width, height = whole(root.get("width")), whole(root.get("height"))
    if width is None or height is None or width < 1 or height < 1:
        problems.error(display, "", f"map size {root.get('width')!r} x {root.get('height')!r} is not "
                                    "two whole numbers of cells")
        return False
    if width > MAX_SIDE or height > MAX_SIDE:
        problems.error(display, "", f"map is {width} x {height} cells; hexbattle reads maps of at "
                                    f"most {MAX_SIDE} x {MAX_SIDE} cells")
        return False
    return True


class _Walker:
    """Walks the layers in document order, groups included, reading and stripping them."""

    def __init__(self, root: Element, source: FileRef, problems: Problems, merger: TemplateMerger):
        self.root, self.source, self.problems, self.merger = root, source, problems, merger
        self.layers: list[LayerInfo] = []
        self.grid = Grid(root)

    def walk(self, container: Element, inherited: _Inherited) -> None:
        """Every layer under `container`, in order."""
        for child in list(container):
            if child.tag not in ("layer", "objectgroup", "group"):
                if child.tag != "tileset" or container is not self.root:
                    container.remove(child)  # image layers and editor settings: nothing for a battle
            else:
                state = self._state(child, inherited)
                if child.tag == "group":
                    if state.depth > MAX_GROUP_DEPTH:
                        self._error(child, f"groups are nested more than {MAX_GROUP_DEPTH} deep")
                        container.remove(child)
                        continue
                    self.walk(child, state)
                else:
                    self._layer(child, state)

    def _state(self, element: Element, inherited: _Inherited) -> _Inherited:
        """The layer's own offset, visibility, opacity and class added to its groups'."""
        dx = self._float(element, "offsetx")
        dy = self._float(element, "offsety")
        opacity = self._float(element, "opacity", 1.0)
        for name in ("offsetx", "offsety", "opacity"):
            element.attrib.pop(name, None)
        name = element.get("name", "")
        where = f"{'group' if element.tag == 'group' else 'layer'} '{name}'"
        place = Place(self.source.display, where)
        marked = False
        for prop_name, prop in read_properties(element, place, self.problems).items():
            if prop_name == LAYER_DECORATION and prop.type == "bool":
                marked = prop.value
            elif prop_name == LAYER_DECORATION:
                self.problems.error(place.file, place.where, f"'{LAYER_DECORATION}' must be a bool property")
            else:
                report_unknown(prop_name, (LAYER_DECORATION,), place, self.problems, "a layer property")
        strip_properties(element)
        return _Inherited(
            offset=(inherited.offset[0] + dx, inherited.offset[1] + dy),
            visible=inherited.visible and element.get("visible", "1") != "0",
            opacity=inherited.opacity * min(max(opacity, 0.0), 1.0),
            decoration=inherited.decoration or element.get("class") == "Decoration" or marked,
            depth=inherited.depth + 1,
        )

    def _layer(self, element: Element, state: _Inherited) -> None:
        """One tile or object layer."""
        info = LayerInfo(len(self.layers), "tile" if element.tag == "layer" else "object",
                         element.get("name", ""), state.decoration, state.offset, state.visible,
                         state.opacity)
        element.set(INDEX_ATTRIBUTE, str(info.index))
        self.layers.append(info)
        if info.kind == "tile":
            self._tiles(element, info)
        else:
            self._objects(element, info)

    def _tiles(self, element: Element, info: LayerInfo) -> None:
        """Decode a tile layer's cells (chunks too), keeping flags; empty cells are left out."""
        info.cells, info.failed = self.grid.read(element, lambda message: self._error(element, message))

    def _objects(self, element: Element, info: LayerInfo) -> None:
        """Merge templates, read properties and class, leave pytmx the geometry."""
        for child in list(element):
            if child.tag != "object":
                element.remove(child)
        for position, obj in enumerate(list(element.findall("object"))):
            merged = self.merger.merge(obj, info.name)
            if merged is not obj:
                slot = list(element).index(obj)
                element.remove(obj)
                element.insert(slot, merged)
            info.objects.append(self._object(merged, info, position))

    def _object(self, obj: Element, layer: LayerInfo, position: int) -> ObjectInfo:
        """One object's class, shape and properties; its geometry is checked for pytmx."""
        label = object_label(obj, layer.name)
        cls = obj.get("type") or obj.get("class") or ""
        obj.attrib.pop("class", None)
        obj.set("type", cls)
        shape = next((c.tag for c in obj if c.tag in SHAPES), "tile" if obj.get("gid") else "rectangle")
        props = read_properties(obj, Place(self.source.display, label), self.problems)
        named = frozenset(p.get("name", "") for p in obj.findall("properties/property"))
        for child in list(obj):
            if child.tag not in SHAPES:
                obj.remove(child)
            for inner in list(child):
                child.remove(inner)  # a shape holds only attributes (text: its text)
        usable = self._geometry_ok(obj, label)
        return ObjectInfo(position, label, cls, shape, props, self.source.display, usable, named)

    def _geometry_ok(self, obj: Element, label: str) -> bool:
        """Position, size, rotation, gid and points are numbers pytmx and we can use."""
        ok = True
        for name in ("x", "y", "width", "height", "rotation"):
            if obj.get(name) is not None and _finite(obj.get(name)) is None:
                self.problems.error(self.source.display, label, f"attribute {name}={obj.get(name)!r} is not a number")
                obj.attrib.pop(name)
                ok = False
        gid = obj.get("gid")
        if gid is not None:
            if not (gid.isascii() and gid.isdigit() and int(gid) <= 0xFFFFFFFF):
                self.problems.error(self.source.display, label, f"attribute gid={gid!r} is not a tile number")
                obj.attrib.pop("gid")
                ok = False
            else:
                obj.set("gid", str(int(gid) & 0x0FFFFFFF))  # flips do not move an object; pytmx mis-reads bit 28
        for child in obj.findall("polygon") + obj.findall("polyline"):
            if not _points_ok(child.get("points", "")):
                self.problems.error(self.source.display, label, f"its {child.tag} points are not pairs of numbers")
                obj.remove(child)
                ok = False
        return ok

    def _float(self, element: Element, name: str, default: float = 0.0) -> float:
        """A float attribute of a layer; a bad one is reported and taken as the default."""
        text = element.get(name)
        if text is None:
            return default
        value = _finite(text)
        if value is None:
            self._error(element, f"attribute {name}={text!r} is not a number")
            return default
        return value

    def _error(self, element: Element, message: str) -> None:
        """A problem with one layer or group."""
        kind = "group" if element.tag == "group" else "layer"
        self.problems.error(self.source.display, f"{kind} '{element.get('name', '')}'", message)


def _finite(text: str | None) -> float | None:
    """A finite float attribute, or None."""
    try:
        value = float(text)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def _points_ok(text: str) -> bool:
    """Polygon points: space-separated x,y pairs of finite numbers."""
    pairs = text.split()
    return bool(pairs) and all(len(p.split(",")) == 2 and all(_finite(v) is not None for v in p.split(","))
                               for p in pairs)

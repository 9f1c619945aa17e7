"""Tilesets: external ones inlined into the map, tiles' classes, properties and images read.

After this pass every `<tileset>` in the tree is embedded (no `source`), its image paths are
absolute, and what pytmx cannot take is gone: properties (read here), collision shapes
(pytmx turns them into map layers, NOTES 6.5) and animations.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element

from game.scenario.documents import FileRef, read_document
from game.scenario.grid import whole
from game.scenario.paths import PathPolicy
from game.scenario.problems import Problems
from game.scenario.properties import Place, Prop, read_properties

MAX_ATLAS_TILES = 65536
ALIGNMENTS = {"topleft": (0.0, 0.0), "top": (0.5, 0.0), "topright": (1.0, 0.0), "left": (0.0, 0.5),
              "center": (0.5, 0.5), "right": (1.0, 0.5), "bottomleft": (0.0, 1.0), "bottom": (0.5, 1.0),
              "bottomright": (1.0, 1.0)}
"""Where a tile object's x, y sits on its image, as fractions of width and height (hex maps:
"unspecified" is bottom-left, NOTES section 3)."""


@dataclass(frozen=True, slots=True)
class TileInfo:
    """One tile of a tileset: its class (the terrain's name), properties and image."""

    local_id: int
    cls: str = ""
    props: Mapping[str, Prop] = field(default_factory=dict)
    image: Path | None = None
    rect: tuple[int, int, int, int] | None = None


@dataclass(slots=True)
class TilesetInfo:
    """A tileset as the map uses it: gid range, tiles, atlas geometry, defining file."""

    name: str
    firstgid: int
    tilecount: int
    file: str
    path: Path | None
    tiles: dict[int, TileInfo] = field(default_factory=dict)
    image: Path | None = None
    columns: int = 0
    margin: int = 0
    spacing: int = 0
    tile_size: tuple[int, int] = (0, 0)
    alignment: tuple[float, float] = (0.0, 1.0)
    broken: bool = False

    def tile(self, local_id: int) -> TileInfo:
        """The tile with this id; tiles without an element of their own have no class or props."""
        known = self.tiles.get(local_id)
        if known is not None and (known.image is not None or self.image is None):
            return known
        rect = self._atlas_rect(local_id)
        if known is not None:
            return TileInfo(local_id, known.cls, known.props, self.image, rect)
        return TileInfo(local_id, image=self.image, rect=rect)

    def _atlas_rect(self, local_id: int) -> tuple[int, int, int, int] | None:
        """Where a tile sits in the atlas image."""
        if self.image is None or self.columns < 1:
            return None
        width, height = self.tile_size
        col, row = local_id % self.columns, local_id // self.columns
        return (self.margin + col * (width + self.spacing), self.margin + row * (height + self.spacing),
                width, height)

    def where(self, local_id: int | None = None) -> str:
        """How messages name this tileset, or one of its tiles."""
        return f"tileset '{self.name}'" + ("" if local_id is None else f" tile {local_id}")


def load_tilesets(root: Element, source: FileRef, policy: PathPolicy, problems: Problems) -> list[TilesetInfo]:
    """Inline and read every tileset of the map, in firstgid order."""
    tilesets = []
    for index, element in enumerate(list(root)):
        if element.tag != "tileset":
            continue
        firstgid = whole(element.get("firstgid"))
        if firstgid is None or firstgid < 1:
            problems.error(source.display, f"tileset {element.get('source') or element.get('name') or ''}".strip(),
                           f"has firstgid {element.get('firstgid')!r}; it must be a whole number from 1")
            root.remove(element)
            continue
        info, inlined = load_tileset(element, firstgid, source, policy, problems)
        root.remove(element)
        root.insert(index, inlined)
        tilesets.append(info)
    ordered = sorted(tilesets, key=lambda t: t.firstgid)
    _check_ranges(ordered, source, problems)
    return ordered


def _check_ranges(ordered: list[TilesetInfo], source: FileRef, problems: Problems) -> None:
    """Two tilesets whose tile numbers overlap make every shared number ambiguous."""
    for first, second in zip(ordered, ordered[1:]):
        end = first.firstgid + first.tilecount
        if not first.broken and second.firstgid < end:
            problems.error(source.display, second.where(),
                           f"has firstgid {second.firstgid}, inside the tile numbers of {first.where()} "
                           f"({first.firstgid} to {end - 1}); set it to {end} or more (Tiled does when it saves)")


def load_tileset(element: Element, firstgid: int, source: FileRef, policy: PathPolicy,
                 problems: Problems) -> tuple[TilesetInfo, Element]:
    """One tileset (embedded or external), and the embedded element to hand to pytmx."""
    reference = element.get("source")
    if not reference:
        return _read(copy.deepcopy(element), firstgid, source, None, problems, policy)
    path, refused = policy.resolve(reference, source.path.parent)
    where = f"tileset '{reference}'"
    if refused:
        problems.error(source.display, where, refused)
    elif not path.exists():
        problems.error(source.display, where, f"file not found: {source.beside(reference, path).display}")
    else:
        external = source.beside(reference, path)
        tree = read_document(path, external.display, "tileset", problems)
        if tree is not None:
            return _read(copy.deepcopy(tree), firstgid, external, path, problems, policy)
    return _placeholder(reference, firstgid, source.display)


def _placeholder(reference: str, firstgid: int, file: str) -> tuple[TilesetInfo, Element]:
    """Stands in for a tileset that could not be read: its tiles still mark the battlefield."""
    element = Element("tileset", {"firstgid": str(firstgid), "name": reference, "tilecount": "0"})
    return TilesetInfo(reference, firstgid, 0, file, None, broken=True), element


def _read(element: Element, firstgid: int, source: FileRef, path: Path | None, problems: Problems,
          policy: PathPolicy) -> tuple[TilesetInfo, Element]:
    """Read one tileset element (already a private copy) and make it embedded."""
    element.attrib.pop("source", None)
    element.set("firstgid", str(firstgid))
    name = element.get("name") or (path.stem if path else "unnamed")
    info = TilesetInfo(name, firstgid, 0, source.display, path)
    info.tile_size = (whole(element.get("tilewidth")) or 0, whole(element.get("tileheight")) or 0)
    info.margin = whole(element.get("margin")) or 0
    info.spacing = whole(element.get("spacing")) or 0
    info.alignment = ALIGNMENTS.get(element.get("objectalignment", ""), (0.0, 1.0))
    _prune(element)
    _read_atlas(element, info, source, policy, problems)
    missing: list[str] = []
    for tile in list(element.findall("tile")):
        _read_tile(element, tile, info, source, policy, problems, missing)
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        problems.warning(source.display, info.where(), f"tile image '{missing[0]}'{more} not found; the "
                                                       "window will draw plain hexes for those tiles")
    info.tilecount = _tilecount(element, info)
    element.set("tilecount", str(info.tilecount))
    return info, element


def _prune(element: Element) -> None:
    """Keep only what pytmx should see of a tileset: image, offset, grid, tiles (and their images)."""
    seen: set[str] = set()
    for child in list(element):
        if child.tag not in ("image", "tileoffset", "grid", "tile") or (child.tag != "tile" and child.tag in seen):
            element.remove(child)
        seen.add(child.tag)
    for image in element.iter("image"):
        for child in list(image):
            image.remove(child)


def _read_atlas(element: Element, info: TilesetInfo, source: FileRef, policy: PathPolicy,
                problems: Problems) -> None:
    """The tileset's single image, when it has one."""
    image = element.find("image")
    if image is None:
        return
    width, height = whole(image.get("width")), whole(image.get("height"))
    tile_w, tile_h = info.tile_size
    problem = _atlas_problem(width, height, tile_w, tile_h, info.margin, info.spacing)
    if problem:
        problems.error(source.display, info.where(), problem)
        element.remove(image)
        return
    info.image = _image_path(image, source, policy, problems, info.where())
    columns = whole(element.get("columns"))
    if not columns:
        columns = max(0, (width - 2 * info.margin + info.spacing) // (tile_w + info.spacing))  # type: ignore
    info.columns = columns


def _atlas_problem(width: int | None, height: int | None, tile_w: int, tile_h: int, margin: int,
                   spacing: int) -> str | None:
    """Why an atlas image cannot be cut into tiles (pytmx would loop forever or crash), or None."""
    if width is None or height is None or width < 1 or height < 1:
        return "its <image> needs whole-number width and height"
    if tile_w < 1 or tile_h < 1 or margin < 0 or spacing < 0:
        return "needs a tilewidth and tileheight of at least 1 and a margin and spacing of at least 0"
    if (width // tile_w) * (height // tile_h) > MAX_ATLAS_TILES:
        return f"cuts its image into more than {MAX_ATLAS_TILES} tiles"
    return None


def _read_tile(element: Element, tile: Element, info: TilesetInfo, source: FileRef,
               policy: PathPolicy, problems: Problems, missing: list[str]) -> None:
    """One `<tile>`: class, properties, own image; pytmx keeps only what it can take."""
    local_id = whole(tile.get("id"))
    if local_id is None or local_id < 0:
        problems.error(source.display, info.where(), f"has a <tile> with id {tile.get('id')!r}; "
                                                     "ids are whole numbers from 0")
        element.remove(tile)
        return
    where = info.where(local_id)
    cls = tile.get("type") or tile.get("class") or ""
    tile.attrib.pop("class", None)
    tile.set("type", cls)
    props = read_properties(tile, Place(source.display, where), problems)
    for child in list(tile):
        if child.tag != "image":
            tile.remove(child)  # properties read above; collision shapes and animations unused
    image, rect = None, None
    own = tile.find("image")
    if own is not None:
        image = _image_path(own, source, policy, problems, where, missing)
        rect = _sub_rect(tile)
    info.tiles[local_id] = TileInfo(local_id, cls, props, image, rect)


def _sub_rect(tile: Element) -> tuple[int, int, int, int] | None:
    """The part of a tile's own image it uses (Tiled 1.9 x/y/width/height), if given."""
    values = [whole(tile.get(name)) for name in ("x", "y", "width", "height")]
    if tile.get("width") is None or any(v is None for v in values):
        return None
    return tuple(values)  # type: ignore[return-value]


def _image_path(image: Element, source: FileRef, policy: PathPolicy, problems: Problems,
                where: str, missing: list[str] | None = None) -> Path | None:
    """An image's absolute path, set into the element; refused or missing images give None.

    A missing image is warned about here, or added to `missing` for one warning per tileset."""
    reference = image.get("source", "")
    path, refused = policy.resolve(reference, source.path.parent)
    if refused:
        problems.error(source.display, where, f"image {refused}")
        image.attrib.pop("source", None)
        return None
    image.set("source", str(path))
    if not path.is_file():
        if missing is not None:
            missing.append(reference)
        else:
            problems.warning(source.display, where, f"image '{reference}' not found; the window will "
                                                    "draw plain hexes instead")
        return None
    return path


def _tilecount(element: Element, info: TilesetInfo) -> int:
    """How many tiles the tileset holds: as written, from the atlas, or from the tile ids."""
    written = whole(element.get("tilecount"))
    if written is not None and written >= 0:
        return max(written, max(info.tiles, default=-1) + 1)
    if info.image is not None and info.columns > 0 and info.tile_size[1] > 0:
        height = whole(element.find("image").get("height")) or 0  # type: ignore[union-attr]
        rows = max(0, (height - 2 * info.margin + info.spacing) // (info.tile_size[1] + info.spacing))
        return max(info.columns * rows, max(info.tiles, default=-1) + 1)
    return max(info.tiles, default=-1) + 1

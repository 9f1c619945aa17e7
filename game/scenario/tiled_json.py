"""Tiled JSON (.tmj/.json maps, .tsj tilesets, .tj templates) -> the TMX elements Tiled itself writes.

The scenario loader normalises every map to a TMX ElementTree, so this module is the only place
that knows JSON. Element and attribute names, their order and which defaults are left out follow
mapeditor/tiled ``src/libtiled/mapwriter.cpp``; the JSON fields and their meaning follow
``docs/reference/json-map-format.rst`` and Tiled's own JSON reader (``varianttomapconverter.cpp``).

Kept as written, for the loader to resolve: tileset ``source`` (a ``.tsj`` stays ``.tsj``), object
``template`` (a ``.tj`` stays ``.tj``), image and ``file`` paths, GIDs with their flip/rotation bits,
base64 layer data with its ``encoding``/``compression``. CSV arrays become ``<data encoding="csv">``
text in Tiled's layout; infinite maps' ``chunks`` become ``<chunk x y width height>`` children in the
same encoding. Object ``class`` (Tiled 1.9) and ``type`` both become ``type=`` (Tiled 1.10+).
Also read: the json1 / Tiled <= 1.1 forms (properties as an object with ``propertytypes``,
``tiles`` keyed by id, ``tileproperties``).

Dropped, with no harm to the simulator: tileset ``wangsets``, ``terrains`` and ``transformations``
and tile ``terrain`` corners (editor painting aids), ``editorsettings`` (chunk size, export target),
layer ``startx``/``starty`` (the chunks carry their own positions).

Deliberate differences from Tiled: numbers keep full precision (Qt writes 6 significant digits);
a layer without ``visible``/``opacity`` stays visible and opaque (Tiled's reader would take
false/0); base64 text is not padded with whitespace; a property defined twice is an error rather
than last-one-wins. Properties come out sorted by name, as Tiled writes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, SubElement

from game.scenario.tiled_json_specs import (
    COMPRESSIONS,
    FRAME,
    LAYER_HEAD,
    LAYER_LOOK,
    LAYER_SIZE,
    LAYER_TAGS,
    LAYER_TAIL,
    MAP_HEAD,
    MAP_HEX,
    MAP_TAIL,
    MAX_GID,
    SHAPES_LAST_WINS,
    TEXT,
    TILESET,
)
from game.scenario.tiled_json_props import (
    TiledJsonError,
    attribute_text,
    copy_attributes,
    field,
    fmt_num,
    in_file,
    index_property_types,
    items,
    json_repr,
    load_json,
    parse_json,
    properties_element,
    set_pair,
    set_version,
    top_level,
    within,
)

__all__ = [
    "TiledJsonError", "json_map_data_to_tmx", "json_map_to_tmx", "json_template_data_to_tx", "json_template_to_tx",
    "json_tileset_data_to_tsx", "json_tileset_to_tsx", "parse_json",
]

PropertyTypeList = Sequence[Mapping[str, Any]] | None



def json_map_to_tmx(path: Path, *, property_types: PropertyTypeList = None) -> Element:
    """Read a ``.tmj``/``.json`` map file and return the TMX ``<map>`` element Tiled would write."""
    return json_map_data_to_tmx(load_json(path), str(path), property_types=property_types)


def json_tileset_to_tsx(path: Path, *, property_types: PropertyTypeList = None) -> Element:
    """Read a ``.tsj`` tileset file and return the ``<tileset>`` element of the matching ``.tsx``."""
    return json_tileset_data_to_tsx(load_json(path), str(path), property_types=property_types)


def json_template_to_tx(path: Path, *, property_types: PropertyTypeList = None) -> Element:
    """Read a ``.tj`` template file and return the ``<template>`` element of the matching ``.tx``."""
    return json_template_data_to_tx(load_json(path), str(path), property_types=property_types)


def json_map_data_to_tmx(data: Any, source: str, *, property_types: PropertyTypeList = None) -> Element:
    """Convert already-parsed map JSON; ``source`` names the file in error messages."""
    with in_file(source):
        top = top_level(data, "map")
        return _Converter(property_types, field(top, "infinite", "bool", False)).map(top)


def json_tileset_data_to_tsx(data: Any, source: str, *, property_types: PropertyTypeList = None) -> Element:
    """Convert already-parsed tileset-file JSON to an external ``<tileset>`` element."""
    with in_file(source):
        return _Converter(property_types).tileset(top_level(data, "tileset"), external=True)


def json_template_data_to_tx(data: Any, source: str, *, property_types: PropertyTypeList = None) -> Element:
    """Convert already-parsed template JSON to a ``<template>`` element (tileset reference + object)."""
    with in_file(source):
        top = top_level(data, "template")
        converter = _Converter(property_types)
        template = Element("template")
        tileset = field(top, "tileset", "dict")
        if tileset is not None:
            with within("tileset"):
                template.append(converter.tileset(tileset))
        obj = field(top, "object", "dict")
        if obj is None:
            raise TiledJsonError("a template needs an 'object'")
        with within("object"):
            template.append(converter.object(obj, base=True))
        return template


def _image(parent: Element, data: Mapping[str, Any]) -> None:
    """An ``<image source trans width height>`` child when the JSON names an image."""
    source = field(data, "image", "str", "")
    if not source:
        return
    image = SubElement(parent, "image", source=source)
    trans = field(data, "transparentcolor", "str", "")
    if trans:
        image.set("trans", trans.lstrip("#"))
    for key, attribute in (("imagewidth", "width"), ("imageheight", "height")):
        size = field(data, key, "int", 0)
        if size > 0:
            image.set(attribute, str(size))


def _set_class(element: Element, data: Mapping[str, Any]) -> None:
    """``type=`` from JSON ``class`` (Tiled 1.9) or ``type`` (1.0-1.8, 1.10+), as Tiled's reader prefers."""
    cls = field(data, "class", "str", "") or field(data, "type", "str", "")
    if cls:
        element.set("type", cls)


def _points(data: Mapping[str, Any], key: str) -> str:
    """A polygon/polyline's ``points`` text, ``x,y x,y ...`` relative to the object."""
    points = []
    for index, point in enumerate(data[key]):
        with within(f"'{key}' point #{index + 1}"):
            if not isinstance(point, dict):
                raise TiledJsonError(f"a point must be an object with x and y, not {json_repr(point)}")
            points.append(f"{fmt_num(field(point, 'x', 'num', 0))},{fmt_num(field(point, 'y', 'num', 0))}")
    return " ".join(points)


def _tile_list(data: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A tileset's tiles; the json1 / Tiled <= 1.1 forms (keyed by id, ``tileproperties``) are sorted by id."""
    if not isinstance(data.get("tiles"), dict) and "tileproperties" not in data:
        return items(data, "tiles", "tile", label_by="id")
    by_id: dict[str, dict[str, Any]] = {k: dict(v) for k, v in field(data, "tiles", "dict", {}).items()}
    kinds = field(data, "tilepropertytypes", "dict", {})
    for key, props in field(data, "tileproperties", "dict", {}).items():
        by_id.setdefault(key, {}).update(properties=props, propertytypes=kinds.get(key, {}))
    if not all(key.isdigit() for key in by_id):
        raise TiledJsonError("'tiles' keys must be tile ids (whole numbers)")
    ordered = sorted(by_id.items(), key=lambda pair: int(pair[0]))
    return [(f"tile {key}", dict(tile, id=int(key))) for key, tile in ordered]


def _tile_data(element: Element, value: Any, encoding: str, width: int, height: int) -> None:
    """Fill ``<data>`` or ``<chunk>``: a base64 string as-is, a GID array as Tiled's CSV text."""
    if isinstance(value, str):
        if encoding != "base64":
            raise TiledJsonError("'data' is a base64 string but 'encoding' is not \"base64\"")
        element.text = value
        return
    if not isinstance(value, list):
        raise TiledJsonError(f"'data' must be a list of numbers or a base64 string, not {json_repr(value)}")
    if encoding == "base64":
        raise TiledJsonError("'data' is a list of numbers but 'encoding' is \"base64\" (expected a string)")
    for index, gid in enumerate(value):
        if isinstance(gid, bool) or not isinstance(gid, int) or not 0 <= gid <= MAX_GID:
            raise TiledJsonError(f"'data' item #{index + 1} is not a tile GID (0..{MAX_GID}): {json_repr(gid)}")
    if len(value) != width * height:
        raise TiledJsonError(f"'data' has {len(value)} GIDs but width x height is {width} x {height}")
    rows = (",".join(map(str, value[i : i + width])) for i in range(0, len(value), max(width, 1)))
    element.text = "\n" + ",\n".join(rows) + "\n"


class _Converter:
    """One conversion: the custom class types for class members, and whether the map is infinite."""

    def __init__(self, property_types: PropertyTypeList, infinite: bool = False) -> None:
        self.types = index_property_types(property_types)
        self.infinite = infinite

    def properties(self, parent: Element, data: Mapping[str, Any]) -> None:
        """Append the ``<properties>`` child when the JSON has any."""
        element = properties_element(data, self.types)
        if element is not None:
            parent.append(element)

    def map(self, data: dict[str, Any]) -> Element:
        """``<map>``: attributes, properties, tilesets, layers."""
        element = Element("map")
        set_version(element, data)
        copy_attributes(element, data, MAP_HEAD)
        element.set("infinite", "1" if self.infinite else "0")
        copy_attributes(element, data, MAP_HEX)
        set_pair(element, data, "parallaxoriginx", "parallaxoriginy")
        copy_attributes(element, data, MAP_TAIL)
        self.properties(element, data)
        for label, tileset in items(data, "tilesets", "tileset"):
            with within(label):
                element.append(self.tileset(tileset))
        self.layers(element, data)
        return element

    def tileset(self, data: Mapping[str, Any], external: bool = False) -> Element:
        """``<tileset>``: a ``{firstgid, source}`` reference, an embedded tileset, or a tileset file."""
        element = Element("tileset")
        if external:
            set_version(element, data)
            copy_attributes(element, data, (("tiledversion", "str", None),))
        else:
            firstgid = field(data, "firstgid", "int")
            if firstgid is None or firstgid < 1:
                raise TiledJsonError(f"'firstgid' must be a whole number from 1, not {json_repr(firstgid)}")
            element.set("firstgid", str(firstgid))
            if data.get("source") is not None:
                element.set("source", field(data, "source", "str"))
                return element
        element.set("name", field(data, "name", "str", ""))
        copy_attributes(element, data, TILESET)
        offset = field(data, "tileoffset", "dict", {})
        offset_x, offset_y = field(offset, "x", "int", 0), field(offset, "y", "int", 0)
        if offset_x or offset_y:
            SubElement(element, "tileoffset", x=str(offset_x), y=str(offset_y))
        grid = field(data, "grid", "dict")
        if grid:
            copy_attributes(SubElement(element, "grid"), grid, (("orientation", "str", None),) + LAYER_SIZE)
        self.properties(element, data)
        _image(element, data)
        for label, tile in _tile_list(data):
            with within(label):
                element.append(self.tile(tile))
        return element

    def tile(self, data: Mapping[str, Any]) -> Element:
        """``<tile>``: id, sub-rectangle, class, probability, properties, image, collision, animation."""
        tile_id = field(data, "id", "int")
        if tile_id is None or tile_id < 0:
            raise TiledJsonError(f"'id' must be a whole number from 0, not {json_repr(tile_id)}")
        element = Element("tile", id=str(tile_id))
        copy_attributes(element, data, (("x", "int", None), ("y", "int", None)) + LAYER_SIZE)
        _set_class(element, data)
        copy_attributes(element, data, (("probability", "num", 1),))
        self.properties(element, data)
        _image(element, data)
        collision = field(data, "objectgroup", "dict")
        if collision is not None:
            with within("objectgroup"):
                element.append(self.object_group(collision))
        frames = items(data, "animation", "frame")
        if frames:
            animation = SubElement(element, "animation")
            for label, frame in frames:
                with within(label):
                    copy_attributes(SubElement(animation, "frame"), frame, FRAME)
        return element

    def layers(self, parent: Element, data: Mapping[str, Any]) -> None:
        """Append the layers of a map or group, in order."""
        for label, layer in items(data, "layers", "layer"):
            with within(label):
                parent.append(self.layer(layer))

    def layer(self, data: Mapping[str, Any]) -> Element:
        """One layer of any of the four kinds."""
        kind = field(data, "type", "str")
        if kind not in LAYER_TAGS:
            raise TiledJsonError(f"'type' must be one of {', '.join(LAYER_TAGS)}, not {json_repr(kind)}")
        if kind == "objectgroup":
            return self.object_group(data)
        element = Element(LAYER_TAGS[kind])
        self.layer_attributes(element, data)
        if kind == "tilelayer":
            self.properties(element, data)
            self.tile_layer_data(element, data)
        elif kind == "imagelayer":
            copy_attributes(element, data, (("repeatx", "bool", False), ("repeaty", "bool", False)))
            _image(element, data)
            self.properties(element, data)
        else:
            self.properties(element, data)
            self.layers(element, data)
        return element

    def layer_attributes(self, element: Element, data: Mapping[str, Any]) -> None:
        """The attributes every layer kind shares (size only for tile layers)."""
        copy_attributes(element, data, LAYER_HEAD)
        if element.tag == "layer":
            copy_attributes(element, data, LAYER_SIZE)
        copy_attributes(element, data, LAYER_LOOK)
        set_pair(element, data, "offsetx", "offsety")
        copy_attributes(element, data, LAYER_TAIL)

    def tile_layer_data(self, layer: Element, data: Mapping[str, Any]) -> None:
        """``<data encoding compression>`` with the GIDs, or with ``<chunk>`` children on infinite maps."""
        encoding = field(data, "encoding", "str", "") or "csv"
        compression = field(data, "compression", "str", "")
        if encoding not in ("csv", "base64"):
            raise TiledJsonError(f"'encoding' must be \"csv\" or \"base64\", not {json_repr(encoding)}")
        if compression not in COMPRESSIONS or (compression and encoding != "base64"):
            wanted = "gzip, zlib or zstd with \"encoding\": \"base64\""
            raise TiledJsonError(f"'compression' must be {wanted}, not {json_repr(compression)}")
        element = SubElement(layer, "data", encoding=encoding)
        if compression:
            element.set("compression", compression)
        width, height = field(data, "width", "int", 0), field(data, "height", "int", 0)
        if data.get("data") is not None and self.infinite:  # one chunk holding the whole layer
            x, y = field(data, "startx", "int", 0), field(data, "starty", "int", 0)
            chunk = SubElement(element, "chunk", x=str(x), y=str(y), width=str(width), height=str(height))
            _tile_data(chunk, data["data"], encoding, width, height)
        elif data.get("data") is not None:
            _tile_data(element, data["data"], encoding, width, height)
        elif data.get("chunks") is None:
            raise TiledJsonError("a tile layer needs 'data' (or 'chunks' on an infinite map)")
        elif not self.infinite:
            raise TiledJsonError("'chunks' are for infinite maps; this map does not say \"infinite\": true")
        else:
            self.chunks(element, data, encoding)

    def chunks(self, element: Element, data: Mapping[str, Any], encoding: str) -> None:
        """``<chunk x y width height>`` children of an infinite map's ``<data>``, in the layer's encoding."""
        for label, chunk_data in items(data, "chunks", "chunk"):
            with within(label):
                x, y, width, height = (field(chunk_data, k, "int", 0) for k in ("x", "y", "width", "height"))
                chunk = SubElement(element, "chunk", x=str(x), y=str(y), width=str(width), height=str(height))
                _tile_data(chunk, chunk_data.get("data"), encoding, width, height)

    def object_group(self, data: Mapping[str, Any]) -> Element:
        """``<objectgroup>``: a map layer or a tile's collision shapes."""
        element = Element("objectgroup")
        copy_attributes(element, data, (("color", "str", None), ("draworder", "str", "topdown")))
        self.layer_attributes(element, data)
        self.properties(element, data)
        for label, obj in items(data, "objects", "object", label_by="id"):
            with within(label):
                element.append(self.object(obj))
        return element

    def object(self, data: Mapping[str, Any], base: bool = False) -> Element:
        """``<object>``; a template instance keeps only what it overrides, a template's base has no id/x/y."""
        element = Element("object")
        instance = data.get("template") is not None
        head = (("template", "str", None), ("name", "str", None))
        copy_attributes(element, data, head if base else (("id", "int", None),) + head)
        _set_class(element, data)
        gid = field(data, "gid", "int", 0)
        if not 0 <= gid <= MAX_GID:
            raise TiledJsonError(f"'gid' must be a tile GID (0..{MAX_GID}), not {gid}")
        if gid:
            element.set("gid", str(gid))
        if not base:
            element.set("x", fmt_num(field(data, "x", "num", 0)))
            element.set("y", fmt_num(field(data, "y", "num", 0)))
        width, height = field(data, "width", "num", 0), field(data, "height", "num", 0)
        if not instance or (width > 0 and height > 0):
            copy_attributes(element, data, (("width", "num", 0), ("height", "num", 0)))
        for key, usual in (("rotation", 0), ("opacity", 1), ("visible", True)):
            value = field(data, key, "bool" if key == "visible" else "num")
            if value is not None and (instance or value != usual):
                element.set(key, attribute_text(value))
        self.properties(element, data)
        self.shape(element, data)
        return element

    def shape(self, element: Element, data: Mapping[str, Any]) -> None:
        """The shape child: text, point, capsule, ellipse, polyline or polygon (rectangles have none)."""
        for key in SHAPES_LAST_WINS:
            if key == "text" and field(data, key, "dict") is not None:
                text = SubElement(element, "text")
                copy_attributes(text, data[key], TEXT)
                text.text = field(data[key], "text", "str", "")
                return
            if key in ("polyline", "polygon") and field(data, key, "list") is not None:
                SubElement(element, key, points=_points(data, key))
                return
            if key in ("point", "capsule", "ellipse") and field(data, key, "bool", False):
                SubElement(element, key)
                return

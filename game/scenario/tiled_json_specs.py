"""The attributes Tiled writes for each element of a map, a tileset or a template, in the order it
writes them (mapeditor/tiled ``src/libtiled/mapwriter.cpp``): each as (name, kind, the default
Tiled leaves out, or None when it always writes it), read by `tiled_json`'s converter.
"""

from __future__ import annotations

from game.scenario.tiled_json_props import Spec

MAX_GID = 0xFFFFFFFF
LAYER_TAGS = {"tilelayer": "layer", "objectgroup": "objectgroup", "imagelayer": "imagelayer", "group": "group"}
COMPRESSIONS = ("", "gzip", "zlib", "zstd")

MAP_HEAD: Spec = (
    ("tiledversion", "str", None), ("class", "str", None), ("orientation", "str", None),
    ("renderorder", "str", None), ("compressionlevel", "int", -1), ("width", "int", None),
    ("height", "int", None), ("tilewidth", "int", None), ("tileheight", "int", None),
)
MAP_HEX: Spec = (
    ("hexsidelength", "int", None), ("staggeraxis", "str", None), ("staggerindex", "str", None),
    ("skewx", "int", 0), ("skewy", "int", 0),
)
MAP_TAIL: Spec = (("backgroundcolor", "str", None), ("nextlayerid", "int", None), ("nextobjectid", "int", None))
LAYER_HEAD: Spec = (
    ("id", "int", 0), ("name", "str", None), ("class", "str", None), ("x", "int", 0), ("y", "int", 0),
)
LAYER_SIZE: Spec = (("width", "int", None), ("height", "int", None))
LAYER_LOOK: Spec = (
    ("visible", "bool", True), ("locked", "bool", False), ("opacity", "num", 1), ("tintcolor", "str", None),
)
LAYER_TAIL: Spec = (("parallaxx", "num", 1), ("parallaxy", "num", 1), ("mode", "str", "normal"))
TILESET: Spec = (
    ("class", "str", None), ("tilewidth", "int", None), ("tileheight", "int", None), ("spacing", "int", 0),
    ("margin", "int", 0), ("tilecount", "int", None), ("columns", "int", None),
    ("backgroundcolor", "str", None), ("objectalignment", "str", "unspecified"),
    ("tilerendersize", "str", "tile"), ("fillmode", "str", "stretch"),
)
TEXT: Spec = (
    ("fontfamily", "str", "sans-serif"), ("pixelsize", "int", 16), ("wrap", "bool", False),
    ("color", "str", "#000000"), ("bold", "bool", False), ("italic", "bool", False),
    ("underline", "bool", False), ("strikeout", "bool", False), ("kerning", "bool", True),
    ("halign", "str", "left"), ("valign", "str", "top"),
)
FRAME: Spec = (("tileid", "int", None), ("duration", "int", None))
SHAPES_LAST_WINS = ("text", "point", "capsule", "ellipse", "polyline", "polygon")  # Tiled reads them in reverse

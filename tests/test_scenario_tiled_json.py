"""Tiled JSON maps, tilesets and templates become the TMX elements Tiled itself writes.

The sample files below are verbatim copies of the hand-written probes in the shared Tiled notes
(samples/synthetic: K_hex.tmj, terrain.tsj/.tsx, infantry.tj/.tx, A_hex_features.tmx), so the
tests run on a clean clone. Where the real editor is installed (`tiled`, Tiled 1.8.2 in CI), it
writes both a JSON and a TMX copy of the same map and the conversion of the one must equal the other.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
import zstandard
from hypothesis import given
from hypothesis import strategies as st

from game.scenario.tiled_json import (
    TiledJsonError,
    json_map_data_to_tmx,
    json_map_to_tmx,
    json_template_to_tx,
    json_tileset_data_to_tsx,
    json_tileset_to_tsx,
)

HEX_120, HEX_60, FLIP_H = 0x10000000, 0x20000000, 0x80000000
GROUND = [1, 2, 1, 2, HEX_120 | 2, HEX_60 | 1, FLIP_H | 2, 1, 2, 1, 2, 1]
OVER = [0, 1, 0, 2, 2, 0, 1, 0, 0, 0, 0, 2]


def _prop(name: str, ptype: str, value, **extra) -> dict:
    return {"name": name, "type": ptype, "value": value, **extra}


def _tile_layer(layer_id: int, name: str, data, **extra) -> dict:
    return {"id": layer_id, "name": name, "type": "tilelayer", "width": 4, "height": 3, "x": 0, "y": 0,
            "opacity": 1, "visible": True, "data": data, **extra}


K_HEX = {  # samples/synthetic/K_hex.tmj
    "type": "map", "version": "1.10", "tiledversion": "1.11.2", "class": "Scenario", "orientation": "hexagonal",
    "renderorder": "right-down", "width": 4, "height": 3, "tilewidth": 56, "tileheight": 64, "infinite": False,
    "hexsidelength": 32, "staggeraxis": "y", "staggerindex": "odd", "nextlayerid": 4, "nextobjectid": 4,
    "compressionlevel": -1,
    "properties": [_prop("turns", "int", 12), _prop("tint", "color", "#ff112233"),
                   _prop("weather", "class", {"wind": 5}, propertytype="Weather")],
    "tilesets": [{"firstgid": 1, "source": "terrain.tsj"}],
    "layers": [
        _tile_layer(1, "ground", GROUND),
        _tile_layer(2, "over_zlib", "eJxjYGBgYGSAACYoZkASQwYgOQABBAAJ", encoding="base64", compression="zlib"),
        {"id": 3, "name": "units", "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0, "opacity": 1,
         "visible": True, "objects": [
             {"id": 1, "name": "HQ", "type": "Unit", "point": True, "x": 28, "y": 32, "width": 0, "height": 0,
              "rotation": 0, "visible": True, "properties": [_prop("strength", "int", 10)]},
             {"id": 2, "template": "infantry.tj", "x": 84, "y": 80},
             {"id": 3, "name": "tank", "type": "Unit", "gid": 2147483650, "x": 56, "y": 112, "width": 56,
              "height": 64, "rotation": 0, "visible": True}]}],
}
K_HEX_TWIN_TMX = """<map version="1.10" tiledversion="1.11.2" class="Scenario" orientation="hexagonal"
 renderorder="right-down" width="4" height="3" tilewidth="56" tileheight="64" infinite="0" hexsidelength="32"
 staggeraxis="y" staggerindex="odd" nextlayerid="9" nextobjectid="9">
 <tileset firstgid="1" source="terrain.tsx"/>
 <layer id="1" name="ground" class="Terrain" width="4" height="3">
  <data encoding="csv">
1,2,1,2,
268435458,536870913,2147483650,1,
2,1,2,1
</data>
 </layer>
 <layer id="5" name="over_zlib" width="4" height="3" offsetx="8" offsety="-4">
  <data encoding="base64" compression="zlib">eJxjYGBgYGSAACYoZkASQwYgOQABBAAJ</data>
 </layer>
</map>"""  # the same layers in samples/synthetic/A_hex_features.tmx
TERRAIN_TSJ = {  # samples/synthetic/terrain.tsj
    "type": "tileset", "version": "1.10", "tiledversion": "1.11.2", "name": "terrain", "tilewidth": 56,
    "tileheight": 64, "tilecount": 2, "columns": 2, "image": "terrain.png", "imagewidth": 112, "imageheight": 64,
    "margin": 0, "spacing": 0, "tileoffset": {"x": 0, "y": 2},
    "tiles": [{"id": 0, "type": "Terrain", "properties": [_prop("move_cost", "int", 1)]},
              {"id": 1, "type": "Terrain", "properties": [_prop("move_cost", "int", 3)]}],
}
TERRAIN_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.2" name="terrain" tilewidth="56" tileheight="64" tilecount="2" columns="2">
 <tileoffset x="0" y="2"/>
 <image source="terrain.png" width="112" height="64"/>
 <tile id="0" type="Terrain">
  <properties>
   <property name="move_cost" type="int" value="1"/>
   <property name="cover" type="float" value="0"/>
  </properties>
 </tile>
 <tile id="1" type="Terrain">
  <properties>
   <property name="move_cost" type="int" value="3"/>
   <property name="cover" type="float" value="0.5"/>
   <property name="blocks_los" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
"""  # samples/synthetic/terrain.tsx
INFANTRY_TJ = {  # samples/synthetic/infantry.tj
    "type": "template", "tileset": {"firstgid": 1, "source": "terrain.tsj"},
    "object": {"name": "infantry", "type": "Unit", "gid": 1, "width": 56, "height": 64, "rotation": 0,
               "visible": True, "properties": [_prop("strength", "int", 7)]},
}
INFANTRY_TX = """<?xml version="1.0" encoding="UTF-8"?>
<template>
 <tileset firstgid="1" source="terrain.tsx"/>
 <object name="infantry" type="Unit" gid="1" width="56" height="64">
  <properties>
   <property name="strength" type="int" value="7"/>
  </properties>
 </object>
</template>
"""  # samples/synthetic/infantry.tx


# ---------------------------------------------------------------------------------------------
# Helpers: decoding layer data and comparing TMX trees


def gids(text: str, encoding: str | None, compression: str | None) -> list[int]:
    """Decode one ``<data>``/``<chunk>`` payload to its GIDs, flag bits included."""
    if encoding == "csv":
        return [int(g) for g in text.replace("\n", "").split(",") if g.strip()]
    raw = base64.b64decode(text.strip())
    if compression == "gzip":
        raw = gzip.decompress(raw)
    elif compression == "zlib":
        raw = zlib.decompress(raw)
    elif compression == "zstd":
        raw = zstandard.ZstdDecompressor().decompressobj().decompress(raw)
    return list(struct.unpack(f"<{len(raw) // 4}I", raw))


def layer_gids(root: ET.Element) -> dict[str, object]:
    """Every tile layer's GIDs by name; chunked layers as {(x, y, width, height): GIDs}."""
    found: dict[str, object] = {}
    for layer in root.iter("layer"):
        data = layer.find("data")
        encoding, compression = data.get("encoding"), data.get("compression")
        chunks = data.findall("chunk")
        found[layer.get("name", "")] = (
            {tuple(int(c.get(k)) for k in ("x", "y", "width", "height")): gids(c.text, encoding, compression)
             for c in chunks}
            if chunks else gids(data.text, encoding, compression))
    return found


def canonical(element: ET.Element, encoding: str | None = None, compression: str | None = None) -> tuple:
    """(tag, attributes, text, children) with layer data decoded, so whitespace and packing do not matter."""
    if element.tag == "data":
        encoding, compression = element.get("encoding"), element.get("compression")
    text = (element.text or "").strip()
    if element.tag in ("data", "chunk") and text and encoding:
        text = tuple(gids(text, encoding, compression))
    children = tuple(canonical(child, encoding, compression) for child in element)
    return element.tag, tuple(sorted(element.attrib.items())), text, children


def xml(text: str) -> ET.Element:
    return ET.fromstring(text.encode())


def props(element: ET.Element) -> dict[str, tuple]:
    """A ``<properties>`` child as {name: (type, value or nested properties)}."""
    found = {}
    for prop in element.findall("properties/property"):
        nested = props(prop) if prop.find("properties") is not None else None
        found[prop.get("name")] = (prop.get("type", "string"), nested or prop.get("value", prop.text))
    return found


def convert_map(data: dict, **kwargs) -> ET.Element:
    return json_map_data_to_tmx(json.loads(json.dumps(data)), "test.tmj", **kwargs)


def hex_map(layers: list, **extra) -> dict:
    """A small pointy-top hex map holding the given layers."""
    base = {key: K_HEX[key] for key in ("type", "orientation", "width", "height", "tilewidth", "tileheight",
                                         "hexsidelength", "staggeraxis", "staggerindex", "tilesets")}
    return {**base, "infinite": False, "layers": layers, **extra}


def png(width: int, height: int) -> bytes:
    """A plain grey RGBA PNG, so the editor can load the tileset images."""
    rows = b"".join(b"\x00" + b"\x80\x80\x80\xff" * width for _ in range(height))

    def chunk(tag: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


@pytest.fixture
def samples(tmp_path: Path) -> Path:
    """The sample files written into a fresh folder."""
    for name, data in (("K_hex.tmj", K_HEX), ("terrain.tsj", TERRAIN_TSJ), ("infantry.tj", INFANTRY_TJ)):
        (tmp_path / name).write_text(json.dumps(data, indent=1))
    (tmp_path / "terrain.tsx").write_text(TERRAIN_TSX)
    (tmp_path / "infantry.tx").write_text(INFANTRY_TX)
    (tmp_path / "terrain.png").write_bytes(png(112, 64))
    return tmp_path


# ---------------------------------------------------------------------------------------------
# The samples


def test_k_hex_is_a_hexagonal_map_whose_ground_gids_and_flag_bits_equal_its_tmx_twin(samples: Path):
    tmx = json_map_to_tmx(samples / "K_hex.tmj")
    assert tmx.tag == "map"
    assert {k: tmx.get(k) for k in ("orientation", "hexsidelength", "staggeraxis", "staggerindex", "infinite")} == {
        "orientation": "hexagonal", "hexsidelength": "32", "staggeraxis": "y", "staggerindex": "odd", "infinite": "0"}
    assert (tmx.get("class"), tmx.get("width"), tmx.get("height"), tmx.get("nextobjectid")) == ("Scenario", "4", "3", "4")
    assert tmx.get("compressionlevel") is None  # -1 is Tiled's default and is left out
    ours, twin = layer_gids(tmx), layer_gids(xml(K_HEX_TWIN_TMX))
    assert ours == twin == {"ground": GROUND, "over_zlib": OVER}
    assert ours["ground"][4] == 0x10000002 and ours["ground"][5] == 0x20000001  # hex 120 and 60 degree rotations


def test_k_hex_keeps_csv_as_tiled_lays_it_out_and_base64_zlib_as_written(samples: Path):
    ground, over = json_map_to_tmx(samples / "K_hex.tmj").findall("layer/data")
    assert ground.attrib == {"encoding": "csv"}
    assert ground.text == "\n1,2,1,2,\n268435458,536870913,2147483650,1,\n2,1,2,1\n"
    assert over.attrib == {"encoding": "base64", "compression": "zlib"}
    assert over.text == "eJxjYGBgYGSAACYoZkASQwYgOQABBAAJ"


def test_k_hex_leaves_tsj_tileset_and_tj_template_references_for_the_loader(samples: Path):
    tmx = json_map_to_tmx(samples / "K_hex.tmj")
    assert [t.attrib for t in tmx.findall("tileset")] == [{"firstgid": "1", "source": "terrain.tsj"}]
    hq, infantry, tank = tmx.findall("objectgroup/object")
    assert infantry.attrib == {"id": "2", "template": "infantry.tj", "x": "84", "y": "80"}  # only its overrides
    assert hq.attrib == {"id": "1", "name": "HQ", "type": "Unit", "x": "28", "y": "32"}
    assert [c.tag for c in hq] == ["properties", "point"] and props(hq) == {"strength": ("int", "10")}
    assert tank.attrib == {"id": "3", "name": "tank", "type": "Unit", "gid": "2147483650", "x": "56", "y": "112",
                           "width": "56", "height": "64"}


def test_k_hex_map_properties_are_sorted_by_name_with_class_members_nested(samples: Path):
    tmx = json_map_to_tmx(samples / "K_hex.tmj")
    assert [p.get("name") for p in tmx.findall("properties/property")] == ["tint", "turns", "weather"]
    assert props(tmx) == {"tint": ("color", "#ff112233"), "turns": ("int", "12"),
                          "weather": ("class", {"wind": ("int", "5")})}
    assert tmx.find("properties/property[@name='weather']").get("propertytype") == "Weather"


def test_terrain_tsj_has_the_tiles_and_properties_of_terrain_tsx(samples: Path):
    ours, theirs = json_tileset_to_tsx(samples / "terrain.tsj"), xml(TERRAIN_TSX)
    assert ours.attrib == theirs.attrib
    assert [c.tag for c in ours] == [c.tag for c in theirs] == ["tileoffset", "image", "tile", "tile"]
    assert ours.find("tileoffset").attrib == theirs.find("tileoffset").attrib
    assert ours.find("image").attrib == theirs.find("image").attrib
    assert [t.attrib for t in ours.findall("tile")] == [t.attrib for t in theirs.findall("tile")]
    for mine, twin in zip(ours.findall("tile"), theirs.findall("tile")):
        # the hand-written JSON sample only carries move_cost; the TSX also has cover and blocks_los
        assert props(mine) == {"move_cost": props(twin)["move_cost"]}


def test_infantry_tj_converts_to_infantry_tx(samples: Path):
    ours = json_template_to_tx(samples / "infantry.tj")
    assert ours.find("tileset").attrib == {"firstgid": "1", "source": "terrain.tsj"}  # kept for the loader
    ours.find("tileset").set("source", "terrain.tsx")
    assert canonical(ours) == canonical(xml(INFANTRY_TX))


# ---------------------------------------------------------------------------------------------
# Properties


def test_every_scalar_property_type_is_written_as_tiled_writes_it():
    tmx = convert_map(hex_map([], properties=[
        _prop("title", "string", "Probe"), _prop("turns", "int", -12), _prop("hex_m", "float", 3.0),
        _prop("ratio", "float", 0.1), _prop("night", "bool", True), _prop("tint", "color", "#ff112233"),
        _prop("briefing", "file", "docs/briefing.txt"), _prop("hq", "object", 1),
        _prop("side", "string", "blue", propertytype="Side"), _prop("squad", "int", 3, propertytype="Size"),
        {"name": "untyped", "value": "plain"}, _prop("notes", "string", "line one\nline two")]))
    written = {p.get("name"): p.attrib for p in tmx.findall("properties/property")}
    assert list(written) == sorted(written)
    assert written == {
        "briefing": {"name": "briefing", "type": "file", "value": "docs/briefing.txt"},
        "hex_m": {"name": "hex_m", "type": "float", "value": "3"},
        "hq": {"name": "hq", "type": "object", "value": "1"},
        "night": {"name": "night", "type": "bool", "value": "true"},
        "notes": {"name": "notes"},
        "ratio": {"name": "ratio", "type": "float", "value": "0.1"},
        "side": {"name": "side", "propertytype": "Side", "value": "blue"},
        "squad": {"name": "squad", "type": "int", "propertytype": "Size", "value": "3"},
        "tint": {"name": "tint", "type": "color", "value": "#ff112233"},
        "title": {"name": "title", "value": "Probe"},
        "turns": {"name": "turns", "type": "int", "value": "-12"},
        "untyped": {"name": "untyped", "value": "plain"},
    }
    assert tmx.find("properties/property[@name='notes']").text == "line one\nline two"


def test_class_members_without_project_types_are_typed_by_their_json_values():
    value = {"wind": 5, "rain": True, "gust": 2.5, "label": "storm", "front": {"speed": 3}}
    tmx = convert_map(hex_map([], properties=[_prop("weather", "class", value, propertytype="Weather")]))
    assert props(tmx)["weather"] == ("class", {
        "front": ("class", {"speed": ("int", "3")}), "gust": ("float", "2.5"), "label": ("string", "storm"),
        "rain": ("bool", "true"), "wind": ("int", "5")})
    members = tmx.findall("properties/property/properties/property")
    assert [m.get("name") for m in members] == ["front", "gust", "label", "rain", "wind"]  # Tiled sorts them


def test_class_members_with_project_types_get_their_declared_types_and_enums():
    types = [{"id": 1, "name": "Weather", "type": "class", "members": [
                 {"name": "wind", "type": "float", "value": 0}, {"name": "haze", "type": "color", "value": ""},
                 {"name": "side", "type": "string", "propertytype": "Side", "value": "blue"},
                 {"name": "front", "type": "class", "propertytype": "Front", "value": {}}]},
             {"id": 2, "name": "Front", "type": "class", "members": [{"name": "map", "type": "file", "value": ""}]},
             {"id": 3, "name": "Side", "type": "enum", "storageType": "string", "values": ["blue", "red"]}]
    value = {"wind": 5, "haze": "#80ffffff", "side": "red", "front": {"map": "front.png"}}
    tmx = convert_map(hex_map([], properties=[_prop("weather", "class", value, propertytype="Weather")]),
                      property_types=types)
    assert props(tmx)["weather"] == ("class", {
        "front": ("class", {"map": ("file", "front.png")}), "haze": ("color", "#80ffffff"),
        "side": ("string", "red"), "wind": ("float", "5")})
    assert tmx.find(".//property[@name='side']").get("propertytype") == "Side"
    assert tmx.find(".//property[@name='front']").get("propertytype") == "Front"


def test_empty_class_value_has_no_nested_properties():
    tmx = convert_map(hex_map([], properties=[_prop("weather", "class", {}, propertytype="Weather")]))
    weather = tmx.find("properties/property")
    assert weather.attrib == {"name": "weather", "type": "class", "propertytype": "Weather"} and len(weather) == 0


def test_list_property_items_follow_tiled_1_12_including_nested_lists_and_classes():
    value = [{"type": "int", "value": 10}, {"type": "string", "value": "text"},
             {"type": "list", "value": [{"type": "bool", "value": True}]},
             {"type": "class", "propertytype": "Weather", "value": {"wind": 5}}]
    waypoints = convert_map(hex_map([], properties=[_prop("waypoints", "list", value)])).find("properties/property")
    assert waypoints.attrib == {"name": "waypoints", "type": "list"}
    items = waypoints.findall("item")
    assert [i.attrib for i in items] == [{"type": "int", "value": "10"}, {"value": "text"}, {"type": "list"},
                                         {"type": "class", "propertytype": "Weather"}]
    assert items[2].find("item").attrib == {"type": "bool", "value": "true"}
    assert items[3].find("properties/property").attrib == {"name": "wind", "type": "int", "value": "5"}


def test_json1_object_form_properties_and_tiles_keyed_by_id_are_read():
    tileset = {"type": "tileset", "name": "old", "tilewidth": 56, "tileheight": 64, "tilecount": 12, "columns": 4,
               "properties": {"biome": "desert", "rough": 2}, "propertytypes": {"biome": "string", "rough": "int"},
               "tiles": {"10": {"type": "Rock"}, "2": {"animation": [{"tileid": 2, "duration": 100}]}},
               "tileproperties": {"2": {"cost": 1.5}}, "tilepropertytypes": {"2": {"cost": "float"}}}
    tsx = json_tileset_data_to_tsx(tileset, "old.json")
    assert props(tsx) == {"biome": ("string", "desert"), "rough": ("int", "2")}
    assert [t.attrib for t in tsx.findall("tile")] == [{"id": "2"}, {"id": "10", "type": "Rock"}]
    assert props(tsx.find("tile")) == {"cost": ("float", "1.5")}


# ---------------------------------------------------------------------------------------------
# Layers, tilesets, objects


def test_infinite_map_chunks_keep_the_layer_encoding_and_their_negative_positions():
    packed = base64.b64encode(gzip.compress(struct.pack("<4I", 1, 0, FLIP_H | 2, 1))).decode()
    layers = [{"id": 1, "name": "ground", "type": "tilelayer", "width": 4, "height": 2, "startx": -2, "starty": 0,
               "chunks": [{"x": -2, "y": 0, "width": 2, "height": 2, "data": [1, 2, 0, 2]},
                          {"x": 0, "y": 0, "width": 2, "height": 2, "data": [2, 2, 1, 1]}]},
              {"id": 2, "name": "packed", "type": "tilelayer", "width": 2, "height": 2, "encoding": "base64",
               "compression": "gzip", "chunks": [{"x": 0, "y": -2, "width": 2, "height": 2, "data": packed}]}]
    tmx = convert_map(hex_map(layers, infinite=True))
    assert tmx.get("infinite") == "1"
    chunks = tmx.findall("layer/data/chunk")
    assert [c.attrib for c in chunks] == [{"x": "-2", "y": "0", "width": "2", "height": "2"},
                                         {"x": "0", "y": "0", "width": "2", "height": "2"},
                                         {"x": "0", "y": "-2", "width": "2", "height": "2"}]
    assert chunks[0].text == "\n1,2,\n0,2\n" and chunks[2].text == packed
    assert layer_gids(tmx) == {"ground": {(-2, 0, 2, 2): [1, 2, 0, 2], (0, 0, 2, 2): [2, 2, 1, 1]},
                               "packed": {(0, -2, 2, 2): [1, 0, FLIP_H | 2, 1]}}


def test_infinite_map_layer_given_as_plain_data_becomes_one_chunk_at_its_start():
    layer = {"id": 1, "name": "ground", "type": "tilelayer", "width": 2, "height": 1, "startx": -16, "starty": 16,
             "data": [1, 2]}
    chunk = convert_map(hex_map([layer], infinite=True)).find("layer/data/chunk")
    assert chunk.attrib == {"x": "-16", "y": "16", "width": "2", "height": "1"} and chunk.text == "\n1,2\n"


def test_layer_offsets_stay_floats_and_only_non_default_looks_are_written():
    layers = [_tile_layer(1, "ground", OVER, offsetx=10.5, offsety=-3.25, opacity=0.5, visible=False, locked=True,
                          tintcolor="#ff8000", parallaxx=0.5, parallaxy=1, mode="normal", **{"class": "Terrain"}),
              {"id": 2, "name": "grp", "type": "group", "opacity": 1, "visible": True, "offsetx": 0, "offsety": 4,
               "layers": [{"id": 3, "name": "sky", "type": "imagelayer", "image": "sky.png", "repeatx": True,
                           "transparentcolor": "#ff00ff", "imagewidth": 640, "imageheight": 480,
                           "properties": [_prop("far", "bool", True)]}]}]
    tmx = convert_map(hex_map(layers))
    assert tmx.find("layer").attrib == {
        "id": "1", "name": "ground", "class": "Terrain", "width": "4", "height": "3", "visible": "0", "locked": "1",
        "opacity": "0.5", "tintcolor": "#ff8000", "offsetx": "10.5", "offsety": "-3.25", "parallaxx": "0.5"}
    group = tmx.find("group")
    assert group.attrib == {"id": "2", "name": "grp", "offsetx": "0", "offsety": "4"}
    image_layer = group.find("imagelayer")
    assert image_layer.attrib == {"id": "3", "name": "sky", "repeatx": "1"}
    assert [c.tag for c in image_layer] == ["image", "properties"]
    assert image_layer.find("image").attrib == {"source": "sky.png", "trans": "ff00ff", "width": "640", "height": "480"}


def test_embedded_tileset_keeps_tile_collisions_animations_and_image_collections():
    tileset = {"firstgid": 3, "name": "pics", "class": "Props", "tilewidth": 64, "tileheight": 64, "tilecount": 2,
               "columns": 0, "spacing": 0, "margin": 0, "objectalignment": "bottom", "transformations": {"hflip": True},
               "wangsets": [{"name": "roads"}], "grid": {"orientation": "orthogonal", "width": 1, "height": 1},
               "tiles": [{"id": 4, "class": "Crate", "probability": 0.5, "image": "crate.png", "imagewidth": 64,
                          "imageheight": 48, "properties": [_prop("cover", "float", 0.5)],
                          "objectgroup": {"type": "objectgroup", "draworder": "index", "id": 2, "name": "",
                                          "opacity": 1, "visible": True, "x": 0, "y": 0,
                                          "objects": [{"id": 1, "x": 0, "y": 16, "width": 64, "height": 32,
                                                       "name": "", "type": "", "rotation": 0, "visible": True}]},
                          "animation": [{"tileid": 4, "duration": 200}, {"tileid": 5, "duration": 100}]}]}
    element = convert_map(hex_map([], tilesets=[tileset])).find("tileset")
    assert element.attrib == {"firstgid": "3", "name": "pics", "class": "Props", "tilewidth": "64",
                              "tileheight": "64", "tilecount": "2", "columns": "0", "objectalignment": "bottom"}
    assert [c.tag for c in element] == ["grid", "tile"]  # transformations and wang sets are dropped
    tile = element.find("tile")
    assert tile.attrib == {"id": "4", "type": "Crate", "probability": "0.5"}
    assert [c.tag for c in tile] == ["properties", "image", "objectgroup", "animation"]
    assert tile.find("image").attrib == {"source": "crate.png", "width": "64", "height": "48"}
    assert tile.find("objectgroup").attrib == {"draworder": "index", "id": "2"}
    assert tile.find("objectgroup/object").attrib == {"id": "1", "x": "0", "y": "16", "width": "64", "height": "32"}
    assert [f.attrib for f in tile.findall("animation/frame")] == [{"tileid": "4", "duration": "200"},
                                                                   {"tileid": "5", "duration": "100"}]


def test_object_shapes_text_and_tiled_1_9_class_key():
    objects = [{"id": 4, "name": "wall", "x": 5, "y": 6.5, "polygon": [{"x": 0, "y": 0}, {"x": 56, "y": 48.5}]},
               {"id": 5, "x": 1, "y": 2, "polyline": [{"x": 0, "y": 0}, {"x": -3, "y": 4}]},
               {"id": 6, "x": 0, "y": 0, "width": 100, "height": 50, "ellipse": True, "rotation": 45, "visible": False},
               {"id": 7, "x": 1, "y": 2, "width": 120, "height": 40, "opacity": 0.5,
                "text": {"text": "Hold the ridge", "wrap": True, "halign": "center", "pixelsize": 16, "kerning": False}},
               {"id": 8, "class": "Unit", "x": 28, "y": 32, "point": True}]
    group = convert_map(hex_map([{"id": 1, "name": "shapes", "type": "objectgroup", "objects": objects}]))
    wall, road, zone, sign, hq = group.findall("objectgroup/object")
    assert wall.find("polygon").attrib == {"points": "0,0 56,48.5"} and wall.get("y") == "6.5"
    assert road.find("polyline").attrib == {"points": "0,0 -3,4"}
    assert zone.attrib == {"id": "6", "x": "0", "y": "0", "width": "100", "height": "50", "rotation": "45",
                           "visible": "0"}
    assert zone.find("ellipse") is not None
    assert sign.get("opacity") == "0.5"
    assert sign.find("text").attrib == {"wrap": "1", "kerning": "0", "halign": "center"}
    assert sign.find("text").text == "Hold the ridge"
    assert hq.get("type") == "Unit" and hq.find("point") is not None


def test_template_instance_writes_exactly_the_fields_it_overrides():
    objects = [{"id": 9, "template": "infantry.tj", "name": "veteran", "x": 140, "y": 80, "rotation": 0,
                "visible": True, "width": 0, "height": 0, "properties": [_prop("strength", "int", 9)]},
               {"id": 10, "template": "infantry.tj", "name": "", "x": 1, "y": 2, "width": 56, "height": 0},
               {"id": 11, "template": "infantry.tj", "x": 3, "y": 4, "width": 28, "height": 32}]
    group = convert_map(hex_map([{"id": 1, "name": "units", "type": "objectgroup", "objects": objects}]))
    veteran, flat, small = group.findall("objectgroup/object")
    assert veteran.attrib == {"id": "9", "template": "infantry.tj", "name": "veteran", "x": "140", "y": "80",
                              "rotation": "0", "visible": "1"}
    assert props(veteran) == {"strength": ("int", "9")}
    # Tiled counts a size as overridden only when both sides are positive, and an empty name never
    assert flat.attrib == {"id": "10", "template": "infantry.tj", "x": "1", "y": "2"}
    assert small.attrib == {"id": "11", "template": "infantry.tj", "x": "3", "y": "4", "width": "28", "height": "32"}


# ---------------------------------------------------------------------------------------------
# Malformed files: a TiledJsonError naming the file, the place and what is wrong


def test_json_syntax_error_names_the_file_line_and_column(tmp_path: Path):
    path = tmp_path / "broken.tmj"
    path.write_text('{\n "type": "map",\n "width": 4\n "height": 3\n}')
    with pytest.raises(TiledJsonError) as caught:
        json_map_to_tmx(path)
    assert str(caught.value) == f"{path}: invalid JSON at line 4, column 2: Expecting ',' delimiter"
    assert (caught.value.file, caught.value.where) == (str(path), ())


def test_tmx_handed_to_the_json_reader_is_called_xml(tmp_path: Path):
    path = tmp_path / "map.tmj"
    path.write_text('<?xml version="1.0"?>\n<map/>')
    with pytest.raises(TiledJsonError, match="line 1, column 1: .* looks like XML"):
        json_map_to_tmx(path)


def test_layer_data_of_the_wrong_kind_names_the_layer():
    with pytest.raises(TiledJsonError) as caught:
        convert_map(hex_map([_tile_layer(1, "ground", {"rows": []})]))
    assert str(caught.value) == ("test.tmj: layer 'ground': 'data' must be a list of numbers or a base64 string, "
                                 "not an object")
    assert caught.value.where == ("layer 'ground'",) and caught.value.file == "test.tmj"


def _layer_with(**changes) -> dict:
    return hex_map([{**_tile_layer(1, "ground", OVER), **changes}])


@pytest.mark.parametrize(("data", "message"), [
    (_layer_with(data=OVER[:-1]), "layer 'ground': 'data' has 11 GIDs but width x height is 4 x 3"),
    (_layer_with(data=[-1] + OVER[1:]), "'data' item #1 is not a tile GID (0..4294967295): -1"),
    (_layer_with(data=[1.5] + OVER[1:]), "'data' item #1 is not a tile GID"),
    (_layer_with(data="AAAA"), "'data' is a base64 string but 'encoding' is not \"base64\""),
    (_layer_with(encoding="base64"), "'data' is a list of numbers but 'encoding' is \"base64\""),
    (_layer_with(encoding="xml"), "'encoding' must be \"csv\" or \"base64\", not 'xml'"),
    (_layer_with(encoding="base64", compression="lz4", data="AAAA"), "'compression' must be gzip, zlib or zstd"),
    (_layer_with(data=None, chunks=[]), "'chunks' are for infinite maps"),
    (_layer_with(data=None), "a tile layer needs 'data'"),
    (_layer_with(width="4"), "layer 'ground': 'width' must be an integer, not '4'"),
    (_layer_with(properties=[_prop("cost", "decimal", 1)]), "property 'cost': unknown property type 'decimal'"),
    (_layer_with(properties=[_prop("cost", "int", 1), _prop("cost", "int", 2)]), "property 'cost' is defined twice"),
    (_layer_with(properties=[_prop("cost", "int", "2")]), "property 'cost': 'value' of type 'int' must be an integer, not '2'"),
    (_layer_with(properties=[_prop("w", "class", 5)]), "property 'w': 'value' of type 'class' must be a JSON object of members"),
    (hex_map([{"id": 1, "name": "x", "type": "terrain"}]), "layer 'x': 'type' must be one of tilelayer, objectgroup"),
    (hex_map(["ground"]), "layer #1 in 'layers' must be a JSON object, not 'ground'"),
    (hex_map([], tilesets=[{"source": "terrain.tsj"}]), "tileset #1: 'firstgid' must be a whole number from 1, not null"),
    (hex_map([{"id": 1, "name": "u", "type": "objectgroup", "objects": [{"id": 7, "x": "left"}]}]),
     "layer 'u': object 7: 'x' must be a number, not 'left'"),
    (hex_map([{"id": 1, "name": "u", "type": "objectgroup", "objects": [{"id": 7, "gid": 2**32}]}]),
     "object 7: 'gid' must be a tile GID (0..4294967295), not 4294967296"),
    (hex_map([{"id": 1, "name": "u", "type": "objectgroup", "objects": [{"id": 7, "polygon": [[0, 0]]}]}]),
     "object 7: 'polygon' point #1: a point must be an object with x and y"),
    ({**TERRAIN_TSJ}, "this is a Tiled 'tileset' file, not a map"),
    ([1, 2], "the top level must be a JSON object (a Tiled map), not a list"),
])
def test_malformed_map_json_is_refused_with_a_message_saying_what_to_fix(data, message: str):
    with pytest.raises(TiledJsonError) as caught:
        json_map_data_to_tmx(data, "test.tmj")
    assert str(caught.value).startswith("test.tmj: ") and message in str(caught.value)


@pytest.mark.parametrize(("content", "message"), [
    (b'{"type": "map", "width": NaN}', "NaN is not a number JSON allows"),
    (b'{"type": "map", "name": "caf\xe9"}', "not UTF-8 text (bad byte at offset 28)"),
    (b"", "invalid JSON at line 1, column 1: Expecting value"),
])
def test_unreadable_json_files_are_refused(tmp_path: Path, content: bytes, message: str):
    path = tmp_path / "bad.tmj"
    path.write_bytes(content)
    with pytest.raises(TiledJsonError, match=re.escape(message)):
        json_map_to_tmx(path)


def test_missing_file_is_a_tiled_json_error(tmp_path: Path):
    with pytest.raises(TiledJsonError, match="missing.tsj: cannot read the file"):
        json_tileset_to_tsx(tmp_path / "missing.tsj")


def test_template_without_object_is_refused(tmp_path: Path):
    (tmp_path / "empty.tj").write_text('{"type": "template", "tileset": {"firstgid": 1, "source": "t.tsj"}}')
    with pytest.raises(TiledJsonError, match="empty.tj: a template needs an 'object'"):
        json_template_to_tx(tmp_path / "empty.tj")


# ---------------------------------------------------------------------------------------------
# Laws


gid_values = st.integers(0, 2**32 - 1)


@given(st.integers(1, 6).flatmap(lambda w: st.tuples(st.just(w), st.lists(st.lists(gid_values, min_size=w,
                                                                                    max_size=w), max_size=5))))
def test_any_gid_array_round_trips_through_tiled_csv_layout(size_and_rows):
    width, rows = size_and_rows
    flat = [gid for row in rows for gid in row]
    layer = {"id": 1, "name": "g", "type": "tilelayer", "width": width, "height": len(rows), "data": flat}
    data = convert_map(hex_map([layer])).find("layer/data")
    assert gids(data.text, "csv", None) == flat
    assert data.text == "\n" + ",\n".join(",".join(map(str, row)) for row in rows) + "\n"


xml_text = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Cn")) | st.just("\n"))


@given(st.one_of(st.tuples(st.just("int"), st.integers(-2**53, 2**53)),
                 st.tuples(st.just("float"), st.floats(allow_nan=False, allow_infinity=False)),
                 st.tuples(st.just("bool"), st.booleans()),
                 st.tuples(st.just("string"), xml_text)))
def test_scalar_property_values_read_back_from_the_tmx_text(typed_value):
    ptype, value = typed_value
    element = convert_map(hex_map([], properties=[_prop("p", ptype, value)])).find("properties/property")
    written = ET.fromstring(ET.tostring(element)).get("value", element.text or "")
    read = {"int": int, "float": float, "bool": lambda t: t == "true", "string": str}[ptype](written)
    assert read == value


# ---------------------------------------------------------------------------------------------
# Against the real editor: Tiled writes JSON and TMX of one map; our TMX from its JSON equals its TMX

TILED = shutil.which("tiled")
needs_tiled = pytest.mark.skipif(TILED is None, reason="the Tiled editor is not installed (.ci/run installs it)")

RICH_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="left-up" width="3" height="2"
 tilewidth="56" tileheight="64" infinite="{infinite}" hexsidelength="32" staggeraxis="x" staggerindex="even"
 parallaxoriginx="12.5" parallaxoriginy="-3" backgroundcolor="#80102030" nextlayerid="20" nextobjectid="30">
 <properties>
  <property name="briefing" type="file" value="docs/briefing.txt"/>
  <property name="hq" type="object" value="3"/>
  <property name="morale" type="float" value="0.75"/>
  <property name="notes">first line
second line</property>
  <property name="side" value="blue"/>
  <property name="tint" type="color" value="#ff112233"/>
  <property name="turns" type="int" value="-12"/>
 </properties>
 <tileset firstgid="1" source="terrain.tsx"/>
 <tileset firstgid="3" name="sheet" tilewidth="56" tileheight="64" spacing="2" margin="1" tilecount="1" columns="1"
  objectalignment="bottom">
  <tileoffset x="-4" y="3"/>
  <grid orientation="isometric" width="48" height="24"/>
  <properties><property name="biome" value="desert"/></properties>
  <image source="terrain.png" trans="ff00ff" width="112" height="64"/>
  <tile id="0" type="Sand" probability="0.25">
   <properties><property name="move_cost" type="int" value="2"/></properties>
   <objectgroup draworder="index" id="3">
    <object id="1" x="0" y="16" width="56" height="32"/>
    <object id="2" x="4" y="4"><polygon points="0,0 10,0 5,8.5"/></object>
   </objectgroup>
   <animation><frame tileid="0" duration="250"/><frame tileid="0" duration="125"/></animation>
  </tile>
 </tileset>
 <tileset firstgid="4" name="pics" tilewidth="112" tileheight="64" tilecount="2" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0"><image width="112" height="64" source="terrain.png"/></tile>
  <tile id="4" type="Crate">
   <properties><property name="cover" type="float" value="0.5"/></properties>
   <image width="112" height="64" source="terrain.png"/>
  </tile>
 </tileset>
 <layer id="1" name="ground" width="3" height="2" locked="1" opacity="0.5" tintcolor="#ff8000" offsetx="10.5"
  offsety="-3.25" parallaxx="0.5" parallaxy="2">
  <properties><property name="elevation" type="int" value="2"/></properties>
  {ground}
 </layer>
 <layer id="2" name="hidden" width="3" height="2" visible="0">{hidden}</layer>
 <objectgroup color="#a0ff0000" draworder="index" id="3" name="units" opacity="0.8" offsetx="1" offsety="2">
  <properties><property name="side" value="red"/></properties>
  <object id="1" name="box" type="Zone" x="10.25" y="20" width="30" height="40" rotation="45"/>
  <object id="2" name="oval" x="0" y="0" width="100" height="50" visible="0"><ellipse/></object>
  <object id="3" name="HQ" type="Unit" x="28" y="32"><point/></object>
  <object id="4" name="wall" x="5" y="6"><polygon points="0,0 56,0 56,48.5 0,48"/></object>
  <object id="5" name="road" x="10" y="20"><polyline points="0,0 56,48 112,96"/></object>
  <object id="6" name="sign" x="1" y="2" width="120" height="40">
   <text fontfamily="Serif" pixelsize="12" wrap="1" color="#ff0000" bold="1" italic="1" underline="1" strikeout="1"
    kerning="0" halign="center" valign="bottom">Hold the ridge</text>
  </object>
  <object id="7" name="tank" type="Unit" gid="2147483651" x="56" y="112" width="56" height="64"/>
  <object id="8" name="spun" gid="1610612737" x="0" y="64" width="56" height="64" rotation="-30"/>
  <object id="9" template="infantry.tx" x="84" y="80"/>
  <object id="10" template="infantry.tx" name="veteran" x="140" y="80" rotation="0" visible="0">
   <properties><property name="strength" type="int" value="9"/></properties>
  </object>
  <object id="11" x="0" y="0"/>
 </objectgroup>
 <imagelayer id="4" name="backdrop" offsetx="-5" offsety="5" repeatx="1">
  <image source="terrain.png" trans="00ff00" width="112" height="64"/>
  <properties><property name="far" value="yes"/></properties>
 </imagelayer>
 <group id="5" name="outer" opacity="0.9" tintcolor="#00ff00" offsetx="3" offsety="4">
  <properties><property name="depth" type="int" value="1"/></properties>
  <group id="6" name="inner" visible="0">
   <layer id="7" name="deep" width="3" height="2">{deep}</layer>
   <objectgroup id="8" name="empty"/>
  </group>
 </group>
</map>
"""
RICH_LAYERS = {"ground": [1, 2, 3, HEX_120 | 2, FLIP_H | HEX_60 | 4, 8], "hidden": [0, 0, 0, 0, 0, 4],
               "deep": [1, 0, 0, 0, 0, HEX_60 | FLIP_H | 2]}


def encoded(gid_list: list[int], form: str, infinite: bool) -> str:
    """A 3x2 layer's ``<data>`` in one of Tiled's forms; on an infinite map as one chunk at (-3, -2)."""
    encoding, _, compression = form.partition("-")
    raw = struct.pack(f"<{len(gid_list)}I", *gid_list)
    packers = {"": bytes, "gzip": lambda b: gzip.compress(b, mtime=0), "zlib": zlib.compress,
               "zstd": zstandard.ZstdCompressor().compress}
    body = (",\n".join(",".join(map(str, gid_list[i:i + 3])) for i in (0, 3)) if encoding == "csv"
            else base64.b64encode(packers[compression](raw)).decode())
    if infinite:
        body = f'<chunk x="-3" y="-2" width="3" height="2">{body}</chunk>'
    attributes = f'encoding="{encoding}"' + (f' compression="{compression}"' if compression else "")
    return f"<data {attributes}>{body}</data>"


def run_tiled(folder: Path, *args: str) -> None:
    """Run the editor headless in ``folder``; it must succeed."""
    runtime = folder / ".xdg-runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime)}
    done = subprocess.run([TILED, *args], cwd=folder, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def cells(chunks: dict) -> dict[tuple[int, int], int]:
    """The non-empty cells of chunked layer data as {(x, y): GID}."""
    found = {}
    for (x0, y0, width, _), gid_list in chunks.items():
        found.update({(x0 + i % width, y0 + i // width): gid for i, gid in enumerate(gid_list) if gid})
    return found


def comparable(root: ET.Element) -> tuple:
    """``canonical`` without what Tiled 1.8.2's JSON does not carry over from the TMX it was made from."""
    for image in root.findall(".//imagelayer/image"):  # image layer sizes: JSON has them only since 1.11.1
        image.attrib.pop("width", None), image.attrib.pop("height", None)
    if root.get("infinite") == "1":  # JSON gives an infinite layer its chunks' bounds as width and height
        for layer in root.iter("layer"):
            layer.attrib.pop("width"), layer.attrib.pop("height")
    return canonical(root)


@needs_tiled
@pytest.mark.parametrize("infinite", [False, True], ids=["finite", "infinite"])
@pytest.mark.parametrize("form", ["csv", "base64", "base64-zlib", "base64-gzip", "base64-zstd"])
def test_tiled_json_of_a_rich_hex_map_converts_to_the_tmx_tiled_writes(samples: Path, form: str, infinite: bool):
    layers = {name: encoded(gid_list, form, infinite) for name, gid_list in RICH_LAYERS.items()}
    (samples / "rich.tmx").write_text(RICH_TMX.format(infinite=int(infinite), **layers))
    run_tiled(samples, "--export-map", "json", "rich.tmx", "rich.tmj")
    run_tiled(samples, "--export-map", "tmx", "rich.tmx", "tiled.tmx")
    exported = json.loads((samples / "rich.tmj").read_text())
    ours, theirs = json_map_to_tmx(samples / "rich.tmj"), ET.parse(samples / "tiled.tmx").getroot()
    size = ("16", "16") if infinite else ("3", "2")
    assert {(layer.get("width"), layer.get("height")) for layer in ours.iter("layer")} == {size}
    assert comparable(ours) == comparable(theirs)
    assert exported["infinite"] is infinite and ("chunks" in exported["layers"][0]) is infinite
    expected = {name: cells({(-3, -2, 3, 2): gid_list}) for name, gid_list in RICH_LAYERS.items()}
    found = layer_gids(ours)
    assert (found if not infinite else {name: cells(chunks) for name, chunks in found.items()}) == (
        expected if infinite else RICH_LAYERS)  # Tiled re-cuts chunks to its 16x16 grid, so compare cells


@needs_tiled
@pytest.mark.parametrize("embed", [False, True], ids=["tileset-reference", "embedded-tileset"])
def test_k_hex_gids_objects_and_properties_equal_the_tmx_tiled_makes_of_it(samples: Path, embed: bool):
    run_tiled(samples, "--export-map", "tmx", *(["--embed-tilesets"] if embed else []), "K_hex.tmj", "twin.tmx")
    run_tiled(samples, "--export-map", "json", *(["--embed-tilesets"] if embed else []), "K_hex.tmj", "again.tmj")
    twin = ET.parse(samples / "twin.tmx").getroot()
    ours = json_map_to_tmx(samples / "K_hex.tmj")
    assert layer_gids(ours) == layer_gids(twin) == {"ground": GROUND, "over_zlib": OVER}
    assert canonical(ours.find("objectgroup")) == canonical(twin.find("objectgroup"))
    # Tiled 1.8.2 knows no map class and, without the project's types, drops class members
    assert props(twin) == {**props(ours), "weather": ("class", None)}
    again = json_map_to_tmx(samples / "again.tmj")
    for tree in (again, twin):  # the class members that 1.8.2 kept in JSON but not in TMX
        tree.remove(tree.find("properties"))
    assert canonical(again) == canonical(twin)
    assert [t.get("source") for t in ours.findall("tileset")] == ["terrain.tsj"]


@needs_tiled
def test_terrain_tsx_through_tiled_json_converts_back_to_the_tileset_tiled_writes(samples: Path):
    run_tiled(samples, "--export-tileset", "json", "terrain.tsx", "exported.tsj")
    run_tiled(samples, "--export-tileset", "tsx", "terrain.tsx", "tiled.tsx")
    ours = json_tileset_to_tsx(samples / "exported.tsj")
    assert canonical(ours) == canonical(ET.parse(samples / "tiled.tsx").getroot())
    assert props(ours.find("tile[@id='1']")) == props(xml(TERRAIN_TSX).find("tile[@id='1']"))

"""Writes the bad-map corpus beside this file: a good baseline map and variants that break it.

Run from anywhere: `python tests/bad_maps/make_corpus.py`. The files are committed; the test
table in tests/test_scenario_bad_maps.py names the exact message each one must produce.
Each variant changes one thing of baseline.tmx, so a message can be traced to its cause.
"""

from __future__ import annotations

import base64
import gzip
import struct
import zlib
from pathlib import Path

import zstandard

HERE = Path(__file__).resolve().parent
W, H = 6, 5
GROUND = [1, 1, 1, 1, 1, 1,
          1, 2, 2, 1, 1, 1,
          1, 1, 3, 1, 1, 1,
          1, 1, 1, 1, 2, 1,
          1, 1, 1, 1, 1, 1]


def center(col: int, row: int) -> tuple[int, int]:
    """Pixel centre of a cell on this 56x64 pointy-top odd-row map (NOTES section 2)."""
    return col * 56 + (28 if row % 2 else 0) + 28, row * 48 + 32


def csv(gids: list[int]) -> str:
    """Tiled's CSV layout: one row per line."""
    rows = [",".join(map(str, gids[i:i + W])) for i in range(0, len(gids), W)]
    return "\n" + ",\n".join(rows) + "\n"


def png(width: int, height: int, colours: list[tuple[int, int, int]]) -> bytes:
    """A tiny RGB PNG of vertical colour bands, written by hand (no imaging library needed)."""
    band = width // len(colours)
    row = b"\x00" + b"".join(bytes(colours[min(x // band, len(colours) - 1)]) for x in range(width))
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height))
            + chunk(b"IEND", b""))


TILESET = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="56" tileheight="64" tilecount="4" columns="4">
 <image source="terrain.png" width="224" height="64"/>
 <tile id="0" type="grass"/>
 <tile id="1" type="forest">
  <properties>
   <property name="concealment" propertytype="Concealment" value="mostly"/>
   <property name="material" propertytype="Material" value="thick_wood"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="2" type="wall">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="impassable" type="bool" value="true"/>
   <property name="material" propertytype="Material" value="thin_stone"/>
   <property name="tall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="3" type="rubble">
  <properties>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
</tileset>
"""

MAP_PROPERTIES = """ <properties>
  <property name="enemies" type="class" propertytype="Side">
   <properties>
    <property name="leader" type="object" value="2"/>
    <property name="morale" type="int" value="8"/>
   </properties>
  </property>
  <property name="modules" propertytype="Module" value="morale"/>
  <property name="pcs" type="class" propertytype="Side">
   <properties>
    <property name="controller" propertytype="Controller" value="players"/>
   </properties>
  </property>
  <property name="ruleset" propertytype="Ruleset" value="swn"/>
  <property name="title" value="Baseline skirmish"/>
 </properties>
"""

TILESET_REF = ' <tileset firstgid="1" source="terrain.tsx"/>\n'
GROUND_DATA = f'<data encoding="csv">{csv(GROUND)}</data>'


def unit(obj_id: int, name: str, cls: str, cell: tuple[int, int], props: dict[str, str]) -> str:
    """A point object standing on a cell's centre."""
    x, y = center(*cell)
    lines = "".join(f'    <property name="{k}" value="{v}"/>\n' for k, v in props.items())
    block = f"   <properties>\n{lines}   </properties>\n" if props else ""
    return f'  <object id="{obj_id}" name="{name}" type="{cls}" x="{x}" y="{y}">\n{block}   <point/>\n  </object>\n'


KIM = unit(1, "Sgt Kim", "Unit", (0, 0), {"side": "pcs", "unit_type": "veteran_soldier"})
THUG = unit(2, "Thug A", "thug", (5, 0), {"side": "enemies"})


def baseline(orientation: str = "hexagonal", size: tuple[int, int] = (W, H), properties: str = MAP_PROPERTIES,
             tilesets: str = TILESET_REF, ground: str = GROUND_DATA, units: str = KIM + THUG,
             doctype: str = "", extra_layers: str = "") -> str:
    """The baseline map, with any part replaced."""
    width, height = size
    return f"""<?xml version="1.0" encoding="UTF-8"?>
{doctype}<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" renderorder="right-down" width="{width}" height="{height}" tilewidth="56" tileheight="64" infinite="0" hexsidelength="32" staggeraxis="y" staggerindex="odd" nextlayerid="5" nextobjectid="9">
{properties}{tilesets} <layer id="1" name="ground" width="{width}" height="{height}">
  {ground}
 </layer>
 <layer id="2" name="rubble" width="{width}" height="{height}">
  <data encoding="csv">{csv([0] * 15 + [4] + [0] * 14)}</data>
 </layer>
 <layer id="3" name="decor" class="Decoration" width="{width}" height="{height}">
  <data encoding="csv">{csv([0] * 29 + [2])}</data>
 </layer>
{extra_layers} <objectgroup id="4" name="units">
{units} </objectgroup>
</map>
"""


def b64(raw: bytes) -> str:
    """Base64 text for a data element."""
    return base64.b64encode(raw).decode()


def bomb(compression: str) -> str:
    """A ground layer whose compressed data expands to 64 MB of zeros (it should hold 120 bytes)."""
    zeros = bytes(64 * 1024 * 1024)
    packed = gzip.compress(zeros, 9, mtime=0) if compression == "gzip" else zstandard.ZstdCompressor(level=19).compress(zeros)
    return f'<data encoding="base64" compression="{compression}">{b64(packed)}</data>'


ENTITY_BOMB = """<!DOCTYPE map [
 <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
 <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
 <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
 <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
]>
"""


def variants() -> dict[str, str]:
    """Every bad map: file name -> text."""
    good = baseline()
    moved = lambda cell: unit(3, "Thug B", "thug", cell, {"side": "enemies"})  # noqa: E731
    return {
        "truncated.tmx": good[: good.index("<layer id=\"2\"")],
        "malformed.tmx": good.replace("</objectgroup>", "</objectgrup>"),
        "orthogonal.tmx": baseline(orientation="orthogonal"),
        "missing_tileset.tmx": baseline(tilesets=' <tileset firstgid="1" source="nowhere.tsx"/>\n'),
        "unknown_properties.tmx": baseline(properties=MAP_PROPERTIES.replace(
            '<property name="title"', '<property name="author" value="GM Jo"/>\n  '
                                      '<property name="rulset" value="swn"/>\n  <property name="title"')),
        "unknown_unit_type.tmx": baseline(units=KIM.replace("veteran_soldier", "vetran") + THUG),
        "two_units_one_hex.tmx": baseline(units=KIM + THUG + moved((5, 0))),
        "unit_off_map.tmx": baseline(units=KIM + THUG + moved((9, 1))),
        "unit_on_impassable.tmx": baseline(units=KIM + THUG + moved((2, 2))),
        "missing_side.tmx": baseline(units=KIM + unit(2, "Thug A", "thug", (5, 0), {})),
        "huge.tmx": baseline(size=(1000, 1000)),
        "entity_bomb.tmx": baseline(doctype=ENTITY_BOMB, properties=MAP_PROPERTIES.replace(
            "Baseline skirmish", "&d;")),
        "leaves_folder.tmx": baseline(tilesets=' <tileset firstgid="1" source="../../../../etc/passwd.tsx"/>\n'),
        "absolute_path.tmx": baseline(tilesets=' <tileset firstgid="1" source="/etc/terrain.tsx"/>\n'),
        "bad_property_type.tmx": baseline(properties=MAP_PROPERTIES.replace(
            '<property name="morale" type="int" value="8"/>', '<property name="morale" value="8"/>').replace(
            '<property name="modules"', '<property name="default" type="bool" value="yes"/>\n  '
                                        '<property name="modules"')),
        "unknown_material.tmx": baseline(tilesets=f'{TILESET_REF.replace("terrain.tsx", "granite.tsx")}'),
        "zstd_bomb.tmx": baseline(ground=bomb("zstd")),
        "gzip_bomb.tmx": baseline(ground=bomb("gzip")),
        "not_a_map.tmx": TILESET,
    }


def main() -> None:
    """Write the baseline, its tileset and image, and every variant."""
    (HERE / "terrain.png").write_bytes(png(224, 64, [(96, 160, 64), (32, 96, 32), (128, 128, 128), (150, 120, 90)]))
    (HERE / "terrain.tsx").write_text(TILESET)
    (HERE / "granite.tsx").write_text(TILESET.replace('value="thin_stone"', 'value="granite"'))
    (HERE / "baseline.tmx").write_text(baseline())
    for name, text in variants().items():
        (HERE / name).write_text(text)


if __name__ == "__main__":
    main()

"""Storming Bunker Seven: a heroic assault (pointy-top, even rows shifted, 18x14).

A concrete bunker (east) behind a moat; troopers fire from totally-obscuring slits, a
pretech forcefield seals the door, the unlit interior is mostly obscured. A causeway
crosses the moat; the north-east corner has collapsed. The heroes start behind barriers.
"""

from __future__ import annotations

from tools.map_sketch import Sketch
from tools.map_writer import (
    ROT60, ROT120, Group, MapDesign, ObjectLayer, SideSetup, TileLayer, Unit, hex_layout,
)
from tools.terrain_catalog import POINTY
from tools.tiled_files import Prop

WIDTH, HEIGHT = 18, 14

TERRAIN = [
    ",,...b..ww.,,,,,,,",
    "......b.ww,,,,,,,,",
    "..b.....ww,PPPPPP,",
    "........ww,P____,,",
    ".b.......w~S____P,",
    "........ww,P____P,",
    "...b....~~~_____P,",
    "........~~~S____P,",
    ".b......ww,P____P,",
    "........ww,S____P,",
    "..b.....ww,P____P,",
    "........ww,PPPPPP,",
    ".b....b.ww,,,,,,,,",
    ",,....b..ww.,,,,,,",
]

DARKNESS = [
    "..................",
    "..................",
    "..................",
    "............DDDD..",
    "............DDDD..",
    "............DDDD..",
    "............DDDD..",
    "............DDDD..",
    "............DDDD..",
    "............DDDD..",
    "............DDDD..",
    "..................",
    "..................",
    "..................",
]

CRATERS = [
    "..................",
    "..................",
    "......o...........",
    "..................",
    "..................",
    "..................",
    ".......o..........",
    "..................",
    "..................",
    "..................",
    "..................",
    ".........o........",
    "..................",
    "..................",
]


def _paint(sketch: Sketch) -> tuple:
    """Terrain, slits, the bunker interior and the barricades; returns the extra grids."""
    sketch.terrain(TERRAIN)
    for (col, row), flags in (((11, 4), ROT60), ((11, 7), ROT120), ((11, 9), ROT60)):
        sketch.put(sketch.cover, col, row, "bunker_slit", flags)
    sketch.put(sketch.cover, 13, 6, "concrete_pillar")
    sketch.put(sketch.cover, 14, 4, "crates")
    sketch.put(sketch.cover, 15, 4, "crates")
    sketch.line("drywall", (13, 8), "E", 2)
    sketch.line("barrier", (6, 4), "SE", 2)
    sketch.line("barrier", (6, 8), "SW", 2)
    sketch.line("barrier", (5, 6), "E", 1)
    sketch.overlay(sketch.effects, DARKNESS)
    field = sketch.blank()
    sketch.put(field, 11, 6, "forcefield")
    sketch.overlay(sketch.markings, CRATERS)
    return field


FACING_WEST = (Prop("facing", "int", 3),)

UNITS = (
    Unit("kade", 4, 6, "pcs", template="pc_warrior", name="Kade",
         overrides=(Prop("facing", "int", 0),)),
    Unit("sela", 4, 8, "pcs", template="pc_warrior", name="Sela"),
    Unit("nyx", 3, 7, "pcs", template="pc_expert", name="Nyx"),
    Unit("orrin", 2, 6, "pcs", template="pc_psychic", name="Orrin"),
    Unit("slit1", 11, 4, "enemies", template="elite_trooper", overrides=FACING_WEST),
    Unit("slit2", 11, 7, "enemies", template="elite_trooper", overrides=FACING_WEST),
    Unit("slit3", 11, 9, "enemies", template="elite_trooper", overrides=FACING_WEST),
    Unit("ysolde", 14, 7, "enemies", template="elite_trooper", name="Commandant Ysolde",
         overrides=(Prop("hd", "int", 4), Prop("hp", "int", 24), Prop("ac", "int", 18), Prop("attack_bonus", "int", 5),
                    Prop("weapon", "string", "mag_rifle"), Prop("morale", "int", 11),
                    *FACING_WEST)),
    Unit("warden", 12, 6, "enemies", template="warbot", name="Door warden", overrides=FACING_WEST),
    Unit("guard1", 15, 5, "enemies", template="veteran_soldier", overrides=FACING_WEST),
    Unit("guard2", 13, 10, "enemies", template="veteran_soldier", overrides=FACING_WEST),
    Unit("bomber", 12, 3, "enemies", template="grenadier", overrides=FACING_WEST),
)

DESCRIPTION = """Bunker Seven guards the only pass through the Ashfall hills. Heroic rules.
Troopers fire from the slits (totally obscured, thick stone). A pretech forcefield seals
the door; the causeway leads straight to it. The north-east corner has collapsed:
a way in for whoever can get round. Inside it is dark.
The garrison is at home here and Commandant Ysolde is a great leader.
Shoving someone into a wall hurts on this map."""


def design() -> MapDesign:
    """The complete scenario."""
    sketch = Sketch(hex_layout(POINTY, "even"), WIDTH, HEIGHT)
    field = _paint(sketch)
    layers = (
        TileLayer("ground", sketch.frozen(sketch.ground)),
        TileLayer("walls and cover", sketch.frozen(sketch.cover), "base64-zlib"),
        Group("bunker", (
            TileLayer("darkness", sketch.frozen(sketch.effects)),
            TileLayer("forcefield", sketch.frozen(field), "base64-zlib"),
        )),
        TileLayer("craters", sketch.frozen(sketch.markings), "base64", decoration=True),
        ObjectLayer("units", UNITS),
    )
    return MapDesign(
        file="bunker_seven.tmx", size=POINTY, stagger_index="even", width=WIDTH, height=HEIGHT,
        props=(Prop("title", "string", "Storming Bunker Seven"),
               Prop("description", "string", DESCRIPTION),
               Prop("ruleset", "string", "swn-heroic", "Ruleset"),
               Prop("modules", "string", "morale,hero_points", "Module"),
               Prop("shove_blocked_damage", "bool", True)),
        sides=(SideSetup("pcs", "Strike team Ashfall", "players"),
               SideSetup("enemies", "Bunker Seven garrison", "gm", leader="ysolde",
                         members=(Prop("great_leader", "bool", True),
                                  Prop("home_territory", "bool", True))),),
        layers=layers,
    )

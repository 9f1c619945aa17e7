"""Ambush at the Relay Station: the default map (pointy-top, odd rows shifted, 20x14).

The crew set down on the landing pad (west) to deliver parts; Rustjaw raiders wait in the
container yard (east) and have popped smoke at the station's east door. Two technicians
are hiding in the control room.
"""

from __future__ import annotations

from tools.map_sketch import Sketch
from tools.map_writer import (
    Group, MapDesign, Note, ObjectLayer, SideSetup, TileLayer, Unit, hex_layout,
)
from tools.terrain_catalog import POINTY
from tools.tiled_files import Prop

WIDTH, HEIGHT = 20, 14

TERRAIN = [
    "TTb.......,,,,....,,",
    "Tbb......P.,,b.....,",
    "bb.............KKK..",
    "...b...____..X......",
    "......." + "_____" + "....." + "KK" + ".",
    "." + "____" + "." + "______" + "...." + "X" + ".." + "b",
    "." + "____" + "." + "_______" + "." + "KK" + ".." + "X" + ".",
    "." + "____" + "." + "______" + "........",
    "." + "____" + ".." + "_____" + "...." + "KKK" + ".",
    "......." + "____" + ".." + "X" + "......",
    ".." + "b" + "..........." + "KK" + "..." + "X",
    "." + "b" + ".............." + "X" + "...",
    "Tb..b...b..b.....KK.",
    "TTb..,,.....b.....,b",
]

SMOKE = [
    "....................",
    "....................",
    "....................",
    "....................",
    "....................",
    "....................",
    ".............s......",
    "............s.......",
    "............s.......",
    "...........ss.......",
    "....................",
    "....................",
    "....................",
    "....................",
]

DUST = [
    "....................",
    "....................",
    "....................",
    "....................",
    "uuu.................",
    "....................",
    "....................",
    "....................",
    "....................",
    "uuu.................",
    "....................",
    "....................",
    "....................",
    "....................",
]

MARKINGS = [
    "....................",
    "....................",
    "....................",
    "....................",
    "....................",
    ".hhhh...............",
    "..o.....o...........",
    "....................",
    ".hhhh...............",
    "...............o....",
    "....................",
    "....................",
    "....................",
    "....................",
]


def _paint(sketch: Sketch) -> None:
    """Terrain, the hexagonal station building and the barricade."""
    sketch.terrain(TERRAIN)
    brick = "brick_wall"
    sketch.line(brick, (7, 3), "E", 4, ground="floor")
    sketch.line(brick, (7, 4), "SW", 2, ground="floor")
    sketch.line(brick, (6, 7), "SE", 2, ground="floor")
    sketch.line(brick, (7, 9), "E", 4, ground="floor")
    sketch.line(brick, (11, 4), "SE", 2, ground="floor")
    sketch.line(brick, (11, 7), "SW", 2, ground="floor")
    sketch.line("drywall", (8, 7), "E", 2)
    sketch.put(sketch.cover, 9, 5, "concrete_pillar")
    sketch.put(sketch.cover, 8, 4, "crates")
    sketch.put(sketch.cover, 10, 4, "crates")
    sketch.line("barrier", (13, 7), "SW", 2)
    sketch.overlay(sketch.effects, SMOKE)
    sketch.overlay(sketch.markings, MARKINGS)


def _dust_layer(sketch: Sketch) -> TileLayer:
    """Engine dust at the pad's edges, on its own layer."""
    grid = sketch.blank()
    sketch.overlay(grid, DUST)
    return TileLayer("landing dust", sketch.frozen(grid), "base64-zlib")


UNITS = (
    Unit("vask", 4, 6, "pcs", template="pc_warrior", name="Sergeant Vask",
         overrides=(Prop("facing", "int", 0),)),
    Unit("dax", 3, 5, "pcs", template="pc_warrior", name="Dax Halloran"),
    Unit("ilya", 3, 7, "pcs", template="pc_expert", name="Ilya Moreau"),
    Unit("tamsin", 2, 6, "pcs", template="pc_psychic", name="Tamsin Oru"),
    Unit("aro", 8, 8, "bystanders", template="civilian", name="Aro, technician"),
    Unit("lune", 10, 8, "bystanders", object_class="civilian", shape="ellipse",
         name="Lune, technician"),
    Unit("kell", 17, 7, "enemies", template="veteran_soldier", name="Rustjaw Kell",
         overrides=(Prop("facing", "int", 3), Prop("hp", "int", 14),
                    Prop("weapon", "string", "shotgun"))),
    Unit("thug1", 13, 3, "enemies", template="thug", overrides=(Prop("facing", "int", 3),)),
    Unit("thug2", 16, 5, "enemies", template="thug", overrides=(Prop("facing", "int", 3),)),
    Unit("thug3", 18, 6, "enemies", template="thug", overrides=(Prop("facing", "int", 3),)),
    Unit("thug4", 13, 9, "enemies", template="thug", overrides=(Prop("facing", "int", 3),)),
    Unit("thug5", 19, 10, "enemies", template="thug", overrides=(Prop("facing", "int", 3),)),
    Unit("grenadier", 16, 7, "enemies", template="grenadier", name="Boomer",
         overrides=(Prop("facing", "int", 3),)),
)

DESCRIPTION = """The crew set down at Relay Station Kappa-9 to deliver a replacement power coupling.
The station has gone quiet: the Rustjaw raiders got here first. They hide among the
containers to the east and have popped smoke at the station's east door.
Two technicians are hiding in the control room. Keep them alive.
Raiders: morale from their units; Kell is their leader. They think they outnumber you."""


def design() -> MapDesign:
    """The complete scenario."""
    sketch = Sketch(hex_layout(POINTY, "odd"), WIDTH, HEIGHT)
    _paint(sketch)
    layers = (
        TileLayer("ground", sketch.frozen(sketch.ground)),
        TileLayer("cover", sketch.frozen(sketch.cover)),
        Group("effects", (
            TileLayer("smoke", sketch.frozen(sketch.effects), "base64-zlib"),
            _dust_layer(sketch),
        )),
        TileLayer("markings", sketch.frozen(sketch.markings), decoration=True),
        ObjectLayer("units", UNITS),
        ObjectLayer("gm notes", (
            Note(4, 0, "GM: the raiders want the power cells in the storeroom crates. "
                       "If Kell falls, they break and run for the yard."),
        )),
    )
    return MapDesign(
        file="relay_station_ambush.tmx", size=POINTY, stagger_index="odd",
        width=WIDTH, height=HEIGHT,
        props=(Prop("title", "string", "Ambush at the Relay Station"),
               Prop("description", "string", DESCRIPTION),
               Prop("ruleset", "string", "swn", "Ruleset"),
               Prop("modules", "string", "morale", "Module"),
               Prop("default", "bool", True)),
        sides=(SideSetup("pcs", "The crew of the Wandering Star", "players"),
               SideSetup("enemies", "Rustjaw raiders", "gm", leader="kell",
                         members=(Prop("outgunned", "int", 1),)),
               SideSetup("bystanders", "Relay technicians", "computer",
                         members=(Prop("morale", "int", 4),))),
        layers=layers,
    )

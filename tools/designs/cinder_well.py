"""The Standoff at Cinder Well: a Stars Without Number firefight with hero points (ruleset swn, module hero_points; pointy-top, 16x12).

Two PCs and a hired gun (west) hold a dry well head among brick ruins and brush; the Cinder
gang (east) comes to take it, its boss a hardened veteran with a point of his own to counter
theirs. The ruins give cover, the rubble is rough going.
"""

from __future__ import annotations

from tools.map_sketch import Sketch
from tools.map_writer import MapDesign, ObjectLayer, SideSetup, TileLayer, Unit, hex_layout
from tools.terrain_catalog import POINTY
from tools.tiled_files import Prop

WIDTH, HEIGHT = 16, 12

TERRAIN = [
    "....,,.....b....",
    ".B.....b.....X..",
    ".B..,,.......,..",
    "......BB.b......",
    "..b.........R...",
    "....X..,,P......",
    ".R.....,,.....b.",
    "....b.......X...",
    "......BB........",
    "..,,.......b..,.",
    ".B......,,....B.",
    "....b...........",
]

UNITS = (
    Unit("mara", 1, 4, "pcs", template="pc_warrior", name="Mara Voss", overrides=(Prop("hero_points", "int", 2),)),
    Unit("teo", 1, 7, "pcs", template="pc_expert", name="Teo Brand", overrides=(Prop("hero_points", "int", 2),)),
    Unit("hired", 2, 6, "pcs", template="veteran_soldier", name="Hired gun"),
    Unit("boss", 14, 5, "enemies", template="veteran_soldier", name="Boss Cinder",
         overrides=(Prop("hero_points", "int", 1),)),
    Unit("thug1", 13, 2, "enemies", template="thug"),
    Unit("thug2", 13, 8, "enemies", template="thug"),
    Unit("thug3", 14, 10, "enemies", template="thug"),
    Unit("thug4", 12, 4, "enemies", template="thug"),
    Unit("thug5", 12, 7, "enemies", template="thug"),
    Unit("gunman", 15, 8, "enemies", template="veteran_soldier", name="Cinder gunman"),
)

DESCRIPTION = """Stars Without Number rules with hero points (seed 004): Mara and Teo hold 2
each, the crew's pool 1 more, Boss Cinder 1. A character who misses may spend a point on the
roll after seeing it, an enemy holding a point may counter it, and a character hit may spend
points to take less damage. The gang wants the well."""


def design() -> MapDesign:
    """The complete scenario."""
    sketch = Sketch(hex_layout(POINTY, "odd"), WIDTH, HEIGHT)
    sketch.terrain(TERRAIN)
    layers = (
        TileLayer("ground", sketch.frozen(sketch.ground)),
        TileLayer("ruins and brush", sketch.frozen(sketch.cover)),
        ObjectLayer("units", UNITS),
    )
    return MapDesign(
        file="cinder_well.tmx", size=POINTY, stagger_index="odd", width=WIDTH, height=HEIGHT,
        props=(Prop("title", "string", "The Standoff at Cinder Well"),
               Prop("description", "string", DESCRIPTION),
               Prop("ruleset", "string", "swn", "Ruleset"),
               Prop("modules", "string", "hero_points", "Module")),
        sides=(SideSetup("pcs", "Mara's crew", "players", members=(Prop("hero_pool", "int", 1),)),
               SideSetup("enemies", "The Cinder gang", "computer", leader="boss")),
        layers=layers,
    )

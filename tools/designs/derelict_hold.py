"""The Derelict Hold: a Starfarer boarding action (ruleset starfarer; flat-top, 12x10).

A boarding team (west) forces the cargo hold of a derelict freighter held by belt pirates
(east). Crates and pillars break the lines of fire; a camprat has nested in the wreckage.
"""

from __future__ import annotations

from tools.map_sketch import Sketch
from tools.map_writer import MapDesign, ObjectLayer, SideSetup, TileLayer, Unit, hex_layout
from tools.terrain_catalog import FLAT
from tools.tiled_files import Prop

WIDTH, HEIGHT = 12, 10

TERRAIN = [
    "PP__________",
    "P___x____x_P",
    "____x______P",
    "_______,,___",
    "__P_________",
    "________P___",
    "___,,_______",
    "______x_____",
    "P____x___x_P",
    "PP_________P",
]

UNITS = (
    Unit("kitai", 1, 4, "pcs", unit_type="kitai", name="Kitai Kurugumi"),
    Unit("reyes", 1, 6, "pcs", unit_type="marine", name="Sgt. Reyes"),
    Unit("obi", 2, 2, "pcs", unit_type="marine", name="Obi Tran"),
    Unit("hask", 10, 3, "enemies", unit_type="pirate", name="Hask"),
    Unit("lir", 10, 6, "enemies", unit_type="pirate", name="Lir"),
    Unit("vane", 9, 5, "enemies", unit_type="pirate", name="Vane",
         overrides=(Prop("weapon", "string", "combat_knife"),)),
    Unit("rat", 7, 8, "enemies", unit_type="camprat", name="Camprat"),
)

DESCRIPTION = """Starfarer rules (seed 003): action points 1d10 + Initiative each round, a phase
for every 10, d100 to-hit tasks by range bracket, hit locations, the wound track, shock and
bleeding. Clear the hold."""


def design() -> MapDesign:
    """The complete scenario."""
    sketch = Sketch(hex_layout(FLAT, "even"), WIDTH, HEIGHT)
    sketch.terrain(TERRAIN)
    layers = (
        TileLayer("deck", sketch.frozen(sketch.ground)),
        TileLayer("crates and pillars", sketch.frozen(sketch.cover)),
        ObjectLayer("units", UNITS),
    )
    return MapDesign(
        file="derelict_hold.tmx", size=FLAT, stagger_index="even", width=WIDTH, height=HEIGHT,
        props=(Prop("title", "string", "The Derelict Hold"),
               Prop("description", "string", DESCRIPTION),
               Prop("ruleset", "string", "starfarer", "Ruleset")),
        sides=(SideSetup("pcs", "Boarding team", "players"),
               SideSetup("enemies", "Belt pirates", "computer")),
        layers=layers,
    )

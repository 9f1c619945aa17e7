"""Squads on the Ridge: a rifle squad on each side (pointy-top, even rows shifted, 16x12).

Seed 002 squads with footprints: the colonial militia's 1st Section (nine rifles, three hexes)
and two PCs hold the ridge's brush line (west); a Rustjaw gang of eight (three hexes), its boss
and two more thugs come up through the crates and the orchard (east).
"""

from __future__ import annotations

from tools.map_sketch import Sketch
from tools.map_writer import MapDesign, ObjectLayer, SideSetup, TileLayer, Unit, hex_layout
from tools.terrain_catalog import POINTY
from tools.tiled_files import Prop

WIDTH, HEIGHT = 16, 12

TERRAIN = [
    "TT......,,....TT",
    "T..b.........TTT",
    "..bb.....X....TT",
    "..b......X......",
    "...b...,,.......",
    "..bb...,,...K...",
    "...b........K...",
    "..b....X........",
    "..bb...X.....TT.",
    "...b........TTT.",
    "T.......,,...TT.",
    "TT......,,.....T",
]

UNITS = (
    Unit("vega", 2, 5, "pcs", template="pc_warrior", name="Sgt. Ada Vega", overrides=(Prop("facing", "int", 0),)),
    Unit("section", 4, 6, "allies", template="veteran_squad", name="1st Section",
         overrides=(Prop("count", "int", 9), Prop("facing", "int", 0))),
    Unit("medic", 1, 7, "pcs", template="pc_expert", name="Doc Imre", overrides=(Prop("facing", "int", 0),)),
    Unit("boss", 14, 5, "enemies", template="thug", name="Boss Kragg", overrides=(Prop("facing", "int", 3),)),
    Unit("lookout", 13, 2, "enemies", template="thug", name="Lookout", overrides=(Prop("facing", "int", 3),)),
    Unit("runner", 14, 9, "enemies", template="thug", name="Runner", overrides=(Prop("facing", "int", 3),)),
    Unit("gang", 12, 7, "enemies", template="veteran_squad", name="Rustjaw gang",
         overrides=(Prop("count", "int", 8), Prop("facing", "int", 3))),
)

DESCRIPTION = """A ridge above the colony's pumping station, at dusk. Sergeant Vega, Doc Imre and the
militia's 1st Section (nine rifles) hold the brush line. A Rustjaw gang of eight, Boss Kragg
and two of his thugs come up through the crates and the orchard. Each squad covers a hex per three of its members: move it
in formation, and keep all of it behind cover if it is to count."""


def design() -> MapDesign:
    """The complete scenario."""
    sketch = Sketch(hex_layout(POINTY, "even"), WIDTH, HEIGHT)
    sketch.terrain(TERRAIN)
    layers = (
        TileLayer("ground", sketch.frozen(sketch.ground), "csv"),
        TileLayer("cover", sketch.frozen(sketch.cover), "csv"),
        ObjectLayer("units", UNITS),
    )
    return MapDesign(
        file="squad_ridge.tmx", size=POINTY, stagger_index="even", width=WIDTH, height=HEIGHT,
        props=(Prop("title", "string", "Squads on the Ridge"),
               Prop("description", "string", DESCRIPTION),
               Prop("ruleset", "string", "swn", "Ruleset")),
        sides=(SideSetup("pcs", "Sergeant Vega", "players"),
               SideSetup("allies", "1st Section", "players", members=(Prop("morale", "int", 8),)),
               SideSetup("enemies", "Rustjaw gang", "computer", leader="boss",
                         members=(Prop("morale", "int", 8),))),
        layers=layers,
    )

"""Trouble at the Dust Market: a These Lucky Stars brawl with hero points (ruleset lucky-stars, module hero_points; pointy-top, 16x12).

A spacer crew (west) meets void pirates and their security drone (east) among the stalls and
shipping containers of a frontier market. Rubble and brush are poor footing; the crates and
containers give partial cover against blaster fire.

Every spacer and every pirate has a hero point. With the crew's alone the pirates did not beat
a crew played well (none of 70 measured mirrored fights against a crew that searches for the
hidden): a point bought an extra die that made nearly every missed shot a hit. See docs/performance.md.
"""

from __future__ import annotations

from tools.map_sketch import Sketch
from tools.map_writer import MapDesign, ObjectLayer, SideSetup, TileLayer, Unit, hex_layout
from tools.terrain_catalog import POINTY
from tools.tiled_files import Prop

WIDTH, HEIGHT = 16, 12

TERRAIN = [
    "..,,....KK......",
    ".X......,.....X.",
    "...,,.b.....X...",
    ".......bb.......",
    "..X...,,.....b..",
    "....,,...X......",
    ".b.......,,..X..",
    "...KK...........",
    ".....,..b....,,.",
    "..,,....X.......",
    "......b.....KK..",
    ".X..........,...",
]

UNITS = (
    Unit("rook", 1, 3, "pcs", template="lucky-stars/spacer", name="Rook Alvarez", overrides=(Prop("hero_points", "int", 1),)),
    Unit("ines", 1, 5, "pcs", template="lucky-stars/spacer", name="Ines Ka", overrides=(Prop("hero_points", "int", 1),)),
    Unit("tamsin", 2, 7, "pcs", template="lucky-stars/spacer", name="Tamsin Vey",
         overrides=(Prop("weapon", "string", "rifle"), Prop("hero_points", "int", 1))),
    Unit("bo", 1, 9, "pcs", template="lucky-stars/spacer", name="Bo Okoro",
         overrides=(Prop("weapon", "string", "stun_baton"), Prop("hero_points", "int", 1))),
    Unit("gash", 14, 2, "enemies", template="lucky-stars/pirate", name="Gash",
         overrides=(Prop("hero_points", "int", 1),)),
    Unit("mott", 14, 6, "enemies", template="lucky-stars/pirate", name="Mott",
         overrides=(Prop("hero_points", "int", 1),)),
    Unit("kell", 14, 9, "enemies", template="lucky-stars/pirate", name="Kell",
         overrides=(Prop("hero_points", "int", 1),)),
    Unit("drone", 13, 4, "enemies", template="lucky-stars/security_drone", name="Watcher drone"),
    Unit("drone2", 13, 8, "enemies", template="lucky-stars/security_drone", name="Sentry drone"),
)

DESCRIPTION = """These Lucky Stars rules (seed 001): 4 AP a round, opposed 2d6 attacks against
current DEF, damage draining DEF and then VIT. Hero points (seed 004) are on: each of the
crew holds 1, to spend on a roll just lost. The pirates have come to collect a debt; the crew
would rather not pay."""


def design() -> MapDesign:
    """The complete scenario."""
    sketch = Sketch(hex_layout(POINTY, "odd"), WIDTH, HEIGHT)
    sketch.terrain(TERRAIN)
    layers = (
        TileLayer("ground", sketch.frozen(sketch.ground)),
        TileLayer("stalls and containers", sketch.frozen(sketch.cover)),
        ObjectLayer("units", UNITS),
    )
    return MapDesign(
        file="dust_market.tmx", size=POINTY, stagger_index="odd", width=WIDTH, height=HEIGHT,
        props=(Prop("title", "string", "Trouble at the Dust Market"),
               Prop("description", "string", DESCRIPTION),
               Prop("ruleset", "string", "lucky-stars", "Ruleset"),
               Prop("modules", "string", "hero_points", "Module")),
        sides=(SideSetup("pcs", "The crew", "players"),
               SideSetup("enemies", "Void pirates", "computer")),
        layers=layers,
    )

"""Armour at Kessler Ford: mechs, a gravtank and a rifle squad (flat-top, even columns shifted).

A Hegemony column (east) must cross the ford; the garrison (west) holds a ruined farmhouse
and the tree line with two suit mechs and a six-man rifle squad. A ravine guards the east
bank's southern approach; the gravtank's fans raise dust. Late autumn: the trees are bare.

The garrison's anti-armour: both suit mechs and Lt. Okafor carry plasma projectors (armor
piercing 10). With the suit mechs' heavy machine guns (3d6, armor piercing 5) nothing of the
garrison got through the gravtank's armor 18 but a 14+ on 3d6: in 100 rounds of one measured
fight 178 shots at Tank 31 took 2 of its 60 hit points, so holding the ford could only draw
or lose (0 wins in 60 mirrored fights for either player). See docs/performance.md.

Captain Voss carries a plasma projector too (issue 11, round 6), instead of a combat rifle
(1d12, no armor piercing: nothing through armor 18). With three projectors, all in the
hands of the ford garrison's NPCs, the column's Intimidate wore the garrison down to
Tactical Retreat and Panicked, and a gravtank sitting in the east bank's dust outlasted them:
with the plain computer player on every side the column won 137 of 200 fights (run seed 1),
the garrison 14, 49 draws at the 100-round limit. The PCs have no morale to break, and a
warrior's projector (+5: level 3, Shoot 1, Dexterity 1) gets through the dust's +2 about
half as often again as a suit mech's. On the same 200 seeds: the garrison 111, the column
76, 13 draws. See docs/performance.md.
"""

from __future__ import annotations

from tools.map_sketch import Sketch
from tools.map_writer import MapDesign, ObjectLayer, SideSetup, TileLayer, Unit, hex_layout
from tools.terrain_catalog import FLAT
from tools.tiled_files import Prop

WIDTH, HEIGHT = 22, 16

TERRAIN = [
    "TTT..b...,ww~,,..,,TTT",
    "TT..bb....ww~,,...,,TT",
    "T.........ww.,,.b..,,T",
    "..b.......ww..,.bb...T",
    ".bb......~ww........,.",
    "...T.....~ww~.....,,..",
    "..TT.....~ww~~......b.",
    "..TT...,.~~~~~.....bb.",
    "...T...,.~~~~~......b.",
    ".......,.~~~~~~.......",
    "..b......~ww~.........",
    ".bb.......ww~~...,,...",
    ".b........ww~....,,,..",
    "TT........ww.....,,..T",
    "TTT..b....ww..b....TTT",
    "TTTT.bb...ww~.bb..TTTT",
]

DUST = [
    "......................",
    "......................",
    "......................",
    "......................",
    "......................",
    "......................",
    "......................",
    "......................",
    "...................u..",
    "..................uuu.",
    "..................u.u.",
    "...................u..",
    "......................",
    "......................",
    "......................",
    "......................",
]


def _paint(sketch: Sketch) -> None:
    """Terrain, the farmhouse ruin, the ravine."""
    sketch.terrain(TERRAIN)
    sketch.ring_wall("brick_wall", (5, 11), 2, gaps=RUIN_GAPS)
    for col, row in ((5, 11), (4, 11), (6, 12)):
        sketch.put(sketch.ground, col, row, "rough_ground")
    sketch.put(sketch.cover, 5, 12, "crates")
    sketch.ground_line("chasm", (13, 14), "NE", 5)
    sketch.ground_line("chasm", (18, 11), "NE", 2)
    sketch.overlay(sketch.effects, DUST)


RUIN_GAPS = ((7, 10), (7, 11), (4, 13), (3, 10))
"""Collapsed stretches of the farmhouse wall."""

UNITS = (
    Unit("voss", 3, 7, "pcs", template="pc_warrior", name="Captain Mara Voss",
         overrides=(Prop("facing", "int", 0), Prop("weapon", "string", "plasma_projector"))),
    Unit("jun", 2, 9, "pcs", template="pc_expert", name="Jun Tao"),
    Unit("okafor", 5, 10, "allies", template="veteran_soldier", name="Lt. Okafor",
         overrides=(Prop("morale", "int", 10), Prop("weapon", "string", "plasma_projector"))),
    Unit("squad", 6, 10, "allies", template="veteran_squad", name="2nd Ford Rifles",
         overrides=(Prop("facing", "int", 0),)),
    Unit("mech1", 8, 5, "allies", template="suit_mech", name="Ironclad One",
         overrides=(Prop("facing", "int", 0), Prop("weapon", "string", "plasma_projector"))),
    Unit("mech2", 8, 13, "allies", template="suit_mech", name="Ironclad Two",
         overrides=(Prop("facing", "int", 0), Prop("weapon", "string", "plasma_projector"))),
    Unit("strahl", 17, 7, "enemies", template="light_mech", name="Captain Strahl",
         overrides=(Prop("facing", "int", 3),)),
    Unit("tank", 19, 10, "enemies", template="gravtank", name="Tank 31",
         overrides=(Prop("facing", "int", 3),)),
    Unit("trooper1", 14, 3, "enemies", template="elite_trooper", overrides=(Prop("facing", "int", 3),)),
    Unit("trooper2", 15, 6, "enemies", template="elite_trooper", overrides=(Prop("facing", "int", 3),)),
    Unit("trooper3", 16, 11, "enemies", template="elite_trooper", overrides=(Prop("facing", "int", 3),)),
    Unit("grenadier", 15, 9, "enemies", template="grenadier", overrides=(Prop("facing", "int", 3),)),
)

DESCRIPTION = """Kessler Ford, late autumn. A Hegemony armoured column must cross the river here.
The ford garrison holds the farmhouse ruin and the tree line with two suit mechs and the
2nd Ford Rifles (a squad of six); the mechs, Lt. Okafor and Captain Voss carry plasma
projectors for the tank. The deep channel is slow going: use the ford.
The ravine on the east bank stops the tank, but a trooper can jump it.
The trees have lost their leaves: forest is only partly obscuring on this map."""


def design() -> MapDesign:
    """The complete scenario."""
    sketch = Sketch(hex_layout(FLAT, "even"), WIDTH, HEIGHT)
    _paint(sketch)
    layers = (
        TileLayer("ground", sketch.frozen(sketch.ground), "base64-zlib"),
        TileLayer("cover", sketch.frozen(sketch.cover), "base64-zlib"),
        TileLayer("dust", sketch.frozen(sketch.effects), "base64-zlib"),
        ObjectLayer("units", UNITS),
    )
    bare_forest = (Prop("concealment", "string", "partly", "Concealment"),)
    return MapDesign(
        file="kessler_ford.tmx", size=FLAT, stagger_index="even", width=WIDTH, height=HEIGHT,
        props=(Prop("title", "string", "Armour at Kessler Ford"),
               Prop("description", "string", DESCRIPTION),
               Prop("ruleset", "string", "swn", "Ruleset"),
               Prop("modules", "string", "morale", "Module"),
               Prop("terrain:forest", "class", bare_forest, "Terrain")),
        sides=(SideSetup("pcs", "Voss's lance", "players"),
               SideSetup("allies", "Ford garrison", "computer", leader="okafor",
                         members=(Prop("morale", "int", 9), Prop("home_territory", "bool", True),
                                  Prop("outgunned", "int", -1))),
               SideSetup("enemies", "Hegemony armoured column", "gm", leader="strahl",
                         members=(Prop("outgunned", "int", 1),))),
        layers=layers,
    )

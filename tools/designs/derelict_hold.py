"""The Derelict Hold: a Starfarer boarding action (ruleset starfarer; flat-top, 16x12).

A boarding team (west) forces the cargo hold of a derelict freighter held by belt pirates
(east). Crates and pillars break the lines of fire; a camprat has nested in the wreckage.

Hask, Lir and Dell carry assault rifles (penetration 11 against the marines' combat armour
16: 3 damage a success level). With light pistols (7 against 16) and blades and clubs against
armour 12, nothing of the pirates' could wound a marine, so they could not win (none of 160
measured fights, whichever player held them). See docs/performance.md.

Vane and Oro carry assault rifles too, not a combat knife and a nightstick (round 6 of issue
11): nothing of theirs got through combat armour (12 against blades and clubs: the knife's
penetration 3 leaves armour 9 against its damage 4), so two of the five pirates could only
walk into the marines' fire. With the computer on both sides the pirates won 36 of 200 fights
(18%, run seed 1); with five rifles 94 of 200 (47%) on the same seeds. See docs/performance.md.
"""

from __future__ import annotations

from tools.map_sketch import Sketch
from tools.map_writer import MapDesign, ObjectLayer, SideSetup, TileLayer, Unit, hex_layout
from tools.terrain_catalog import FLAT
from tools.tiled_files import Prop

WIDTH, HEIGHT = 16, 12

TERRAIN = [
    "PP______________",
    "P___x____x_____P",
    "____x______x___P",
    "_______,,_______",
    "__P________P____",
    "________P_______",
    "___,,_______x___",
    "______x_________",
    "__x_______,,__x_",
    "P____x___x_____P",
    "__________P_____",
    "PP_____________P",
]

UNITS = (
    Unit("kitai", 1, 5, "pcs", template="starfarer/kitai", name="Kitai Kurugumi"),
    Unit("reyes", 1, 7, "pcs", template="starfarer/marine", name="Sgt. Reyes"),
    Unit("obi", 2, 3, "pcs", template="starfarer/marine", name="Obi Tran",
         overrides=(Prop("weapon", "string", "light_pistol"),)),
    Unit("mina", 2, 9, "pcs", template="starfarer/marine", name="Mina Sorel",
         overrides=(Prop("weapon", "string", "combat_knife"),)),
    Unit("hask", 14, 3, "enemies", template="starfarer/pirate", name="Hask",
         overrides=(Prop("weapon", "string", "assault_rifle"),)),
    Unit("lir", 14, 7, "enemies", template="starfarer/pirate", name="Lir",
         overrides=(Prop("weapon", "string", "assault_rifle"),)),
    Unit("vane", 13, 5, "enemies", template="starfarer/pirate", name="Vane",
         overrides=(Prop("weapon", "string", "assault_rifle"),)),
    Unit("oro", 13, 9, "enemies", template="starfarer/pirate", name="Oro",
         overrides=(Prop("weapon", "string", "assault_rifle"),)),
    Unit("dell", 14, 10, "enemies", template="starfarer/pirate", name="Dell",
         overrides=(Prop("weapon", "string", "assault_rifle"),)),
    Unit("rat", 9, 10, "enemies", template="starfarer/camprat", name="Camprat"),
    Unit("rat2", 10, 1, "enemies", template="starfarer/camprat", name="Old camprat"),
)

DESCRIPTION = """Starfarer rules (seed 003): action points 1d10 + Initiative each round, a phase
for every 10, d100 to-hit tasks by range bracket, hit locations, the wound track, shock and
bleeding. With the optional rules: actions declared ahead (initiative modifiers, several
actions a phase), blow-through, and evading or parrying an attack at the cost of a phase.
Clear the hold."""


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
               Prop("ruleset", "string", "starfarer", "Ruleset"),
               Prop("declare_actions", "bool", True),
               Prop("blow_through", "bool", True),
               Prop("evasion_and_parry", "bool", True)),
        sides=(SideSetup("pcs", "Boarding team", "players"),
               SideSetup("enemies", "Belt pirates", "computer")),
        layers=layers,
    )

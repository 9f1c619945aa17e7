"""The Crystal Vault: a three-way race for a pretech cache (flat-top, odd columns shifted, 14x12).

The crew (south-west) and a rival crew (south-east) break into a sealed vault. A crevasse
splits it, crossed by one bridge (a chasm is low: it can be jumped). Warbots guard the
cache behind a forcefield; psitech crystals give superb cover but block the way; the west
half's lights have failed. An archaeologist is trapped inside.

The Sable Hand are four, all with rifles (Ness, a veteran, joined them; Corso and Pike carry
combat rifles). Three with two pistols among them, surprised, won 1 of 200 fights against the
crew and the wardens when the computer played every camp (37 of 200 after); see docs/performance.md.
Pike waits behind the crystals with the others (col 13, row 9) rather than in front of them
(col 12, row 8), where the wardens' first shots found him while the Hand stood surprised: with
the computer playing every camp the crew won 115 of 200, the Hand 37, the wardens 39 before;
99, 53 and 39 after (docs/performance.md has the figures).
Sable, who leads them, is an elite trooper (3 hit dice, AC 16, a laser rifle) rather than a
veteran soldier (2 hit dice, AC 15): as a veteran he was often down in round 1 or 2, before
the surprised Hand had acted, and his fall (a point of morale for the loss and two for the
leader) put the Hand in Tactical Retreat at once. With the computer playing every camp (200
fights, run seed 1) the crew won 99, the Hand 53 and the wardens 39 before; 64, 69 and 60
after: about a third each.
"""

from __future__ import annotations

from tools.map_sketch import Sketch
from tools.map_writer import MapDesign, ObjectLayer, SideSetup, TileLayer, Unit, hex_layout
from tools.terrain_catalog import FLAT
from tools.tiled_files import Prop

WIDTH, HEIGHT = 14, 12

TERRAIN = [
    "PP__,,__*__PPP",
    "P___,____**__P",
    "__*______*___P",
    "__**____~~___,",
    "_______~ww~___",
    "______~ww~____",
    "ccccc__ccccccc",
    "__,_______,___",
    "_*,___**____,_",
    "__,,___*___**_",
    "P______,,____P",
    "PPP__PPPP__PPP",
]

LIGHTS_OUT = [
    "..............",
    "..............",
    "..............",
    "..............",
    "DDDDDD........",
    "DDDDD.........",
    "DDDDD.........",
    "DDDDD.........",
    "DDDDD.........",
    "DDDDDD........",
    "DDDDDD........",
    "..............",
]

FIELD_AND_DUST = [
    "..............",
    "..............",
    "..............",
    "....FFFF......",
    "..............",
    "..............",
    "..............",
    "......uuu.....",
    "..............",
    "..............",
    "..............",
    "..............",
]


def _paint(sketch: Sketch) -> None:
    """Terrain, failed lights, the forcefield and crystal dust."""
    sketch.terrain(TERRAIN)
    sketch.overlay(sketch.effects, LIGHTS_OUT)
    sketch.overlay(sketch.markings, FIELD_AND_DUST)


UNITS = (
    Unit("brannoc", 2, 10, "pcs", template="pc_warrior", name="Brannoc"),
    Unit("vee", 3, 9, "pcs", template="pc_expert", name="Vee"),
    Unit("halden", 1, 9, "pcs", template="pc_psychic", name="Halden"),
    Unit("sable", 10, 9, "rivals", template="elite_trooper", name="Sable"),
    Unit("rival2", 11, 10, "rivals", template="thug", name="Corso",
         overrides=(Prop("weapon", "string", "combat_rifle"),)),
    Unit("rival3", 13, 9, "rivals", unit_type="thug", name="Pike",
         overrides=(Prop("weapon", "string", "combat_rifle"),)),
    Unit("rival4", 12, 10, "rivals", template="veteran_soldier", name="Ness"),
    Unit("alpha", 5, 1, "enemies", template="warbot", name="Warden Alpha"),
    Unit("beta", 7, 2, "enemies", template="warbot", name="Warden Beta"),
    Unit("ames", 10, 2, "bystanders", template="civilian", name="Dr. Ames"),
)

DESCRIPTION = """A sealed pretech vault. Whoever reaches the crystal cache first owns it.
Two warbots guard the cache from behind a forcefield. The crevasse can be crossed by the
bridge or jumped. The lights in the west half have failed.
The Sable Hand were not expecting company (surprised). Dr. Ames is trapped inside:
she will follow whoever reaches her first. PCs win initiative ties on this map, and
nobody may move through a friend's hex."""


def design() -> MapDesign:
    """The complete scenario."""
    sketch = Sketch(hex_layout(FLAT, "odd"), WIDTH, HEIGHT)
    _paint(sketch)
    layers = (
        TileLayer("ground", sketch.frozen(sketch.ground)),
        TileLayer("crystals and walls", sketch.frozen(sketch.cover)),
        TileLayer("lights out", sketch.frozen(sketch.effects)),
        TileLayer("forcefield and dust", sketch.frozen(sketch.markings)),
        ObjectLayer("units", UNITS),
    )
    return MapDesign(
        file="crystal_vault.tmx", size=FLAT, stagger_index="odd", width=WIDTH, height=HEIGHT,
        props=(Prop("title", "string", "The Crystal Vault"),
               Prop("description", "string", DESCRIPTION),
               Prop("ruleset", "string", "swn", "Ruleset"),
               Prop("modules", "string", "morale", "Module"),
               Prop("initiative_ties", "string", "pcs_first", "InitiativeTies"),
               Prop("allies_block_movement", "bool", True)),
        sides=(SideSetup("pcs", "The crew", "players"),
               SideSetup("rivals", "The Sable Hand", "gm", leader="sable",
                         members=(Prop("morale", "int", 8), Prop("surprised", "bool", True))),
               SideSetup("enemies", "Vault wardens", "computer",
                         members=(Prop("immune_to_morale", "bool", True),)),
               SideSetup("bystanders", "Dr. Ames", "computer",
                         members=(Prop("morale", "int", 3),))),
        layers=layers,
    )

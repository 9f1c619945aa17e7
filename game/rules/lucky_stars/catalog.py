"""These Lucky Stars data: weapons, armour and creature types from `game/data/lucky_stars.toml` (Seed 001).

Loading validates every entry and names the file, the entry and what to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.rules.catalog import DATA_DIR
from game.rules.ruleset_tables import Entry, RulesetCatalog, load_ruleset_data
from game.rules.fields import Field
from game.rules.lucky_stars.damage import DAMAGE_TYPES, SIZES

DATA_FILE = "lucky_stars.toml"
ATTRIBUTES = ("str", "agi", "fort", "ins", "will")
RESISTANCE_LISTS = ("partial_resistance", "full_resistance", "weakness")

WEAPON_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "name", required=True),
    Field("attribute", "choice", required=True, choices=ATTRIBUTES, help="added to attack damage"),
    Field("damage_type", "choice", default="physical", choices=DAMAGE_TYPES),
    Field("range_hexes", "int", default=0, minimum=0, maximum=200, help="0 for melee"),
    Field("light", "bool", default=False),
    Field("unarmed", "bool", default=False),
    Field("extreme", "bool", default=False),
    Field("damage_bonus", "int", default=0, minimum=-5, maximum=10),
)}
ARMOUR_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "name", required=True),
    Field("defense_bonus", "int", default=0, minimum=0, maximum=10),
    Field("partial_resistance", "choices", choices=DAMAGE_TYPES),
)}
CREATURE_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "name", required=True),
    Field("size", "choice", default="medium", choices=SIZES),
    Field("atk", "int", required=True, minimum=-3, maximum=15),
    Field("defense", "int", required=True, minimum=1, maximum=30),
    Field("vitality", "int", required=True, minimum=1, maximum=30),
    Field("speed_hexes", "int", default=2, minimum=0, maximum=20),
    Field("attributes", "scores", choices=ATTRIBUTES, minimum=-3, maximum=10),
    Field("weapon", "str", default="unarmed"),
    Field("armour", "str", default="none"),
    *(Field(name, "choices", choices=DAMAGE_TYPES) for name in RESISTANCE_LISTS),
)}


def _creature_problems(stats: Mapping[str, Any]) -> list[str]:
    """A damage type may sit in only one of the resistance lists."""
    listed = [t for name in RESISTANCE_LISTS for t in (stats[name] or ())]
    return [f"'{twice}' appears in more than one of {', '.join(RESISTANCE_LISTS)}: keep one"
            for twice in sorted({t for t in listed if listed.count(t) > 1})]


def load_lucky_stars(directory: Path | None = None) -> RulesetCatalog:
    """Read and check lucky_stars.toml; raises CatalogError listing every problem (Seed 001 data)."""
    fields = {"weapons": WEAPON_FIELDS, "armour": ARMOUR_FIELDS, "creatures": CREATURE_FIELDS}
    return load_ruleset_data(Path(directory or DATA_DIR) / DATA_FILE, fields, {"creatures": _creature_problems})


def resistance_to(creature: Entry, armour: Entry, damage_type: str) -> str:
    """The resistance a creature in its armour has to one damage type (Seed 001, Damage Resistance; Ruling).

    Armour's partial resistance lifts "none" to "partial" and cancels a weakness.
    """
    own = next((name for name in RESISTANCE_LISTS if damage_type in (creature.stats[name] or ())), None)
    armoured = damage_type in (armour.partial_resistance or ())
    if own == "full_resistance":
        return "full"
    if own == "weakness":
        return "none" if armoured else "weakness"
    return "partial" if own == "partial_resistance" or armoured else "none"


def max_defense(creature: Entry, armour: Entry) -> int:
    """A creature's full DEF: its own plus what its armour adds (Ruling: armour adds to DEF)."""
    return creature.defense + armour.defense_bonus

"""These Lucky Stars data: weapons, armour and creature types from `game/data/lucky_stars.toml` (Seed 001).

Loading validates every entry and names the file, the entry and what to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules.catalog import DATA_DIR, CatalogError, Entry, frozen_entries, load_tables
from game.rules.fields import Field, suggestion
from game.rules.lucky_stars.damage import DAMAGE_TYPES, SIZES

DATA_FILE = "lucky_stars.toml"
ATTRIBUTES = ("str", "agi", "fort", "ins", "will")
RESISTANCE_LISTS = ("partial_resistance", "full_resistance", "weakness")

WEAPON_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "str", required=True),
    Field("attribute", "choice", required=True, choices=ATTRIBUTES, help="added to attack damage"),
    Field("damage_type", "choice", default="physical", choices=DAMAGE_TYPES),
    Field("range_hexes", "int", default=0, minimum=0, maximum=200, help="0 for melee"),
    Field("light", "bool", default=False),
    Field("unarmed", "bool", default=False),
    Field("extreme", "bool", default=False),
    Field("damage_bonus", "int", default=0, minimum=-5, maximum=10),
)}
ARMOUR_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "str", required=True),
    Field("defense_bonus", "int", default=0, minimum=0, maximum=10),
    Field("partial_resistance", "choices", choices=DAMAGE_TYPES),
)}
CREATURE_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "str", required=True),
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


@dataclass(frozen=True, slots=True)
class LuckyStarsCatalog:
    """Everything lucky_stars.toml defines, keyed by id."""

    weapons: Mapping[str, Entry]
    armour: Mapping[str, Entry]
    creatures: Mapping[str, Entry]


def _creature_problems(path: Path, key: str, stats: Mapping[str, Any], weapons: Mapping[str, Any],
                       armour: Mapping[str, Any]) -> list[str]:
    """Cross-checks: the weapon and armour exist, and no damage type is in two resistance lists."""
    where, problems = f"{path}: [creatures.{key}]", []
    for field, table in (("weapon", weapons), ("armour", armour)):
        if stats[field] not in table:
            problems.append(f"{where} '{field}' names unknown {field} '{stats[field]}'{suggestion(stats[field], table)}")
    listed = [t for name in RESISTANCE_LISTS for t in (stats[name] or ())]
    for twice in sorted({t for t in listed if listed.count(t) > 1}):
        problems.append(f"{where} '{twice}' appears in more than one of {', '.join(RESISTANCE_LISTS)}: keep one")
    return problems


def load_lucky_stars(directory: Path | None = None) -> LuckyStarsCatalog:
    """Read and check lucky_stars.toml; raises CatalogError listing every problem (Seed 001 data)."""
    path = Path(directory or DATA_DIR) / DATA_FILE
    tables, problems = load_tables(path, {"weapons": WEAPON_FIELDS, "armour": ARMOUR_FIELDS,
                                          "creatures": CREATURE_FIELDS})
    for key, stats in tables["creatures"].items():
        problems.extend(_creature_problems(path, key, stats, tables["weapons"], tables["armour"]))
    if problems:
        raise CatalogError(problems)
    return LuckyStarsCatalog(frozen_entries(tables["weapons"]), frozen_entries(tables["armour"]), frozen_entries(tables["creatures"]))


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

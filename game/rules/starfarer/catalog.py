"""Starfarer data: weapons, armour and creature types from `game/data/starfarer.toml` (Seed 003).

Loading validates every entry and names the file, the entry and what to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.rules.catalog import DATA_DIR
from game.rules.ruleset_tables import Entry, RulesetCatalog, load_ruleset_data
from game.rules.fields import Field
from game.rules.starfarer.damage import WeaponRating

DATA_FILE = "starfarer.toml"
WEAPON_KINDS = ("melee", "projectile", "laser", "plasma", "explosive")
TRAITS = ("strength", "dexterity", "agility", "endurance", "willpower", "essence", "initiative")
SKILLS = ("unarmed", "blade", "club", "pistol", "rifle", "laser", "heavy_weapons")

WEAPON_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "name", required=True),
    Field("kind", "choice", required=True, choices=WEAPON_KINDS),
    Field("skill", "choice", required=True, choices=SKILLS),
    Field("penetration", "int", required=True, minimum=0, maximum=200),
    Field("damage", "int", required=True, minimum=0, maximum=200),
    Field("range_rating", "int", minimum=1, maximum=8, help="absent for melee weapons"),
    Field("extreme", "bool", default=False),
    Field("blunt", "bool", default=False),
    Field("initiative_modifier", "int", default=0, minimum=-3, maximum=3),
)}
ARMOUR_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "name", required=True),
    Field("ratings", "scores", choices=WEAPON_KINDS, minimum=0, maximum=200, help="armour rating by weapon kind"),
)}
CREATURE_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "name", required=True),
    Field("mass", "int", required=True, minimum=1, maximum=40),
    Field("resilience", "int", required=True, minimum=0, maximum=200),
    Field("wound_step", "int", default=3, minimum=1, maximum=50),
    Field("basic_shock", "int", required=True, minimum=1, maximum=500),
    Field("stun", "int", required=True, minimum=1, maximum=500),
    Field("traits", "scores", required=True, choices=TRAITS, minimum=0, maximum=30),
    Field("skills", "scores", choices=SKILLS, minimum=0, maximum=20),
    Field("weapon", "str", default="unarmed"),
    Field("armour", "str", default="none"),
)}


def _creature_problems(stats: Mapping[str, Any]) -> list[str]:
    """Every trait a task may need is given."""
    missing = [trait for trait in TRAITS if trait not in stats["traits"]]
    return [f"'traits' needs {', '.join(missing)}"] if missing else []


def _weapon_problems(stats: Mapping[str, Any]) -> list[str]:
    """A ranged weapon needs a range rating; a melee one has none and no extreme bracket."""
    if stats["kind"] != "melee" and stats["range_rating"] is None:
        return [f"a {stats['kind']} weapon needs 'range_rating' (1 to 8)"]
    if stats["kind"] == "melee" and (stats["range_rating"] is not None or stats["extreme"]):
        return ["a melee weapon has no 'range_rating' or 'extreme'"]
    return []


def load_starfarer(directory: Path | None = None) -> RulesetCatalog:
    """Read and check starfarer.toml; raises CatalogError listing every problem (Seed 003 data)."""
    fields = {"weapons": WEAPON_FIELDS, "armour": ARMOUR_FIELDS, "creatures": CREATURE_FIELDS}
    checks = {"weapons": _weapon_problems, "creatures": _creature_problems}
    return load_ruleset_data(Path(directory or DATA_DIR) / DATA_FILE, fields, checks)


def weapon_rating(weapon: Entry) -> WeaponRating:
    """The penetration / damage pair the damage rules use (Seed 003, 3.5)."""
    return WeaponRating(weapon.penetration, weapon.damage)


def armour_against(armour: Entry, weapon: Entry) -> int:
    """The armour rating against this weapon's kind; a kind the armour does not list meets 0 (Seed 003, 3.5)."""
    return (armour.ratings or {}).get(weapon.kind, 0)

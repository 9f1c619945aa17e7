"""These Lucky Stars creatures and weapons presented as the unit types and weapons a map places (Seed 001; Ruling).

The shared hex mechanics (movement, sight, cover, the map's units) read SWN-shaped stat blocks.
A Lucky Stars battle's catalog keeps the map's cover and concealment and replaces the unit types
and weapons with these, carrying the numbers the shared code reads in the fields it reads them
from: full DEF (with armour) as `ac`, ATK as `attack_bonus`, VIT as fixed `hp`, speed as
`move_m`. A map's per-unit overrides of those fields therefore change DEF, ATK, VIT and speed.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from game.rules.catalog import UNIT_FIELDS, Catalog, UnitType, Weapon
from game.rules.ruleset_tables import Entry, RulesetCatalog
from game.rules.lucky_stars.catalog import max_defense
from game.rules.lucky_stars.damage import damage_die

METRES_PER_HEX = 3  # Ruling: Grid


def as_weapon(entry: Entry) -> Weapon:
    """A Lucky Stars weapon as a catalog weapon: melee without a range, else its range in metres."""
    ranged = entry.range_hexes > 0
    kind = "melee" if not ranged else "energy" if entry.damage_type == "burn" else "projectile"
    reach = (entry.range_hexes * METRES_PER_HEX,) * 2 if ranged else None
    return Weapon(id=entry.id, name=entry.name, damage=f"1d{damage_die('medium', 'medium')}", kind=kind,
                  skill="shoot" if ranged else "stab", attributes=(entry.attribute,), tl=4, range_m=reach)


def as_unit_type(creature: Entry, data: RulesetCatalog) -> UnitType:
    """A creature type as an NPC unit type: DEF as `ac`, ATK as `attack_bonus`, VIT as `hp` (Ruling)."""
    stats = {name: field.default for name, field in UNIT_FIELDS.items()}
    stats.update(name=creature.name, kind="npc", hd=1, hp=creature.vitality,
                 ac=max_defense(creature, data.armour[creature.armour]), attack_bonus=creature.atk,
                 weapon=creature.weapon, move_m=creature.speed_hexes * METRES_PER_HEX, immune_to_morale=True,
                 skills=MappingProxyType({}))
    return UnitType(creature.id, MappingProxyType(stats))


def battle_catalog(base: Catalog, data: RulesetCatalog) -> Catalog:
    """The catalog a Lucky Stars battle plays with: the map's cover, these creatures and weapons."""
    weapons = {key: as_weapon(entry) for key, entry in data.weapons.items()}
    units = {key: as_unit_type(entry, data) for key, entry in data.creatures.items()}
    return replace(base, weapons=MappingProxyType(weapons), unit_types=MappingProxyType(units), ruleset_data=data)

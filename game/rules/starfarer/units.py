"""Starfarer creatures and weapons presented as the unit types and weapons a map places (Seed 003; Ruling).

The shared hex mechanics read SWN-shaped stat blocks. A Starfarer battle's catalog keeps the
map's cover and concealment and replaces the unit types and weapons with these. Health is
the shock a character can take before the x6 bracket of its basic shock (Seed 003, 3.6.6),
carried as fixed `hp`; the move is 10 m a phase (Ruling: the seed's movement section is
empty). Everything else (traits, skills, armour, mass) is read from the creature type.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from game.rules.catalog import UNIT_FIELDS, Catalog, UnitType, Weapon
from game.rules.ruleset_tables import Entry, RulesetCatalog
from game.rules.starfarer.checks import SURVIVAL_SHOCK_MULTIPLE
from game.rules.starfarer.ranges import RANGE_TABLE

MOVE_M = 10  # Ruling: a phase's move, as SWN's (the seed leaves 3.3 Movement empty)
SWN_KINDS = {"melee": "melee", "projectile": "projectile", "laser": "laser", "plasma": "energy",
             "explosive": "explosive"}


def as_weapon(entry: Entry) -> Weapon:
    """A Starfarer weapon as a catalog weapon: its long range (Table 3.3) as its reach, none for melee."""
    reach = None if entry.range_rating is None else (RANGE_TABLE[entry.range_rating][3],) * 2
    return Weapon(id=entry.id, name=entry.name, damage=f"{entry.penetration}/{entry.damage}",
                  kind=SWN_KINDS[entry.kind], skill="stab" if reach is None else "shoot",
                  attributes=("dex",), tl=4, range_m=reach)


def shock_capacity(creature: Entry) -> int:
    """The shock that reaches the x6 bracket of the basic shock (Seed 003, 3.6.6): the health a battle counts."""
    return SURVIVAL_SHOCK_MULTIPLE * creature.basic_shock


def as_unit_type(creature: Entry) -> UnitType:
    """A creature type as an NPC unit type whose health is its shock capacity (Ruling)."""
    stats = {name: field.default for name, field in UNIT_FIELDS.items()}
    stats.update(name=creature.name, kind="npc", hd=1, hp=shock_capacity(creature), ac=0,
                 weapon=creature.weapon, move_m=MOVE_M, immune_to_morale=True, skills=MappingProxyType({}))
    return UnitType(creature.id, MappingProxyType(stats))


def battle_catalog(base: Catalog, data: RulesetCatalog) -> Catalog:
    """The catalog a Starfarer battle plays with: the map's cover, these creatures and weapons."""
    weapons = {key: as_weapon(entry) for key, entry in data.weapons.items()}
    units = {key: as_unit_type(entry) for key, entry in data.creatures.items()}
    return replace(base, weapons=MappingProxyType(weapons), unit_types=MappingProxyType(units), ruleset_data=data)

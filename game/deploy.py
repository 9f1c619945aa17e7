"""Deployment: the opening world built from a scenario's unit placements and the catalog.

Entities are spawned in Tiled object-id order, so the same scenario always gives the same
entity ids (saves and replays refer to combatants by these ids).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.components import (Allegiance, Armament, Footprint, Health, HeroPoints, Hidden, Identity, Leading,
                             Position, Squad, Stats, Trademark, TurnBudget)
from game.ecs import World
from game.hexgrid import Hex, move_in_hexes
from game.rules.attack import pc_attack_bonus
from game.rules.catalog import ATTRIBUTES, Catalog
from game.rules.dice import DiceSource, roll
from game.rules.formation import grow
from game.rules.squad import footprint_hexes, squad_hp

HEROIC_RULESETS = ("swn-heroic",)


def unit_stats(type_stats: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """The unit type's stats with the map's per-object overrides applied."""
    merged = dict(type_stats)
    merged.update(overrides)
    return merged


def stat_block(stats: Mapping[str, Any]) -> Stats:
    """The Stats component for a resolved stat dictionary."""
    kind = stats["kind"]
    if kind == "pc":
        # An Adventurer (or a PC with no class given) progresses like an Expert: half level.
        pc_class = stats["character_class"] if stats["character_class"] in ("warrior", "psychic") else "expert"
        attack = pc_attack_bonus(pc_class, stats["level"])
    else:
        attack = stats["attack_bonus"]
    move = stats["speed_hexes"] if kind in ("vehicle", "mech") else move_in_hexes(stats["move_m"])
    return Stats(
        ac=stats["ac"], attack_bonus=attack, skill_bonus=stats["skill_bonus"], move_hexes=move,
        hd=stats["hd"] or 0, armor=stats["armor"], morale=stats["morale"],
        immune_to_morale=stats["immune_to_morale"], size_class=stats["size_class"],
        might=stats["might"], pilot=stats["pilot"], level=stats["level"],
        character_class=stats["character_class"],
        attributes=tuple((a, stats[a]) for a in ATTRIBUTES if stats[a]),
        skills=tuple(sorted(dict(stats["skills"] or {}).items())),
        save=stats["save"], fray_die=stats["fray_die"], nemesis=stats["nemesis"],
        authority=stats["authority"])


def starting_health(stats: Mapping[str, Any], ruleset: str, dice: DiceSource, count: int) -> Health:
    """Hit points (fixed, or 1d8 per HD for NPCs), or hit dice for heroic ordinary NPCs.

    Seed 000: heroic NPCs count hit dice instead of hit points unless they are Nemesis foes.
    Seed 002 Squads: squad members have 4.5 HP per hit die, totalled and rounded up.
    """
    if stats["kind"] == "npc" and ruleset in HEROIC_RULESETS and not stats["nemesis"]:
        pool = stats["hd"] * count
        return Health(pool, pool, unit="hd")
    if count > 1:
        hp = squad_hp(stats["hd"], count)
        return Health(hp, hp)
    if stats["hp"] is not None:
        return Health(stats["hp"], stats["hp"])
    hp = max(1, roll(f"{stats['hd']}d8", dice).total)
    return Health(hp, hp)


def squad_spread(scenario: Any, placement: Any, world: World) -> tuple[Hex, ...]:
    """The hexes a squad stands on besides its own (Seed 002, Squad Size): those the map gives
    (`footprint`), else the free hexes nearest it, one connected group; fewer when boxed in."""
    need = footprint_hexes(placement.count)
    if need <= 1:
        return ()
    if placement.footprint:
        return tuple(placement.footprint)
    anchors = {u.hex for u in scenario.units} | {h for u in scenario.units for h in u.footprint}

    def free(h: Hex) -> bool:
        terrain = scenario.terrain.get(h)
        return terrain is not None and not terrain.impassable and h not in anchors and world.at(h) is None

    for size in range(need, 1, -1):
        found = grow((placement.hex,), size, free)
        if found is not None:
            return found[1:]
    return ()


def deploy(scenario: Any, catalog: Catalog, dice: DiceSource) -> World:
    """Spawn every placed unit; hit points are rolled with the battle's dice, in object-id order;
    squads spread over their footprints in the same order."""
    world = World()
    spawned: dict[int, int] = {}
    for placement in sorted(scenario.units, key=lambda p: p.object_id):
        stats = unit_stats(catalog.unit_types[placement.unit_type].stats, placement.overrides)
        weapon = catalog.weapons[stats["weapon"]]
        components = [
            Identity(placement.name, placement.unit_type, stats["kind"], placement.object_id),
            Allegiance(placement.side), Position(placement.hex), stat_block(stats),
            starting_health(stats, scenario.ruleset, dice, placement.count),
            Armament(weapon.id, weapon.magazine), TurnBudget(),
        ]
        if placement.hidden:
            components.append(Hidden())
        if placement.count > 1:
            components.append(Squad(placement.count, placement.count, 4.5 * stats["hd"]))
            components.append(Footprint(squad_spread(scenario, placement, world)))
        if stats["hero_points"]:
            components.append(HeroPoints(stats["hero_points"]))
        if stats["trademark"]:
            components.append(Trademark(stats["trademark"]))
        spawned[placement.object_id] = world.spawn(*components)
    for placement in scenario.units:
        if placement.led_by in spawned:  # seed 002 Authority Focus: the PC leads this squad
            world.set(spawned[placement.led_by], Leading(spawned[placement.object_id]))
    return world

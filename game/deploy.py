"""Deployment: whether a battle can start on a scenario, the opening world built from its unit
placements and the catalog, and the sides with their opening morale.

Entities are spawned in Tiled object-id order, so the same scenario always gives the same
entity ids (saves and replays refer to combatants by these ids).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from game.components import (Allegiance, Armament, Footprint, Health, HeroPoints, Hidden, Identity, Leading,
                             Position, Squad, Stats, Trademark, TurnBudget)
from game.ecs import World
from game.hexgrid import Hex, move_in_hexes
from game.rules.swn.attack import pc_attack_bonus
from game.rules.catalog import ATTRIBUTES, Catalog, CatalogError, load_catalog
from game.rules.dice import DiceSource, roll
from game.rules.formation import grow
from game.rules.swn.morale import starting_morale
from game.rules.ruleset_data import catalog_for
from game.rules.ruleset_names import HEROIC, RULESETS
from game.rules.swn.squad import footprint_hexes, squad_hp
from game.systems import morale
from game.systems.scene import ActionDice, Scene, Setup, SideState, camp
from game.terrain import Battlefield

def ruleset_problem(ruleset: str) -> str | None:
    """Why a battle cannot be played under this ruleset yet, or None."""
    if ruleset in RULESETS:
        return None
    return (f"the ruleset '{ruleset}' is not playable yet (playable: {', '.join(RULESETS)}); "
            "set the map property 'ruleset' to one of those")


def camps_problem(scenario) -> str | None:
    """Why no fight can happen among the scenario's units, or None: a battle needs units of at
    least two camps that fight each other (bystanders fight nobody)."""
    fighting = sorted({camp(u.side) for u in scenario.units} - {None})
    if len(fighting) >= 2:
        return None
    found = f"only units of the {fighting[0]} camp" if fighting else "no units that fight"
    return (f"the map places {found}; a battle needs units on at least two sides that fight each "
            "other (pcs or allies against enemies or rivals): place units for the other side")


def units_problem(scenario, catalog: Catalog | None = None) -> str | None:
    """Why the units cannot be deployed under the scenario's ruleset, or None: each unit type must
    be one of that ruleset's (a ruleset forced on a map made for another has none of its types)."""
    try:
        types = catalog_for(scenario.ruleset, catalog or load_catalog()).unit_types
    except CatalogError as error:
        return str(error)
    unknown = sorted({unit.unit_type for unit in scenario.units} - set(types))
    if not unknown:
        return None
    return (f"the unit types {', '.join(unknown)} are not unit types of the ruleset '{scenario.ruleset}' "
            f"(its types: {', '.join(sorted(types))}); place that ruleset's units or play the map's own ruleset")


def scenario_problem(scenario) -> str | None:
    """Why no battle can start on this scenario, or None (ruleset not playable, nobody to fight,
    units the ruleset does not have)."""
    return ruleset_problem(scenario.ruleset) or camps_problem(scenario) or units_problem(scenario)



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
    if stats["kind"] == "npc" and ruleset in HEROIC and not stats["nemesis"]:
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


def _starting_morale(world: World, side_id: str, setup) -> int | None:
    """The side's opening morale, from the map's side setup and its units' stat blocks."""
    members = [(identity, stats) for e, identity, stats, side in world.query(Identity, Stats, Allegiance)
               if side.side == side_id]
    leader = setup.leader if setup is not None else None
    leader_morale = next((stats.morale for identity, stats in members
                          if leader is not None and identity.object_id == leader and not stats.immune_to_morale), None)
    return starting_morale(side_id, setup.morale if setup is not None else None,
                           setup is not None and setup.immune_to_morale,
                           [(stats.morale, stats.immune_to_morale) for _, stats in members], leader_morale)


def _sides(scenario, world: World) -> tuple[SideState, ...]:
    """Every side the map declares or places units of, in id order, with its opening morale."""
    declared = dict(scenario.sides)
    used = {side.side for _, side in world.query(Allegiance)}
    states = []
    for side_id in sorted(set(declared) | used):
        setup = declared.get(side_id)
        name = setup.name if setup else side_id.title()
        controller = setup.controller if setup else "gm"
        pool = setup.hero_pool if setup else 0  # seed 004: outside sources from the start
        states.append(SideState(side_id, name, controller, _starting_morale(world, side_id, setup), hero_pool=pool))
    return tuple(states)


def fixed_rules(scenario: Any, catalog: Catalog, field: Battlefield | None = None) -> Setup:
    """What stays fixed for every battle on the scenario: its terrain resolved against the data
    its ruleset plays with (`catalog_for`), unless `field` is that terrain already, the ruleset,
    map modules and settings, the map's layout and the sides it surprises."""
    catalog = catalog_for(scenario.ruleset, catalog)
    settings = MappingProxyType(dict(scenario.settings))
    surprised = frozenset(s for s, setup in scenario.sides.items() if setup.surprised)
    return Setup(field or Battlefield.from_terrain(scenario.terrain, catalog), catalog,
                 scenario.ruleset, frozenset(scenario.modules), settings, scenario.layout, surprised)


def deployed(rules: Setup, scenario: Any, dice: ActionDice) -> tuple[Scene, tuple[SideState, ...]]:
    """The opening scene: every unit deployed (hit points rolled with the battle's dice), and
    every side with its opening morale, the opening morale factors counted (Seed 002)."""
    world = deploy(scenario, rules.catalog, dice)
    sides = _sides(scenario, world)
    scene = Scene(rules, world, dice, 1, {s.id: s for s in sides})
    morale.open_the_fight(scene, scenario.sides)
    return scene, tuple(scene.sides[s.id] for s in sides)

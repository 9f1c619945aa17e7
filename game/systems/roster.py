"""The roster: every combatant and side as the frozen views a client reads (game.views)."""

from __future__ import annotations

from game.components import (
    Allegiance,
    Armament,
    Carried,
    Dead,
    Guarding,
    Health,
    HeroPoints,
    Hidden,
    Identity,
    Initiative,
    MortallyWounded,
    Notes,
    Overwatch,
    Prone,
    Squad,
    Stabilised,
    Stats,
    TotalDefense,
)
from game.ecs import EntityId
from game.rules.morale import morale_band
from game.systems.footprint import footprint
from game.systems.scene import Scene, SideState, camp, hex_of, in_the_fight
from game.systems.sight import shielding
from game.views import CombatantView, SideView


def _down(scene: Scene, entity: EntityId) -> str | None:
    world = scene.world
    if in_the_fight(world, entity):
        return None
    for component, words in ((Dead, "dead"), (Stabilised, "stabilised"), (MortallyWounded, "mortally wounded")):
        if world.has(entity, component):
            return words
    return "down"


def combatant(scene: Scene, entity: EntityId, map_facing: int | None = None) -> CombatantView:
    """One combatant's view."""
    world = scene.world
    identity, stats, health = world.get(entity, Identity), world.get(entity, Stats), world.get(entity, Health)
    armament = world.get(entity, Armament)
    weapon = scene.setup.catalog.weapons.get(armament.weapon) if armament.weapon else None
    watch, squad = world.try_get(entity, Overwatch), world.try_get(entity, Squad)
    guarding, initiative = world.try_get(entity, Guarding), world.try_get(entity, Initiative)
    carried = world.try_get(entity, Carried)
    return CombatantView(
        id=entity, name=identity.name, side=world.get(entity, Allegiance).side, kind=identity.kind,
        unit_type=identity.unit_type, object_id=identity.object_id, hex=hex_of(world, entity),
        in_fight=in_the_fight(world, entity), health=health.current, health_max=health.maximum, unit=health.unit,
        ac=stats.ac, armor=stats.armor, move_hexes=stats.move_hexes, weapon=armament.weapon,
        weapon_name=weapon.name if weapon else "bare hands", rounds=armament.rounds,
        magazine=weapon.magazine if weapon else 0, carried=carried.weapons if carried else (),
        prone=world.has(entity, Prone), total_defense=world.has(entity, TotalDefense),
        overwatch=watch.facing if watch else None, overwatch_angle=watch.angle if watch else None,
        guarding=guarding.ally if guarding else None, shielding=shielding(scene, entity) is not None,
        disarmed=armament.weapon is None and identity.kind in ("pc", "npc"), down=_down(scene, entity),
        squad_units=squad.units if squad else None, squad_max=squad.max_units if squad else None,
        initiative=initiative.score if initiative else None,
        facing=watch.facing if watch else map_facing, morale_immune=stats.immune_to_morale,
        hidden=world.has(entity, Hidden), footprint=footprint(world, entity), hero_points=_hero_points(scene, entity),
        notes=_notes(world, entity))


def _notes(world, entity: EntityId) -> tuple[str, ...]:
    held = world.try_get(entity, Notes)
    return held.notes if held else ()


def _hero_points(scene: Scene, entity: EntityId) -> int | None:
    """Seed 004: its own hero points, when the map turns the module on."""
    if "hero_points" not in scene.setup.modules:
        return None
    held = scene.world.try_get(entity, HeroPoints)
    return held.points if held else 0


def combatants(scene: Scene, scenario) -> tuple[CombatantView, ...]:
    """Every combatant, in id order, with the facing the map gave it."""
    facings = {u.object_id: u.facing for u in scenario.units}
    return tuple(combatant(scene, e, facings.get(identity.object_id))
                 for e, identity in scene.world.query(Identity) if scene.world.has(e, Stats))


def map_facings(scenario) -> dict:
    """The facing the map gives each unit, by its object id (the first unit of an id counts)."""
    facings: dict = {}
    for unit in scenario.units:
        facings.setdefault(unit.object_id, unit.facing)
    return facings


def one(scene: Scene, scenario, entity: EntityId, facings: dict | None = None) -> CombatantView | None:
    """One combatant's view, or None when there is no such combatant (`facings`: the scenario's
    `map_facings`, when the caller keeps them)."""
    world = scene.world
    if not (world.has(entity, Identity) and world.has(entity, Stats)):
        return None
    object_id = world.get(entity, Identity).object_id
    return combatant(scene, entity, (facings if facings is not None else map_facings(scenario)).get(object_id))


def sides(states: tuple[SideState, ...], morale_rules: bool = False) -> tuple[SideView, ...]:
    """Every side's view; with the morale rules on, what its band makes it do and its limits."""
    return tuple(_side(s, morale_rules) for s in states)


def _side(state: SideState, morale_rules: bool) -> SideView:
    band = morale_band(state.morale) if state.morale is not None else None
    ruled = band if morale_rules else None
    return SideView(state.id, state.name, state.controller, state.morale, band.name if band else None,
                    camp(state.id), ruled.conduct if ruled else None, ruled.limits() if ruled else "",
                    state.hero_pool)

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
    TurnBudget,
)
from game.ecs import EntityId
from game.rules.swn.damage import MORTAL_WOUND_ROUNDS
from game.rules.swn.morale import morale_band
from game.systems.footprint import footprint
from game.systems.scene import Scene, SideState, camp, hex_of, in_the_fight
from game.systems.sight import shielding
from game.slots import slot_maker
from game.views import CombatantView, SideView

_make_view = slot_maker(CombatantView)


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
    in_fight = in_the_fight(world, entity)
    # Every field of CombatantView in the order it declares them (`_make_view` refuses any other count);
    # tests/test_battle_views.py checks the view equals the one its constructor makes.
    return _make_view(
        entity, identity.name, world.get(entity, Allegiance).side, identity.kind, identity.unit_type,
        identity.object_id, hex_of(world, entity), in_fight, health.current, health.maximum, health.unit,
        stats.ac, stats.armor, stats.move_hexes, armament.weapon, weapon.name if weapon else "bare hands",
        armament.rounds, weapon.magazine if weapon else 0,
        carried.weapons if carried else (),  # carried
        world.has(entity, Prone), world.has(entity, TotalDefense),  # prone, total_defense
        watch.facing if watch else None, watch.angle if watch else None,  # overwatch, overwatch_angle
        guarding.ally if guarding else None, shielding(scene, entity) is not None,  # guarding, shielding
        armament.weapon is None and identity.kind in ("pc", "npc"),  # disarmed
        None if in_fight else _down(scene, entity),  # down
        squad.units if squad else None, squad.max_units if squad else None,  # squad_units, squad_max
        initiative.score if initiative else None,  # initiative
        watch.facing if watch else map_facing, stats.immune_to_morale,  # facing, morale_immune
        world.has(entity, Hidden), footprint(world, entity),  # hidden, footprint
        None, (), None, None, None,  # action_points, phases, carries, defense, defense_max: the rulesets'
        _notes(world, entity), _hero_points(scene, entity),  # notes, hero_points
        None, False, None, "", (),  # grappling, in_control, stealth, readied, states: the rulesets'
        _actions_left(world, entity), _dies_in(scene, entity))  # actions_left, dies_in


def _actions_left(world, entity: EntityId) -> tuple[str, ...] | None:
    """The Main and Move actions of its turn budget not spent yet (None without a budget)."""
    left = world.try_get(entity, TurnBudget)
    return None if left is None else tuple(name for name, unspent in (("main", left.main), ("move", left.move)) if unspent)


def _dies_in(scene: Scene, entity: EntityId) -> int | None:
    """SWN core: how many round starts a mortally wounded PC has left, the last one killing it (the
    clock kills at the start of the round MORTAL_WOUND_ROUNDS after the fall); None if not dying."""
    wound = scene.world.try_get(entity, MortallyWounded)
    if wound is None or scene.world.has(entity, Stabilised):
        return None
    return max(1, wound.since_round + MORTAL_WOUND_ROUNDS - scene.round)


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

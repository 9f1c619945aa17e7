"""Wounds: taking damage, falling, dying (SWN core; seed 000 for heroic mode).

NPCs, vehicles and mechs at 0 are out of the fight. A PC at 0 HP is mortally wounded and
dies six rounds later unless stabilised; heroic PCs stabilise on their own; a PC hurt again
while down dies. Heroic ordinary NPCs lose hit dice instead of hit points. Anyone out of the
fight leaves their hex free (`Fallen` replaces `Position`).
"""

from __future__ import annotations

from game.components import Dead, Fallen, Footprint, Health, Identity, MortallyWounded, Position, Squad, Stabilised, Stats
from game.ecs import EntityId
from game.events import Damaged, Fell
from game.rules.swn.damage import DEAD, MORTALLY_WOUNDED, STABLE, UP, PcHealth, damage_pc, damage_pool
from game.systems.footprint import fit_to_units, forget_choices
from game.systems.scene import Scene


def _fall(scene: Scene, entity: EntityId) -> None:
    position = scene.world.try_get(entity, Position)
    if position is not None:
        scene.world.remove(entity, Position)
        scene.world.remove(entity, Footprint)
        forget_choices(scene, entity)
        scene.world.set(entity, Fallen(position.hex, scene.round))


def kill(scene: Scene, entity: EntityId, fate: str) -> None:
    """Mark a combatant dead and out of the fight (`fate`: killed, down, died of wounds)."""
    _fall(scene, entity)
    scene.world.remove(entity, MortallyWounded)
    scene.world.set(entity, Dead())
    scene.emit(Fell(entity, fate))


def _pc_health(scene: Scene, entity: EntityId, health: Health) -> PcHealth:
    world = scene.world
    if world.has(entity, Dead):
        state = DEAD
    elif world.has(entity, Stabilised):
        state = STABLE
    elif world.has(entity, MortallyWounded):
        state = MORTALLY_WOUNDED
    else:
        state = UP
    wound = world.try_get(entity, MortallyWounded)
    since = scene.round - wound.since_round if wound else 0
    return PcHealth(health.current, health.maximum, state, since)


def _damage_pc(scene: Scene, entity: EntityId, health: Health, amount: int) -> None:
    hit = damage_pc(_pc_health(scene, entity, health), amount, heroic=scene.setup.heroic)
    scene.world.set(entity, Health(hit.after.hp, health.maximum, health.unit))
    state = hit.after.state if hit.after.state != UP else ""
    scene.emit(Damaged(entity, hit.damage, hit.before.hp, hit.after.hp, "HP", state))
    if hit.after.state == DEAD and hit.before.state != DEAD:
        kill(scene, entity, "killed")
    elif hit.after.state != hit.before.state and hit.after.state in (MORTALLY_WOUNDED, STABLE):
        _fall(scene, entity)
        if hit.after.state == MORTALLY_WOUNDED:
            scene.world.set(entity, MortallyWounded(scene.round))
            scene.emit(Fell(entity, "mortally wounded"))
        else:
            scene.world.set(entity, Stabilised())
            scene.emit(Fell(entity, "stable"))


def _damage_pool(scene: Scene, entity: EntityId, health: Health, amount: int) -> int:
    hit = damage_pool(health.current, amount, pool="HD" if health.unit == "hd" else "HP")
    scene.world.set(entity, Health(hit.after, health.maximum, health.unit))
    scene.emit(Damaged(entity, hit.damage, hit.before, hit.after, hit.pool, "down" if hit.down else "", hit.excess))
    if hit.down:
        kill(scene, entity, "down")
    return hit.excess


def take_damage(scene: Scene, entity: EntityId, amount: int) -> int:
    """Apply damage (HP, or hit dice for heroic NPCs); returns the excess beyond what dropped it."""
    health = scene.world.get(entity, Health)
    if scene.world.get(entity, Identity).kind == "pc":
        before = health.current
        _damage_pc(scene, entity, health, amount)
        return max(0, amount - before)
    excess = _damage_pool(scene, entity, health, amount)
    squad = scene.world.try_get(entity, Squad)
    if squad is not None and not scene.world.has(entity, Dead):
        _shrink_squad(scene, entity, squad)
    return excess


def _shrink_squad(scene: Scene, entity: EntityId, squad: Squad) -> None:
    """Seed 002 squads: units left = HP left / HP per unit, rounded up (rulings: Squads)."""
    health = scene.world.get(entity, Health)
    per_unit = scene.world.get(entity, Stats).hd if health.unit == "hd" else squad.hp_per_unit
    units = min(squad.max_units, -int(-health.current // per_unit)) if per_unit else squad.units
    if units != squad.units:
        scene.world.set(entity, Squad(units, squad.max_units, squad.hp_per_unit))
        fit_to_units(scene, entity)


def fall_at_zero(scene: Scene, entity: EntityId) -> None:
    """Fell a combatant whose health was set to 0 the way damage would have: a PC mortally
    wounded (stable at once in heroic mode), anyone else down and out."""
    if scene.world.get(entity, Identity).kind != "pc":
        kill(scene, entity, "down")
        return
    _fall(scene, entity)
    if scene.setup.heroic:
        scene.world.set(entity, Stabilised())
        scene.emit(Fell(entity, "stable"))
    else:
        scene.world.set(entity, MortallyWounded(scene.round))
        scene.emit(Fell(entity, "mortally wounded"))


def recount_squad(scene: Scene, entity: EntityId) -> None:
    """A squad's units standing after its health changed by other means than damage."""
    squad = scene.world.try_get(entity, Squad)
    if squad is not None:
        _shrink_squad(scene, entity, squad)

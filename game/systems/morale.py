"""Automatic morale (Seed 002, Morale Factors): the factors a fight itself sets off.

At the start of the fight a side's score takes its leader's presence, surprise, home ground
and the map's outgunned count; after every action the battle looks for a leader newly out
of the fight and for every new 20% step of losses. Each change is a `MoraleChanged` event
naming its cause. All of it only while the map turns the `morale` module on. The GM's
outgunned judgement during the fight is an override action (`GmOutgunned`), here too.
Interpretations: docs/rules/morale.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from game.actions import GmOutgunned
from game.components import Allegiance, Health, Identity, Squad, Stats
from game.ecs import EntityId, World
from game.events import MoraleChanged
from game.rules.swn.morale import MoraleChange, apply_factor, leader_factor, loss_instances, outgunned_change
from game.systems.scene import Scene, fighting, in_the_fight

OUTGUNNED_LIMIT = 10
"""The most factors one judgement counts (as the map's `outgunned` property)."""


def morale_in_play(scene: Scene) -> bool:
    """The map turns the morale module on (Seed 002 morale rules in force)."""
    return "morale" in scene.setup.modules


def record(scene: Scene, side_id: str, change: MoraleChange, who: EntityId | None = None) -> None:
    """Set the side's new score and tell the change with its cause."""
    scene.update_side(side_id, morale=change.after)
    scene.emit(MoraleChanged(side_id, change, who))


def members(world: World, side_id: str) -> list[EntityId]:
    """Every combatant of the side, in or out of the fight, in id order."""
    return sorted(e for e in world.group(Allegiance, side_id) if world.has(e, Stats))


def _leader(scene: Scene, side_id: str, object_id: int | None) -> EntityId | None:
    """The side's leader in the fight at the start, found by the map's object id."""
    for entity in members(scene.world, side_id):
        if object_id is not None and scene.world.get(entity, Identity).object_id == object_id:
            return entity if in_the_fight(scene.world, entity) else None
    return None


def open_the_fight(scene: Scene, setups: Mapping) -> None:
    """The opening factors of every side with a score: leader present, surprised, home ground,
    the map's outgunned count, in that order (Seed 002, Morale Factors)."""
    if not morale_in_play(scene):
        return
    for side_id in sorted(scene.sides):
        setup = setups.get(side_id)
        if scene.sides[side_id].morale is None or setup is None:
            continue
        leader = _leader(scene, side_id, setup.leader)
        scene.update_side(side_id, leader=leader, great_leader=setup.great_leader)
        if leader is not None:
            _factor(scene, side_id, leader_factor(setup.great_leader, present=True), leader)
        if setup.surprised:
            _factor(scene, side_id, "surprised")
        if setup.home_territory:
            _factor(scene, side_id, "home territory")
        if setup.outgunned:
            record(scene, side_id, outgunned_change(scene.sides[side_id].morale, setup.outgunned))


def _factor(scene: Scene, side_id: str, factor: str, who: EntityId | None = None, times: int = 1) -> None:
    record(scene, side_id, apply_factor(scene.sides[side_id].morale, factor, times), who)


def follow_the_fight(scene: Scene) -> None:
    """After an action: each side whose leader has fallen, and each new 20% step of losses,
    costs morale, each exactly once (Seed 002, Morale Factors)."""
    if not morale_in_play(scene):
        return
    losses = side_losses(scene)  # nothing below changes the world: one reading serves every side
    for side_id in sorted(scene.sides):
        if scene.sides[side_id].morale is None:
            continue
        _leader_check(scene, side_id)
        _losses_check(scene, side_id, losses.get(side_id, (0, 0)))


def _leader_check(scene: Scene, side_id: str) -> None:
    side = scene.sides[side_id]
    if side.leader is None or side.leader_fell:
        return
    if in_the_fight(scene.world, side.leader):  # only one on the map is in the fight
        return
    scene.update_side(side_id, leader_fell=True)
    _factor(scene, side_id, leader_factor(side.great_leader, present=False), side.leader)


def _losses_check(scene: Scene, side_id: str, losses: tuple[int, int]) -> None:
    total, lost = losses
    if total <= 0:
        return
    steps = loss_instances(total, lost)
    new = steps - scene.sides[side_id].losses_counted
    if new > 0:
        scene.update_side(side_id, losses_counted=steps)
        _factor(scene, side_id, "lost 20% of forces or HP", times=new)


def side_losses(scene: Scene) -> Mapping[str, tuple[int, int]]:
    """(full strength, lost) of every side with a member, for the 20% steps: a lone combatant
    counts hit points (hit dice in heroic mode), a side of several counts combatants, a squad
    counting each of its units. Worked out for every side at once and remembered while nothing
    it reads changes (the battle asks after every action; most take nobody out)."""
    world = scene.world
    return world.derived(_LOSSES_READS, _losses, fighting(world))


_LOSSES_READS = (Allegiance, Stats, Squad, Health)
"""What the losses read besides who is in the fight (given: a move leaves them as they were)."""


def _losses(world: World, standing: frozenset[EntityId]) -> Mapping[str, tuple[int, int]]:
    """`side_losses` of a world, `standing` being who is in the fight."""
    return MappingProxyType({side: _side_losses(world, side, standing) for side in world.groups(Allegiance)})


def _side_losses(world: World, side_id: str, standing: frozenset[EntityId]) -> tuple[int, int]:
    everyone = members(world, side_id)
    if len(everyone) == 1 and not world.has(everyone[0], Squad):
        health = world.get(everyone[0], Health)
        left = health.current if everyone[0] in standing else 0
        return health.maximum, health.maximum - max(0, left)
    full = lost = 0
    for entity in everyone:
        squad = world.try_get(entity, Squad)
        strength = squad.max_units if squad is not None else 1
        left = (squad.units if squad is not None else 1) if entity in standing else 0
        full, lost = full + strength, lost + strength - left
    return full, lost


def check_outgunned(scene: Scene, action: GmOutgunned) -> GmOutgunned | str:
    """A side with a morale score and a count of factors, 1 to 10 either way."""
    side = scene.sides.get(action.side)
    if side is None:
        known = ", ".join(sorted(scene.sides))
        return f"there is no side '{action.side}' in this battle (sides: {known})"
    if side.morale is None:
        return f"{side.name} have no morale score to change"
    if action.change == 0 or abs(action.change) > OUTGUNNED_LIMIT:
        return (f"count 1 to {OUTGUNNED_LIMIT} factors: below 0 against {side.name}, above 0 for them "
                f"(not {action.change})")
    return action


def outgunned(scene: Scene, action: GmOutgunned, plan: GmOutgunned) -> None:
    """Move the side's score by the factors the GM counted."""
    record(scene, action.side, outgunned_change(scene.sides[action.side].morale, action.change))

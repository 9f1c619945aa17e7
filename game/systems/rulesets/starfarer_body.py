"""What a Starfarer body does between actions: bleeding and its self-stopping check, falling
unconscious and coming to, and the survival check of the mortally wounded (Seed 003, 3.6.6-3.6.7).

`start_of_round` runs each round before action points are rolled; `knock_out` and `fall_dying`
are what a failed shock check and a mortal wound do to a combatant.
"""

from __future__ import annotations

from dataclasses import replace

from game.components import ActionPoints, Dead, Fallen, Footprint, Position, Stats
from game.ecs import EntityId
from game.events import BleedingStopped, Bled, CameTo, Fell, TaskChecked
from game.rules.starfarer.checks import (
    bleeding_check_due,
    bleeding_clock,
    bleeding_stopped,
    first_waking_round,
    rounds_until_next_check,
    shock_check,
    shock_multiple,
    shock_penalty,
    stop_bleeding_check,
    survival_check,
)
from game.rules.starfarer.hit import bleed
from game.rules.starfarer.tasks import LOCATIONS, TaskProfile, TaskResult, roll_task
from game.rules.starfarer.units import shock_capacity
from game.rules.starfarer.wounds import MODIFIERS
from game.systems.footprint import place as stand_on
from game.systems.rulesets import starfarer_state as state
from game.systems.scene import Scene, in_the_fight
from game.systems.wounds import kill


def alive(scene: Scene) -> list[EntityId]:
    """Every combatant not dead, in the fight or lying down (bleeding goes on while unconscious)."""
    return [e for e, _ in scene.world.query(Stats) if not scene.world.has(e, Dead)]


def check(scene: Scene, entity: EntityId, name: str, profile: TaskProfile, location: str = "") -> TaskResult:
    """Roll one check and log it."""
    task = roll_task(profile, scene.dice)
    scene.emit(TaskChecked(entity, name, task, location))
    return task


def _lie_down(scene: Scene, entity: EntityId, fate: str) -> None:
    """Out of the fight but alive: the hex is left free, the action points and any declaration are lost (Ruling)."""
    position = scene.world.try_get(entity, Position)
    if position is not None:
        scene.world.remove(entity, Position)
        scene.world.remove(entity, Footprint)
        scene.world.set(entity, Fallen(position.hex, scene.round))
    scene.world.set(entity, ActionPoints(0))
    scene.world.remove(entity, state.Declaration)
    scene.emit(Fell(entity, fate))


def knock_out(scene: Scene, entity: EntityId, lof: int) -> None:
    """A failed shock check: unconscious, first checking to come to LOF rounds later (Seed 003, 3.6.6)."""
    scene.world.set(entity, state.Unconscious(first_waking_round(scene.round, lof)))
    _lie_down(scene, entity, "unconscious")


def fall_dying(scene: Scene, entity: EntityId) -> None:
    """A survival check passed with a mortal wound or x6 shock: down, checking again every round (Seed 003, 3.6.6)."""
    scene.world.remove(entity, state.Unconscious)
    scene.world.set(entity, state.Dying(scene.round))
    _lie_down(scene, entity, "mortal wound")


def die(scene: Scene, entity: EntityId, fate: str) -> None:
    """Dead: no longer unconscious or dying."""
    scene.world.remove(entity, state.Unconscious)
    scene.world.remove(entity, state.Dying)
    kill(scene, entity, fate)


def survive(scene: Scene, entity: EntityId, since_round: int) -> bool:
    """Whether the survival check passes (see `survival_task`)."""
    return survival_task(scene, entity, since_round).success


def survival_task(scene: Scene, entity: EntityId, since_round: int) -> TaskResult:
    """The survival check, each trait -1 per round untreated past the first (Seed 003, 3.6.6)."""
    profile = survival_check(state.trait(scene, entity, "endurance"), state.trait(scene, entity, "essence"),
                             scene.round - since_round + 1)
    return check(scene, entity, "survival", profile)


def shock_check_penalty(scene: Scene, entity: EntityId, wound_column: int | None) -> int:
    """The worse of the wound's column modifier and the shock level penalty (Seed 003, 3.6.6; Ruling)."""
    wound = -MODIFIERS[wound_column] if wound_column is not None else 0
    return max(wound, shock_penalty(state.body(scene, entity).shock, state.creature(scene, entity).basic_shock))


def _bleed(scene: Scene, entity: EntityId) -> None:
    """The round's bleeding adds its shock; reaching the x6 bracket calls for a survival check (Seed 003, 3.6.7)."""
    before = state.body(scene, entity)
    if not before.bleeding.per_round:
        return
    after = bleed(before)
    state.set_body(scene, entity, after)
    scene.emit(Bled(entity, before.bleeding.per_round, (before.shock, after.shock)))
    basic = state.creature(scene, entity).basic_shock
    if after.shock >= shock_capacity(state.creature(scene, entity)):
        if not scene.world.has(entity, state.Dying):
            _survive_or_die(scene, entity)
    elif shock_multiple(after.shock, basic) > shock_multiple(before.shock, basic) and in_the_fight(scene.world, entity):
        _stay_conscious(scene, entity)


def _survive_or_die(scene: Scene, entity: EntityId) -> None:
    """Shock reached the x6 bracket: a survival check now; passing it the character falls dying (Seed 003, 3.6.6)."""
    if survive(scene, entity, scene.round):
        fall_dying(scene, entity)
    else:
        die(scene, entity, "died of wounds")


def _stay_conscious(scene: Scene, entity: EntityId) -> None:
    """Bleeding took the shock total past a multiple of the basic shock: a shock check (Seed 003, 3.6.6)."""
    profile = shock_check(state.trait(scene, entity, "endurance"), state.trait(scene, entity, "willpower"),
                          shock_check_penalty(scene, entity, None))
    task = check(scene, entity, "shock", profile)
    if not task.success:
        knock_out(scene, entity, task.lof)


def _stop_bleeding(scene: Scene, entity: EntityId) -> None:
    """Each area bleeding is checked once every (its rate) rounds; success stops 1 + LOS points (Seed 003, 3.6.7)."""
    body = state.body(scene, entity)
    if not body.bleeding.per_round and not _clock(scene, entity):
        return
    clock = state.BleedingClock(bleeding_clock(_clock(scene, entity), body.bleeding.rates))
    for location, rate, rounds in clock.areas:
        if not bleeding_check_due(rounds, rate):
            continue
        task = check(scene, entity, "bleeding", stop_bleeding_check(state.trait(scene, entity, "endurance"), rate),
                     location)
        stopped = min(rate, bleeding_stopped(task))
        if stopped:
            body = replace(body, bleeding=body.bleeding.changed(location, -stopped))
            scene.emit(BleedingStopped(entity, location, stopped, (rate, rate - stopped)))
    state.set_body(scene, entity, body)
    scene.world.set(entity, clock)


def _clock(scene: Scene, entity: EntityId) -> tuple[tuple[str, int, int], ...]:
    found = scene.world.try_get(entity, state.BleedingClock)
    return found.areas if found is not None else ()


def _dying(scene: Scene, entity: EntityId) -> None:
    """A survival check every round past the first; failing it, the character dies (Seed 003, 3.6.6)."""
    wound = scene.world.try_get(entity, state.Dying)
    if wound is None or wound.since_round >= scene.round or scene.world.has(entity, Dead):
        return
    if not survive(scene, entity, wound.since_round):
        die(scene, entity, "died of wounds")


def _come_to(scene: Scene, entity: EntityId) -> None:
    """An unconscious character checks to come to; failing again, LOF d10 rounds pass before the next try (Seed 003, 3.6.6).

    Ruling: the shock check's EF is less the worse of the worst wound's modifier and the shock
    penalty; a character whose hex someone else now holds stays down until it is free.
    """
    out = scene.world.try_get(entity, state.Unconscious)
    if out is None or out.check_round > scene.round or scene.world.has(entity, state.Dying):
        return
    lying = scene.world.get(entity, Fallen).hex
    if scene.world.at(lying) is not None:
        return
    track = state.body(scene, entity).track
    worst = max((level for loc in LOCATIONS if (level := track.worst_level(loc)) is not None), default=None)
    profile = shock_check(state.trait(scene, entity, "endurance"), state.trait(scene, entity, "willpower"),
                          shock_check_penalty(scene, entity, worst))
    task = check(scene, entity, "shock (to come to)", profile)
    if task.success:
        scene.world.remove(entity, state.Unconscious)
        scene.world.remove(entity, Fallen)
        stand_on(scene.world, entity, (lying,))
        scene.emit(CameTo(entity, lying))
        return
    scene.world.set(entity, state.Unconscious(scene.round + rounds_until_next_check(task, scene.dice)))


def start_of_round(scene: Scene) -> None:
    """Bleeding and its self-stopping checks, the dying's survival checks, the unconscious coming to."""
    for entity in alive(scene):
        _bleed(scene, entity)
    for entity in alive(scene):
        _stop_bleeding(scene, entity)
        _dying(scene, entity)
        _come_to(scene, entity)

"""What a Starfarer body does between actions: bleeding and its self-stopping check, falling
unconscious and coming to, and the survival check of the mortally wounded (Seed 003, 3.6.6-3.6.7).

`start_of_round` runs each round before action points are rolled; `knock_out` and `fall_dying`
are what a failed shock check and a mortal wound do to a combatant. A hero who fails one of the
round's checks may spend a hero point on it (seed 004): the round's start stops there and goes
on after the decision (`resume`), before the action points are rolled.
"""

from __future__ import annotations

from dataclasses import replace

from game.components import Dead, Fallen, Footprint, Position, Stats
from game.systems.rulesets.starfarer.components import ActionPoints
from game.ecs import EntityId
from game.events import BleedingStopped, Bled, CameTo, Fell, TaskChecked
from game.prompts import CounterChance, HeroPointChance, RollWaiting
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
from game.systems.hero_chances import offer_on_roll
from game.systems.rulesets.starfarer import state
from game.systems.rulesets.starfarer.components import BleedingClock, Declaration, Dying, Unconscious
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
    scene.world.remove(entity, Declaration)
    scene.emit(Fell(entity, fate))


def knock_out(scene: Scene, entity: EntityId, lof: int) -> None:
    """A failed shock check: unconscious, first checking to come to LOF rounds later (Seed 003, 3.6.6)."""
    scene.world.set(entity, Unconscious(first_waking_round(scene.round, lof)))
    _lie_down(scene, entity, "unconscious")


def fall_dying(scene: Scene, entity: EntityId) -> None:
    """A survival check passed with a mortal wound or x6 shock: down, checking again every round (Seed 003, 3.6.6)."""
    scene.world.remove(entity, Unconscious)
    scene.world.set(entity, Dying(scene.round))
    _lie_down(scene, entity, "mortal wound")


def die(scene: Scene, entity: EntityId, fate: str) -> None:
    """Dead: no longer unconscious or dying."""
    scene.world.remove(entity, Unconscious)
    scene.world.remove(entity, Dying)
    kill(scene, entity, fate)


def survival_task(scene: Scene, entity: EntityId, since_round: int) -> TaskResult:
    """The survival check, each trait -1 per round untreated past the first (Seed 003, 3.6.6)."""
    profile = survival_check(state.trait(scene, entity, "endurance"), state.trait(scene, entity, "essence"),
                             scene.round - since_round + 1)
    return check(scene, entity, "survival", profile)


def shock_check_penalty(scene: Scene, entity: EntityId, wound_column: int | None) -> int:
    """The worse of the wound's column modifier and the shock level penalty (Seed 003, 3.6.6; Ruling)."""
    wound = -MODIFIERS[wound_column] if wound_column is not None else 0
    return max(wound, shock_penalty(state.body(scene, entity).shock, state.creature(scene, entity).basic_shock))


def _bleed(scene: Scene, entity: EntityId) -> bool:
    """The round's bleeding adds its shock; reaching the x6 bracket calls for a survival check (Seed 003, 3.6.7).
    True while a hero point on the check it called for is decided."""
    before = state.body(scene, entity)
    if not before.bleeding.per_round:
        return False
    after = bleed(before)
    state.set_body(scene, entity, after)
    scene.emit(Bled(entity, before.bleeding.per_round, (before.shock, after.shock)))
    basic = state.creature(scene, entity).basic_shock
    if after.shock >= shock_capacity(state.creature(scene, entity)):
        if not scene.world.has(entity, Dying):
            return _survive_or_die(scene, entity)
    elif shock_multiple(after.shock, basic) > shock_multiple(before.shock, basic) and in_the_fight(scene.world, entity):
        return _stay_conscious(scene, entity)
    return False


def _offer(scene: Scene, entity: EntityId, failed: str, step: str, task: TaskResult, detail: str = "") -> bool:
    """Ask a hero who failed a check at the round's start whether to spend a hero point on it
    (seed 004), unconscious or dying as it may be (`RollWaiting.down`); True if asked."""
    waiting = RollWaiting(step, (task,), task.roll - task.mcs, detail=detail, down=True)
    return offer_on_roll(scene, entity, f"failed the {failed}", None, waiting)


def _decided_or_lands(scene: Scene, entity: EntityId, step: str, task: TaskResult, detail: str = "") -> bool:
    """A check at the round's start, rolled: a hero who failed it may spend a hero point on it
    (seed 004), and the round's start waits for the decision (True); otherwise the check has its
    effect now (`ROUND_START`)."""
    failed, _, effect, _ = ROUND_START[step]
    if not task.success and _offer(scene, entity, failed.format(detail.replace("_", " ")), step, task, detail):
        return True
    effect(scene, entity, task, detail)
    return False


def _survive_or_die(scene: Scene, entity: EntityId) -> bool:
    """Shock reached the x6 bracket: a survival check now; passing it the character falls dying (Seed 003, 3.6.6)."""
    return _decided_or_lands(scene, entity, BLED_OUT, survival_task(scene, entity, scene.round))


def _survived_bleeding(scene: Scene, entity: EntityId, task: TaskResult, _: str = "") -> None:
    if task.success:
        fall_dying(scene, entity)
    else:
        die(scene, entity, "died of wounds")


def _stay_conscious(scene: Scene, entity: EntityId) -> bool:
    """Bleeding took the shock total past a multiple of the basic shock: a shock check (Seed 003, 3.6.6)."""
    profile = shock_check(state.trait(scene, entity, "endurance"), state.trait(scene, entity, "willpower"),
                          shock_check_penalty(scene, entity, None))
    return _decided_or_lands(scene, entity, BLED_PAST, check(scene, entity, "shock", profile))


def _knocked_out_if_failed(scene: Scene, entity: EntityId, task: TaskResult, _: str = "") -> None:
    if not task.success:
        knock_out(scene, entity, task.lof)


def _stop_bleeding(scene: Scene, entity: EntityId) -> bool:
    """Each area bleeding is checked once every (its rate) rounds; success stops 1 + LOS points (Seed 003, 3.6.7)."""
    body = state.body(scene, entity)
    if not body.bleeding.per_round and not _clock(scene, entity):
        return False
    clock = BleedingClock(bleeding_clock(_clock(scene, entity), body.bleeding.rates))
    scene.world.set(entity, clock)
    return _check_areas(scene, entity, clock.areas)


def _check_areas(scene: Scene, entity: EntityId, areas: tuple[tuple[str, int, int], ...]) -> bool:
    """The self-stopping checks due of these areas, in order; True while a hero point on a failed
    one is decided (the areas after it wait)."""
    for location, rate, rounds in areas:
        if not bleeding_check_due(rounds, rate):
            continue
        task = check(scene, entity, "bleeding", stop_bleeding_check(state.trait(scene, entity, "endurance"), rate),
                     location)
        if _decided_or_lands(scene, entity, STOPPING, task, location):
            return True
    state.set_body(scene, entity, state.body(scene, entity))
    return False


def _stops(scene: Scene, entity: EntityId, task: TaskResult, location: str) -> None:
    """The bleeding the check stopped in one area, at most its rate (Seed 003, 3.6.7)."""
    rate = next(rate for area, rate, _ in _clock(scene, entity) if area == location)
    stopped = min(rate, bleeding_stopped(task))
    if stopped:
        body = state.body(scene, entity)
        state.set_body(scene, entity, replace(body, bleeding=body.bleeding.changed(location, -stopped)))
        scene.emit(BleedingStopped(entity, location, stopped, (rate, rate - stopped)))


def _clock(scene: Scene, entity: EntityId) -> tuple[tuple[str, int, int], ...]:
    found = scene.world.try_get(entity, BleedingClock)
    return found.areas if found is not None else ()


def _dying(scene: Scene, entity: EntityId) -> bool:
    """A survival check every round past the first; failing it, the character dies (Seed 003, 3.6.6)."""
    wound = scene.world.try_get(entity, Dying)
    if wound is None or wound.since_round >= scene.round or scene.world.has(entity, Dead):
        return False
    return _decided_or_lands(scene, entity, DYING, survival_task(scene, entity, wound.since_round))


def _dies_if_failed(scene: Scene, entity: EntityId, task: TaskResult, _: str = "") -> None:
    if not task.success:
        die(scene, entity, "died of wounds")


def _come_to(scene: Scene, entity: EntityId) -> bool:
    """An unconscious character checks to come to; failing again, LOF d10 rounds pass before the next try (Seed 003, 3.6.6).

    Ruling: the shock check's EF is less the worse of the worst wound's modifier and the shock
    penalty; a character whose hex someone else now holds stays down until it is free.
    """
    out = scene.world.try_get(entity, Unconscious)
    if out is None or out.check_round > scene.round or scene.world.has(entity, Dying):
        return False
    if scene.world.at(scene.world.get(entity, Fallen).hex) is not None:
        return False
    track = state.body(scene, entity).track
    worst = max((level for loc in LOCATIONS if (level := track.worst_level(loc)) is not None), default=None)
    profile = shock_check(state.trait(scene, entity, "endurance"), state.trait(scene, entity, "willpower"),
                          shock_check_penalty(scene, entity, worst))
    return _decided_or_lands(scene, entity, COMING_TO, check(scene, entity, COMING_TO_CHECK, profile))


def _wakes_or_not(scene: Scene, entity: EntityId, task: TaskResult, _: str = "") -> None:
    """Passed, the character stands up where it lay; failed, LOF d10 rounds to the next try (Seed 003, 3.6.6)."""
    if task.success:
        lying = scene.world.get(entity, Fallen).hex
        scene.world.remove(entity, Unconscious)
        scene.world.remove(entity, Fallen)
        stand_on(scene.world, entity, (lying,))
        scene.emit(CameTo(entity, lying))
        return
    scene.world.set(entity, Unconscious(scene.round + rounds_until_next_check(task, scene.dice)))


EACH = (_stop_bleeding, _dying, _come_to)
"""Each character's checks after everyone has bled, in order (a stop for a hero point resumes after it)."""


def _bleed_from(scene: Scene, first: EntityId) -> bool:
    """Everyone from `first` on bleeds (id order), then everyone's checks; True if stopped for a decision."""
    for entity in alive(scene):
        if entity >= first and _bleed(scene, entity):
            return True
    return _checks_from(scene, 0, 0)


def _checks_from(scene: Scene, first: EntityId, stage: int) -> bool:
    """`first`'s checks from `stage` (of `EACH`) on, then everyone's after it (id order); True if
    stopped for a decision."""
    for entity in alive(scene):
        if entity < first:
            continue
        for step in EACH[stage if entity == first else 0:]:
            if step(scene, entity):
                return True
    return False


def start_of_round(scene: Scene) -> bool:
    """Bleeding and its self-stopping checks, the dying's survival checks, the unconscious coming to.
    A hero who fails one may spend a hero point on it (seed 004): True while that is decided (the
    round's start goes on from there after it, `resume`)."""
    return _bleed_from(scene, 0)


def _bled_out_goes_on(scene: Scene, entity: EntityId, waiting: RollWaiting) -> bool:
    return _bleed_from(scene, entity + 1)


def _stopping_goes_on(scene: Scene, entity: EntityId, waiting: RollWaiting) -> bool:
    areas = _clock(scene, entity)
    at = [location for location, _, _ in areas].index(waiting.detail)
    return _check_areas(scene, entity, areas[at + 1:]) or _checks_from(scene, entity, EACH.index(_dying))


def _dying_goes_on(scene: Scene, entity: EntityId, waiting: RollWaiting) -> bool:
    return _checks_from(scene, entity, EACH.index(_come_to))


def _coming_to_goes_on(scene: Scene, entity: EntityId, waiting: RollWaiting) -> bool:
    return _checks_from(scene, entity, len(EACH))


BLED_OUT = "survival check (bled to x6)"
BLED_PAST = "shock check (bleeding)"
STOPPING = "bleeding check"
DYING = "survival check (dying)"
COMING_TO = "shock check (to come to)"
COMING_TO_CHECK = "shock (to come to)"

ROUND_START = {
    BLED_OUT: ("survival check", "survival", _survived_bleeding, _bled_out_goes_on),
    BLED_PAST: ("shock check", "shock", _knocked_out_if_failed, _bled_out_goes_on),
    STOPPING: ("bleeding check for the {}", "bleeding", _stops, _stopping_goes_on),
    DYING: ("survival check", "survival", _dies_if_failed, _dying_goes_on),
    COMING_TO: ("shock check to come to", COMING_TO_CHECK, _wakes_or_not, _coming_to_goes_on),
}
"""The checks at a round's start that stop for a hero point decision, by step: what the hero is
told they failed, the check's name in the log, the check's effect, and how the round's start
goes on after it."""


def resume(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> bool:
    """A check at the round's start after a hero point decision (seeds 004 and 003): read again with
    the dice off its d100, it has its effect, then the round's start goes on from it (the same
    character's later checks, then everyone's after it). True if it stops again for another decision."""
    _, name, effect, goes_on = ROUND_START[waiting.step]
    if bought:
        scene.emit(TaskChecked(chance.decider, name, waiting.roll, waiting.detail))
    effect(scene, chance.decider, waiting.roll, waiting.detail)
    return goes_on(scene, chance.decider, waiting)


def deciding(scene: Scene) -> bool:
    """Whether the round's start waits on a hero point decision on one of its checks (or a counter to one)."""
    for prompt in scene.pending:
        chance = prompt.chance if isinstance(prompt, CounterChance) else prompt
        if isinstance(chance, HeroPointChance) and chance.waiting is not None and chance.waiting.step in ROUND_START:
            return True
    return False

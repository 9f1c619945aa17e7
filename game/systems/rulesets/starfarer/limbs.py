"""Disability checks: a limb with a medium or worse wound is used in a round only after passing one (Seed 003, 3.6.6).

Rulings: only limbs call for the check (the seed's profile is "to use an injured extremity";
head, chest and abdomen wounds act through trait penalties and shock checks). A limb is
checked the first time it is used in a round; the result holds for the rest of that round.
An attack uses the right arm, a move both legs (`starfarer_state.ARM_LIMBS`, `LEG_LIMBS`).
Failing, the phase's action is spent and not made, unless a hero point buys the check back
(seed 004: the action then goes on, `starfarer.STEPS`).
"""

from __future__ import annotations

from fractions import Fraction

from game.actions import Action
from game.ecs import EntityId
from game.events import TaskChecked
from game.prompts import HeroPointChance, RollWaiting
from game.rules.starfarer.checks import MEDIUM, disability_check
from game.rules.starfarer.tasks import TaskProfile
from game.systems.hero_chances import offer_on_roll
from game.systems.rulesets.starfarer import state
from game.systems.rulesets.starfarer.components import LimbChecks
from game.systems.rulesets.starfarer.body import check
from game.systems.scene import Scene

Due = tuple[tuple[str, TaskProfile], ...]


def _results(scene: Scene, entity: EntityId) -> dict[str, bool]:
    """This round's disability checks so far: limb -> may it be used."""
    found = scene.world.try_get(entity, LimbChecks)
    return dict(found.results) if found is not None and found.round == scene.round else {}


def due(scene: Scene, entity: EntityId, limbs: tuple[str, ...]) -> Due:
    """The disability checks using these limbs calls for now: each limb wounded medium or worse, not yet checked this round."""
    track, done = state.body(scene, entity).track, _results(scene, entity)
    endurance, willpower = state.trait(scene, entity, "endurance"), state.trait(scene, entity, "willpower")
    return tuple((limb, disability_check(endurance, willpower, level)) for limb in limbs
                 if limb not in done and (level := track.worst_level(limb)) is not None and level >= MEDIUM)


def refusal(scene: Scene, entity: EntityId, limbs: tuple[str, ...]) -> str | None:
    """Why these limbs cannot be used this round: one failed its disability check."""
    failed = [limb for limb, usable in _results(scene, entity).items() if limb in limbs and not usable]
    return f"the {failed[0].replace('_', ' ')} failed its disability check this round" if failed else None


def chance(checks: Due) -> Fraction:
    """The exact chance every check passes (each a d100 at or under its MCS)."""
    result = Fraction(1)
    for _, profile in checks:
        result *= Fraction(min(100, max(0, profile.bcs * profile.ef)), 100)
    return result


DISABILITY = "disability check"


def _remember(scene: Scene, entity: EntityId, results: dict[str, bool]) -> None:
    scene.world.set(entity, LimbChecks(scene.round, tuple(results.items())))


def passed(scene: Scene, entity: EntityId, checks: Due, action: Action | None = None) -> bool | None:
    """Roll the checks in order, stopping at the first failure, and remember them for the round.
    A character who failed one may spend a hero point on it (seed 004): None while that is
    decided (`bought_back` then settles it), else whether every limb may be used."""
    results = _results(scene, entity)
    for limb, profile in checks:
        task = check(scene, entity, "disability", profile, limb)
        results[limb] = task.success
        if not task.success:
            _remember(scene, entity, results)
            waiting = RollWaiting(DISABILITY, (task,), task.roll - task.mcs, detail=limb)
            where = limb.replace("_", " ")
            return None if offer_on_roll(scene, entity, f"failed the disability check for the {where}", action,
                                         waiting) else False
    _remember(scene, entity, results)
    return True


def bought_back(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> bool:
    """A failed disability check after a hero point decision: with the dice off its d100 the limb
    may be used this round after all (Seeds 004 and 003); whether it may."""
    task, limb = waiting.roll, waiting.detail
    if bought:
        scene.emit(TaskChecked(chance.decider, "disability", task, limb))
        results = _results(scene, chance.decider)
        results[limb] = task.success
        _remember(scene, chance.decider, results)
    return task.success

"""Stabilising the fallen and healing the hurt (SWN core; seed 000 Healing Heroic Damage).

Stabilise: a mortally wounded PC can be saved by a Heal check (2d6 + Heal + the better of Int
and Dex) against 8 + the rounds since the fall, as the Main action, standing on or next to the
body; a failed check may be tried again. Heal: healing given as dice (a stim's 1d6+2, say) as
the Main action on oneself or an adjacent combatant still in the fight; it cannot raise the
fallen in this battle. In heroic mode the healing roll is read on the damage table, and a
heroic NPC regains hit dice. A squad gets back at most one unit per healing, unless the
healing is a Tissue Integrity Field, which is multiplied by its max units (seed 002).
"""

from __future__ import annotations

from game.actions import Heal, Stabilise
from game.components import Health, MortallyWounded, Stabilised
from game.ecs import EntityId
from game.events import CheckRolled, ConditionChanged, Healed
from game.prompts import RollWaiting
from game.hexgrid import distance
from game.rules.swn.damage import stabilise_difficulty
from game.rules.dice import DiceError, DiceExpression, Roll
from game.rules.swn.heroic import HeroicReading
from game.rules.swn.heroic import heroic_healing
from game.rules.swn.saves import CheckResult, check_chance, skill_check
from game.rules.swn.squad import heal_squad
from game.systems.budget import needs, spend
from game.systems.rulesets.swn.checks import check_parts
from game.systems.rulesets.swn.attackers import is_vehicle
from game.systems.hero_chances import offer_on_roll
from game.systems.scene import Scene, hex_of, in_the_fight
from game.systems.rulesets.swn.squads import squad_now
from game.systems.wounds import recount_squad

HEAL_ATTRIBUTES = ("int", "dex")


def _within_reach(scene: Scene, healer: EntityId, patient: EntityId) -> bool:
    here, there = hex_of(scene.world, healer), hex_of(scene.world, patient)
    return here is not None and there is not None and distance(here, there) <= 1


def stabilise_difficulty_now(scene: Scene, patient: EntityId) -> int:
    """The Heal check's difficulty for this patient this round."""
    return stabilise_difficulty(scene.round - scene.world.get(patient, MortallyWounded).since_round)


def stabilise_problem(scene: Scene, healer: EntityId, patient: EntityId) -> str | None:
    """Why the healer cannot try to stabilise the patient now, or None."""
    if not scene.world.exists(patient) or not scene.world.has(patient, MortallyWounded):
        return "only a mortally wounded PC can be stabilised"
    if scene.world.has(patient, Stabilised):
        return "already stabilised"
    if not _within_reach(scene, healer, patient):
        return "stand on or next to the fallen to stabilise them"
    return needs(scene, healer, "main")


def stabilise_chance(scene: Scene, healer: EntityId, patient: EntityId):
    """The exact chance the Heal check succeeds (for the window)."""
    parts = check_parts(scene, healer, "heal", HEAL_ATTRIBUTES)
    return check_chance(parts, stabilise_difficulty_now(scene, patient))


def check_stabilise(scene: Scene, action: Stabilise) -> Stabilise | str:
    """A Heal check to keep a mortally wounded PC alive (SWN core)."""
    return stabilise_problem(scene, action.actor, action.target) or action


def stabilise(scene: Scene, action: Stabilise, plan: Stabilise) -> None:
    """The Heal check against 8 + the rounds since the fall; a success stabilises."""
    spend(scene, action.actor, "main")
    parts = check_parts(scene, action.actor, "heal", HEAL_ATTRIBUTES)
    result = skill_check("Heal", parts, stabilise_difficulty_now(scene, action.target), scene.dice)
    scene.emit(CheckRolled(action.actor, STABILISE, result, action.target))
    waiting = RollWaiting(STABILISE, (result,), result.difficulty - result.total)
    if not result.success and offer_on_roll(scene, action.actor, f"failed to stabilise {scene.name(action.target)}",
                                            action, waiting, on="the check"):
        return  # seed 004: the answer then settles it (`stabilise_lands`)
    stabilise_lands(scene, action, result)


STABILISE = "stabilise"  # the Heal check's purpose in the log, and its step for a hero point decision


def stabilise_lands(scene: Scene, action: Stabilise, result: CheckResult) -> None:
    """The Heal check as it stands: a success stabilises the patient."""
    if result.success:
        scene.world.remove(action.target, MortallyWounded)
        scene.world.set(action.target, Stabilised())
        scene.emit(ConditionChanged(action.target, "stabilised", True))


def heal_problem(scene: Scene, healer: EntityId, patient: EntityId, dice: str) -> str | None:
    """Why this healing cannot be given now, or None."""
    try:
        DiceExpression.parse(dice)
    except DiceError as error:
        return f"the healing dice are not a dice expression: {error}"
    if not scene.world.exists(patient) or not in_the_fight(scene.world, patient):
        return "healing here works only on someone still in the fight"
    if not _within_reach(scene, healer, patient):
        return "the patient must be the healer or next to them"
    health = scene.world.get(patient, Health)
    if health.current >= health.maximum:
        return f"{scene.name(patient)} is not hurt"
    return needs(scene, healer, "main")


def _points(scene: Scene, patient: EntityId, dice: str) -> tuple[int, Roll, HeroicReading | None]:
    """The healing amount, its roll and (heroic mode) its reading on the table."""
    result = scene.roll(dice, patient, "healing")
    if scene.setup.heroic and not is_vehicle(scene, patient):
        reading = heroic_healing(result)
        return reading.points, result, reading
    return max(0, result.total), result, None


def check_heal(scene: Scene, action: Heal) -> Heal | str:
    """Healing given as dice; heroic mode reads it on the table (seed 000, Healing)."""
    return heal_problem(scene, action.actor, action.target, action.dice) or action


def heal(scene: Scene, action: Heal, plan: Heal) -> None:
    """Roll the healing and restore it, never beyond the maximum; a squad heals by its own rule."""
    spend(scene, action.actor, "main")
    health = scene.world.get(action.target, Health)
    amount, rolled, reading = _points(scene, action.target, action.dice)
    after, rule, units = min(health.maximum, health.current + amount), "", None
    squad = squad_now(scene, action.target)
    if squad is not None:
        healing = heal_squad(squad, amount, health.maximum, action.tissue_integrity_field)
        after, rule, units = healing.after.pool, healing.rule, (squad.units, healing.after.units)
    scene.world.set(action.target, Health(after, health.maximum, health.unit))
    recount_squad(scene, action.target)
    unit = "HD" if health.unit == "hd" else "HP"
    scene.emit(Healed(action.target, rolled, health.current, after, unit, reading, rule, units))

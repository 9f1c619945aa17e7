"""Negating damage under Stars Without Number (seed 004, Negating Damage, with the SWN attack).

Every damage an SWN attack is about to deal a character (or a crew's trademark machine) waits for
its `NegationChance`: a shot's hit, a grenade's blast (victim by victim), a charge's blow, a ram, a
squad's volley, shock on a miss, heroic overflow and a shove into something that hurts. SWN has only the "shock"
pick: 3 points off the damage a pick. Each step the damage comes from (`NegationChance.waiting`,
none for a shot's hit) has a row in `STEPS`: what the picks leave of it and how its action goes on
once it is taken. See docs/rules/hero-points.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.rules.ruleset_names import SWN
from game.actions import Action, NegateDamage, OverwatchFire
from game.components import Health
from game.events import DamageNegated, DamageRolled
from game.prompts import NegationChance, OverwatchChance
from game.rules.swn.damage import reads_on_table
from game.rules.hero_points import SWN_NEGATION, negated_flat, shock_removed
from game.rules.swn.heroic import fixed_heroic_damage
from game.systems.rulesets.swn import charge, combat, grenades, overwatch, shove
from game.systems.rulesets.swn.attackers import is_vehicle
from game.systems.rulesets.swn.combat import AttackPlan
from game.systems.rulesets.swn.spill import OVERFLOW, spill_steps
from game.systems.hero_chances import points
from game.systems.rulesets.hero_points.negation import Negating, shock_picks
from game.systems.scene import Scene, in_the_fight
from game.systems.wounds import take_damage

SHOT = ""  # a shot's hit waits with no `waiting`: the step of the plain, aimed, burst, overwatch and protect attacks


@dataclass(frozen=True, slots=True)
class DamageStep:
    """One kind of damage an attack deals: what the picks leave of it, and how its action goes on
    with the damage left (taken first)."""

    left: Callable[[Scene, NegationChance, tuple[str, ...]], int]
    lands: Callable[[Scene, NegationChance, int], None]


def replan(scene: Scene, shot: Action) -> AttackPlan:
    """The plan of a shot waiting on a decision, made again (nothing it reads has changed); a shot
    from overwatch keeps its aim (at a squad as it stood on a hex of its route)."""
    if isinstance(shot, OverwatchFire):
        plan = overwatch.plan_shot(scene, shot.actor, shot.target, shot.aim)
    else:
        plan = combat.plan_attack(scene, shot.actor, shot.target, getattr(shot, "burst", False),
                                  getattr(shot, "aimed", False))
    if isinstance(plan, str):
        raise AssertionError(f"an attack waiting on a hero point decision became impossible: {plan}")
    return plan


def forget_if_down(scene: Scene, target: int) -> None:
    """A mover brought down is asked about by no other overwatcher."""
    if not in_the_fight(scene.world, target):
        scene.pending[:] = [p for p in scene.pending if not (isinstance(p, OverwatchChance) and p.mover == target)]


def rolled_outcome(scene: Scene, prompt: NegationChance, picks: tuple[str, ...]) -> int:
    """A damage roll's amount with these picks: 3 off the roll a shock pick, before armor and the
    heroic table read it (seed 004 read for SWN; seed 000 ruling)."""
    rolled = DamageRolled(0, prompt.decider, prompt.damage, prompt.armor, 0)
    return combat.read_damage(scene, rolled, negated=shock_removed(picks)).amount


def volley_outcome(scene: Scene, prompt: NegationChance, picks: tuple[str, ...]) -> int:
    """A volley's damage with these picks: 3 off its flat damage (armor already counted in it) a
    shock pick, then read as fixed damage on the heroic table if the target reads one (seed 004
    with seed 002 squads and seed 000)."""
    left = negated_flat(prompt.damage.total, picks)
    on_table = reads_on_table(scene.setup.heroic, is_vehicle(scene, prompt.decider))
    return fixed_heroic_damage(left) if on_table else left


def flat_outcome(scene: Scene, prompt: NegationChance, picks: tuple[str, ...]) -> int:
    """Shock on a miss, or heroic overflow's points, with these picks: 3 off it a shock pick
    (seed 004, "remove three points of shock damage"; overflow has no roll of its own to come off)."""
    return negated_flat(prompt.amount, picks)


def flat_lands(scene: Scene, prompt: NegationChance, amount: int) -> None:
    """A volley's or a miss's shock after the negation decision: the damage left is taken."""
    if amount:
        take_damage(scene, prompt.decider, amount)


def _shot_lands(scene: Scene, prompt: NegationChance, amount: int) -> None:
    combat.land_hit(scene, replan(scene, prompt.attack), prompt.result, amount)


AFTER_THE_SPILL = {charge.CHARGE_BLOW: charge.blow_goes_on, charge.RAM_BLOW: charge.ram_goes_on}
"""How an action whose heroic overflow stopped at a hero goes on once the spill is over (a shot has
nothing left to do)."""


def _overflow_lands(scene: Scene, prompt: NegationChance, amount: int) -> None:
    """Overflow after the negation decision: the hero takes what is left, the spill goes on to the
    victims after them (it may stop at another hero), then the action that spilled it goes on."""
    flat_lands(scene, prompt, amount)
    spilling = prompt.spilling
    if not spill_steps(scene, spilling) and spilling.then is not None:
        AFTER_THE_SPILL[spilling.then.step](scene, spilling.attack.actor, spilling.then)


STEPS: dict[str, DamageStep] = {
    SHOT: DamageStep(rolled_outcome, _shot_lands),
    grenades.BLAST_HIT: DamageStep(grenades.blast_outcome_for, grenades.blast_lands),
    charge.CHARGE_BLOW: DamageStep(rolled_outcome, charge.blow_lands),
    charge.RAM_BLOW: DamageStep(rolled_outcome, charge.ram_blow_lands),
    combat.VOLLEY: DamageStep(volley_outcome, flat_lands),
    combat.SHOCK: DamageStep(flat_outcome, flat_lands),
    OVERFLOW: DamageStep(flat_outcome, _overflow_lands),
    shove.SHOVED_AGAINST: DamageStep(rolled_outcome, shove.blocked_lands)}
"""Every damage an SWN attack deals that a character may negate, by the step it waits at."""


def _step(prompt: NegationChance) -> DamageStep:
    return STEPS[prompt.waiting.step if prompt.waiting is not None else SHOT]


def outcome(scene: Scene, prompt: NegationChance, picks: tuple[str, ...]) -> tuple[int, bool]:
    """The damage with these picks (3 off a pick, before armor and the heroic table where there is
    a roll) and whether it drops the character (one lying at 0 HP: whether any is left, which kills)."""
    amount = _step(prompt).left(scene, prompt, picks)
    return amount, amount > 0 and amount >= scene.world.get(prompt.decider, Health).current


def land(scene: Scene, prompt: NegationChance, action: NegateDamage | None) -> None:
    """The damage lands, less what the hero points negated, and its action goes on (Seed 004,
    Negating Damage, read for SWN)."""
    amount = prompt.amount
    if action is not None:
        amount, _ = outcome(scene, prompt, action.picks)
        scene.emit(DamageNegated(action.actor, action.picks, prompt.amount, amount, points(scene, action.actor),
                                 int(action.personal), action.from_pool))
    _step(prompt).lands(scene, prompt, amount)
    forget_if_down(scene, prompt.decider)


NEGATING = Negating(SWN, SWN_NEGATION, land, outcome, shock_picks)

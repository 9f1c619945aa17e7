"""Evasion and parry: the defensive reactions whose success takes EF off an attack (Seed 003, Tables 3.1-3.2).

The seed's to-hit tables subtract "any modifiers from the target's evasion or parry task"
from the attack's EF but give neither task's profile here. Our readings, on when the map
property `evasion_and_parry` is true:
- Reacting is an abort (the seed's 3.2.4, named but not in the text): the defender gives up
  its next action phase, paying 10 action points at once, so only a defender with 10 or more
  (a phase still to come this round) can react, once per attack.
- Evasion: (Agility) x 5, the trait counted twice as for every one-trait task, against any
  attack. Parry: (Weapon, Agility) x 5 with the melee weapon in hand, against a melee attack.
  The defender's trait penalty (head, trunk, the legs to evade or the right arm to parry,
  and shock) comes off both traits.
- A success takes 1 + its LOS off the attack's EF; a failure takes nothing.
"""

from __future__ import annotations

from fractions import Fraction

from game.ecs import EntityId
from game.rules.starfarer.initiative import PHASE_COST
from game.rules.starfarer.tasks import TaskProfile, TaskResult, base_chance, success_levels, with_trait_penalty
from game.systems.rulesets.starfarer import state
from game.systems.scene import Scene, in_the_fight

D100 = 100
EASE = 5
SETTING = "evasion_and_parry"  # the map property turning these readings on


def reactions(scene: Scene, defender: EntityId, melee: bool) -> tuple[str, ...]:
    """The reactions the defender may take against this attack now (none: the map leaves the rule off, or it
    has no phase left to give up)."""
    if not scene.setup.setting(SETTING, False):
        return ()
    if not in_the_fight(scene.world, defender) or state.points(scene, defender) < PHASE_COST:
        return ()
    parry = melee and state.weapon_entry(scene, defender).kind == "melee"
    return ("evade", "parry") if parry else ("evade",)


def profile(scene: Scene, defender: EntityId, how: str) -> TaskProfile:
    """The reaction's task: evasion (Agility) x 5, parry (Weapon, Agility) x 5, less the trait penalty (Ruling)."""
    agility = state.trait(scene, defender, "agility")
    if how == "parry":
        task = TaskProfile(base_chance(state.skill(scene, defender, state.weapon_entry(scene, defender).skill), agility),
                           EASE)
        return with_trait_penalty(task, state.penalty(scene, defender, state.ARM_LIMBS))
    return with_trait_penalty(TaskProfile(base_chance(agility), EASE), state.penalty(scene, defender, state.LEG_LIMBS))


def ef_off(task: TaskResult) -> int:
    """EF a reaction takes off the attack: 1 + LOS on a success, nothing on a failure (Ruling)."""
    return 1 + task.los if task.success else 0


def _under(bcs: int, ef: int) -> Fraction:
    return Fraction(min(D100, max(0, bcs * ef)), D100)


def hit_chance(attack: TaskProfile, reaction: TaskProfile | None) -> Fraction:
    """The exact chance the attack's d100 hits, after the reaction's d100 when there is one."""
    if reaction is None:
        return _under(attack.bcs, attack.ef)
    # Counted in faces under the MCS, one division at the end: the same exact fraction as the mean
    # of each reaction face's chance. A successful reaction takes 1 + its level of success off the
    # EF (`ef_off`); the faces of each level are counted, not rolled one by one.
    levels = success_levels(reaction.bcs, max(0, reaction.bcs * reaction.ef))
    failed = D100 - sum(levels.values())
    total = failed * _faces_under(attack.bcs, attack.ef) + sum(
        ways * _faces_under(attack.bcs, attack.ef - 1 - level) for level, ways in levels.items())
    return Fraction(total, D100 * D100)


def _faces_under(bcs: int, ef: int) -> int:
    return min(D100, max(0, bcs * ef))


def success_chance(reaction: TaskProfile) -> Fraction:
    """The exact chance the reaction's task succeeds."""
    return _under(reaction.bcs, reaction.ef)

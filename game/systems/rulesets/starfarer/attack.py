"""The Starfarer attack in a battle: the to-hit task by range bracket (the odds shown), the hit location, the wound and the checks it calls for (Seed 003, 3.4-3.6.6).

`plan_shot` is the one planner: the option's exact chance and mean damage and the d100 the
engine rolls come from the same `ShotPlan`. Range and line of sight are the shared hex mechanics.
"""

from __future__ import annotations


from dataclasses import dataclass, replace
from fractions import Fraction

from game.rules.ruleset_names import STARFARER
from game.actions import Attack
from game.components import Position
from game.ecs import EntityId
from game.events import TaskAttacked, TaskChecked, Wounded
from game.hexgrid import distance
from game.prompts import DefenceChance, HeroPointChance, NegationChance, RollWaiting
from game.rules.ruleset_tables import Entry
from game.rules.hero_points import ExtraRoll, can_turn, with_extra_rolls
from game.rules.cover import CoverReading
from game.rules.starfarer.catalog import armour_against, weapon_rating
from game.rules.starfarer.checks import failed_shock_check, shock_check, survival_hopeless
from game.rules.starfarer.damage import hit_damage
from game.rules.starfarer.hit import HitReport, apply_hit, resolve_attack
from game.rules.starfarer.ranges import melee_to_hit, range_bracket, ranged_to_hit
from game.rules.starfarer.tasks import (
    TaskProfile,
    TaskResult,
    check_task,
    hit_location,
    success_levels,
    with_trait_penalty,
)
from game.rules.starfarer.wounds import worsen_after_shock
from game.systems.budget import spend
from game.systems.targets import target_problem
from game.systems.hero_chances import offer_negation_chance, offer_on_roll
from game.systems.rulesets import hero_points
from game.systems.rulesets.starfarer import body
from game.systems.rulesets.starfarer import defence
from game.systems.rulesets.starfarer import limbs
from game.systems.rulesets.starfarer import phase
from game.systems.rulesets.starfarer import state
from game.systems.scene import Scene
from game.systems.sight import cover_lookup

METRES_PER_HEX = 3  # Ruling: Grid
BLOW_THROUGH = "blow_through"  # the map property turning on the optional rule (Seed 003, 3.5.1)
D100 = 100


@dataclass(frozen=True, slots=True)
class ShotPlan:
    """Everything decided before the d100: the task, the bracket, the weapon and the armour it meets."""

    attacker: EntityId
    target: EntityId
    weapon: Entry
    bracket: str
    profile: TaskProfile
    penalty: int
    armour: int
    cover: CoverReading
    disability: limbs.Due = ()
    extra_actions: int = 0
    mass: int | None = None  # the target's mass when the blow-through rule is on


    @property
    def chance(self) -> Fraction:
        """The exact chance any disability check passes and then the d100 comes up at or under the MCS."""
        return limbs.chance(self.disability) * Fraction(min(D100, max(0, self.profile.bcs * self.profile.ef)), D100)

    def damage_on(self, roll: int) -> int:
        """The damage a d100 of `roll` does after armour, blow-through and LOS (0 on a miss), head hits not yet doubled."""
        task = check_task(self.profile.bcs, self.profile.ef, roll)
        return hit_damage(weapon_rating(self.weapon), self.armour, task.los, self.mass) if task.success else 0

    @property
    def expected_damage(self) -> Fraction:
        """The exact mean damage after armour over every d100 face (before lethality and the head), times
        the chance the arm may be used."""
        bcs, mcs = self.profile.bcs, max(0, self.profile.bcs * self.profile.ef)
        rating = weapon_rating(self.weapon)  # read once; the damage of each level of success worked out once
        levels = success_levels(bcs, mcs)
        total = sum(ways * hit_damage(rating, self.armour, los, self.mass) for los, ways in levels.items())
        return limbs.chance(self.disability) * Fraction(total, D100)


def with_extra_actions(scene: Scene, plan: ShotPlan, extra_actions: int) -> ShotPlan:
    """The same shot as one of a phase with `extra_actions` actions past the first (Seed 003, 3.2.3):
    only its task changes (-1 EF for each)."""
    profile = with_trait_penalty(_profile(scene, plan.attacker, plan.weapon, plan.bracket, extra_actions), plan.penalty)
    return replace(plan, profile=profile, extra_actions=extra_actions)


def _bracket(weapon: Entry, gap: int) -> str | None:
    """The range bracket of Table 3.3; next to the target it is close range (Seed 003, 3.4.1); None: out of range."""
    if weapon.range_rating is None:
        return "melee" if gap == 1 else None
    return range_bracket(gap * METRES_PER_HEX, weapon.range_rating, weapon.extreme, close=gap == 1)


def _profile(scene: Scene, attacker: EntityId, weapon: Entry, bracket: str, extra_actions: int) -> TaskProfile:
    """(Dexterity, Weapon) x EF by bracket, or (Weapon, Agility) x 5 in melee, -1 EF per extra action (Seed 003, Tables 3.1-3.2, 3.2.3)."""
    skill = state.skill(scene, attacker, weapon.skill)
    if bracket == "melee":
        return melee_to_hit(skill, state.trait(scene, attacker, "agility"), extra_actions=extra_actions)
    return ranged_to_hit(state.trait(scene, attacker, "dexterity"), skill, bracket, extra_actions=extra_actions)


def plan_shot(scene: Scene, attacker: EntityId, target: EntityId, extra_actions: int | None = None,
              evaded: int = 0) -> ShotPlan | str:
    """The plan of an attack with the weapon in hand, or why it cannot be made (Seed 003, 3.4); `extra_actions`
    is the phase's actions past the first (by default the phase under way's), `evaded` the EF the
    target's evasion or parry took off."""
    problem = target_problem(scene, attacker, target)
    if problem:
        return problem
    weapon = state.weapon_entry(scene, attacker)
    here, there = scene.world.get(attacker, Position).hex, scene.world.get(target, Position).hex
    bracket = _bracket(weapon, distance(here, there))
    if bracket is None:
        return f"out of reach of a {weapon.name.lower()} ({distance(here, there) * METRES_PER_HEX} m)"
    cover = cover_lookup(scene.setup.field, here, there, scene.setup.catalog.weapons[weapon.id].weapon_class)
    if not cover.visible:
        return cover.text(scene.place)
    penalty = state.penalty(scene, attacker, state.ARM_LIMBS)
    extra = phase.extra_actions(scene, attacker) if extra_actions is None else extra_actions
    profile = with_trait_penalty(_profile(scene, attacker, weapon, bracket, extra + evaded), penalty)
    return ShotPlan(attacker, target, weapon, bracket, profile, penalty,
                    armour_against(state.armour(scene, target), weapon), cover,
                    limbs.due(scene, attacker, state.ARM_LIMBS), extra, _blow_through_mass(scene, target))


def _blow_through_mass(scene: Scene, target: EntityId) -> int | None:
    """The target's mass when the map turns on the optional blow-through rule (Seed 003, 3.5.1), else None."""
    return state.creature(scene, target).mass if scene.setup.setting(BLOW_THROUGH, False) else None


def check_attack(scene: Scene, action: Attack) -> ShotPlan | str:
    """An attack as the phase's action (Seed 003, 3.2 and 3.4)."""
    if action.burst or action.aimed:
        return "Starfarer has no aimed shots or bursts here"
    refused = phase.refusal(scene, action.actor, "attack")
    if refused:
        return refused
    return limbs.refusal(scene, action.actor, state.ARM_LIMBS) or plan_shot(scene, action.actor, action.target)


def attack(scene: Scene, action: Attack, plan: ShotPlan) -> None:
    """A disability check for a badly wounded arm first; then roll the task; a hit lands where its
    ones digit says and the body takes it (Seed 003, 3.4-3.6)."""
    spend(scene, action.actor, "main")
    phase.take(scene, action.actor, "attack")
    if limbs.passed(scene, action.actor, plan.disability, action):
        let_fly(scene, action, plan)


def arm_usable(scene: Scene, action: Attack) -> None:
    """The attack goes on after a disability check bought back with a hero point (seed 004)."""
    plan = plan_shot(scene, action.actor, action.target)
    if not isinstance(plan, str) and limbs.passed(scene, action.actor, plan.disability, action):
        let_fly(scene, action, plan)


def let_fly(scene: Scene, action: Attack, plan: ShotPlan) -> None:
    """The target with a phase to come may react first (a decision); else the task is rolled."""
    can = defence.reactions(scene, plan.target, plan.bracket == "melee")
    if can:
        question = f"{scene.name(plan.attacker)} attacks {scene.name(plan.target)}: react, giving up a phase?"
        scene.pending.append(DefenceChance(plan.target, question, action, can))
        return
    strike(scene, action, plan)


def strike(scene: Scene, action: Attack, plan: ShotPlan) -> None:
    """Roll the to-hit task; a hit lands where its ones digit says, a miss may be bought back with a hero point."""
    rolled = resolve_attack(plan.profile, scene.dice)
    scene.emit(TaskAttacked(plan.attacker, plan.target, rolled.task, plan.bracket, rolled.location, plan.weapon.id))
    if rolled.location is not None:
        wound(scene, action, plan, rolled.task, rolled.location)
        return
    if can_turn(rolled.task):  # with no chance to roll under, nothing bought could turn it
        question = f"{scene.name(plan.attacker)} missed: spend a hero point on the roll?"
        hero_points.offer_after(scene, HeroPointChance(plan.attacker, question, action, task=rolled.task))


def go_on(scene: Scene, chance: HeroPointChance, extras: tuple[ExtraRoll, ...]) -> None:
    """After a hero point decision: the bought die comes off the d100 (never below 1) and the task is
    read again; the location stays the first roll's. Without it the miss stands (Seeds 004 and 003)."""
    if not extras:
        return
    first = chance.task
    task = check_task(first.bcs, first.ef, with_extra_rolls(STARFARER, first.roll, extras))
    shot = plan_shot(scene, chance.attack.actor, chance.attack.target)
    if isinstance(shot, str):
        return
    location = hit_location(first) if task.success else None
    scene.emit(TaskAttacked(shot.attacker, shot.target, task, shot.bracket, location, shot.weapon.id))
    if location is not None:
        wound(scene, chance.attack, shot, task, location)


def hit(scene: Scene, plan: ShotPlan, los: int, location: str, picks: tuple[str, ...] = ()) -> HitReport:
    """What the hit would do to the target's body as it stands, less any hero points' picks (Seeds 003 and 004)."""
    return apply_hit(state.body(scene, plan.target), state.target(scene, plan.target), weapon_rating(plan.weapon),
                     plan.armour, los, location, blunt=plan.weapon.blunt, blow_through=plan.mass is not None,
                     picks=picks)


def wound(scene: Scene, action: Attack, plan: ShotPlan, task: TaskResult, location: str) -> None:
    """The hit lands: the one hit may first negate some of it with hero points (seed 004: the
    negation decision then marks it), else it is marked at once (Seed 003, 3.5-3.6.6)."""
    report = hit(scene, plan, task.los, location)
    question = (f"{scene.name(plan.attacker)}'s hit to the {location.replace('_', ' ')} deals {report.assessed.shock} shock to "
                f"{scene.name(plan.target)}: spend hero points to negate some of it?")
    chance = NegationChance(plan.target, question, action, amount=report.assessed.shock, task=task, location=location)
    if not offer_negation_chance(scene, plan.attacker, chance):
        mark(scene, plan.target, report)


def mark(scene: Scene, target: EntityId, report: HitReport) -> None:
    """Mark the hit on the body, then the checks it calls for (Seed 003, 3.5-3.6.6)."""
    before, marked = state.body(scene, target), report.mark
    scene.emit(Wounded(target, report.location, report.damage, report.assessed.shock, report.assessed.wound,
                       report.level, marked.column if marked else None, marked.slash if marked else False,
                       (before.shock, report.body.shock),
                       report.body.bleeding.rate(report.location) - before.bleeding.rate(report.location)))
    state.set_body(scene, target, report.body)
    _checks(scene, target, report)


SURVIVAL_CHECK = "survival check"
SHOCK_CHECK = "shock check"


def _checks(scene: Scene, target: EntityId, report: HitReport) -> None:
    """A survival check for a mortal wound or the x6 shock bracket, a shock check to stay conscious (Seed 003, 3.6.6);
    a character who failed either may spend a hero point on it (seed 004: `survival_lands`, `shock_lands`).

    Ruling: a character who passes the survival check still falls with the mortal wound (out of
    this fight, checking again each round); one who fails dies. A failed shock check knocks the
    character out for LOF rounds (see starfarer_body).
    """
    if report.checks.survival:
        task = body.survival_task(scene, target, scene.round)
        if survival_hopeless(report.assessed.wound, state.creature(scene, target).wound_step):
            body.die(scene, target, "killed")  # nothing bought could save the character
        elif task.success or not _offer(scene, target, "survival", SURVIVAL_CHECK, task):
            _survived_or_not(scene, target, task)
        return
    if report.checks.shock and not report.keeps_conscious:  # hero points may have bought it off (seed 004)
        column = report.mark.column if report.mark else None
        profile = shock_check(state.trait(scene, target, "endurance"), state.trait(scene, target, "willpower"),
                              body.shock_check_penalty(scene, target, column))
        task = body.check(scene, target, "shock", profile)
        where = report.mark.location if report.mark else ""
        if not task.success and not _offer(scene, target, "shock", SHOCK_CHECK, task, where):
            _knocked_out(scene, target, where, task)


def _offer(scene: Scene, target: EntityId, check: str, step: str, task: TaskResult, where: str = "") -> bool:
    """Ask the character who failed the check whether to spend a hero point on it (seed 004); True if asked.
    A hit into the x6 bracket leaves no shock capacity, so the survival check's decider is already
    out of the fight: it answers all the same (`RollWaiting.down`)."""
    waiting = RollWaiting(step, (task,), task.roll - task.mcs, detail=where, down=step == SURVIVAL_CHECK)
    return offer_on_roll(scene, target, f"failed the {check} check", None, waiting)


def _survived_or_not(scene: Scene, target: EntityId, task: TaskResult) -> None:
    if task.success:
        body.fall_dying(scene, target)
    else:
        body.die(scene, target, "killed")


def survival_lands(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> None:
    """The survival check after a hero point decision: passed, the character falls with the mortal
    wound; failed, it dies (Seeds 004 and 003)."""
    if bought:
        scene.emit(TaskChecked(chance.decider, "survival", waiting.roll))
    _survived_or_not(scene, chance.decider, waiting.roll)


def shock_lands(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> None:
    """The shock check after a hero point decision: failed, the character is knocked out (Seeds 004 and 003)."""
    if bought:
        scene.emit(TaskChecked(chance.decider, "shock", waiting.roll))
    if not waiting.roll.success:
        _knocked_out(scene, chance.decider, waiting.detail, waiting.roll)


def _knocked_out(scene: Scene, target: EntityId, location: str, task: TaskResult) -> None:
    """LOF over 3 worsens the wound that called for the check by a level (/); the character falls unconscious (Seed 003, 3.6.6)."""
    if failed_shock_check(task).worse_wound and location:
        taken = state.body(scene, target)
        track, _ = worsen_after_shock(taken.track, location)
        state.set_body(scene, target, replace(taken, track=track))
    body.knock_out(scene, target, task.lof)

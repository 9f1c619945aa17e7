"""The These Lucky Stars standard attack in a battle: planning it (the odds shown), rolling it, draining DEF and VIT (Seed 001).

`plan_strike` is the one planner: the option's exact chance and mean damage and the roll the
engine makes come from the same `StrikePlan`. The hex mechanics are shared: range and line of
sight, and the cover and concealment lookup, which this ruleset reads as partial cover.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from game.actions import Action, Attack, NonlethalAttack
from game.components import Fallen, Health, Position, Stats
from game.systems.rulesets.lucky_stars.components import Defense, FullCover
from game.ecs import EntityId
from game.events import ContestRolled, DefenseDrained, Fell, OpposedAttack
from game.hexgrid import distance
from game.rules.modifier import Modifier
from game.rules.ruleset_tables import Entry
from game.rules.cover import CoverReading
from game.prompts import BlowChoice, HeroPointChance, NegationChance
from game.rules.hero_points import ExtraRoll
from game.rules.lucky_stars.attack import (
    BONUS_DIE_MARGIN,
    MINOR_ADVANTAGE,
    Contest,
    Footing,
    contested,
    cover_problem,
    OPPOSED_OUTCOMES,
    opposed_attack,
    surprise_attack,
    terrain_advantage,
    ways_beating,
)
from game.rules.lucky_stars.damage import UNARMED_DAMAGE, damage_die, resisted, roll_damage
from game.rules.lucky_stars.health import apply_damage, incapacitate
from game.rules.lucky_stars.strike import Defender, Striker, StrikeReport
from game.systems.targets import target_problem
from game.systems.hero_chances import offer_negation_chance
from game.systems.rulesets import hero_points
from game.systems.rulesets.lucky_stars import state
from game.systems.scene import Scene
from game.systems.sight import cover_lookup
from game.systems.turns import camps_standing
from game.systems.wounds import kill

POOR_FOOTING_COST = 2  # Ruling: a hex costing 2+ movement is poor footing (loose ground, underbrush)
OPPOSED_ROLL = "Seed 001, Attacking and defending"
"""The opposed attack roll: 2d6 + ATK against 2d6 + current DEF, each side with its mods."""
ADVANTAGES = "Seed 001, Advantages to Consider in Combat"
"""Footing and cover as a minor advantage (+3) to one side of the roll."""


@dataclass(frozen=True, slots=True)
class StrikePlan:
    """Everything decided before the dice: both sides' parts, the cover, the damage die."""

    attacker: EntityId
    target: EntityId
    weapon: Entry
    striker: Striker
    defender: Defender
    attacker_parts: tuple[Modifier, ...]
    defender_parts: tuple[Modifier, ...]
    cover: CoverReading
    lethal: bool = True
    """The attacker's choice should the hit take the last VIT: dying (lethal) or incapacitated."""

    @property
    def attacker_mods(self) -> int:
        """The attacker's modifiers beyond ATK (advantages)."""
        return sum(m.value for m in self.attacker_parts[1:])

    @property
    def defender_mods(self) -> int:
        """The defender's modifiers beyond current DEF (advantages)."""
        return sum(m.value for m in self.defender_parts[1:])

    @property
    def needed(self) -> int:
        """The least the attacker's 2d6 must beat the defender's 2d6 by to hit (a tie holds)."""
        return sum(m.value for m in self.defender_parts) - sum(m.value for m in self.attacker_parts) + 1

    @property
    def die(self) -> int:
        """The damage die by relative size (Seed 001, Damage Dice)."""
        return damage_die(self.striker.size, self.defender.size)

    @property
    def chance(self) -> Fraction:
        """The exact chance to hit."""
        return Fraction(ways_beating(-_offset(self)), OPPOSED_OUTCOMES)

    @property
    def expected_damage(self) -> Fraction:
        """The exact mean damage (before DEF) of the attempt: each winning margin's damage, bonus die at 5+."""
        # Counted in whole numbers of equally likely outcomes, one division at the end: the same
        # exact fraction as summing each margin's chance times its mean.
        offset, die = _offset(self), self.die
        hits, bonus = ways_beating(-offset), ways_beating(BONUS_DIE_MARGIN - 1 - offset)
        one, two = _damage_total(self, 1), _damage_total(self, 2)
        return Fraction((hits - bonus) * one * die + bonus * two, OPPOSED_OUTCOMES * die * die)


def _offset(plan: StrikePlan) -> int:
    """What the attacker's side adds to its 2d6 over the defender's (nothing for a surprised defender)."""
    return sum(m.value for m in plan.attacker_parts) - (
        0 if plan.defender.surprised else sum(m.value for m in plan.defender_parts))


def _sum_counts(die: int, dice: int) -> dict[int, int]:
    """In how many ways each total of `dice` dice of `die` faces comes up."""
    counts = {0: 1}
    for _ in range(dice):
        rolled: dict[int, int] = {}
        for total, ways in counts.items():
            for face in range(1, die + 1):
                rolled[total + face] = rolled.get(total + face, 0) + ways
        counts = rolled
    return counts


def _damage_total(plan: StrikePlan, dice: int) -> int:
    """A hit's damage with `dice` damage dice, resistance and minimums applied, summed over every
    equally likely roll (there are die ** dice of them)."""
    striker = plan.striker
    flat = striker.attribute + striker.damage_bonus + (UNARMED_DAMAGE if striker.unarmed else 0)
    return sum(ways * resisted(total + flat, plan.defender.resistance, striker.extreme)
               for total, ways in _sum_counts(plan.die, dice).items())


def _footing(scene: Scene, attacker: EntityId, target: EntityId) -> Footing:
    field = scene.setup.field

    def poor(entity: EntityId) -> bool:
        return (field.move_cost(scene.world.get(entity, Position).hex) or 0) >= POOR_FOOTING_COST

    return Footing(attacker_poor=poor(attacker), defender_poor=poor(target))


def _reach_problem(weapon: Entry, gap: int) -> str | None:
    if not weapon.range_hexes:
        return None if gap == 1 else f"a {weapon.name.lower()} reaches only an adjacent hex"
    return f"out of range ({gap} hexes; a {weapon.name.lower()} reaches {weapon.range_hexes})" if gap > weapon.range_hexes else None


def _parts(scene: Scene, attacker: EntityId, target: EntityId, ranged: bool,
           cover: CoverReading) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    """Both sides' named parts: ATK and current DEF, terrain advantage, partial cover (Seed 001)."""
    mine, theirs = terrain_advantage(_footing(scene, attacker, target))
    attacking = [Modifier("ATK", scene.world.get(attacker, Stats).attack_bonus, OPPOSED_ROLL)]
    defending = [Modifier("current DEF", state.defense(scene, target).current, OPPOSED_ROLL)]
    if mine:
        attacking.append(Modifier("footing (target on poor ground)", mine, ADVANTAGES))
    if theirs:
        defending.append(Modifier("footing (attacker on poor ground)", theirs, ADVANTAGES))
    if ranged and (cover.armor or cover.concealment_bonus):
        defending.append(Modifier("partial cover", MINOR_ADVANTAGE, ADVANTAGES))
    return tuple(attacking), tuple(defending)


def plan_strike(scene: Scene, attacker: EntityId, target: EntityId, lethal: bool = True) -> StrikePlan | str:
    """The plan of a standard attack with the weapon in hand, or why it cannot be made (Seed 001)."""
    problem = target_problem(scene, attacker, target)
    if problem:
        return problem
    if state.unseen_by(scene, target, attacker):
        return f"{scene.name(target)} is hidden: search to find them first"
    weapon = state.weapon_entry(scene, attacker)
    here, there = scene.world.get(attacker, Position).hex, scene.world.get(target, Position).hex
    problem = _reach_problem(weapon, distance(here, there))
    if problem:
        return problem
    cover = cover_lookup(scene.setup.field, here, there, scene.setup.catalog.weapons[weapon.id].weapon_class)
    if not cover.visible:
        return cover.text(scene.place)
    if weapon.range_hexes and scene.world.has(target, FullCover) and (cover.armor or cover.concealment_bonus):
        return cover_problem("full")
    striker = Striker(scene.world.get(attacker, Stats).attack_bonus, state.attribute(scene, attacker, weapon.attribute),
                      state.size(scene, attacker), weapon.unarmed, weapon.damage_bonus, weapon.extreme)
    defender = Defender(state.health(scene, target), state.size(scene, target),
                        state.resistance(scene, target, weapon.damage_type), surprised(scene, attacker, target))
    attacking, defending = _parts(scene, attacker, target, bool(weapon.range_hexes), cover)
    return StrikePlan(attacker, target, weapon, striker, defender, attacking, defending, cover, lethal)


def surprised(scene: Scene, attacker: EntityId, target: EntityId) -> bool:
    """The target cannot defend itself: its side was caught and it has not acted in initiative yet,
    or the attacker is hidden from it (Seed 001, Surprise Attacks)."""
    caught = scene.is_surprised(target) and not state.turn_state(scene, target).has_acted
    return caught or state.unseen_by(scene, attacker, target)


def check_attack(scene: Scene, action: Attack | NonlethalAttack) -> StrikePlan | str:
    """A standard attack (2 AP, once a turn) or, bare-handed, an unarmed attack (Seed 001, Actions in Combat);
    a non-lethal one differs only in its last blow."""
    if getattr(action, "burst", False) or getattr(action, "aimed", False):
        return "These Lucky Stars has no aimed shots or bursts"
    refusal = state.problem(scene, action.actor, attack_kind(scene, action.actor))
    return refusal or plan_strike(scene, action.actor, action.target, lethal=not isinstance(action, NonlethalAttack))


def attack_kind(scene: Scene, entity: EntityId) -> str:
    """The action-table name of an attack with what the combatant holds."""
    return "unarmed_attack" if state.weapon_entry(scene, entity).unarmed else "standard_attack"


def attack(scene: Scene, action: Attack, plan: StrikePlan) -> None:
    """Pay the AP and roll both sides; whoever lost the roll may spend a hero point on it
    (seed 004), else a hit drains the target's DEF and VIT (Seed 001, Steps to an Attack)."""
    state.pay(scene, action.actor, attack_kind(scene, action.actor))
    strike(scene, action, plan)


def roll_contest(scene: Scene, plan: StrikePlan) -> Contest:
    """Both sides roll the attack (the surprised defender its bare decision dice); the log tells it,
    and an attacker who was hidden is seen from then on (Seed 001, Attack Roll and Surprise)."""
    if plan.defender.surprised:
        contest = surprise_attack(plan.striker.attack, scene.dice, attacker_mods=plan.attacker_mods)
    else:
        contest = opposed_attack(plan.striker.attack, plan.defender.health.defense, scene.dice,
                                 attacker_mods=plan.attacker_mods, defender_mods=plan.defender_mods)
    scene.emit(OpposedAttack(plan.attacker, plan.target, contest, plan.weapon.id))
    state.reveal(scene, plan.attacker, "attacked")
    return contest


def strike(scene: Scene, action: Action, plan: StrikePlan) -> None:
    """Roll the attack already paid for; whoever lost the roll may spend a hero point on it
    (seed 004), else a hit drains the target's DEF and VIT (Seed 001, Steps to an Attack)."""
    contest = roll_contest(scene, plan)
    if not offer_on_the_roll(scene, action, plan, contest):
        land(scene, plan, contest, action)


def contested_check(scene: Scene, action: Action, actor: EntityId, other: EntityId, purpose: str,
                    acting: int, resisting: int) -> bool | None:
    """Roll a contested check (2d6 + score each side, Seed 001) and tell it; whoever lost may spend
    a hero point on it (seed 004): None while that decision waits, else whether the one acting won."""
    mine, theirs = contested(acting, resisting, scene.dice)
    scene.emit(ContestRolled(actor, other, purpose, mine, theirs))
    contest = Contest(mine, theirs, surprise=False)
    loser, role = (other, "defender") if contest.hit else (actor, "attacker")
    question = f"{scene.name(loser)} lost the {purpose.split(' (')[0]}: spend a hero point on it?"
    chance = HeroPointChance(loser, question, action, contest, role, check=purpose)
    return None if hero_points.offer_after(scene, chance) else contest.hit


def bought_check(scene: Scene, chance: HeroPointChance, extras: tuple[ExtraRoll, ...], other: EntityId) -> bool:
    """A contested check after a hero point decision: the bought dice on the decider's side (told
    in the log), or the check as it stood; whether the one acting won (a tie holds)."""
    contest = chance.contest
    if extras:
        side = "attacker" if chance.role == "attacker" else "defender"
        contest = replace(contest, **{side: hero_points.with_extra(getattr(contest, side), extras)})
        scene.emit(ContestRolled(chance.attack.actor, other, chance.check, contest.attacker, contest.defender))
    return contest.hit


def offer_on_the_roll(scene: Scene, action: Action, plan: StrikePlan, contest: Contest) -> bool:
    """Ask whoever lost the opposed roll whether to spend a hero point on it (seed 004); True if asked."""
    loser, role = (plan.target, "defender") if contest.hit else (plan.attacker, "attacker")
    question = f"{scene.name(loser)} lost the roll: spend a hero point on it?"
    return hero_points.offer_after(scene, HeroPointChance(loser, question, action, contest, role))


def land(scene: Scene, plan: StrikePlan, contest: Contest, action: Action) -> None:
    """A roll that hit rolls damage by size and drains DEF and VIT (Seed 001, Damage); the one hit
    may first negate some of it with hero points (seed 004: the negation decision then drains it)."""
    if not contest.hit:
        return
    striker, defender = plan.striker, plan.defender
    damage = roll_damage(plan.die, scene.dice, bonus_die=contest.bonus_die, attribute=striker.attribute,
                         modifiers=striker.damage_bonus, unarmed=striker.unarmed, resistance=defender.resistance,
                         extreme=striker.extreme)
    question = (f"{scene.name(plan.attacker)}'s hit deals {damage.total} damage to {scene.name(plan.target)}: "
                "spend hero points to negate some of it?")
    chance = NegationChance(plan.target, question, action, amount=damage.total, contest=contest, blow=damage)
    if not offer_negation_chance(scene, plan.attacker, chance):
        drain(scene, plan, StrikeReport(contest, damage, apply_damage(defender.health, damage.total)))


def replan(scene: Scene, attack: Action) -> StrikePlan | str:
    """The plan of an attack waiting on a decision, made again (a non-lethal one stays so)."""
    return plan_strike(scene, attack.actor, attack.target, lethal=not isinstance(attack, NonlethalAttack))


def bought_contest(scene: Scene, chance: HeroPointChance, extras: tuple[ExtraRoll, ...]) -> Contest:
    """The opposed roll after a hero point decision: the bought dice on the decider's side (told in
    the log), or the roll as it stood (Seed 004)."""
    contest = chance.contest
    if extras:
        attacker, target = chance.attack.actor, chance.attack.target
        side = "attacker" if chance.role == "attacker" else "defender"
        contest = replace(contest, **{side: hero_points.with_extra(getattr(contest, side), extras)})
        scene.emit(OpposedAttack(attacker, target, contest, state.weapon_entry(scene, attacker).id))
    return contest


def go_on(scene: Scene, chance: HeroPointChance, extras: tuple[ExtraRoll, ...]) -> None:
    """After a hero point decision: the attack lands or not on the roll as it now stands (Seeds 004 and 001)."""
    contest = bought_contest(scene, chance, extras)
    plan = replan(scene, chance.attack)
    if not isinstance(plan, str):
        land(scene, plan, contest, chance.attack)


def drain(scene: Scene, plan: StrikePlan, report: StrikeReport, negated: tuple[str, ...] = ()) -> None:
    """Write the hit's DEF and VIT into the world; at 0 VIT the target is out, dying after a lethal
    blow and incapacitated after a non-lethal one, as the attacker chose (Seed 001, Applying Damage):
    a declared non-lethal attack is so at once; a plain one is taken as lethal and the attacker is
    asked whether to keep it so while the fight goes on."""
    before, after = plan.defender.health, report.outcome.health
    if after.incapacitated:
        after = incapacitate(after, lethal=plan.lethal)
    guard = state.defense(scene, plan.target)
    scene.world.set(plan.target, Defense(after.defense, guard.maximum, after.condition))
    vitality = scene.world.get(plan.target, Health)
    scene.world.set(plan.target, replace(vitality, current=after.vitality))
    scene.emit(DefenseDrained(plan.target, report.damage, (before.defense, after.defense),
                              (before.vitality, after.vitality), report.outcome.wound, report.outcome.wasted, negated))
    if after.incapacitated and plan.lethal:
        kill(scene, plan.target, after.condition)
        if len(camps_standing(scene)) > 1:  # the attacker may still pull the blow (the fight goes on)
            question = f"{scene.name(plan.target)} is down: was {scene.name(plan.attacker)}'s blow lethal?"
            scene.pending.append(BlowChoice(plan.attacker, question, plan.target))
    elif after.incapacitated:  # out of the fight but not dead: the body stays, down
        there = scene.world.get(plan.target, Position).hex
        scene.world.remove(plan.target, Position)
        scene.world.set(plan.target, Fallen(there, scene.round))
        scene.emit(Fell(plan.target, after.condition))

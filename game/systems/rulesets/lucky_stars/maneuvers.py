"""Trip, disarm and shatter in a These Lucky Stars battle: a standard attack roll, then instead of
damage a contest or a broken weapon (Seed 001, Aggressive Actions).

The attack roll is planned by `plan_strike` (reach, sight, cover, advantage), so the odds shown
are the attack roll's exact chance times the contest's exact chance, the numbers rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.actions import Disarm, PickUp, Shatter, Trip
from game.components import Armament, DroppedWeapon, Position, Prone
from game.ecs import EntityId
from game.events import ConditionChanged, WeaponBroken, WeaponDropped, WeaponTaken
from game.hexgrid import distance
from game.prompts import HeroPointChance
from game.rules.hero_points import ExtraRoll
from game.rules.lucky_stars.attack import Contest, contest_chance
from game.systems.targets import weapons_on
from game.systems.rulesets.lucky_stars import attack as attacks
from game.systems.rulesets.lucky_stars import state
from game.systems.scene import Scene

CONTESTS = {"trip": ("str", "agi"), "disarm": ("str", "str")}
"""Seed 001: trip is STR against AGI, disarm contested STR rolls (the actor's score first)."""

Maneuver = Trip | Disarm | Shatter


@dataclass(frozen=True, slots=True)
class ManeuverPlan:
    """A maneuver's attack roll and, for trip and disarm, both contest scores."""

    name: str
    strike: attacks.StrikePlan
    acting: int = 0
    resisting: int = 0

    @property
    def chance(self) -> Fraction:
        """The exact chance the maneuver works: the attack roll hits, then (trip, disarm) the contest is won."""
        if self.name not in CONTESTS:
            return self.strike.chance
        return self.strike.chance * contest_chance(self.acting, self.resisting)


def name_of(action: Maneuver) -> str:
    """The action-table name of the maneuver."""
    return action.kind


def _target_problem(scene: Scene, action: Maneuver) -> str | None:
    """What the target must offer: something in hand to disarm or break, feet to trip from."""
    target = action.target
    if isinstance(action, Disarm) and action.take:
        return "in These Lucky Stars a disarmed weapon drops at the target's feet: send take=false"
    if isinstance(action, Trip) and scene.world.has(target, Prone):
        return f"{scene.name(target)} is already prone"
    if not isinstance(action, Trip) and state.weapon_entry(scene, target).unarmed:
        return f"{scene.name(target)} holds no weapon"
    return None


def _reach_problem(scene: Scene, action: Maneuver) -> str | None:
    """Trip and disarm are made hand to hand (our reading); shatter at whatever the weapon reaches."""
    if isinstance(action, Shatter):
        return None
    here = scene.world.get(action.actor, Position).hex
    there = scene.world.get(action.target, Position).hex
    return None if distance(here, there) == 1 else f"{action.kind} needs the target within melee reach"


def check_maneuver(scene: Scene, action: Maneuver) -> ManeuverPlan | str:
    """Trip (3 AP), disarm (3 AP, a melee weapon) or shatter (3 AP) on one enemy (Seed 001)."""
    return state.problem(scene, action.actor, name_of(action)) or plan_maneuver(scene, action)


def plan_maneuver(scene: Scene, action: Maneuver,
                  strike: attacks.StrikePlan | str | None = None) -> ManeuverPlan | str:
    """The maneuver's attack roll and contest, or why it cannot be made (its AP aside); `strike`,
    the actor's standard attack on the target in this very state, when the caller has it."""
    name = name_of(action)
    if strike is None:
        strike = attacks.plan_strike(scene, action.actor, action.target)
    if isinstance(strike, str):
        return strike
    refusal = _reach_problem(scene, action) or _target_problem(scene, action)
    if refusal:
        return refusal
    if name not in CONTESTS:
        return ManeuverPlan(name, strike)
    mine, theirs = CONTESTS[name]
    return ManeuverPlan(name, strike, state.attribute(scene, action.actor, mine),
                        state.attribute(scene, action.target, theirs))


def maneuver(scene: Scene, action: Maneuver, plan: ManeuverPlan) -> None:
    """Pay 3 AP, roll the attack; whoever lost it may spend a hero point on it (seed 004: `go_on`)."""
    state.pay(scene, action.actor, plan.name)
    maneuver_now(scene, action, plan)


def maneuver_now(scene: Scene, action: Maneuver, plan: ManeuverPlan) -> None:
    """The maneuver paid for (on the turn, or a readied one sprung): roll the attack; whoever lost
    it may spend a hero point on it (seed 004: `go_on`)."""
    contest = attacks.roll_contest(scene, plan.strike)
    if not attacks.offer_on_the_roll(scene, action, plan.strike, contest):
        _after_the_roll(scene, action, plan, contest)


def go_on(scene: Scene, chance: HeroPointChance, extras: tuple[ExtraRoll, ...]) -> None:
    """After a hero point decision on the maneuver's attack roll or its contest: the maneuver goes
    on from the roll as it now stands."""
    action = chance.attack
    plan = plan_maneuver(scene, action)
    if isinstance(plan, str):
        raise AssertionError(f"a maneuver waiting on a hero point decision became impossible: {plan}")
    if chance.check:
        _contested(scene, action, plan, attacks.bought_check(scene, chance, extras, action.target))
    else:
        _after_the_roll(scene, action, plan, attacks.bought_contest(scene, chance, extras))


def _after_the_roll(scene: Scene, action: Maneuver, plan: ManeuverPlan, roll: Contest) -> None:
    """On a hit trip and disarm roll their contest (whoever lost it may spend a hero point on it),
    shatter breaks the weapon (Seed 001)."""
    if not roll.hit:
        return
    if plan.name == "shatter":
        _break(scene, action.target)
        return
    won = attacks.contested_check(scene, action, action.actor, action.target, _purpose(plan), plan.acting,
                                  plan.resisting)
    if won is not None:
        _contested(scene, action, plan, won)


def _contested(scene: Scene, action: Maneuver, plan: ManeuverPlan, won: bool) -> None:
    if won:
        (_trip if plan.name == "trip" else _drop)(scene, action.target)


def _purpose(plan: ManeuverPlan) -> str:
    mine, theirs = CONTESTS[plan.name]
    return f"{plan.name} ({mine.upper()} against {theirs.upper()})"


def _trip(scene: Scene, target: EntityId) -> None:
    scene.world.set(target, Prone())
    scene.emit(ConditionChanged(target, "prone", True, "tripped"))


def _drop(scene: Scene, target: EntityId) -> None:
    """The weapon falls at the target's feet, where anyone may pick it up."""
    armament = scene.world.get(target, Armament)
    here = scene.world.get(target, Position).hex
    scene.world.set(target, Armament(None))
    scene.world.spawn(DroppedWeapon(armament.weapon, here, armament.rounds))
    scene.emit(ConditionChanged(target, "disarmed", True))
    scene.emit(WeaponDropped(armament.weapon, here, target))


def _break(scene: Scene, target: EntityId) -> None:
    """Our reading: the seed gives gear no durability here, so a shatter that hits breaks the weapon."""
    weapon = scene.world.get(target, Armament).weapon
    scene.world.set(target, Armament(None))
    scene.emit(WeaponBroken(target, weapon))


def check_pick_up(scene: Scene, action: PickUp) -> tuple[EntityId, DroppedWeapon] | str:
    """Picking up a weapon lying on one's own hex into an empty hand costs 1 AP (Seed 001, Taking Action)."""
    if not state.weapon_entry(scene, action.actor).unarmed:
        return "the hand is not empty: only an empty hand picks up a weapon here"
    here = scene.world.get(action.actor, Position).hex
    lying = next(((e, d) for e, d in weapons_on(scene, here) if action.weapon in ("", d.weapon)), None)
    if lying is None:
        return f"there is {'no ' + action.weapon if action.weapon else 'no weapon'} lying on this hex"
    return state.problem(scene, action.actor, "pick_up") or lying


def pick_up(scene: Scene, action: PickUp, plan: tuple[EntityId, DroppedWeapon]) -> None:
    """Pay 1 AP and take the weapon in hand."""
    entity, lying = plan
    state.pay(scene, action.actor, "pick_up")
    scene.world.despawn(entity)
    scene.world.set(action.actor, Armament(lying.weapon, lying.rounds))
    scene.emit(WeaponTaken(action.actor, lying.weapon, "hand", "pick up"))

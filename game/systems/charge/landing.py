"""Landing a charge (seed 002): the run walked, then a person's blow or a vehicle's ram, each
waiting where a hero may spend a hero point or negate damage (seed 004); the recoil of a ram."""

from __future__ import annotations

from game.actions import Charge
from game.components import ChargeUnderway, Identity, Position, Prone, Stats
from game.ecs import EntityId
from game.events import (
    Attacked,
    ChargeBegan,
    ChargeEnded,
    CheckRolled,
    ConditionChanged,
    DamageRolled,
    Moved,
    OverflowSource,
    RamRecoiled,
)
from game.rules.attack import AttackResult, resolve_attack, target_number
from game.rules.damage import after_armor, effective_armor
from game.rules.dice import DiceError, Roll
from game.rules.maneuvers import charge_lands, ram_recoil
from game.rules.maneuvers import ram_lands as ram_rolls
from game.prompts import HeroPointChance, NegationChance, RollWaiting, Spilling
from game.rules.overflow import Candidate
from game.rules.saves import CheckResult, SaveResult
from game.systems.budget import spend
from game.systems.checks import evasion_save
from game.systems.hero_chances import offer_negation, offer_on_miss, offer_on_roll
from game.systems.combat import read_damage, is_person, points_to_drop, plan_spill, spill_steps
from game.rules.formation import following
from game.systems.footprint import footprint, is_spread, place
from game.systems.movement import path_cost, walk
from game.systems.overwatch import ask_along
from game.systems.scene import Scene, in_the_fight
from game.systems.wounds import take_damage
from game.systems.charge.planning import ChargePlan, can_knock_down, plan_charge, ready_problem, strike_plan


def _knock_prone(scene: Scene, entity: EntityId, cause: str, other: EntityId = 0) -> None:
    if in_the_fight(scene.world, entity) and not scene.world.has(entity, Prone):
        scene.world.set(entity, Prone())
        scene.emit(ConditionChanged(entity, "prone", True, cause, other))


def _crash(scene: Scene, plan: ChargePlan, run: ChargeUnderway) -> None:
    """A person's charge strikes (seed 002, Charge (Person)); a charger who missed may spend a hero
    point on the roll (seed 004: the answer then lands it, `crash_lands`, or not)."""
    attack = resolve_attack(plan.setup, scene.dice)
    scene.emit(Attacked(plan.charger, plan.target, attack, plan.weapon.id if plan.weapon else "", "charge"))
    action = Charge(plan.charger, target=plan.target, path=run.path)
    if not attack.hit and offer_on_miss(scene, plan.charger, action, attack):
        return
    crash_lands(scene, action, plan, attack)


def blow_plan(scene: Scene, charge: Charge) -> ChargePlan:
    """The blow of a charge waiting on a hero point decision, planned again where the run ended."""
    here = scene.world.get(charge.actor, Position).hex
    plan = strike_plan(scene, charge.actor, charge.target, here, len(charge.path))
    if isinstance(plan, str):
        raise AssertionError(f"a charge waiting on a hero point decision became impossible: {plan}")
    return plan


def crash_lands(scene: Scene, action: Charge, plan: ChargePlan, attack: AttackResult) -> None:
    """The charge's roll as it stands: on a hit the damage, the target knocked prone, an unarmed
    charger's Evasion save (seed 002, Charge (Person)). A target who may negate the blow's damage
    is asked before taking it (seed 004: `blow_lands` then goes on)."""
    if not attack.hit:
        return
    evasion = None if plan.weapon else evasion_save(scene, plan.charger)
    result = charge_lands(attack, scene.dice, plan.weapon.damage if plan.weapon else None, plan.attribute, evasion)
    compared = (result.d6.total, result.weapon.total) if result.weapon is not None else None
    read = read_damage(scene, DamageRolled(plan.charger, plan.target, result.damage_roll, plan.armor, 0,
                                           source="charge", weapon=plan.weapon.id if plan.weapon else "",
                                           compared=compared))
    scene.emit(read)
    saves = (result.save,) if result.save is not None else ()
    if offer_negation(scene, plan.charger, action, attack, read, RollWaiting(CHARGE_BLOW, saves, 0), "charge"):
        return
    _blow_taken(scene, action, plan, attack, read.amount, saves)


def blow_lands(scene: Scene, prompt: NegationChance, amount: int) -> None:
    """A charge's blow after the negation decision: the damage left, then as without it."""
    _blow_taken(scene, prompt.attack, blow_plan(scene, prompt.attack), prompt.result, amount, prompt.waiting.rolls)


def _blow_taken(scene: Scene, action: Charge, plan: ChargePlan, attack: AttackResult, amount: int,
                saves: tuple[SaveResult, ...]) -> None:
    """The blow's damage taken and its heroic overflow, which stops at a hero it reaches until they
    decide (seed 004); then the rest of the blow (`blow_goes_on`)."""
    excess = take_damage(scene, plan.target, amount)
    then = RollWaiting(CHARGE_BLOW, saves, 0, other=plan.target, detail=KNOCKED if plan.target_can_fall else "")
    if not _overflow(scene, plan, excess, Spilling(OverflowSource(plan.charger, "charge"), attack=action,
                                                   result=attack, then=then)):
        blow_goes_on(scene, plan.charger, then)


def blow_goes_on(scene: Scene, charger: EntityId, then: RollWaiting) -> None:
    """The rest of a charge's blow once its damage is dealt: the target knocked prone if it can fall
    (`detail`), then a bare-handed charger's Evasion save, which a charger who failed it may spend a
    hero point on (seed 004)."""
    target, save = then.other, then.rolls[0] if then.rolls else None
    if then.detail == KNOCKED:
        _knock_prone(scene, target, "knocked")
    if save is not None:
        scene.emit(CheckRolled(charger, "Evasion save", save))
        waiting = RollWaiting(CHARGER_SAVE, (save,), save.target - save.roll.total, other=target)
        if not save.success and offer_on_roll(scene, charger, "failed the Evasion save", None, waiting):
            return  # seed 004: the answer then settles it (`save_lands`)
    if save is not None and not save.success:
        _knock_prone(scene, charger, "fell charging", target)


CHARGER_SAVE = "charger's Evasion save"
PILOT_CHECK = "ram's Pilot check"
CHARGE_BLOW = "a charge's blow"
RAM_BLOW = "a ram's damage"
KNOCKED = "the target is knocked prone"


def save_lands(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> None:
    """A bare-handed charger's Evasion save as it stands after a hero point decision: failed, the
    charger falls prone next to the target (seed 002, Charge (Person))."""
    save, charger = waiting.roll, chance.decider
    if bought:
        scene.emit(CheckRolled(charger, "Evasion save", save))
    if not save.success:
        _knock_prone(scene, charger, "fell charging", waiting.other)


def _overflow(scene: Scene, plan: ChargePlan, excess: int, context: Spilling) -> bool:
    """Heroic overflow from the charge's roll to other persons within reach of the end hex whose
    number that roll also made (seed 000, Overflow Damage); True if it stopped at a hero's decision."""
    if not (scene.setup.heroic and excess > 0 and is_person(scene, plan.target)):
        return False
    here = scene.world.get(plan.charger, Position).hex
    candidates = []
    for other in scene.world.entities():
        if other in (plan.charger, plan.target) or not scene.world.has(other, Stats) or not is_person(scene, other):
            continue
        could = strike_plan(scene, plan.charger, other, here, plan.hexes)
        if not isinstance(could, str):
            candidates.append(Candidate(other, target_number(could.setup), 1, points_to_drop(scene, other)))
    return spill_steps(scene, plan_spill(candidates, excess, context.result.total, context))


def _ram(scene: Scene, plan: ChargePlan, run: ChargeUnderway) -> None:
    """A vehicle or mech rams (seed 002, Charge (Vehicle/Mech)); a crew who missed may spend a hero
    point on the roll (seed 004: the answer then lands it, `ram_lands`, or not)."""
    attack = resolve_attack(plan.setup, scene.dice)
    scene.emit(Attacked(plan.charger, plan.target, attack, how="ram", hexes=plan.hexes))
    action = Charge(plan.charger, target=plan.target, path=run.path)
    if not attack.hit and offer_on_miss(scene, plan.charger, action, attack):
        return
    ram_lands(scene, action, plan, attack)


def ram_lands(scene: Scene, action: Charge, plan: ChargePlan, attack: AttackResult) -> None:
    """The ram's roll as it stands: on a hit the damage to the target, which it may first negate if
    a character or its crew's trademark machine (seed 004: `ram_blow_lands` then goes on)."""
    result = ram_rolls(attack, scene.dice, plan.size_class, plan.hexes, plan.pilot_parts, plan.target_can_fall)
    if not attack.hit:
        return
    read = read_damage(scene, DamageRolled(plan.charger, plan.target, result.damage_roll, plan.armor, 0,
                                           source="ram"))
    scene.emit(read)
    waiting = RollWaiting(RAM_BLOW, (result.pilot, result.damage_roll), 0)
    if offer_negation(scene, plan.charger, action, attack, read, waiting, "ram"):
        return
    _rammed(scene, action, plan, attack, read.amount, (result.pilot, result.damage_roll))


def ram_blow_lands(scene: Scene, prompt: NegationChance, amount: int) -> None:
    """A ram's damage after the negation decision: the damage left, then as without it."""
    _rammed(scene, prompt.attack, blow_plan(scene, prompt.attack), prompt.result, amount, prompt.waiting.rolls)


def _rammed(scene: Scene, action: Charge, plan: ChargePlan, attack: AttackResult, amount: int,
            rolls: tuple[CheckResult, Roll]) -> None:
    """The ram's damage taken and its overflow, which stops at a hero it reaches until they decide
    (seed 004); then the rest of the ram (`ram_goes_on`)."""
    excess = take_damage(scene, plan.target, amount)
    then = RollWaiting(RAM_BLOW, rolls, 0, other=plan.target)
    if not _overflow(scene, plan, excess, Spilling(OverflowSource(plan.charger, "ram"), attack=action, result=attack,
                                                   then=then)):
        ram_goes_on(scene, plan.charger, then)


def ram_goes_on(scene: Scene, charger: EntityId, then: RollWaiting) -> None:
    """The rest of a ram once its damage is dealt: the Pilot check, which a crew who failed it may
    spend a hero point on (seed 004: `pilot_lands` then settles it), and the recoil. The recoil is
    read from the ram's damage as rolled (what the target negated does not soften the crash)."""
    (pilot, damage), target = then.rolls, then.other
    scene.emit(CheckRolled(charger, "Pilot check", pilot))
    waiting = RollWaiting(PILOT_CHECK, (pilot, damage), pilot.difficulty - pilot.total, other=target)
    if not pilot.success and offer_on_roll(scene, charger, "failed the Pilot check", None, waiting):
        return
    _recoil(scene, charger, target, damage.total, pilot)


def pilot_lands(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> None:
    """The ram's Pilot check as it stands after a hero point decision, and what the ram then does
    to the charger (seed 002, Charge (Vehicle/Mech))."""
    pilot, damage = waiting.rolls
    if bought:
        scene.emit(CheckRolled(chance.decider, "Pilot check", pilot))
    _recoil(scene, chance.decider, waiting.other, damage.total, pilot)


def _recoil(scene: Scene, charger: EntityId, target: EntityId, damage: int, pilot: CheckResult) -> None:
    """Half the target's damage back on a Pilot success (a target able to fall is knocked prone),
    all of it on a failure and the charger knocked over (seed 002, Charge (Vehicle/Mech))."""
    world = scene.world
    armor = effective_armor((world.get(charger, Stats).armor,))
    share = "half" if pilot.success else "all"
    recoil = ram_recoil(damage, pilot.success)
    amount = after_armor(recoil, armor)
    scene.emit(RamRecoiled(charger, damage, share, recoil, armor, amount))
    take_damage(scene, charger, amount)
    if pilot.success and can_knock_down(world.get(charger, Stats), world.get(target, Stats),
                                        world.get(target, Identity).kind):
        _knock_prone(scene, target, "knocked")
    if not pilot.success:
        _knock_prone(scene, charger, "crash")


def _strike(scene: Scene, charger: EntityId, run: ChargeUnderway) -> None:
    """The run is over: the blow lands if the charger made it to the end of its path."""
    world = scene.world
    if not in_the_fight(world, charger):
        return
    here = world.get(charger, Position).hex
    if here != run.end:
        scene.emit(ChargeEnded(charger, stopped=here))
        return
    plan = strike_plan(scene, charger, run.target, here, run.hexes)
    if isinstance(plan, str):
        scene.emit(ChargeEnded(charger, reason=plan))
        return
    if plan.ram:
        _ram(scene, plan, run)
    else:
        _crash(scene, plan, run)


def _run_in_formation(scene: Scene, action: Charge) -> None:
    """A squad's charge: its head runs the path and the rest follows in its wake, arriving at once
    as a formation move does; overwatch may fire at it on any hex of the run (`ask_along`)."""
    before = footprint(scene.world, action.actor)
    place(scene.world, action.actor, following(before, action.path))
    scene.emit(Moved(action.actor, (before[0], *action.path), "move", path_cost(scene.setup.field, action.path)))
    ask_along(scene, action.actor, (*action.path, *footprint(scene.world, action.actor)), before)


def finish_charges(scene: Scene) -> None:
    """Land every charge whose run is over (the battle calls this once no prompt is open)."""
    if not scene.world.count(ChargeUnderway):  # after almost every action: nobody is charging
        return
    for charger, run in list(scene.world.query(ChargeUnderway)):
        scene.world.remove(charger, ChargeUnderway)
        _strike(scene, charger, run)


def check_charge(scene: Scene, action: Charge) -> ChargePlan | str:
    """Charge with both the Move and the Main action (seed 002, Charge (Person), (Vehicle/Mech))."""
    return ready_problem(scene, action.actor) or plan_charge(scene, action.actor, action.target, action.path)


def charge(scene: Scene, action: Charge, plan: ChargePlan) -> None:
    """Run the path (overwatch may pause it); the blow lands once the run is complete."""
    spend(scene, action.actor, "move")
    spend(scene, action.actor, "main")
    scene.emit(ChargeBegan(action.actor, action.target))
    scene.world.set(action.actor, ChargeUnderway(action.target, action.path[-1], len(action.path), action.path))
    if is_spread(scene.world, action.actor):
        _run_in_formation(scene, action)
    else:
        walk(scene, action.actor, action.path)
    if scene.pending and scene.dice.remaining:
        raise DiceError(f"overwatch interrupts {scene.name(action.actor)}'s charge: enter the charge's "
                        "dice with the last answer to it, not with the charge")

"""Charge (seed 002): a run in soft turns or straight lines ending next to an enemy, then a blow.

Persons and vehicles/mechs (by `Identity.kind`) charge with the same action and path rules
and strike differently: a person punches or stabs, a vehicle or mech rams with its chassis
(`game.rules.maneuvers` holds the arithmetic). Rulings (Charge): each step's direction
differs from the previous step's by at most one hex direction, the first step is free, the
path costs at most the movement limit and ends on a free hex next to the target. The run is
walked like any move, so overwatch may interrupt it: the charge then waits in the world as
`ChargeUnderway` and strikes (`finish_charges`) once every decision is made and the paused
run has been walked to its end.
Interpretations: docs/rules/maneuvers.md.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.actions import Charge
from game.components import ChargeUnderway, Identity, Position, Prone, Stats, TurnBudget
from game.ecs import EntityId
from game.events import (
    Attacked,
    ChargeBegan,
    ChargeEnded,
    CheckRolled,
    ConditionChanged,
    DamageRolled,
    OverflowSource,
    RamRecoiled,
)
from game.hexgrid import Hex, direction_to_neighbor, distance, neighbor, neighbors
from game.rules.attack import AttackResult, AttackSetup, Modifier, hit_chance, resolve_attack, target_number
from game.rules.catalog import Weapon
from game.rules.damage import after_armor, effective_armor
from game.rules.dice import DiceError, Roll
from game.rules.maneuvers import (
    CHARGE_DICE_PER_HEX,
    charge_dice,
    charge_lands,
    pilot_difficulty,
    ram_recoil,
)
from game.rules.maneuvers import ram_lands as ram_rolls
from game.prompts import HeroPointChance, NegationChance, RollWaiting, Spilling
from game.rules.overflow import Candidate
from game.rules.saves import CheckResult, SaveResult, check_chance, skill_parts
from game.systems.budget import spend
from game.systems.checks import evasion_save
from game.systems.footprint import spread_problem
from game.systems.hero_chances import offer_negation, offer_on_miss, offer_on_roll
from game.systems.combat import (
    UNARMED,
    VEHICLE_KINDS,
    attack_parts,
    read_damage,
    is_person,
    melee_setup,
    points_to_drop,
    plan_spill,
    spill_steps,
    target_problem,
    weapon_in_hand,
)
from game.systems.movement import passage_rule, path_problem, walk
from game.systems.scene import Scene, in_the_fight
from game.systems.sight import cover_lookup
from game.systems.wounds import take_damage

UNARMED_SKILLS = ("punch", "exert")  # Seed 002, Charge (Person): "your Punch or Exert skill"
BARE_HANDS = ("str", "dex")
SIZE_RANK = {"person": 0, "suit_mech": 1, "ordinary_vehicle": 1, "light_mech": 2, "gravtank": 2,
             "heavy_mech": 3}  # Seed 002 groups the classes this way in the ram's damage
SOFT_TURNS = (0, 1, 5)  # direction changes of at most 60 degrees, either way


@dataclass(frozen=True, slots=True)
class ChargeRoute:
    """A legal charge ending on `hex`: the movement points spent and the path (start excluded)."""

    hex: Hex
    cost: int
    path: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class ChargePlan:
    """Everything decided before the dice: the odds come from `setup`, as for any attack.

    `weapon` is the melee weapon a person stabs with (None: bare-handed, or a ram); `armor`
    is what the target's armor takes off the blow; a ram also carries the charger's size
    class and its Pilot check parts.
    """

    charger: EntityId
    target: EntityId
    hexes: int
    setup: AttackSetup
    ram: bool
    weapon: Weapon | None
    attribute: int
    armor: int
    target_can_fall: bool
    size_class: str = "person"
    pilot_parts: tuple[Modifier, ...] = ()

    @property
    def chance(self) -> Fraction:
        """The exact chance the charge's attack hits."""
        return hit_chance(self.setup)

    @property
    def pilot_chance(self) -> Fraction | None:
        """For a ram: the exact chance of the Pilot check made after a hit."""
        return check_chance(self.pilot_parts, pilot_difficulty(self.hexes)) if self.ram else None

    @property
    def damage(self) -> str:
        """The damage dice in words, for the window."""
        if self.ram:
            return charge_dice(self.size_class, self.hexes)
        return f"the higher of 1d6 and {self.weapon.damage}" if self.weapon else "1d6"


def can_knock_down(charger: Stats, target: Stats, target_kind: str) -> bool:
    """Whether a charge can knock this target prone: its size or smaller, and able to fall."""
    return target_kind != "vehicle" and SIZE_RANK.get(target.size_class, 0) <= SIZE_RANK.get(charger.size_class, 0)


def sharp_turn(start: Hex, path: Sequence[Hex]) -> Hex | None:
    """The first hex where an adjacent-step path turns more than 60 degrees, or None."""
    heading, here = None, start
    for step in path:
        direction = direction_to_neighbor(here, step)
        if heading is not None and (direction - heading) % 6 not in SOFT_TURNS:
            return here
        heading, here = direction, step
    return None


def ready_problem(scene: Scene, charger: EntityId) -> str | None:
    """Why this combatant cannot charge anyone now (prone, or its actions spent), or None."""
    if scene.world.has(charger, Prone):
        return "stand up first (it takes the Move action)"
    spread = spread_problem(scene.world, charger, "charge as one")
    if spread:
        return spread
    left = scene.world.get(charger, TurnBudget)
    if not (left.move and left.main):
        return "a charge takes both the Move and the Main action, and one is already used"
    return None


def _run_problem(scene: Scene, charger: EntityId, target: EntityId, path: Sequence[Hex]) -> str | None:
    world = scene.world
    allies_block = scene.setup.setting("allies_block_movement", False)
    points = world.get(charger, Stats).move_hexes
    problem = path_problem(scene.setup.field, world, charger, path, points, allies_block, scene.place)
    if problem:
        return f"cannot charge along that path: {problem}"
    corner = sharp_turn(world.get(charger, Position).hex, path)
    if corner is not None:
        return f"the path turns more than 60 degrees at {scene.place(corner)}: a charge runs straight or in soft turns"
    return None


def strike_plan(scene: Scene, charger: EntityId, target: EntityId, from_hex: Hex, hexes: int) -> ChargePlan | str:
    """The charge's blow from `from_hex` after running `hexes` hexes, or why it cannot land."""
    problem = target_problem(scene, charger, target)
    if problem:
        return problem
    world = scene.world
    if distance(from_hex, world.get(target, Position).hex) != 1:
        return f"the charge must end next to {scene.name(target)}"
    mine, theirs = world.get(charger, Stats), world.get(target, Stats)
    falls = can_knock_down(mine, theirs, world.get(target, Identity).kind)
    if world.get(charger, Identity).kind in VEHICLE_KINDS:
        return _ram_plan(scene, charger, target, from_hex, hexes, falls)
    weapon = weapon_in_hand(scene, charger)
    stabbing = weapon if weapon.is_melee and weapon.id != UNARMED else None
    skills, attributes = ((weapon.skill,), weapon.attributes) if stabbing else (UNARMED_SKILLS, BARE_HANDS)
    parts, attribute, untrained = attack_parts(scene, charger, skills, attributes)
    setup = melee_setup(scene, charger, target, from_hex, parts, untrained, theirs.ac)
    blow = (stabbing or scene.setup.catalog.weapons[UNARMED]).weapon_class
    cover = cover_lookup(scene.setup.field, from_hex, world.get(target, Position).hex, blow)
    armor = effective_armor((cover.armor, theirs.armor), stabbing.armor_piercing if stabbing else 0)
    return ChargePlan(charger, target, hexes, setup, False, stabbing, attribute, armor, falls)


def _ram_plan(scene: Scene, charger: EntityId, target: EntityId, from_hex: Hex, hexes: int,
              falls: bool) -> ChargePlan | str:
    mine, theirs = scene.world.get(charger, Stats), scene.world.get(target, Stats)
    if mine.size_class not in CHARGE_DICE_PER_HEX:
        return (f"{scene.name(charger)} has size class '{mine.size_class}', which has no ram damage "
                f"(one of: {', '.join(CHARGE_DICE_PER_HEX)})")
    parts, _, _ = attack_parts(scene, charger, (), ())
    setup = melee_setup(scene, charger, target, from_hex, parts, False, theirs.ac)
    pilot = skill_parts("Pilot", mine.pilot, "DEX", mine.attribute("dex"))
    return ChargePlan(charger, target, hexes, setup, True, None, 0, effective_armor((theirs.armor,)),
                      falls, mine.size_class, pilot)


def plan_charge(scene: Scene, charger: EntityId, target: EntityId, path: Sequence[Hex]) -> ChargePlan | str:
    """The plan for charging `target` along `path` (odds, damage dice), or why it cannot be made."""
    problem = target_problem(scene, charger, target) or _run_problem(scene, charger, target, path)
    if problem:
        return problem
    return strike_plan(scene, charger, target, path[-1], len(path))


def _headings(heading: int | None) -> tuple[int, ...]:
    return tuple(range(6)) if heading is None else tuple((heading + turn) % 6 for turn in (5, 0, 1))


def charge_paths(scene: Scene, charger: EntityId, target: EntityId) -> dict[Hex, ChargeRoute]:
    """Every hex a charge on `target` can end on, each with its cheapest legal path.

    A search over (hex, last direction) states by movement spent; ties go to fewer steps,
    then to the smaller path in hex order, so the routes shown are always the same. Empty
    when the charge cannot be made at all (prone, actions used, not an enemy).
    """
    if ready_problem(scene, charger) or target_problem(scene, charger, target):
        return {}
    world, field = scene.world, scene.setup.field
    rule = passage_rule(world, charger, scene.setup.setting("allies_block_movement", False))
    ends = set(neighbors(world.get(target, Position).hex))
    points = world.get(charger, Stats).move_hexes
    best: dict[tuple[Hex, int | None], int] = {}
    frontier: list[tuple[int, int, tuple[Hex, ...], Hex, int | None]] = [
        (0, 0, (), world.get(charger, Position).hex, None)]
    routes: dict[Hex, ChargeRoute] = {}
    while frontier:
        cost, steps, path, here, heading = heapq.heappop(frontier)
        if path and here in ends and here not in routes and rule(here) == "free":
            routes[here] = ChargeRoute(here, cost, path)
        for direction in _headings(heading):
            step = neighbor(here, direction)
            step_cost = field.move_cost(step)
            if step_cost is None or rule(step) == "blocked" or cost + step_cost > points:
                continue
            if cost + step_cost < best.get((step, direction), points + 1):
                best[(step, direction)] = cost + step_cost
                heapq.heappush(frontier, (cost + step_cost, steps + 1, path + (step,), step, direction))
    return dict(sorted(routes.items()))


# -- resolving ------------------------------------------------------------------------------
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


def finish_charges(scene: Scene) -> None:
    """Land every charge whose run is over (the battle calls this once no prompt is open)."""
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
    walk(scene, action.actor, action.path)
    if scene.pending and scene.dice.remaining:
        raise DiceError(f"overwatch interrupts {scene.name(action.actor)}'s charge: enter the charge's "
                        "dice with the last answer to it, not with the charge")

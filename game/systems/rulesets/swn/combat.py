"""The combat core every SWN mechanic shares: planning and rolling an attack, dealing its damage,
a squad's volley, shock on a miss and the heroic overflow a hit starts (SWN core Attack; seed
002 Cover, Aimed Shot, Overwatch; seed 000). Who is who and the attacker's parts of the roll are
`attackers`; the line of fire and meat shields `line_of_fire`; the overflow as it lands `spill`.

The targeting preview and the attack itself build the same `AttackPlan`, so the chance the
window shows is the chance the engine rolls against. Mechanics import this module and never
each other.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from game.actions import Action, Attack, OverwatchFire
from game.components import Allegiance, Armament, Prone, Squad, Stats, TotalDefense
from game.ecs import EntityId
from game.events import Attacked, DamageRolled, OverflowSource, ShockDealt
from game.hexgrid import Hex, distance
from game.memo import remembered
from game.prompts import RollWaiting, Spilling
from game.rules.swn.attack import (
    AttackResult,
    AttackSetup,
    Modifier,
    Situation,
    hit_chance,
    make_setup,
    resolve_attack,
    target_number,
)
from game.rules.catalog import Weapon
from game.rules.cover import CoverReading
from game.rules.swn.damage import (
    Shock,
    after_armor,
    effective_armor,
    heroic_reading,
    reads_on_table,
    roll_damage,
    shock_damage,
)
from game.rules.hero_points import negated_roll
from game.rules.swn.overflow import Candidate
from game.slots import slot_maker
from game.systems.budget import needs
from game.systems.footprint import footprint
from game.systems.rulesets.swn.attackers import is_person, is_vehicle, side_morale, weapon_in_hand, weapon_parts
from game.systems.rulesets.swn.line_of_fire import line_of_fire
from game.systems.rulesets.swn.offers import flat_roll, offer_damage_negation, offer_negation, offer_on_miss
from game.systems.rulesets.swn.spill import plan_spill, points_to_drop, spill_steps
from game.systems.scene import Scene, hostile, in_the_fight
from game.systems.rulesets.swn.squads import squad_volley, with_group_bonus
from game.systems.targets import enemies_in_the_fight, target_problem
from game.systems.wounds import take_damage



# -- planning an attack with the weapon in hand --------------------------------------------
@dataclass(frozen=True, slots=True)
class AttackPlan:
    """Everything decided before the die is rolled: the odds come from `setup`."""

    attacker: EntityId
    target: EntityId
    weapon: Weapon
    setup: AttackSetup
    cover: CoverReading
    attribute: int
    burst: bool
    cover_armor: int  # the cover armor that counts against this attack (aimed shots, overwatch)
    distance: int
    aimed: bool = False
    overwatch: bool = False
    aim: tuple[Hex, ...] = ()  # a shot from overwatch at a squad on a hex of its route it has left

    @property
    def ignores_cover_armor(self) -> bool:
        """Whether this attack gets past some of the cover's armor (aimed shot, overwatch)."""
        return self.cover_armor < self.cover.armor

    @property
    def chance(self) -> Fraction:
        """The exact chance to hit."""
        return hit_chance(self.setup)


_make_plan = slot_maker(AttackPlan)
"""`AttackPlan(...)` set slot by slot: every attack option and every attack makes one."""


def _enemy_adjacent(scene: Scene, entity: EntityId) -> bool:
    """Whether an enemy in the fight stands next to any hex of the combatant (squads: any hex)."""
    world, field = scene.world, scene.setup.field
    mine = set(footprint(world, entity))
    side = scene.side_of(entity)
    for hex_ in mine:  # off the map nobody stands, so the map's own neighbours are enough
        for near in field.neighbours_on_map(hex_):
            other = world.at(near)
            if other is not None and near not in mine and hostile(side, scene.side_of(other)) \
                    and in_the_fight(world, other):
                return True
    return False



def plan_attack(scene: Scene, attacker: EntityId, target: EntityId, burst: bool = False,
                aimed: bool = False, overwatch: bool = False) -> AttackPlan | str:
    """The plan for an attack with the weapon in hand, or the reason it cannot be made."""
    problem = target_problem(scene, attacker, target)
    if problem:
        return problem
    world = scene.world
    weapon = weapon_in_hand(scene, attacker)
    if weapon.blast_radius_m:
        return f"a {weapon.name} is thrown at a hex, not fired at a target"
    if burst and not weapon.burst:
        return f"a {weapon.name} cannot fire bursts"
    fire = line_of_fire(scene, attacker, target, weapon, overwatch)
    if isinstance(fire, str):
        return fire
    a_hex, t_hex, band, cover = fire
    gap = distance(a_hex, t_hex)
    rounds_needed = (3 if burst else 1) if weapon.magazine else 0
    if rounds_needed > world.get(attacker, Armament).rounds:
        return "not enough rounds in the magazine: reload first"
    parts, attribute, untrained, enemy_adjacent, morale = _attackers_side(scene, attacker, weapon)
    setup = with_group_bonus(scene, attacker, _setup(
        parts, world.get(target, Stats).ac, cover.concealment_bonus, weapon.is_melee, band, burst, enemy_adjacent,
        overwatch, aimed, world.has(target, Prone), gap, untrained, morale, side_morale(scene, target),
        world.has(target, TotalDefense)))
    # Overwatch ignores cover armor; an aimed shot ignores all but aim-proof materials (seed 002).
    cover_armor = 0 if overwatch else cover.aim_proof_armor if aimed else cover.armor
    return _make_plan(attacker, target, weapon, setup, cover, attribute, burst, cover_armor, gap, aimed, overwatch, ())


SETUPS_KEPT = 512
"""How many attack setups `_setup` remembers (the one used longest ago going first): a fight
plans a few dozen distinct ones, and a long run must not grow without end."""


@remembered("attack setups", SETUPS_KEPT)
def _setup(parts: tuple[Modifier, ...], target_ac: int, concealment: int, melee: bool, band: str, burst: bool,
           enemy_adjacent: bool, overwatch: bool, aimed: bool, target_prone: bool, gap: int, untrained: bool,
           attacker_morale: int | None, target_morale: int | None, total_defense: bool) -> AttackSetup:
    """`make_setup` of an attack with the weapon in hand, from its situation's values: a pure
    function of them, remembered (a standoff plans the same attacks round after round, 83% of
    them on kessler_ford), so the situation is made only when they are new."""
    situation = Situation(
        melee=melee, range_band=band, burst=burst, long_gun_enemy_adjacent=enemy_adjacent, overwatch=overwatch,
        aimed=aimed, target_prone=target_prone, distance_hexes=gap, untrained=untrained,
        attacker_morale=attacker_morale, target_morale=target_morale, total_defense=total_defense)
    return make_setup(parts, target_ac, situation, concealment)


def _attackers_side(scene: Scene, attacker: EntityId, weapon: Weapon) -> tuple:
    """What an attack takes from the attacker alone, whatever the target: its parts, attribute
    and untrained flag for the weapon, whether a long gun has an enemy adjacent, and its side's
    morale. Remembered on a scene read for options (`Scene.memo`), where every target asks."""
    memo = scene.memo
    key = ("attacker's side", attacker, weapon.id)
    if memo is not None and key in memo:
        return memo[key]
    parts, attribute, untrained = weapon_parts(scene, attacker, weapon)
    adjacent = not weapon.is_melee and not weapon.pistol and _enemy_adjacent(scene, attacker)
    found = (parts, attribute, untrained, adjacent, side_morale(scene, attacker))
    if memo is not None:
        memo[key] = found
    return found



def attack_options(scene: Scene, attacker: EntityId, **options: bool) -> list[tuple[EntityId, AttackPlan | str]]:
    """Every enemy in the fight with its plan (odds, cover) or the reason it cannot be attacked."""
    return [(other, plan_attack(scene, attacker, other, **options)) for other in enemies_in_the_fight(scene, attacker)]


def plan_armor(scene: Scene, plan: AttackPlan) -> int:
    """The armor that counts against the plan's damage: the best of the cover armor that still
    applies and the target's own, less armor piercing."""
    own = scene.world.get(plan.target, Stats).armor
    return effective_armor((plan.cover_armor, own), plan.weapon.armor_piercing)


# -- the Attack action --------------------------------------------------------------------
def check_attack(scene: Scene, action: Attack) -> AttackPlan | str:
    """An attack with the weapon in hand takes the Main action (SWN core; seed 002 Aimed Shot).
    On a scene read for options the answer is remembered (`checked_before`)."""
    memo, key = scene.memo, _checked_key(action)
    found = memo.get(key) if memo is not None else None  # a plan or a refusal: never None
    if found is not None:
        return found
    refusal = needs(scene, action.actor, "main")
    found = refusal or plan_attack(scene, action.actor, action.target, action.burst, action.aimed)
    if memo is not None:
        memo[key] = found
    return found


CHECKED = "checked attack"
"""The key's first part, before the attack's own, of `check_attack`'s answer on a scene read for options."""


def _checked_key(action: Attack) -> tuple:
    """The memo key of an attack: what makes two attacks equal (their type and compared fields;
    not the reason), read straight off it rather than through the dataclass's hash."""
    return CHECKED, type(action), action.actor, action.target, action.burst, action.aimed, action.faces


def checked_before(memo: dict, action: Action) -> AttackPlan | str | None:
    """What `check_attack` answered for this very attack on a scene read for options (`memo`
    is its `Scene.memo`), or None if it was not asked: the same answer it gives again on a
    scene of the same state, as the check reads only the state (no dice), so the battle takes
    the plan its options worked out rather than working it out again."""
    return memo.get(_checked_key(action))


# -- rolling it ---------------------------------------------------------------------------
def strike(scene: Scene, plan: AttackPlan) -> bool:
    """Roll a planned attack and apply its damage (and heroic overflow); returns whether it hit.
    A squad fires one volley read in three bands instead (seed 002, Squads). A miss the attacker
    may spend a hero point on (seed 004) waits for that decision: `finish_shot` then goes on."""
    if scene.world.has(plan.attacker, Squad):
        hit = _volley(scene, plan)
        _spend_rounds(scene, plan)
        return hit
    result = resolve_attack(plan.setup, scene.dice)
    scene.emit(Attacked(plan.attacker, plan.target, result, plan.weapon.id))
    if not result.hit and offer_on_miss(scene, plan.attacker, _as_action(plan), result):
        return False
    return finish_shot(scene, plan, result)


def finish_shot(scene: Scene, plan: AttackPlan, result: AttackResult) -> bool:
    """A rolled shot lands: shock on a miss; on a hit the damage roll, which the one hit may
    negate with hero points (seed 004: `land_hit` then goes on), else it lands at once."""
    if not result.hit:
        deal_shock(scene, plan)
        _spend_rounds(scene, plan)
        return False
    damage = roll_damage(plan.weapon.damage, scene.dice, plan.attribute, plan.burst)
    rolled = read_damage(scene, DamageRolled(plan.attacker, plan.target, damage.roll, plan_armor(scene, plan), 0,
                                             weapon=plan.weapon.id))
    scene.emit(rolled)
    if not offer_negation(scene, plan.attacker, _as_action(plan), result, rolled):
        land_hit(scene, plan, result, rolled.amount)
    return True


def land_hit(scene: Scene, plan: AttackPlan, result: AttackResult, amount: int) -> None:
    """The hit's damage taken and any heroic overflow. The rounds are spent once the overflow's
    victims are chosen (those the shot could have hit as it was fired) and before they take it,
    so nothing is left to do when a hero among them stops the spill to decide (seed 004)."""
    excess = take_damage(scene, plan.target, amount)
    spilling = attack_overflow(scene, plan, result, excess)
    _spend_rounds(scene, plan)
    if spilling is not None:
        spill_steps(scene, spilling)


def _as_action(plan: AttackPlan) -> Action:
    """The action that fires this shot again (a hero point decision keeps it to go on with)."""
    if plan.overwatch:
        return OverwatchFire(plan.attacker, target=plan.target, aim=plan.aim)
    return Attack(plan.attacker, target=plan.target, burst=plan.burst, aimed=plan.aimed)


def _spend_rounds(scene: Scene, plan: AttackPlan) -> None:
    if plan.weapon.magazine:
        armament = scene.world.get(plan.attacker, Armament)
        scene.world.set(plan.attacker, Armament(armament.weapon, armament.rounds - (3 if plan.burst else 1)))


VOLLEY = "a squad's volley"


SHOCK = "shock on a miss"




def _volley(scene: Scene, plan: AttackPlan) -> bool:
    """A squad's volley: flat damage by band and units, no damage roll, no overflow (seed 002).
    A hero it lands on may first negate some of it (seed 004; `swn_negation` then takes the rest)."""
    heroic = reads_on_table(scene.setup.heroic, is_vehicle(scene, plan.target))
    volley = squad_volley(scene, plan.attacker, plan.target, plan.setup, plan.weapon,
                          plan_armor(scene, plan), plan.burst, heroic)
    scene.emit(volley)
    waiting = RollWaiting(VOLLEY, (), 0, other=plan.attacker)
    if volley.amount and not offer_damage_negation(scene, plan.attacker, plan.target, volley.amount, "volley",
                                                   shot=_as_action(plan), damage=flat_roll(volley.damage.amount),
                                                   waiting=waiting):
        take_damage(scene, plan.target, volley.amount)
    return volley.hit


def read_damage(scene: Scene, rolled: DamageRolled, negated: int = 0) -> DamageRolled:
    """Rolled damage read through armor, on the heroic table for persons (seed 000): `rolled` (the
    roll, the armor, where it came from) with its amount and reading filled in, nothing applied.
    `negated` points come off the roll first (hero points, seed 004: before the table reads it)."""
    damage, armor = negated_roll(rolled.roll, negated), rolled.armor
    if reads_on_table(scene.setup.heroic, is_vehicle(scene, rolled.target)):
        reading = heroic_reading(damage, armor)
        return replace(rolled, roll=damage, amount=reading.points, reading=reading)
    return replace(rolled, roll=damage, amount=after_armor(max(0, damage.total), armor))


def deal_shock(scene: Scene, plan: AttackPlan) -> None:
    """A missed melee attack still deals its Shock, compared with the number it was rolled against;
    a hero it lands on may first negate some of it (seed 004; `swn_negation` then takes the rest)."""
    if not plan.weapon.shock:
        return
    amount = shock_damage(Shock(*plan.weapon.shock), target_number(plan.setup), plan.attribute, scene.setup.heroic)
    if not amount:
        return
    scene.emit(ShockDealt(plan.attacker, plan.target, amount, plan.weapon.id))
    waiting = RollWaiting(SHOCK, (), 0, other=plan.attacker)
    if not offer_damage_negation(scene, plan.attacker, plan.target, amount, "shock on a miss", shot=_as_action(plan),
                                 damage=flat_roll(amount), waiting=waiting):
        take_damage(scene, plan.target, amount)



def attack_candidates(scene: Scene, plan: AttackPlan) -> list[Candidate]:
    """Every other person the attacker could have attacked, with the number its roll had to reach."""
    candidates = []
    for other, _ in scene.world.query(Allegiance):
        if other in (plan.target, plan.attacker) or not is_person(scene, other):
            continue
        could = plan_attack(scene, plan.attacker, other, burst=plan.burst)
        if isinstance(could, str):
            continue
        candidates.append(Candidate(other, target_number(could.setup), could.distance, points_to_drop(scene, other)))
    return candidates


def attack_overflow(scene: Scene, plan: AttackPlan, result: AttackResult, excess: int) -> Spilling | None:
    """After a hit dropped its target with points to spare, the spill onto foes the same roll could
    have hit, planned (heroic persons only; vehicles read damage straight, area damage never spills)."""
    if not (scene.setup.heroic and excess > 0 and is_person(scene, plan.target)):
        return None
    source = OverflowSource(plan.attacker, "shot", plan.weapon.id)
    return plan_spill(attack_candidates(scene, plan), excess, result.total, Spilling(source, attack=_as_action(plan),
                                                                                     result=result))

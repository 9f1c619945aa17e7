"""Disarm (seed 002), and the weapons it leaves lying about: picking them up and readying them.

Disarm is the Main action against an adjacent enemy: a melee attack roll with the weapon in
hand if it is a melee weapon, bare-handed otherwise. A hit deals no damage; it leads to
opposed 2d6 skill rolls with the defender at +3 (`game.rules.swn.maneuvers.disarm`). By 3 or more
the attacker takes the weapon (`Disarm.take`) or leaves it on the target's hex; by 1 or 2 it
lands one hex away in a rolled direction; a tie drops both weapons. A direction that points
off the map or into impassable ground leaves the weapon on its owner's hex.
Interpretations: docs/rules/protect-disarm.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from game.actions import Disarm, PickUp, ReadyWeapon
from game.components import Armament, Carried, DroppedWeapon, Identity, Position, Squad, Stats
from game.systems.rulesets.swn.components import CarriedRounds
from game.ecs import EntityId, World
from game.events import Attacked, CheckRolled, ConditionChanged, DisarmSettled, DropRolled, WeaponDropped, WeaponTaken
from game.hexgrid import Hex, distance, neighbor
from game.prompts import HeroPointChance, RollWaiting
from game.rules.swn.attack import AttackResult, Modifier, resolve_attack
from game.rules.swn.maneuvers import (
    DISARM_DEFENDER_BONUS,
    DirectionRoll,
    disarm_outcome,
    disarm_rolls,
    disarm_short_by,
    drop_rolls,
)
from game.rules.swn.saves import SkillRoll, skill_parts
from game.systems.budget import needs, spend
from game.systems.rulesets.swn.attackers import UNARMED, is_person, weapon_in_hand
from game.systems.rulesets.swn.combat import AttackPlan, plan_attack
from game.systems.targets import target_problem
from game.systems.rulesets.swn.offers import offer_on_miss
from game.systems.hero_chances import offer_on_roll
from game.systems.scene import Scene, hostile
from game.systems.targets import weapons_on


GRIP_ATTRIBUTES = ("dex", "str")  # Seed 002: the weapon skill with Dex or Str, the better one


@dataclass(frozen=True, slots=True)
class DisarmOdds:
    """The exact chances of a disarm: the attack's plan and each outcome of the whole maneuver."""

    plan: AttackPlan
    takes: Fraction
    drops: Fraction
    both_drop: Fraction
    nothing: Fraction

    @property
    def hit(self) -> Fraction:
        """The chance the melee attack roll hits."""
        return self.plan.chance


# -- holding and carrying -----------------------------------------------------------------
def held_weapon(world: World, entity: EntityId) -> str | None:
    """The weapon id in hand, or None when empty-handed (bare hands count as empty)."""
    weapon = world.get(entity, Armament).weapon
    return None if weapon in (None, UNARMED) else weapon


def carried(world: World, entity: EntityId) -> list[tuple[str, int]]:
    """The carried weapons with the rounds in each, in the order they were stowed."""
    weapons = world.try_get(entity, Carried) or Carried()
    rounds = (world.try_get(entity, CarriedRounds) or CarriedRounds()).rounds
    return [(w, rounds[i] if i < len(rounds) else 0) for i, w in enumerate(weapons.weapons)]


def _set_carried(world: World, entity: EntityId, items: list[tuple[str, int]]) -> None:
    world.set(entity, Carried(tuple(w for w, _ in items)))
    world.set(entity, CarriedRounds(tuple(r for _, r in items)))


def _stow(world: World, entity: EntityId, weapon: str, rounds: int) -> None:
    _set_carried(world, entity, carried(world, entity) + [(weapon, rounds)])


def _unstow(world: World, entity: EntityId, weapon: str) -> int:
    """Take the first carried weapon of this id out of the pack; returns its rounds."""
    items = carried(world, entity)
    index = next(i for i, (w, _) in enumerate(items) if w == weapon)
    rounds = items.pop(index)[1]
    _set_carried(world, entity, items)
    return rounds


# -- the disarm attack --------------------------------------------------------------------
def disarm_plan(scene: Scene, actor: EntityId, target: EntityId) -> AttackPlan | str:
    """The melee attack of a disarm: the melee weapon in hand, or bare hands (no other weapon)."""
    if weapon_in_hand(scene, actor).is_melee:
        return plan_attack(scene, actor, target)
    bare = scene.world.snapshot()
    bare.set(actor, Armament(None))
    return plan_attack(Scene(scene.setup, bare, scene.dice, scene.round, scene.sides), actor, target)


def grip_parts(scene: Scene, entity: EntityId, weapon: str) -> tuple[Modifier, ...]:
    """Weapon skill plus the better of Dex and Str (Seed 002, Disarm); NPCs use their skill bonus."""
    stats = scene.world.get(entity, Stats)
    skill = scene.setup.catalog.weapons[weapon].skill
    level = stats.skill(skill) if scene.world.get(entity, Identity).kind == "pc" else stats.skill_bonus
    attribute = max(GRIP_ATTRIBUTES, key=stats.attribute)
    return skill_parts(skill.title(), level, attribute.title(), stats.attribute(attribute))


def disarm_problem(scene: Scene, actor: EntityId, target: EntityId) -> str | None:
    """Why the actor cannot try to disarm this target now (the Main action aside), or None."""
    world = scene.world
    problem = target_problem(scene, actor, target)
    if problem:
        return problem
    if not is_person(scene, actor):
        return "only a person can disarm (vehicle and mech weapons are mounted)"
    if not is_person(scene, target) or world.has(target, Squad):
        return "only a single person can be disarmed (mounted weapons and squads cannot)"
    if distance(world.get(actor, Position).hex, world.get(target, Position).hex) != 1:
        return "a disarm needs an adjacent enemy"
    if held_weapon(world, target) is None:
        return f"{scene.name(target)} holds no weapon"
    plan = disarm_plan(scene, actor, target)
    return plan if isinstance(plan, str) else None


def disarm_odds(scene: Scene, actor: EntityId, target: EntityId) -> DisarmOdds:
    """Exact odds of each disarm outcome, counted over the d20 and both 2d6 rolls."""
    plan = disarm_plan(scene, actor, target)
    mine = sum(m.value for m in grip_parts(scene, actor, plan.weapon.id))
    theirs = sum(m.value for m in grip_parts(scene, target, held_weapon(scene.world, target)))
    counts = {"attacker decides": 0, "weapon drops": 0, "both drop": 0, "nothing": 0}
    for a, b, c, d in product(range(1, 7), repeat=4):
        counts[disarm_outcome((a + b + mine) - (c + d + theirs + DISARM_DEFENDER_BONUS))] += 1
    share = {outcome: plan.chance * Fraction(n, 6 ** 4) for outcome, n in counts.items()}
    return DisarmOdds(plan, share["attacker decides"], share["weapon drops"], share["both drop"], share["nothing"])


def disarm_targets(scene: Scene, actor: EntityId) -> list[tuple[EntityId, DisarmOdds | str]]:
    """Every adjacent enemy with the disarm odds, or why it cannot be disarmed."""
    here = scene.world.get(actor, Position).hex
    side = scene.side_of(actor)
    found = []
    for other, position in scene.world.query(Position):
        if other == actor or distance(here, position.hex) != 1 or not hostile(side, scene.side_of(other)):
            continue
        problem = disarm_problem(scene, actor, other)
        found.append((other, problem or disarm_odds(scene, actor, other)))
    return found


def _landing(scene: Scene, origin: Hex, drop: DirectionRoll) -> Hex:
    """One hex from the owner in the rolled direction; off the map or impassable: stays put."""
    hex_ = neighbor(origin, drop.index)
    return hex_ if scene.setup.field.enterable(hex_) else origin


def _drop(scene: Scene, owner: EntityId, roller: EntityId, drop: DirectionRoll | None) -> None:
    """The owner's weapon in hand falls: on its hex, or one hex away in the rolled direction."""
    weapon = held_weapon(scene.world, owner)
    origin = scene.world.get(owner, Position).hex
    if drop is not None:
        scene.emit(DropRolled(roller, owner, drop))
    if weapon is None:
        scene.emit(ConditionChanged(owner, "disarmed", False, "empty hand"))
        return
    rounds = scene.world.get(owner, Armament).rounds
    hex_ = origin if drop is None else _landing(scene, origin, drop)
    scene.world.set(owner, Armament(None))
    scene.world.spawn(DroppedWeapon(weapon, hex_, rounds))
    scene.emit(ConditionChanged(owner, "disarmed", True))
    scene.emit(WeaponDropped(weapon, hex_, owner, blocked=drop is not None and hex_ == origin))


def _take(scene: Scene, actor: EntityId, target: EntityId) -> None:
    weapon = held_weapon(scene.world, target)
    rounds = scene.world.get(target, Armament).rounds
    scene.world.set(target, Armament(None))
    _stow(scene.world, actor, weapon, rounds)
    scene.emit(ConditionChanged(target, "disarmed", True))
    scene.emit(WeaponTaken(actor, weapon, "carried", "take"))


def _settle(scene: Scene, action: Disarm, outcome: str, drops: tuple[DirectionRoll, ...]) -> None:
    actor, target = action.actor, action.target
    if outcome == "attacker decides" and action.take:
        _take(scene, actor, target)
    elif outcome == "attacker decides":
        _drop(scene, target, actor, None)
    elif outcome in ("weapon drops", "both drop"):
        _drop(scene, target, actor, drops[0])
        if outcome == "both drop":
            _drop(scene, actor, actor, drops[1])
    else:
        scene.emit(ConditionChanged(target, "disarmed", False, "kept hold"))


def check_disarm(scene: Scene, action: Disarm) -> AttackPlan | str:
    """Seed 002 Disarm as the Main action against an adjacent enemy holding a weapon; the plan
    is the melee attack roll's."""
    problem = needs(scene, action.actor, "main") or disarm_problem(scene, action.actor, action.target)
    return problem or disarm_plan(scene, action.actor, action.target)


def disarm_target(scene: Scene, action: Disarm, plan: AttackPlan) -> None:
    """The melee attack; an attacker who missed may spend a hero point on it (seed 004: the answer
    then lands it, `disarm_lands`, or not)."""
    spend(scene, action.actor, "main")
    attack = resolve_attack(plan.setup, scene.dice)
    scene.emit(Attacked(action.actor, action.target, attack, plan.weapon.id, "disarm"))
    if not attack.hit and offer_on_miss(scene, action.actor, action, attack):
        return
    disarm_lands(scene, action, plan, attack)


OPPOSED_ROLLS = "disarm's opposed rolls"


PURPOSES = ("disarm", "keep hold")  # the attacker's roll, the defender's


def disarm_lands(scene: Scene, action: Disarm, plan: AttackPlan, attack: AttackResult) -> None:
    """The attack roll as it stands: on a hit the opposed rolls, which whoever lost them may spend
    a hero point on (seed 004: `rolls_land` then settles them), else where the weapons end up."""
    if not attack.hit:
        return
    actor, target = action.actor, action.target
    mine = grip_parts(scene, actor, plan.weapon.id)
    theirs = grip_parts(scene, target, held_weapon(scene.world, target))
    rolls = disarm_rolls(mine, theirs, scene.dice)
    for who, rolled, purpose in zip((actor, target), rolls, PURPOSES):
        scene.emit(CheckRolled(who, purpose, rolled))
    margin = rolls[0].total - rolls[1].total
    attacker_lost = margin < 0
    loser, winner, side = (actor, target, 0) if attacker_lost else (target, actor, 1)
    waiting = RollWaiting(OPPOSED_ROLLS, rolls, disarm_short_by(margin, attacker_lost), side, other=winner)
    if offer_on_roll(scene, loser, f"lost the opposed roll to {PURPOSES[side]}", action, waiting):
        return
    _settled(scene, action, rolls)


def rolls_land(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> None:
    """The opposed rolls as they stand after a hero point decision, and where the weapons end up."""
    if bought:
        scene.emit(CheckRolled(chance.decider, PURPOSES[waiting.mine], waiting.roll))
    _settled(scene, chance.attack, waiting.rolls)


def _settled(scene: Scene, action: Disarm, rolls: tuple[SkillRoll, SkillRoll]) -> None:
    """The margin decides (Seed 002, Disarm); the drop directions are rolled for it."""
    margin = rolls[0].total - rolls[1].total
    outcome = disarm_outcome(margin)
    scene.emit(DisarmSettled(action.actor, action.target, margin, outcome))
    _settle(scene, action, outcome, drop_rolls(margin, scene.dice))


# -- picking up and readying --------------------------------------------------------------
def _lying_here(scene: Scene, actor: EntityId, weapon: str) -> tuple[EntityId, DroppedWeapon] | None:
    here = scene.world.get(actor, Position).hex
    return next(((e, d) for e, d in weapons_on(scene, here) if weapon in ("", d.weapon)), None)


def check_pick_up(scene: Scene, action: PickUp) -> tuple[EntityId, DroppedWeapon] | str:
    """Picking up a weapon lying on one's own hex takes the Move action; the plan is the weapon."""
    if not is_person(scene, action.actor):
        return "only a person can pick up a weapon"
    lying = _lying_here(scene, action.actor, action.weapon)
    if lying is None:
        what = f"no {action.weapon}" if action.weapon else "no weapon"
        return f"there is {what} lying on this hex"
    return needs(scene, action.actor, "move") or lying


def pick_up(scene: Scene, action: PickUp, plan: tuple[EntityId, DroppedWeapon]) -> None:
    """Into an empty hand, else stowed."""
    actor = action.actor
    entity, lying = plan
    spend(scene, actor, "move")
    scene.world.despawn(entity)
    if held_weapon(scene.world, actor) is None:
        scene.world.set(actor, Armament(lying.weapon, lying.rounds))
        scene.emit(WeaponTaken(actor, lying.weapon, "hand", "pick up"))
    else:
        _stow(scene.world, actor, lying.weapon, lying.rounds)
        scene.emit(WeaponTaken(actor, lying.weapon, "carried", "pick up"))


def check_ready_weapon(scene: Scene, action: ReadyWeapon) -> ReadyWeapon | str:
    """Taking a carried weapon in hand is an On-turn action, like drawing a weapon (SWN core),
    so it costs neither the Main nor the Move action."""
    if action.weapon not in [w for w, _ in carried(scene.world, action.actor)]:
        if held_weapon(scene.world, action.actor) == action.weapon:
            return f"the {scene.weapon(action.weapon)} is already in hand"
        return f"not carrying a weapon '{action.weapon}'"
    return action


def ready_weapon(scene: Scene, action: ReadyWeapon, plan: ReadyWeapon) -> None:
    """Take the weapon in hand, stowing the one held."""
    world, actor = scene.world, action.actor
    rounds = _unstow(world, actor, action.weapon)
    held = held_weapon(world, actor)
    if held is not None:
        _stow(world, actor, held, world.get(actor, Armament).rounds)
    world.set(actor, Armament(action.weapon, rounds))
    scene.emit(WeaponTaken(actor, action.weapon, "hand", "ready", held or ""))

"""Asking SWN's characters about hero points (seed 004, map module `hero_points`): a missed
attack roll, and damage about to land (its hit, a blast, a volley, shock, heroic overflow).
"""

from __future__ import annotations

from game.actions import Action
from game.ecs import EntityId
from game.events import DamageRolled
from game.prompts import HeroPointChance, NegationChance, RollWaiting, Spilling
from game.rules.swn.attack import AttackResult
from game.rules.dice import Roll
from game.systems.hero_chances import shot_place, offer_after, offer_negation_chance
from game.systems.scene import Scene


def offer_on_miss(scene: Scene, attacker: EntityId, shot: Action, result: AttackResult) -> bool:
    """Ask the SWN attacker who missed whether to spend a hero point on the d20 roll (Seed 004); a
    natural 1 misses whatever is added, so nobody is asked. A shot fired in answer to an overwatch
    decision is settled right after it, before the next decision (True if asked)."""
    if result.face == 1:
        return False
    question = f"{scene.name(attacker)} missed: spend a hero point on the roll?"
    return offer_after(scene, HeroPointChance(attacker, question, shot, result=result), shot_place(scene, attacker))


def offer_negation(scene: Scene, attacker: EntityId, shot: Action | None, result: AttackResult | None,
                   rolled: DamageRolled, waiting: RollWaiting | None = None, what: str = "hit") -> bool:
    """Ask the character an SWN attack's damage roll struck whether to spend hero points to take
    less of it (Seed 004, Negating Damage); `waiting` is where an action other than a shot's hit
    goes on from (a charge's blow, a ram, a blocked shove). See `offer_negation_chance` (True if asked)."""
    return offer_damage_negation(scene, attacker, rolled.target, rolled.amount, what, shot=shot, result=result,
                                 damage=rolled.roll, armor=rolled.armor, waiting=waiting)


def offer_damage_negation(scene: Scene, attacker: EntityId, target: EntityId, amount: int, what: str, *,
                          shot: Action | None = None, result: AttackResult | None = None, damage: Roll | None = None,
                          armor: int = 0, waiting: RollWaiting | None = None, spilling: Spilling | None = None) -> bool:
    """Ask whoever an SWN attack's damage is about to land on (its hit, blast, volley, shock...)
    whether to negate some of it (Seed 004, Negating Damage): `amount` as it stands, `damage` the
    roll it was read from. A flat amount comes as a roll of no dice (`flat_roll`); overflow brings
    the rest of its spill (`spilling`). True if asked."""
    question = (f"{scene.name(attacker)}'s {what} deals {amount} damage to {scene.name(target)}: "
                "spend hero points to negate some of it?")
    chance = NegationChance(target, question, shot, result, damage, armor, amount, waiting=waiting, spilling=spilling)
    return offer_negation_chance(scene, attacker, chance)


def flat_roll(amount: int) -> Roll:
    """Damage dealt without dice (a squad's flat volley, shock on a miss) as a roll of no dice."""
    return Roll(str(amount), (), (), amount)

"""Who may spend a hero point on a roll just seen, and opening that decision (Seed 004, module `hero_points`).

The foundation every ruleset's attack reads: a combatant's own points, its side's pool, whether
the map turns the module on, and `offer_after`, which opens the decision. The answers (spend,
counter, hold) live in `game/systems/rulesets/hero_points/`, and each ruleset asks about its own
rolls (SWN: `game/systems/rulesets/swn/offers.py`).
"""

from __future__ import annotations

from game.actions import Action
from game.components import HeroPoints, Identity, Trademark
from game.ecs import EntityId
from game.prompts import HeroPointChance, NegationChance, OverwatchChance, RollWaiting
from game.rules.hero_points import can_turn, may_protect_equipment
from game.systems.scene import Scene


MODULE = "hero_points"


def enabled(scene: Scene) -> bool:
    """Whether the map turns hero points on (map property `modules`)."""
    return MODULE in scene.setup.modules


def points(scene: Scene, entity: EntityId) -> int:
    """The combatant's own hero points left."""
    held = scene.world.try_get(entity, HeroPoints)
    return held.points if held is not None else 0


def pool(scene: Scene, entity: EntityId) -> int:
    """The hero points in the pool of the combatant's side."""
    return scene.sides[scene.side_of(entity)].hero_pool


def offer_after(scene: Scene, prompt: HeroPointChance, at: int | None = None) -> bool:
    """Open the decision when hero points are on and the one who lost the roll has a point of its
    own or in its side's pool; True if opened. It waits behind the decisions already open, or
    at place `at` in their queue (a shot fired in answer to one: right after that one)."""
    if not enabled(scene) or points(scene, prompt.decider) + pool(scene, prompt.decider) < 1:
        return False
    scene.pending.insert(_at(scene, at), prompt)
    return True


def offer_on_roll(scene: Scene, decider: EntityId, lost: str, action: Action | None, waiting: RollWaiting,
                  on: str = "it", at: int | None = None) -> bool:
    """Ask whoever lost a roll other than an attack roll (a save, a check, an opposed or a stealth
    roll, a seed 003 check) whether to spend a hero point on it (Seed 004); the action waits at
    `waiting.step`. A roll nothing bought could turn (a save's natural 1, a d100 task with an MCS
    of 0) is not asked about (True if asked). It waits behind the decisions open, or at place `at`."""
    if not can_turn(waiting.roll):
        return False
    question = f"{scene.name(decider)} {lost}: spend a hero point on {on}?"
    return offer_after(scene, HeroPointChance(decider, question, action, waiting=waiting), at)


def shot_place(scene: Scene, attacker: EntityId) -> int | None:
    """Where a decision about the attacker's shot waits: right after the overwatch decision the
    shot answers (still open while it is fired), else behind every decision open."""
    answering = bool(scene.pending) and isinstance(scene.pending[0], OverwatchChance) \
        and scene.pending[0].decider == attacker
    return 1 if answering else None


def may_negate(scene: Scene, entity: EntityId) -> bool:
    """Whether hero points may negate damage to this combatant: a character (PC or NPC) always; a
    vehicle or mech only when it is its crew's trademark item (Seed 004, Damage to Equipment)."""
    identity = scene.world.get(entity, Identity)
    if identity.kind in ("pc", "npc"):
        return True
    trademark = scene.world.try_get(entity, Trademark)
    return may_protect_equipment(trademark.item if trademark else None, identity.unit_type)


def offer_negation_chance(scene: Scene, attacker: EntityId, chance: NegationChance) -> bool:
    """Open a negation decision (any ruleset's hit, Seed 004, Negating Damage): only for a hit that
    does something (`amount` 1 or more), to someone with a point of their own or in their side's
    pool, who may negate it (`may_negate`). It waits like a decision on the attacker's shot (True if asked)."""
    target = chance.decider
    if not enabled(scene) or chance.amount < 1 or points(scene, target) + pool(scene, target) < 1:
        return False
    if not may_negate(scene, target):
        return False
    scene.pending.insert(_at(scene, shot_place(scene, attacker)), chance)
    return True


def _at(scene: Scene, place: int | None) -> int:
    return len(scene.pending) if place is None else place

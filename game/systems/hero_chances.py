"""Who may spend a hero point on a roll just seen, and opening that decision (Seed 004, module `hero_points`).

The foundation every ruleset's attack reads: a combatant's own points, its side's pool, whether
the map turns the module on, and `offer_after`, which opens the decision. The answers (spend,
counter, hold) live with the rulesets (`game/systems/rulesets/hero_points.py`).
"""

from __future__ import annotations

from game.actions import Action
from game.components import HeroPoints
from game.ecs import EntityId
from game.prompts import HeroPointChance, OverwatchChance
from game.rules.attack import AttackResult
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
    scene.pending.insert(len(scene.pending) if at is None else at, prompt)
    return True


def offer_on_miss(scene: Scene, attacker: EntityId, shot: Action, result: AttackResult) -> bool:
    """Ask the SWN attacker who missed whether to spend a hero point on the d20 roll (Seed 004); a
    natural 1 misses whatever is added, so nobody is asked. A shot fired in answer to an overwatch
    decision is settled right after it, before the next decision (True if asked)."""
    if result.face == 1:
        return False
    question = f"{scene.name(attacker)} missed: spend a hero point on the roll?"
    answering = bool(scene.pending) and isinstance(scene.pending[0], OverwatchChance)
    return offer_after(scene, HeroPointChance(attacker, question, shot, result=result), 1 if answering else None)

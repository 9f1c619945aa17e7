"""Protective stances (seed 002 Protect): who is guarding whom, which mechs shield, who can snap.

Read by the attack planner (a shielding mech is cover for the allies behind it) and by the
Protect system, so it depends on neither.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.components import Guarding, Identity, MainSpent, Position, Shielding, Stats, TurnBudget
from game.ecs import EntityId
from game.hexgrid import distance
from game.rules.cover import ArmorRow, Concealment, Material
from game.systems.context import Scene, camp, in_the_fight
from game.systems.handlers import main_unused_this_round
from game.systems.sight import Shield

PERSON_KINDS = ("npc", "pc")
SHIELD_CONCEALMENT = Concealment("shielded", "Shielded by a mech", 2)  # seed 002: minor concealment, +2 AC


@dataclass(frozen=True, slots=True)
class ProtectSince:
    """The round a Guarding or Shielding stance was taken (it lapses at its owner's next turn)."""

    round: int



def stance_in_force(scene: Scene, entity: EntityId) -> bool:
    """Set in round R, in force until the owner's next turn gives it a fresh Main action."""
    since = scene.world.try_get(entity, ProtectSince)
    spent = scene.world.try_get(entity, MainSpent)
    if since is None or spent is None or not in_the_fight(scene.world, entity):
        return False
    return spent.round == since.round and not scene.world.get(entity, TurnBudget).main and scene.round - since.round in (0, 1)


def guarded_ally(scene: Scene, guard: EntityId) -> EntityId | None:
    """The ally this combatant is guarding now (Protect, person), or None."""
    guarding = scene.world.try_get(guard, Guarding)
    return guarding.ally if guarding is not None and stance_in_force(scene, guard) else None


def shielding(scene: Scene, mech: EntityId) -> Shielding | None:
    """The mech's Shielding stance if it is in force now, else None."""
    stance = scene.world.try_get(mech, Shielding)
    return stance if stance is not None and stance_in_force(scene, mech) else None


def allies(scene: Scene, a: EntityId, b: EntityId) -> bool:
    mine = camp(scene.side_of(a))
    return a != b and mine is not None and mine == camp(scene.side_of(b))


def adjacent(scene: Scene, a: EntityId, b: EntityId) -> bool:
    return distance(scene.world.get(a, Position).hex, scene.world.get(b, Position).hex) == 1


def is_person(scene: Scene, entity: EntityId) -> bool:
    return scene.world.get(entity, Identity).kind in PERSON_KINDS


def can_snap(scene: Scene, entity: EntityId) -> bool:
    """A person whose Main action of this round is unused, and not already committed to a guard."""
    return is_person(scene, entity) and main_unused_this_round(scene, entity) and guarded_ally(scene, entity) is None


def shields_for(scene: Scene, target: EntityId) -> tuple[Shield, ...]:
    """The shielding mechs next to the target, as cover for `sight.cover_lookup` (directional)."""
    world = scene.world
    if not in_the_fight(world, target):
        return ()
    found = []
    for mech, _, position in world.query(Shielding, Position):
        if allies(scene, mech, target) and adjacent(scene, mech, target) and shielding(scene, mech):
            hull = Material("shielding_mech", "a shielding mech", (ArmorRow(world.get(mech, Stats).armor, None),))
            found.append(Shield(position.hex, SHIELD_CONCEALMENT, hull))
    return tuple(found)

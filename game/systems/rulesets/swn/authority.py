"""The Authority focus and squads (seed 002, Authority Focus; SWN core, Authority).

A PC with the focus at level 2 buffs the NPCs they directly lead: a bonus equal to their Lead
skill on hit rolls and Morale, and +1 on skill checks. Seed 002 limits this to one squad at a
time, switched as a free on-turn action (`LeadSquad`). A leader out of the fight leads no one.
"""

from __future__ import annotations

from game.actions import LeadSquad
from game.components import Identity, Leading, Squad, Stats
from game.ecs import EntityId
from game.events import LeadershipChanged
from game.rules.swn.attack import Modifier
from game.systems.scene import Scene, friendly, in_the_fight

BUFF_LEVEL = 2  # SWN core: the focus's second level gives the buff to those you lead
SKILL_CHECK_BONUS = 1  # SWN core, Authority level 2: +1 on all skill checks
AUTHORITY = "Seed 002, Authority Focus"
"""The rule a leader's bonus to the squad it leads comes from (the focus's bonus, to one squad at a time)."""


def can_lead(scene: Scene, entity: EntityId) -> bool:
    """A PC with the Authority focus at level 2, still in the fight."""
    world = scene.world
    return (world.get(entity, Identity).kind == "pc" and world.get(entity, Stats).authority >= BUFF_LEVEL
            and in_the_fight(world, entity))


def lead_skill(scene: Scene, leader: EntityId) -> int:
    """The leader's Lead skill (the focus grants it, so at least 0)."""
    return max(0, scene.world.get(leader, Stats).skill("lead") or 0)


def leader_of(scene: Scene, squad: EntityId) -> EntityId | None:
    """The PC whose Authority buffs this squad now: the best Lead among those leading it."""
    leaders = [pc for pc, leading in scene.world.query(Leading) if leading.squad == squad and can_lead(scene, pc)]
    return max(leaders, key=lambda pc: (lead_skill(scene, pc), -pc), default=None)


def lead_bonus(scene: Scene, entity: EntityId) -> int | None:
    """The hit-roll and Morale bonus this combatant gets from a leader, or None when unled."""
    leader = leader_of(scene, entity) if scene.world.has(entity, Squad) else None
    return None if leader is None else lead_skill(scene, leader)


def attack_parts(scene: Scene, entity: EntityId) -> tuple[Modifier, ...]:
    """The Authority part of a led squad's attack roll (none when unled)."""
    bonus = lead_bonus(scene, entity)
    return () if bonus is None else (Modifier("Authority", bonus, AUTHORITY),)


def check_parts(scene: Scene, entity: EntityId) -> tuple[Modifier, ...]:
    """The Authority part of a led squad's skill checks: +1 (none when unled)."""
    return () if lead_bonus(scene, entity) is None else (Modifier("Authority", SKILL_CHECK_BONUS, AUTHORITY),)


def squads_to_lead(scene: Scene, leader: EntityId) -> list[EntityId]:
    """The squads on the leader's side still in the fight, in id order (none if they cannot lead)."""
    if not can_lead(scene, leader):
        return []
    side = scene.side_of(leader)
    return [squad for squad, _ in scene.world.query(Squad)
            if friendly(side, scene.side_of(squad)) and in_the_fight(scene.world, squad)]


def lead_problem(scene: Scene, leader: EntityId, squad: EntityId) -> str | None:
    """Why this PC cannot take the lead of this squad now, or None."""
    world = scene.world
    if not can_lead(scene, leader):
        return "only a PC with the Authority focus at level 2 can lead a squad (seed 002)"
    if not world.exists(squad) or not world.has(squad, Squad) or not in_the_fight(world, squad):
        return "only a squad still in the fight can be led"
    if not friendly(scene.side_of(leader), scene.side_of(squad)):
        return "a squad can be led only by a PC on its own side"
    leading = world.try_get(leader, Leading)
    if leading is not None and leading.squad == squad:
        return f"{scene.name(leader)} already leads {scene.name(squad)}"
    return None


def check_lead(scene: Scene, action: LeadSquad) -> LeadSquad | str:
    """Switching the led squad is a free on-turn action (seed 002, Authority Focus)."""
    return lead_problem(scene, action.actor, action.target) or action


def lead(scene: Scene, action: LeadSquad, plan: LeadSquad) -> None:
    """The PC now leads the squad (and no other)."""
    scene.world.set(action.actor, Leading(action.target))
    scene.emit(LeadershipChanged(action.actor, action.target, lead_skill(scene, action.actor)))

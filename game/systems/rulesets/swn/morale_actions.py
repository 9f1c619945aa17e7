"""Intimidate and Read Morale (seed 002): acting on a side's morale score, and reading it.

Intimidate is the Main action: a Lead/Cha check against an enemy side's current morale; a
success costs that side 1 morale and makes it immune to Intimidate for the rest of the
round. Read Morale is a Move action: a Notice check (Wis or Cha, the better) against 6; a
success names the exact morale of every side the actor can see. Both work whether or not
the `morale` module is on; only with it do the scores change attack rolls and AC.
Interpretations: docs/rules/protect-disarm.md.
"""

from __future__ import annotations

from fractions import Fraction

from game.actions import Action, Intimidate, ReadMorale
from game.components import Allegiance, Position, Stats
from game.ecs import EntityId
from game.events import CheckRolled, MoraleChanged, MoraleRead
from game.prompts import RollWaiting
from game.rules.swn.attack import Modifier
from game.rules.swn.maneuvers import READ_MORALE_DIFFICULTY, intimidate, read_morale
from game.rules.swn.morale import apply_factor, can_be_intimidated
from game.rules.swn.saves import CheckResult, check_chance
from game.systems.budget import needs, spend
from game.systems.rulesets.swn.checks import check_parts
from game.systems.hero_chances import offer_on_roll
from game.systems.scene import Scene, hostile, in_the_fight
from game.systems.sight import has_line_of_sight

READING_ATTRIBUTES = ("wis", "cha")  # Seed 002, Read Morale: Notice with Wis or Cha


def intimidate_parts(scene: Scene, entity: EntityId) -> tuple[Modifier, ...]:
    """Lead and Cha (Seed 002, Intimidate)."""
    return check_parts(scene, entity, "lead", ("cha",))


def read_morale_parts(scene: Scene, entity: EntityId) -> tuple[Modifier, ...]:
    """Notice and the better of Wis and Cha (Seed 002, Read Morale)."""
    return check_parts(scene, entity, "notice", READING_ATTRIBUTES)


def sides_in_sight(scene: Scene, actor: EntityId) -> list[str]:
    """Side ids with someone in the fight (other than the actor) the actor can see, sorted."""
    here = scene.world.get(actor, Position).hex
    field = scene.setup.field
    return sorted({allegiance.side for other, position, allegiance in scene.world.query(Position, Allegiance)
                   if other != actor and in_the_fight(scene.world, other)
                   and has_line_of_sight(field, here, position.hex)})


def intimidate_problem(scene: Scene, actor: EntityId, side_id: str) -> str | None:
    """Why the actor cannot intimidate this side now (the Main action aside), or None."""
    side = scene.sides.get(side_id)
    if side is None:
        return f"there is no side '{side_id}'" if side_id else "name the side to intimidate"
    if not hostile(scene.side_of(actor), side_id):
        return f"{side.name} are not an enemy side"
    if side.morale is None:
        return f"{side.name} have no morale score to lower"
    if not can_be_intimidated(side.intimidated_round, scene.round):
        return f"{side.name} were already intimidated this round"
    members = [e for e, a in scene.world.query(Allegiance) if a.side == side_id and in_the_fight(scene.world, e)]
    if all(scene.world.get(e, Stats).immune_to_morale for e in members):
        return f"nobody of {side.name} still fighting can be shaken (immune to morale)"
    if side_id not in sides_in_sight(scene, actor):
        return f"nobody of {side.name} is in sight"
    return None


def intimidate_options(scene: Scene, actor: EntityId) -> list[tuple[str, Fraction | str]]:
    """Every other side with the chance to intimidate it, or why it cannot be intimidated."""
    options: list[tuple[str, Fraction | str]] = []
    for side_id in sorted(scene.sides):
        if side_id == scene.side_of(actor):
            continue
        problem = intimidate_problem(scene, actor, side_id)
        morale = scene.sides[side_id].morale
        options.append((side_id, problem or check_chance(intimidate_parts(scene, actor), morale)))
    return options


def read_morale_chance(scene: Scene, actor: EntityId) -> Fraction:
    """The exact chance a Read Morale succeeds."""
    return check_chance(read_morale_parts(scene, actor), READ_MORALE_DIFFICULTY)


def _readable(scene: Scene, actor: EntityId) -> list[tuple[str, int]]:
    return [(s, scene.sides[s].morale) for s in sides_in_sight(scene, actor)
            if s in scene.sides and scene.sides[s].morale is not None]


def check_intimidate(scene: Scene, action: Intimidate) -> Intimidate | str:
    """Seed 002 Intimidate as the Main action against one enemy side."""
    return needs(scene, action.actor, "main") or intimidate_problem(scene, action.actor, action.side) or action


def intimidate_side(scene: Scene, action: Intimidate, plan: Intimidate) -> None:
    """The Lead/Cha check against the side's morale; a success costs it 1 for the round."""
    actor, side = action.actor, scene.sides[action.side]
    spend(scene, actor, "main")
    result = intimidate(intimidate_parts(scene, actor), side.morale, scene.dice)
    scene.emit(CheckRolled(actor, "intimidate", result.check, side=action.side))
    if not result.check.success and _hero_point_asked(scene, action, result.check, "intimidate"):
        return
    intimidate_lands(scene, action, result.check)


def intimidate_lands(scene: Scene, action: Intimidate, check: CheckResult) -> None:
    """The check as it stands: a success costs the side 1 morale for the round (Seed 002, Intimidate)."""
    if not check.success:
        return
    change = apply_factor(scene.sides[action.side].morale, "intimidated")
    scene.update_side(action.side, morale=change.after, intimidated_round=scene.round)
    scene.emit(MoraleChanged(action.side, change, who=action.actor))


def _hero_point_asked(scene: Scene, action: Action, check: CheckResult, what: str) -> bool:
    """Ask whoever failed the check whether to spend a hero point on it (seed 004: the step is the
    check's purpose); True if asked."""
    waiting = RollWaiting(what, (check,), check.difficulty - check.total)
    return offer_on_roll(scene, action.actor, f"failed to {what}", action, waiting, on="the check")


def check_read_morale(scene: Scene, action: ReadMorale) -> ReadMorale | str:
    """Seed 002 Read Morale as a Move action."""
    if not _readable(scene, action.actor):
        return "no side with a morale score is in sight"
    return needs(scene, action.actor, "move") or action


def read_morale_of_sides(scene: Scene, action: ReadMorale, plan: ReadMorale) -> None:
    """The Notice check against 6; a success names every visible side's exact morale."""
    actor = action.actor
    spend(scene, actor, "move")
    check = read_morale(read_morale_parts(scene, actor), scene.dice)
    scene.emit(CheckRolled(actor, "read morale", check))
    if not check.success and _hero_point_asked(scene, action, check, "read morale"):
        return
    read_lands(scene, action, check)


def read_lands(scene: Scene, action: ReadMorale, check: CheckResult) -> None:
    """The check as it stands: a success names every visible side's exact morale (Seed 002, Read Morale)."""
    if check.success:
        scene.emit(MoraleRead(action.actor, tuple(_readable(scene, action.actor))))

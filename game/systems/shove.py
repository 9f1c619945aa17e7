"""Shove (seed 002): a Punch attack against AC 9 + the target's hit dice that pushes it a hex.

Rulings (Shove): the push is one hex directly away from the shover, the hex the
shover-to-target step points at. A hex that is off the map, impassable or occupied stops the
push: the target stays, or with the `shove_blocked_damage` setting takes 1d6 instead. Being
pushed is forced movement, not a move the target makes, so it never opens an overwatch prompt.
A squad is one NPC (seed 002, Squad Size): a shove reaches it from any hex next to one of its
hexes (the nearest pair of hexes, as a line of fire picks them), and pushes its whole footprint
one hex the same way; any of its new hexes that cannot take it blocks the push.
Interpretations: docs/rules/maneuvers.md, docs/rules/squads.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from game.actions import Shove
from game.components import Identity, Position, Prone, Stats
from game.ecs import EntityId
from game.events import Attacked, DamageRolled, Moved, PushBlocked
from game.prompts import NegationChance, RollWaiting
from game.hexgrid import Hex, direction_to_neighbor, distance, neighbor
from game.rules.attack import AttackResult, AttackSetup, hit_chance
from game.rules.damage import effective_armor
from game.rules.dice import roll
from game.rules.maneuvers import shove, shove_setup
from game.systems.budget import needs, spend
from game.systems.footprint import footprint, is_spread, place
from game.systems.hero_chances import offer_negation, offer_on_miss
from game.systems.combat import (VEHICLE_KINDS, attack_parts, enemies_in_the_fight, melee_setup, read_damage,
                                 target_problem)
from game.systems.scene import Scene
from game.systems.wounds import take_damage

PUNCH_SKILLS = ("punch",)
BARE_HANDS = ("str", "dex")  # SWN core: unarmed attacks use the better of Str and Dex
BLOCKED_DAMAGE = "1d6"  # Ruling: Shove, the `shove_blocked_damage` setting


# -- the shove ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ShovePlan:
    """A shove decided but not rolled: the odds come from `setup`, the push lands on `to`.

    `blocked` says why `to` cannot take the target ("" when it can); `hexes` is where a squad's
    whole footprint lands (empty for a combatant on one hex).
    """

    shover: EntityId
    target: EntityId
    setup: AttackSetup
    to: Hex
    blocked: str
    hexes: tuple[Hex, ...] = ()

    @property
    def chance(self) -> Fraction:
        """The exact chance the shove hits."""
        return hit_chance(self.setup)


def push_blocker(scene: Scene, hex_: Hex, pushed: EntityId = 0) -> str:
    """Why a pushed combatant cannot be moved onto this hex, or "" when it can (its own squad's
    hexes can)."""
    terrain = scene.setup.field.terrain(hex_)
    if terrain is None:
        return "off the map"
    if terrain.impassable:
        return f"blocked by {terrain.name}"
    occupant = scene.world.at(hex_)
    return f"held by {scene.name(occupant)}" if occupant not in (None, pushed) else ""


def _target_problem(scene: Scene, shover: EntityId, target: EntityId) -> str | None:
    problem = target_problem(scene, shover, target)
    if problem:
        return problem
    if facing_hexes(scene, shover, target) is None:
        return "a shove reaches only an adjacent enemy"
    world = scene.world
    mine, theirs = world.get(shover, Stats), world.get(target, Stats)
    if world.get(target, Identity).kind in VEHICLE_KINDS and theirs.might > mine.might:
        return f"{scene.name(target)} is too massive for {scene.name(shover)} to shove"
    return None


def plan_shove(scene: Scene, shover: EntityId, target: EntityId) -> ShovePlan | str:
    """The plan for a shove (odds and landing hex), or the reason it cannot be made."""
    problem = _target_problem(scene, shover, target)
    if problem:
        return problem
    world = scene.world
    mine, theirs = world.get(shover, Stats), world.get(target, Stats)
    hit_dice = theirs.level if world.get(target, Identity).kind == "pc" else theirs.hd
    parts, _, untrained = attack_parts(scene, shover, PUNCH_SKILLS, BARE_HANDS)
    base = shove_setup(parts, hit_dice, significantly_stronger=mine.might > theirs.might)
    here, there = facing_hexes(scene, shover, target)
    around = melee_setup(scene, shover, target, here, (), untrained, 0)
    setup = replace(base, concealment=around.concealment, defence=around.defence,
                    situational=base.situational + around.situational)
    way = direction_to_neighbor(here, there)
    to = neighbor(there, way)
    if not is_spread(world, target):
        return ShovePlan(shover, target, setup, to, push_blocker(scene, to))
    hexes = tuple(neighbor(h, way) for h in footprint(world, target))
    blocked = next((f"{scene.place(h)} {b}" for h in hexes if (b := push_blocker(scene, h, target))), "")
    return ShovePlan(shover, target, setup, to, blocked, hexes)


def facing_hexes(scene: Scene, shover: EntityId, target: EntityId) -> tuple[Hex, Hex] | None:
    """The shover's hex and the target's hex next to it (the nearest such pair, in hex order,
    when either is a squad over several hexes), or None when they are not adjacent."""
    world = scene.world
    pairs = [(a, t) for a in footprint(world, shover) for t in footprint(world, target) if distance(a, t) == 1]
    return min(pairs) if pairs else None


def shove_targets(scene: Scene, actor: EntityId) -> list[tuple[EntityId, ShovePlan | str]]:
    """Every enemy in the fight with its shove plan (odds, landing hex) or why it cannot be shoved."""
    return [(other, plan_shove(scene, actor, other)) for other in enemies_in_the_fight(scene, actor)]


SHOVED_AGAINST = "a blocked shove's damage"


def _push(scene: Scene, plan: ShovePlan) -> None:
    """Move the target one hex, or leave it against what blocks it (Ruling: Shove); with the damage
    setting a target who may negate it is asked first (seed 004: `blocked_lands` then takes it)."""
    if not plan.blocked:
        start = scene.world.get(plan.target, Position).hex
        if plan.hexes:  # a squad: its whole footprint goes
            place(scene.world, plan.target, plan.hexes)
        else:
            scene.world.set(plan.target, Position(plan.to))
        scene.emit(Moved(plan.target, (start, scene.world.get(plan.target, Position).hex), "push"))
        return
    if not scene.setup.setting("shove_blocked_damage", False):
        scene.emit(PushBlocked(plan.target, plan.to, plan.blocked))
        return
    armor = effective_armor((scene.world.get(plan.target, Stats).armor,))
    damage = roll(BLOCKED_DAMAGE, scene.dice)
    read = read_damage(scene, DamageRolled(plan.shover, plan.target, damage, armor, 0, source="shove",
                                           against=plan.to, blocked=plan.blocked))
    scene.emit(read)
    if not offer_negation(scene, plan.shover, None, None, read, RollWaiting(SHOVED_AGAINST, (), 0), "shove"):
        take_damage(scene, plan.target, read.amount)


def blocked_lands(scene: Scene, prompt: NegationChance, amount: int) -> None:
    """A blocked shove's damage after the negation decision: what is left is taken."""
    take_damage(scene, prompt.decider, amount)


def check_shove(scene: Scene, action: Shove) -> ShovePlan | str:
    """A shove as the Main action, or as the Move action with `as_move` (seed 002, Shove)."""
    if scene.world.has(action.actor, Prone):
        return "stand up first (it takes the Move action)"
    return needs(scene, action.actor, "move" if action.as_move else "main") or plan_shove(scene, action.actor, action.target)


def shove_at(scene: Scene, action: Shove, plan: ShovePlan) -> None:
    """Roll the Punch attack; a hit pushes the target one hex directly away. A shover who missed
    may first spend a hero point on the roll (seed 004: the answer then lands it, `shove_lands`)."""
    spend(scene, action.actor, "move" if action.as_move else "main")
    result = shove(plan.setup, scene.dice)
    scene.emit(Attacked(plan.shover, plan.target, result.attack, how="shove"))
    if not result.pushed and offer_on_miss(scene, plan.shover, action, result.attack):
        return
    shove_lands(scene, plan, result.attack)


def shove_lands(scene: Scene, plan: ShovePlan, attack: AttackResult) -> None:
    """The shove's roll as it stands: a hit pushes (seed 002, Shove)."""
    if attack.hit:
        _push(scene, plan)

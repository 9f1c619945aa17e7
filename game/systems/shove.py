"""Shove (seed 002): a Punch attack against AC 9 + the target's hit dice that pushes it a hex.

Rulings (Shove): the push is one hex directly away from the shover, the hex the
shover-to-target step points at. A hex that is off the map, impassable or occupied stops the
push: the target stays, or with the `shove_blocked_damage` setting takes 1d6 instead. Being
pushed is forced movement, not a move the target makes, so it never opens an overwatch prompt.
Also home to the close-combat helpers the charge shares: attack parts, the melee setup and
rolled damage through armor. Interpretations: docs/rules/maneuvers.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from game.actions import Shove
from game.components import Allegiance, Identity, Position, Prone, Stats, TotalDefense
from game.ecs import EntityId
from game.events import Attacked, Damaged, Event, Moved
from game.hexgrid import Hex, direction_to_neighbor, distance, neighbor
from game.rules.attack import AttackSetup, Modifier, Situation, hit_chance, make_setup
from game.rules.damage import after_armor, effective_armor, heroic_reading, reads_on_table
from game.rules.dice import Roll, roll
from game.rules.maneuvers import shove, shove_setup
from game.systems.context import Scene, hostile, in_the_fight
from game.systems.handlers import handles, needs, spend
from game.systems.sight import cover_lookup
from game.systems.wounds import take_damage

VEHICLE_KINDS = ("vehicle", "mech")
PUNCH_SKILLS = ("punch",)
BARE_HANDS = ("str", "dex")  # SWN core: unarmed attacks use the better of Str and Dex
BLOCKED_DAMAGE = "1d6"  # Ruling: Shove, the `shove_blocked_damage` setting


# -- close-combat helpers (shared with the charge) ------------------------------------------
def side_morale(scene: Scene, entity: EntityId) -> int | None:
    """The morale score whose band modifies this combatant's attacks and AC (None: no morale)."""
    if "morale" not in scene.rules.modules or scene.world.get(entity, Stats).immune_to_morale:
        return None
    return scene.sides[scene.side_of(entity)].morale


def attack_parts(scene: Scene, entity: EntityId, skills: tuple[str, ...],
                 attributes: tuple[str, ...]) -> tuple[tuple[Modifier, ...], int, bool]:
    """(parts, attribute modifier used, untrained) of a close attack (SWN core Attack).

    PCs add their attack bonus, the better of `attributes` and the best of `skills` they
    have (none of them: untrained). NPCs use their attack bonus alone; vehicles and mechs
    add their Pilot skill, as for their weapons.
    """
    stats = scene.world.get(entity, Stats)
    kind = scene.world.get(entity, Identity).kind
    parts = (Modifier("attack bonus", stats.attack_bonus),)
    if kind in VEHICLE_KINDS:
        return parts + (Modifier("pilot", stats.pilot),), 0, False
    if kind != "pc":
        return parts, 0, False
    attribute_name = max(attributes, key=stats.attribute)
    attribute = stats.attribute(attribute_name)
    parts += (Modifier(attribute_name.upper(), attribute),)
    known = [skill for skill in skills if stats.skill(skill) is not None]
    if not known:
        return parts, attribute, True
    skill = max(known, key=stats.skill)
    return parts + (Modifier(f"{skill} skill", stats.skill(skill)),), attribute, False


def melee_setup(scene: Scene, attacker: EntityId, target: EntityId, from_hex: Hex,
                parts: tuple[Modifier, ...], untrained: bool, target_ac: int) -> AttackSetup:
    """A melee attack from `from_hex`: prone, morale, total defense and the target's concealment."""
    world = scene.world
    target_hex = world.get(target, Position).hex
    situation = Situation(
        melee=True, untrained=untrained, target_prone=world.has(target, Prone),
        distance_hexes=distance(from_hex, target_hex), attacker_morale=side_morale(scene, attacker),
        target_morale=side_morale(scene, target), total_defense=world.has(target, TotalDefense))
    concealment = cover_lookup(scene.rules.field, from_hex, target_hex, None).concealment_bonus
    return make_setup(parts, target_ac, situation, concealment)


def deal_rolled(scene: Scene, target: EntityId, damage: Roll, armor: int, lead: str) -> int:
    """Apply rolled damage through armor, on the heroic table for persons (Seed 000); returns excess."""
    is_vehicle = scene.world.get(target, Identity).kind in VEHICLE_KINDS
    if reads_on_table(scene.rules.heroic, is_vehicle):
        reading = heroic_reading(damage, armor)
        scene.emit(Damaged(f"{lead} {damage.text()}; heroic reading {reading.text()}", target, 0, 0))
        return take_damage(scene, target, reading.points)
    amount = after_armor(max(0, damage.total), armor)
    note = f" - {armor} armor" if armor else ""
    scene.emit(Damaged(f"{lead} {damage.text()}{note} = {amount}.", target, 0, 0))
    return take_damage(scene, target, amount)


# -- the shove ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ShovePlan:
    """A shove decided but not rolled: the odds come from `setup`, the push lands on `to`.

    `blocked` says why `to` cannot take the target ("" when it can).
    """

    shover: EntityId
    target: EntityId
    setup: AttackSetup
    to: Hex
    blocked: str

    @property
    def chance(self) -> Fraction:
        """The exact chance the shove hits."""
        return hit_chance(self.setup)


def push_blocker(scene: Scene, hex_: Hex) -> str:
    """Why a pushed combatant cannot be moved onto this hex, or "" when it can."""
    terrain = scene.rules.field.terrain(hex_)
    if terrain is None:
        return "off the map"
    if terrain.impassable:
        return f"blocked by {terrain.name}"
    occupant = scene.world.at(hex_)
    return f"held by {scene.name(occupant)}" if occupant is not None else ""


def _target_problem(scene: Scene, shover: EntityId, target: EntityId) -> str | None:
    world = scene.world
    if target not in world.entities():
        return f"there is no combatant with id {target}"
    if not in_the_fight(world, target) or not world.has(target, Stats):
        return "that target is out of the fight"
    if not hostile(scene.side_of(shover), scene.side_of(target)):
        return "that is not an enemy"
    if distance(world.get(shover, Position).hex, world.get(target, Position).hex) != 1:
        return "a shove reaches only an adjacent enemy"
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
    here, there = world.get(shover, Position).hex, world.get(target, Position).hex
    around = melee_setup(scene, shover, target, here, (), untrained, 0)
    setup = replace(base, concealment=around.concealment, defence=around.defence,
                    situational=base.situational + around.situational)
    to = neighbor(there, direction_to_neighbor(here, there))
    return ShovePlan(shover, target, setup, to, push_blocker(scene, to))


def shove_targets(scene: Scene, actor: EntityId) -> list[tuple[EntityId, ShovePlan | str]]:
    """Every enemy in the fight with its shove plan (odds, landing hex) or why it cannot be shoved."""
    side = scene.side_of(actor)
    return [(other, plan_shove(scene, actor, other))
            for other, allegiance in scene.world.query(Allegiance)
            if hostile(side, allegiance.side) and in_the_fight(scene.world, other)]


def _push(scene: Scene, plan: ShovePlan) -> None:
    """Move the target one hex, or leave it against what blocks it (Ruling: Shove)."""
    target = scene.name(plan.target)
    if not plan.blocked:
        start = scene.world.get(plan.target, Position).hex
        scene.world.set(plan.target, Position(plan.to))
        scene.emit(Moved(f"{target} is pushed 1 hex to {scene.place(plan.to)} (forced movement: "
                         "no overwatch).", plan.target, (start, plan.to)))
        return
    if not scene.rules.setting("shove_blocked_damage", False):
        scene.emit(Event(f"{target} cannot be pushed to {scene.place(plan.to)} ({plan.blocked}) and stays put."))
        return
    armor = effective_armor((scene.world.get(plan.target, Stats).armor,))
    damage = roll(BLOCKED_DAMAGE, scene.dice)
    deal_rolled(scene, plan.target, damage, armor,
                f"{target} is shoved against {scene.place(plan.to)} ({plan.blocked}) and takes")


@handles(Shove)
class ShoveHandler:
    """A shove as the Main action, or as the Move action with `as_move` (seed 002, Shove)."""

    @staticmethod
    def check(scene: Scene, action: Shove) -> str | None:
        if scene.world.has(action.actor, Prone):
            return "stand up first (it takes the Move action)"
        refusal = needs(scene, action.actor, "move" if action.as_move else "main")
        if refusal:
            return refusal
        plan = plan_shove(scene, action.actor, action.target)
        return plan if isinstance(plan, str) else None

    @staticmethod
    def apply(scene: Scene, action: Shove) -> None:
        plan = plan_shove(scene, action.actor, action.target)
        spend(scene, action.actor, "move" if action.as_move else "main")
        result = shove(plan.setup, scene.dice)
        scene.emit(Attacked(f"{scene.name(plan.shover)} shoves {scene.name(plan.target)}: "
                            f"{result.attack.text()}.", plan.shover, plan.target, result.attack.hit))
        if result.pushed:
            _push(scene, plan)

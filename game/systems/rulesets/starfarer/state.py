"""A Starfarer combatant's own state in the world: its creature entry, weapon, body and action points (Seed 003).

Deployment builds every combatant from the catalog's SWN-shaped unit types (see
game/rules/starfarer/units.py); these helpers read the seed 003 numbers back from the creature
type (traits, skills, mass, resilience, shock), the `Body` (wound track, bleeding, shock total)
and `ActionPoints`.
"""

from __future__ import annotations

from dataclasses import replace

from game.components import Armament, Health, Identity
from game.systems.rulesets.starfarer.components import ActionPoints
from game.ecs import EntityId
from game.rules.ruleset_tables import Entry
from game.rules.starfarer.checks import shock_penalty
from game.rules.starfarer.hit import Body, Target
from game.rules.starfarer.initiative import PHASE_COST
from game.rules.starfarer.units import shock_capacity
from game.rules.starfarer.wounds import trait_penalty
from game.systems.rulesets.starfarer.components import Dying, Unconscious
from game.systems.scene import Scene
from game.views import CombatantView

ARM_LIMBS = ("right_arm",)  # Ruling: an attack is made with the right arm (the seed names no hand)
LEG_LIMBS = ("right_leg", "left_leg")


def creature(scene: Scene, entity: EntityId) -> Entry:
    """The combatant's creature type in the ruleset's data."""
    return scene.setup.catalog.ruleset_data.creatures[scene.world.get(entity, Identity).unit_type]


def weapon_entry(scene: Scene, entity: EntityId) -> Entry:
    """The seed 003 weapon in hand (unarmed when none)."""
    armament = scene.world.get(entity, Armament)
    return scene.setup.catalog.ruleset_data.weapons[armament.weapon or "unarmed"]


def armour(scene: Scene, entity: EntityId) -> Entry:
    """The armour the combatant's creature type wears."""
    return scene.setup.catalog.ruleset_data.armour[creature(scene, entity).armour]


def trait(scene: Scene, entity: EntityId, name: str) -> int:
    """One of the seven traits (strength ... initiative)."""
    return dict(creature(scene, entity).traits)[name]


def skill(scene: Scene, entity: EntityId, name: str) -> int:
    """A skill level (0 when the creature type lacks it)."""
    return dict(creature(scene, entity).skills or {}).get(name, 0)


def target(scene: Scene, entity: EntityId) -> Target:
    """The numbers the damage rules read for this combatant."""
    found = creature(scene, entity)
    return Target(found.mass, found.resilience, found.basic_shock, found.stun, found.wound_step)


def body(scene: Scene, entity: EntityId) -> Body:
    """What the combatant's body has taken (unhurt when the battle has no record)."""
    found = scene.world.try_get(entity, Body)
    return found if found is not None else Body()


def penalty(scene: Scene, entity: EntityId, limbs: tuple[str, ...]) -> int:
    """The trait penalty of its wounds and shock for a task using these limbs (Seed 003, 3.6.5)."""
    taken = body(scene, entity)
    return trait_penalty(taken.track, limbs, shock_penalty(taken.shock, creature(scene, entity).basic_shock))


def set_body(scene: Scene, entity: EntityId, taken: Body) -> None:
    """Record the body; health (shock left before the x6 bracket) follows its shock total."""
    scene.world.set(entity, taken)
    health = scene.world.get(entity, Health)
    scene.world.set(entity, replace(health, current=max(0, shock_capacity(creature(scene, entity)) - taken.shock)))


def points(scene: Scene, entity: EntityId) -> int:
    """Action points the combatant holds now."""
    found = scene.world.try_get(entity, ActionPoints)
    return found.points if found is not None else 0


def dress(scene: Scene, view: CombatantView) -> CombatantView:
    """A combatant's view with its action points, the phases still to come this round and what it will
    carry (Seed 003, 3.2); its health counts shock left (unit "shock"), `down` says unconscious or
    mortally wounded."""
    if not scene.world.exists(view.id):
        return view
    down = view.down
    if scene.world.has(view.id, Dying):
        down = "mortally wounded"
    elif scene.world.has(view.id, Unconscious):
        down = "unconscious"
    held = points(scene, view.id)
    coming = tuple(range(held, PHASE_COST - 1, -PHASE_COST)) if view.in_fight else ()
    carries = held - PHASE_COST * len(coming) if view.in_fight else None
    return replace(view, action_points=held, unit="shock", down=down, phases=coming, carries=carries)

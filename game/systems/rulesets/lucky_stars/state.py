"""A These Lucky Stars combatant's own state in the world: its creature entry, weapon, DEF and action points (Seed 001).

Deployment builds every combatant from the catalog's SWN-shaped unit types (see
game/rules/lucky_stars/units.py); these helpers read the seed 001 numbers back: DEF from
`Defense` (full DEF is the stat block's `ac`), VIT from `Health`, ATK from `attack_bonus`, the
size, attributes and resistances from the creature type, the action economy from `TurnState`.
"""

from __future__ import annotations

from dataclasses import replace

from game.components import Armament, Health, Identity, Prone, Stats
from game.systems.rulesets.lucky_stars.components import Defense, FullCover, Grappling, Unseen
from game.ecs import EntityId
from game.events import StealthChanged
from game.rules.ruleset_tables import Entry
from game.rules.lucky_stars.actions import Situation, TurnState, action_problem, spend
from game.rules.lucky_stars.catalog import resistance_to
from game.rules.lucky_stars.health import Health as DefenseAndVitality
from game.systems.scene import Scene, hostile, in_the_fight
from game.views import CombatantView

MEDIUM = "medium"


def creature(scene: Scene, entity: EntityId) -> Entry | None:
    """The combatant's creature type in the ruleset's data (None for a unit type it lacks)."""
    return scene.setup.catalog.ruleset_data.creatures.get(scene.world.get(entity, Identity).unit_type)


def weapon_entry(scene: Scene, entity: EntityId) -> Entry:
    """The seed 001 weapon in hand (bare hands when none)."""
    armament = scene.world.get(entity, Armament)
    return scene.setup.catalog.ruleset_data.weapons[armament.weapon or "unarmed"]


def size(scene: Scene, entity: EntityId) -> str:
    """The combatant's size on the seed 001 ladder (medium when its type gives none)."""
    found = creature(scene, entity)
    return found.size if found is not None else MEDIUM


def attribute(scene: Scene, entity: EntityId, name: str) -> int:
    """One seed 001 attribute score (str, agi, fort, ins, will); 0 when the type gives none."""
    found = creature(scene, entity)
    return dict(found.attributes or {}).get(name, 0) if found is not None else 0


def resistance(scene: Scene, entity: EntityId, damage_type: str) -> str:
    """The combatant's resistance to one damage type, its armour included (Seed 001, Damage Resistance)."""
    found = creature(scene, entity)
    if found is None:
        return "none"
    return resistance_to(found, scene.setup.catalog.ruleset_data.armour[found.armour], damage_type)


def defense(scene: Scene, entity: EntityId) -> Defense:
    """Current and full DEF (a combatant the GM added starts at its full DEF)."""
    found = scene.world.try_get(entity, Defense)
    if found is not None:
        return found
    full = scene.world.get(entity, Stats).ac
    return Defense(full, full)


def health(scene: Scene, entity: EntityId) -> DefenseAndVitality:
    """DEF and VIT together, as the seed 001 rules read them."""
    guard = defense(scene, entity)
    return DefenseAndVitality(guard.current, guard.maximum, scene.world.get(entity, Health).current, guard.condition)


def turn_state(scene: Scene, entity: EntityId) -> TurnState:
    """The combatant's action economy this round (none yet: no AP)."""
    found = scene.world.try_get(entity, TurnState)
    grapple = grapple_of(scene, entity)
    role = "" if grapple is None else "in_control" if grapple.in_control else "pinned"
    prone, found = scene.world.has(entity, Prone), found if found is not None else TurnState()
    if found.prone == prone and found.grapple == role:  # as kept (nearly always): no copy to make
        return found
    return replace(found, prone=prone, grapple=role)


def situation(scene: Scene, entity: EntityId) -> Situation:
    """What the combatant attacks with, for the action table's weapon rules."""
    weapon = weapon_entry(scene, entity)
    kind = "unarmed" if weapon.unarmed else "ranged" if weapon.range_hexes else "melee"
    return Situation(weapon=kind, light_weapon=weapon.light, behind_full_cover=scene.world.has(entity, FullCover))


def problem(scene: Scene, entity: EntityId, action: str) -> str | None:
    """Why the seed 001 action cannot be taken now (AP, once-a-turn, prone), or None."""
    return action_problem(action, turn_state(scene, entity), situation(scene, entity))


def pay(scene: Scene, entity: EntityId, action: str) -> None:
    """Spend the action's AP and count its use (Seed 001, Taking Action)."""
    scene.world.set(entity, spend(action, turn_state(scene, entity)))


def dress(scene: Scene, view: CombatantView) -> CombatantView:
    """A combatant's view with its AP left and DEF (its health counts VIT), its grapple, stealth and
    readied attack, and those states in words."""
    if not scene.world.exists(view.id):
        return view
    guard, held = defense(scene, view.id), grapple_of(scene, view.id)
    unseen, turn = scene.world.try_get(view.id, Unseen), turn_state(scene, view.id)
    grappling, in_control = (held.partner, held.in_control) if held else (None, False)
    stealth = unseen.stealth.total if unseen else None
    return replace(view, action_points=turn.ap, defense=guard.current, defense_max=guard.maximum, unit="VIT",
                   grappling=grappling, in_control=in_control, stealth=stealth, readied=turn.readied,
                   states=_states(scene, grappling, in_control, stealth, turn.readied))


def _states(scene: Scene, grappling: EntityId | None, in_control: bool, stealth: int | None,
            readied: str) -> tuple[str, ...]:
    """The seed 001 states the GM tracks for the combatant, in words."""
    found: list[str] = []
    if grappling is not None:
        partner = scene.name(grappling)
        found.append(f"holding {partner}" if in_control else f"pinned by {partner}")
    if stealth is not None:
        found.append(f"unseen (stealth {stealth})")
    if readied:
        found.append(f"{'attack' if readied == 'standard_attack' else readied} readied")
    return tuple(found)


def unseen_by(scene: Scene, hider: EntityId, watcher: EntityId) -> bool:
    """Whether the hider is hidden from the watcher: hidden, and the watcher an enemy (Seed 001, Stealth)."""
    return scene.world.has(hider, Unseen) and hostile(scene.side_of(hider), scene.side_of(watcher))


def reveal(scene: Scene, entity: EntityId, cause: str, finder: EntityId = 0) -> None:
    """A hidden combatant is seen again (it attacked, was found, or moved without staying unseen)."""
    if scene.world.has(entity, Unseen):
        scene.world.remove(entity, Unseen)
        scene.emit(StealthChanged(entity, False, cause=cause, finder=finder))


def grapple_of(scene: Scene, entity: EntityId) -> Grappling | None:
    """The grapple the combatant is locked in, if its partner is still in the fight (Seed 001, Grapple)."""
    found = scene.world.try_get(entity, Grappling)
    return found if found is not None and in_the_fight(scene.world, found.partner) else None

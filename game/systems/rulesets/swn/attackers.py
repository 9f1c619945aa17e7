"""Who is who in an SWN attack and the attacker's side of the roll (SWN core Attack; seed 002
Morale, Authority): persons and vehicles, the weapon in hand, the attack bonus and its parts,
side morale, and a close attack's set-up.
"""

from __future__ import annotations

from game.components import Armament, Identity, Position, Prone, Stats, TotalDefense
from game.ecs import EntityId
from game.hexgrid import Hex, distance
from game.rules.catalog import Weapon
from game.rules.modifier import Modifier
from game.rules.swn.attack import ATTACK_ROLL, AttackSetup, Situation, make_setup
from game.systems.rulesets.swn import authority
from game.systems.scene import Scene
from game.systems.sight import cover_lookup

UNARMED = "unarmed"


PERSON_KINDS = ("npc", "pc")


VEHICLE_KINDS = ("vehicle", "mech")


# -- who is who ---------------------------------------------------------------------------
def is_person(scene: Scene, entity: EntityId) -> bool:
    """A PC or NPC (not a vehicle or mech): someone whose damage is read on the heroic table."""
    return scene.world.get(entity, Identity).kind in PERSON_KINDS


def is_vehicle(scene: Scene, entity: EntityId) -> bool:
    """A vehicle or mech: damage read straight, no saving throws, mounted weapons."""
    return scene.world.get(entity, Identity).kind in VEHICLE_KINDS


# -- the attacker's side of the roll ------------------------------------------------------
def weapon_in_hand(scene: Scene, entity: EntityId) -> Weapon:
    """The weapon the combatant attacks with (bare hands when it holds none)."""
    armament = scene.world.get(entity, Armament)
    return scene.setup.catalog.weapons[armament.weapon or UNARMED]


def attack_parts(scene: Scene, entity: EntityId, skills: tuple[str, ...],
                 attributes: tuple[str, ...]) -> tuple[tuple[Modifier, ...], int, bool]:
    """(parts, attribute modifier used, untrained) of an attack (SWN core Attack).

    PCs add their attack bonus, the better of `attributes` and the best of `skills` they
    have (none of them: untrained, -2). NPCs use their attack bonus alone; vehicles and mechs
    add their Pilot skill.
    """
    stats = scene.world.get(entity, Stats)
    kind = scene.world.get(entity, Identity).kind
    parts = (Modifier("attack bonus", stats.attack_bonus, "SWN core, attack bonus"),)
    if kind in VEHICLE_KINDS:
        return parts + (Modifier("pilot", stats.pilot, "SWN core, vehicles"),), 0, False
    if kind != "pc":
        return parts + authority.attack_parts(scene, entity), 0, False
    attribute_name = max(attributes, key=stats.attribute)
    attribute = stats.attribute(attribute_name)
    parts += (Modifier(attribute_name.upper(), attribute, ATTACK_ROLL),)
    known = [skill for skill in skills if stats.skill(skill) is not None]
    if not known:
        return parts, attribute, True
    skill = max(known, key=stats.skill)
    return parts + (Modifier(f"{skill} skill", stats.skill(skill), ATTACK_ROLL),), attribute, False


def weapon_parts(scene: Scene, entity: EntityId, weapon: Weapon) -> tuple[tuple[Modifier, ...], int, bool]:
    """The attack parts for this weapon: its skill and the better of its attributes."""
    return attack_parts(scene, entity, (weapon.skill,), weapon.attributes)


def side_morale(scene: Scene, entity: EntityId) -> int | None:
    """The morale score whose band modifies this combatant's attacks and AC (None: no morale);
    a squad led with Authority adds its leader's Lead (seed 002)."""
    if "morale" not in scene.setup.modules or scene.world.get(entity, Stats).immune_to_morale:
        return None
    morale = scene.sides[scene.side_of(entity)].morale
    return None if morale is None else morale + (authority.lead_bonus(scene, entity) or 0)


def melee_setup(scene: Scene, attacker: EntityId, target: EntityId, from_hex: Hex,
                parts: tuple[Modifier, ...], untrained: bool, target_ac: int) -> AttackSetup:
    """A close attack from `from_hex`: prone, morale, total defense and the target's concealment."""
    world = scene.world
    target_hex = world.get(target, Position).hex
    situation = Situation(
        melee=True, untrained=untrained, target_prone=world.has(target, Prone),
        distance_hexes=distance(from_hex, target_hex), attacker_morale=side_morale(scene, attacker),
        target_morale=side_morale(scene, target), total_defense=world.has(target, TotalDefense))
    concealment = cover_lookup(scene.setup.field, from_hex, target_hex, None).concealment_bonus
    return make_setup(parts, target_ac, situation, concealment)


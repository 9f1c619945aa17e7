"""Line of sight, and the cover and concealment a target has against an attacker.

Rulings (Grid; Cover and concealment): lines run centre to centre. Where a line runs exactly
along the edge between two hexes it is blocked only if both block, and cover on that edge
counts if either hex gives it. Cover and terrain concealment count from the target's own
hex and from hexes next to the target that the line passes through: you have to be behind
something for it to protect you. Armor never stacks and concealment levels do not add: the
best of each applies. This is the one lookup both the targeting preview and the attack use.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.components import Position, Shielding, Stats
from game.ecs import EntityId
from game.hexgrid import Hex, distance
from game.rules.cover import ArmorRow, Concealment, CoverReading, Material, WeaponClass, material_armor
from game.systems.budget import stance_in_force
from game.systems.scene import Scene, adjacent, allied, in_the_fight
from game.terrain import Battlefield

SHIELD_CONCEALMENT = Concealment("shielded", "Shielded by a mech", 2)  # seed 002: minor concealment, +2 AC


def _between(field: Battlefield, a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The steps of the line strictly between a and b."""
    return field.line(a, b)[1:-1]


def sight_blocker(field: Battlefield, a: Hex, b: Hex) -> Hex | None:
    """The first hex that blocks the line from a to b, or None when the line is clear."""
    for step in _between(field, a, b):
        if all(field.blocks_sight(h) for h in step):
            return step[0]
    return None


def has_line_of_sight(field: Battlefield, a: Hex, b: Hex) -> bool:
    """Whether a combatant on a can see one on b (terrain only; combatants do not block)."""
    return sight_blocker(field, a, b) is None


def covering_hexes(field: Battlefield, attacker: Hex, target: Hex) -> list[Hex]:
    """The target's own hex, then the hexes next to it on the line of fire that could cover it."""
    hexes = [target]
    for step in _between(field, attacker, target):
        hexes.extend(h for h in step if distance(h, target) == 1 and h not in hexes)
    return [h for h in hexes if h in field]


@dataclass(frozen=True, slots=True)
class Shield:
    """Something standing in a hex that covers the target like terrain: a mech shielding its
    allies (seed 002 Protect (Mech)) gives concealment and its Armor as cover armor."""

    hex: Hex
    concealment: Concealment
    material: Material


def cover_lookup(field: Battlefield, attacker: Hex, target: Hex, weapon: WeaponClass | None,
                 shields: tuple[Shield, ...] = ()) -> CoverReading:
    """Line of sight, best concealment and best cover armor for an attack from attacker to target.

    `weapon` None gives concealment only (no armor is computed). `shields` count like the
    terrain of their hex, so only when the line of fire passes through it (directional).
    Terrain alone never changes, so its readings are remembered on the battlefield (bounded).
    """
    if shields:
        return trace_cover(field, attacker, target, weapon, shields)
    return field.covers_seen.get((attacker, target, weapon), lambda: trace_cover(field, attacker, target, weapon))


def trace_cover(field: Battlefield, attacker: Hex, target: Hex, weapon: WeaponClass | None,
                shields: tuple[Shield, ...] = ()) -> CoverReading:
    """`cover_lookup` worked out step by step along the line, never remembered."""
    blocker = sight_blocker(field, attacker, target)
    if blocker is not None:
        return CoverReading(visible=False, blocked_at=blocker)
    best_conceal: tuple[int, Concealment | None, Hex | None] = (0, None, None)
    best_armor: tuple[int, Material | None, Hex | None] = (0, None, None)
    aim_proof = 0
    for hex_ in covering_hexes(field, attacker, target):
        terrain = field.terrain(hex_)
        sources = [(terrain.concealment, terrain.material)]
        sources += [(s.concealment, s.material) for s in shields if s.hex == hex_ != target]
        for concealment, material in sources:
            if concealment.ac_bonus > best_conceal[0]:
                best_conceal = (concealment.ac_bonus, concealment, hex_)
            armor = material_armor(material, weapon) if weapon else 0
            if armor > best_armor[0]:
                best_armor = (armor, material, hex_)
            if material.resists_aimed_shot:
                aim_proof = max(aim_proof, armor)
    return CoverReading(
        visible=True, concealment=best_conceal[1], concealment_hex=best_conceal[2],
        armor=best_armor[0], material=best_armor[1], material_hex=best_armor[2], aim_proof_armor=aim_proof)


def shielding(scene: Scene, mech: EntityId) -> Shielding | None:
    """The mech's Shielding stance if it is in force now (seed 002 Protect (Mech)), else None."""
    stance = scene.world.try_get(mech, Shielding)
    return stance if stance is not None and stance_in_force(scene, mech) else None


def shields_for(scene: Scene, target: EntityId) -> tuple[Shield, ...]:
    """The shielding mechs next to the target, as cover for `cover_lookup`: directional, so they
    count only when the line of fire passes through the mech's hex (seed 002 Protect (Mech))."""
    world = scene.world
    if not world.count(Shielding) or not in_the_fight(world, target):  # most fights: no mech shields
        return ()
    found = []
    for mech, _, position in world.query(Shielding, Position):
        if allied(scene, mech, target) and adjacent(world, mech, target) and shielding(scene, mech):
            hull = Material("shielding_mech", "a shielding mech", (ArmorRow(world.get(mech, Stats).armor, None),))
            found.append(Shield(position.hex, SHIELD_CONCEALMENT, hull))
    return tuple(found)

"""An SWN attacker's line of fire (seed 002 Cover, Overwatch, Meat Shields; Ruling: Squads): the
range band, the best pair of hexes to fire from and at, the target's cover, and a squad on the
target's side standing in the way.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from game.components import Allegiance, Overwatch, Position, Squad
from game.ecs import EntityId, World
from game.hexgrid import Hex, distance
from game.rules.catalog import Weapon
from game.rules.cover import CoverReading
from game.rules.swn.attack import range_band
from game.systems.footprint import footprint, in_watch, weakest_cover
from game.systems.scene import Scene, friendly
from game.systems.sight import cover_lookup, shields_for


def range_problem(weapon: Weapon, gap: int) -> tuple[str | None, str]:
    if weapon.is_melee:
        return (None if gap == 1 else "melee weapons reach only an adjacent hex"), "normal"
    band = range_band(gap, *weapon.range_m)
    return (f"out of range ({gap * 3} m; {weapon.name} reaches {weapon.range_m[1]} m)"
            if band == "out_of_range" else None), band

def line_of_fire(scene: Scene, attacker: EntityId, target: EntityId, weapon: Weapon,
                 overwatch: bool = False) -> tuple[Hex, Hex, str, CoverReading] | str:
    """(from, to, range band, cover) of the attacker's best line of fire, or why there is none.

    A squad stands on several hexes (Ruling: Squads): the attacker fires from whichever of its
    hexes and at whichever of the target's gives the nearest clear line (in range, in sight, no
    meat shield), from overwatch only at hexes inside the wedge; the target's cover is then the
    weakest over all of its hexes seen from there, as a squad benefits only when all of it is
    behind cover (Seed 002, Squad Combat Notes)."""
    world, field = scene.world, scene.setup.field
    theirs, shields = footprint(world, target), shields_for(scene, target)
    mine, aims = footprint(world, attacker), _aims(scene, attacker, theirs, overwatch)
    pairs = ([(mine[0], aims[0])] if len(mine) == 1 and len(aims) == 1  # one hex each: nothing to sort
             else sorted(((a, t) for a in mine for t in aims), key=lambda p: (distance(*p), p)))
    first_problem = None
    for a_hex, t_hex in pairs:
        problem, band = range_problem(weapon, distance(a_hex, t_hex))
        cover = None if problem else cover_lookup(field, a_hex, t_hex, weapon.weapon_class, shields)
        if cover is not None and not cover.visible:
            problem = cover.text(scene.place)
        shield = None if problem else meat_shield(scene, a_hex, target, t_hex)
        if shield is not None:
            problem = f"{scene.name(shield)} (a squad on their side) is in the line of fire"
        if problem is None:
            if len(theirs) > 1:
                cover = weakest_cover([cover_lookup(field, a_hex, h, weapon.weapon_class, shields) for h in theirs])
            return a_hex, t_hex, band, cover
        first_problem = first_problem or problem
    return first_problem or "there is no line of fire"


def _aims(scene: Scene, attacker: EntityId, theirs: tuple[Hex, ...], overwatch: bool) -> tuple[Hex, ...]:
    """The target's hexes the attacker may aim at: from overwatch, those inside the wedge."""
    watch = scene.world.try_get(attacker, Overwatch)
    if not overwatch or watch is None:
        return theirs
    here = scene.world.get(attacker, Position).hex
    return tuple(h for h in theirs if in_watch(here, watch, h)) or theirs


def meat_shield(scene: Scene, attacker_hex: Hex, target: EntityId, target_hex: Hex | None = None) -> EntityId | None:
    """A squad friendly to the target standing in the line of fire, if any (seed 002 Meat
    Shields; rulings: Squads). Along an edge, a squad on either side shields. The line runs to
    `target_hex` (by default where the target stands); a squad never shields itself."""
    world = scene.world
    if not world.count(Squad):  # only a squad shields: with none on the map, no line is walked
        return None
    squads = world.derived(_SHIELDS_READS, _squads_friendly_to)[scene.side_of(target)]
    if not squads or (len(squads) == 1 and target in squads):  # none of the target's camp but itself
        return None
    target_hex = target_hex or world.get(target, Position).hex
    for step in scene.setup.field.line(attacker_hex, target_hex)[1:-1]:
        for hex_ in step:
            holder = world.at(hex_)
            if holder is not None and holder != target and holder in squads:
                return holder
    return None


_SHIELDS_READS = (Squad, Allegiance)
"""What the squads friendly to each side read: who is a squad, and the sides."""


def _squads_friendly_to(world: World) -> Mapping[str, frozenset[EntityId]]:
    """Every side's friendly squads (its own side's or its camp's), in or out of the fight, for
    every side at once (`World.derived`: a squad's meat shield is asked of every attack listed)."""
    squads = world.holders(Squad)
    sides = {squad: world.get(squad, Allegiance).side for squad in squads}
    return MappingProxyType({side: frozenset(squad for squad, theirs in sides.items() if friendly(side, theirs))
                             for side in world.groups(Allegiance)})


"""Where a combatant stands: one hex, or a squad's footprint (Seed 002, Squad Size; Ruling: Squads).

A squad covers one hex per three units, rounded up, always one connected group: its Position
is the anchor and its `Footprint` the rest, in growth order. When units fall the squad closes
ranks, and when they come back it spreads out again: the engine takes a sensible default at
once (drop the last hexes; take the free hex nearest the anchor), so the world is never out of
shape, and when there was a real choice it asks the squad's owner (a `FootprintChoice`), who
may keep the default or pick another. A squad with no free hex to spread into stays smaller
until its next move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations
from math import comb

from game.components import Footprint, Overwatch, Position, Squad
from game.ecs import EntityId, World
from game.events import FootprintChanged
from game.hexgrid import Hex, in_wedge, in_wedge_angle, neighbors
from game.prompts import FootprintChoice
from game.rules.cover import CoverReading
from game.rules.formation import connected, grow, growth_order
from game.rules.swn.squad import footprint_hexes
from game.systems.scene import Scene

MOST_CHOICES = 64
"""Beyond this many ways to close ranks, the owner is not asked (the default stands)."""


def footprint(world: World, entity: EntityId) -> tuple[Hex, ...]:
    """Every hex the combatant stands on, anchor first (none when it is not standing)."""
    position = world.try_get(entity, Position)
    if position is None:
        return ()
    rest = world.try_get(entity, Footprint)
    return (position.hex,) + (rest.rest if rest else ())


def place(world: World, entity: EntityId, hexes: tuple[Hex, ...]) -> None:
    """Stand the combatant on these hexes (anchor first), in growth order."""
    ordered = growth_order(hexes)
    world.remove(entity, Footprint)  # first, so no old hex is left indexed under the new anchor
    world.set(entity, Position(ordered[0]))
    if len(ordered) > 1:
        world.set(entity, Footprint(ordered[1:]))


def is_spread(world: World, entity: EntityId) -> bool:
    """Whether the combatant stands on more than one hex (a squad of four or more)."""
    rest = world.try_get(entity, Footprint)
    return rest is not None and bool(rest.rest)


def spread_problem(world: World, entity: EntityId, what: str) -> str | None:
    """The refusal for what a squad spread over several hexes cannot do as one, or None."""
    if not is_spread(world, entity):
        return None
    return f"a squad spread over {len(footprint(world, entity))} hexes cannot {what}; move it in formation"


def standing_problem(scene: Scene, entity: EntityId, hex_: Hex) -> str | None:
    """Why the combatant could not stand on this hex (off the map, not enterable, someone
    else's), or None."""
    field = scene.setup.field
    if hex_ not in field:
        return f"{scene.place(hex_)} is off the map"
    if field.move_cost(hex_) is None:
        return f"{scene.place(hex_)} cannot be entered ({field.terrain(hex_).name})"
    holder = scene.world.at(hex_)
    if holder is not None and holder != entity:
        return f"{scene.place(hex_)} is held by {scene.name(holder)}"
    return None


def usable(scene: Scene, entity: EntityId) -> Callable[[Hex], bool]:
    """A test of the hexes the combatant could stand on: `standing_problem(...) is None`, asked
    without wording the problem (a formation asks it of many hexes)."""
    field, world = scene.setup.field, scene.world

    def can_stand(hex_: Hex) -> bool:
        if hex_ not in field or field.move_cost(hex_) is None:
            return False
        holder = world.at(hex_)
        return holder is None or holder == entity
    return can_stand


def in_watch(here: Hex, watch: Overwatch, hex_: Hex) -> bool:
    """Whether a hex lies in an overwatch wedge from `here` (a hex direction, or any chosen angle)."""
    if watch.angle is not None:
        return in_wedge_angle(here, watch.angle, hex_)
    return in_wedge(here, watch.facing, hex_)


def weakest_cover(readings: Iterable[CoverReading]) -> CoverReading:
    """A squad's cover against one attacker: the least concealment and the least armor among
    the hexes the attacker can see, since a squad benefits only when all of it is behind cover
    (Seed 002, Squad Combat Notes; Ruling: Cover). Hexes out of sight are fully covered."""
    seen = [r for r in readings if r.visible]
    if len(seen) <= 1:
        return seen[0] if seen else next(iter(readings))
    hidden = min(seen, key=lambda r: r.concealment_bonus)
    exposed = min(seen, key=lambda r: r.armor)
    return CoverReading(visible=True, concealment=hidden.concealment, concealment_hex=hidden.concealment_hex,
                        armor=exposed.armor, material=exposed.material, material_hex=exposed.material_hex,
                        aim_proof_armor=min(r.aim_proof_armor for r in seen))


# -- fitting the footprint to the units ---------------------------------------------------
def fit_to_units(scene: Scene, entity: EntityId) -> None:
    """Shrink or grow a standing squad's footprint to one hex per three units (Seed 002,
    Squad Size): the default at once, and a decision for its owner when there was a choice."""
    squad, before = scene.world.try_get(entity, Squad), footprint(scene.world, entity)
    if squad is None or not before or squad.units <= 0:
        return
    need = footprint_hexes(squad.units)
    if need == len(before):
        return
    choices = _shrinkings(before, need) if need < len(before) else _growths(scene, entity, before, need)
    if not choices:
        return  # boxed in: it stays smaller until it moves
    place(scene.world, entity, choices[0])
    after = footprint(scene.world, entity)
    scene.emit(FootprintChanged(entity, before, after, "shrink" if need < len(before) else "grow"))
    forget_choices(scene, entity)  # an older question about its hexes no longer fits
    if len(choices) > 1:
        question = (f"{scene.name(entity)} now covers {need} hex{'es' if need > 1 else ''}: "
                    f"keep {'; '.join(scene.place(h) for h in after)} or choose others?")
        scene.pending.append(FootprintChoice(entity, question, before, tuple(choices)))


def forget_choices(scene: Scene, entity: EntityId) -> None:
    """Drop any open question about this squad's hexes (it fell, or was asked again)."""
    scene.pending[:] = [p for p in scene.pending if not (isinstance(p, FootprintChoice) and p.decider == entity)]


def _shrinkings(before: tuple[Hex, ...], need: int) -> list[tuple[Hex, ...]]:
    """Every connected group of `need` of the squad's hexes, the default (the first `need` in
    growth order) first; only the default when there are too many to list."""
    default = before[:need]
    if comb(len(before), need) > MOST_CHOICES:
        return [default]
    others = [kept for kept in combinations(before, need) if kept != default and connected(kept)]
    return [default, *others]


def _growths(scene: Scene, entity: EntityId, before: tuple[Hex, ...], need: int) -> list[tuple[Hex, ...]]:
    """The footprint grown to `need` hexes: the default takes the free hexes nearest the anchor;
    when one hex is added, every free hex next to the squad is a choice."""
    can_stand = usable(scene, entity)
    default = grow(before, need, can_stand)
    if default is None:
        return []
    if need - len(before) != 1:
        return [default]
    edge = sorted({n for h in before for n in neighbors(h) if n not in before and can_stand(n)})
    return [default, *(before + (h,) for h in edge if before + (h,) != default)]

"""Who is watching: overwatch wedges, and which watchers may fire at a mover on a hex (seed 002).

Walking and jumping ask this module at each hex; the overwatch actions (setting a watch,
firing, holding) live in `overwatch`, which resumes the walk and so depends on walking.
"""

from __future__ import annotations

from game.components import Allegiance, Overwatch, Position
from game.ecs import EntityId
from game.hexgrid import Hex, in_wedge, in_wedge_angle, range_in_hexes, spiral
from game.prompts import OverwatchChance
from game.systems.attacks import plan_attack, weapon_in_hand
from game.systems.context import Scene, hostile, in_the_fight
from game.systems.sight import has_line_of_sight


def overwatch_wedge(scene: Scene, watcher: EntityId, facing: int | None = None) -> list[Hex]:
    """The hexes the watcher covers (for the window's overlay): wedge, on the map, in range and sight."""
    watch = scene.world.get(watcher, Overwatch) if facing is None else Overwatch(facing)
    here = scene.world.get(watcher, Position).hex
    weapon = weapon_in_hand(scene, watcher)
    reach = 1 if weapon.is_melee else range_in_hexes(weapon.range_m[1])
    field = scene.rules.field
    return [h for h in spiral(here, reach)[1:]
            if in_watch(here, watch, h) and h in field and has_line_of_sight(field, here, h)]


def in_watch(here: Hex, watch: Overwatch, hex_: Hex) -> bool:
    """Whether a hex lies in the watch's wedge (a hex direction, or any chosen angle)."""
    if watch.angle is not None:
        return in_wedge_angle(here, watch.angle, hex_)
    return in_wedge(here, watch.facing, hex_)


def covers(scene: Scene, watcher: EntityId, target: EntityId, hex_: Hex) -> bool:
    """Whether the watcher, on overwatch, could fire at `target` standing on `hex_`."""
    watch = scene.world.try_get(watcher, Overwatch)
    if watch is None or not in_the_fight(scene.world, watcher):
        return False
    here = scene.world.get(watcher, Position).hex
    if not in_watch(here, watch, hex_):
        return False
    return not isinstance(plan_attack(scene, watcher, target, overwatch=True), str)


def watchers_of(scene: Scene, mover: EntityId, hex_: Hex, silenced: tuple[int, ...] = ()) -> list[EntityId]:
    """Enemies on overwatch who could fire at the mover on this hex, in id order."""
    side = scene.side_of(mover)
    return [w for w, _, allegiance in scene.world.query(Overwatch, Allegiance)
            if w not in silenced and hostile(side, allegiance.side) and covers(scene, w, mover, hex_)]


def ask_watchers(scene: Scene, mover: EntityId, hex_: Hex, remaining: tuple[Hex, ...],
                 silenced: tuple[int, ...] = ()) -> bool:
    """Open an overwatch prompt for each watcher of this hex; True when the move must pause."""
    watchers = watchers_of(scene, mover, hex_, silenced)
    for watcher in watchers:
        plan = plan_attack(scene, watcher, mover, overwatch=True)
        question = (f"{scene.name(watcher)} may fire on {scene.name(mover)} at {scene.place(hex_)} "
                    f"({float(plan.chance):.0%} to hit, overwatch -2)")
        scene.pending.append(OverwatchChance(watcher, question, mover, hex_, remaining, silenced))
    return bool(watchers)

"""Overwatch (seed 002): watch a 60 degree wedge, then one attack at -2 on an enemy in it.

Rulings (Overwatch): the wedge is centred on the overwatcher's hex and spans +-30 degrees
around a hex direction, edge hexes included, out to the weapon's maximum range, with line
of sight. Until the start of its next turn the overwatcher may make one attack as an
Instant action on an enemy inside it, including one moving through it: the move pauses
hex by hex and the overwatcher is asked. The attack ignores armor from cover, not
concealment.
"""

from __future__ import annotations

from game.actions import Hold, OverwatchFire, SetOverwatch
from game.components import Allegiance, Facing, Overwatch, Position
from game.ecs import EntityId
from game.events import ConditionChanged
from game.hexgrid import Hex, in_wedge, range_in_hexes, wedge
from game.prompts import OverwatchChance
from game.systems.attacks import plan_attack, resolve, weapon_in_hand
from game.systems.context import Scene, hostile, in_the_fight
from game.systems.handlers import handles, needs, spend
from game.systems.protect import hold, open_protect_prompt
from game.systems.sight import has_line_of_sight


def overwatch_wedge(scene: Scene, watcher: EntityId, facing: int | None = None) -> list[Hex]:
    """The hexes the watcher covers (for the window's overlay): wedge, on the map, in range and sight."""
    facing = scene.world.get(watcher, Overwatch).facing if facing is None else facing
    here = scene.world.get(watcher, Position).hex
    weapon = weapon_in_hand(scene, watcher)
    reach = 1 if weapon.is_melee else range_in_hexes(weapon.range_m[1])
    field = scene.rules.field
    return [h for h in wedge(here, facing, reach) if h in field and has_line_of_sight(field, here, h)]


def covers(scene: Scene, watcher: EntityId, target: EntityId, hex_: Hex) -> bool:
    """Whether the watcher, on overwatch, could fire at `target` standing on `hex_`."""
    watch = scene.world.try_get(watcher, Overwatch)
    if watch is None or not in_the_fight(scene.world, watcher):
        return False
    here = scene.world.get(watcher, Position).hex
    if not in_wedge(here, watch.facing, hex_):
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


def _fire(scene: Scene, watcher: EntityId, target: EntityId) -> None:
    plan = plan_attack(scene, watcher, target, overwatch=True)
    scene.world.remove(watcher, Overwatch)
    scene.emit(ConditionChanged(f"{scene.name(watcher)} fires from overwatch.", watcher, "overwatch", False))
    resolve(scene, plan)


def _finish_prompt(scene: Scene, prompt: OverwatchChance, silence: bool) -> None:
    """Close the answered prompt; when none is left for this hex, the move goes on."""
    from game.systems.walking import walk  # walking imports this module: resolve at call time

    scene.pending.pop(0)
    silenced = prompt.silenced + ((prompt.decider,) if silence else ())
    others = [p for p in scene.pending if isinstance(p, OverwatchChance) and p.mover == prompt.mover]
    if others:
        scene.pending[:] = [p if p not in others else _with_silenced(p, silenced) for p in scene.pending]
        return
    if prompt.remaining and in_the_fight(scene.world, prompt.mover):
        walk(scene, prompt.mover, prompt.remaining, silenced)


def _with_silenced(prompt: OverwatchChance, silenced: tuple[int, ...]) -> OverwatchChance:
    return OverwatchChance(prompt.decider, prompt.question, prompt.mover, prompt.hex, prompt.remaining, silenced)


@handles(SetOverwatch)
class SetOverwatchHandler:
    """Take the Main action to watch a wedge; the facing is a hex direction 0..5."""

    @staticmethod
    def check(scene: Scene, action: SetOverwatch) -> str | None:
        if not 0 <= action.facing <= 5:
            return "the facing must be a hex direction from 0 to 5"
        return needs(scene, action.actor, "main")

    @staticmethod
    def apply(scene: Scene, action: SetOverwatch) -> None:
        spend(scene, action.actor, "main")
        scene.world.set(action.actor, Overwatch(action.facing))
        scene.world.set(action.actor, Facing(action.facing))
        scene.emit(ConditionChanged(f"{scene.name(action.actor)} goes on overwatch facing direction "
                                    f"{action.facing}.", action.actor, "overwatch", True))


def _open_prompt(scene: Scene, actor: EntityId) -> OverwatchChance | None:
    prompt = scene.pending[0] if scene.pending else None
    return prompt if isinstance(prompt, OverwatchChance) and prompt.decider == actor else None


@handles(OverwatchFire, response=True)
class OverwatchFireHandler:
    """Fire from overwatch: answering a prompt, or at any enemy in the wedge as an Instant action."""

    @staticmethod
    def check(scene: Scene, action: OverwatchFire) -> str | None:
        if not scene.world.has(action.actor, Overwatch):
            return "not on overwatch"
        prompt = _open_prompt(scene, action.actor)
        if prompt is not None and action.target not in (0, prompt.mover):
            return f"overwatch can only fire at {scene.name(prompt.mover)} now"
        target = prompt.mover if prompt else action.target
        if target not in scene.world.entities():
            return f"there is no combatant with id {target}"
        if not covers(scene, action.actor, target, scene.world.get(target, Position).hex):
            return "that target is not inside the overwatch wedge with a clear shot in range"
        return None

    @staticmethod
    def apply(scene: Scene, action: OverwatchFire) -> None:
        prompt = _open_prompt(scene, action.actor)
        _fire(scene, action.actor, prompt.mover if prompt else action.target)
        if prompt is not None:
            _finish_prompt(scene, prompt, silence=True)


@handles(Hold, only_response=True)
class HoldHandler:
    """Decline an open overwatch prompt (the move goes on), or a protect prompt (protect.py)."""

    @staticmethod
    def check(scene: Scene, action: Hold) -> str | None:
        if open_protect_prompt(scene, action.actor):
            return None
        return None if _open_prompt(scene, action.actor) else "there is no overwatch decision for you to make"

    @staticmethod
    def apply(scene: Scene, action: Hold) -> None:
        if open_protect_prompt(scene, action.actor):
            return hold(scene, action)
        prompt = _open_prompt(scene, action.actor)
        scene.emit(ConditionChanged(f"{scene.name(action.actor)} holds fire.", action.actor, "overwatch", True))
        _finish_prompt(scene, prompt, silence=action.for_this_move)

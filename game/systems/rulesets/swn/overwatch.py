"""Overwatch (seed 002): watch a 60 degree wedge, then one attack at -2 on an enemy in it.

Rulings (Overwatch): the wedge is centred on the overwatcher's hex and spans +-30 degrees
around a hex direction or any chosen angle, edge hexes included, out to the weapon's maximum
range, with line of sight. Until the start of its next turn the overwatcher may make one
attack as an Instant action on an enemy inside it, including one moving through it: a move
pauses hex by hex (`ask_watchers`) and each watcher who could fire is asked. Once every watcher
has answered, the rest of the move waits as a `PausedMove` for the movement system to resume.
The attack ignores armor from cover, not concealment.
"""

from __future__ import annotations

from game.actions import Hold, OverwatchFire, SetOverwatch
from game.components import Allegiance, Overwatch, PausedMove, Position
from game.ecs import EntityId
from game.events import ConditionChanged, OverwatchSet
from game.hexgrid import Hex, distance, facing_for_angle, range_in_hexes, spiral
from game.prompts import OverwatchChance
from game.systems.budget import needs, spend
from game.systems.rulesets.swn.attackers import weapon_in_hand
from game.systems.rulesets.swn.combat import plan_attack, strike
from game.systems.footprint import footprint, in_watch
from game.systems.scene import Scene, hostile, in_the_fight
from game.systems.sight import cover_lookup
from game.systems.sightlines import prime_covers


# -- who is watching ----------------------------------------------------------------------
def overwatch_wedge(scene: Scene, watcher: EntityId, watch: Overwatch | None = None) -> list[Hex]:
    """The hexes a watch covers (the watcher's own, or `watch` for a facing not yet taken): in
    the wedge, on the map, within the weapon's reach and in sight."""
    watch = watch or scene.world.get(watcher, Overwatch)
    here = scene.world.get(watcher, Position).hex
    weapon = weapon_in_hand(scene, watcher)
    reach = 1 if weapon.is_melee else range_in_hexes(weapon.range_m[1])
    field = scene.setup.field
    # A long gun reaches past the map's edge: then the map's own hexes are the fewer to look at.
    nearby = spiral(here, reach)[1:] if 3 * reach * (reach + 1) < len(field) else field.hexes()
    candidates = [h for h in nearby
                  if h in field and h != here and distance(here, h) <= reach and in_watch(here, watch, h)]
    prime_covers(field, [here] * len(candidates), candidates, [None] * len(candidates))  # one batch
    return sorted(h for h in candidates if cover_lookup(field, here, h, None).visible)


def covers(scene: Scene, watcher: EntityId, target: EntityId, hex_: Hex) -> bool:
    """Whether the watcher, on overwatch, could fire at `target` standing on `hex_`."""
    watch = scene.world.try_get(watcher, Overwatch)
    if watch is None or not in_the_fight(scene.world, watcher):
        return False
    if not in_watch(scene.world.get(watcher, Position).hex, watch, hex_):
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
        ask_watcher(scene, watcher, mover, hex_, remaining, silenced)
    return bool(watchers)


def ask_watcher(scene: Scene, watcher: EntityId, mover: EntityId, hex_: Hex, remaining: tuple[Hex, ...] = (),
                silenced: tuple[int, ...] = ()) -> None:
    """Open one watcher's overwatch prompt about the mover seen on `hex_`."""
    plan = plan_attack(scene, watcher, mover, overwatch=True)
    question = (f"{scene.name(watcher)} may fire on {scene.name(mover)} at {scene.place(hex_)} "
                f"({float(plan.chance):.0%} to hit, overwatch -2)")
    scene.pending.append(OverwatchChance(watcher, question, mover, hex_, remaining, silenced))


def open_prompt(scene: Scene, actor: EntityId) -> OverwatchChance | None:
    """The overwatch prompt this combatant must answer now, if any."""
    prompt = scene.pending[0] if scene.pending else None
    return prompt if isinstance(prompt, OverwatchChance) and prompt.decider == actor else None


def _finish_prompt(scene: Scene, prompt: OverwatchChance, silence: bool) -> None:
    """Close the answered prompt; when none is left for this hex, the rest of the move waits
    to be resumed (or is dropped if the mover went down)."""
    scene.pending.pop(0)
    about_mover = [p for p in scene.pending if isinstance(p, OverwatchChance) and p.mover == prompt.mover]
    if not in_the_fight(scene.world, prompt.mover):  # downed: nobody else need be asked
        scene.pending[:] = [p for p in scene.pending if p not in about_mover]
        return
    silenced = prompt.silenced + ((prompt.decider,) if silence else ())
    if about_mover:
        scene.pending[:] = [p if p not in about_mover else _with_silenced(p, silenced) for p in scene.pending]
    elif prompt.remaining:
        scene.world.set(prompt.mover, PausedMove(prompt.remaining, silenced))


def _with_silenced(prompt: OverwatchChance, silenced: tuple[int, ...]) -> OverwatchChance:
    return OverwatchChance(prompt.decider, prompt.question, prompt.mover, prompt.hex, prompt.remaining, silenced)


# -- the actions --------------------------------------------------------------------------
def check_set_overwatch(scene: Scene, action: SetOverwatch) -> Overwatch | str:
    """Overwatch takes the Main action, facing a hex direction 0..5 or any angle (seed 002)."""
    if action.angle is None and not 0 <= action.facing <= 5:
        return "the facing must be a hex direction from 0 to 5"
    refusal = needs(scene, action.actor, "main")
    if refusal:
        return refusal
    if action.angle is None:
        return Overwatch(action.facing)
    angle = action.angle % 360
    return Overwatch(facing_for_angle(angle), angle)


def set_overwatch(scene: Scene, action: SetOverwatch, watch: Overwatch) -> None:
    """Spend the Main action and watch the wedge until the start of the next turn."""
    spend(scene, action.actor, "main")
    scene.world.set(action.actor, watch)
    scene.emit(OverwatchSet(action.actor, watch.facing, watch.angle))


def check_overwatch_fire(scene: Scene, action: OverwatchFire) -> EntityId | str:
    """Fire from overwatch: the mover of the open prompt, or any enemy in the wedge (Instant)."""
    if not scene.world.has(action.actor, Overwatch):
        return "not on overwatch"
    prompt = open_prompt(scene, action.actor)
    if prompt is not None and action.target not in (0, prompt.mover):
        return f"overwatch can only fire at {scene.name(prompt.mover)} now"
    target = prompt.mover if prompt else action.target
    if not scene.world.exists(target) or not scene.world.has(target, Allegiance):
        return f"there is no combatant with id {target}"
    if not in_the_fight(scene.world, target):
        return f"{scene.name(target)} is out of the fight"
    if not any(covers(scene, action.actor, target, h) for h in footprint(scene.world, target)):
        return "that target is not inside the overwatch wedge with a clear shot in range"
    return target


def overwatch_fire(scene: Scene, action: OverwatchFire, target: EntityId) -> None:
    """The single -2 attack; the watch ends; an interrupted move is then free to go on."""
    prompt = open_prompt(scene, action.actor)
    plan = plan_attack(scene, action.actor, target, overwatch=True)
    scene.world.remove(action.actor, Overwatch)
    scene.emit(ConditionChanged(action.actor, "overwatch", False, "fired"))
    strike(scene, plan)
    if prompt is not None:
        _finish_prompt(scene, prompt, silence=True)


def check_hold_fire(scene: Scene, action: Hold) -> OverwatchChance | str:
    """Declining an open overwatch prompt."""
    return open_prompt(scene, action.actor) or "there is no overwatch decision for you to make"


def hold_fire(scene: Scene, action: Hold, prompt: OverwatchChance) -> None:
    """The watcher lets the mover pass this hex (or, `for_this_move`, the rest of the move)."""
    scene.emit(ConditionChanged(action.actor, "overwatch", True, "held"))
    _finish_prompt(scene, prompt, silence=action.for_this_move)

"""Overwatch (seed 002): watch a 60 degree wedge, then one attack at -2 on an enemy in it.

Rulings (Overwatch): the wedge is centred on the overwatcher's hex and spans +-30 degrees
around a hex direction or any chosen angle, edge hexes included, out to the weapon's maximum
range, with line of sight. Until the start of its next turn the overwatcher may make one
attack as an Instant action on an enemy inside it, including one moving through it: a move
pauses hex by hex (`ask_watchers`) and each watcher who could fire is asked. Once every watcher
has answered, the rest of the move waits as a `PausedMove` for the movement system to resume.
The attack ignores armor from cover, not concealment.

A squad moving in formation (or charging, or jumping) arrives all at once, but it is watched
along the way its units walked (`ask_along`): each watcher is asked once, about the first hex of
the route inside its wedge from which it could fire at a unit of the squad standing there, and
its shot is taken at the squad as it stood on that hex (`plan_shot`), and carries that hex
(`OverwatchFire.aim`) onto any decision about its roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.actions import Hold, OverwatchFire, SetOverwatch
from game.components import Allegiance, Overwatch, PausedMove, Position
from game.ecs import EntityId
from game.events import ConditionChanged, OverwatchSet
from game.hexgrid import Hex, distance, facing_for_angle, range_in_hexes, spiral
from game.prompts import OverwatchChance
from game.systems.budget import needs, spend
from game.systems.rulesets.swn.attackers import weapon_in_hand
from game.systems.rulesets.swn.combat import AttackPlan, plan_attack, strike
from game.systems.footprint import footprint, in_watch, place
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
    """Whether the watcher, on overwatch, could fire at `target` standing on `hex_` (a squad on a
    hex of its route it no longer holds: as it stood there, `standing_on`)."""
    watch = scene.world.try_get(watcher, Overwatch)
    if watch is None or not in_the_fight(scene.world, watcher):
        return False
    if not in_watch(scene.world.get(watcher, Position).hex, watch, hex_):
        return False
    return not isinstance(plan_attack(standing_on(scene, target, hex_), watcher, target, overwatch=True), str)


def standing_on(scene: Scene, target: EntityId, hex_: Hex) -> Scene:
    """The scene itself when the target stands on `hex_`; else a copy in which it stands there
    alone (a unit of a squad on a hex of the route it walked), to aim a shot at it there."""
    if hex_ in footprint(scene.world, target):
        return scene
    trial = scene.world.snapshot()
    place(trial, target, (hex_,))
    return Scene(scene.setup, trial, scene.dice, scene.round, scene.sides)


def route_aim(scene: Scene, watcher: EntityId, target: EntityId) -> tuple[Hex, ...]:
    """The hex of a squad's route the watcher's decision about it names (open, or waiting behind a
    protector's), when the squad has left it and the watcher could fire there; else none."""
    prompt = next((p for p in scene.pending if isinstance(p, OverwatchChance) and p.decider == watcher
                   and p.mover == target), None)
    if prompt is None or prompt.hex in footprint(scene.world, target):
        return ()
    return (prompt.hex,) if covers(scene, watcher, target, prompt.hex) else ()


def plan_shot(scene: Scene, watcher: EntityId, target: EntityId,
              aim: tuple[Hex, ...] | None = None) -> AttackPlan | str:
    """The watcher's shot at the target: aimed at it as it stood on `aim` (the shot's own, kept on
    a decision: `OverwatchFire.aim`), or, when None, where the decision about it names
    (`route_aim`); at the target as it stands when there is no such hex. The plan keeps its aim."""
    aim = route_aim(scene, watcher, target) if aim is None else aim
    plan = plan_attack(standing_on(scene, target, aim[0]) if aim else scene, watcher, target, overwatch=True)
    return replace(plan, aim=aim) if aim and not isinstance(plan, str) else plan


def ask_along(scene: Scene, mover: EntityId, route: Sequence[Hex], held_before: Sequence[Hex]) -> None:
    """Ask each watcher once, at the first hex of `route` (in the order walked) where it could
    fire at the mover: hexes it held before, and hexes of others it only passed, do not count."""
    asked: list[EntityId] = []
    for hex_ in dict.fromkeys(route):
        if hex_ in held_before or scene.world.at(hex_) not in (None, mover):
            continue
        for watcher in watchers_of(scene, mover, hex_, tuple(asked)):
            asked.append(watcher)
            ask_watcher(scene, watcher, mover, hex_)


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
    plan = plan_attack(standing_on(scene, mover, hex_), watcher, mover, overwatch=True)
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
    if action.aim:
        return "a shot from overwatch is aimed where the watcher's decision names: leave out 'aim'"
    if prompt is not None and action.target not in (0, prompt.mover):
        return f"overwatch can only fire at {scene.name(prompt.mover)} now"
    target = prompt.mover if prompt else action.target
    if not scene.world.exists(target) or not scene.world.has(target, Allegiance):
        return f"there is no combatant with id {target}"
    if not in_the_fight(scene.world, target):
        return f"{scene.name(target)} is out of the fight"
    seen_on = footprint(scene.world, target) + ((prompt.hex,) if prompt else ())
    if not any(covers(scene, action.actor, target, h) for h in seen_on):
        return "that target is not inside the overwatch wedge with a clear shot in range"
    return target


def overwatch_fire(scene: Scene, action: OverwatchFire, target: EntityId) -> None:
    """The single -2 attack; the watch ends; an interrupted move is then free to go on."""
    prompt = open_prompt(scene, action.actor)
    plan = plan_shot(scene, action.actor, target)
    end_watch(scene, action.actor)
    strike(scene, plan)
    if prompt is not None:
        _finish_prompt(scene, prompt, silence=True)


def end_watch(scene: Scene, watcher: EntityId) -> None:
    """The watcher has fired its single attack: the watch is over."""
    scene.world.remove(watcher, Overwatch)
    scene.emit(ConditionChanged(watcher, "overwatch", False, "fired"))


def after_protect(scene: Scene, shot: OverwatchFire, ally: EntityId) -> None:
    """A shot from overwatch that waited for a protector has been taken: the watcher's decision
    about the mover, open behind the protector's, closes as a shot fired (the move may go on)."""
    prompt = scene.pending[0] if scene.pending else None
    if isinstance(prompt, OverwatchChance) and prompt.decider == shot.actor and prompt.mover == ally:
        _finish_prompt(scene, prompt, silence=True)


def check_hold_fire(scene: Scene, action: Hold) -> OverwatchChance | str:
    """Declining an open overwatch prompt."""
    return open_prompt(scene, action.actor) or "there is no overwatch decision for you to make"


def hold_fire(scene: Scene, action: Hold, prompt: OverwatchChance) -> None:
    """The watcher lets the mover pass this hex (or, `for_this_move`, the rest of the move)."""
    scene.emit(ConditionChanged(action.actor, "overwatch", True, "held"))
    _finish_prompt(scene, prompt, silence=action.for_this_move)

"""Which system handles which action: a check that refuses with a reason, then an apply.

Each handler's check runs on the scene before anything changes; apply may assume the check
passed. Actions that are Instant (SWN core) may be taken outside one's own turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.actions import Action, DefendTotally, EndTurn, GoProne, Reload, StandUp
from game.components import Armament, MainSpent, Prone, Stats, TotalDefense, TurnBudget
from game.ecs import EntityId
from game.events import ConditionChanged
from game.systems.context import Scene


@dataclass(frozen=True, slots=True)
class Handler:
    """The check and apply functions of one action type.

    `instant`: may be taken outside the actor's turn (SWN core Instant actions).
    `response`: answers an open prompt; `only_response`: is never anything else.
    """

    check: Callable[[Scene, Action], str | None]
    apply: Callable[[Scene, Action], None]
    instant: bool = False
    response: bool = False
    only_response: bool = False


HANDLERS: dict[type[Action], Handler] = {}

SETTLED: list[Callable[[Scene], None]] = []
"""Work to do once an action leaves no decision open (a charge lands after its run)."""


def handles(kind: type[Action], instant: bool = False, response: bool = False, only_response: bool = False):
    """Register a (check, apply) pair for an action type: put `@handles(SomeAction)` on a class."""
    def register(cls):
        HANDLERS[kind] = Handler(cls.check, cls.apply, instant or response, response or only_response, only_response)
        return cls
    return register


def when_settled(hook: Callable[[Scene], None]) -> Callable[[Scene], None]:
    """Register a function the battle runs after an action once no prompt is open."""
    SETTLED.append(hook)
    return hook


def settle(scene: Scene) -> None:
    """Run the settled hooks, unless a decision is still open."""
    if not scene.pending:
        for hook in SETTLED:
            hook(scene)


def check(scene: Scene, action: Action) -> str | None:
    """Why the action cannot be taken now, or None."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        return f"'{action.kind}' is not an action this battle knows"
    return handler.check(scene, action)


def apply(scene: Scene, action: Action) -> None:
    """Resolve a checked action on the scene."""
    HANDLERS[type(action)].apply(scene, action)


def is_instant(action: Action) -> bool:
    """Whether the action may be taken outside the actor's turn."""
    handler = HANDLERS.get(type(action))
    return handler is not None and handler.instant


def answers_prompts(action: Action) -> bool:
    """Whether the action can answer an open prompt."""
    handler = HANDLERS.get(type(action))
    return handler is not None and handler.response


def only_answers_prompts(action: Action) -> bool:
    """Whether the action means nothing without an open prompt (e.g. Hold)."""
    handler = HANDLERS.get(type(action))
    return handler is not None and handler.only_response


# -- the turn budget ---------------------------------------------------------------------
def budget(scene: Scene, entity: EntityId) -> TurnBudget:
    """What the combatant has left this turn."""
    return scene.world.get(entity, TurnBudget)


def move_points_available(scene: Scene, entity: EntityId) -> int:
    """Movement for one Move action, if a Move (or a Main spent as a move) is left."""
    left = budget(scene, entity)
    return scene.world.get(entity, Stats).move_hexes if left.move or left.main else 0


def spend(scene: Scene, entity: EntityId, action: str) -> None:
    """Use up the Main or Move action; a second move takes the Main action (SWN core)."""
    left = budget(scene, entity)
    if action == "move" and not left.move:
        action = "main"
    scene.world.set(entity, TurnBudget(main=left.main and action != "main",
                                       move=left.move and action != "move", fray_used=left.fray_used))
    if action == "main":
        scene.world.set(entity, MainSpent(scene.round))


def main_unused_this_round(scene: Scene, entity: EntityId) -> bool:
    """Whether the combatant's Main action of this round is still unspent (what a snap or an
    Instant Total Defense needs), and its side was not surprised in round 1."""
    spent = scene.world.try_get(entity, MainSpent)
    return (spent is None or spent.round != scene.round) and not scene.is_surprised(entity)


def needs(scene: Scene, entity: EntityId, action: str) -> str | None:
    """A refusal if the Main (or a Move) action is not left this turn."""
    left = budget(scene, entity)
    if action == "main" and not left.main:
        return "the Main action is already used this turn"
    if action == "move" and not (left.move or left.main):
        return "no Move action is left this turn (the Main action can be spent as a move)"
    return None


@handles(EndTurn)
class EndTurnHandler:
    """Ending the turn always works for the combatant whose turn it is."""

    @staticmethod
    def check(scene: Scene, action: Action) -> str | None:
        return None

    @staticmethod
    def apply(scene: Scene, action: Action) -> None:
        return None


@handles(GoProne, instant=True)
class GoProneHandler:
    """Dropping prone is an Instant action (SWN core)."""

    @staticmethod
    def check(scene: Scene, action: Action) -> str | None:
        return "already prone" if scene.world.has(action.actor, Prone) else None

    @staticmethod
    def apply(scene: Scene, action: Action) -> None:
        scene.world.set(action.actor, Prone())
        scene.emit(ConditionChanged(f"{scene.name(action.actor)} drops prone.", action.actor, "prone", True))


@handles(StandUp)
class StandUpHandler:
    """Standing up takes the Move action (SWN core)."""

    @staticmethod
    def check(scene: Scene, action: Action) -> str | None:
        if not scene.world.has(action.actor, Prone):
            return "not prone"
        return needs(scene, action.actor, "move")

    @staticmethod
    def apply(scene: Scene, action: Action) -> None:
        scene.world.remove(action.actor, Prone)
        spend(scene, action.actor, "move")
        scene.emit(ConditionChanged(f"{scene.name(action.actor)} stands up.", action.actor, "prone", False))


@handles(DefendTotally, instant=True)
class TotalDefenseHandler:
    """Total Defense: an Instant action, +2 AC until the start of the combatant's next turn, paid
    with this round's Main action (SWN core). Taken before its turn, that turn starts without
    a Main action and the defense ends as it starts."""

    @staticmethod
    def check(scene: Scene, action: Action) -> str | None:
        if scene.world.has(action.actor, TotalDefense):
            return "already on total defense"
        if not main_unused_this_round(scene, action.actor):
            return "the Main action of this round is already used"
        return None

    @staticmethod
    def apply(scene: Scene, action: Action) -> None:
        scene.world.set(action.actor, TotalDefense())
        spend(scene, action.actor, "main")
        scene.emit(ConditionChanged(f"{scene.name(action.actor)} takes total defense (+2 AC).",
                                    action.actor, "total defense", True))


@handles(Reload)
class ReloadHandler:
    """Reloading a magazine weapon takes the Main action."""

    @staticmethod
    def check(scene: Scene, action: Action) -> str | None:
        armament = scene.world.get(action.actor, Armament)
        if armament.weapon is None:
            return "no weapon in hand"
        weapon = scene.rules.catalog.weapons[armament.weapon]
        if weapon.thrown:
            return f"a {weapon.name.lower()} is thrown, not reloaded"
        magazine = weapon.magazine
        if not magazine:
            return "this weapon has no magazine"
        if armament.rounds >= magazine:
            return "the magazine is already full"
        return needs(scene, action.actor, "main")

    @staticmethod
    def apply(scene: Scene, action: Action) -> None:
        armament = scene.world.get(action.actor, Armament)
        magazine = scene.rules.catalog.weapons[armament.weapon].magazine
        scene.world.set(action.actor, Armament(armament.weapon, magazine))
        spend(scene, action.actor, "main")
        scene.emit(ConditionChanged(f"{scene.name(action.actor)} reloads.", action.actor, "reloaded", True))

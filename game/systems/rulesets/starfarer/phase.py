"""What one Starfarer action phase allows: one action of any kind, or with the map property
`declare_actions` the actions declared ahead, with initiative modifiers and multiple actions
(Seed 003, 3.2.1-3.2.3).

Rulings: declaring happens during one's own phase, for the next one (the seed's "at the end of
the preceding action phase"), or before the first round's roll (`DeclarationChance`, asked of
everyone in id order; the points are rolled once all have answered). A phase nothing was declared
for is one action of any kind with no modifier. A phase holds at most 3 actions and at most one move (a move is 10 m a phase).
Each action past the first takes 1 off the EF of every task of the phase, counted from the
actions declared. An attack's initiative modifier is its weapon's; a move's is 0.
"""

from __future__ import annotations

from collections.abc import Callable

from game.actions import Declare, EndTurn, Hold
from game.systems.rulesets.starfarer.components import ActionPoints
from game.ecs import EntityId
from game.events import ActionsDeclared, PhaseEnded
from game.rules.starfarer.initiative import PHASE_COST, DeclaredAction, declare, end_phase, extra_action_penalty
from game.prompts import DeclarationChance
from game.systems.dispatch import Row
from game.systems.rulesets.starfarer import state
from game.systems.rulesets.starfarer.components import Declaration, PhasePlan
from game.systems.scene import Scene

SETTING = "declare_actions"
MAX_ACTIONS = 3
TAKEN = "the phase's action is already taken"


def declaring(scene: Scene) -> bool:
    """Whether the map turns on declaration, initiative modifiers and multiple actions."""
    return bool(scene.setup.setting(SETTING, False))


def _plan(scene: Scene, entity: EntityId) -> PhasePlan:
    found = scene.world.try_get(entity, PhasePlan)
    return found if found is not None else PhasePlan()


def start(scene: Scene, entity: EntityId) -> None:
    """The phase begins with what was declared for it, if anything (the declaration is used up)."""
    declared = scene.world.try_get(entity, Declaration)
    scene.world.remove(entity, Declaration)
    if declared is None:
        scene.world.set(entity, PhasePlan())
    else:
        scene.world.set(entity, PhasePlan(declared.actions, declared.modifiers))


def refusal(scene: Scene, entity: EntityId, kind: str) -> str | None:
    """Why an action of this kind ("attack", "move") cannot be taken in the phase now, or None."""
    plan = _plan(scene, entity)
    if not plan.declared:
        return TAKEN if plan.taken else None
    left = list(plan.declared)
    for done in plan.taken:
        left.remove(done)
    if kind in left:
        return None
    if not left:
        return "the declared actions are all taken"
    return f"not declared for this phase (declared: {', '.join(plan.declared)})"


def take(scene: Scene, entity: EntityId, kind: str) -> None:
    """Record an action taken in the phase."""
    plan = _plan(scene, entity)
    scene.world.set(entity, PhasePlan(plan.declared, plan.modifiers, (*plan.taken, kind)))


def extra_actions(scene: Scene, entity: EntityId) -> int:
    """EF off every task of the phase: 1 per declared action past the first (Seed 003, 3.2.3)."""
    return extra_action_penalty(tuple(DeclaredAction(kind) for kind in _plan(scene, entity).declared))


def modifier(scene: Scene, entity: EntityId, kind: str) -> int:
    """An action's initiative modifier: the weapon in hand's for an attack, 0 for a move (Seed 003, 3.2.2)."""
    return state.weapon_entry(scene, entity).initiative_modifier if kind == "attack" else 0


def declared_actions(scene: Scene, action: Declare) -> tuple[DeclaredAction, ...]:
    """The declaration as the pure rules read it: the move first, then the attacks."""
    kinds = ("move",) * action.move + ("attack",) * action.attacks
    return tuple(DeclaredAction(kind, modifier(scene, action.actor, kind)) for kind in kinds)


def ask_before_the_roll(scene: Scene, fighters: list[EntityId]) -> None:
    """Before the first round's points are rolled, everyone may declare its first phase (Seed 003, 3.2.1)."""
    for entity in sorted(fighters):
        question = f"Before the first roll: declare {scene.name(entity)}'s first phase?"
        scene.pending.append(DeclarationChance(entity, question))


def before_the_roll(scene: Scene) -> bool:
    """Whether declarations before the first roll are still open."""
    return any(isinstance(prompt, DeclarationChance) for prompt in scene.pending)


def asked(scene: Scene, entity: EntityId) -> bool:
    """Whether the decision open is the entity's declaration before the first roll."""
    head = scene.pending[0] if scene.pending else None
    return isinstance(head, DeclarationChance) and head.decider == entity


def check_declare(scene: Scene, action: Declare) -> tuple[DeclaredAction, ...] | str:
    """Declaring the next phase's actions in one's own phase, once, or when asked before the first
    roll (Seed 003, 3.2.1)."""
    if not declaring(scene):
        return "this map does not use declared actions (map property declare_actions)"
    if scene.pending and not asked(scene, action.actor):
        return f"waiting for a decision: {scene.pending[0].question}"
    if scene.world.has(action.actor, Declaration):
        return "the next phase's actions are already declared"
    if action.attacks < 0 or action.attacks + action.move < 1:
        return "declare at least one action"
    if action.attacks + action.move > MAX_ACTIONS:
        return f"a phase holds at most {MAX_ACTIONS} actions"
    return declared_actions(scene, action)


def apply_declare(scene: Scene, action: Declare, plan: tuple[DeclaredAction, ...]) -> None:
    """Record the declaration; the lowest initiative modifier is added to the action points now (Seed 003, 3.2.3)."""
    if asked(scene, action.actor):
        scene.pending.pop(0)
    _record(scene, action, plan)


def hold_row(other: Row, rolled_after: Callable[[Scene], None]) -> Row:
    """A Hold row that declares nothing before the first roll, and answers any other decision as `other` does."""
    def check(scene: Scene, action: Hold) -> object:
        return action if asked(scene, action.actor) else other.check(scene, action)

    def apply(scene: Scene, action: Hold, plan: object) -> None:
        if not asked(scene, action.actor):
            other.apply(scene, action, plan)
            return
        scene.pending.pop(0)
        if not before_the_roll(scene):
            rolled_after(scene)
    return Row(check, apply, instant=True, answers=True, only_answers=True)


def _record(scene: Scene, action: Declare, plan: tuple[DeclaredAction, ...]) -> None:
    before = state.points(scene, action.actor)
    after = declare(before, plan)
    scene.world.set(action.actor, Declaration(tuple(a.name for a in plan),
                                                    tuple(a.initiative_modifier for a in plan)))
    scene.world.set(action.actor, ActionPoints(after))
    scene.emit(ActionsDeclared(action.actor, action.attacks, action.move, after - before, (before, after)))


def after_phase(plan: tuple[DeclaredAction, ...], performed: int) -> int:
    """The action points a declared phase changes at its end, the 10 paid at its start aside (Seed 003, 3.2.3)."""
    return end_phase(PHASE_COST, plan, performed)


def end(scene: Scene, action: EndTurn, plan: EndTurn) -> None:
    """The phase ends: -1 per action performed when several, plus every modifier but the lowest (Seed 003, 3.2.3)."""
    phase = _plan(scene, action.actor)
    if not phase.declared:
        return
    declared = tuple(DeclaredAction(k, m) for k, m in zip(phase.declared, phase.modifiers))
    before = state.points(scene, action.actor)
    after = before + after_phase(declared, len(phase.taken))
    scene.world.set(action.actor, ActionPoints(after))
    scene.emit(PhaseEnded(action.actor, len(phase.taken), (before, after)))

"""A battle's flow between actions: its state, who may act now, the turn passing on (past the
fallen and, in round 1, the surprised), a new round beginning, and the battle ending once one
camp is left. The facade (game/battle.py) runs an action; what comes before and after it is here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.actions import Action, EndTurn, Redirect
from game.components import Allegiance, Identity, Position, Stats
from game.deploy import deployed
from game.ecs import EntityId, World
from game.events import BattleEnded, Event, TurnLost
from game.prompts import Prompt, ProtectChance
from game.slots import slot_maker
from game.systems import rulesets
from game.rules.dice import SeededDice
from game.systems.scene import ActionDice, DieNeeded, Scene, Setup, SideState, in_the_fight
from game.systems.turns import camps_standing


@dataclass(frozen=True, slots=True)
class BattleState:
    """Everything that changes during a fight, as one immutable value (the world is owned)."""

    world: World
    round: int
    order: tuple[EntityId, ...]
    turn: int
    rng: int
    sides: tuple[SideState, ...]
    pending: tuple[Prompt, ...] = ()
    winner: str | None = None
    ended: bool = False

    def side(self, side_id: str) -> SideState:
        """The running state of one side."""
        return next(s for s in self.sides if s.id == side_id)


_make_state = slot_maker(BattleState)
"""`BattleState(...)` with every field given in order, set slot by slot: one for every accepted action."""


def whose_turn(state: BattleState) -> EntityId | None:
    """Whose turn it is, or None once the battle has ended."""
    return None if state.ended or not state.order else state.order[state.turn]


def decides_down(state: BattleState, actor: EntityId) -> bool:
    """Whether `actor` decides the open decision and answers it out of the fight (seed 004: a
    hero point on a Starfarer check made unconscious or dying, `Prompt.answered_down`)."""
    return bool(state.pending) and state.pending[0].decider == actor and state.pending[0].answered_down


def precondition(state: BattleState, action: Action, row) -> str | None:
    """Why the action cannot be taken now whatever it does (the battle is over, the actor is
    not there or out of the fight, a decision waits, not the actor's turn), or None; `row` is
    the ruleset's table row for it (None for an action the ruleset does not know)."""
    if state.ended:
        return "the battle is over"
    if row is not None and row.gm:  # the GM's overrides: whatever the turn
        return f"waiting for a decision: {state.pending[0].question}" if state.pending else None
    standing = in_the_fight(state.world, action.actor)  # in the fight: there, without asking
    if not standing and not state.world.exists(action.actor):
        return f"there is no combatant with id {action.actor}"
    if not (standing or decides_down(state, action.actor)):
        return "that combatant is out of the fight"
    if state.pending:
        prompt = state.pending[0]
        if action.actor != prompt.decider or row is None or not row.answers:
            return f"waiting for a decision: {prompt.question}"
        return None
    if row is not None and row.only_answers:
        return "there is no decision to answer"
    if (row is None or not row.instant) and action.actor != whose_turn(state):
        return "it is not that combatant's turn"
    return None


def asking(state: BattleState, action: Action, needed: DieNeeded) -> str:
    """The table's next roll in words: "roll a d20 for Vask's attack on Thug 8 and type its face".
    Answering a protect decision rolls the held-back attack: the words name that attack."""
    prompt = state.pending[0] if state.pending else None
    if isinstance(prompt, ProtectChance) and prompt.attack is not None and action.actor == prompt.decider:
        on = prompt.decider if isinstance(action, Redirect) else prompt.ally
        action = replace(prompt.attack, target=on)
    world = state.world
    target = getattr(action, "target", None)
    on = f" on {world.get(target, Identity).name}" if isinstance(target, int) and world.exists(target) else ""
    what = action.kind.replace("_", " ")
    count = f" (die {needed.typed + 1} of this action)" if needed.typed else ""
    return f"roll a d{needed.sides} for {world.get(action.actor, Identity).name}'s {what}{on} and type its face{count}"


def _with_stats(world: World) -> tuple[EntityId, ...]:
    """Every combatant (every entity with a stat block), in id order."""
    return tuple(e for e, _ in world.query(Stats))


def after_action(scene: Scene, state: BattleState, action: Action) -> BattleState:
    """The state an applied action leaves: the decisions and the order as it left them (a GM's new
    unit at the order's end), and the turn passed on when the action ends it, or when the one
    whose turn it is went down and nothing is left to decide, while more than one camp stands."""
    pending = tuple(scene.pending)
    known = set(state.order)
    order = state.order + tuple(e for e in scene.world.derived((Stats,), _with_stats) if e not in known)
    round_, turn = state.round, state.turn
    fell = not pending and bool(state.order) and not in_the_fight(scene.world, state.order[state.turn])
    if (isinstance(action, EndTurn) or scene.turn_over or fell) and len(camps_standing(scene)) > 1:
        round_, turn = pass_turn(scene, order, turn, round_)
        pending = tuple(scene.pending)  # a new round's start may open a decision
    return _make_state(scene.world, round_, order, turn, scene.dice.state,
                       tuple(scene.sides[s.id] for s in state.sides), pending, state.winner, state.ended)


def start(rules: Setup, scenario, seed: int | str) -> tuple[BattleState, tuple[Event, ...]]:
    """A battle's opening state and events under fixed rules: every unit deployed with its hit
    points rolled, the sides' opening morale, the ruleset's own preparation, initiative, and
    round 1 begun with the first turn's start."""
    dice = ActionDice(SeededDice(seed).state)
    scene, sides = deployed(rules, scenario, dice)
    world = scene.world
    ruleset = rulesets.of(scene)
    ruleset.prepare(scene)
    order = ruleset.roll_initiative(scene, [e for e, _ in world.query(Position)])
    ruleset.begin_round(scene)
    first = ruleset.first_turn(scene, order, 0) if order else 0
    state = BattleState(world, scene.round, order, first, dice.state, sides, pending=tuple(scene.pending))
    state = opening(scene, state) if order else state
    return replace(state, rng=dice.state), tuple(scene.events)


def opening(scene: Scene, state: BattleState) -> BattleState:
    """The first turn of the fight, skipping anyone out of the fight and, in round 1, anyone whose
    side was surprised. A new round's start may open a decision (seed 004: a hero point on a
    Starfarer check); no phase begins until it is answered."""
    round_, turn = pass_turn(scene, state.order, state.turn, state.round, opening=True)
    return replace(state, world=scene.world, round=round_, turn=turn, pending=tuple(scene.pending),
                   sides=tuple(scene.sides[s.id] for s in state.sides))


def pass_turn(scene: Scene, order: tuple[EntityId, ...], turn: int, round_: int,
              opening: bool = False) -> tuple[int, int]:
    """The round and turn the turn passes on to under the scene's ruleset (the scene's sides,
    events and any decision a new round's start opened follow)."""
    ruleset = rulesets.of(scene)
    wrapped = False
    if not opening:
        turn, wrapped = ruleset.next_turn(scene, order, turn)
    for _ in range(len(order) + 1):
        if wrapped:
            scene.round = round_ + 1
            ruleset.begin_round(scene)
            round_ = scene.round  # a ruleset may pass rounds in which nobody acts
            turn = ruleset.first_turn(scene, order, turn)
        entity = order[turn]
        if not (ruleset.surprise_skips_turn and scene.is_surprised(entity)):
            break
        scene.emit(TurnLost(entity, 1))
        turn, wrapped = ruleset.next_turn(scene, order, turn)
    ruleset.begin_turn(scene, order[turn])
    return round_, turn


def check_victory(scene: Scene, state: BattleState) -> BattleState:
    """The battle ended if one camp (or none) is left standing once the action is done: not
    while a decision is open, for the action goes on after it (a hero point on the last
    foe's roll or hit, a round's start waiting at one check before the others come to)."""
    if state.pending or len(camps := camps_standing(scene)) > 1:
        return state if state.world is scene.world else replace(state, world=scene.world)
    winner = next(iter(camps), None)
    standing = sorted({scene.side_of(e) for e in scene.world.entities()
                       if scene.world.has(e, Allegiance) and in_the_fight(scene.world, e)})
    scene.emit(BattleEnded(winner, () if winner else tuple(standing)))
    return replace(state, world=scene.world, winner=winner, ended=True)

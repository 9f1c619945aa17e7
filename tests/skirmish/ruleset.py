"""Skirmish (the tiny ruleset of docs/adding-a-ruleset.md): move, attack, end turn.

Copied into a copy of the engine as `game/systems/rulesets/skirmish/__init__.py` by
tests/test_adding_a_ruleset.py. Initiative is one d6 each, highest first (ties by id); a turn
has one move and one attack; the hex mechanics (paths, sight, wounds) are the shared ones, and
ending the turn and the GM's overrides are the shared rows.
"""

from __future__ import annotations

from types import MappingProxyType

from game.actions import Attack, Move
from game.components import Position, TurnBudget
from game.ecs import EntityId
from game.events import TurnBegan
from game.hexgrid import distance
from game.options import AT_TARGET, AttackOption, Odds, Option, Options
from game.prompts import Prompt
from game.rules import skirmish as rules
from game.rules.modifier import Modifier
from game.rules.ruleset_names import SKIRMISH
from game.systems import movement
from game.systems import turns as shared_turns
from game.systems.budget import move_points_available, needs, spend
from game.systems.dispatch import Row
from game.systems.rulesets.ruleset import Ruleset, nothing, nothing_off_turn, on_turn_options, shared_rows
from game.systems.scene import Scene
from game.systems.sight import has_line_of_sight
from game.systems.targets import enemies_in_the_fight, target_problem
from game.systems.wounds import take_damage


def roll_initiative(scene: Scene, combatants: list[EntityId]) -> tuple[EntityId, ...]:
    """One d6 each, in id order; the highest acts first, ties by id."""
    scores = {entity: scene.roll("1d6", entity, "initiative").total for entity in combatants}
    return tuple(sorted(combatants, key=lambda entity: (-scores[entity], entity)))


def begin_turn(scene: Scene, entity: EntityId) -> None:
    """A fresh move and a fresh attack."""
    scene.world.set(entity, TurnBudget(main=True, move=True))
    scene.emit(TurnBegan(entity, scene.round))


def check_move(scene: Scene, action: Move) -> Move | str:
    """A walk along the path, if a move is left and the path is open."""
    refusal = needs(scene, action.actor, "move")
    if refusal:
        return refusal
    problem = movement.path_problem(scene.setup.field, scene.world, action.actor, action.path,
                                    move_points_available(scene, action.actor), place=scene.place)
    return f"cannot move there: {problem}" if problem else action


def move(scene: Scene, action: Move, plan: Move) -> None:
    """Spend the move and walk."""
    spend(scene, action.actor, "move")
    movement.walk(scene, action.actor, action.path)


def reach_problem(scene: Scene, actor: EntityId, target: EntityId) -> str | None:
    """Why the actor cannot shoot at the target from where both stand, or None."""
    here, there = scene.world.get(actor, Position).hex, scene.world.get(target, Position).hex
    if distance(here, there) > rules.REACH:
        return f"too far: {rules.REACH} hexes at most"
    return None if has_line_of_sight(scene.setup.field, here, there) else "no line of sight"


def check_attack(scene: Scene, action: Attack) -> Attack | str:
    """An attack on an enemy in reach and in sight, with the attack left this turn."""
    return (needs(scene, action.actor, "main") or target_problem(scene, action.actor, action.target)
            or reach_problem(scene, action.actor, action.target) or action)


def attack(scene: Scene, action: Attack, plan: Attack) -> None:
    """Roll the d6; a hit rolls its damage onto the target."""
    spend(scene, action.actor, "main")
    if rules.hits(scene.roll("1d6", action.actor, "to hit").total):
        take_damage(scene, action.target, scene.roll(rules.DAMAGE, action.actor, "damage").total)


def move_options(scene: Scene, actor: EntityId) -> list[Option]:
    """Every hex the actor can walk to."""
    return list(movement.walking_moves(scene, actor))


def attack_options(scene: Scene, actor: EntityId) -> list[Option]:
    """An attack on each enemy still in the fight, refused where it cannot be made."""
    odds = Odds(rules.hit_chance(), rules.HIT_ON, (), (Modifier("to hit", rules.HIT_ON, rules.SOURCE),),
                dice="1d6", source=rules.SOURCE)
    found: list[Option] = []
    for target in enemies_in_the_fight(scene, actor):
        plan = check_attack(scene, Attack(actor, target=target))
        if isinstance(plan, str):
            found.append(AttackOption("attack", None, plan, aim=AT_TARGET, target=target))
        else:
            found.append(AttackOption("attack", plan, aim=AT_TARGET, target=target, odds=odds, damage=rules.DAMAGE,
                                      expected_damage=rules.expected_damage(), damage_source=rules.SOURCE))
    return found


def no_decisions(scene: Scene, prompt: Prompt) -> Options:
    """Skirmish opens no decisions of its own (and a map with hero points is not one of its maps)."""
    return Options(prompt.decider)


BUILDERS = (("move", move_options), ("attack", attack_options))
"""The option groups, in the order a player is offered them."""

TABLE = MappingProxyType({**shared_rows(), Move: Row(check_move, move), Attack: Row(check_attack, attack)})
"""Which mechanic handles which action (with the shared end of turn and the GM's overrides)."""

RULESET = Ruleset(
    names=(SKIRMISH,), table=TABLE, settle=nothing, roll_initiative=roll_initiative,
    begin_round=shared_turns.begin_round, begin_turn=begin_turn, options_on_turn=on_turn_options(BUILDERS),
    options_off_turn=nothing_off_turn, prompt_options=no_decisions,
    groups=tuple(name for name, _ in BUILDERS), surprise_skips_turn=False)

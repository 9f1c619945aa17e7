"""A computer player: plays any side through the same facade a person uses.

It is deliberately plain and fully deterministic (no dice of its own): attack the enemy with
the best expected damage if one is in reach; otherwise move towards the nearest enemy,
preferring hexes with cover; answer overwatch when the shot is decent. The simulator and
the playthrough tests drive whole battles with it.
"""

from __future__ import annotations

import heapq
from fractions import Fraction

from game.actions import Action, Attack, EndTurn, Hold, Move, OverwatchFire, Reload, StandUp
from game.battle import Battle
from game.components import Armament, Position, Prone, TurnBudget
from game.ecs import EntityId
from game.hexgrid import Hex, distance
from game.prompts import OverwatchChance
from game.rules.dice import DiceExpression
from game.systems.combat import AttackPlan, plan_attack, weapon_in_hand
from game.systems.scene import hostile, in_the_fight
from game.systems.sight import cover_lookup
from game.terrain import Battlefield

OVERWATCH_THRESHOLD = Fraction(3, 10)


def expected_damage(plan: AttackPlan) -> float:
    """Chance to hit times the weapon's average damage after armor (a rough, honest guess)."""
    average = DiceExpression.parse(plan.weapon.damage).average() + plan.attribute
    armor = plan.cover_armor
    return float(plan.chance) * max(0.0, average - armor)


def answer_prompt(battle: Battle) -> Action:
    """The decider's answer to the open prompt."""
    prompt = battle.pending()
    if isinstance(prompt, OverwatchChance):
        plan = plan_attack(battle.preview(), prompt.decider, prompt.mover, overwatch=True)
        if not isinstance(plan, str) and plan.chance >= OVERWATCH_THRESHOLD:
            return OverwatchFire(prompt.decider, target=prompt.mover)
    return Hold(prompt.decider, for_this_move=True)


def best_attack(battle: Battle, actor: EntityId) -> Attack | None:
    """The attack with the highest expected damage, ties to the lower id; None if none is possible."""
    options = [(expected_damage(plan), -target, target)
               for target, plan in battle.attack_options(actor) if not isinstance(plan, str)]
    if not options:
        return None
    best = max(options)
    return Attack(actor, target=best[2]) if best[0] > 0 else None


def _enemy_hexes(battle: Battle, actor: EntityId) -> list[Hex]:
    scene = battle.preview()
    side = scene.side_of(actor)
    return [position.hex for other, position in scene.world.query(Position)
            if hostile(side, scene.side_of(other)) and in_the_fight(scene.world, other)]


def approach_costs(field: Battlefield, enemies: list[Hex]) -> dict[Hex, int]:
    """Movement cost from every enterable hex to the nearest enemy, around walls (Dijkstra)."""
    costs: dict[Hex, int] = {e: 0 for e in enemies}
    frontier = [(0, e) for e in sorted(enemies)]
    while frontier:
        cost, hex_ = heapq.heappop(frontier)
        if costs[hex_] < cost:
            continue
        for step in field.neighbours_on_map(hex_):
            step_cost = field.move_cost(step)
            if step_cost is not None and cost + step_cost < costs.get(step, 1 << 30):
                costs[step] = cost + step_cost
                heapq.heappush(frontier, (cost + step_cost, step))
    return costs


def best_move(battle: Battle, actor: EntityId) -> Move | None:
    """A move that shortens the way to the nearest enemy, preferring cover; None if none does."""
    reach = battle.reachable(actor)
    enemies = _enemy_hexes(battle, actor)
    if not reach or not enemies:
        return None
    here = battle.world.get(actor, Position).hex
    scene = battle.preview()
    weapon = weapon_in_hand(scene, actor).weapon_class
    way = approach_costs(scene.setup.field, enemies)
    unreachable = 1 << 30

    def score(hex_: Hex) -> tuple:
        nearest = min(enemies, key=lambda e: (distance(hex_, e), e))
        shelter = cover_lookup(scene.setup.field, nearest, hex_, weapon)
        protection = shelter.armor + shelter.concealment_bonus if shelter.visible else 10
        return (way.get(hex_, unreachable), -protection, reach[hex_].cost, hex_)

    target = min(reach, key=score)
    if score(target)[0] >= way.get(here, unreachable):
        return None
    return Move(actor, path=reach[target].path)


def choose_action(battle: Battle) -> Action:
    """The next action for whoever must act now (the open prompt's decider, or the current turn)."""
    if battle.pending() is not None:
        return answer_prompt(battle)
    actor = battle.current()
    world = battle.world
    left = world.get(actor, TurnBudget)
    if world.has(actor, Prone) and (left.move or left.main):
        return StandUp(actor)
    if left.main:
        attack = best_attack(battle, actor)
        if attack is not None:
            return attack
        armament = world.get(actor, Armament)
        weapon = weapon_in_hand(battle.preview(), actor)
        if weapon.magazine and armament.rounds == 0:
            return Reload(actor)
    if left.move or left.main:
        move = best_move(battle, actor)
        if move is not None:
            return move
    return EndTurn(actor)


def play(battle: Battle, max_actions: int = 5000) -> int:
    """Let the computer play every side until the battle ends; returns the actions taken."""
    taken = 0
    while not battle.state.ended and taken < max_actions:
        action = choose_action(battle)
        outcome = battle.submit(action)
        if not outcome.accepted:
            fallback = EndTurn(battle.current()) if battle.pending() is None else Hold(battle.pending().decider)
            outcome = battle.submit(fallback)
            if not outcome.accepted:
                raise RuntimeError(f"the computer player is stuck: {action} refused ({outcome.reason})")
        taken += 1
    return taken

"""The computer player's These Lucky Stars maneuvers (Seed 001, Actions in Combat): when to
grapple instead of a standard attack, and when to ready an attack or hide instead of ending the
turn (searching for the hidden is in `game.players.plain`).

Each choice reads only the options' exact odds and the combatants' views, and says why in the
log (the action's `reason`). The thresholds are the player's judgement, not rules:
- a grapple is worth it on a foe with a gun when the grappler fights hand to hand and is likely
  (even odds or better) to win the hold: a pinned shooter cannot shoot;
- holding a foe, strike them while they are pinned;
- with nothing to attack and nowhere better to go, ready an attack when an enemy is near enough
  to come into reach, else hide when there is something to hide behind.

Trip, disarm and shatter, which need the attack roll to hit before their own effect, are weighed
against the standard attack in `game.players.lucky_stars_maneuvers`.
"""

from __future__ import annotations

from dataclasses import replace

from game.actions import Action
from game.battle import Battle
from game.hexgrid import distance
from game.options import AttackOption
from game.players.lucky_stars_maneuvers import LIKELY, chance, ranged

NEAR = 6  # hexes: an enemy this close may come into reach before our next turn


def _explained(option: AttackOption, words: str) -> Action:
    return replace(option.action, reason=words)


def _shooter(battle: Battle, entity: int) -> bool:
    """Whether the combatant holds a ranged seed 001 weapon."""
    view = battle.combatant(entity)
    return view is not None and ranged(battle, view.weapon)


def _shooter_beside(battle: Battle, me) -> bool:
    """Whether a combatant of another side holding a ranged weapon stands next to this one: a
    grapple needs its target within melee reach (seed 001), and only a shooter is worth one."""
    return any(side != me.side and distance(hex_, me.hex) == 1 and _shooter(battle, entity)
               for entity, side, hex_ in battle.map.standing())


def maneuver(battle: Battle, me) -> Action | None:
    """A grapple worth more than a standard attack now, or a strike on the foe held; None otherwise."""
    holding = me.grappling is not None and me.in_control
    if not holding and (_shooter(battle, me.id) or not _shooter_beside(battle, me)):
        return None  # no one held to strike and no grapple worth making: the maneuvers need not be listed
    offered = battle.options(me.id, groups=("maneuvers",))
    hold = [o for o in offered.allowed("grapple_attack") if isinstance(o, AttackOption) and o.expected_damage > 0]
    if hold:
        return _explained(hold[0], f"strikes {battle.combatant(hold[0].target).name}, pinned in its hold")
    if _shooter(battle, me.id):
        return None
    for option in offered.allowed("grapple"):
        if isinstance(option, AttackOption) and chance(option) >= LIKELY and _shooter(battle, option.target):
            name = battle.combatant(option.target).name
            return _explained(option, f"grapples {name}, a shooter: {round(100 * chance(option))}% to win the hold")
    return None


def held_or_holding(battle: Battle, me) -> Action | None:
    """Pinned, try to regain control first (seed 001); else a grapple worth making or a strike on the one held."""
    if me.grappling is not None and not me.in_control:
        regain = battle.options(me.id, groups=("move",)).allowed("regain_control")
        if regain:
            return replace(regain[0].action, reason=f"tries to break {battle.combatant(me.grappling).name}'s hold")
    return maneuver(battle, me)


def instead_of_waiting(battle: Battle, me) -> Action | None:
    """With nothing to attack and nowhere better to go: ready an attack when an enemy is near, else hide."""
    offered = battle.options(me.id, groups=("stealth",))
    near = [(distance(hex_, me.hex), entity) for entity, side, hex_ in battle.map.standing()
            if side != me.side and me.hex is not None and distance(hex_, me.hex) <= NEAR]  # no view dressed
    ready = offered.allowed("ready_attack")
    if ready and near:
        hexes, closest = min(near)
        return replace(ready[0].action, reason=f"readies an attack: {battle.combatant(closest).name} is {hexes} hexes off")
    hide = offered.allowed("hide")
    if hide:
        return replace(hide[0].action, reason="hides: nothing in reach to attack")
    return None

"""Squads in the world (seed 002, Squads): the squad rules' view of a squad combatant.

The rules in `game/rules/swn/squad.py` work on a plain `Squad` value (hit dice, size, pool);
this module reads one from the world's components and rolls a squad's volley.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from game.components import Health, Squad, Stats
from game.ecs import EntityId
from game.events import SquadVolley
from game.rules.swn.attack import AttackSetup, Modifier, attack_modifier, target_number
from game.rules.catalog import Weapon
from game.rules.swn.squad import Squad as SquadRules
from game.rules.swn.squad import BAND_MARGIN, GroupVolley, group_volley, heroic_squad_damage, volley_mean
from game.rules.swn.squad import resolve_squad_attack, squad_damage
from game.systems.hero_chances import enabled as value_chart_on
from game.systems.scene import Scene

BURST_DAMAGE = "+2"  # SWN core: a burst adds +2 damage; for a squad, to each unit's average


def squad_now(scene: Scene, entity: EntityId) -> SquadRules | None:
    """The combatant's squad as the squad rules see it (hit dice, size, pool), or None."""
    squad = scene.world.try_get(entity, Squad)
    if squad is None:
        return None
    health = scene.world.get(entity, Health)
    return SquadRules(scene.world.get(entity, Stats).hd, squad.max_units, health.current, health.unit == "hd")


def group_action(scene: Scene, attacker: EntityId) -> GroupVolley | None:
    """A squad's volley as a Many-on-One group action (Seed 004's value chart, with the module
    hero_points on); None for anyone else or with the module off (seed 002's volley as it is)."""
    squad = scene.world.try_get(attacker, Squad)
    if squad is None or not value_chart_on(scene):
        return None
    return group_volley(squad.units)


def with_group_bonus(scene: Scene, attacker: EntityId, setup: AttackSetup) -> AttackSetup:
    """The attack setup with a squad's Many-on-One bonus as a named part (Seed 004), if any."""
    group = group_action(scene, attacker)
    if group is None or not group.bonus:
        return setup
    part = Modifier(f"Many-on-One ({scene.world.get(attacker, Squad).units} units)", group.bonus,
                    "Seed 004, Extending the Charts (Many on One)")
    return replace(setup, situational=setup.situational + (part,))


def _full_margin(scene: Scene, attacker: EntityId) -> int:
    group = group_action(scene, attacker)
    return group.full_margin if group is not None else BAND_MARGIN


def squad_volley(scene: Scene, attacker: EntityId, target: EntityId, setup: AttackSetup, weapon: Weapon,
                 armor: int, burst: bool, heroic: bool) -> SquadVolley:
    """Roll a squad's one attack and work out its flat damage, applying nothing (seed 002, Squads).

    `armor` is the armor that counts against the attack, armor piercing already taken off; the
    squad rules multiply it by the units like the damage. `heroic`: the target reads damage on
    the heroic table, so the flat damage is read as fixed damage.
    """
    attack = resolve_squad_attack(setup, scene.dice, _full_margin(scene, attacker))
    units = scene.world.get(attacker, Squad).units
    dice = weapon.damage + (BURST_DAMAGE if burst else "")
    damage = squad_damage(dice, units, attack.band, armor=armor)
    amount = heroic_squad_damage(damage) if heroic else damage.amount
    return SquadVolley(attacker, target, attack.attack, weapon.id, band=attack.band, damage=damage, amount=amount)


def volley_odds(scene: Scene, attacker: EntityId, setup: AttackSetup, weapon: Weapon, armor: int,
                burst: bool, heroic: bool) -> tuple[tuple[tuple[str, Fraction], ...], Fraction] | None:
    """A squad's volley as its attack option shows it (Seed 002, Squads): each damage band's exact
    chance and the exact mean damage they make, counted with the same rules the volley rolls
    with; None when the attacker is not a squad."""
    squad = scene.world.try_get(attacker, Squad)
    if squad is None:
        return None
    dice = weapon.damage + (BURST_DAMAGE if burst else "")
    return volley_mean(attack_modifier(setup), target_number(setup), _full_margin(scene, attacker), dice, squad.units,
                       armor, heroic)

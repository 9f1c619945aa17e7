"""Attacks with the weapon in hand: legal targets with their odds, and the resolution.

The targeting preview and the attack itself both build the same `AttackPlan`, so the chance
the window shows is the chance the engine rolls against (SWN core Attack; seed 002 Cover,
Aimed Shot, Overwatch; seed 000 for heroic damage).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.components import Allegiance, Armament, Identity, Position, Prone, Squad, Stats, TotalDefense
from game.ecs import EntityId
from game.events import Damaged
from game.hexgrid import Hex, distance
from game.rules.attack import AttackSetup, Modifier, Situation, hit_chance, make_setup, range_band, target_number
from game.rules.catalog import Weapon
from game.rules.damage import Shock, after_armor, effective_armor, heroic_reading, reads_on_table, roll_damage, shock_damage
from game.systems.context import Scene, friendly, hostile, in_the_fight
from game.systems.sight import CoverReading, cover_lookup
from game.systems.stances import shields_for
from game.systems.wounds import take_damage

UNARMED = "unarmed"


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """Everything decided before the die is rolled: the odds come from `setup`."""

    attacker: EntityId
    target: EntityId
    weapon: Weapon
    setup: AttackSetup
    cover: CoverReading
    attribute: int
    burst: bool
    cover_armor: int  # the cover armor that counts against this attack (aimed shots, overwatch)
    distance: int

    @property
    def ignores_cover_armor(self) -> bool:
        """Whether this attack gets past some of the cover's armor (aimed shot, overwatch)."""
        return self.cover_armor < self.cover.armor

    @property
    def chance(self) -> Fraction:
        """The exact chance to hit."""
        return hit_chance(self.setup)


def weapon_in_hand(scene: Scene, entity: EntityId) -> Weapon:
    """The weapon the combatant attacks with (bare hands when it holds none)."""
    armament = scene.world.get(entity, Armament)
    return scene.rules.catalog.weapons[armament.weapon or UNARMED]


def attacker_parts(stats: Stats, kind: str, weapon: Weapon) -> tuple[tuple[Modifier, ...], int, bool]:
    """(bonus parts, attribute modifier used, untrained) for the attacker (SWN core Attack)."""
    if kind != "pc":
        parts = [Modifier("attack bonus", stats.attack_bonus)]
        if kind in ("vehicle", "mech"):
            parts.append(Modifier("pilot", stats.pilot))
        return tuple(parts), 0, False
    attribute_name = max(weapon.attributes, key=stats.attribute)
    attribute = stats.attribute(attribute_name)
    skill = stats.skill(weapon.skill)
    parts = [Modifier("attack bonus", stats.attack_bonus), Modifier(attribute_name.upper(), attribute)]
    if skill is not None:
        parts.append(Modifier(f"{weapon.skill} skill", skill))
    return tuple(parts), attribute, skill is None


def _enemy_adjacent(scene: Scene, entity: EntityId) -> bool:
    here = scene.world.get(entity, Position).hex
    side = scene.side_of(entity)
    for other, position, allegiance in scene.world.query(Position, Allegiance):
        if distance(here, position.hex) == 1 and hostile(side, allegiance.side) and in_the_fight(scene.world, other):
            return True
    return False


def side_morale(scene: Scene, entity: EntityId) -> int | None:
    if "morale" not in scene.rules.modules or scene.world.get(entity, Stats).immune_to_morale:
        return None
    return scene.sides[scene.side_of(entity)].morale


def _range_problem(weapon: Weapon, gap: int) -> tuple[str | None, str]:
    if weapon.is_melee:
        return (None if gap == 1 else "melee weapons reach only an adjacent hex"), "normal"
    band = range_band(gap, *weapon.range_m)
    return (f"out of range ({gap * 3} m; {weapon.name} reaches {weapon.range_m[1]} m)"
            if band == "out_of_range" else None), band


def plan_attack(scene: Scene, attacker: EntityId, target: EntityId, burst: bool = False,
                aimed: bool = False, overwatch: bool = False) -> AttackPlan | str:
    """The plan for an attack, or the reason it cannot be made."""
    world = scene.world
    if not in_the_fight(world, target) or not world.has(target, Stats):
        return "that target is out of the fight"
    if not hostile(scene.side_of(attacker), scene.side_of(target)):
        return "that is not an enemy"
    weapon = weapon_in_hand(scene, attacker)
    if weapon.blast_radius_m:
        return f"a {weapon.name} is thrown at a hex, not fired at a target"
    a_hex, t_hex = world.get(attacker, Position).hex, world.get(target, Position).hex
    gap = distance(a_hex, t_hex)
    problem, band = _range_problem(weapon, gap)
    if problem:
        return problem
    if burst and not weapon.burst:
        return f"a {weapon.name} cannot fire bursts"
    cover = cover_lookup(scene.rules.field, a_hex, t_hex, weapon.weapon_class, shields_for(scene, target))
    if not cover.visible:
        return cover.text(scene.place)
    shield = meat_shield(scene, a_hex, target)
    if shield is not None:
        return f"{scene.name(shield)} (a squad on their side) is in the line of fire"
    rounds_needed = (3 if burst else 1) if weapon.magazine else 0
    if rounds_needed > world.get(attacker, Armament).rounds:
        return "not enough rounds in the magazine: reload first"
    stats, target_stats = world.get(attacker, Stats), world.get(target, Stats)
    parts, attribute, untrained = attacker_parts(stats, world.get(attacker, Identity).kind, weapon)
    situation = Situation(
        melee=weapon.is_melee, range_band=band, burst=burst,
        long_gun_enemy_adjacent=not weapon.is_melee and not weapon.pistol and _enemy_adjacent(scene, attacker),
        overwatch=overwatch, aimed=aimed, target_prone=world.has(target, Prone), distance_hexes=gap,
        untrained=untrained, attacker_morale=side_morale(scene, attacker), target_morale=side_morale(scene, target),
        total_defense=world.has(target, TotalDefense))
    setup = make_setup(parts, target_stats.ac, situation, cover.concealment_bonus)
    # Overwatch ignores cover armor; an aimed shot ignores all but aim-proof materials (seed 002).
    cover_armor = 0 if overwatch else cover.aim_proof_armor if aimed else cover.armor
    return AttackPlan(attacker, target, weapon, setup, cover, attribute, burst, cover_armor, gap)


def meat_shield(scene: Scene, attacker_hex: Hex, target: EntityId) -> EntityId | None:
    """A squad friendly to the target standing in the line of fire, if any (seed 002 Meat
    Shields; rulings: Squads). Along an edge, a squad on either side shields."""
    target_hex = scene.world.get(target, Position).hex
    side = scene.side_of(target)
    for step in scene.rules.field.line(attacker_hex, target_hex)[1:-1]:
        for hex_ in step:
            occupant = scene.world.at(hex_)
            if occupant is not None and scene.world.has(occupant, Squad) and friendly(side, scene.side_of(occupant)):
                return occupant
    return None


def attack_options(scene: Scene, attacker: EntityId, **options: bool) -> list[tuple[EntityId, AttackPlan | str]]:
    """Every enemy in the fight with its plan (odds, cover) or the reason it cannot be attacked."""
    side = scene.side_of(attacker)
    return [(other, plan_attack(scene, attacker, other, **options))
            for other, allegiance in scene.world.query(Allegiance)
            if hostile(side, allegiance.side) and in_the_fight(scene.world, other)]


def _armor(scene: Scene, plan: AttackPlan) -> int:
    cover = plan.cover_armor
    own = scene.world.get(plan.target, Stats).armor
    return effective_armor((cover, own), plan.weapon.armor_piercing)


def deal_weapon_damage(scene: Scene, plan: AttackPlan) -> int:
    """Roll the weapon's damage and apply it through armor; returns the excess for overflow."""
    damage = roll_damage(plan.weapon.damage, scene.dice, plan.attribute, plan.burst)
    armor = _armor(scene, plan)
    target_kind = scene.world.get(plan.target, Identity).kind
    name = scene.name(plan.attacker)
    if reads_on_table(scene.rules.heroic, target_kind in ("vehicle", "mech")):
        reading = heroic_reading(damage.roll, armor)
        scene.emit(Damaged(f"{name} rolls damage {damage.text()}; heroic reading {reading.text()}",
                           plan.target, 0, 0))
        return take_damage(scene, plan.target, reading.points)
    amount = after_armor(damage.total, armor)
    armor_note = f", less {armor} armor: {amount}" if armor else ""
    scene.emit(Damaged(f"{name} rolls damage {damage.text()}{armor_note}.", plan.target, 0, 0))
    return take_damage(scene, plan.target, amount)


def shock(scene: Scene, plan: AttackPlan) -> None:
    if not plan.weapon.shock:
        return
    shock = Shock(*plan.weapon.shock)  # compared with the number the attack was rolled against
    amount = shock_damage(shock, target_number(plan.setup), plan.attribute, scene.rules.heroic)
    if amount:
        scene.emit(Damaged(f"Shock: {scene.name(plan.target)} still takes {amount} from the miss.", plan.target, 0, 0))
        take_damage(scene, plan.target, amount)

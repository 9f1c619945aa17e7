"""Grenades: an area weapon thrown at a hex, scattering on a miss, one blast for all around it.

Seed 002 (Grenades & Cover); Ruling: Grenades; Seed 000 (area damage is read on the heroic
table per victim and never overflows). The throw is an attack against AC 10 plus the
concealment of whoever stands on the chosen hex (an empty hex: plain 10). A hit lands there
and its target gets no cover armor; a miss scatters 1d3 hexes in direction 1d6 - 1, stopping
early at the map's edge or before a hex that blocks sight. The blast covers every hex whose
centre lies within its radius (5 m: the landing hex and its six neighbours) and that the
landing hex can see. One damage roll; every combatant there, friend or foe, saves for half,
and cover between the landing hex and the victim gives its armor. The preview and the throw
build one setup, so the odds shown are the odds rolled.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from game.actions import ThrowGrenade
from game.components import Armament, Dead, Fallen, Identity, Position, Prone, Squad, Stats
from game.ecs import EntityId
from game.events import Attacked, BlastStruck, Exploded, Scattered
from game.hexgrid import HEX_METRES, Hex, distance, neighbor, range_in_hexes, spiral
from game.options import Landing
from game.prompts import HeroPointChance, NegationChance, RollWaiting
from game.rules.swn.attack import AttackResult, AttackSetup, Situation, hit_chance, range_band, resolve_attack
from game.rules.catalog import Weapon
from game.rules.swn.damage import (
    effective_armor,
    heroic_reading,
    reads_on_table,
    roll_damage,
)
from game.rules.dice import DiceExpression, Roll
from game.rules.formation import units_reached
from game.rules.swn.heroic import HeroicReading
from game.rules.hero_points import negated_roll, shock_removed
from game.rules.swn.grenade import (
    SCATTER_DICE,
    BlastHit,
    Scatter,
    blast_damage,
    blast_outcome,
    blast_victim,
    grenade_setup,
    roll_scatter,
)
from game.rules.swn.squad import area_damage_vs_squad
from game.systems.budget import needs, spend
from game.systems.rulesets.swn.checks import evasion_save
from game.systems.rulesets.swn.attackers import is_vehicle, side_morale, weapon_in_hand, weapon_parts
from game.systems.rulesets.swn.offers import offer_damage_negation, offer_on_miss
from game.systems.hero_chances import offer_on_roll
from game.systems.scene import Scene, hex_of, in_the_fight
from game.systems.footprint import footprint, weakest_cover
from game.systems.sight import cover_lookup, has_line_of_sight, shields_for
from game.systems.sightlines import prime_covers
from game.systems.wounds import take_damage

SCATTER_MOST = DiceExpression.parse(SCATTER_DICE).maximum()  # 1d3: up to 3 hexes


@dataclass(frozen=True, slots=True)
class GrenadePreview:
    """A throw as the window shows it: the odds, the blast on a hit, and who stands in it."""

    thrower: EntityId
    at: Hex
    weapon: Weapon
    setup: AttackSetup
    target: EntityId | None
    distance: int
    blast: tuple[Hex, ...]
    caught: tuple[EntityId, ...]

    @property
    def chance(self) -> Fraction:
        """The exact chance the throw lands on the chosen hex."""
        return hit_chance(self.setup)


def blast_radius_hexes(weapon: Weapon) -> int:
    """Rings of hexes whose centres lie within the blast radius: 5 m is one (Ruling: Grenades)."""
    return weapon.blast_radius_m // HEX_METRES


def blast_area(scene: Scene, centre: Hex, weapon: Weapon) -> tuple[Hex, ...]:
    """The on-map hexes the blast reaches from its centre (a wall in between shields the rest)."""
    field = scene.setup.field
    return tuple(h for h in spiral(centre, blast_radius_hexes(weapon))
                 if h in field and has_line_of_sight(field, centre, h))


def caught_in(scene: Scene, hexes: tuple[Hex, ...]) -> tuple[EntityId, ...]:
    """Everyone in the fight on these hexes, friend or foe, and any fallen PC still alive lying
    there (a PC at 0 hurt again dies: seed 000, SWN core), in id order."""
    found = {scene.world.at(h) for h in hexes} - {None}
    standing = {e for e in found if in_the_fight(scene.world, e)}
    lying = {e for e, body, identity in scene.world.query(Fallen, Identity)
             if body.hex in hexes and identity.kind == "pc" and not scene.world.has(e, Dead)}
    return tuple(sorted(standing | lying))


def _throw_problem(scene: Scene, thrower: EntityId, at: Hex) -> str | None:
    """Why the weapon in hand cannot be thrown (or fired) at this hex, or None."""
    weapon, field = weapon_in_hand(scene, thrower), scene.setup.field
    here = scene.world.get(thrower, Position).hex
    if not weapon.blast_radius_m:
        return "no grenade or other area weapon in hand"
    if at not in field:
        return f"{scene.place(at)} is not on the map"
    if field.blocks_sight(at):
        return f"a {weapon.name.lower()} cannot land inside {field.terrain(at).name}"
    if weapon.range_m is None:
        return f"a {weapon.name.lower()} has no range to throw it"
    if range_band(distance(here, at), *weapon.range_m) == "out_of_range":
        return f"out of range ({distance(here, at) * 3} m; {weapon.name} reaches {weapon.range_m[1]} m)"
    sight = cover_lookup(field, here, at, None)
    if not sight.visible:
        return sight.text(scene.place)
    if not weapon.thrown and weapon.magazine and scene.world.get(thrower, Armament).rounds < 1:
        return "the magazine is empty: reload first"
    return None


def _throw_setup(scene: Scene, thrower: EntityId, at: Hex, weapon: Weapon, target: EntityId | None) -> AttackSetup:
    """AC 10 + the concealment of the combatant on the hex; the target's own AC does not count."""
    world = scene.world
    here = world.get(thrower, Position).hex
    gap = distance(here, at)
    parts, _, untrained = weapon_parts(scene, thrower, weapon)
    shields = shields_for(scene, target) if target else ()
    # A squad is concealed only if all of it is (Seed 002, Squad Combat Notes).
    spots = footprint(world, target) if target else ()
    concealment = weakest_cover([cover_lookup(scene.setup.field, here, h, None, shields) for h in spots]
                                ).concealment_bonus if target else 0
    situation = Situation(range_band=range_band(gap, *weapon.range_m), distance_hexes=gap,
                          target_prone=target is not None and world.has(target, Prone),
                          untrained=untrained, attacker_morale=side_morale(scene, thrower))
    return grenade_setup(parts, situation, concealment)


def grenade_preview(scene: Scene, thrower: EntityId, at: Hex) -> GrenadePreview | str:
    """The odds of a throw at this hex, its blast and who is in it, or why it cannot be thrown."""
    problem = _throw_problem(scene, thrower, at)
    if problem:
        return problem
    weapon = weapon_in_hand(scene, thrower)
    occupant = scene.world.at(at)
    target = occupant if occupant is not None and in_the_fight(scene.world, occupant) else None
    blast = blast_area(scene, at, weapon)
    return GrenadePreview(thrower, at, weapon, _throw_setup(scene, thrower, at, weapon, target), target,
                          distance(scene.world.get(thrower, Position).hex, at), blast, caught_in(scene, blast))


def grenade_options(scene: Scene, thrower: EntityId) -> dict[Hex, GrenadePreview]:
    """Every hex the weapon in hand can be thrown at now, with its preview (for the overlay)."""
    weapon = weapon_in_hand(scene, thrower)
    if not weapon.blast_radius_m or weapon.range_m is None:
        return {}
    here, field = scene.world.get(thrower, Position).hex, scene.setup.field
    spots = [h for h in spiral(here, range_in_hexes(weapon.range_m[1])) if h in field]
    prime_covers(field, [here] * len(spots), spots, [None] * len(spots))  # the lines in one batch
    previews = {h: grenade_preview(scene, thrower, h) for h in spiral(here, range_in_hexes(weapon.range_m[1]))}
    return {h: p for h, p in previews.items() if not isinstance(p, str)}


def scatter_landing(scene: Scene, at: Hex, scatter: Scatter) -> tuple[Hex, str]:
    """Where a scattered grenade comes down, and why it stopped short ("" when it did not)."""
    return landing_after(scene, at, scatter.hexes, scatter.direction_index)


def landing_after(scene: Scene, at: Hex, hexes: int, direction: int) -> tuple[Hex, str]:
    """Where a grenade scattering `hexes` hexes in `direction` from `at` comes down.

    Our ruling: it travels hex by hex and stops on the last hex before the map's edge or
    before a hex that blocks sight (it bounces off walls rather than passing through them).
    """
    field, here = scene.setup.field, at
    for _ in range(hexes):
        ahead = neighbor(here, direction)
        if ahead not in field:
            return here, "stopped by the edge of the map"
        if field.blocks_sight(ahead):
            return here, f"stopped by {field.terrain(ahead).name}"
        here = ahead
    return here, ""


def spread(scene: Scene, preview: GrenadePreview) -> tuple[Landing, ...]:
    """Every hex the throw may come down on with its exact chance and blast: the chosen hex on a
    hit, else 1d3 hexes in one of six directions (each of the 18 equally likely), nearest first."""
    chances: dict[Hex, Fraction] = {preview.at: preview.chance}
    each_miss = (1 - preview.chance) / (SCATTER_MOST * 6)
    for hexes in range(1, SCATTER_MOST + 1):
        for direction in range(6):
            landing, _ = landing_after(scene, preview.at, hexes, direction)
            chances[landing] = chances.get(landing, Fraction(0)) + each_miss
    order = sorted(chances, key=lambda h: (distance(h, preview.at), h))
    return tuple(Landing(h, chances[h], blast_area(scene, h, preview.weapon)) for h in order if chances[h])


def _use_up(scene: Scene, thrower: EntityId, weapon: Weapon) -> None:
    """A thrown grenade is gone: `rounds` counts those carried (0 from deployment means one)."""
    armament = scene.world.get(thrower, Armament)
    if weapon.thrown:
        left = max(armament.rounds, 1) - 1
        scene.world.set(thrower, Armament(weapon.id, left) if left else Armament(None, 0))
    elif weapon.magazine:
        scene.world.set(thrower, Armament(weapon.id, armament.rounds - 1))


def _victim_armor(scene: Scene, weapon: Weapon, centre: Hex, victim: EntityId) -> tuple[int, bool]:
    """The victim's best armor against the blast (its cover from the centre and its own), and
    whether its damage is read on the heroic table."""
    world, field = scene.world, scene.setup.field
    shields = shields_for(scene, victim)
    reached = _reached(scene, victim, centre, weapon) or (hex_of(world, victim),)
    cover = 0 if centre in reached else weakest_cover(
        [cover_lookup(field, centre, h, weapon.weapon_class, shields) for h in reached]).armor
    armor = effective_armor((cover, world.get(victim, Stats).armor), weapon.armor_piercing)
    return armor, reads_on_table(scene.setup.heroic, is_vehicle(scene, victim))


def _victim_hit(scene: Scene, weapon: Weapon, centre: Hex, victim: EntityId,
                damage: Roll) -> tuple[BlastHit, HeroicReading | None]:
    """One victim's save and damage from the one roll, with its heroic reading if read on the table."""
    world = scene.world
    armor, on_table = _victim_armor(scene, weapon, centre, victim)
    save = evasion_save(scene, victim) if in_the_fight(world, victim) else None  # the fallen cannot dodge
    if save is None and on_table:
        reading = heroic_reading(damage, armor)
        return BlastHit(None, armor, reading.points), reading
    if save is None:
        return BlastHit(None, armor, blast_damage(max(0, damage.total), False, armor)), None
    reading = heroic_reading(damage, armor) if on_table else None
    return blast_victim(damage, save, scene.dice, armor, heroic=on_table), reading


def _reached(scene: Scene, victim: EntityId, centre: Hex, weapon: Weapon) -> tuple[Hex, ...]:
    """The victim's hexes the blast covers (a squad's footprint may be caught only in part)."""
    blast = set(blast_area(scene, centre, weapon))
    return tuple(h for h in footprint(scene.world, victim) if h in blast)


def units_caught(scene: Scene, victim: EntityId, centre: Hex, weapon: Weapon) -> int:
    """How many of a squad's units the blast reaches, spread over its footprint up to 3 a hex
    (Seed 002, Squad Combat Notes; Ruling: Squads); 0 for anyone not in a squad."""
    squad = scene.world.try_get(victim, Squad)
    if squad is None or not in_the_fight(scene.world, victim):
        return 0
    hexes = footprint(scene.world, victim)
    return units_reached(squad.units, len(_reached(scene, victim, centre, weapon)), len(hexes))


def explode(scene: Scene, thrower: EntityId, weapon: Weapon, centre: Hex) -> None:
    """The blast: one damage roll, then each victim in id order saves and takes its share.

    Area damage never overflows (Seed 000): whatever a victim does not need is lost. On a
    hit the target stands on the landing hex, where nothing lies between it and the blast,
    so it has no cover armor; that is the seed's "ignores armor from cover".
    """
    blast = blast_area(scene, centre, weapon)
    victims = caught_in(scene, blast)
    if not victims:
        scene.emit(Exploded(thrower, weapon.id, centre, tuple(blast)))
        return
    damage = roll_damage(weapon.damage, scene.dice)
    scene.emit(Exploded(thrower, weapon.id, centre, tuple(blast), damage.roll))
    strike_victims(scene, thrower, weapon, centre, damage.roll, tuple(victims))


BLAST_SAVE = "Evasion save against a blast"
BLAST_HIT = "a blast's damage"


def strike_victims(scene: Scene, thrower: EntityId, weapon: Weapon, centre: Hex, damage: Roll,
                   victims: tuple[EntityId, ...]) -> None:
    """Each victim still to come, in id order, saves and takes its share. The blast stops at a
    victim until a hero point decision is made (seed 004): on a failed save (`save_lands` then goes
    on), and before a victim who may negate damage takes its share (`blast_lands` then goes on)."""
    for k, victim in enumerate(victims):
        hit, reading = _victim_hit(scene, weapon, centre, victim, damage)
        save, rest = hit.save, victims[k + 1:]
        if save is not None and not save.success:
            waiting = RollWaiting(BLAST_SAVE, (save, damage), save.target - save.roll.total, other=thrower,
                                  rest=rest, detail=weapon.id, at=centre)
            if offer_on_roll(scene, victim, f"failed the {save.name} save", None, waiting):
                return
        if _strike(scene, thrower, weapon, centre, victim, hit, reading, damage, rest):
            return


def save_lands(scene: Scene, chance: HeroPointChance, waiting: RollWaiting, bought: bool) -> None:
    """After the decision: the victim's share on the save as it now stands (a save bought back
    takes half), then the victims after it save in turn."""
    save, damage = waiting.rolls
    weapon, victim = scene.setup.catalog.weapons[waiting.detail], chance.decider
    armor, on_table = _victim_armor(scene, weapon, waiting.at, victim)
    reading = heroic_reading(damage, armor) if on_table else None
    hit = blast_outcome(damage, save, armor, heroic=on_table)
    if not _strike(scene, waiting.other, weapon, waiting.at, victim, hit, reading, damage, waiting.rest):
        strike_victims(scene, waiting.other, weapon, waiting.at, damage, waiting.rest)


def _strike(scene: Scene, thrower: EntityId, weapon: Weapon, centre: Hex, victim: EntityId, hit: BlastHit,
            reading: HeroicReading | None, damage: Roll, rest: tuple[EntityId, ...]) -> bool:
    """One victim's share: times the units reached for a squad (Seed 002, Squad Combat Notes), then
    taken; a victim who may negate damage is asked first (seed 004; True if asked), a PC lying at
    0 HP too (hurt again, they die: they answer lying down)."""
    units = units_caught(scene, victim, centre, weapon)
    if units:
        hit = replace(hit, damage=area_damage_vs_squad(hit.damage, units, units))
    scene.emit(BlastStruck(thrower, victim, hit, reading, units))
    saves = (hit.save,) if hit.save is not None else ()
    waiting = RollWaiting(BLAST_HIT, saves, 0, other=thrower, rest=rest, detail=weapon.id, at=centre,
                          down=not in_the_fight(scene.world, victim))
    if hit.damage and offer_damage_negation(
            scene, thrower, victim, hit.damage, weapon.name.lower(), damage=damage, armor=hit.armor, waiting=waiting):
        return True
    if hit.damage:
        take_damage(scene, victim, hit.damage)
    return False


def blast_outcome_for(scene: Scene, prompt: NegationChance, picks: tuple[str, ...]) -> int:
    """A victim's share with these negation picks: 3 off the blast's one roll a shock pick for this
    victim alone, then its armor, the heroic table and half on a save as without them (seed 004 read
    for SWN, with seed 002's blast and seed 000's table)."""
    waiting = prompt.waiting
    weapon = scene.setup.catalog.weapons[waiting.detail]
    damage = negated_roll(prompt.damage, shock_removed(picks))
    armor, on_table = _victim_armor(scene, weapon, waiting.at, prompt.decider)
    save = waiting.rolls[0] if waiting.rolls else None
    if save is None:
        share = heroic_reading(damage, armor).points if on_table else blast_damage(max(0, damage.total), False, armor)
    else:
        share = blast_outcome(damage, save, armor, heroic=on_table).damage
    units = units_caught(scene, prompt.decider, waiting.at, weapon)
    return area_damage_vs_squad(share, units, units) if units else share


def blast_lands(scene: Scene, prompt: NegationChance, amount: int) -> None:
    """After the negation decision: the victim takes what is left, then the victims after it save in turn."""
    waiting = prompt.waiting
    if amount:
        take_damage(scene, prompt.decider, amount)
    strike_victims(scene, waiting.other, scene.setup.catalog.weapons[waiting.detail], waiting.at, prompt.damage,
                   waiting.rest)


def check_throw(scene: Scene, action: ThrowGrenade) -> GrenadePreview | str:
    """Throwing the area weapon in hand at a hex takes the Main action (Seed 002, Grenades &
    Cover); the plan is the preview the window shows."""
    return needs(scene, action.actor, "main") or grenade_preview(scene, action.actor, action.at)


def throw(scene: Scene, action: ThrowGrenade, preview: GrenadePreview) -> None:
    """The throw: a hit lands on the hex, a miss scatters; then the blast. A thrower who missed
    may first spend a hero point on the roll (seed 004: the answer then lands it, `throw_lands`)."""
    spend(scene, action.actor, "main")
    attack = resolve_attack(preview.setup, scene.dice)
    scene.emit(Attacked(action.actor, preview.target or 0, attack, preview.weapon.id, "throw", at=action.at))
    if not attack.hit and offer_on_miss(scene, action.actor, action, attack):
        return  # the grenade stays in hand until the throw lands
    throw_lands(scene, action, preview, attack)


def throw_lands(scene: Scene, action: ThrowGrenade, preview: GrenadePreview, attack: AttackResult) -> None:
    """The throw's roll as it stands: the grenade is gone; a hit lands on the hex, a miss scatters
    (Seed 002, Grenades & Cover); then the blast."""
    _use_up(scene, action.actor, preview.weapon)
    landing = action.at
    if not attack.hit:
        scatter = roll_scatter(scene.dice)
        landing, stopped = scatter_landing(scene, action.at, scatter)
        scene.emit(Scattered(action.actor, scatter, landing, stopped))
    explode(scene, action.actor, preview.weapon, landing)

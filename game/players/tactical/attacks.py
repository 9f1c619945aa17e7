"""The tactical player's sums for a blow: how much a shot, a charge or a grenade is worth, and
the attack it decides on (Seed 002: charges, grenades and cover). The odds and the expected
damage, cover armor included, come from `Battle.options()`: the engine's own planners."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.actions import Action
from game.battle import Battle
from game.hexgrid import Hex
from game.options import AttackOption, ChargeOption, GrenadeOption, Options
from game.views import CombatantView

SHOT_KINDS = ("attack", "aimed_attack", "burst_attack")


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and why it was chosen, in words a GM reads in the log."""

    action: Action
    reason: str


def shot_value(option: AttackOption, target: CombatantView | None) -> tuple[Fraction, Fraction]:
    """How good a shot is: the share of the target's remaining health it takes away (capped at
    all of it) times the shooters it is (a squad's units, each firing in its volley: Seed 002,
    Squads; one for anyone else), then the raw expected damage. On squad_ridge the gang's volley
    had gone at a medic on 3 health rather than at the 1st Section that then shot it apart. Under Starfarer (seed 003) the "health" is the
    shock still to take, and wounds and their checks drop a combatant long before it runs out,
    so there only the expected damage counts (ranking by the share of shock left had the
    marines of derelict_hold spread their fire)."""
    if target is not None and target.unit == "shock":
        return Fraction(0), option.expected_damage
    health = max(target.health, 1) if target is not None else 1
    units = target.squad_units or 1 if target is not None else 1
    return min(option.expected_damage / health, Fraction(1)) * units, option.expected_damage


def best_shot(options: Options, people: dict[int, CombatantView]) -> tuple[AttackOption, tuple] | None:
    """The shot (plain, aimed or burst) that does the most to finish someone; None if none hurts."""
    shots = [o for o in options.allowed(*SHOT_KINDS) if isinstance(o, AttackOption) and o.expected_damage > 0]
    if not shots:
        return None
    best = max(shots, key=lambda o: (*shot_value(o, people.get(o.target)), -o.target, o.kind == "attack"))
    return best, shot_value(best, people.get(best.target))


def best_charge(options: Options) -> tuple[ChargeOption, Fraction] | None:
    """The charge with the largest expected blow (the option's own: the chance to hit times the
    mean blow after the armor that counts, cover included; a gravtank's 18 shrugs off a 1d6
    shove: no blow at all)."""
    charges = [(o.expected_damage, -o.target, o) for o in options.allowed("charge") if isinstance(o, ChargeOption)]
    if not charges:
        return None
    blow, _, option = max(charges, key=lambda item: item[:2])
    return (option, blow) if blow > 0 else None


def grenade_value(option: GrenadeOption, foes: set[Hex], friends: set[Hex]) -> tuple[Fraction, Fraction]:
    """Over the throw's whole spread: the expected number of enemies and of friends caught."""
    enemies = sum((landing.chance * len(foes.intersection(landing.blast)) for landing in option.spread), Fraction(0))
    allies = sum((landing.chance * len(friends.intersection(landing.blast)) for landing in option.spread), Fraction(0))
    return enemies, allies


def best_grenade(options: Options, foes: set[Hex], friends: set[Hex]) -> tuple[GrenadeOption, Fraction] | None:
    """The throw catching the most enemies on average and no friend anywhere in its spread."""
    throws = []
    for option in options.allowed("grenade"):
        if isinstance(option, GrenadeOption):
            enemies, allies = grenade_value(option, foes, friends)
            if allies == 0 and enemies > 0:
                throws.append((enemies, option.at, option))
    if not throws:
        return None
    enemies, _, option = max(throws, key=lambda item: item[:2])
    return option, enemies


def camp_of(battle: Battle, me: CombatantView) -> tuple[set[Hex], set[Hex]]:
    """Where the enemies in the fight stand, and where the friends (not me) stand."""
    camps = {side.id: side.camp for side in battle.sides()}
    mine = camps.get(me.side)
    foes, friends = set(), set()
    for entity, side, hex_ in battle.standing():  # who is in the fight where: no view need be dressed
        if entity != me.id:
            (friends if camps.get(side) == mine else foes).add(hex_)
    return foes, friends


def is_leader(battle: Battle, me: CombatantView) -> bool:
    """Whether this is its side's leader: the toughest of a side of several (ties to the lower
    id). Not the leader the map names: keeping a 2-health boss back rather than the gang's
    squad cost the raiders of squad_ridge most of their wins against the plain player."""
    side = [battle.combatant(entity) for entity, side, _ in battle.standing() if side == me.side]  # its side only
    if len(side) < 2:
        return False
    return max(side, key=lambda c: (c.health_max, -c.id)).id == me.id


def attack_decision(battle: Battle, options: Options, me: CombatantView) -> Decision | None:
    """The best of a focused shot, a grenade at a cluster or a charge; None if none is worth it."""
    people = {o.target: battle.combatant(o.target) for o in options.allowed(*SHOT_KINDS)}  # only those in reach
    shot = best_shot(options, people)
    foes, friends = camp_of(battle, me)
    throw = best_grenade(options, foes, friends)
    charge = best_charge(options)
    shot_damage = shot[0].expected_damage if shot else Fraction(0)
    if throw is not None and (throw[1] >= Fraction(3, 2) or shot is None):
        option, enemies = throw
        return Decision(option.action, f"throws at {battle.place(option.at)}: about {float(enemies):.1f} "
                                       "enemies in the blast, no friend near")
    if charge is not None and charge[1] > shot_damage:
        option, blow = charge
        return Decision(option.action, f"charges {battle.name(option.target)}: expected blow "
                                       f"{float(blow):.1f} beats any shot ({float(shot_damage):.1f})")
    if shot is None:
        return None
    option, (share, damage) = shot
    target = people[option.target]
    return Decision(option.action, f"fires at {battle.name(target.id)} ({target.health}/{target.health_max} "
                                   f"health): expected {float(damage):.1f} damage, "
                                   f"{float(share) * 100:.0f}% of what is left")

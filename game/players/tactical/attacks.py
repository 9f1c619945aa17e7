"""The tactical player's sums for a blow: the mean of a damage roll (after armor), how much
a shot, a charge or a grenade is worth, and the attack it decides on (Seed 002: charges,
grenades and cover; the odds and expected damage come from `Battle.options()`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from game.actions import Action
from game.battle import Battle
from game.hexgrid import Hex
from game.options import AttackOption, ChargeOption, GrenadeOption, Options
from game.views import CombatantView

SHOT_KINDS = ("attack", "aimed_attack", "burst_attack")
DICE = re.compile(r"^\s*(\d*)d(\d+)\s*([+-]\s*\d+)?\s*$")


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and why it was chosen, in words a GM reads in the log."""

    action: Action
    reason: str


def mean_damage(expression: str) -> Fraction:
    """The mean of a dice expression such as "2d6+1" (a plain number is itself; unknown is 0)."""
    found = DICE.match(expression or "")
    if found is None:
        return Fraction(int(expression)) if (expression or "").strip().lstrip("-").isdigit() else Fraction(0)
    count, sides, plus = int(found.group(1) or 1), int(found.group(2)), found.group(3)
    return Fraction(count * (sides + 1), 2) + (int(plus.replace(" ", "")) if plus else 0)


def mean_after_armor(expression: str, armor: int) -> Fraction:
    """The mean of a dice expression's roll less armor, never below 0 (SWN core: armor comes
    off every blow), worked out exactly over every face; with no armor it is `mean_damage`."""
    found = DICE.match(expression or "")
    if found is None or armor <= 0:
        return max(mean_damage(expression) - max(armor, 0), Fraction(0))
    count, sides, plus = int(found.group(1) or 1), int(found.group(2)), found.group(3)
    totals = {int(plus.replace(" ", "")) if plus else 0: 1}
    for _ in range(count):
        totals = _add_die(totals, sides)
    ways = sides ** count
    return sum((Fraction(n * max(0, total - armor), ways) for total, n in totals.items()), Fraction(0))


def _add_die(totals: dict[int, int], sides: int) -> dict[int, int]:
    """The ways to reach every total after one more die of `sides` faces."""
    more: dict[int, int] = {}
    for total, ways in totals.items():
        for face in range(1, sides + 1):
            more[total + face] = more.get(total + face, 0) + ways
    return more


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


def best_charge(options: Options, people: dict[int, CombatantView]) -> tuple[ChargeOption, Fraction] | None:
    """The charge with the largest expected blow: the chance to hit times the mean damage left
    after the target's own armor (a gravtank's 18 shrugs off a 1d6 shove: no blow at all)."""
    charges = [(o.odds.chance * mean_after_armor(o.damage, _armor(people.get(o.target))), -o.target, o)
               for o in options.allowed("charge") if isinstance(o, ChargeOption) and o.odds is not None]
    if not charges:
        return None
    blow, _, option = max(charges, key=lambda item: item[:2])
    return (option, blow) if blow > 0 else None


def _armor(view: CombatantView | None) -> int:
    """A combatant's own armor (0 when unknown)."""
    return view.armor if view is not None else 0


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
    for other in battle.combatants():
        if other.in_fight and other.hex is not None and other.id != me.id:
            (friends if camps.get(other.side) == mine else foes).add(other.hex)
    return foes, friends


def is_leader(battle: Battle, me: CombatantView) -> bool:
    """Whether this is its side's leader: the toughest of a side of several (ties to the lower
    id). Not the leader the map names: keeping a 2-health boss back rather than the gang's
    squad cost the raiders of squad_ridge most of their wins against the plain player."""
    side = [c for c in battle.combatants() if c.side == me.side and c.in_fight]
    if len(side) < 2:
        return False
    return max(side, key=lambda c: (c.health_max, -c.id)).id == me.id


def attack_decision(battle: Battle, options: Options, me: CombatantView) -> Decision | None:
    """The best of a focused shot, a grenade at a cluster or a charge; None if none is worth it."""
    people = {c.id: c for c in battle.combatants()}
    shot = best_shot(options, people)
    foes, friends = camp_of(battle, me)
    throw = best_grenade(options, foes, friends)
    charge = best_charge(options, people)
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

"""The computer players' trip, disarm and shatter under These Lucky Stars (Seed 001, Actions in
Combat): when one of them pays more than the standard attack, and why, in words for the log.

Every chance is the option's own (`Battle.options()`: the attack roll, times the contest for trip
and disarm); what they are worth is the player's judgement, not a rule:
- a shooter's gun is worth breaking (shatter) or knocking from its hand (disarm) when the try is
  likely (even odds or better) and the shooter would stand for `LONG_FIGHT` of our attacks yet:
  its gun would fire that many times more, and a bare-handed foe must close in to hurt anyone.
  Of the two the likelier is taken, shatter on a tie (a broken gun is gone for good; a dropped
  one lies at its owner's feet, 1 AP to pick up);
- a foe beside us is worth tripping when the trip is likely and we keep the 1 AP an attack of
  opportunity costs: standing costs it 1 of its 4 AP and may provoke (Seed 001, Stand), which
  our blade answers; a trip stakes that on our attack roll and a contest instead of a blow.
Each check reads the standard attack's option first and lists the maneuvers only when it passes:
every maneuver needs the attack roll, so its chance is never above the attack's.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from game.actions import Action
from game.battle import Battle
from game.hexgrid import distance
from game.options import AttackOption, Options
from game.views import CombatantView

LIKELY = Fraction(1, 2)
LONG_FIGHT = 3  # our attacks the shooter would stand for yet: its gun would fire that often more
FULL_AP = 4  # a turn's AP (Seed 001): a trip (3 AP) from a full turn keeps 1 for an attack of opportunity


def chance(option: AttackOption) -> Fraction:
    """The option's exact chance to work (nothing when it carries no odds)."""
    return option.odds.chance if option.odds is not None else Fraction(0)


def ranged(battle: Battle, weapon: str | None) -> bool:
    """Whether this seed 001 weapon shoots (it has a range)."""
    entry = None if weapon is None else battle.catalog.ruleset_data.weapons.get(weapon)
    return entry is not None and bool(entry.range_hexes)


def toughness(view: CombatantView) -> int:
    """The damage still to deal before the combatant drops: its DEF now and a full DEF for each
    VIT after the first (Seed 001, Applying Damage: DEF at 0 costs 1 VIT and resets)."""
    return (view.defense or 0) + max(view.health - 1, 0) * (view.defense_max or 0)


def _gun_worth_taking(battle: Battle, attack: AttackOption) -> bool:
    target = battle.combatant(attack.target)
    return (chance(attack) >= LIKELY and ranged(battle, target.weapon)
            and toughness(target) >= LONG_FIGHT * attack.expected_damage)


def _trip_worth_trying(battle: Battle, me: CombatantView, attack: AttackOption) -> bool:
    target = battle.combatant(attack.target)
    return (me.action_points == FULL_AP and me.weapon is not None and not ranged(battle, me.weapon)
            and chance(attack) >= LIKELY and not target.prone and distance(me.hex, target.hex) == 1)


def _likeliest(offered: Options, target: int, *kinds: str) -> AttackOption | None:
    """Of these maneuvers on the target, the likeliest that is likely; ties to the earlier kind."""
    found = [o for kind in kinds for o in offered.allowed(kind) if isinstance(o, AttackOption) and o.target == target]
    best = max(found, key=chance, default=None)  # max keeps the first of equals: kinds' order breaks ties
    return best if best is not None and chance(best) >= LIKELY else None


def _take_the_gun(battle: Battle, offered: Options, attack: AttackOption) -> Action | None:
    option = _likeliest(offered, attack.target, "shatter", "disarm")
    if option is None:
        return None
    target = battle.combatant(attack.target)
    verb = "shatters" if option.kind == "shatter" else "disarms"
    blows = int(toughness(target) / attack.expected_damage)
    words = f"{round(100 * chance(option))}% to take the gun, and {target.name} would stand {blows} more attacks"
    return replace(option.action, reason=f"{verb} {target.name}'s {target.weapon_name.lower()}: {words}")


def _trip(battle: Battle, offered: Options, attack: AttackOption) -> Action | None:
    option = _likeliest(offered, attack.target, "trip")
    if option is None:
        return None
    name = battle.combatant(attack.target).name
    return replace(option.action, reason=f"trips {name}: {round(100 * chance(option))}% to knock it prone; "
                                         f"standing costs it 1 AP and opens it to an attack of opportunity")


def maneuver_that_pays(battle: Battle, me: CombatantView, attacks: Options) -> Action | None:
    """A shatter or disarm of a shooter's gun, else a trip, where the odds favour it over the
    standard attack (`attacks` holds the standard attack's options); None otherwise."""
    standard = [o for o in attacks.allowed("attack") if isinstance(o, AttackOption) and o.expected_damage > 0]
    guns = [o for o in standard if _gun_worth_taking(battle, o)]
    trips = [o for o in standard if _trip_worth_trying(battle, me, o)]
    if not guns and not trips:
        return None  # the maneuvers need not be listed: none can pay
    offered = battle.options(me.id, groups=("maneuvers",))
    for attack in sorted(guns, key=lambda o: (-chance(o), o.target)):
        taken = _take_the_gun(battle, offered, attack)
        if taken is not None:
            return taken
    for attack in sorted(trips, key=lambda o: (-chance(o), o.target)):
        tripped = _trip(battle, offered, attack)
        if tripped is not None:
            return tripped
    return None


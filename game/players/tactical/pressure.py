"""What the tactical player does beyond shooting: a heroic PC's free Fray Die, Intimidate
when it drops an enemy side a morale band, and overwatch with an unused Main action."""

from __future__ import annotations

from fractions import Fraction

from game.players.reading import enemy_hexes
from game.battle import Battle
from game.hexgrid import spiral
from game.options import AttackOption, Options, OverwatchOption, SideOption, TargetOption
from game.players.tactical.attacks import SHOT_KINDS, Decision
from game.views import CombatantView


def shot_damage(options: Options, attack: Decision | None) -> Fraction:
    """The expected damage of the shot decided on (0 with none)."""
    if attack is None:
        return Fraction(0)
    return next((o.expected_damage for o in options.allowed(*SHOT_KINDS)
                 if isinstance(o, AttackOption) and o.action == attack.action), Fraction(0))


def fray_decision(battle: Battle, me: CombatantView) -> Decision | None:
    """A heroic PC's free Fray Die, once a round, at the foe in reach with the least health left
    (the likeliest to drop; Seed 000, The Fray Die); None when it has none to roll."""
    rolls = [o for o in battle.options(me.id, groups=("fray",)).allowed("fray_die") if isinstance(o, TargetOption)]
    if not rolls:
        return None
    people = {c.id: c for c in battle.combatants()}
    option = min(rolls, key=lambda o: (people[o.target].health, o.target))
    target = people[option.target]
    return Decision(option.action, f"rolls the Fray Die at {target.name} ({target.health} health left)")


BAND_EDGES = (13, 10, 6, 3)
"""Morale scores one point above a band's floor (Fearless 13, Bold 10, Careful 6, Tactical
Retreat 3): one successful Intimidate there drops the side a band (Seed 002, Morale Threshold)."""
INTIMIDATE_CHANCE = Fraction(1, 2)
WEAK_SHOT = Fraction(1)
"""A shot expected to do less than this is worth less than a likely Intimidate across a band."""


def intimidate_decision(battle: Battle, me: CombatantView, shot: Fraction) -> Decision | None:
    """Intimidate an enemy side when a success drops it a band, the check is likely to pass and
    no shot worth more is there (Seed 002, Intimidate); None otherwise."""
    if shot >= WEAK_SHOT:
        return None
    sides = {side.id: side for side in battle.sides()}
    choices = [o for o in battle.options(me.id, groups=("morale",)).allowed("intimidate")
               if isinstance(o, SideOption) and o.chance is not None and o.chance >= INTIMIDATE_CHANCE
               and sides.get(o.side) is not None and sides[o.side].morale in BAND_EDGES]
    if not choices:
        return None
    option = max(choices, key=lambda o: (o.chance, o.side))
    side = sides[option.side]
    return Decision(option.action, f"intimidates {side.name} (morale {side.morale}, {side.band}): "
                                   f"{float(option.chance) * 100:.0f}% to drop them a band")


BURST_ROUNDS = 3
"""A burst of automatic fire takes three rounds (SWN core)."""


def reload_decision(battle: Battle, me: CombatantView, shot: Fraction) -> Decision | None:
    """Reload an empty gun, or a burst weapon too low for a burst when the shot at hand is
    weak; None when no reload is wanted or allowed (a gun that never bursts is not reloaded
    while it still has a round: a turn spent reloading a plasma projector with two shots left
    was a turn of fire lost)."""
    if not me.magazine or me.rounds >= min(BURST_ROUNDS, me.magazine) or me.rounds and shot >= WEAK_SHOT:
        return None
    if me.rounds and not _bursts(battle, me):
        return None
    reload = battle.options(me.id, groups=("gear",)).allowed("reload")
    if not reload:
        return None
    return Decision(reload[0].action, "reloads the empty gun" if me.rounds == 0 else
                    f"reloads ({me.rounds} rounds left, too few for a burst; the best shot is weak)")


def _bursts(battle: Battle, me: CombatantView) -> bool:
    """Whether the combatant's weapon can fire a burst (the data file's `burst`)."""
    weapon = battle.catalog.weapons.get(me.weapon or "")
    return weapon is not None and weapon.burst


WATCH_REACH = 3
"""Hexes this close to an enemy are where it may step next: worth watching."""


def overwatch_decision(battle: Battle, me: CombatantView) -> Decision | None:
    """With the Main action unused and nothing to shoot, watch the wedge (Seed 002, Overwatch)
    holding the most enemies, then the most hexes they may step into; None when no wedge
    reaches any of them."""
    wedges = [o for o in battle.options(me.id, groups=("overwatch",)).allowed("overwatch")
              if isinstance(o, OverwatchOption)]
    enemies = enemy_hexes(battle, me.id)
    if not wedges or not enemies:
        return None
    near = {h for e in enemies for h in spiral(e, WATCH_REACH)}

    def score(option: OverwatchOption) -> tuple[int, int, int]:
        seen = set(option.hexes)
        return len(seen.intersection(enemies)), len(seen & near), -option.facing

    best = max(wedges, key=score)
    caught, approaches, _ = score(best)
    if caught == 0 and approaches == 0:
        return None
    return Decision(best.action, f"watches facing {best.facing}: {caught} enemies in the wedge, "
                                 f"{approaches} hexes they may step into")

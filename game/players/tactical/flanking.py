"""Where the tactical player shoots from when the target is hard to hit: a weak shot at a
target that has concealment is taken from a hex that sees the target with less of it.

Terrain concealment counts from the target's own hex and from the hexes next to it that the
line of fire crosses (docs/rules/engine.md, cover geometry), so a target standing beside a
wood or a dust cloud can often be seen clear of it from another side. Seed 002 (Cover and
Concealment) adds its bonus to the target's AC: against `kessler_ford`'s gravtank (AC 18,
armor 18) a suit mech's plasma projector (pilot +1) needs a 19 through +2 and a 17 without it,
which doubles the expected damage of a shot the garrison can barely make (with the Bold
band's +2: 17 against 15, half as much again). In the fights read, most of the garrison's
shots at the tank were taken through +2.
"""

from __future__ import annotations

from fractions import Fraction

from game.battle import Battle
from game.hexgrid import distance
from game.options import AttackOption, MoveOption, Options
from game.players.tactical.attacks import Decision
from game.players.tactical.moving import foe_hexes, watched_by
from game.views import CombatantView

HARD_SHOT = Fraction(1)
"""A shot expected to do less damage than this is one where every point of AC counts."""


CONCEALMENT = "concealment"
"""The named part of a shot's target number for the target's concealment (Seed 002: +2, +4, +6 AC)."""


def concealed(shot: AttackOption) -> bool:
    """Whether the target's concealment adds to the number the shot must reach (not under
    rulesets whose to-hit ignores it, such as Starfarer's d100 task)."""
    return shot.odds is not None and any(part.name == CONCEALMENT and part.value > 0 for part in shot.odds.target)


def flank_decision(battle: Battle, options: Options, me: CombatantView, shot: AttackOption) -> Decision | None:
    """Before a weak shot (expected damage under HARD_SHOT) at a target with concealment, with
    the Move action unspent: move to a hex that sees the target with less concealment (no
    farther from it, no enemy adjacent, off the watchers' paths), the least concealment and
    cover armor first, then the shortest move; None when no hex does better (the shot is
    then taken from here). A squad spread over several hexes does not flank, and nobody flanks
    a prone target (lying prone is concealment from any hex but an adjacent one)."""
    here = shot.cover
    target = battle.combatant(shot.target)
    if (shot.expected_damage >= HARD_SHOT or here is None or not concealed(shot) or target is None
            or target.hex is None or target.prone or len(me.footprint) > 1):
        return None
    foes = foe_hexes(battle, me)
    watched = set(watched_by(options))
    reach = distance(me.hex, target.hex)
    moves = [o for o in options.allowed("move") if isinstance(o, MoveOption) and len(o.hexes) <= 1
             and distance(o.hex, target.hex) <= reach
             and all(distance(o.hex, f) > 1 for f in foes)
             and not any(step in watched for step in o.path)]
    if not moves:
        return None
    readings = battle.covers([o.hex for o in moves], [target.hex] * len(moves), me.weapon or "unarmed")
    clearer = [(r.concealment_bonus, r.armor, o.cost, o.hex, o) for o, r in zip(moves, readings)
               if r.visible and r.concealment_bonus < here.concealment_bonus]
    if not clearer:
        return None
    concealment, _, _, hex_, option = min(clearer, key=lambda item: item[:4])
    return Decision(option.action, f"moves to {battle.place(hex_)} for a clearer shot at {target.name}: "
                                   f"concealment +{concealment} there against +{here.concealment_bonus} from here")

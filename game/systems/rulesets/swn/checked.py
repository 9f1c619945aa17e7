"""An option checked as the battle would check its action (SWN's table), and the odds an attack
option shows: the builders of `choices` and `move_choices` offer nothing the engine would refuse,
keep the check's reason when it does, and show the odds the engine rolls against.
"""

from __future__ import annotations

from game.memo import remembered
from game.options import Aim, Odds, Option
from game.rules.swn.attack import ATTACK_ROLL, AttackSetup, chance_for, face_needed_for, modifier_breakdown, target_breakdown
from game.systems.rulesets.swn import table
from game.systems.scene import Scene

ODDS_KEPT = 1024
"""How many attack setups' odds are remembered (the one used longest ago going first)."""


@remembered("attack odds", ODDS_KEPT)
def odds(setup: AttackSetup) -> Odds:
    """The exact chance of an attack roll with its breakdown (`hit_chance` and `needed_face`
    from the breakdown's totals, each part read once); remembered by setup, of which it is a
    pure function (a standoff lists the same attacks, with the same setups, round after round)."""
    bonus, target = modifier_breakdown(setup), target_breakdown(setup)
    totals = sum(m.value for m in bonus), sum(m.value for m in target)
    return Odds(chance_for(*totals), face_needed_for(*totals), bonus, target, source=ATTACK_ROLL)


def option(kind: str, scene: Scene, action, aim: Aim, shape: type[Option] = Option, **details) -> Option:
    """The option of this kind (of class `shape`, aimed by `aim`, with `details`), checked as the
    battle would check its action: allowed with the action, or refused with the check's reason."""
    plan = table.check(scene, action)
    if isinstance(plan, str):
        return shape(kind, None, plan, aim=aim, **details)
    return shape(kind, action, aim=aim, **details)

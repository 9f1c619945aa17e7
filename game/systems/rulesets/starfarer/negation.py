"""Hero points against a Starfarer hit (seed 004, Negating Damage, read for seed 003).

The one hit is asked before the hit is marked (`starfarer_attack.wound` opens the decision).
Each point buys three picks from what Starfarer can undo (`game/rules/starfarer/negation.py`):
3 points off the hit's shock, one level off its wound, or the shock check's unconsciousness.
The options buy the picks that leave the least of the hit: first no survival check (a mortal
wound or the x6 shock bracket), then no shock check to fall to, then the lowest wound, then the
least shock. The hit is then marked as any other.
"""

from __future__ import annotations

from game.rules.ruleset_names import STARFARER
from game.actions import NegateDamage
from game.events import DamageNegated
from game.prompts import NegationChance
from game.rules.starfarer.hit import HitReport
from game.rules.starfarer.negation import NEGATION
from game.systems.hero_chances import points
from game.systems.rulesets.starfarer import attack as attacks
from game.systems.rulesets.hero_points.negation import Negating, best_picks
from game.systems.scene import Scene

OFFERED = ("shock", "wound", "condition")
"""The picks in order of preference among equals (Starfarer has no knockdown)."""


def _plan(scene: Scene, prompt: NegationChance) -> attacks.ShotPlan:
    """The attack that hit, planned again (nothing it reads has changed while the decision waits)."""
    plan = attacks.plan_shot(scene, prompt.attack.actor, prompt.attack.target)
    if isinstance(plan, str):
        raise AssertionError(f"an attack waiting on a negation decision became impossible: {plan}")
    return plan


def _report(scene: Scene, prompt: NegationChance, picks: tuple[str, ...],
            plan: attacks.ShotPlan | None = None) -> HitReport:
    """What the hit does with these picks bought."""
    return attacks.hit(scene, plan or _plan(scene, prompt), prompt.task.los, prompt.location, picks)


def _harm(report: HitReport) -> tuple[bool, bool, int, int]:
    """What is left of a hit, worst first: a survival check, a shock check to fall to, the wound level, the shock."""
    checks = report.checks
    level = -1 if report.level is None else report.level
    return checks.survival, checks.shock and not report.keeps_conscious, level, report.assessed.shock


def outcome(scene: Scene, prompt: NegationChance, picks: tuple[str, ...]) -> tuple[int, bool]:
    """The shock the hit deals with these picks, and whether it surely takes the character out (a survival check is due)."""
    report = _report(scene, prompt, picks)
    return report.assessed.shock, report.checks.survival


def picks(scene: Scene, prompt: NegationChance, points_spent: int) -> tuple[str, ...]:
    """The picks these points buy that leave the least of the hit."""
    plan = _plan(scene, prompt)
    return best_picks(OFFERED, points_spent, lambda bought: _harm(_report(scene, prompt, bought, plan)))


def land(scene: Scene, prompt: NegationChance, action: NegateDamage | None) -> None:
    """The hit is marked, less what the hero points negated (Seed 004 with Seed 003, 3.5-3.6.6)."""
    bought = action.picks if action is not None else ()
    report = _report(scene, prompt, bought)
    if action is not None:
        scene.emit(DamageNegated(action.actor, bought, prompt.amount, report.assessed.shock,
                                 points(scene, action.actor), int(action.personal), action.from_pool))
    attacks.mark(scene, prompt.decider, report)


NEGATING = Negating(STARFARER, NEGATION, land, outcome, picks)

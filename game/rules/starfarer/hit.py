"""One Starfarer attack end to end: the to-hit task, where it lands, and what the hit does to the body (Seed 003, 3.4-3.6.7).

This is the seam a systems layer calls: `resolve_attack` for the roll and `apply_hit` for the
damage, both returning every intermediate number so the log can explain them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.rules.dice import DiceSource
from game.rules.starfarer.checks import Checks, checks_after_hit
from game.rules.starfarer.damage import Assessed, WeaponRating, assess_damage, hit_damage
from game.rules.starfarer.negation import negate_hit
from game.rules.starfarer.tasks import TaskProfile, TaskResult, hit_location, roll_task
from game.rules.starfarer.wounds import Bleeding, Mark, WoundTrack, mark_wound, wound_bleeds, wound_level


@dataclass(frozen=True, slots=True)
class Body:
    """What a character's body has taken: the wound track, bleeding and the shock total."""

    track: WoundTrack = field(default_factory=WoundTrack)
    bleeding: Bleeding = field(default_factory=Bleeding)
    shock: int = 0


@dataclass(frozen=True, slots=True)
class Target:
    """The target's numbers the damage rules read (a creature type's stat block)."""

    mass: int
    resilience: int
    basic_shock: int
    stun: int
    wound_step: int = 3


@dataclass(frozen=True, slots=True)
class HitReport:
    """Everything one hit did, step by step."""

    location: str
    damage: int
    assessed: Assessed
    level: int | None
    mark: Mark | None
    checks: Checks
    body: Body
    keeps_conscious: bool = False
    """Hero points bought off the unconsciousness of the shock check (Seed 004, a "condition" pick)."""


def apply_hit(body: Body, target: Target, weapon: WeaponRating, armor: int, los: int, location: str, *,
              blunt: bool = False, blow_through: bool = False, picks: tuple[str, ...] = ()) -> HitReport:
    """Damage, lethality and head, the wound mark, bleeding and the checks due, in the seed's order
    (Seed 003, 3.5-3.6.7); `picks` are the hero points' negation picks, taken off the shock and the
    wound level before they are marked (Seed 004, Negating Damage)."""
    damage = hit_damage(weapon, armor, los, target.mass if blow_through else None)
    assessed = assess_damage(damage, weapon.lethality, target.resilience, location)
    level = wound_level(assessed.wound, target.wound_step)
    negated = negate_hit(assessed, level, picks)
    if picks:
        assessed, level = replace(assessed, shock=negated.shock), negated.wound_level
    track, bleeding, mark = body.track, body.bleeding, None
    if level is not None:
        track, mark = mark_wound(track, location, level)
        bleeding = wound_bleeds(bleeding, mark, blunt)
    checks = checks_after_hit(mark, assessed.shock, body.shock, target.basic_shock, target.stun)
    after = Body(track, bleeding, body.shock + assessed.shock)
    return HitReport(location, damage, assessed, level, mark, checks, after, negated.keeps_conscious)


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """The to-hit task and, on a hit, where it landed."""

    task: TaskResult
    location: str | None


def resolve_attack(profile: TaskProfile, dice: DiceSource) -> AttackRoll:
    """Roll the to-hit task; a success lands on the location its ones digit names (Seed 003, 3.4 and 3.4.1)."""
    task = roll_task(profile, dice)
    return AttackRoll(task, hit_location(task) if task.success else None)


def bleed(body: Body) -> Body:
    """A round passes: every bleeding wound adds its rate to the shock total (Seed 003, 3.6.7)."""
    return Body(body.track, body.bleeding, body.shock + body.bleeding.per_round)

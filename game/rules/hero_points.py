"""Hero points: an extra open-ended roll after seeing the first, countering, negating damage (Seed 004).

Works with any ruleset: the extra roll is a d20 added to the action's roll, and the three
picks a point buys against damage are read by the ruleset (each declares its own `Negation`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from game.rules.ruleset_names import ROLL_UNDER
from game.rules.modifier import Modifier
from game.rules.dice import DiceSource, Roll
from game.rules.swn.saves import CheckResult, SaveResult, SkillRoll, with_bought
from game.rules.starfarer.tasks import TaskResult, check_task

Rolled = Roll | SaveResult | CheckResult | SkillRoll | TaskResult
"""A roll a hero point may go on: a plain roll, a save, a skill check, one side of an opposed skill
roll, a d100 task (seed 003)."""

EXTRA_DIE = 20
REROLL_FACES = (10, 20)  # Seed 004: 10s and 20s roll again and add
EXTRA_ROLL_FLOOR = 10  # Seed 004: an extra roll under 10 counts as 10 (and does not roll again)
PICKS_PER_POINT = 3  # Seed 004, Negating Damage
SHOCK_PER_PICK = 3  # Seed 004, Negating Damage: remove three points of shock damage
PERSONAL_POINTS_PER_ACTION = 1
NEGATION_PICKS = ("shock", "condition", "knockdown", "wound")

Negation = Mapping[str, str]
"""What each negation pick undoes under one ruleset (Seed 004, Negating Damage, read for it); a
pick the ruleset has nothing for is left out. Each ruleset declares its own (`Ruleset.negation`)."""

SWN_NEGATION: Negation = MappingProxyType({
    "shock": "3 points of the hit's damage (heroic: taken off the roll before the table reads it)"})
"""SWN has no wound levels, K/O conditions or knockdown results: only the shock pick."""


@dataclass(frozen=True, slots=True)
class Spend:
    """Points put on one roll or one hit: at most one personal point, plus any from outside (the GM's pool)."""

    personal: int = 0
    outside: int = 0

    @property
    def total(self) -> int:
        """All points put in."""
        return self.personal + self.outside


def spend_problem(spend: Spend, own_points: int, pool_points: int) -> str | None:
    """Why this spend is not allowed, or None (Seed 004, Hero Points and the Die Roll)."""
    if spend.personal < 0 or spend.outside < 0 or spend.total == 0:
        return "spend at least one hero point, and no negative amounts"
    if spend.personal > PERSONAL_POINTS_PER_ACTION:
        return "no more than one personal hero point goes on one action"
    if spend.personal > own_points:
        return "the character has no hero point left"
    if spend.outside > pool_points:
        return f"the pool holds {pool_points} point(s), not {spend.outside}"
    return None


@dataclass(frozen=True, slots=True)
class ExtraRoll:
    """One extra die bought with a point: the faces rolled and what it counts as."""

    faces: tuple[int, ...]

    @property
    def counted(self) -> int:
        """The faces added up, at least 10 (Seed 004)."""
        return max(EXTRA_ROLL_FLOOR, sum(self.faces))

    def text(self) -> str:
        """E.g. `[10, 20, 3] = 33` or `[4] counts as 10`."""
        faces = ", ".join(map(str, self.faces))
        if sum(self.faces) < EXTRA_ROLL_FLOOR:
            return f"[{faces}] counts as {EXTRA_ROLL_FLOOR}"
        return f"[{faces}] = {self.counted}"


def roll_extra(dice: DiceSource) -> ExtraRoll:
    """Roll the bought die: a d20, rolling again and adding on each 10 or 20 (Seed 004)."""
    faces = [dice.roll_die(EXTRA_DIE)]
    while faces[-1] in REROLL_FACES:
        faces.append(dice.roll_die(EXTRA_DIE))
    return ExtraRoll(tuple(faces))


def with_extra_rolls(ruleset: str, roll: int, extras: tuple[ExtraRoll, ...]) -> int:
    """The roll after the bought dice: added to it, or for a roll-under d100 taken off it, not below 1 (Seed 004; Ruling)."""
    bought = sum(extra.counted for extra in extras)
    if ruleset in ROLL_UNDER:
        return max(1, roll - bought)
    return roll + bought


BOUGHT = "hero points"  # the name the bought dice go by, as a part of the roll they are added to
DIE_ROLL = "Seed 004, Hero Points and the Die Roll"
"""The rule the bought dice come from, as the source of their part of the roll."""


def bought_onto(rolled: Rolled, bought: int) -> Rolled:
    """A roll with `bought` added as a named part (Seed 004: the extra roll is added to the final
    roll): a plain roll or a skill roll grows by it, a check counts it among its parts, a save is
    judged again (its natural 1 or 20 still decides); a d100 task rolled low has it taken off."""
    if isinstance(rolled, Roll):
        return Roll(rolled.expression + "+HERO", rolled.dice, rolled.modifiers + ((BOUGHT, bought),),
                    rolled.total + bought)
    if isinstance(rolled, SaveResult):
        return with_bought(rolled, bought_onto(rolled.roll, bought))
    if isinstance(rolled, TaskResult):  # a d100 rolled low: the dice come off it, never below 1 (Ruling)
        return check_task(rolled.bcs, rolled.ef, max(1, rolled.roll - bought))
    return replace(rolled, parts=(*rolled.parts, Modifier(BOUGHT, bought, DIE_ROLL)))


def can_turn(rolled: Rolled) -> bool:
    """Whether bought dice could turn this lost roll at all: not a save's natural 1 (it fails
    whatever is added), not a d100 task with no chance to roll under (Seed 004 with SWN core, seed 003)."""
    if isinstance(rolled, SaveResult):
        return rolled.face != 1
    if isinstance(rolled, TaskResult):
        return rolled.mcs >= 1
    return True


@dataclass(frozen=True, slots=True)
class PendingSpend:
    """Points announced on a roll, open to counters until the extra dice are rolled (Seed 004, Countering)."""

    spender: int
    spend: Spend
    countered_by: tuple[int, ...] = ()

    @property
    def dice_to_roll(self) -> int:
        """Extra dice left after the counters: one per point spent, less one per counter."""
        return max(0, self.spend.total - len(self.countered_by))


def counter_problem(pending: PendingSpend, counterer: int, counterer_points: int, aware: bool) -> str | None:
    """Why this character cannot counter, or None: anyone aware, with a point, while a die is still open (Seed 004)."""
    if not aware:
        return "only a character aware of the spend can counter it"
    if counterer == pending.spender:
        return "a character does not counter their own hero point"
    if counterer_points < 1:
        return "countering costs a hero point and the character has none"
    if pending.dice_to_roll == 0:
        return "every point spent on this roll is already countered"
    return None


def counter(pending: PendingSpend, counterer: int) -> PendingSpend:
    """Cancel one extra die before it is rolled; both points are spent (Seed 004, Countering Hero Points)."""
    return replace(pending, countered_by=pending.countered_by + (counterer,))


def resolve_spend(pending: PendingSpend, dice: DiceSource) -> tuple[ExtraRoll, ...]:
    """Roll the extra dice nobody countered, in order (Seed 004)."""
    return tuple(roll_extra(dice) for _ in range(pending.dice_to_roll))


def negation_problem(negation: Negation, spend: Spend, picks: tuple[str, ...], ruleset: str = "this ruleset") -> str | None:
    """Why these picks cannot be bought, or None: three per point, each one the ruleset can undo (Seed 004, Negating Damage)."""
    if spend.personal > PERSONAL_POINTS_PER_ACTION:
        return "no more than one personal hero point goes on negating one hit"
    if not picks:
        return "pick at least one thing for the hero point to undo"
    if len(picks) > PICKS_PER_POINT * spend.total:
        return f"{spend.total} point(s) buy at most {PICKS_PER_POINT * spend.total} picks, not {len(picks)}"
    for pick in picks:
        if pick not in NEGATION_PICKS:
            return f"'{pick}' is not a negation pick (picks: {', '.join(NEGATION_PICKS)})"
        if pick not in negation:
            return f"'{pick}' has nothing to undo under {ruleset} (it undoes: {', '.join(negation) or 'nothing'})"
    return None


def shock_removed(picks: tuple[str, ...]) -> int:
    """Points of shock (or, without a shock track, of damage) the "shock" picks take off (Seed 004, Negating Damage)."""
    return SHOCK_PER_PICK * picks.count("shock")


def negated_roll(roll: Roll, points: int) -> Roll:
    """A damage roll with the shock picks' points taken off as a named part, before armor or a
    table reads it (Seed 004, Negating Damage, read for SWN); `points` 0 leaves it as rolled."""
    if not points:
        return roll
    return replace(roll, modifiers=roll.modifiers + (("hero points", -points),), total=roll.total - points)


def negated_flat(amount: int, picks: tuple[str, ...]) -> int:
    """Damage dealt without a roll (a squad's flat volley, shock on a miss) less 3 a shock pick,
    never below 0 (Seed 004, Negating Damage, read for SWN)."""
    return max(0, amount - shock_removed(picks))


def may_protect_equipment(trademark: str | None, item: str) -> bool:
    """Points negate damage to equipment only for the character's one trademark item (Seed 004, Damage to Equipment)."""
    return trademark is not None and trademark == item

"""Shock and the checks wounds call for: disability, shock, survival, and bleeding that stops itself (Seed 003, 3.6.4-3.6.7)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import DiceSource
from game.rules.starfarer.tasks import VITAL_LOCATIONS, TaskProfile, TaskResult, base_chance
from game.rules.starfarer.wounds import LEVELS, MODIFIERS, Mark

MEDIUM, HEAVY, SEVERE, DESTROYED = (LEVELS.index(name) for name in ("medium", "heavy", "severe", "destroyed"))
SURVIVAL_SHOCK_MULTIPLE = 6  # Seed 003, 3.6.6: the "x6" bracket of accumulated shock


def shock_multiple(shock: int, basic_shock: int) -> int:
    """How many whole multiples of the basic shock the total has reached (Seed 003, 3.6.5)."""
    if basic_shock < 1:
        raise ValueError(f"basic shock is 1 or more, not {basic_shock}")
    return shock // basic_shock


def shock_penalty(shock: int, basic_shock: int) -> int:
    """From 2x the basic shock on, 1 off every trait per multiple past the first, at most 5 (Seed 003, 3.6.5)."""
    return min(-MODIFIERS[-1], max(0, shock_multiple(shock, basic_shock) - 1))


@dataclass(frozen=True, slots=True)
class Checks:
    """What a hit calls for now: a shock check (and why), a survival check, disability checks."""

    shock_reasons: tuple[str, ...] = ()
    survival: bool = False
    disability: bool = False

    @property
    def shock(self) -> bool:
        """A shock check is due for at least one reason."""
        return bool(self.shock_reasons)


def _wound_shock_reason(mark: Mark) -> str | None:
    """Heavy or worse in a vital area, severe or worse elsewhere, calls for a shock check (Seed 003, 3.6.6)."""
    level = mark.effect_level
    if mark.location in VITAL_LOCATIONS and level >= HEAVY:
        return "a heavy or worse wound in a vital area"
    if mark.location not in VITAL_LOCATIONS and level >= SEVERE:
        return "a severe or worse wound in a limb"
    return None


def checks_after_hit(mark: Mark | None, shock_taken: int, shock_before: int, basic_shock: int, stun: int) -> Checks:
    """The checks one hit calls for, from its wound and the shock it added (Seed 003, 3.6.6)."""
    reasons = []
    if shock_taken >= stun:
        reasons.append("shock at least the STUN characteristic")
    after = shock_before + shock_taken
    if shock_multiple(after, basic_shock) > shock_multiple(shock_before, basic_shock):
        reasons.append("the shock total passed a multiple of the basic shock")
    wound_reason = _wound_shock_reason(mark) if mark else None
    if wound_reason:
        reasons.append(wound_reason)
    level = None if mark is None else mark.effect_level
    mortal = level == DESTROYED and mark.location in VITAL_LOCATIONS
    in_x6 = shock_multiple(after, basic_shock) >= SURVIVAL_SHOCK_MULTIPLE
    return Checks(tuple(reasons), survival=mortal or in_x6, disability=level is not None and level >= MEDIUM)


def disability_check(endurance: int, willpower: int, level: int) -> TaskProfile:
    """To use a part with a medium or worse wound: (Endurance, Willpower) x 5, EF less the wound's modifier (Seed 003, 3.6.6)."""
    return TaskProfile(base_chance(endurance, willpower), 5 + MODIFIERS[level])


def shock_check(endurance: int, willpower: int, penalty: int) -> TaskProfile:
    """To stay conscious: (Endurance, Willpower) x 8, EF less the wound or shock level penalty (Seed 003, 3.6.6).

    Ruling: when both a wound and the shock total carry a penalty, the worse one is used.
    """
    return TaskProfile(base_chance(endurance, willpower), 8 - penalty)


def survival_check(endurance: int, essence: int, rounds_untreated: int) -> TaskProfile:
    """To avoid death: (Endurance, Essence) x 8, each trait -1 per round untreated past the first (Seed 003, 3.6.6)."""
    late = max(0, rounds_untreated - 1)
    return TaskProfile(base_chance(endurance - late, essence - late), 8)


def survival_hopeless(wound_damage: int, step: int = 3) -> bool:
    """Over twice the basic mortal level of damage in one wound, the survival check fails outright (Seed 003, 3.6.6)."""
    mortal_level = DESTROYED * step + 1
    return wound_damage > 2 * mortal_level


@dataclass(frozen=True, slots=True)
class KnockedOut:
    """A failed shock check: rounds unconscious and whether the wound worsens a level (marked /)."""

    rounds: int
    worse_wound: bool


def failed_shock_check(result: TaskResult) -> KnockedOut:
    """LOF rounds unconscious; an LOF over 3 adds a wound one level higher in the same place (Seed 003, 3.6.6)."""
    if result.success:
        raise ValueError("the shock check succeeded: the character stays conscious")
    return KnockedOut(result.lof, result.lof > 3)


def rounds_until_next_check(result: TaskResult, dice: DiceSource) -> int:
    """After a second failed check to wake: LOF d10 rounds before the next try (Seed 003, 3.6.6)."""
    return sum(dice.roll_die(10) for _ in range(result.lof))


def stop_bleeding_check(endurance: int, rate: int) -> TaskProfile:
    """Bleeding stopping by itself: (Endurance) x 5, EF -1 per point of bleeding in the area (Seed 003, 3.6.7)."""
    return TaskProfile(base_chance(endurance), 5 - rate)


def bleeding_stopped(result: TaskResult) -> int:
    """Points of bleeding a self-stopping check stops: 1 on success, plus 1 per LOS (Seed 003, 3.6.7)."""
    return 1 + result.los if result.success else 0


def bleeding_clock(clock: tuple[tuple[str, int, int], ...], rates: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int, int], ...]:
    """One more round of bleeding: each area's (location, rate, rounds at that rate) (Seed 003, 3.6.7).

    Ruling: an area's count starts again whenever its rate changes (a new wound there, or
    points stopped), so its next check comes `rate` rounds after the change.
    """
    before = {location: (rate, rounds) for location, rate, rounds in clock}
    return tuple((location, rate, before[location][1] + 1 if before.get(location, (0, 0))[0] == rate else 1)
                 for location, rate in rates if rate > 0)


def first_waking_round(fell_round: int, lof: int) -> int:
    """The round at whose start an unconscious character first checks to come to: LOF whole rounds after
    the one it fell in (Seed 003, 3.6.6; Ruling: the rest of the round it fell in does not count)."""
    return fell_round + lof + 1


def bleeding_check_due(rounds_bleeding: int, rate: int) -> bool:
    """An area is checked once every `rate` rounds of bleeding (Seed 003, 3.6.7)."""
    return rate > 0 and rounds_bleeding > 0 and rounds_bleeding % rate == 0

"""The task roll every Starfarer attack and check uses: BCS x EF = MCS, d100, level of success (Seed 003, 3.4).

Rulings: BCS is the sum of the task's two traits (a one-trait task counts its trait twice);
MCS = BCS x EF; a d100 at or under MCS succeeds with LOS = (MCS - roll) // BCS, LOS 0 being a
marginal success; a failure's level is how many BCS-wide steps it missed by, at least 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import DiceSource

# Seed 003, Table 3.4: the ones digit of the d100 -> where a human-shaped target is hit.
HIT_LOCATIONS = {1: "head", 2: "chest", 3: "chest", 4: "chest", 5: "abdomen", 6: "abdomen",
                 7: "right_arm", 8: "left_arm", 9: "right_leg", 0: "left_leg"}
VITAL_LOCATIONS = frozenset({"head", "chest", "abdomen"})
LOCATIONS = ("head", "chest", "abdomen", "left_arm", "right_arm", "left_leg", "right_leg")


def base_chance(first_trait: int, second_trait: int | None = None) -> int:
    """BCS: the two traits added; a task on one trait counts it twice (Ruling, Seed 003 tasks)."""
    return first_trait + (first_trait if second_trait is None else second_trait)


@dataclass(frozen=True, slots=True)
class TaskProfile:
    """A task before the roll: its base chance (BCS) and ease factor (EF)."""

    bcs: int
    ef: int


def with_trait_penalty(task: TaskProfile, penalty: int) -> TaskProfile:
    """The task with `penalty` taken off each of its two traits, so the BCS drops by twice it (Seed 003, 3.6.5)."""
    return TaskProfile(task.bcs - 2 * penalty, task.ef)


@dataclass(frozen=True, slots=True)
class TaskResult:
    """A rolled task: the chance, the d100, success and its level (LOS) or failure's (LOF)."""

    bcs: int
    ef: int
    roll: int

    @property
    def mcs(self) -> int:
        """Modified chance of success: BCS x EF, never below 0."""
        return max(0, self.bcs * self.ef)

    @property
    def success(self) -> bool:
        """The d100 came up at or under the MCS."""
        return self.roll <= self.mcs

    @property
    def los(self) -> int:
        """Level of success: whole BCS steps under the MCS (0 = marginal); -1 on a failure."""
        if not self.success:
            return -1
        return (self.mcs - self.roll) // self.bcs if self.bcs > 0 else 0

    @property
    def lof(self) -> int:
        """Level of failure: BCS steps over the MCS, rounded up (at least 1); 0 on a success."""
        if self.success:
            return 0
        return -(-(self.roll - self.mcs) // max(1, self.bcs))

    @property
    def ones_digit(self) -> int:
        """The low die of the percentile roll (100 reads as 0)."""
        return self.roll % 10

    def text(self) -> str:
        """E.g. `BCS 12 x EF 5 = MCS 60, rolled 24: LOS 3`."""
        outcome = f"LOS {self.los}" if self.success else f"failed, LOF {self.lof}"
        return f"BCS {self.bcs} x EF {self.ef} = MCS {self.mcs}, rolled {self.roll}: {outcome}"


def check_task(bcs: int, ef: int, roll: int) -> TaskResult:
    """Read a d100 against BCS x EF (Seed 003, 3.4 and Ruling: Starfarer tasks)."""
    if not 1 <= roll <= 100:
        raise ValueError(f"a d100 roll is 1 to 100, not {roll}")
    return TaskResult(bcs, ef, roll)


def success_levels(bcs: int, mcs: int) -> dict[int, int]:
    """How many d100 faces give each level of success against BCS x EF = `mcs` (Seed 003, 3.4):
    a face at or under the MCS succeeds by (MCS - face) // BCS levels."""
    hits = min(100, mcs)
    if hits <= 0:
        return {}
    if bcs <= 0:
        return {0: hits}
    low, high = mcs - hits, mcs - 1  # what the MCS is over each successful face
    return {level: min(high, level * bcs + bcs - 1) - max(low, level * bcs) + 1
            for level in range(low // bcs, high // bcs + 1)}


def roll_task(task: TaskProfile, dice: DiceSource) -> TaskResult:
    """Roll the d100 for a task (Seed 003, 3.4)."""
    return check_task(task.bcs, task.ef, dice.roll_die(100))


def hit_location(task: TaskResult) -> str:
    """Where a human-shaped target is hit: the ones digit of the attack roll on Table 3.4 (Seed 003, 3.4.1)."""
    return HIT_LOCATIONS[task.ones_digit]

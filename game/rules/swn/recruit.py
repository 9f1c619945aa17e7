"""Recruit, the downtime action that fills squads (Seed 002, Squads: New downtime action).

The recruiter names an NPC type and rolls a Connect check (2d6 + Connect, SWN core) against
the type's hit dice plus its morale, less 2. A failure still brings one NPC; a success brings
the crew's Tier + 1; a success by 2 or more brings Tier + 3.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from game.rules.swn.attack import Modifier
from game.rules.dice import DiceSource
from game.rules.swn.saves import CheckResult, skill_check

DIFFICULTY_ALLOWANCE = 2  # Seed 002: difficulty is HD + Morale - 2
ON_FAILURE = 1  # Seed 002: a failed Recruit still brings 1 NPC
ON_SUCCESS = 1  # Seed 002: Tier + 1 on a success
GREAT_MARGIN = 2  # Seed 002: succeeding by 2 or more ...
ON_GREAT_SUCCESS = 3  # ... brings Tier + 3
OUTCOMES = ("failure", "success", "success by 2 or more")


@dataclass(frozen=True, slots=True)
class RecruitResult:
    """The Connect check and the NPCs it brought."""

    unit_type: str
    check: CheckResult
    tier: int

    @property
    def outcome(self) -> str:
        """'failure', 'success' or 'success by 2 or more'."""
        return recruit_outcome(self.check.margin)

    @property
    def recruits(self) -> int:
        """How many NPCs join."""
        return recruits_for(self.outcome, self.tier)

    def text(self) -> str:
        """E.g. `Connect check 2d6 [5, 4] +1 Connect = 10 vs 9: success; 2 Veteran soldier recruited (Tier 1 + 1)`."""
        return f"{self.check.text()}; {self.recruits} {self.unit_type} recruited ({self._why()})"

    def _why(self) -> str:
        if self.outcome == "failure":
            return "a failure still brings 1"
        extra = ON_GREAT_SUCCESS if self.outcome == OUTCOMES[2] else ON_SUCCESS
        return f"Tier {self.tier} + {extra}"


def recruit_difficulty(hd: int, morale: int) -> int:
    """The Connect difficulty: the type's HD + its Morale - 2 (Seed 002, Recruit)."""
    return hd + morale - DIFFICULTY_ALLOWANCE


def recruit_outcome(margin: int) -> str:
    """The outcome for a check landing `margin` above (or below) the difficulty."""
    if margin < 0:
        return OUTCOMES[0]
    return OUTCOMES[2] if margin >= GREAT_MARGIN else OUTCOMES[1]


def recruits_for(outcome: str, tier: int) -> int:
    """NPCs recruited: 1 on a failure, Tier + 1 on a success, Tier + 3 by 2 or more (Seed 002)."""
    if outcome == OUTCOMES[0]:
        return ON_FAILURE
    return tier + (ON_GREAT_SUCCESS if outcome == OUTCOMES[2] else ON_SUCCESS)


def connect_parts(connect: int) -> tuple[Modifier, ...]:
    """The check's parts: the recruiter's Connect bonus (skill plus attribute, as one number)."""
    return (Modifier("Connect", connect, "Seed 002, Recruit"),)


def roll_recruit(unit_type: str, hd: int, morale: int, connect: int, tier: int,
                 dice: DiceSource) -> RecruitResult:
    """Roll the Connect check for a Recruit downtime action (Seed 002, Recruit)."""
    check = skill_check("Connect", connect_parts(connect), recruit_difficulty(hd, morale), dice)
    return RecruitResult(unit_type, check, tier)


def outcome_chances(connect: int, difficulty: int) -> dict[str, Fraction]:
    """The exact chance of each outcome, counted over the 36 pairs of 2d6 faces."""
    counts = dict.fromkeys(OUTCOMES, 0)
    for a, b in product(range(1, 7), repeat=2):
        counts[recruit_outcome(a + b + connect - difficulty)] += 1
    return {outcome: Fraction(n, 36) for outcome, n in counts.items()}

"""Starfarer's own components (seed 003): what a combatant carries in the world beside the shared
ones (action points, being out cold or dying, this round's limb checks, bleeding, declared
actions and the phase under way), replaced on change like every component.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ActionPoints:
    """Seed 003 action points: rolled each round, 10 paid for each action phase, the rest carried."""

    points: int = 0


@dataclass(frozen=True, slots=True)
class Unconscious:
    """Knocked out by a failed shock check: lying down until the check at the start of `check_round` (Seed 003, 3.6.6)."""

    check_round: int


@dataclass(frozen=True, slots=True)
class Dying:
    """A mortal wound or shock in the x6 bracket: a survival check every round from `since_round` on (Seed 003, 3.6.6)."""

    since_round: int


@dataclass(frozen=True, slots=True)
class LimbChecks:
    """This round's disability checks: each limb checked and whether it may be used (Seed 003, 3.6.6)."""

    round: int
    results: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True, slots=True)
class BleedingClock:
    """Rounds each area has bled at its present rate: (location, rate, rounds) (Seed 003, 3.6.7)."""

    areas: tuple[tuple[str, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Declaration:
    """The actions declared for one's next phase (optional rule, Seed 003, 3.2.1): their kinds and
    initiative modifiers, in order."""

    actions: tuple[str, ...]
    modifiers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PhasePlan:
    """The phase under way: the actions declared for it (none: one action of any kind) and those taken."""

    declared: tuple[str, ...] = ()
    modifiers: tuple[int, ...] = ()
    taken: tuple[str, ...] = ()

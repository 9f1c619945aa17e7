"""Action points and action phases: 1d10 + Initiative, a phase per 10 full AP counting down, the rest carried (Seed 003, 3.2).

Optional rules: declaring actions ahead (3.2.1), initiative modifiers (3.2.2) and several
actions in one phase (3.2.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.rules.dice import DiceSource

PHASE_COST = 10  # Seed 003, 3.2: each action phase takes 10 action points


def roll_action_points(initiative: int, carried: int, dice: DiceSource) -> int:
    """This round's action points: 1d10 + Initiative + the points carried from last round (Seed 003, 3.2)."""
    return dice.roll_die(10) + initiative + carried


def next_phase(points: Mapping[int, int], initiative: Mapping[int, int]) -> int | None:
    """Who acts next: the most action points, if 10 or more; None ends the round (Seed 003, 3.2).

    Ruling: equal points go to the higher Initiative statistic, then the lower id.
    """
    ready = [who for who, ap in points.items() if ap >= PHASE_COST]
    if not ready:
        return None
    return min(ready, key=lambda who: (-points[who], -initiative.get(who, 0), who))


@dataclass(frozen=True, slots=True)
class Phase:
    """One action phase: who took it and the action points they had when it came up."""

    who: int
    points: int


def plain_round(points: Mapping[int, int], initiative: Mapping[int, int]) -> tuple[tuple[Phase, ...], dict[int, int]]:
    """Every phase of a round with one action a phase, and the points each carries into the next (Seed 003, 3.2)."""
    points = dict(points)
    phases = []
    while (who := next_phase(points, initiative)) is not None:
        phases.append(Phase(who, points[who]))
        points[who] -= PHASE_COST
    return tuple(phases), points


@dataclass(frozen=True, slots=True)
class DeclaredAction:
    """An action declared ahead (optional rule): its name and initiative modifier (typically -3..+3)."""

    name: str
    initiative_modifier: int = 0


def declare(points: int, actions: tuple[DeclaredAction, ...]) -> int:
    """Declaring adds the lowest initiative modifier of the declared actions to the points now (Seed 003, 3.2.2-3.2.3)."""
    if not actions:
        raise ValueError("declare at least one action for the phase")
    return points + min(action.initiative_modifier for action in actions)


def extra_action_penalty(actions: tuple[DeclaredAction, ...]) -> int:
    """EF taken off every task in the phase: 1 per action past the first (Seed 003, 3.2.3)."""
    return max(0, len(actions) - 1)


def end_phase(points: int, actions: tuple[DeclaredAction, ...], performed: int | None = None) -> int:
    """After the phase: -10, -1 per action performed when several were declared, plus every modifier but the lowest (Seed 003, 3.2.3).

    Ruling: a phase with a single action costs only the 10 points. `performed` defaults to
    every declared action; an action declared and not taken costs no point.
    """
    modifiers = sorted(action.initiative_modifier for action in actions)
    done = len(actions) if performed is None else performed
    per_action = done if len(actions) > 1 else 0
    return points - PHASE_COST - per_action + sum(modifiers[1:])

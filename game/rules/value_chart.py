"""The Torg value chart and the group actions read from it (Seed 004, Extending the Charts; SWN core notes).

A number's value is the highest step whose measure is not above it: 1, 1.5, 2.5, 4, 6 for
values 0-4, and every 5 steps the measures grow tenfold (10, 15, 25, 40, 60 for 5-9, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

_DOUBLED_MEASURES = (2, 3, 5, 8, 12)  # twice the measures of values 0-4, so they stay whole


def measure(value: int) -> float:
    """The number a value stands for: value 10 is 100 (Torg value chart)."""
    if value < 0:
        raise ValueError(f"values on the chart start at 0, not {value}")
    tens, step = divmod(value, len(_DOUBLED_MEASURES))
    return _DOUBLED_MEASURES[step] * 10**tens / 2


def value_of(number: int) -> int:
    """The value of a count: the highest value whose measure is at most it (Seed 004: 100 has value 10)."""
    if number < 1:
        raise ValueError(f"only a count of 1 or more has a value, not {number}")
    value = 0
    while measure(value + 1) <= number:
        value += 1
    return value


@dataclass(frozen=True, slots=True)
class GroupAction:
    """What a group action changes: the roll's bonus (or the target's toughness) and the difficulty to add."""

    bonus: int
    difficulty: int


def many_on_one(actors: int) -> GroupAction:
    """Many acting on one: the modifier is the value; all succeed at DN + (value - 1) x 2 (Seed 004, Extending the Charts)."""
    value = value_of(actors)
    return GroupAction(bonus=value, difficulty=(value - 1) * 2)


def one_on_many(targets: int) -> GroupAction:
    """One acting on many: toughness rises by the value; all succeed at DN + value x 2 (Seed 004, Extending the Charts)."""
    value = value_of(targets)
    return GroupAction(bonus=value, difficulty=value * 2)

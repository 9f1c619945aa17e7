"""A named part of a roll, for every ruleset: what it adds and the rule it comes from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Modifier:
    """One named part of a roll and the rule it comes from (seed or core book, and section), e.g.
    `Modifier("long range", -2, "SWN core, ranged attacks")`: a window explains each part by it."""

    name: str
    value: int
    source: str

    def text(self) -> str:
        """E.g. `-2 long range`."""
        return f"{self.value:+d} {self.name}"

"""Hero points' options (seed 004): an answer to a negation decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.options.shared import Option


@dataclass(frozen=True, slots=True)
class NegationOption(Option):
    """A way to answer a negation decision (Seed 004): the `picks` the points buy, the `damage`
    the hit then deals and whether it still takes the character out of the fight (`drops`)."""

    picks: tuple[str, ...] = ()
    damage: int = 0
    drops: bool = False

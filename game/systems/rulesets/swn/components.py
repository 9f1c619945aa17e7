"""SWN's own components: what only its mechanics put in the world (a charge under way, the
rounds a carried weapon still holds). The components SWN shares with the
engine's floor (the health track, the turn budget, the stances the views show) stay in
game/components.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class CarriedRounds:
    """Rounds left in each carried weapon's magazine, in the order of `Carried.weapons`."""

    rounds: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ChargeUnderway:
    """Seed 002 Charge: a run under way; the blow lands on `target` once the run reaches `end`
    after `hexes` hexes (overwatch may pause the run); `path` is the run (a hero point decision
    on the blow keeps the charge to go on with)."""

    target: int
    end: Hex
    hexes: int
    path: tuple[Hex, ...] = ()

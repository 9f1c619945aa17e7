"""Whether trip, disarm and shatter (game/players/lucky_stars_maneuvers.py) leave a computer player
no weaker: mirrored fights (game.simulate.mirror) of each player against itself without them.

Run: python benchmarks/lucky_stars_maneuvers.py [--fights N] [--seed S] [--maps NAME ...] [--players P ...]
For each map (played under These Lucky Stars) and player (`tactical`, `computer`), N mirrored
fights of the player against `P-before`: the same player as it played before the maneuvers (the
tactical player without the step, the plain one with its plain attack back in its place), the
same seeded dice. Prints the player's wins, the opponent's, the draws, and
the player's win rate among decided fights with its 95% Wilson interval (no weaker: the interval
reaches 50%), and how many trips, disarms and shatters were tried. Nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from types import MappingProxyType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.players import plain, registry  # noqa: E402
from game.players.lucky_stars_maneuvers import maneuver_that_pays  # noqa: E402
from game.players.tactical import player as tactical  # noqa: E402
from game.players.tactical import turns  # noqa: E402
from game.scenario.summary import MAPS_DIR  # noqa: E402
from game.simulate.mirror import mirrored  # noqa: E402
from game.simulate.stats import wilson_interval  # noqa: E402

TRIED: Counter = Counter()
"""Maneuvers the players with the step chose, by kind (counted in this process: run with one job)."""


def _without_step(table, step, instead):
    """The TURNS table with the maneuver step replaced by `instead` (None: taken out)."""
    return MappingProxyType({name: tuple(instead if s is step else s for s in steps if s is not step or instead)
                             for name, steps in table.items()})


def _before(module, table_name: str, step, make, instead=None):
    """A maker of the player as it plays with its module's TURNS lacking the step (or with the
    decision it replaced, `instead`)."""
    def maker(seed: int):
        inner, without = make(seed), _without_step(getattr(module, table_name), step, instead)

        def choose(battle):
            kept = getattr(module, table_name)
            setattr(module, table_name, without)
            try:
                return inner(battle)
            finally:
                setattr(module, table_name, kept)
        return choose
    return maker


def _counted(make):
    """A maker of the player that counts the maneuvers it chooses."""
    def maker(seed: int):
        inner = make(seed)

        def choose(battle):
            action = inner(battle)
            if action.kind in ("trip", "disarm", "shatter"):
                TRIED[action.kind] += 1
            return action
        return choose
    return maker


def register() -> None:
    """Add `tactical-before` and `computer-before` to the registry (this process only)."""
    rows = dict(registry.POLICIES)
    rows["tactical"] = registry.PolicyEntry("tactical", "", _counted(rows["tactical"].make))
    rows["computer"] = registry.PolicyEntry("computer", "", _counted(rows["computer"].make))
    tactical_before = _before(tactical, "TURNS", turns.trip_or_take_the_gun, registry.POLICIES["tactical"].make)
    plain_before = _before(plain, "TURNS", plain.attack_or_maneuver, registry.POLICIES["computer"].make, plain.attack)
    rows["tactical-before"] = registry.PolicyEntry("tactical-before", "", tactical_before)
    rows["computer-before"] = registry.PolicyEntry("computer-before", "", plain_before)
    registry.POLICIES = MappingProxyType(rows)
    assert maneuver_that_pays  # the step both players call


def main() -> None:
    """Parse the arguments and print one line per map and player."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--maps", nargs="*", default=["dust_market"])
    parser.add_argument("--players", nargs="*", default=["tactical", "computer"])
    args = parser.parse_args()
    register()
    for name in args.maps:
        for player in args.players:
            TRIED.clear()
            tally = mirrored(MAPS_DIR / f"{name}.tmx", player, f"{player}-before", args.fights, run_seed=args.seed)
            lost = tally.fights - tally.wins - tally.draws
            rate = wilson_interval(tally.wins, tally.wins + lost)
            print(f"{name} {player}: {tally.wins} won, {lost} lost, {tally.draws} drawn of {tally.fights}; "
                  f"{rate.estimate:.1%} [{rate.low:.1%}, {rate.high:.1%}] of the decided; tried {dict(TRIED)}",
                  flush=True)


if __name__ == "__main__":
    main()

"""Computer players' strength and speed: the tactical player against `random` and `computer`.

Run: python benchmarks/players.py [--fights N] [--jobs J] [--maps NAME ...] [--against OPPONENT ...]
                                  [--decisions D]
For every bundled map, N mirrored fights (game.simulate.mirror: the tactical player takes
each fighting camp in turn, the same seeded dice for both) against each opponent: the
tactical player's win rate with its 95% Wilson interval beside the target, and camp by camp
its win rate holding the camp beside the opponent's holding the same camp (the fair
comparison on an asymmetric map). Then the median time of one decision on the largest
bundled map, tactical beside the plain computer player measured in the same run (best of 3).
Targets (issue 11): >= 95% against random, a majority against computer; a decision median
<= 20 ms on the largest map. Nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.battle import Battle, load_catalog  # noqa: E402
from game.savefile import load_scenario_or_fail  # noqa: E402
from game.scenario.summary import MAPS_DIR  # noqa: E402
from game.simulate.mirror import mirrored  # noqa: E402
from game.players import make_policy  # noqa: E402
from game.simulate.stats import wilson_interval  # noqa: E402

TARGETS = {"random": 0.95, "computer": 0.5}
DECISION_TARGET_MS = 20.0


def strength(map_path: Path, opponent: str, fights: int, jobs: int = 1) -> str:
    """One line: the win rate and interval beside the target, then camp by camp."""
    tally = mirrored(map_path, "tactical", opponent, fights, jobs=jobs)
    rate = wilson_interval(tally.wins, tally.fights)
    camps = "; ".join(f"{camp}: {c.player_wins}/{c.player_fights} vs {c.opponent_wins}/{c.opponent_fights}"
                      for camp, c in tally.camps.items())
    return (f"{map_path.stem:22} vs {opponent:8} wins {rate.estimate:6.1%} [{rate.low:.1%}, {rate.high:.1%}] "
            f"(target {TARGETS[opponent]:.0%}+), draws {tally.draws}, edge {tally.edge():+.2f}  ({camps})")


def decision_median_ms(map_path: Path, policy: str, decisions: int) -> float:
    """The median milliseconds of one decision of `policy` playing every side (best of 3 runs)."""
    catalog = load_catalog()
    scenario = load_scenario_or_fail(map_path, catalog)
    best = float("inf")
    for run in range(3):
        battle, player, times = Battle.from_scenario(scenario, run + 1), make_policy(policy, 0), []
        while len(times) < decisions and not battle.state.ended:
            start = time.perf_counter()
            action = player(battle)
            times.append(time.perf_counter() - start)
            battle.submit(action)
        best = min(best, statistics.median(times) * 1000)
    return best


def main() -> None:
    """Print every figure beside its target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the fights (the same tallies)")
    parser.add_argument("--maps", nargs="+", metavar="NAME", help="only these bundled maps (default: all)")
    parser.add_argument("--against", nargs="+", choices=sorted(TARGETS), default=list(TARGETS),
                        help="only these opponents (default: both)")
    parser.add_argument("--decisions", type=int, default=200, help="decisions timed (0: none)")
    args = parser.parse_args()
    maps = sorted(MAPS_DIR.glob("*.tmx"))
    unknown = set(args.maps or ()) - {m.stem for m in maps}
    if unknown:
        parser.error(f"no bundled map named {', '.join(sorted(unknown))}; "
                     f"the maps are {', '.join(m.stem for m in maps)}")
    for map_path in maps:
        if args.maps and map_path.stem not in args.maps:
            continue
        for opponent in args.against:
            print(strength(map_path, opponent, args.fights, args.jobs), flush=True)
    if not args.decisions:
        return
    largest = max(MAPS_DIR.glob("*.tmx"), key=lambda p: len(load_scenario_or_fail(p, load_catalog()).terrain))
    for policy in ("tactical", "computer"):
        median = decision_median_ms(largest, policy, args.decisions)
        print(f"decision median on {largest.stem}: {policy:8} {median:6.2f} ms (target <= {DECISION_TARGET_MS:.0f} ms"
              f"{'' if policy == 'tactical' else '; baseline'})", flush=True)


if __name__ == "__main__":
    main()

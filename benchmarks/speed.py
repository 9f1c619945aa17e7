"""Speed benchmark (issue 11): pathfinding, lines of fire in bulk, the computer player, costs that
must not grow with the battle, and memory over many fights. Each figure is printed beside its
target and a baseline measured in the same run on the same machine (best of several runs).

Run: python benchmarks/speed.py [--fights N] [--memory-fights N] [--quick]
     python benchmarks/speed.py --rulesets N   (issue 25: decision p99 on each ruleset's largest map)
Nothing here is a pass/fail test; the exactness of every fast path is checked by the tests
(tests/test_hexgrid_paths.py, tests/test_sightlines.py).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "benchmarks"))

import speed_cases as cases  # noqa: E402


def best_of(function, repeat: int, runs: int = 7) -> float:
    """The best seconds per call over several runs of `repeat` calls."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(repeat):
            function()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def row(label: str, value: float, unit: str, target: str, baseline: str) -> None:
    """One figure beside its target and baseline."""
    print(f"{label:<46} {value:10.3f} {unit:<4} target {target:<12} baseline {baseline}")


def pathfinding() -> None:
    print("Reachable hexes, movement budget 12, 200x200 open map")
    field, world, mover = cases.open_map(200, 200)
    start = cases.position(world, mover)
    plain = best_of(lambda: cases.plain_dijkstra(field, start, 12), 20)
    before = best_of(lambda: cases.former_reachable(field, world, mover, 12), 20)
    grid = field.cost_grid()
    fast = best_of(lambda: cases.cheapest_within(grid, start, 12), 20)
    full = best_of(lambda: cases.reachable(field, world, mover, 12), 20)
    baseline = f"plain heapq Dijkstra {plain * 1e3:.3f} ms, former engine search {before * 1e3:.3f} ms"
    row("  hexes and costs (hexgrid.cheapest_within)", fast * 1e3, "ms", "<= 0.5 ms", baseline)
    row("  with every path (movement.reachable)", full * 1e3, "ms", "(no target)", f"former engine search {before * 1e3:.3f} ms")


def lines_of_fire(units: int, sample: int) -> None:
    print(f"Line of fire with cover and concealment, every pair of {units} units, 80x60 map with walls")
    terrain, hexes, weapons = cases.walled_map(80, 60, units)
    field = cases.Battlefield(terrain)
    cold_start = time.perf_counter()
    cases.every_line_of_fire(field, hexes, weapons, hexes)
    cold = time.perf_counter() - cold_start
    warm = best_of(lambda: cases.every_line_of_fire(field, hexes, weapons, hexes), 1)
    pairs = [(i, j) for i in range(units) for j in range(units)]
    chosen = random.Random(5).sample(pairs, min(sample, len(pairs)))
    one_by_one = min(cases.pair_by_pair(terrain, hexes, weapons, chosen) for _ in range(3))
    estimate = one_by_one / len(chosen) * len(pairs)
    row("  one batch call (lines already traced)", warm * 1e3, "ms", "<= 25 ms",
        f"pair by pair {estimate:.2f} s (timed on {len(chosen)} pairs, scaled)")
    row("  first call on the map (traces the lines)", cold * 1e3, "ms", "(no target)", "")


def decisions(fights: int) -> None:
    largest = cases.largest_map()
    print(f"Computer player on the largest bundled map ({largest.name}), {fights} fights")
    now, before = cases.decision_times(largest, fights)
    row("  one decision, median", statistics.median(now) * 1e3, "ms", "<= 20 ms",
        f"former move search alone (options, full-map Dijkstra, a line traced per candidate) "
        f"{statistics.median(before) * 1e3:.3f} ms")
    rate, old_rate = cases.fight_rates(cases.DEFAULT_MAP, fights)
    row("  default map fights per second", rate, "/s", "(issue: ~9)",
        f"with the former move search added to each decision {old_rate:.2f} /s")


def largest_map_of_each_ruleset() -> dict[str, Path]:
    """The bundled map with the most hexes under each ruleset its `ruleset` property names."""
    found: dict[str, tuple[int, Path]] = {}
    for path in sorted((ROOT / "maps").glob("*.tmx")):
        scenario = cases.load_scenario_or_fail(path, cases.CATALOG)
        size = len(scenario.terrain)
        name = cases.Battle.from_scenario(scenario, 1, cases.CATALOG).ruleset_name
        if name not in found or size > found[name][0]:
            found[name] = (size, path)
    return {name: path for name, (_, path) in sorted(found.items())}


def ruleset_decisions(fights: int) -> None:
    """Issue 25: CPU milliseconds per decision, median and 99th percentile, of the plain and the
    tactical player playing every side of the largest bundled map of each ruleset."""
    print(f"Decision time by ruleset (CPU time, {fights} fights each, every side played by the player)")
    for ruleset, path in largest_map_of_each_ruleset().items():
        for policy in ("computer", "tactical"):
            times = cases.policy_decision_times(path, policy, fights)
            ordered = sorted(times)
            p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
            row(f"  {ruleset:11} {path.stem:20} {policy:8} p99", p99 * 1e3, "ms", "<= 20 ms",
                f"median {statistics.median(times) * 1e3:.2f} ms, max {ordered[-1] * 1e3:.1f} ms, "
                f"{len(times)} decisions")


def growth() -> None:
    print("Costs that must not grow with the whole battle (same map, more units far away)")
    for label, function in (("  one unit's attack options", cases.attack_options_cost),
                            ("  does each camp still stand", cases.standing_cost)):
        small, large = function(0), function(cases.CROWD)
        row(label, large * 1e6, "us", f"~{small * 1e6:.0f} us", f"same with {cases.CROWD} fewer units: {small * 1e6:.1f} us "
            f"(x{large / small:.2f})")


def memory(fights: int) -> None:
    print(f"Memory over {fights} fights in one process (scenario loaded once)")
    found = cases.memory_over_fights(fights, traced=False)
    early, late = found["early"], found["late"]
    row("  resident memory growth, first tenth to end", (late / early - 1) * 100, "%", "<= 5 %",
        f"{early / 2**20:.1f} MiB after {fights // 10} fights, {late / 2**20:.1f} MiB after {fights}")
    traced = cases.memory_over_fights(max(10, fights // 4), traced=True)
    left = (traced["late"] - traced["early"]) / max(1, fights // 4 - fights // 40)
    row("  Python memory left behind per fight", left, "B", "~0 B",
        f"(tracemalloc, {max(10, fights // 4)} fights) most lines one battle remembered {found['kept']} "
        f"(kept at most {cases.Battlefield.LINES_KEPT})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=10)
    parser.add_argument("--memory-fights", type=int, default=300)
    parser.add_argument("--quick", action="store_true", help="fewer pairs and fights")
    parser.add_argument("--rulesets", type=int, default=0, metavar="N",
                        help="only the decision times by ruleset, N fights each (issue 25)")
    args = parser.parse_args()
    if args.rulesets:
        ruleset_decisions(args.rulesets)
        return
    pathfinding()
    lines_of_fire(200, 500 if args.quick else 4000)
    decisions(2 if args.quick else args.fights)
    growth()
    memory(40 if args.quick else args.memory_fights)


if __name__ == "__main__":
    main()

"""Two variants on the same seeds (two maps, two rulesets, two players): do they differ?

Fight number i of both runs starts from the same seed, so the fights pair up. For each side
fighting in both, the pairs where exactly one variant won are counted both ways, and
McNemar's exact test (`stats.mcnemar_exact`) says whether that split is more lopsided than
chance would make it: significant when p < 0.05. Pairs where either fight failed are left
out (and counted).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.simulate.runner import RunResult
from game.simulate.stats import Interval, McNemar, mcnemar_exact, wilson_interval
from game.simulate.text import interval_words
from game.views import SideView

ALPHA = 0.05


@dataclass(frozen=True, slots=True)
class SideComparison:
    """One side's win rate in each variant over the paired fights, and the test."""

    side: str
    name: str
    first: Interval
    second: Interval
    test: McNemar


@dataclass(frozen=True, slots=True)
class Comparison:
    """The two variants, how many fights paired up, and each side's comparison."""

    first: str
    second: str
    pairs: int
    sides: tuple[SideComparison, ...]


def compare_runs(first: RunResult, second: RunResult, first_sides: tuple[SideView, ...],
                 second_sides: tuple[SideView, ...], labels: tuple[str, str]) -> Comparison:
    """Pair the runs' fights by number and compare each side fighting in both."""
    a = {r.index: r for r in first.results if not r.failed}
    b = {r.index: r for r in second.results if not r.failed}
    paired = sorted(set(a) & set(b))
    camps_b = {s.id: s.camp for s in second_sides}
    found = []
    for side in first_sides:
        if side.camp is None or camps_b.get(side.id) is None:
            continue
        wins_a = [a[i].winner == side.camp for i in paired]
        wins_b = [b[i].winner == camps_b[side.id] for i in paired]
        only_a = sum(x and not y for x, y in zip(wins_a, wins_b))
        only_b = sum(y and not x for x, y in zip(wins_a, wins_b))
        found.append(SideComparison(side.id, side.name, wilson_interval(sum(wins_a), len(paired)),
                                    wilson_interval(sum(wins_b), len(paired)), mcnemar_exact(only_a, only_b)))
    return Comparison(labels[0], labels[1], len(paired), tuple(found))


def comparison_text(comparison: Comparison) -> str:
    """The comparison in words, one block per side."""
    lines = [f"Comparing A: {comparison.first}", f"     with B: {comparison.second}",
             f"on the same seeds: {comparison.pairs} pairs of fights; McNemar's exact test on the "
             f"pairs one variant won and the other did not (significant when p < {ALPHA})"]
    for side in comparison.sides:
        test = side.test
        verdict = "significant" if test.significant(ALPHA) else "not significant"
        lines += ["", f"{side.name} ({side.side})",
                  f"  A wins {interval_words(side.first)}",
                  f"  B wins {interval_words(side.second)}",
                  f"  won only in A: {test.only_first}; only in B: {test.only_second}; "
                  f"p = {test.p_value:.3g}: {verdict}"]
    return "\n".join(lines)

"""The report as a picture: each camp's win rate and the draws, with 95% intervals, and fight lengths.

Drawn with matplotlib's object interface on its Agg canvas (`Figure`, no pyplot), so no
display and no global state is involved. With two variants (`--compare`) both are drawn
side by side in each panel.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from game.simulate.report import Report, camp_reports, draw_rate
from game.simulate.stats import Interval

COLOURS = ("#0072B2", "#E69F00")  # Okabe-Ito blue and orange: safe for colour-blind readers
DRAWS = ""  # the draws' key among the camps' (no camp is named so)


def draw_chart(reports: list[tuple[str, Report]], path: Path) -> Figure:
    """Write a PNG of the win rates (with intervals) and the distribution of fight lengths;
    returns the figure drawn."""
    figure = Figure(figsize=(11, 4.2), dpi=100, layout="constrained")
    wins, lengths = figure.subplots(1, 2, width_ratios=(1.1, 1))
    _win_rates(wins, reports)
    _lengths(lengths, reports)
    figure.suptitle(reports[0][1].setting.title)
    figure.savefig(path, format="png")
    return figure


def _win_rates(axes, reports: list[tuple[str, Report]]) -> None:
    """A bar per camp and one for draws, whiskers from their Wilson intervals: a run's bars add
    up to 100%, as its fights do (the PCs and their allies are one camp, one bar)."""
    groups = _groups(reports)
    width = 0.8 / len(reports)
    for number, (label, report) in enumerate(reports):
        rates = _rates(report)
        xs = [i + (number - (len(reports) - 1) / 2) * width for i in range(len(groups))]
        found = [rates.get(key) for key, _ in groups]
        heights = [100 * r.estimate if r else 0 for r in found]
        below = [100 * (r.estimate - r.low) if r else 0 for r in found]
        above = [100 * (r.high - r.estimate) if r else 0 for r in found]
        bars = axes.bar(xs, heights, width, yerr=[below, above], capsize=4, color=COLOURS[number % 2], label=label)
        bars[-1].set_hatch("//")  # the draws: nobody's win
        bars[-1].set_alpha(0.6)
        axes.bar_label(bars, labels=[f"{h:.0f}%" if r else "" for h, r in zip(heights, found)],
                       padding=3, fontsize="small")
    axes.set_xticks(range(len(groups)), [name for _, name in groups])
    axes.set_ylim(0, 115)  # room above 100% for the legend
    axes.set_yticks(range(0, 101, 20))
    axes.set_ylabel("% of fights (95% Wilson interval)")
    axes.set_title("Wins per camp, and draws (together 100%)")
    axes.legend(loc="upper center", ncols=2, fontsize="small")


def _groups(reports: list[tuple[str, Report]]) -> list[tuple[str, str]]:
    """(key, label) of each bar group: every camp of any run, in order met, then the draws."""
    groups: dict[str, str] = {}
    for _, report in reports:
        for camp in camp_reports(report):
            groups.setdefault(camp.id, "\n+ ".join(camp.sides))
    return [*groups.items(), (DRAWS, "draws")]


def _rates(report: Report) -> dict[str, Interval]:
    """Each camp's win rate and the draw rate of one run, by bar group key."""
    return {**{camp.id: camp.win_rate for camp in camp_reports(report)}, DRAWS: draw_rate(report)}


def _lengths(axes, reports: list[tuple[str, Report]]) -> None:
    """How many fights lasted each number of rounds."""
    longest = max((r for _, report in reports for _, _, r in report.outcomes), default=1)
    bins = [b + 0.5 for b in range(0, longest + 1)]
    for number, (label, report) in enumerate(reports):
        rounds = [r for _, _, r in report.outcomes]
        axes.hist(rounds, bins=bins, histtype="stepfilled" if number == 0 else "step", alpha=0.85,
                  linewidth=2, color=COLOURS[number % 2], label=f"{label} (mean {report.rounds.mean:.1f})")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("rounds")
    axes.set_ylabel("fights")
    axes.set_title("Fight length")
    axes.legend(loc="upper right", fontsize="small")

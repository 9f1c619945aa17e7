"""The report as a picture: each side's win rate with its 95% interval, and fight lengths.

Drawn with matplotlib's object interface on its Agg canvas (`Figure`, no pyplot), so no
display and no global state is involved. With two variants (`--compare`) both are drawn
side by side in each panel.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from game.simulate.report import Report

COLOURS = ("#0072B2", "#E69F00")  # Okabe-Ito blue and orange: safe for colour-blind readers


def draw_chart(reports: list[tuple[str, Report]], path: Path) -> None:
    """Write a PNG of the win rates (with intervals) and the distribution of fight lengths."""
    figure = Figure(figsize=(11, 4.2), dpi=100, layout="constrained")
    wins, lengths = figure.subplots(1, 2, width_ratios=(1.1, 1))
    _win_rates(wins, reports)
    _lengths(lengths, reports)
    figure.suptitle(reports[0][1].setting.title)
    figure.savefig(path, format="png")


def _win_rates(axes, reports: list[tuple[str, Report]]) -> None:
    """Bars of each fighting side's win rate, whiskers from its Wilson interval."""
    names = [s.name for s in reports[0][1].sides if s.camp is not None]
    width = 0.8 / len(reports)
    for number, (label, report) in enumerate(reports):
        by_name = {s.name: s.win_rate for s in report.sides if s.camp is not None}
        rates = [by_name.get(name) for name in names]
        xs = [i + (number - (len(reports) - 1) / 2) * width for i in range(len(names))]
        heights = [100 * r.estimate if r else 0 for r in rates]
        below = [100 * (r.estimate - r.low) if r else 0 for r in rates]
        above = [100 * (r.high - r.estimate) if r else 0 for r in rates]
        bars = axes.bar(xs, heights, width, yerr=[below, above], capsize=4, color=COLOURS[number % 2], label=label)
        axes.bar_label(bars, labels=[f"{h:.0f}%" for h in heights], padding=3, fontsize="small")
    axes.set_xticks(range(len(names)), names)
    axes.set_ylim(0, 115)  # room above 100% for the legend
    axes.set_yticks(range(0, 101, 20))
    axes.set_ylabel("wins, % of fights (95% Wilson interval)")
    axes.set_title("Win rate per side")
    axes.legend(loc="upper center", ncols=2, fontsize="small")


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

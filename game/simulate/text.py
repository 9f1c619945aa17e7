"""The balance report in words, as `hexbattle simulate` prints it."""

from __future__ import annotations

from game.simulate.report import Report, SideReport
from game.simulate.stats import Interval, Spread


def percent(value: float) -> str:
    """0.6123 -> '61.2%'."""
    return f"{100 * value:.1f}%"


def interval_words(interval: Interval) -> str:
    """'61.2% (95% interval 58.1% to 64.2%)'."""
    return f"{percent(interval.estimate)} (95% interval {percent(interval.low)} to {percent(interval.high)})"


def rounds_words(rounds: Spread) -> str:
    """'7.9 rounds on average (sd 3.1; 3 to 24)'."""
    if rounds.count == 0:
        return "none"
    return f"{rounds.mean:.1f} rounds on average (sd {rounds.sd:.1f}; {rounds.low} to {rounds.high})"


def report_text(report: Report) -> str:
    """The whole report, heading first, then each side, then any fight that failed."""
    lines = _heading(report)
    for side in report.sides:
        lines += ["", *_side_lines(side)]
    if report.failures:
        count = len(report.failures)
        lines += ["", f"{count} fight{'' if count == 1 else 's'} failed (a bug: please report it with its save):"]
        lines += [f"  fight {f.index} (seed {f.seed}): {f.error}" + (f"; save: {f.save}" if f.save else "")
                  for f in report.failures]
    return "\n".join(lines)


def _heading(report: Report) -> list[str]:
    """Map, rules, players, how many fights, their length and the draws."""
    setting = report.setting
    players = ", ".join(f"{side} {name}" for side, name in setting.policies)
    done = f"{report.done} fight{'' if report.done == 1 else 's'}"
    if report.interrupted:
        done = f"interrupted: {report.done} of {report.requested} fights done"
    played = report.done - len(report.failures)
    draws = f"draws {report.draws} of {played}"
    if report.unfinished:
        draws += f" ({report.unfinished} reached the limit of {setting.max_rounds} rounds)"
    return [f"{setting.title} ({setting.map})",
            f"ruleset {setting.ruleset}; seed {setting.seed}; {done}; players: {players}",
            f"fight length: {rounds_words(report.rounds)}; {draws}"]


def _side_lines(side: SideReport) -> list[str]:
    """One side's block."""
    head = f"{side.name} ({side.id}, played by {side.policy})"
    if side.camp is None:
        return [head, "  not fighting (no camp): wins nothing", f"  losses      {_losses(side)}"]
    return [head,
            f"  wins        {side.wins} of {side.fights} = {interval_words(side.win_rate)}",
            f"  draws       {side.draws}",
            f"  its wins    {rounds_words(side.win_rounds)}",
            f"  decided by  {_deciders(side)}",
            f"  morale      {_morale(side)}",
            f"  losses      {_losses(side)}"]


def _deciders(side: SideReport) -> str:
    """The unit that most often ended the side's wins, and the runner-up."""
    if not side.deciders:
        return "no win of its own to decide"
    named = [f"{d.name} ({d.unit_type}) {d.fights} of {side.wins}" for d in side.deciders[:2]]
    return "; then ".join(named)


def _morale(side: SideReport) -> str:
    """How often the side's morale broke."""
    if not side.has_morale:
        return "no morale score (never breaks)"
    return f"broke in {side.morale_broke} of {side.fights} fights ({percent(side.morale_broke / max(1, side.fights))})"


def _losses(side: SideReport) -> str:
    """'thug 3.2 of 5, grenadier 0.4 of 1' per fight."""
    if not side.losses:
        return "no units"
    return ", ".join(f"{t.unit_type} {t.lost_per_fight:.1f} of {t.fielded}" for t in side.losses) + " per fight"

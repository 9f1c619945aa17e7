"""A run's fights added up per side: the balance report, as a value, as text and as JSON.

Per fighting side: its win rate with a 95% Wilson interval, draws, how many rounds its wins
took (mean and standard deviation), the units it lost per type, the unit that most often
decides the fight, and how often its morale broke. Definitions (also in docs/simulate.md):
- a side wins a fight when its camp holds the field (the PCs and their allies are one camp);
  a draw is a fight nobody won: nobody left standing, or the round limit reached first;
- the deciding unit of a fight is the combatant whose action ended it, when it is of the
  winning camp (the shot that dropped the last enemy, the overwatch fire that did);
- morale broke when the side's morale fell into a retreating band (Tactical Retreat or
  Panicked, Seed 002) at some point of the fight;
- a loss is a combatant out of the fight (down, dead or fallen) when the fight ended.
Nothing in the report depends on timing or on how the fights were spread over workers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass

from game.simulate.fight import FightResult
from game.simulate.runner import RunResult
from game.simulate.stats import Interval, Spread, spread, wilson_interval
from game.views import SideView


@dataclass(frozen=True, slots=True)
class RunSetting:
    """What was simulated: the map, rules, players and seed (the report's heading)."""

    title: str
    map: str
    ruleset: str
    seed: int
    max_rounds: int
    policies: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class TypeLosses:
    """One unit type of a side: how many it fields and how many it lost, per fight on average."""

    unit_type: str
    fielded: int
    lost_per_fight: float


@dataclass(frozen=True, slots=True)
class DecidingUnit:
    """A unit and how many of its side's wins its action ended."""

    name: str
    unit_type: str
    fights: int


@dataclass(frozen=True, slots=True)
class SideReport:
    """One side's figures over the run's finished fights."""

    id: str
    name: str
    camp: str | None
    policy: str
    fights: int
    wins: int
    win_rate: Interval
    draws: int
    win_rounds: Spread
    has_morale: bool
    morale_broke: int
    deciders: tuple[DecidingUnit, ...]
    losses: tuple[TypeLosses, ...]


@dataclass(frozen=True, slots=True)
class CampReport:
    """The sides that win together (the PCs and their allies are one camp) and the fights they won."""

    id: str
    sides: tuple[str, ...]
    """The names of its sides, its own side (the one named after the camp) first."""
    wins: int
    win_rate: Interval


@dataclass(frozen=True, slots=True)
class Failure:
    """A fight that raised: its number, seed, the error, and the save written for it."""

    index: int
    seed: int
    error: str
    save: str = ""


@dataclass(frozen=True, slots=True)
class Report:
    """The whole balance report."""

    setting: RunSetting
    requested: int
    done: int
    interrupted: bool
    rounds: Spread
    draws: int
    unfinished: int
    sides: tuple[SideReport, ...]
    failures: tuple[Failure, ...]
    outcomes: tuple[tuple[int, str | None, int], ...]
    """(fight number, winning camp or None, rounds) of every finished fight, in order."""


def build_report(run: RunResult, setting: RunSetting, sides: tuple[SideView, ...],
                 saves: dict[int, str] | None = None) -> Report:
    """Add up a run's fights; `saves` names the save written for each failed fight."""
    played = [r for r in run.results if not r.failed]
    failures = tuple(Failure(r.index, r.seed, r.error, (saves or {}).get(r.index, ""))
                     for r in run.results if r.failed)
    policy = dict(setting.policies)
    return Report(setting, run.requested, len(run.results), run.interrupted, spread([r.rounds for r in played]),
                  sum(r.winner is None for r in played), sum(r.unfinished for r in played),
                  tuple(_side(view, policy.get(view.id, ""), played) for view in sides),
                  failures, tuple((r.index, r.winner, r.rounds) for r in played))


def _side(view: SideView, policy: str, played: list[FightResult]) -> SideReport:
    """One side's figures."""
    won = [r for r in played if view.camp is not None and r.winner == view.camp]
    draws = sum(r.winner is None for r in played)
    return SideReport(view.id, view.name, view.camp, policy, len(played), len(won),
                      wilson_interval(len(won), len(played)), draws, spread([r.rounds for r in won]),
                      view.morale is not None, sum(view.id in r.broke for r in played),
                      _deciders(view.id, won), _losses(view.id, played))


def _deciders(side: str, won: list[FightResult]) -> tuple[DecidingUnit, ...]:
    """The side's units by how many of its wins their action ended, most first."""
    counts = Counter((r.decider.name, r.decider.unit_type) for r in won
                     if r.decider is not None and r.decider.side == side)
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return tuple(DecidingUnit(name, kind, n) for (name, kind), n in ranked)


def _losses(side: str, played: list[FightResult]) -> tuple[TypeLosses, ...]:
    """Per unit type of the side: fielded, and lost per fight on average."""
    fielded: dict[str, int] = {}
    lost: Counter[str] = Counter()
    for result in played:
        for loss in result.losses:
            if loss.side == side:
                fielded[loss.unit_type] = loss.fielded
                lost[loss.unit_type] += loss.lost
    count = max(1, len(played))
    return tuple(TypeLosses(kind, fielded[kind], lost[kind] / count) for kind in sorted(fielded))


def camp_reports(report: Report) -> tuple[CampReport, ...]:
    """The fighting sides grouped into camps, in the report's order. Every side of a camp
    reports the same wins (its camp's), so a camp counts them once."""
    grouped: dict[str, list[SideReport]] = {}
    for side in report.sides:
        if side.camp is not None:
            grouped.setdefault(side.camp, []).append(side)
    camps = []
    for camp, sides in grouped.items():
        names = tuple(s.name for s in sorted(sides, key=lambda s: s.id != camp))
        camps.append(CampReport(camp, names, sides[0].wins, sides[0].win_rate))
    return tuple(camps)


def draw_rate(report: Report) -> Interval:
    """The share of the finished fights nobody won, with its 95% Wilson interval."""
    return wilson_interval(report.draws, report.done - len(report.failures))


def report_json(report: Report) -> dict:
    """The report as plain JSON data (the same for the same seed, whatever the workers)."""
    return asdict(report)

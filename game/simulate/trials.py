"""The fights each balance candidate has played, on common random numbers, and what they add up to.

Every candidate plays fight 0, 1, 2 ... of the same run seed: fight i of two candidates starts
from the same dice, so where their rosters allow the same things happen, and the search sees the
difference the roster makes rather than the luck of two separate samples. A candidate asked for
more fights continues its numbering, never replays one. A fight that fails (a bug) counts for
neither side; the report names how many.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.simulate.fight import FightPlan
from game.simulate.pool import FightPool
from game.simulate.roster import Roster
from game.simulate.search import Measure, Steps
from game.simulate.stats import Interval, wilson_interval


@dataclass
class Tally:
    """One candidate's fights so far: played (failed ones included), won by the camp, failed."""

    played: int = 0
    wins: int = 0
    failed: int = 0
    draws: int = 0


class Trials(Measure):
    """Plays candidates' fights on a `FightPool` and keeps their tallies."""

    def __init__(self, pool: FightPool, plan: FightPlan, roster: Roster, camp: str,
                 progress: Callable[[int], None] = lambda n: None, stop: Callable[[], bool] = lambda: False):
        self.pool, self.plan, self.roster, self.camp = pool, plan, roster, camp
        self.progress, self.stop = progress, stop
        self.tallies: dict[Steps, Tally] = {}
        self.played = 0

    def plan_for(self, steps: Steps) -> FightPlan:
        """The fight plan of a candidate (the map's own plan for no change)."""
        if not any(steps):
            return self.plan
        return dataclasses.replace(self.plan, change=self.roster.change(steps))

    def ensure(self, wanted: Mapping[Steps, int]) -> None:
        """Play each candidate's next fights up to its number, all in one go."""
        work = {self.plan_for(s): (s, self.tallies.setdefault(s, Tally()).played, n) for s, n in wanted.items()}
        requests = [(plan, first, n) for plan, (_, first, n) in work.items() if n > first]
        if not requests:
            return
        found = self.pool.play(requests, self._count, self.stop)
        for plan, results in found.items():
            tally = self.tallies[work[plan][0]]
            for result in results:
                tally.played += 1
                tally.failed += result.failed
                tally.wins += not result.failed and result.winner == self.camp
                tally.draws += not result.failed and result.winner is None

    def _count(self, fights: int) -> None:
        self.played += fights
        self.progress(fights)

    def rate(self, steps: Steps) -> Interval:
        """The camp's win rate over the candidate's finished fights, with its 95% interval."""
        tally = self.tallies.get(steps, Tally())
        return wilson_interval(tally.wins, tally.played - tally.failed)

    def fights(self, steps: Steps) -> int:
        """The candidate's fights so far."""
        return self.tallies.get(steps, Tally()).played

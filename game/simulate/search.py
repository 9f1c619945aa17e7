"""The balance search: the smallest change to one side's roster that gives a camp the odds asked for.

A candidate is a number of units more (or fewer) per type of the varied side (`steps`, one number
per `Stock`), measured by the fights it wins for the camp (`Trials`: every candidate plays the
same fight numbers, so the dice are shared as far as the rosters allow). The search, in rounds
whose fights are all played before it decides anything (so the answer never depends on which
worker finished first):
1. the map's roster, screened and told (it may already be inside the band);
2. one ladder per type (1, 2, 4, 8 ... units of that type alone, added or taken away as the odds
   need), screened round by round until the camp's rate crosses the target or the ladder ends;
3. bisection on each crossed ladder down to the two neighbouring steps either side of the target;
4. the candidates worth telling: each crossing's two steps, each ladder's end, and the step short
   of the target on the crossing with the smallest change plus one unit of each other type;
5. told smallest change first (candidates of one size together): fights are added, doubling up
   to --runs, until a candidate's 95% interval lies inside target +- 5 points (the answer), lies
   outside the band, rules out every rate --runs fights could prove inside (too far off), or
   still cannot be told at --runs fights;
6. when more fights show that a ladder's step across the target is not across it after all, that
   ladder goes on from there (steps 3 to 5 again);
7. without an answer, the nearest candidate and why the search could not get closer.
At most `Limits.candidates` candidates are tried. Ctrl-C (or `pool.Stopped`) ends the search
with the best found so far.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from game.simulate.pool import Stopped
from game.simulate.stats import Interval, wilson_interval

BAND = 0.05
"""Half the width of the band around the target a candidate's interval must lie in."""

Steps = tuple[int, ...]


class Verdict(str, Enum):
    """What a candidate's interval says about it."""

    INSIDE = "inside"
    ABOVE = "above"
    BELOW = "below"
    UNSURE = "unsure"
    FAR = "far"
    """Not yet outside the band, but too far from the target to prove inside it at --runs fights."""


@dataclass(frozen=True, slots=True)
class Goal:
    """The camp's win rate asked for, as a fraction, and the band around it."""

    target: float
    band: float = BAND

    def verdict(self, interval: Interval) -> Verdict:
        """Inside the band, wholly above or below it, or not yet told."""
        if self.target - self.band <= interval.low and interval.high <= self.target + self.band:
            return Verdict.INSIDE
        if interval.low > self.target + self.band:
            return Verdict.ABOVE
        if interval.high < self.target - self.band:
            return Verdict.BELOW
        return Verdict.UNSURE

    def provable(self, fights: int) -> tuple[float, float] | None:
        """The true rates a candidate could have and still be proven inside the band in this
        many fights (its interval then about as wide as at the target); None when none could."""
        at_target = wilson_interval(round(self.target * fights), fights)
        half = (at_target.high - at_target.low) / 2
        if half >= self.band:
            return None
        return self.target - self.band + half, self.target + self.band - half

    def distance(self, interval: Interval) -> float:
        """How far the estimate is from the target."""
        return abs(interval.estimate - self.target)


@dataclass(frozen=True, slots=True)
class Limits:
    """The fights a candidate gets first (`screen`) and at most (`most`), and the candidates tried."""

    screen: int
    most: int
    candidates: int


@dataclass(frozen=True, slots=True)
class Ladder:
    """One type's ladder: how many units of it can be added (`up`) and taken away (`down`)."""

    up: int
    down: int


class Measure:
    """What the search needs of the fights (`trials.Trials`)."""

    def ensure(self, wanted: Mapping[Steps, int]) -> None:
        """Play fights until each candidate has at least its number."""
        raise NotImplementedError

    def rate(self, steps: Steps) -> Interval:
        """The camp's win rate over the candidate's fights so far."""
        raise NotImplementedError

    def fights(self, steps: Steps) -> int:
        """The candidate's fights so far."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Outcome:
    """The search's answer: the candidate found (None: none inside the band), the nearest one
    (the answer when found), why it got no closer, and the candidates in the order tried."""

    found: Steps | None
    nearest: Steps
    why: str
    """found | map | ran_out | coarse | unsure | limit | interrupted"""
    tried: tuple[Steps, ...]
    direction: int
    """+1 when the search added units, -1 when it took them away, 0 when the map fitted."""
    crossing: tuple[Steps, Steps] | None = None
    """For `coarse`: the neighbouring candidates either side of the target."""


@dataclass
class Search:
    """One search over a roster's ladders (see the module's docstring)."""

    measure: Measure
    ladders: tuple[Ladder, ...]
    goal: Goal
    limits: Limits
    adding_helps: bool
    """Whether more units on the varied side raise the camp's win rate (it is the camp's own)."""
    tried: list[Steps] = field(default_factory=list)
    verdicts: dict[Steps, Verdict] = field(default_factory=dict)
    direction: int = 0
    limited: bool = False
    """Whether the candidate limit cut the search short somewhere."""
    possible: Callable[[Steps], bool] = lambda steps: True
    """Whether a candidate can be made (free cells enough for the units it adds)."""
    on_round: Callable[[Search], None] = lambda search: None

    def run(self) -> Outcome:
        """Search until an answer, the end of the ladders, or an interruption."""
        try:
            return self._search()
        except (KeyboardInterrupt, Stopped):
            return self._ending("interrupted")

    def _search(self) -> Outcome:
        """The steps of the module's docstring, in order."""
        base = self._zero()
        self._screen([base])
        if self._verify_group([base]):
            return Outcome(base, base, "map", tuple(self.tried), 0)
        self.direction = self._direction(self.measure.rate(base))
        ladders = [i for i, ladder in enumerate(self.ladders) if self._reach(i) > 0]
        crossings, ends = self._bracket({i: 0 for i in ladders})
        while True:
            crossings = self._bisect(crossings)
            candidates = self._pairs(crossings, ends) + (self._mixes(crossings, ladders) if crossings else [])
            found = self._verify_all(sorted(set(candidates), key=self._order))
            if found is not None:
                return Outcome(found, found, "found", tuple(self.tried), self.direction)
            moved = self._crossings_moved(crossings)
            if not moved or not self._room(1):
                return self._ending(self._why_not(crossings), crossings)
            more, more_ends = self._bracket(moved)
            crossings.update(more)
            ends.update(more_ends)

    # -- the rounds ------------------------------------------------------------------------
    def _bracket(self, short: dict[int, int]) -> tuple[dict[int, tuple[int, int]], dict[int, int]]:
        """From each ladder's step given (0: the map), steps doubling (1, 2, 4 ...) until the rate
        crosses the target: the crossed ladders' (last step short of the target, first step
        across), and the ends reached."""
        crossings: dict[int, tuple[int, int]] = {}
        ends: dict[int, int] = {}
        short = dict(short)
        while short and self._room(len(short)):
            points = {i: min(max(1, 2 * j), self._reach(i)) for i, j in short.items()}
            self._screen([self._point(i, j) for i, j in points.items()])
            for i, j in points.items():
                if self._across(self._point(i, j)):
                    crossings[i] = (short.pop(i), j)
                elif j == self._reach(i):
                    short.pop(i)
                    ends[i] = j
                else:
                    short[i] = j
        ends.update({i: j for i, j in short.items() if j})  # stopped by the candidate limit
        return crossings, ends

    def _crossings_moved(self, crossings: dict[int, tuple[int, int]]) -> dict[int, int]:
        """The crossings whose step across the target turned out, on more fights, not to be
        across: their ladders go on from there (and leave `crossings`)."""
        moved = {i: hi for i, (_, hi) in crossings.items()
                 if not self._across(self._point(i, hi)) and hi < self._reach(i)}
        for i in moved:
            del crossings[i]
        return moved

    def _bisect(self, crossings: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int]]:
        """Halve each bracket until its two steps are neighbours."""
        open_ = {i: pair for i, pair in crossings.items() if pair[1] - pair[0] > 1}
        while open_ and self._room(len(open_)):
            middles = {i: (lo + hi) // 2 for i, (lo, hi) in open_.items()}
            self._screen([self._point(i, j) for i, j in middles.items()])
            for i, middle in middles.items():
                lo, hi = open_[i]
                crossings[i] = (lo, middle) if self._across(self._point(i, middle)) else (middle, hi)
            open_ = {i: pair for i, pair in crossings.items() if pair[1] - pair[0] > 1}
        return crossings

    def _pairs(self, crossings: dict[int, tuple[int, int]], ends: dict[int, int]) -> list[Steps]:
        """The candidates worth telling apart: each crossing's two steps and each ladder's end."""
        points = {self._point(i, j) for i, (lo, hi) in crossings.items() for j in (lo, hi) if j}
        points |= {self._point(i, j) for i, j in ends.items()}
        return sorted(points, key=self._order)

    def _mixes(self, crossings: dict[int, tuple[int, int]], ladders: list[int]) -> list[Steps]:
        """The step short of the target on the crossing with the smallest change, plus one unit
        of each other type."""
        i, (lo, _) = min(crossings.items(), key=lambda item: (item[1][1], item[0]))
        mixes: list[Steps] = []
        for k in ladders:
            if k != i and self._reach(k) >= 1:
                steps = list(self._point(i, lo))
                steps[k] = self.direction
                if self.possible(tuple(steps)):
                    mixes.append(tuple(steps))
        room = max(0, self.limits.candidates - len(self.tried))
        self.limited = self.limited or len(mixes) > room
        mixes = mixes[:room]
        self._screen(mixes)
        return sorted(mixes, key=self._order)

    def _verify_all(self, candidates: list[Steps]) -> Steps | None:
        """The smallest change whose interval proves inside the band: the candidates of one size
        are told together, the sizes from the smallest."""
        for size in sorted({_size(c) for c in candidates}):
            found = self._verify_group([c for c in candidates if _size(c) == size])
            if found is not None:
                return found
        return None

    def _verify_group(self, group: list[Steps]) -> Steps | None:
        """Add fights to each candidate (doubling, up to `most`) until one proves inside the band
        (the nearest the target if several do at once) or none can."""
        most = self.limits.most
        while True:
            open_ = []
            for steps in group:
                self.verdicts[steps] = verdict = self._verdict(steps)
                if verdict == Verdict.UNSURE and self.measure.fights(steps) < most:
                    open_.append(steps)
            self.on_round(self)
            inside = [s for s in group if self.verdicts[s] == Verdict.INSIDE]
            if inside:
                return min(inside, key=self._order)
            if not open_:
                return None
            self.measure.ensure({s: min(most, 2 * self.measure.fights(s)) for s in open_})

    def _verdict(self, steps: Steps) -> Verdict:
        """The goal's verdict, or FAR when the interval already rules out every rate that
        `most` fights could prove inside the band."""
        interval = self.measure.rate(steps)
        verdict = self.goal.verdict(interval)
        zone = self.goal.provable(self.limits.most)
        if verdict == Verdict.UNSURE and zone is not None and (interval.high < zone[0] or interval.low > zone[1]):
            return Verdict.FAR
        return verdict

    # -- helpers -------------------------------------------------------------------------------
    def _screen(self, candidates: list[Steps]) -> None:
        """Give each new candidate its first fights."""
        new = [c for c in dict.fromkeys(candidates) if c not in self.tried]
        self.tried += new
        self.measure.ensure({c: self.limits.screen for c in new})
        self.on_round(self)

    def _room(self, count: int) -> bool:
        """Whether `count` more candidates fit in the limit (remembered when they do not)."""
        fits = len(self.tried) + count <= self.limits.candidates
        self.limited = self.limited or not fits
        return fits

    def _zero(self) -> Steps:
        """The map's own roster."""
        return (0,) * len(self.ladders)

    def _point(self, ladder: int, step: int) -> Steps:
        """`step` units of one type in the search's direction, the others as on the map."""
        steps = [0] * len(self.ladders)
        steps[ladder] = self.direction * step
        return tuple(steps)

    def _reach(self, ladder: int) -> int:
        """How far the ladder goes in the search's direction."""
        return self.ladders[ladder].up if self.direction > 0 else self.ladders[ladder].down

    def _direction(self, base: Interval) -> int:
        """+1 to add units, -1 to take them away: the camp's rate must fall when it is above
        the target, and more units on the camp's own side raise it."""
        falling = base.estimate > self.goal.target
        return 1 if falling != self.adding_helps else -1

    def _across(self, steps: Steps) -> bool:
        """Whether the candidate's estimate is at or past the target, seen from the map's."""
        estimate = self.measure.rate(steps).estimate
        base = self.measure.rate(self._zero()).estimate
        return estimate <= self.goal.target if base > self.goal.target else estimate >= self.goal.target

    def _order(self, steps: Steps) -> tuple:
        """Smallest change first, then nearest the target, then the steps themselves."""
        return (_size(steps), self.goal.distance(self.measure.rate(steps)), steps)

    def nearest(self) -> Steps:
        """The candidate tried whose estimate is nearest the target (smaller change on a tie)."""
        return min(self.tried, key=lambda s: (self.goal.distance(self.measure.rate(s)), sum(map(abs, s)), s)) \
            if self.tried else self._zero()

    def _ending(self, why: str, crossings: dict[int, tuple[int, int]] | None = None) -> Outcome:
        """The outcome without an answer: the nearest candidate and why."""
        found = next((s for s in self.tried if self.verdicts.get(s) == Verdict.INSIDE), None)
        nearest = found or self.nearest()
        crossing = None
        if why == "coarse" and crossings:
            pairs = {i: (self._point(i, lo), self._point(i, hi)) for i, (lo, hi) in crossings.items()}
            # the crossing the nearest candidate stands on, so the report's why speaks of its type
            crossing = pairs[min(pairs, key=lambda i: (nearest not in pairs[i], crossings[i][1], i))]
        return Outcome(found, nearest, why, tuple(self.tried), self.direction, crossing)

    def _why_not(self, crossings: dict[int, tuple[int, int]]) -> str:
        """Why no candidate was proven inside the band."""
        if any(v == Verdict.UNSURE for v in self.verdicts.values()):
            return "unsure"
        if self.limited:
            return "limit"
        return "coarse" if crossings else "ran_out"


def _size(steps: Steps) -> int:
    """How many units a candidate adds or takes away."""
    return sum(abs(step) for step in steps)

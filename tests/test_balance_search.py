"""The balance search on made-up odds: the smallest change inside the band, the nearest and why
when there is none, fights added only where a candidate cannot be told, a bounded number of
candidates, every candidate on the same fight numbers, Ctrl-C keeping the best so far.

`Odds` plays a candidate's fight i as a win when the i-th number of one fixed stream falls below
the candidate's true rate: common random numbers in their purest form. The stream is the base-2
van der Corput sequence (0.5, 0.25, 0.75, 0.125 ...), spread evenly at every length, so a
candidate's estimate is its true rate give or take a few fights: these tests check the search's
logic, not its luck."""

import numpy as np
import pytest

from game.simulate.pool import Stopped
from game.simulate.search import Goal, Ladder, Limits, Measure, Search, Verdict
from game.simulate.stats import wilson_interval

def _van_der_corput(count: int) -> np.ndarray:
    """The first `count` numbers of the base-2 van der Corput sequence, from 1."""
    numbers = np.zeros(count)
    index = np.arange(1, count + 1)
    scale = 0.5
    while index.any():
        numbers += (index & 1) * scale
        index >>= 1
        scale /= 2
    return numbers


DRAWS = _van_der_corput(100_000)
LIMITS = Limits(screen=50, most=800, candidates=24)


class Odds(Measure):
    """Fights decided by each candidate's true rate against one shared stream of draws."""

    def __init__(self, rate_of, interrupt_at: int | None = None):
        self.rate_of, self.interrupt_at = rate_of, interrupt_at
        self.played: dict = {}
        self.wins: dict = {}
        self.requests: list[dict] = []

    def ensure(self, wanted):
        if self.interrupt_at is not None and len(self.requests) == self.interrupt_at:
            raise KeyboardInterrupt
        self.requests.append(dict(wanted))
        for steps, count in wanted.items():
            have = self.played.get(steps, 0)
            assert count > have, "a candidate is only ever asked for more fights"
            rates = np.array([self._rate(steps, i) for i in range(have, count)])
            self.wins[steps] = self.wins.get(steps, 0) + int(np.sum(DRAWS[have:count] < rates))
            self.played[steps] = count

    def _rate(self, steps, fight):
        """The candidate's true rate in fight number `fight` (`rate_of` may take the fight too)."""
        try:
            return self.rate_of(steps, fight)
        except TypeError:
            return self.rate_of(steps)

    def rate(self, steps):
        return wilson_interval(self.wins.get(steps, 0), self.played.get(steps, 0))

    def fights(self, steps):
        return self.played.get(steps, 0)


def _search(rate_of, ladders, target=0.6, limits=LIMITS, adding_helps=False, **odds):
    measure = Odds(rate_of, **odds)
    search = Search(measure, tuple(ladders), Goal(target), limits, adding_helps)
    return search, search.run(), measure


def test_a_strong_type_reaching_the_target_in_one_unit_beats_a_weak_one_needing_four():
    # type 0: 8 points a unit (four units from 90% to 58%); type 1: 30 points a unit
    _, outcome, measure = _search(lambda s: 0.9 - 0.08 * s[0] - 0.3 * s[1], [Ladder(10, 0), Ladder(10, 0)])
    assert outcome.why == "found"
    assert outcome.found == (0, 1)
    assert 0.55 <= measure.rate((0, 1)).low and measure.rate((0, 1)).high <= 0.65


def test_the_smallest_change_of_a_ladder_inside_the_band_is_the_answer_not_a_larger_one():
    # 6 points a unit: +5 gives 60%, +4 gives 66% and +6 gives 54%: only +5 is inside
    _, outcome, _ = _search(lambda s: 0.9 - 0.06 * s[0], [Ladder(12, 0)])
    assert outcome.found == (5,)
    assert outcome.direction == 1


def test_a_map_already_inside_the_band_needs_no_change_and_nothing_else_is_tried():
    _, outcome, measure = _search(lambda s: 0.6 - 0.1 * s[0], [Ladder(5, 5)])
    assert (outcome.found, outcome.why, outcome.tried) == ((0,), "map", ((0,),))
    assert set(measure.played) == {(0,)}


def test_when_the_varied_side_is_the_camps_own_it_loses_units_to_lower_the_camps_odds():
    # the camp wins 90% with its own 3 extra units: each one taken away lowers it by 10 points
    _, outcome, _ = _search(lambda s: 0.9 + 0.1 * s[0], [Ladder(5, 3)], adding_helps=True)
    assert outcome.direction == -1
    assert outcome.found == (-3,)


def test_odds_too_low_make_the_search_take_units_away_from_the_other_side():
    _, outcome, _ = _search(lambda s: 0.3 + 0.1 * -s[0], [Ladder(5, 4)])
    assert outcome.direction == -1
    assert outcome.found == (-3,)


def test_steps_too_coarse_for_the_band_give_the_nearest_and_the_two_steps_either_side():
    _, outcome, measure = _search(lambda s: 0.9 - 0.5 * s[0], [Ladder(5, 0)])
    assert outcome.found is None
    assert outcome.why == "coarse"
    assert outcome.crossing == ((0,), (1,))
    assert outcome.nearest == (1,)  # 40% is nearer 60% than 90%


def test_too_coarse_steps_are_named_on_the_type_of_the_nearest_candidate():
    # type 0 jumps from 90% to 40% in one unit; type 1 goes 90%, 68%, 46%: +1 of type 1 is nearest
    _, outcome, _ = _search(lambda s: 0.9 - 0.5 * s[0] - 0.22 * s[1], [Ladder(5, 0), Ladder(5, 0)])
    assert (outcome.found, outcome.why, outcome.nearest) == (None, "coarse", (0, 1))
    assert outcome.crossing == ((0, 1), (0, 2))


def test_a_ladder_ending_short_of_the_target_reports_its_end_as_the_nearest():
    _, outcome, _ = _search(lambda s: 0.9 - 0.05 * s[0], [Ladder(3, 0)])
    assert (outcome.found, outcome.why, outcome.nearest) == (None, "ran_out", (3,))


def test_a_candidate_too_far_off_is_dropped_before_its_fights_reach_the_limit():
    search, outcome, measure = _search(lambda s: 0.9 - 0.2 * s[0], [Ladder(5, 0)])
    # +1 plays at 70%: its interval leaves the rates 800 fights could prove inside long before 800
    assert search.verdicts[(1,)] == Verdict.FAR
    assert measure.fights((1,)) < LIMITS.most


def test_too_few_fights_a_candidate_to_tell_is_said_so():
    limits = Limits(screen=20, most=60, candidates=24)
    _, outcome, measure = _search(lambda s: 0.9 - 0.06 * s[0], [Ladder(12, 0)], limits=limits)
    assert outcome.why == "unsure"
    assert max(measure.played.values()) <= 60


def test_every_candidate_is_screened_first_then_given_doubled_fights_never_past_the_most():
    _, outcome, measure = _search(lambda s: 0.9 - 0.06 * s[0] - 0.13 * s[1], [Ladder(12, 0), Ladder(12, 0)])
    firsts = {}
    for request in measure.requests:
        for steps, count in request.items():
            firsts.setdefault(steps, count)
            assert count <= LIMITS.most
    assert set(firsts.values()) == {LIMITS.screen}
    assert all(measure.played[s] in {50, 100, 200, 400, 800} for s in measure.played)


def test_the_candidates_tried_never_exceed_the_limit():
    limits = Limits(screen=20, most=200, candidates=7)
    ladders = [Ladder(30, 0)] * 4
    _, outcome, measure = _search(lambda s: 0.95 - 0.01 * sum(s), ladders, limits=limits)
    assert len(outcome.tried) <= 7
    assert len(measure.played) <= 7
    assert outcome.why in {"limit", "unsure"}


def test_the_same_odds_give_the_same_search_step_for_step():
    first = _search(lambda s: 0.9 - 0.07 * s[0] - 0.2 * s[1], [Ladder(9, 0), Ladder(4, 0)])
    second = _search(lambda s: 0.9 - 0.07 * s[0] - 0.2 * s[1], [Ladder(9, 0), Ladder(4, 0)])
    assert first[1] == second[1]
    assert first[2].requests == second[2].requests


@pytest.mark.parametrize("stop", [KeyboardInterrupt, Stopped])
def test_an_interrupted_search_reports_the_best_it_had(stop):
    class Interrupting(Odds):
        def ensure(self, wanted):
            if len(self.requests) == 3:
                raise stop
            super().ensure(wanted)

    measure = Interrupting(lambda s: 0.9 - 0.06 * s[0])
    outcome = Search(measure, (Ladder(12, 0),), Goal(0.6), LIMITS, False).run()
    assert outcome.why == "interrupted"
    assert outcome.nearest in outcome.tried
    assert outcome.nearest == min(outcome.tried, key=lambda s: abs(measure.rate(s).estimate - 0.6))


def test_a_mix_of_two_types_smaller_than_any_one_type_alone_is_found():
    # type 0 alone: 90, 70, 50 (the second unit overshoots); type 1 alone: 10 points a unit (three
    # units); one of each: 90 - 20 - 10 = 60, two units in all
    _, outcome, _ = _search(lambda s: 0.9 - 0.2 * s[0] - 0.1 * s[1], [Ladder(6, 0), Ladder(10, 0)])
    assert outcome.found == (1, 1)


def test_a_step_that_only_looked_across_the_target_in_its_first_fights_sends_its_ladder_on():
    # one unit: its first 50 fights go 55% (across 60%), then 72%; two units: 60% throughout
    def rate(steps, fight=0):
        if steps == (1,):
            return 0.55 if fight < 50 else 0.72
        return 0.9 - 0.15 * steps[0]

    search, outcome, _ = _search(rate, [Ladder(8, 0)])
    assert search.verdicts[(1,)] in (Verdict.ABOVE, Verdict.FAR)
    assert outcome.found == (2,)

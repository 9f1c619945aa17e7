"""The report's statistics against textbook values: Wilson intervals, spread, McNemar's exact test."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.simulate.stats import mcnemar_exact, spread, wilson_interval


@pytest.mark.parametrize(("wins", "fights", "low", "high"), [
    (0, 10, 0.0, 0.2775),   # the textbook "rule of three" case: none of 10, still up to 28%
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (2, 3, 0.2077, 0.9385),
])
def test_wilson_interval_matches_the_textbook_values(wins, fights, low, high):
    interval = wilson_interval(wins, fights)
    assert interval.estimate == wins / fights
    assert interval.low == pytest.approx(low, abs=1e-4)
    assert interval.high == pytest.approx(high, abs=1e-4)


def test_no_fights_tell_nothing_the_interval_is_all_of_0_to_1():
    interval = wilson_interval(0, 0)
    assert (interval.low, interval.high) == (0.0, 1.0)


@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_interval_always_holds_the_estimate_inside_0_to_1(case):
    wins, fights = case
    interval = wilson_interval(wins, fights)
    assert 0.0 <= interval.low <= interval.estimate <= interval.high <= 1.0


@given(st.integers(1, 2000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_interval_of_losses_mirrors_the_interval_of_wins(case):
    wins, fights = case
    win, loss = wilson_interval(wins, fights), wilson_interval(fights - wins, fights)
    assert win.low == pytest.approx(1 - loss.high, abs=1e-12)
    assert win.high == pytest.approx(1 - loss.low, abs=1e-12)


def test_spread_is_the_mean_and_sample_standard_deviation():
    rounds = spread([3, 5, 7])
    assert (rounds.count, rounds.mean, rounds.sd, rounds.low, rounds.high) == (3, 5.0, 2.0, 3, 7)
    assert spread([4]).sd == 0.0
    assert spread([]).count == 0


def test_mcnemar_six_discordant_pairs_all_one_way_is_p_1_in_32():
    assert mcnemar_exact(0, 6).p_value == pytest.approx(2 / 64)
    assert mcnemar_exact(0, 6).significant()


def test_mcnemar_one_against_nine_is_p_22_in_1024():
    assert mcnemar_exact(1, 9).p_value == pytest.approx(2 * (math.comb(10, 0) + math.comb(10, 1)) / 2 ** 10)


def test_mcnemar_an_even_split_or_no_discordant_pair_is_no_difference():
    assert mcnemar_exact(5, 5).p_value == 1.0
    assert mcnemar_exact(0, 0).p_value == 1.0
    assert not mcnemar_exact(3, 5).significant()


@given(st.integers(0, 300), st.integers(0, 300))
def test_mcnemar_is_symmetric_in_the_two_variants(b, c):
    assert mcnemar_exact(b, c).p_value == mcnemar_exact(c, b).p_value

"""Recruit, the downtime action (Seed 002, Squads: New downtime action)."""

from fractions import Fraction

import pytest

from game.rules.dice import ScriptedDice
from game.rules.swn.recruit import outcome_chances, recruit_difficulty, recruit_outcome, recruits_for, roll_recruit


def test_a_veteran_fighters_recruit_difficulty_is_2_plus_9_minus_2_which_is_9():
    assert recruit_difficulty(hd=2, morale=9) == 9


@pytest.mark.parametrize("margin, outcome", [(-5, "failure"), (-1, "failure"), (0, "success"),
                                             (1, "success"), (2, "success by 2 or more"), (7, "success by 2 or more")])
def test_the_check_margin_decides_the_outcome(margin, outcome):
    assert recruit_outcome(margin) == outcome


def test_a_failure_brings_1_a_success_tier_plus_1_and_by_2_tier_plus_3():
    assert recruits_for("failure", tier=2) == 1
    assert recruits_for("success", tier=2) == 3
    assert recruits_for("success by 2 or more", tier=2) == 5


def test_recruiting_veteran_fighters_with_connect_1_rolling_5_and_4_succeeds_for_tier_1_plus_1():
    result = roll_recruit("Veteran soldier", hd=2, morale=9, connect=1, tier=1, dice=ScriptedDice([5, 4]))
    assert (result.check.total, result.outcome, result.recruits) == (10, "success", 2)
    assert result.text() == ("Connect check 2d6 [5, 4] +1 Connect = 10 vs 9: success; "
                             "2 Veteran soldier recruited (Tier 1 + 1)")


def test_recruiting_veteran_fighters_rolling_6_and_5_succeeds_by_2_for_tier_0_plus_3():
    result = roll_recruit("Veteran soldier", hd=2, morale=9, connect=0, tier=0, dice=ScriptedDice([6, 5]))
    assert (result.outcome, result.recruits) == ("success by 2 or more", 3)


def test_a_failed_recruit_still_brings_one():
    result = roll_recruit("Civilian", hd=1, morale=7, connect=-1, tier=3, dice=ScriptedDice([1, 2]))
    assert (result.check.difficulty, result.outcome, result.recruits) == (6, "failure", 1)
    assert result.text().endswith("failure; 1 Civilian recruited (a failure still brings 1)")


def test_outcome_chances_for_connect_0_against_9():
    # 2d6 >= 11: 3 of 36; exactly 9 or 10: 4 + 3 = 7 of 36; the rest fail.
    assert outcome_chances(0, 9) == {"failure": Fraction(26, 36), "success": Fraction(7, 36),
                                     "success by 2 or more": Fraction(3, 36)}

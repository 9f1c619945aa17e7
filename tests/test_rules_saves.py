"""Saving throws and skill checks (SWN core)."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.swn.attack import Modifier
from game.rules.dice import ScriptedDice
from game.rules.swn.saves import (
    check_chance,
    half_on_save,
    npc_save_target,
    roll_skill,
    save_chance,
    saving_throw,
    skill_check,
    skill_parts,
)


@pytest.mark.parametrize("hd, target", [(1, 15), (2, 14), (3, 14), (4, 13), (10, 10)])
def test_npc_save_is_15_minus_half_hit_dice_rounded_down(hd, target):
    assert npc_save_target(hd) == target


def test_evasion_save_of_14_against_a_roll_of_14_succeeds():
    result = saving_throw(14, ScriptedDice([14]))
    assert result.success
    assert result.text() == "Evasion save d20 14 vs 14: saved"


def test_save_roll_of_13_against_14_fails():
    assert not saving_throw(14, ScriptedDice([13]), "Physical").success


def test_natural_1_fails_a_save_of_1_and_natural_20_makes_a_save_of_25():
    assert not saving_throw(1, ScriptedDice([1])).success
    assert saving_throw(25, ScriptedDice([20])).success


def test_half_damage_on_a_save_rounds_down():
    assert half_on_save(7, saved=True) == 3
    assert half_on_save(7, saved=False) == 7


@given(st.integers(-5, 30))
def test_save_chance_agrees_with_rolling_every_face(target):
    saves = sum(saving_throw(target, ScriptedDice([face])).success for face in range(1, 21))
    assert save_chance(target) == Fraction(saves, 20)


def test_pilot_2_dex_1_rolling_4_and_3_makes_difficulty_10():
    parts = skill_parts("Pilot", 2, "Dex", 1)
    result = skill_check("Pilot", parts, 10, ScriptedDice([4, 3]))
    assert result.total == 10 and result.success and result.margin == 0
    assert result.text() == "Pilot check 2d6 [4, 3] +2 Pilot +1 Dex = 10 vs 10: success"


def test_untrained_skill_counts_as_level_minus_1():
    assert skill_parts("Heal", None, "Int", 0) == (Modifier("Heal", -1, "SWN core, skill checks"), Modifier("Int", 0, "SWN core, skill checks"))


def test_skill_roll_without_difficulty_keeps_its_parts():
    result = roll_skill("Stab", (Modifier("Stab", 1, "SWN core, skill checks"), Modifier("defending", 3, "SWN core, skill checks")), ScriptedDice([6, 6]))
    assert result.total == 16
    assert result.text() == "Stab 2d6 [6, 6] +1 Stab +3 defending = 16"


@given(st.integers(-4, 6), st.integers(0, 16))
def test_check_chance_agrees_with_rolling_all_36_pairs(bonus, difficulty):
    parts = (Modifier("skill", bonus, "SWN core, skill checks"),)
    wins = sum(skill_check("x", parts, difficulty, ScriptedDice([a, b])).success
               for a, b in product(range(1, 7), repeat=2))
    assert check_chance(parts, difficulty) == Fraction(wins, 36)


def test_check_of_difficulty_8_with_no_bonus_succeeds_15_times_in_36():
    assert check_chance((), 8) == Fraction(15, 36)

"""Heroic damage and healing read on the conversion table (Seed 000, Heroic Combat)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import DieFace, Roll, ScriptedDice, roll
from game.rules.swn.heroic import (
    HEROIC_TABLE,
    HeroicDie,
    HeroicReading,
    fixed_heroic_damage,
    heroic_healing,
    heroic_points,
    table_points,
)


def heroic(expression: str, faces: list[int], **named: int) -> HeroicReading:
    """Roll `expression` with the given faces and read it the heroic way."""
    return heroic_points(roll(expression, ScriptedDice(faces), **named))


# --- the seed's worked examples ------------------------------------------------------------


def test_heroic_mag_rifle_rolling_5_and_2_deals_3_points():
    reading = heroic("2d8+2", [5, 2])
    assert reading.dice == (HeroicDie(face=5, counted=7, points=2), HeroicDie(face=2, counted=2, points=1))
    assert reading.points == 3


def test_heroic_mag_rifle_log_text():
    assert heroic("2d8+2", [5, 2]).text() == "7 -> 2, 2 -> 1 = 3 points"


def test_heroic_8d6_thermal_sphere_rolling_all_ones_deals_nothing():
    assert heroic("8d6", [1] * 8).points == 0


def test_heroic_8d6_thermal_sphere_rolling_all_sixes_deals_16():
    assert heroic("8d6", [6] * 8).points == 16


@given(st.lists(st.integers(1, 6), min_size=8, max_size=8))
def test_heroic_8d6_always_deals_0_to_16(faces):
    assert 0 <= heroic("8d6", faces).points <= 16


def test_fixed_10_damage_is_2_heroic_points():
    assert fixed_heroic_damage(10) == 2


@pytest.mark.parametrize(("damage", "points"), [(0, 0), (3, 0), (4, 1), (7, 1), (8, 2), (11, 2), (12, 3), (40, 10)])
def test_fixed_damage_is_one_point_per_4_rounded_down(damage, points):
    assert fixed_heroic_damage(damage) == points


def test_fixed_damage_cannot_be_negative():
    with pytest.raises(ValueError, match="cannot be negative"):
        fixed_heroic_damage(-1)


@pytest.mark.parametrize(("face", "points"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2)])
def test_heroic_stim_1d6_plus_2_heals_1_to_2_points(face, points):
    assert heroic_healing(roll("1d6+2", ScriptedDice([face]))).points == points


# --- the table -----------------------------------------------------------------------------


def test_conversion_table_as_data():
    assert HEROIC_TABLE == ((1, 0), (2, 1), (6, 2), (10, 4))


@pytest.mark.parametrize(
    ("counted", "points"),
    [(-3, 0), (0, 0), (1, 0), (2, 1), (5, 1), (6, 2), (9, 2), (10, 4), (12, 4), (20, 4), (100, 4)],
)
def test_conversion_table_bands(counted, points):
    assert table_points(counted) == points


def test_a_d20_and_a_d12_plus_4_are_both_a_really_big_hit():
    assert heroic("1d20", [10]).points == 4
    assert heroic("1d12+4", [6]).points == 4


def test_a_knife_and_a_bullet_still_differ():
    knife = [heroic("1d4", [face]).points for face in range(1, 5)]
    bullet = [heroic("1d8", [face]).points for face in range(1, 9)]
    assert max(knife) == 1
    assert max(bullet) == 2


# --- the bonus goes on the highest die only ------------------------------------------------


def test_bonus_goes_on_the_highest_die_wherever_it_lies():
    reading = heroic("3d6+3", [2, 6, 1])
    assert [die.counted for die in reading.dice] == [2, 9, 1]
    assert reading.points == 1 + 2 + 0


def test_bonus_on_tied_highest_dice_goes_on_the_first():
    reading = heroic("2d6+2", [5, 5])
    assert [die.counted for die in reading.dice] == [7, 5]
    assert reading.points == 3


def test_bonus_can_lift_a_die_from_no_damage():
    assert heroic("1d6+1", [1]).text() == "2 -> 1 = 1 point"


def test_named_bonus_goes_on_the_highest_die_too():
    reading = heroic("2d6+ATK", [3, 4], ATK=2)
    assert [die.counted for die in reading.dice] == [3, 6]
    assert reading.points == 3


def test_bonus_from_several_groups_goes_on_the_highest_face_of_any_group():
    reading = heroic("1d6+1d4+2", [3, 4])
    assert reading.text() == "3 -> 1, 6 -> 2 = 3 points"


def test_negative_bonus_can_drop_a_die_a_band():
    assert heroic("1d8-1", [6]).text() == "5 -> 1 = 1 point"


def test_negative_bonus_pushing_the_die_below_1_is_no_damage():
    assert heroic("1d6-2", [2]).text() == "0 -> 0 = 0 points"


def test_negative_bonus_stays_on_the_highest_die_and_does_not_spill_over():
    reading = heroic("2d6-4", [2, 6])
    assert reading.text() == "2 -> 1, 2 -> 1 = 2 points"
    reading = heroic("2d6-9", [3, 6])
    assert reading.text() == "3 -> 1, -3 -> 0 = 1 point"


def test_a_roll_without_dice_is_a_bug_not_damage():
    with pytest.raises(ValueError, match="fixed_heroic_damage"):
        heroic_points(Roll("5", (), (("", 5),), 5))


# --- laws ----------------------------------------------------------------------------------


@given(st.lists(st.integers(1, 12), min_size=1, max_size=10))
def test_without_a_bonus_each_die_is_read_as_it_lies(faces):
    reading = heroic_points(Roll("xd12", tuple(DieFace(12, f) for f in faces), (), sum(faces)))
    assert reading.points == sum(table_points(face) for face in faces)
    assert [die.face for die in reading.dice] == faces


@given(st.lists(st.integers(1, 12), min_size=1, max_size=10), st.integers(-15, 15))
def test_a_bigger_bonus_never_deals_less(faces, bonus):
    def points(flat: int) -> int:
        dice = tuple(DieFace(12, f) for f in faces)
        return heroic_points(Roll("xd12+B", dice, (("B", flat),), sum(faces) + flat)).points

    assert points(bonus) <= points(bonus + 1)
    assert 0 <= points(bonus) <= 4 * len(faces)


@given(st.lists(st.integers(1, 12), min_size=1, max_size=10), st.integers(-15, 15))
def test_only_one_die_is_changed_by_the_bonus(faces, bonus):
    dice = tuple(DieFace(12, f) for f in faces)
    reading = heroic_points(Roll("xd12+B", dice, (("B", bonus),), sum(faces) + bonus))
    changed = [die for die in reading.dice if die.counted != die.face]
    assert len(changed) == (1 if bonus else 0)
    assert sum(die.counted for die in reading.dice) == sum(faces) + bonus

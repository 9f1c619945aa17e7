"""Starfarer attacks: tasks, ranges, hit location, damage and blow-through (Seed 003, 3.4-3.6.2)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import ScriptedDice
from game.rules.starfarer.damage import (
    WeaponRating,
    applied_damage,
    assess_damage,
    blow_through,
    hit_damage,
    modified_armor,
    modified_damage,
)
from game.rules.starfarer.ranges import (
    RANGED_EF,
    bracket_edges,
    melee_to_hit,
    range_bracket,
    ranged_to_hit,
)
from game.rules.starfarer.tasks import base_chance, check_task, hit_location, roll_task, success_levels

LASER_2500J = WeaponRating(penetration=10, damage=9)

# --- The seed's worked examples ----------------------------------------------------------------


def test_starfarer_kitai_laser_pistol_at_15m_is_medium_range_ef5_worked_example():
    assert range_bracket(15, rating=2) == "medium"
    task = ranged_to_hit(dexterity=7, weapon_skill=5, bracket="medium")
    assert (task.bcs, task.ef, task.bcs * task.ef) == (12, 5, 60)


def test_starfarer_bcs12_roll24_is_los3_chest_worked_example():
    result = roll_task(ranged_to_hit(7, 5, "medium"), ScriptedDice([24]))
    assert (result.mcs, result.success, result.los) == (60, True, 3)
    assert hit_location(result) == "chest"
    assert result.text() == "BCS 12 x EF 5 = MCS 60, rolled 24: LOS 3"


def test_starfarer_laser_10_9_against_armour_16_at_los3_deals_9_worked_example():
    assert modified_armor(16, 10) == 6
    assert modified_damage(9, 16, 10) == 3
    assert applied_damage(3, 3) == 9
    assert hit_damage(LASER_2500J, armor=16, los=3) == 9


def test_starfarer_blow_through_unarmoured_mass6_human_takes_18_at_los3_worked_example():
    assert blow_through(9, mass=6) == 6
    assert hit_damage(LASER_2500J, armor=0, los=3, mass=6) == 18


def test_starfarer_blow_through_camprat_mass4_reduced_by_mass_only_takes_15_worked_example():
    assert blow_through(9, mass=4) == 5
    assert hit_damage(LASER_2500J, armor=0, los=3, mass=4) == 15


# --- Tasks -------------------------------------------------------------------------------------


def test_starfarer_roll_at_the_mcs_is_a_marginal_success():
    assert check_task(12, 5, 60).los == 0
    assert check_task(12, 5, 49).los == 0 and check_task(12, 5, 48).los == 1


def test_starfarer_failure_level_counts_bcs_steps_over_rounded_up():
    assert check_task(12, 5, 61).lof == 1
    assert check_task(12, 5, 72).lof == 1 and check_task(12, 5, 73).lof == 2
    assert check_task(12, 5, 61).los == -1


@given(st.integers(1, 40), st.integers(-2, 10), st.integers(1, 100))
def test_starfarer_level_of_success_counts_whole_bcs_steps_under_the_mcs(bcs, ef, roll):
    result = check_task(bcs, ef, roll)
    assert result.success == (roll <= bcs * ef)
    if result.success:
        assert result.los * bcs <= result.mcs - roll < (result.los + 1) * bcs
    else:
        assert (result.lof - 1) * bcs < roll - result.mcs <= result.lof * bcs


def test_starfarer_ease_factor_at_zero_or_below_cannot_succeed():
    assert not check_task(12, 0, 1).success and not check_task(12, -2, 1).success


def test_starfarer_one_trait_task_counts_the_trait_twice():
    assert base_chance(6) == 12 and base_chance(6, 4) == 10


@pytest.mark.parametrize("roll, location", [
    (11, "head"), (2, "chest"), (33, "chest"), (94, "chest"), (45, "abdomen"), (56, "abdomen"),
    (7, "right_arm"), (18, "left_arm"), (29, "right_leg"), (30, "left_leg"), (100, "left_leg"),
])
def test_starfarer_hit_location_reads_the_ones_digit(roll, location):
    assert hit_location(check_task(10, 10, roll)) == location


def test_starfarer_d100_out_of_range_is_refused():
    with pytest.raises(ValueError):
        check_task(10, 5, 0)


# --- Ranges ------------------------------------------------------------------------------------


def test_starfarer_range_table_rating_3_brackets():
    assert bracket_edges(3, extreme=True) == (
        ("point_blank", 3), ("short", 15), ("medium", 45), ("long", 300), ("extreme", 450.0))


@pytest.mark.parametrize("distance, bracket", [
    (1, "point_blank"), (2, "point_blank"), (3, "short"), (10, "short"), (11, "medium"),
    (20, "medium"), (21, "long"), (100, "long"), (101, None), (150, None),
])
def test_starfarer_rating_2_brackets_without_extreme(distance, bracket):
    assert range_bracket(distance, rating=2) == bracket


def test_starfarer_extreme_only_for_weapons_that_have_it_out_to_one_and_a_half_long():
    assert range_bracket(150, rating=2, extreme=True) == "extreme"
    assert range_bracket(151, rating=2, extreme=True) is None
    assert range_bracket(150, rating=2, extreme=False) is None


def test_starfarer_close_range_when_the_target_could_melee_the_firer():
    assert range_bracket(2, rating=4, close=True) == "close"
    assert ranged_to_hit(7, 5, "close").ef == 5


def test_starfarer_ranged_ef_by_bracket():
    assert dict(RANGED_EF) == {"close": 5, "point_blank": 7, "short": 6, "medium": 5, "long": 4, "extreme": 2}


def test_starfarer_melee_is_weapon_and_agility_at_ef5_less_the_parry():
    task = melee_to_hit(weapon_skill=4, agility=6, modifiers=-2)
    assert (task.bcs, task.ef) == (10, 3)


def test_starfarer_extra_actions_cost_one_ef_each():
    assert ranged_to_hit(7, 5, "short", extra_actions=2).ef == 4


# --- Damage ------------------------------------------------------------------------------------


def test_starfarer_penetration_beyond_the_armour_gives_no_bonus():
    assert modified_armor(5, 10) == 0 and modified_damage(9, 5, 10) == 9


def test_starfarer_armour_far_above_penetration_leaves_no_damage():
    assert modified_damage(5, 30, 10) == 0


def test_starfarer_marginal_hit_does_half_rounded_up():
    assert applied_damage(3, 0) == 2 and applied_damage(6, 0) == 3


def test_starfarer_lethality_is_penetration_plus_damage():
    assert LASER_2500J.lethality == 19


def test_starfarer_weapon_below_resilience_wounds_at_half_but_shocks_in_full():
    assessed = assess_damage(9, lethality=8, resilience=10, location="chest")
    assert (assessed.shock, assessed.wound) == (9, 5)
    assert assess_damage(9, lethality=10, resilience=10, location="chest") == assess_damage(9, 19, 10, "arm")


def test_starfarer_head_hit_doubles_shock_and_wound():
    assert (assess_damage(9, 19, 10, "head").shock, assess_damage(9, 19, 10, "head").wound) == (18, 18)
    assert assess_damage(9, 8, 10, "head").wound == 10


@given(st.integers(0, 60), st.integers(1, 30))
def test_starfarer_blow_through_never_takes_off_more_than_the_mass_nor_raises(damage, mass):
    reduced = blow_through(damage, mass)
    assert damage - mass <= reduced <= damage
    assert reduced <= max(mass, damage - mass)


def test_bcs_10_mcs_30_succeeds_by_two_levels_on_1_to_10_one_on_11_to_20_none_on_21_to_30():
    assert success_levels(10, 30) == {0: 10, 1: 10, 2: 10}  # Seed 003, 3.4: (MCS - roll) // BCS
    assert success_levels(7, 20) == {0: 7, 1: 7, 2: 6}
    assert success_levels(30, 120) == {0: 10, 1: 30, 2: 30, 3: 30}  # only faces 1-100 exist
    assert success_levels(5, 0) == {} and success_levels(0, 0) == {}


@given(st.integers(-3, 40), st.integers(-2, 12))
def test_the_faces_counted_at_each_level_are_the_faces_rolled(bcs, ef):
    mcs = max(0, bcs * ef)
    rolled: dict[int, int] = {}
    for face in range(1, 101):
        task = check_task(bcs, ef, face)
        if task.success:
            rolled[task.los] = rolled.get(task.los, 0) + 1
    assert success_levels(bcs, mcs) == rolled

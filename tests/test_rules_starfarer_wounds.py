"""Starfarer wounds: levels, the track, trait penalties, shock, checks and bleeding (Seed 003, 3.6.3-3.6.7)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import ScriptedDice
from game.rules.starfarer.checks import (
    KnockedOut,
    bleeding_check_due,
    bleeding_stopped,
    checks_after_hit,
    disability_check,
    failed_shock_check,
    rounds_until_next_check,
    shock_check,
    shock_penalty,
    stop_bleeding_check,
    survival_check,
    survival_hopeless,
)
from game.rules.starfarer.damage import assess_damage
from game.rules.starfarer.ranges import ranged_to_hit
from game.rules.starfarer.tasks import LOCATIONS, check_task, with_trait_penalty
from game.rules.starfarer.wounds import (
    Bleeding,
    WoundTrack,
    bleeding_rate,
    level_name,
    mark_wound,
    trait_penalty,
    wound_bleeds,
    wound_level,
    worsen_after_shock,
)

GRAZE, LIGHT, MEDIUM, HEAVY, SEVERE, DESTROYED = range(6)


def test_starfarer_kitai_9_points_in_the_chest_make_a_medium_wound_with_disability_checks():
    assessed = assess_damage(9, lethality=19, resilience=10, location="chest")
    level = wound_level(assessed.wound)
    assert level_name(level, "chest") == "medium"
    track, mark = mark_wound(WoundTrack(), "chest", level)
    assert (mark.column, mark.slash) == (MEDIUM, False)
    checks = checks_after_hit(mark, assessed.shock, shock_before=0, basic_shock=10, stun=12)
    assert checks.disability and not checks.survival and not checks.shock


@pytest.mark.parametrize("damage, level", [
    (0, None), (1, GRAZE), (3, GRAZE), (4, LIGHT), (6, LIGHT), (7, MEDIUM), (9, MEDIUM), (10, HEAVY),
    (12, HEAVY), (13, SEVERE), (15, SEVERE), (16, DESTROYED), (18, DESTROYED), (40, DESTROYED),
])
def test_starfarer_mass_6_human_wound_levels_in_threes(damage, level):
    assert wound_level(damage) == level


def test_starfarer_destroyed_is_mortal_in_vital_areas_and_maimed_in_limbs():
    assert level_name(DESTROYED, "abdomen") == "mortal" and level_name(DESTROYED, "left_leg") == "maimed"


def test_starfarer_grazes_fill_three_circles_left_to_right_then_overflow_as_a_slash_to_the_right():
    track = WoundTrack()
    for _ in range(3):
        track, mark = mark_wound(track, "left_arm", GRAZE)
        assert not mark.slash
    track, mark = mark_wound(track, "left_arm", GRAZE)
    assert (mark.column, mark.slash) == (LIGHT, True)
    assert track.circles("left_arm") == ("X", "X", "X", "/", "", "", "", "", "")
    assert track.worst_level("left_arm") == LIGHT and track.worst_level("right_arm") is None


def test_starfarer_a_full_heavy_box_pushes_the_next_heavy_wound_into_severe():
    track, _ = mark_wound(WoundTrack(), "chest", HEAVY)
    track, mark = mark_wound(track, "chest", HEAVY)
    assert (mark.column, mark.slash, mark.effect_level) == (SEVERE, True, SEVERE)


def test_starfarer_a_row_with_nothing_free_to_the_right_records_no_circle():
    track, _ = mark_wound(WoundTrack(), "head", DESTROYED)
    again, mark = mark_wound(track, "head", DESTROYED)
    assert again == track and mark.column is None and mark.effect_level == DESTROYED


def test_starfarer_trait_penalties_head_full_body_half_limb_only_when_used():
    track, _ = mark_wound(WoundTrack(), "chest", HEAVY)       # -3, at half rounded up: 2
    track, _ = mark_wound(track, "right_arm", MEDIUM)          # -2 when the arm is used
    assert trait_penalty(track) == 2
    assert trait_penalty(track, limbs=("right_arm",)) == 4
    track, _ = mark_wound(track, "head", LIGHT)                # -1 to everything
    assert trait_penalty(track, limbs=("left_leg",), shock_penalty=1) == 4


def test_starfarer_wounded_arm_takes_its_penalty_off_both_traits_of_the_shot():
    track, _ = mark_wound(WoundTrack(), "right_arm", MEDIUM)
    task = with_trait_penalty(ranged_to_hit(7, 5, "medium"), trait_penalty(track, limbs=("right_arm",)))
    assert (task.bcs, task.ef) == (8, 5)


@pytest.mark.parametrize("shock, penalty", [(9, 0), (19, 0), (20, 1), (30, 2), (59, 4), (60, 5), (200, 5)])
def test_starfarer_shock_penalty_from_twice_the_basic_shock(shock, penalty):
    assert shock_penalty(shock, basic_shock=10) == penalty


def test_starfarer_shock_check_reasons():
    _, heavy_chest = mark_wound(WoundTrack(), "chest", HEAVY)
    _, heavy_leg = mark_wound(WoundTrack(), "right_leg", HEAVY)
    _, severe_leg = mark_wound(WoundTrack(), "right_leg", SEVERE)
    assert checks_after_hit(heavy_chest, 11, 0, 20, 15).shock_reasons == ("a heavy or worse wound in a vital area",)
    assert not checks_after_hit(heavy_leg, 11, 0, 20, 15).shock
    assert checks_after_hit(severe_leg, 14, 0, 20, 15).shock_reasons == ("a severe or worse wound in a limb",)
    assert checks_after_hit(None, 15, 0, 20, 15).shock_reasons == ("shock at least the STUN characteristic",)
    assert checks_after_hit(None, 3, 18, 20, 15).shock_reasons == (
        "the shock total passed a multiple of the basic shock",)


def test_starfarer_mortal_wound_or_sixfold_shock_calls_for_survival_checks_but_maimed_does_not():
    _, mortal = mark_wound(WoundTrack(), "abdomen", DESTROYED)
    _, maimed = mark_wound(WoundTrack(), "left_leg", DESTROYED)
    assert checks_after_hit(mortal, 16, 0, 20, 30).survival
    assert not checks_after_hit(maimed, 16, 0, 20, 30).survival
    assert checks_after_hit(None, 5, 57, 10, 30).survival


def test_starfarer_check_profiles():
    disability = disability_check(endurance=6, willpower=5, level=MEDIUM)
    assert (disability.bcs, disability.ef) == (11, 3)
    assert (shock_check(6, 5, penalty=2).bcs, shock_check(6, 5, penalty=2).ef) == (11, 6)
    late = survival_check(endurance=6, essence=5, rounds_untreated=3)
    assert (late.bcs, late.ef) == (7, 8)
    assert survival_check(6, 5, rounds_untreated=1).bcs == 11


def test_starfarer_survival_fails_outright_beyond_twice_the_mortal_level():
    assert not survival_hopeless(32) and survival_hopeless(33)


def test_starfarer_failed_shock_check_lof_is_rounds_out_and_over_3_worsens_the_wound():
    assert failed_shock_check(check_task(10, 8, 95)) == KnockedOut(rounds=2, worse_wound=False)
    assert failed_shock_check(check_task(10, 8, 81)) == KnockedOut(rounds=1, worse_wound=False)
    bad = failed_shock_check(check_task(5, 2, 40))  # MCS 10, 30 over: LOF 6
    assert (bad.rounds, bad.worse_wound) == (6, True)
    assert rounds_until_next_check(check_task(10, 8, 95), ScriptedDice([4, 7])) == 11


def test_starfarer_shock_check_failed_by_more_than_3_adds_a_slashed_wound_one_level_up():
    track, _ = mark_wound(WoundTrack(), "chest", HEAVY)
    track, mark = worsen_after_shock(track, "chest")
    assert (mark.level, mark.column, mark.slash) == (SEVERE, SEVERE, True)
    assert track.circles("chest")[-3:] == ("X", "/", "")


@given(st.lists(st.tuples(st.sampled_from(LOCATIONS), st.integers(0, 5)), max_size=25))
def test_starfarer_each_wound_adds_one_circle_in_its_own_row_until_the_row_is_full(wounds):
    track = WoundTrack()
    for location, level in wounds:
        before = track
        track, mark = mark_wound(track, location, level)
        changed = [loc for loc in LOCATIONS if track.circles(loc) != before.circles(loc)]
        if mark.column is None:
            assert changed == []
        else:
            assert changed == [location] and mark.column >= level
            assert sum(map(bool, track.circles(location))) == sum(map(bool, before.circles(location))) + 1


def test_starfarer_wounds_with_a_negative_modifier_bleed_blunt_halved_rounded_up():
    assert [bleeding_rate(level) for level in range(6)] == [0, 1, 2, 3, 4, 5]
    assert [bleeding_rate(level, blunt=True) for level in range(6)] == [0, 1, 1, 2, 2, 3]


def test_starfarer_bleeding_adds_shock_each_round_by_area():
    track, heavy_arm = mark_wound(WoundTrack(), "left_arm", HEAVY)
    _, light_leg = mark_wound(track, "right_leg", LIGHT)
    bleeding = wound_bleeds(wound_bleeds(Bleeding(), heavy_arm), light_leg, blunt=True)
    assert bleeding.rates == (("left_arm", 3), ("right_leg", 1)) and bleeding.per_round == 4
    assert bleeding.changed("left_arm", -5).rates == (("right_leg", 1),)


def test_starfarer_bleeding_stops_itself_one_point_plus_one_per_los():
    check = stop_bleeding_check(endurance=6, rate=3)
    assert (check.bcs, check.ef) == (12, 2)
    assert bleeding_stopped(check_task(check.bcs, check.ef, 24)) == 1
    assert bleeding_stopped(check_task(check.bcs, check.ef, 1)) == 2
    assert bleeding_stopped(check_task(check.bcs, check.ef, 25)) == 0


def test_starfarer_bleeding_is_checked_once_every_rate_rounds():
    assert [bleeding_check_due(r, 3) for r in range(1, 7)] == [False, False, True, False, False, True]
    assert bleeding_check_due(1, 1) and not bleeding_check_due(1, 0)


def test_an_area_bleeding_2_is_checked_every_second_round_and_a_changed_rate_starts_the_count_again():
    from game.rules.starfarer.checks import bleeding_clock

    clock = bleeding_clock((), (("chest", 2),))
    assert clock == (("chest", 2, 1),) and not bleeding_check_due(1, 2)
    clock = bleeding_clock(clock, (("chest", 2), ("left_leg", 1)))
    assert clock == (("chest", 2, 2), ("left_leg", 1, 1)) and bleeding_check_due(2, 2)
    assert bleeding_clock(clock, (("chest", 1),)) == (("chest", 1, 1),)


def test_an_unconscious_character_first_checks_lof_whole_rounds_after_the_round_it_fell():
    from game.rules.starfarer.checks import first_waking_round

    assert first_waking_round(fell_round=2, lof=3) == 6

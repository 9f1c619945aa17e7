"""Heroic overflow, lesser foes and the Fray Die (Seed 000, Heroic Combat; Ruling: Heroic)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.swn.damage import damage_pool, heroic_reading
from game.rules.dice import ScriptedDice, roll
from game.rules.swn.overflow import (
    Candidate,
    fray_die_check,
    fray_reach_hexes,
    focused_fray_check,
    is_lesser_foe,
    is_worthy_foe,
    plan_overflow,
    roll_fray_die,
)


def thug(id, ac=12, distance=3, hd=1, **kw):
    return Candidate(id=id, ac=ac, distance=distance, points_to_drop=hd, **kw)


# --- Overflow ---------------------------------------------------------------------------------


def test_overflow_through_three_thugs_at_ac16():
    points = heroic_reading(roll("2d8+2", ScriptedDice([5, 2]))).points  # 3 points
    first = damage_pool(1, points, "HD")
    others = [thug(2, ac=16, distance=4), thug(3, ac=14, distance=2), thug(4, ac=17, distance=1)]
    plan = plan_overflow(first.excess, others, attack_total=16)
    assert first.down
    assert [(s.target_id, s.points, s.drops) for s in plan.steps] == [(3, 1, True), (2, 1, True)]
    assert plan.unused == 0
    assert plan.text() == "overflow: 1 to 3 (down), 1 to 2 (down)"


def test_overflow_goes_nearest_first_and_ties_by_id():
    plan = plan_overflow(2, [thug(9, distance=2), thug(5, distance=2), thug(1, distance=3)], attack_total=15)
    assert [s.target_id for s in plan.steps] == [5, 9]


def test_overflow_skips_targets_out_of_range_or_line_of_fire():
    plan = plan_overflow(3, [thug(1, in_range=False), thug(2, line_of_fire=False), thug(3)], attack_total=15)
    assert [s.target_id for s in plan.steps] == [3] and plan.unused == 2


def test_overflow_left_over_wounds_a_veteran_without_dropping_it():
    plan = plan_overflow(2, [thug(1, hd=3)], attack_total=15)
    assert plan.steps[0].points == 2 and not plan.steps[0].drops


def test_area_damage_never_overflows():
    plan = plan_overflow(3, [thug(1)], attack_total=20, area=True)
    assert plan.steps == () and plan.text() == "no overflow"


def test_nemesis_overflow_needs_its_hit_points():
    plan = plan_overflow(5, [Candidate("nemesis", ac=14, distance=2, points_to_drop=8)], attack_total=15)
    assert plan.steps[0].points == 5 and not plan.steps[0].drops


# --- Lesser and worthy foes ---------------------------------------------------------------------


def test_a_2_hd_soldier_is_a_lesser_foe_for_a_level_2_hero():
    assert is_lesser_foe(2, actor_level=2)
    assert is_worthy_foe(3, actor_level=2)


def test_heroic_pcs_are_never_lesser_foes():
    assert not is_lesser_foe(1, actor_level=10, target_is_heroic_pc=True)


# --- The Fray Die ------------------------------------------------------------------------------


FRAY = dict(own_turn=True, used_this_round=False, target_lesser=True, supernatural=False,
            distance_hexes=5, weapon_reach_hexes=34)


def test_fray_die_at_a_lesser_foe_in_reach_on_your_turn_is_allowed():
    assert fray_die_check(**FRAY).allowed


@pytest.mark.parametrize("change, reason", [
    (dict(own_turn=False), "On-turn"),
    (dict(used_this_round=True), "already used"),
    (dict(target_lesser=False), "lesser foes"),
    (dict(distance_hexes=35), "out of reach"),
])
def test_fray_die_refusals_say_why(change, reason):
    check = fray_die_check(**{**FRAY, **change})
    assert not check.allowed and reason in check.reason


def test_psychic_fray_die_hits_worthy_foes_out_to_30_m():
    check = fray_die_check(**{**FRAY, "target_lesser": False, "supernatural": True,
                              "weapon_reach_hexes": 1, "distance_hexes": 10})
    assert check.allowed
    assert fray_reach_hexes(1, supernatural=True) == 10
    assert fray_reach_hexes(1, supernatural=False) == 1


def test_focused_fray_takes_the_main_action_and_any_foe():
    assert focused_fray_check(main_action_available=True, used_this_round=False, distance_hexes=1, reach_hexes=1).allowed
    refused = focused_fray_check(main_action_available=False, used_this_round=False, distance_hexes=1, reach_hexes=1)
    assert "Main Action" in refused.reason
    assert not focused_fray_check(main_action_available=True, used_this_round=True,
                                  distance_hexes=1, reach_hexes=1).allowed


def test_warrior_1d8_fray_die_rolling_7_deals_2_points():
    fray = roll_fray_die("1d8", ScriptedDice([7]))
    assert fray.points == 2 and fray.text() == "Fray Die 1d8: [7] = 7 -> 2 points"


def test_fray_die_is_never_modified():
    with pytest.raises(ValueError):
        roll_fray_die("1d8+2", ScriptedDice([7]))


def test_fray_overflow_ignores_ac_but_only_reaches_lesser_foes():
    foes = [thug(1, ac=20, distance=1), thug(2, distance=2, lesser=False), thug(3, distance=3)]
    plan = plan_overflow(3, foes, attack_total=None, lesser_only=True)
    assert [s.target_id for s in plan.steps] == [1, 3] and plan.unused == 1


candidates = st.lists(
    st.builds(Candidate, id=st.integers(0, 50), ac=st.integers(8, 20), distance=st.integers(1, 10),
              points_to_drop=st.integers(0, 4), in_range=st.booleans(), line_of_fire=st.booleans()),
    max_size=8, unique_by=lambda c: c.id,
)


@given(st.integers(0, 12), candidates, st.integers(5, 25))
def test_overflow_spends_each_point_once_and_only_on_targets_the_roll_could_hit(points, foes, total):
    plan = plan_overflow(points, foes, attack_total=total)
    assert sum(s.points for s in plan.steps) + plan.unused == points
    by_id = {c.id: c for c in foes}
    for step in plan.steps:
        foe = by_id[step.target_id]
        assert foe.ac <= total and foe.in_range and foe.line_of_fire
        assert 0 < step.points <= foe.points_to_drop

"""Starfarer rounds: action points, phases counting down, carried points, declarations (Seed 003, 3.2)."""

from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import ScriptedDice
from game.rules.starfarer.initiative import (
    DeclaredAction,
    Phase,
    declare,
    end_phase,
    extra_action_penalty,
    next_phase,
    plain_round,
    roll_action_points,
)

A, B, C = 1, 2, 3
INITIATIVE = {A: 12, B: 9, C: 7}


def test_starfarer_a_b_c_action_phases_worked_example():
    dice = ScriptedDice([9, 5, 2])
    points = {who: roll_action_points(INITIATIVE[who], 0, dice) for who in (A, B, C)}
    assert points == {A: 21, B: 14, C: 9}
    phases, carried = plain_round(points, INITIATIVE)
    assert phases == (Phase(A, 21), Phase(B, 14), Phase(A, 11))
    assert carried == {A: 1, B: 4, C: 9}


def test_starfarer_a_b_c_carry_their_leftover_points_into_the_next_round_worked_example():
    carried = {A: 1, B: 4, C: 9}
    dice = ScriptedDice([1, 1, 1])
    points = {who: roll_action_points(INITIATIVE[who], carried[who], dice) for who in (A, B, C)}
    assert points == {A: 14, B: 14, C: 17}
    assert next_phase(points, INITIATIVE) == C  # C did not act last round and goes first now


def test_starfarer_equal_points_go_to_the_higher_initiative_then_lower_id():
    assert next_phase({A: 14, B: 14}, INITIATIVE) == A
    assert next_phase({5: 12, 4: 12}, {}) == 4


def test_starfarer_nobody_with_ten_points_ends_the_round():
    assert next_phase({A: 9, B: 0}, INITIATIVE) is None


def test_starfarer_declared_action_adds_its_initiative_modifier_at_once():
    assert declare(14, (DeclaredAction("fire heavy rifle", -2),)) == 12
    assert end_phase(12, (DeclaredAction("fire heavy rifle", -2),)) == 2


def test_starfarer_multiple_actions_lowest_modifier_first_the_rest_after_and_one_ap_each():
    actions = (DeclaredAction("fire pistol", 1), DeclaredAction("dive", -2), DeclaredAction("shout", 0))
    declared = declare(20, actions)
    assert declared == 18
    assert extra_action_penalty(actions) == 2
    assert end_phase(declared, actions) == 18 - 10 - 3 + 1 + 0


def test_starfarer_one_action_costs_no_extra_point_and_no_ef():
    single = (DeclaredAction("aim", 0),)
    assert extra_action_penalty(single) == 0 and end_phase(15, single) == 5


@given(st.dictionaries(st.integers(1, 6), st.integers(0, 60), min_size=1))
def test_starfarer_a_round_takes_one_phase_per_ten_full_points(points):
    phases, carried = plain_round(points, {})
    for who, start in points.items():
        assert sum(1 for p in phases if p.who == who) == start // 10
        assert carried[who] == start % 10
    assert [p.points for p in phases] == sorted((p.points for p in phases), reverse=True)


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=3), st.integers(0, 40))
def test_a_declared_phase_costs_10_less_1_per_action_when_several_plus_every_modifier(modifiers, points):
    from game.rules.starfarer.initiative import DeclaredAction, declare, end_phase

    actions = tuple(DeclaredAction("attack", m) for m in modifiers)
    after = end_phase(declare(points, actions), actions)
    per_action = len(actions) if len(actions) > 1 else 0
    assert after == points - 10 - per_action + sum(modifiers)

"""Hero points: the extra roll, countering, negating damage, trademark gear, the value chart (Seed 004)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import ScriptedDice
from game.rules.hero_points import (
    ExtraRoll,
    PendingSpend,
    Spend,
    counter,
    counter_problem,
    may_protect_equipment,
    SWN_NEGATION,
    negation_problem,
    resolve_spend,
    roll_extra,
    spend_problem,
    with_extra_rolls,
)
from game.rules.lucky_stars.health import fresh_health
from game.rules.lucky_stars.negation import NEGATION as LUCKY_STARS_NEGATION
from game.rules.lucky_stars.negation import negate_hit as negate_lucky_stars_hit
from game.rules.starfarer.damage import Assessed
from game.rules.starfarer.negation import NEGATION as STARFARER_NEGATION
from game.rules.starfarer.negation import negate_hit as negate_starfarer_hit
from game.rules.value_chart import many_on_one, measure, one_on_many, value_of

# --- The value chart: the seed's own examples --------------------------------------------------


def test_hero_points_one_hundred_characters_have_value_10_worked_example():
    assert value_of(100) == 10


def test_hero_points_hundred_on_one_gets_plus_10_and_all_succeed_at_dn_plus_18_worked_example():
    group = many_on_one(100)
    assert (group.bonus, group.difficulty) == (10, 18)


def test_hero_points_one_on_hundred_raises_toughness_10_and_succeeds_at_dn_plus_20_worked_example():
    group = one_on_many(100)
    assert (group.bonus, group.difficulty) == (10, 20)


@pytest.mark.parametrize("number, value", [
    (1, 0), (2, 1), (3, 2), (4, 3), (5, 3), (6, 4), (9, 4), (10, 5), (15, 6), (24, 6), (25, 7),
    (40, 8), (60, 9), (99, 9), (150, 11), (1000, 15),
])
def test_hero_points_value_chart(number, value):
    assert value_of(number) == value


@given(st.integers(1, 10**7))
def test_hero_points_a_value_s_measure_is_the_highest_not_above_the_number(number):
    value = value_of(number)
    assert measure(value) <= number < measure(value + 1)


# --- The extra roll ----------------------------------------------------------------------------


def test_hero_points_extra_roll_below_10_counts_as_10_and_does_not_roll_again():
    extra = roll_extra(ScriptedDice([4, 20]))
    assert extra == ExtraRoll((4,)) and extra.counted == 10
    assert extra.text() == "[4] counts as 10"


def test_hero_points_extra_roll_of_10_and_20_rolls_again_and_adds():
    extra = roll_extra(ScriptedDice([10, 20, 3]))
    assert extra.faces == (10, 20, 3) and extra.counted == 33 and extra.text() == "[10, 20, 3] = 33"


def test_hero_points_one_personal_point_per_action_plus_outside_points():
    assert spend_problem(Spend(personal=1, outside=2), own_points=3, pool_points=2) is None
    assert "one personal" in spend_problem(Spend(personal=2), own_points=3, pool_points=0)
    assert "no hero point" in spend_problem(Spend(personal=1), own_points=0, pool_points=0)
    assert "pool holds 1" in spend_problem(Spend(outside=2), own_points=0, pool_points=1)
    assert spend_problem(Spend(), own_points=1, pool_points=1) is not None


def test_hero_points_each_uncountered_point_rolls_one_extra_die():
    pending = PendingSpend(spender=1, spend=Spend(personal=1, outside=1))
    assert resolve_spend(pending, ScriptedDice([12, 5])) == (ExtraRoll((12,)), ExtraRoll((5,)))


def test_hero_points_extra_dice_add_to_a_roll_and_come_off_a_starfarer_d100():
    extras = (ExtraRoll((4,)), ExtraRoll((10, 2)))
    assert with_extra_rolls("swn", 11, extras) == 33
    assert with_extra_rolls("lucky-stars", 7, extras) == 29
    assert with_extra_rolls("starfarer", 70, extras) == 48
    assert with_extra_rolls("starfarer", 15, extras) == 1


# --- Countering --------------------------------------------------------------------------------


def test_hero_points_a_counter_before_the_roll_cancels_the_extra_die():
    pending = PendingSpend(spender=1, spend=Spend(personal=1))
    assert counter_problem(pending, counterer=7, counterer_points=1, aware=True) is None
    countered = counter(pending, 7)
    assert countered.dice_to_roll == 0 and resolve_spend(countered, ScriptedDice([])) == ()
    assert "already countered" in counter_problem(countered, 8, 1, aware=True)


def test_hero_points_anyone_aware_may_counter_but_needs_a_point():
    pending = PendingSpend(spender=1, spend=Spend(personal=1))
    assert "aware" in counter_problem(pending, 7, 1, aware=False)
    assert "has none" in counter_problem(pending, 7, 0, aware=True)
    assert "own" in counter_problem(pending, 1, 1, aware=True)


# --- Negating damage ---------------------------------------------------------------------------


def test_hero_points_one_point_buys_three_picks_of_any_mix():
    assert negation_problem(STARFARER_NEGATION, Spend(personal=1), ("shock", "shock", "wound")) is None
    assert "at most 3 picks" in negation_problem(STARFARER_NEGATION, Spend(personal=1), ("shock",) * 4)
    assert negation_problem(STARFARER_NEGATION, Spend(personal=1, outside=1), ("shock",) * 6) is None
    assert "one personal" in negation_problem(STARFARER_NEGATION, Spend(personal=2), ("shock",))


def test_hero_points_picks_are_what_the_ruleset_can_undo():
    assert "nothing to undo" in negation_problem(STARFARER_NEGATION, Spend(personal=1), ("knockdown",))
    assert negation_problem(LUCKY_STARS_NEGATION, Spend(personal=1), ("knockdown", "condition", "wound")) is None
    assert "nothing to undo under swn" in negation_problem(SWN_NEGATION, Spend(personal=1), ("wound",), "swn")
    assert "not a negation pick" in negation_problem(SWN_NEGATION, Spend(personal=1), ("armor",))
    assert "at least one" in negation_problem(SWN_NEGATION, Spend(personal=1), ())


def test_hero_points_starfarer_point_takes_shock_and_a_wound_level_off_the_hit():
    negated = negate_starfarer_hit(Assessed(shock=18, wound=18), wound_level=5, picks=("shock", "shock", "wound"))
    assert (negated.shock, negated.wound_level, negated.keeps_conscious) == (12, 4, False)
    graze = negate_starfarer_hit(Assessed(shock=2, wound=2), wound_level=0, picks=("wound", "shock", "condition"))
    assert (graze.shock, graze.wound_level, graze.keeps_conscious) == (0, None, True)


def test_hero_points_lucky_stars_shock_picks_take_damage_off_before_it_drains_defense():
    negated = negate_lucky_stars_hit(fresh_health(6, 3), damage=13, picks=("shock", "shock"))
    assert (negated.outcome.health.defense, negated.outcome.health.vitality, negated.outcome.vitality_lost) == (5, 2, 1)


def test_hero_points_lucky_stars_wound_pick_gives_back_vitality_even_from_zero():
    negated = negate_lucky_stars_hit(fresh_health(4, 2), damage=9, picks=("wound",))
    assert (negated.outcome.health.vitality, negated.outcome.health.defense) == (1, 4)
    assert not negated.outcome.health.incapacitated and not negated.outcome.wound


def test_hero_points_lucky_stars_condition_and_knockdown_picks():
    negated = negate_lucky_stars_hit(fresh_health(3, 4), damage=7, picks=("condition", "knockdown"),
                                     knocked_down=True)
    assert negated.outcome.vitality_lost == 2 and not negated.outcome.wound and not negated.knocked_down


# --- Trademark equipment -----------------------------------------------------------------------


def test_hero_points_protect_only_the_one_trademark_item():
    assert may_protect_equipment("grandfathers_rifle", "grandfathers_rifle")
    assert not may_protect_equipment("grandfathers_rifle", "combat_rifle")
    assert not may_protect_equipment(None, "combat_rifle")


# -- bought dice on any roll (Seed 004: added to the final roll) ------------------------------
def test_bought_dice_on_a_save_judge_it_again_but_a_natural_1_still_fails():
    from game.rules.hero_points import bought_onto
    from game.rules.swn.saves import saving_throw

    failed = saving_throw(12, ScriptedDice([9]))
    saved = bought_onto(failed, 10)
    assert (saved.roll.total, saved.success, saved.text()) == (19, True, "Evasion save d20 9 +10 hero points vs 12: saved")
    assert not bought_onto(saving_throw(12, ScriptedDice([1])), 30).success


def test_bought_dice_on_a_check_or_a_skill_roll_are_a_named_part_and_on_a_plain_roll_a_modifier():
    from game.rules.swn.attack import Modifier
    from game.rules.dice import roll
    from game.rules.hero_points import bought_onto
    from game.rules.swn.saves import roll_skill, skill_check

    check = bought_onto(skill_check("Pilot", (Modifier("Pilot", 1, "SWN core, attack rolls"),), 9, ScriptedDice([1, 1])), 10)
    assert (check.total, check.success) == (13, True)
    assert check.text() == "Pilot check 2d6 [1, 1] +1 Pilot +10 hero points = 13 vs 9: success"
    assert bought_onto(roll_skill("disarm", (), ScriptedDice([1, 1])), 13).total == 15
    plain = bought_onto(roll("2d6+AGI", ScriptedDice([2, 2]), AGI=1), 10)
    assert (plain.total, plain.modifiers[-1]) == (15, ("hero points", 10))


def test_bought_dice_come_off_a_d100_task_never_below_1_and_a_task_with_no_chance_is_not_turned():
    from game.rules.hero_points import bought_onto, can_turn
    from game.rules.swn.saves import saving_throw
    from game.rules.starfarer.tasks import check_task

    survival = check_task(10, 8, 95)  # MCS 80
    assert (bought_onto(survival, 15).roll, bought_onto(survival, 15).success) == (80, True)
    assert bought_onto(check_task(10, 8, 12), 30).roll == 1
    assert can_turn(survival) and not can_turn(check_task(10, 0, 5))  # MCS 0: nothing rolls under it
    assert not can_turn(saving_throw(12, ScriptedDice([1]))) and can_turn(saving_throw(12, ScriptedDice([2])))

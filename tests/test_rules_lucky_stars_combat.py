"""These Lucky Stars combat: opposed rolls, advantage, damage, Defense and Vitality (Seed 001)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import ScriptedDice
from game.rules.lucky_stars.attack import (
    Footing,
    contested,
    cover_advantage,
    cover_problem,
    opposed_attack,
    surprise_attack,
    terrain_advantage,
    wins_contest,
)
from game.rules.lucky_stars.damage import damage_die, resisted, roll_damage
from game.rules.lucky_stars.health import Health, apply_damage, fresh_health, incapacitate

# --- Advantage: the seed's own example ---------------------------------------------------------


def test_lucky_stars_defender_on_loose_ground_gives_attacker_minor_advantage_worked_example():
    assert terrain_advantage(Footing(attacker_poor=False, defender_poor=True)) == (3, 0)


def test_lucky_stars_attacker_in_underbrush_gives_defender_minor_advantage_worked_example():
    assert terrain_advantage(Footing(attacker_poor=True, defender_poor=False)) == (0, 3)


def test_lucky_stars_both_on_a_tightrope_changes_nothing_worked_example():
    assert terrain_advantage(Footing(attacker_poor=True, defender_poor=True)) == (0, 0)


def test_lucky_stars_partial_cover_helps_only_against_ranged_attacks():
    assert cover_advantage("partial", ranged=True) == 3
    assert cover_advantage("partial", ranged=False) == 0
    assert cover_advantage("none", ranged=True) == 0


def test_lucky_stars_full_cover_must_be_bypassed():
    assert "full cover" in cover_problem("full")
    assert cover_problem("partial") is None


# --- The opposed roll --------------------------------------------------------------------------


def test_lucky_stars_attack_uses_the_defenders_current_defense():
    contest = opposed_attack(2, current_defense=3, dice=ScriptedDice([4, 4, 3, 3]))
    assert (contest.attacker.total, contest.defender.total) == (10, 9)
    assert contest.hit and not contest.bonus_die


def test_lucky_stars_a_tie_goes_to_the_defender():
    contest = opposed_attack(2, current_defense=2, dice=ScriptedDice([3, 3, 3, 3]))
    assert contest.margin == 0 and not contest.hit


def test_lucky_stars_beating_the_defender_by_five_earns_the_bonus_die():
    contest = opposed_attack(3, current_defense=1, dice=ScriptedDice([5, 5, 2, 2]), attacker_mods=3)
    assert (contest.attacker.total, contest.defender.total, contest.margin) == (16, 5, 11) and contest.bonus_die
    exactly_five = opposed_attack(0, current_defense=0, dice=ScriptedDice([4, 4, 2, 1]))
    assert exactly_five.margin == 5 and exactly_five.bonus_die


def test_lucky_stars_surprised_defender_rolls_only_decision_dice():
    contest = surprise_attack(1, ScriptedDice([3, 3, 5, 1]), attacker_mods=3)
    assert contest.surprise
    assert contest.attacker.total == 10
    assert contest.defender.total == 6 and contest.defender.bonus == 0


def test_lucky_stars_contested_strength_tie_holds_for_the_resister():
    acting, resisting = contested(2, 1, ScriptedDice([3, 2, 4, 2]))
    assert (acting.total, resisting.total) == (7, 7)
    assert not wins_contest(acting, resisting)


# --- Damage ------------------------------------------------------------------------------------


@pytest.mark.parametrize("attacker, defender, die", [
    ("small", "large", 4), ("tiny", "medium", 4), ("medium", "medium", 8), ("medium", "large", 8),
    ("large", "medium", 8), ("huge", "medium", 12), ("gargantuan", "small", 12),
])
def test_lucky_stars_damage_die_follows_relative_size(attacker, defender, die):
    assert damage_die(attacker, defender) == die


def test_lucky_stars_same_size_hit_rolls_d8_plus_the_attribute():
    damage = roll_damage(8, ScriptedDice([5]), bonus_die=False, attribute=2)
    assert damage.total == 7
    assert damage.text() == "1d8 [5] +2 attribute = 7"


def test_lucky_stars_bonus_die_adds_a_second_die_of_the_same_size():
    damage = roll_damage(12, ScriptedDice([7, 3]), bonus_die=True, attribute=1)
    assert damage.total == 11 and [d.sides for d in damage.dice] == [12, 12]


def test_lucky_stars_unarmed_deals_three_less_before_reduction():
    damage = roll_damage(8, ScriptedDice([6]), bonus_die=False, attribute=1, unarmed=True, resistance="partial")
    assert damage.total == 2  # (6 + 1 - 3) halved


def test_lucky_stars_damage_is_never_below_one():
    assert roll_damage(4, ScriptedDice([1]), bonus_die=False, attribute=0, unarmed=True).total == 1


@pytest.mark.parametrize("resistance, extreme, expected", [
    ("none", False, 9), ("partial", False, 4), ("partial", True, 9), ("full", False, 0),
    ("full", True, 4), ("weakness", False, 18), ("weakness", True, 18),
])
def test_lucky_stars_resistance_table(resistance, extreme, expected):
    assert resisted(9, resistance, extreme) == expected


@given(st.integers(-10, 40), st.sampled_from(["none", "partial", "weakness"]), st.booleans())
def test_lucky_stars_resistance_other_than_full_leaves_at_least_one(base, resistance, extreme):
    assert resisted(base, resistance, extreme) >= 1


# --- Defense and Vitality ----------------------------------------------------------------------


def test_lucky_stars_damage_below_defense_only_drains_defense():
    outcome = apply_damage(fresh_health(6, 3), 4)
    assert (outcome.health.defense, outcome.health.vitality, outcome.vitality_lost, outcome.wound) == (2, 3, 0, False)


def test_lucky_stars_emptied_defense_costs_one_vitality_and_resets():
    outcome = apply_damage(fresh_health(6, 3), 6)
    assert (outcome.health.defense, outcome.health.vitality, outcome.wound) == (6, 2, False)


def test_lucky_stars_remaining_damage_drains_the_new_defense():
    outcome = apply_damage(Health(2, 6, 4), 9)  # DEF 2 of 6: 2, then 6, then 1
    assert (outcome.health.defense, outcome.health.vitality, outcome.vitality_lost) == (5, 2, 2)
    assert outcome.wound  # two VIT in one attack


def test_lucky_stars_reaching_zero_vitality_wounds_and_incapacitates():
    outcome = apply_damage(Health(1, 5, 1), 3)
    assert outcome.health.vitality == 0 and outcome.health.incapacitated
    assert outcome.vitality_lost == 1 and outcome.wound and outcome.wasted == 2


def test_lucky_stars_attacker_chooses_lethal_blow_and_the_defender_is_dying():
    down = apply_damage(fresh_health(3, 1), 3).health
    assert incapacitate(down, lethal=True).condition == "dying"
    assert incapacitate(down, lethal=False).condition == "incapacitated"


def test_lucky_stars_only_zero_vitality_can_be_incapacitated():
    with pytest.raises(ValueError):
        incapacitate(fresh_health(3, 2), lethal=True)


@given(st.integers(1, 12), st.integers(1, 6), st.integers(0, 80))
def test_lucky_stars_every_point_of_damage_is_drained_or_wasted(max_defense, vitality, damage):
    before = fresh_health(max_defense, vitality)
    outcome = apply_damage(before, damage)
    after = outcome.health
    lost = outcome.vitality_lost
    if lost == 0:
        drained = before.defense - after.defense
    else:  # the first DEF, then a full DEF per further VIT, then what the fresh DEF lost
        drained = before.defense + (lost - 1) * max_defense + (max_defense - after.defense if after.vitality else 0)
    assert drained + outcome.wasted == damage
    assert 0 <= after.defense <= max_defense and after.vitality == vitality - outcome.vitality_lost

"""Damage: rolls, armor, shock, NPC and PC hit points, heroic application (SWN core, Seed 000)."""

import pytest

from game.rules.swn.attack import Modifier
from game.rules.swn.damage import (
    DEAD,
    MORTALLY_WOUNDED,
    STABLE,
    UP,
    PcHealth,
    Shock,
    after_armor,
    damage_pc,
    damage_pool,
    effective_armor,
    heroic_reading,
    mortal_wound_ticks,
    reads_on_table,
    roll_damage,
    shock_damage,
    stabilise,
    stabilise_difficulty,
)
from game.rules.dice import ScriptedDice, roll

KNIFE_SHOCK = Shock(1, 15)
MEDIUM_MELEE_SHOCK = Shock(2, 13)


# --- Rolling damage --------------------------------------------------------------------------


def test_heroic_mag_rifle_rolling_5_and_2_deals_3():
    mag_rifle = roll_damage("2d8+2", ScriptedDice([5, 2]))
    assert heroic_reading(mag_rifle.roll).points == 3


def test_combat_rifle_burst_rolling_7_with_dex_1_deals_10():
    damage = roll_damage("1d12", ScriptedDice([7]), attribute_mod=1, burst=True)
    assert damage.total == 10
    assert damage.text() == "1d12+attribute+burst: [7] +1 attribute +2 burst = 10 damage"


def test_negative_attribute_never_makes_damage_below_0():
    assert roll_damage("1d4", ScriptedDice([1]), attribute_mod=-2).total == 0


def test_heroic_burst_bonus_goes_on_the_highest_die():
    damage = roll_damage("2d8", ScriptedDice([8, 3]), attribute_mod=2, burst=True)
    assert heroic_reading(damage.roll).points == 4 + 1  # 8+4 counts 12 -> 4; 3 -> 1


# --- Armor -----------------------------------------------------------------------------------


def test_armor_never_stacks_the_best_source_counts():
    assert effective_armor([6, 8, 2]) == 8


def test_armor_piercing_reduces_armor_not_below_0():
    assert effective_armor([8], piercing=3) == 5
    assert effective_armor([2], piercing=5) == 0
    assert effective_armor([]) == 0


def test_gravtank_armor_8_stops_a_7_point_hit_entirely():
    assert after_armor(7, 8) == 0
    assert after_armor(12, 8) == 4


# --- Shock -----------------------------------------------------------------------------------


def test_knife_miss_against_ac_15_still_deals_shock_1_plus_str():
    assert shock_damage(KNIFE_SHOCK, target_ac=15, attribute_mod=1) == 2


def test_medium_melee_miss_against_ac_14_deals_no_shock():
    assert shock_damage(MEDIUM_MELEE_SHOCK, target_ac=14, attribute_mod=1) == 0


def test_no_shock_in_heroic_campaigns():
    assert shock_damage(KNIFE_SHOCK, target_ac=10, attribute_mod=1, heroic=True) == 0


def test_weapon_without_shock_deals_none():
    assert shock_damage(None, target_ac=10) == 0


def test_shock_with_a_big_negative_attribute_is_0_not_negative():
    assert shock_damage(KNIFE_SHOCK, target_ac=10, attribute_mod=-2) == 0


# --- NPCs and vehicles --------------------------------------------------------------------------


def test_npc_with_5_hp_taking_5_is_out_of_the_fight():
    hit = damage_pool(5, 5)
    assert hit.after == 0 and hit.down
    assert hit.text() == "takes 5: 5 -> 0 HP, down"


def test_npc_with_5_hp_taking_3_fights_on():
    hit = damage_pool(5, 3)
    assert hit.after == 2 and not hit.down and hit.excess == 0


def test_heroic_mag_rifle_drops_a_3_hd_veteran_soldier():
    points = heroic_reading(roll("2d8+2", ScriptedDice([5, 2]))).points
    hit = damage_pool(3, points, "HD")
    assert hit.down and hit.excess == 0


def test_heroic_3_points_drop_a_1_hd_thug_with_2_to_spare():
    hit = damage_pool(1, 3, "HD")
    assert hit.down and hit.excess == 2
    assert hit.text() == "takes 3: 1 -> 0 HD, down (2 to spare)"


def test_heroic_damage_to_a_vehicle_is_read_straight_and_to_a_person_on_the_table():
    assert reads_on_table(heroic=True, target_is_vehicle=False)
    assert not reads_on_table(heroic=True, target_is_vehicle=True)
    assert not reads_on_table(heroic=False, target_is_vehicle=False)


def test_heroic_cover_armor_is_a_penalty_on_the_highest_die():
    # 2d8+2 rolling 5, 2 behind armor 4: highest counts 5+2-4 = 3 -> 1, and 2 -> 1.
    assert heroic_reading(roll("2d8+2", ScriptedDice([5, 2])), armor=4).points == 2


# --- PCs -------------------------------------------------------------------------------------


def test_pc_dropped_to_0_is_mortally_wounded():
    hit = damage_pc(PcHealth(4, 10), 6)
    assert (hit.after.hp, hit.after.state) == (0, MORTALLY_WOUNDED)
    assert hit.text() == "takes 6: 4 -> 0 HP, mortally wounded"


def test_heroic_pc_dropped_to_0_stabilises_automatically():
    assert damage_pc(PcHealth(2, 10), 3, heroic=True).after.state == STABLE


def test_heroic_pc_hurt_again_while_down_dies():
    down = damage_pc(PcHealth(2, 10), 3, heroic=True).after
    assert damage_pc(down, 1, heroic=True).after.state == DEAD


def test_pc_taking_less_than_its_hp_stays_up():
    assert damage_pc(PcHealth(8, 10), 3).after == PcHealth(5, 10, UP)


def test_zero_damage_changes_nothing_even_while_down():
    down = PcHealth(0, 10, MORTALLY_WOUNDED, 2)
    assert damage_pc(down, 0).after == down


def test_mortally_wounded_pc_dies_at_the_sixth_round():
    health = damage_pc(PcHealth(1, 10), 5).after
    for _ in range(5):
        health = mortal_wound_ticks(health)
    assert health.state == MORTALLY_WOUNDED and health.rounds_since_fall == 5
    assert mortal_wound_ticks(health).state == DEAD


def test_stable_pc_does_not_bleed_out():
    stable = PcHealth(0, 10, STABLE, 1)
    assert mortal_wound_ticks(stable) == stable


def test_stabilise_difficulty_is_8_plus_rounds_since_the_fall():
    assert stabilise_difficulty(0) == 8
    assert stabilise_difficulty(3) == 11


def test_heal_2_int_1_rolling_5_and_3_stabilises_after_3_rounds():
    down = PcHealth(0, 10, MORTALLY_WOUNDED, 3)
    result = stabilise(down, (Modifier("Heal", 2, "SWN core, attack rolls"), Modifier("Int", 1, "SWN core, attack rolls")), ScriptedDice([5, 3]))
    assert result.check.difficulty == 11 and result.after.state == STABLE


def test_failed_heal_check_leaves_the_pc_dying():
    down = PcHealth(0, 10, MORTALLY_WOUNDED, 3)
    result = stabilise(down, (Modifier("Heal", 0, "SWN core, attack rolls"),), ScriptedDice([2, 3]))
    assert result.after == down


def test_only_a_mortally_wounded_pc_can_be_stabilised():
    with pytest.raises(ValueError):
        stabilise(PcHealth(5, 10), (), ScriptedDice([6, 6]))


def _brute_mean(expression, attribute, burst, armor, heroic):
    """The mean over every combination of faces, through the very functions an attack uses."""
    from fractions import Fraction
    from itertools import product

    from game.rules.dice import DiceExpression, ScriptedDice
    sizes = DiceExpression.parse(expression).die_sizes
    combos = list(product(*(range(1, s + 1) for s in sizes)))
    total = Fraction(0)
    for faces in combos:
        damage = roll_damage(expression, ScriptedDice(faces), attribute, burst)
        total += heroic_reading(damage.roll, armor).points if heroic else after_armor(damage.total, armor)
    return total / len(combos)


@pytest.mark.parametrize("expression", ["1d8", "2d6", "1d10+1", "3d4", "1d12", "2d8-3"])
@pytest.mark.parametrize("heroic", [False, True])
def test_expected_damage_is_the_exact_mean_of_what_a_hit_deals(expression, heroic):
    from game.rules.swn.damage import expected_damage

    for attribute, burst, armor in ((0, False, 0), (2, True, 0), (1, False, 4), (-1, True, 9)):
        assert expected_damage(expression, attribute, burst, armor, heroic) == _brute_mean(
            expression, attribute, burst, armor, heroic)


def test_a_mag_rifle_against_armor_6_expects_what_is_left():
    from fractions import Fraction

    from game.rules.swn.damage import expected_damage
    # 1d12, less 6 armor: faces 7..12 leave 1..6, so (1 + ... + 6) / 12.
    assert expected_damage("1d12", armor=6) == Fraction(21, 12)

"""Seed 002's extra combat actions, with scripted dice."""

from fractions import Fraction
from itertools import product

import pytest

from game.rules.swn.attack import AttackSetup, Modifier, hit_chance, resolve_attack
from game.rules.swn.damage import expected_charge_blow, heroic_reading
from game.rules.dice import DiceExpression, ScriptedDice
from game.rules.swn.maneuvers import (
    charge_dice,
    charge_lands,
    charge_person,
    charge_vehicle,
    disarm,
    disarm_outcome,
    intimidate,
    pilot_difficulty,
    read_morale,
    roll_direction,
    shove,
    shove_setup,
)

PUNCH = (Modifier("attack bonus", 1, "SWN core, attack rolls"), Modifier("Punch", 1, "SWN core, attack rolls"), Modifier("Str", 0, "SWN core, attack rolls"))
PILOT = (Modifier("Pilot", 2, "SWN core, attack rolls"), Modifier("Dex", 1, "SWN core, attack rolls"))
STAB = (Modifier("attack bonus", 1, "SWN core, attack rolls"), Modifier("Stab", 1, "SWN core, attack rolls"), Modifier("Str", 1, "SWN core, attack rolls"))


# --- Shove ---------------------------------------------------------------------------------


def test_shove_a_2_hd_soldier_is_a_punch_against_ac_11():
    setup = shove_setup(PUNCH, target_hd=2)
    assert shove(setup, ScriptedDice([9])).pushed  # 9 + 2 = 11
    assert not shove(setup, ScriptedDice([8])).pushed


def test_shove_in_power_armor_gains_3():
    setup = shove_setup(PUNCH, target_hd=2, significantly_stronger=True)
    result = shove(setup, ScriptedDice([6]))
    assert result.pushed
    assert result.text() == "shove: d20 6 +1 attack bonus +1 Punch +3 significantly stronger = 11 vs 11: hit; pushed 1 hex"


def test_shove_odds_come_from_the_same_setup():
    assert hit_chance(shove_setup(PUNCH, target_hd=2)) == Fraction(12, 20)


# --- Charge (Person) -----------------------------------------------------------------------


def test_person_charge_with_a_knife_takes_the_higher_of_1d6_and_the_knife():
    result = charge_person(AttackSetup(STAB, 10), ScriptedDice([15, 2, 4]), weapon="1d4", attribute_mod=1)
    assert result.damage == 5 and result.damage_roll == result.weapon.roll
    assert result.target_prone and not result.charger_prone


def test_person_charge_1d6_beats_a_low_weapon_roll():
    result = charge_person(AttackSetup(STAB, 10), ScriptedDice([15, 6, 1]), weapon="1d4", attribute_mod=1)
    assert result.damage == 6 and result.damage_roll == result.d6


@pytest.mark.parametrize(("weapon", "attribute", "armor", "heroic", "mean"), [
    (None, 0, 0, False, Fraction(7, 2)),    # bare hands: the 1d6
    (None, 0, 3, False, Fraction(1)),       # 1d6 against armor 3: faces 4, 5, 6 get 1, 2, 3 through
    ("1d4", 0, 0, False, Fraction(47, 12)),  # the higher of 1d6 and 1d4 (ties to the knife)
    ("1d4", 0, 18, False, Fraction(0)),     # nothing gets through a gravtank's armor
])
def test_a_charges_mean_blow_is_the_higher_of_1d6_and_the_weapon_after_armor(weapon, attribute, armor, heroic, mean):
    assert expected_charge_blow(weapon, attribute, armor, heroic) == mean


def test_a_charges_mean_blow_is_the_mean_of_every_roll_charge_lands_deals_straight_or_heroic():
    for weapon, attribute in (("1d4", 1), ("2d6", -1), ("1d8+1", 0)):
        straight, heroic = [], []
        sizes = DiceExpression.parse(weapon).die_sizes
        for faces in product(range(1, 7), *(range(1, n + 1) for n in sizes)):
            dice = ScriptedDice([20, *faces])
            result = charge_lands(resolve_attack(AttackSetup(STAB, 10), dice), dice, weapon, attribute)
            straight.append(max(0, result.damage - 2))
            heroic.append(heroic_reading(result.damage_roll, 2).points)
        assert expected_charge_blow(weapon, attribute, 2, False) == Fraction(sum(straight), len(straight))
        assert expected_charge_blow(weapon, attribute, 2, True) == Fraction(sum(heroic), len(heroic))


def test_unarmed_charger_failing_evasion_falls_prone_too():
    result = charge_person(AttackSetup(PUNCH, 10), ScriptedDice([15, 4, 9]), evasion_target=14)
    assert result.damage == 4 and result.target_prone and result.charger_prone


def test_unarmed_charger_making_evasion_stays_up():
    result = charge_person(AttackSetup(PUNCH, 10), ScriptedDice([15, 4, 14]), evasion_target=14)
    assert not result.charger_prone


def test_missed_charge_does_nothing_and_rolls_nothing_more():
    dice = ScriptedDice([3, 6, 6])
    result = charge_person(AttackSetup(PUNCH, 10), dice, evasion_target=14)
    assert result.damage == 0 and not result.target_prone and not result.charger_prone
    assert dice.remaining == (6, 6)


def test_unarmed_charge_needs_the_evasion_target():
    with pytest.raises(ValueError):
        charge_person(AttackSetup(PUNCH, 10), ScriptedDice([15]))


# --- Charge (Vehicle/Mech) -------------------------------------------------------------------


def test_vehicle_charge_3_hexes_light_mech_rolls_6d6():
    dice = ScriptedDice([14, 1, 2, 3, 4, 5, 6, 5, 4])
    result = charge_vehicle(AttackSetup(PILOT, 12), dice, "light_mech", 3, PILOT, target_can_fall=True)
    assert result.damage_roll.expression == "6d6" and result.damage == 21
    assert result.pilot.difficulty == 9 and result.pilot.success  # 5 + 4 + 3 = 12
    assert result.charger_damage == 10 and result.target_prone and not result.charger_prone


@pytest.mark.parametrize("size_class, hexes, dice", [
    ("suit_mech", 4, "4d6"), ("ordinary_vehicle", 2, "2d6"), ("gravtank", 3, "6d6"), ("heavy_mech", 2, "8d6"),
])
def test_vehicle_charge_dice_per_hex_by_size_class(size_class, hexes, dice):
    assert charge_dice(size_class, hexes) == dice


def test_pilot_check_after_ramming_is_6_plus_hexes_moved():
    assert pilot_difficulty(5) == 11


def test_failed_pilot_check_hurts_the_charger_as_much_and_knocks_it_prone():
    dice = ScriptedDice([14, 3, 3, 1, 1])
    result = charge_vehicle(AttackSetup(PILOT, 12), dice, "ordinary_vehicle", 2, PILOT, target_can_fall=True)
    assert result.damage == 6 and not result.pilot.success
    assert result.charger_damage == 6 and result.charger_prone and not result.target_prone


def test_a_bigger_target_is_not_knocked_prone_by_a_good_ram():
    dice = ScriptedDice([14, 6, 6, 6])
    result = charge_vehicle(AttackSetup(PILOT, 12), dice, "suit_mech", 1, PILOT, target_can_fall=False)
    assert result.pilot.success and not result.target_prone and result.charger_damage == 3


def test_missed_ram_rolls_no_damage_and_no_pilot_check():
    result = charge_vehicle(AttackSetup(PILOT, 12), ScriptedDice([2]), "heavy_mech", 3, PILOT, True)
    assert result.damage == 0 and result.pilot is None and result.charger_damage == 0 and not result.charger_prone


def test_unknown_size_class_is_named():
    with pytest.raises(ValueError, match="battleship"):
        charge_dice("battleship", 2)


# --- Disarm --------------------------------------------------------------------------------------


@pytest.mark.parametrize("margin, outcome", [
    (5, "attacker decides"), (3, "attacker decides"), (2, "weapon drops"), (1, "weapon drops"),
    (0, "both drop"), (-1, "nothing"),
])
def test_disarm_outcome_by_margin(margin, outcome):
    assert disarm_outcome(margin) == outcome


def test_disarm_winning_by_3_lets_the_attacker_decide():
    # attacker 6+6 +1 Stab +1 Str = 14; defender 3+2 +0 Stab +3 defending = 8
    result = disarm(AttackSetup(STAB, 10), ScriptedDice([12, 6, 6, 3, 2]), STAB[1:], (Modifier("Stab", 0, "SWN core, attack rolls"),))
    assert result.outcome == "attacker decides" and result.drops == ()


def test_disarm_winning_by_1_drops_the_weapon_in_a_random_direction():
    # attacker 4+4+2 = 10; defender 3+2+1+3 = 9; the drop direction 1d6 shows 5, index 4
    result = disarm(AttackSetup(STAB, 10), ScriptedDice([12, 4, 4, 3, 2, 5]), STAB[1:], (Modifier("Stab", 1, "SWN core, attack rolls"),))
    assert result.margin == 1 and result.outcome == "weapon drops"
    assert [d.index for d in result.drops] == [4]


def test_disarm_tie_drops_both_weapons_each_in_its_own_direction():
    result = disarm(AttackSetup(STAB, 10), ScriptedDice([12, 4, 4, 3, 3, 1, 6]), STAB[1:], (Modifier("Stab", 1, "SWN core, attack rolls"),))
    assert result.outcome == "both drop" and [d.index for d in result.drops] == [0, 5]


def test_disarm_losing_the_opposed_roll_does_nothing():
    result = disarm(AttackSetup(STAB, 10), ScriptedDice([12, 1, 1, 3, 3]), STAB[1:], ())
    assert result.outcome == "nothing"


def test_disarm_that_misses_rolls_no_skill_checks():
    result = disarm(AttackSetup(STAB, 20), ScriptedDice([5]), STAB[1:], ())
    assert result.outcome == "missed" and result.attacker is None


def test_direction_roll_of_1_is_index_0():
    assert roll_direction(ScriptedDice([1])).index == 0


# --- Intimidate and Read Morale ----------------------------------------------------------------


def test_intimidate_meeting_morale_8_lowers_it_to_7():
    parts = (Modifier("Lead", 1, "SWN core, attack rolls"), Modifier("Cha", 1, "SWN core, attack rolls"))
    result = intimidate(parts, enemy_morale=8, dice=ScriptedDice([3, 3]))
    assert result.success and result.change.after == 7


def test_intimidate_below_morale_does_nothing():
    result = intimidate((Modifier("Lead", 0, "SWN core, attack rolls"),), enemy_morale=8, dice=ScriptedDice([3, 4]))
    assert not result.success and result.change is None


def test_intimidate_against_a_side_already_intimidated_this_round_rolls_nothing():
    dice = ScriptedDice([6, 6])
    result = intimidate((), enemy_morale=8, dice=dice, enemy_immune=True)
    assert result.check is None and not result.success and dice.remaining == (6, 6)
    assert "this round" in result.text()


def test_read_morale_is_a_difficulty_6_check():
    assert read_morale((Modifier("Notice", 0, "SWN core, attack rolls"), Modifier("Wis", 0, "SWN core, attack rolls")), ScriptedDice([3, 3])).success
    assert not read_morale((Modifier("Notice", -1, "SWN core, attack rolls"),), ScriptedDice([3, 3])).success


def test_what_hero_point_dice_must_make_up_on_a_disarms_opposed_rolls():
    from game.rules.swn.maneuvers import disarm_short_by

    assert disarm_short_by(-12, attacker_lost=True) == 13  # to win by 1: the weapon drops
    assert disarm_short_by(2, attacker_lost=False) == 3  # the defender must come out above
    assert disarm_short_by(0, attacker_lost=False) == 1  # a tie disarms the defender too


def test_a_ram_recoils_half_on_a_pilot_success_and_all_on_a_failure():
    from game.rules.swn.maneuvers import ram_recoil

    assert (ram_recoil(21, True), ram_recoil(21, False)) == (10, 21)

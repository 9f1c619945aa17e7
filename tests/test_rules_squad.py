"""Squads: flat HP, three-band attacks, flat damage (Seed 002, Squads; Ruling: Squads)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.swn.attack import AttackSetup, Modifier
from game.rules.dice import ScriptedDice
from game.rules.swn.squad import (
    area_damage_vs_squad,
    band_chances,
    damage_squad,
    footprint_hexes,
    heal_squad,
    heroic_squad_damage,
    new_squad,
    resolve_squad_attack,
    squad_band,
    squad_damage,
    squad_hp,
    units_left,
)


@pytest.mark.parametrize("total", [-3, 2, 5, 6, 7])
def test_squad_attack_vs_ac10_rolls_7_or_lower_deal_nothing(total):
    assert squad_band(face=5, total=total, ac=10) == "none"


@pytest.mark.parametrize("total", [8, 9, 10, 11, 12])
def test_squad_attack_vs_ac10_rolls_8_to_12_deal_half(total):
    assert squad_band(face=5, total=total, ac=10) == "half"


@pytest.mark.parametrize("total", [13, 14, 25])
def test_squad_attack_vs_ac10_rolls_13_and_up_deal_full(total):
    assert squad_band(face=5, total=total, ac=10) == "full"


def test_squad_natural_20_deals_full_even_far_below_ac():
    assert squad_band(face=20, total=20, ac=30) == "full"


def test_squad_natural_1_deals_nothing_even_above_ac():
    assert squad_band(face=1, total=15, ac=10) == "none"


def test_squad_attack_rolling_9_plus_1_against_ac_10_deals_half():
    result = resolve_squad_attack(AttackSetup((Modifier("attack bonus", 1, "SWN core, attack rolls"),), 10), ScriptedDice([9]))
    assert result.band == "half"
    assert result.text() == "squad attack: d20 9 +1 attack bonus = 10 vs 10: half damage"


def test_band_chances_for_plus_0_against_ac_10():
    chances = band_chances(AttackSetup((), 10))
    assert chances == {"none": Fraction(7, 20), "half": Fraction(5, 20), "full": Fraction(8, 20)}


@given(st.integers(-5, 15), st.integers(0, 30))
def test_band_chances_agree_with_resolving_every_face(bonus, ac):
    setup = AttackSetup((Modifier("attack bonus", bonus, "SWN core, attack rolls"),), ac)
    counts = {"none": 0, "half": 0, "full": 0}
    for face in range(1, 21):
        counts[resolve_squad_attack(setup, ScriptedDice([face])).band] += 1
    assert band_chances(setup) == {band: Fraction(n, 20) for band, n in counts.items()}


@pytest.mark.parametrize("hd, units, hp", [(1, 6, 27), (1, 5, 23), (2, 5, 45), (3, 3, 41)])
def test_squad_hp_is_4_5_per_hit_die_rounded_up_for_the_whole_squad(hd, units, hp):
    assert squad_hp(hd, units) == hp


@pytest.mark.parametrize("hp_left, units", [(27, 6), (23, 6), (22, 5), (18, 4), (1, 1), (0, 0)])
def test_units_left_is_hp_over_4_5_hd_rounded_up(hp_left, units):
    assert units_left(hp_left, hd=1, size=6) == units


def test_five_1_hd_units_at_their_rounded_up_23_hp_are_5_not_6():
    assert units_left(23, hd=1, size=5) == 5
    assert units_left(22, hd=1, size=5) == 5
    assert units_left(18, hd=1, size=5) == 4


def test_six_1_hd_soldiers_taking_10_drop_to_4_units():
    hit = damage_squad(new_squad(hd=1, units=6), 10)
    assert (hit.after.pool, hit.after.units, hit.units_lost) == (17, 4, 2)
    assert hit.text() == "squad takes 10: 27 -> 17 HP, 6 -> 4 units"


def test_heroic_squad_tracks_a_hit_dice_pool():
    squad = new_squad(hd=2, units=5, heroic=True)
    assert (squad.pool, squad.units) == (10, 5)
    hit = damage_squad(squad, 3)
    assert (hit.after.pool, hit.after.units) == (7, 4)


def test_five_riflemen_with_1d12_deal_32_full_and_16_half():
    assert squad_damage("1d12", units=5, band="full").amount == 32  # 6.5 x 5 = 32.5
    assert squad_damage("1d12", units=5, band="half").amount == 16
    assert squad_damage("1d12", units=5, band="none").amount == 0


def test_squad_armor_and_piercing_multiply_by_units():
    # 2d6 averages 7; armor 5 less AP 2 = 3 each; (7 - 3) x 4 units = 16.
    damage = squad_damage("2d6", units=4, band="full", armor=5, piercing=2)
    assert damage.amount == 16
    assert damage.text() == "7 x 4 units less armor 3 each, full: 16 damage"


def test_squad_damage_against_heavy_armor_is_0():
    assert squad_damage("1d6", units=6, band="full", armor=10).amount == 0


def test_heroic_squad_damage_is_fixed_damage_one_point_per_4():
    assert heroic_squad_damage(squad_damage("1d12", units=5, band="full")) == 8


def test_squad_footprint_is_one_hex_per_3_units_rounded_up():
    assert [footprint_hexes(n) for n in (1, 3, 4, 6, 7)] == [1, 1, 2, 2, 3]


def test_grenade_reaching_2_of_5_units_deals_double():
    assert area_damage_vs_squad(7, units_hit=2, units=5) == 14
    assert area_damage_vs_squad(7, units_hit=9, units=5) == 35


@given(st.integers(1, 12), st.integers(0, 60))
def test_a_fresh_squad_counts_exactly_its_units(hd, units):
    assert new_squad(hd, units).units == units
    assert new_squad(hd, units, heroic=True).units == units


@given(st.integers(1, 12), st.integers(1, 30), st.integers(0, 400))
def test_a_squad_never_gains_units_by_taking_damage(hd, units, damage):
    hit = damage_squad(new_squad(hd, units), damage)
    assert 0 <= hit.after.units <= units


def test_healing_six_1_hd_soldiers_at_18_hp_brings_back_one_unit_only():
    squad = damage_squad(new_squad(hd=1, units=6), 9).after  # 18 HP: 4 units
    healed = heal_squad(squad, 8, maximum=27)
    assert (healed.after.pool, healed.after.units, healed.rule) == (22, 5, "one unit at a time")


def test_healing_a_squad_whose_last_unit_is_hurt_tops_it_up_and_stands_one_more():
    squad = damage_squad(new_squad(hd=1, units=6), 8).after  # 19 HP: 5 units, the fifth hurt
    assert heal_squad(squad, 20, maximum=27).after.pool == 27  # 6 x 4.5 = 27: one more unit
    assert heal_squad(squad, 2, maximum=27).after.pool == 21


def test_tissue_integrity_field_multiplies_healing_by_max_units():
    squad = damage_squad(new_squad(hd=2, units=5), 30).after  # 45 -> 15 HP: 2 units
    healed = heal_squad(squad, 4, maximum=45, tissue_field=True)
    assert (healed.after.pool, healed.after.units) == (35, 4)  # 4 x 5 max units = 20
    assert healed.rule == "x5 max units, Tissue Integrity Field"
    assert heal_squad(squad, 9, maximum=45, tissue_field=True).after.pool == 45


def test_a_heroic_squad_heals_hit_dice_one_unit_at_a_time():
    squad = damage_squad(new_squad(hd=2, units=5, heroic=True), 5).after  # 10 -> 5 HD: 3 units
    assert heal_squad(squad, 4, maximum=10).after.pool == 8  # up to 4 units x 2 HD
    assert heal_squad(squad, 2, maximum=10, tissue_field=True).after.pool == 10


@given(st.integers(1, 6), st.integers(1, 20), st.integers(0, 200), st.integers(0, 40))
def test_ordinary_healing_never_stands_more_than_one_unit(hd, units, damage, amount):
    hurt = damage_squad(new_squad(hd, units), damage).after
    healed = heal_squad(hurt, amount, maximum=squad_hp(hd, units)).after
    assert hurt.units <= healed.units <= min(units, hurt.units + 1)
    assert hurt.pool <= healed.pool <= squad_hp(hd, units)

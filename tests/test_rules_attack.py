"""Attack rolls: modifiers by name, range bands, and odds that agree with resolution (SWN core, Seed 002)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.hexgrid import range_in_hexes
from game.rules.swn.attack import (
    AttackSetup,
    Modifier,
    Situation,
    hit_chance,
    make_setup,
    modifier_breakdown,
    needed_face,
    pc_attack_bonus,
    range_band,
    resolve_attack,
    target_number,
)
from game.rules.dice import ScriptedDice

RIFLEMAN = (Modifier("attack bonus", 1, "SWN core, attack rolls"), Modifier("Shoot", 1, "SWN core, attack rolls"), Modifier("Dex", 1, "SWN core, attack rolls"))


def names(setup):
    return [m.text() for m in modifier_breakdown(setup)]


# --- Range bands (Ruling: Grid, hexes = ceil(metres / 3)) ----------------------------------


def test_semi_auto_pistol_30_100_m_is_normal_to_10_hexes_long_to_34():
    assert range_band(10, 30, 100) == "normal"
    assert range_band(11, 30, 100) == "long"
    assert range_band(34, 30, 100) == "long"  # 100 m is 33.3 hexes, rounded up
    assert range_band(35, 30, 100) == "out_of_range"


def test_shotgun_10_m_normal_range_rounds_up_to_4_hexes():
    assert range_in_hexes(10) == 4
    assert range_band(4, 10, 30) == "normal"
    assert range_band(5, 10, 30) == "long"


def test_an_attack_out_of_range_is_refused_before_it_is_built():
    with pytest.raises(ValueError):
        Situation(range_band="out_of_range")


# --- PC attack bonus (SWN core) -------------------------------------------------------------


@pytest.mark.parametrize("pc_class, level, bonus", [
    ("Warrior", 1, 1), ("Warrior", 5, 5), ("Expert", 1, 0), ("Expert", 5, 2), ("Psychic", 4, 2),
])
def test_warrior_attack_bonus_is_level_expert_and_psychic_half(pc_class, level, bonus):
    assert pc_attack_bonus(pc_class, level) == bonus


def test_unknown_class_names_the_known_ones():
    with pytest.raises(ValueError, match="expert, psychic, warrior"):
        pc_attack_bonus("Bard", 3)


# --- Named modifiers --------------------------------------------------------------------------


def test_burst_fire_at_long_range_lists_both_by_name():
    setup = make_setup(RIFLEMAN, 13, Situation(burst=True, range_band="long"))
    assert names(setup) == ["+1 attack bonus", "+1 Shoot", "+1 Dex", "+2 burst fire", "-2 long range"]


def test_long_gun_with_enemy_adjacent_is_minus_4():
    assert names(make_setup((), 10, Situation(long_gun_enemy_adjacent=True))) == ["-4 long gun with enemy adjacent"]


def test_overwatch_is_minus_2_and_aimed_shot_minus_4():
    assert names(make_setup((), 10, Situation(overwatch=True))) == ["-2 overwatch"]
    assert names(make_setup((), 10, Situation(aimed=True))) == ["-4 aimed shot"]


def test_untrained_attacker_takes_minus_2():
    assert names(make_setup((), 10, Situation(untrained=True))) == ["-2 untrained"]


def test_melee_vs_prone_is_plus_2():
    assert names(make_setup((), 10, Situation(melee=True, target_prone=True))) == ["+2 melee vs prone"]


def test_prone_target_beyond_1_hex_is_partly_obscured_by_default():
    setup = make_setup((), 10, Situation(target_prone=True, distance_hexes=3))
    assert names(setup) == []
    assert setup.concealment == 2
    assert target_number(setup) == 12


def test_prone_concealment_does_not_stack_with_heavier_concealment():
    setup = make_setup((), 10, Situation(target_prone=True, distance_hexes=3), terrain_concealment=4)
    assert target_number(setup) == 14


def test_prone_target_beyond_1_hex_with_core_rule_is_minus_2_to_hit():
    setup = make_setup((), 10, Situation(target_prone=True, distance_hexes=3, prone_as_concealment=False))
    assert names(setup) == ["-2 ranged vs prone beyond 1 hex"]
    assert target_number(setup) == 10


def test_prone_target_in_the_next_hex_gives_no_ranged_modifier():
    setup = make_setup((), 10, Situation(target_prone=True, distance_hexes=1))
    assert names(setup) == [] and target_number(setup) == 10


@pytest.mark.parametrize("score, expected", [
    (2, ["-4 panicked morale"]), (4, ["-2 tactical retreat morale"]), (8, []),
    (11, ["+2 bold morale"]), (13, ["+4 fearless morale"]),
])
def test_attacking_side_morale_band_modifies_the_attack(score, expected):
    assert names(make_setup((), 10, Situation(attacker_morale=score))) == expected


def test_panicked_target_is_harder_to_hit_and_fearless_easier():
    assert target_number(make_setup((), 10, Situation(target_morale=1))) == 11
    assert target_number(make_setup((), 10, Situation(target_morale=15))) == 9


def test_total_defense_adds_2_ac():
    assert target_number(make_setup((), 10, Situation(total_defense=True))) == 12


def test_zero_parts_are_left_out_of_the_breakdown():
    setup = AttackSetup((Modifier("attack bonus", 0, "SWN core, attack rolls"), Modifier("Dex", 1, "SWN core, attack rolls")), 10)
    assert names(setup) == ["+1 Dex"]


# --- Resolution --------------------------------------------------------------------------------


def test_rifleman_rolls_10_plus_3_against_ac_13_and_hits():
    result = resolve_attack(AttackSetup(RIFLEMAN, 13), ScriptedDice([10]))
    assert (result.face, result.total, result.target, result.hit) == (10, 13, 13, True)
    assert result.text() == "d20 10 +1 attack bonus +1 Shoot +1 Dex = 13 vs 13: hit"


def test_natural_1_misses_even_against_ac_1():
    result = resolve_attack(AttackSetup((Modifier("attack bonus", 10, "SWN core, attack rolls"),), 1), ScriptedDice([1]))
    assert not result.hit and result.natural
    assert "natural 1" in result.text()


def test_natural_20_hits_even_against_ac_40():
    result = resolve_attack(AttackSetup((), 40), ScriptedDice([20]))
    assert result.hit and result.natural


def test_log_text_shows_what_makes_up_the_target_number():
    setup = make_setup(RIFLEMAN, 13, Situation(target_morale=1), terrain_concealment=2)
    result = resolve_attack(setup, ScriptedDice([12]))
    assert result.text() == "d20 12 +1 attack bonus +1 Shoot +1 Dex = 15 vs 16 (AC 13 +2 concealment +1 panicked morale): miss"


def test_needed_face_against_ac_13_with_plus_3_is_10():
    assert needed_face(AttackSetup(RIFLEMAN, 13)) == 10


def test_needed_face_is_never_below_2_nor_above_20():
    assert needed_face(AttackSetup((Modifier("attack bonus", 30, "SWN core, attack rolls"),), 10)) == 2
    assert needed_face(AttackSetup((), 50)) == 20


# --- Exact odds ----------------------------------------------------------------------------------


def brute_force_chance(bonus: int, target: int) -> Fraction:
    hits = 0
    for face in range(1, 21):
        if face == 20 or (face != 1 and face + bonus >= target):
            hits += 1
    return Fraction(hits, 20)


def test_rifleman_against_ac_13_hits_11_times_in_20():
    assert hit_chance(AttackSetup(RIFLEMAN, 13)) == Fraction(11, 20)


def test_hopeless_attack_still_hits_1_in_20_and_sure_one_misses_1_in_20():
    assert hit_chance(AttackSetup((), 99)) == Fraction(1, 20)
    assert hit_chance(AttackSetup((Modifier("attack bonus", 99, "SWN core, attack rolls"),), 1)) == Fraction(19, 20)


setups = st.builds(
    AttackSetup,
    bonus=st.lists(st.builds(Modifier, st.sampled_from(["attack bonus", "skill", "Dex"]), st.integers(-5, 12)),
                   max_size=3).map(tuple),
    target_ac=st.integers(-5, 30),
    concealment=st.sampled_from([0, 2, 4, 6]),
    situational=st.lists(st.builds(Modifier, st.just("situational"), st.integers(-6, 6)), max_size=3).map(tuple),
    defence=st.lists(st.builds(Modifier, st.just("defence"), st.integers(-2, 2)), max_size=2).map(tuple),
)


@given(setups)
def test_hit_chance_equals_brute_force_enumeration(setup):
    bonus = sum(m.value for m in setup.bonus + setup.situational)
    target = setup.target_ac + setup.concealment + sum(m.value for m in setup.defence)
    assert hit_chance(setup) == brute_force_chance(bonus, target)


@given(setups)
def test_resolving_every_face_agrees_with_hit_chance(setup):
    hits = sum(resolve_attack(setup, ScriptedDice([face])).hit for face in range(1, 21))
    assert Fraction(hits, 20) == hit_chance(setup)

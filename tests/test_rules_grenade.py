"""Grenades: the throw, the scatter, and each victim's share of the blast (Seed 002, Ruling: Grenades)."""

from fractions import Fraction

from game.rules.swn.attack import Modifier, Situation, hit_chance, target_number
from game.rules.dice import ScriptedDice, roll
from game.rules.swn.grenade import (
    blast_damage,
    blast_victim,
    grenade_setup,
    throw_grenade,
)

THROWER = (Modifier("attack bonus", 1, "SWN core, attack rolls"), Modifier("Exert", 1, "SWN core, attack rolls"), Modifier("Dex", 0, "SWN core, attack rolls"))


def test_grenade_at_a_target_mostly_obscured_is_against_ac_14():
    assert target_number(grenade_setup(THROWER, Situation(), concealment=4)) == 14


def test_grenade_ignores_the_targets_own_ac():
    setup = grenade_setup(THROWER, Situation())
    assert setup.target_ac == 10 and hit_chance(setup) == Fraction(13, 20)


def test_grenade_hit_lands_on_the_target_and_ignores_cover():
    throw = throw_grenade(grenade_setup(THROWER, Situation()), ScriptedDice([8]))
    assert throw.on_target and throw.ignores_cover and throw.scatter is None


def test_grenade_miss_scatters_2_hexes_in_direction_3():
    throw = throw_grenade(grenade_setup(THROWER, Situation(), concealment=2), ScriptedDice([9, 2, 4]))
    assert not throw.on_target and not throw.ignores_cover
    assert (throw.scatter.hexes, throw.scatter.direction_index) == (2, 3)
    assert throw.text().endswith("scatters 2 hexes in direction 3")


def test_frag_2d6_rolling_9_halved_on_a_save_is_4():
    assert blast_damage(9, saved=True) == 4
    assert blast_damage(9, saved=False) == 9


def test_blast_armor_comes_off_before_halving():
    assert blast_damage(9, saved=True, armor=2) == 3


def test_victim_saving_against_14_takes_half_of_the_frag():
    frag = roll("2d6", ScriptedDice([5, 4]))
    hit = blast_victim(frag, save_target=14, dice=ScriptedDice([16]))
    assert hit.save.success and hit.damage == 4
    assert hit.text() == "Evasion save d20 16 vs 14: saved; takes 4"


def test_victim_behind_a_brick_wall_from_the_scatter_point_keeps_its_armor():
    frag = roll("2d6", ScriptedDice([5, 4]))
    assert blast_victim(frag, save_target=14, dice=ScriptedDice([3]), armor=6).damage == 3


def test_heroic_grenade_dealing_2_points_wipes_out_1_hd_soldiers_halved_on_a_save():
    frag = roll("2d6", ScriptedDice([4, 3]))  # 1 + 1 points
    assert blast_victim(frag, save_target=15, dice=ScriptedDice([2]), heroic=True).damage == 2
    assert blast_victim(frag, save_target=15, dice=ScriptedDice([18]), heroic=True).damage == 1

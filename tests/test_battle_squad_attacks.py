"""A squad's attack in the battle (seed 002, Squads): one roll read in three bands against the
target number, flat damage of the weapon's average times the units standing, armor likewise."""

from fractions import Fraction

import pytest

from game.actions import Attack
from game.components import Armament, Health, Squad
from game.events import Damaged, SquadVolley
from game.hexgrid import Hex
from game.systems.rulesets.swn.checks import evasion_save

from kit import battle_at, scene_of, texts, unit


def _volley(face: int, target_type: str = "thug", ruleset: str = "swn", burst: bool = False, **target):
    """Five veteran soldiers (combat rifles, 1d12, attack +0 here) fire at a target of AC 10."""
    target = {"ac": 10, "hp": 100, **target}
    units = [unit(1, "veteran_soldier", "allies", Hex(0, 0), count=5, name="Rifles", attack_bonus=0),
             unit(2, target_type, "enemies", Hex(3, 0), name="Rook", **target)]
    battle = battle_at(units, first=1, ruleset=ruleset)
    outcome = battle.submit(Attack(1, target=2, burst=burst, faces=(face,)))
    return battle, texts(outcome), outcome.events


@pytest.mark.parametrize("face, band", [(2, "none"), (7, "none"), (8, "half"), (12, "half"),
                                        (13, "full"), (19, "full")])
def test_against_ac_10_seven_or_less_is_nothing_8_to_12_half_13_and_up_full(face, band):
    battle, _, events = _volley(face)
    volley = next(e for e in events if isinstance(e, SquadVolley))
    assert volley.band == band
    assert battle.world.get(2, Health).current == 100 - {"none": 0, "half": 16, "full": 32}[band]


def test_five_combat_rifles_hitting_full_deal_6_5_times_5_rounded_down():
    _, lines, _ = _volley(15)
    assert lines[0] == ("Rifles fire as a squad at Rook with combat rifles: d20 15 = 15 vs 10: full damage; "
                        "6.5 x 5 units, full: 32 damage.")


def test_a_natural_20_is_full_damage_even_against_high_ac():
    battle, _, _ = _volley(20, ac=30)
    assert battle.world.get(2, Health).current == 68


def test_a_miss_by_3_or_more_deals_nothing_and_spends_the_round():
    battle, lines, _ = _volley(7)
    assert lines == ["Rifles fire as a squad at Rook with combat rifles: d20 7 = 7 vs 10: no damage."]
    assert battle.world.get(1, Armament).rounds == 29


def test_armor_is_multiplied_by_the_units_like_the_damage():
    battle, lines, _ = _volley(15, target_type="ground_car", armor=3)  # (6.5 - 3) x 5 = 17.5
    assert battle.world.get(2, Health).current == 83
    assert "6.5 x 5 units less armor 3 each, full: 17 damage" in lines[0]


def test_a_burst_adds_2_to_each_units_average_and_spends_3_rounds():
    battle, lines, _ = _volley(13, burst=True)  # +2 to hit: 15; (6.5 + 2) x 5 = 42
    assert battle.world.get(2, Health).current == 58
    assert battle.world.get(1, Armament).rounds == 27


def test_in_heroic_mode_a_squads_flat_damage_reads_as_fixed_damage():
    battle, lines, _ = _volley(15, ruleset="swn-heroic", nemesis=True)  # 32 -> 8 points
    assert battle.world.get(2, Health).current == 92
    assert lines[0].endswith("6.5 x 5 units, full: 32 damage (heroic: 8 points).")


def test_the_attack_option_shows_the_volleys_mean_damage():
    # +0 against AC 10: 7 faces none, 5 half (16), 8 full (32): (5 x 16 + 8 x 32) / 20 = 16.8
    units = [unit(1, "veteran_soldier", "allies", Hex(0, 0), count=5, name="Rifles", attack_bonus=0),
             unit(2, "thug", "enemies", Hex(3, 0), name="Rook", ac=10, hp=100)]
    battle = battle_at(units, first=1)
    option = next(o for o in battle.options(1).allowed("attack") if o.target == 2)
    assert option.expected_damage == Fraction(336, 20)


def test_a_heroic_squad_hit_loses_hit_dice_from_its_pool_and_units_with_them():
    # Seed 000 + seed 002: five 2 HD soldiers pool 10 HD; a combat rifle rolling 12 (+1 Dex)
    # reads 13 on the heroic table: 4 points off the pool, 6 HD left, 3 units standing.
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Voss"),
             unit(2, "veteran_soldier", "enemies", Hex(3, 0), count=5, name="Reds")]
    battle = battle_at(units, first=1, ruleset="swn-heroic")
    assert battle.world.get(2, Health) == Health(10, 10, "hd")
    outcome = battle.submit(Attack(1, target=2, faces=(20, 12)))
    assert next(e for e in outcome.events if isinstance(e, Damaged)).amount == 4
    assert (battle.world.get(2, Health).current, battle.world.get(2, Squad).units) == (6, 3)


def test_a_squad_saves_as_one_npc_of_its_type():
    # Seed 002, Saving Throw: five 2 HD soldiers save like one: 15 - 2 // 2 = 14.
    units = [unit(1, "veteran_soldier", "allies", Hex(0, 0), count=5, name="Rifles"),
             unit(2, "veteran_soldier", "enemies", Hex(3, 0), name="Rook")]
    scene = scene_of(battle_at(units, first=1))
    assert evasion_save(scene, 1) == evasion_save(scene, 2) == 14


def test_the_attack_option_shows_each_bands_chance_and_the_window_reads_them():
    # +0 against AC 10: faces 1-7 none, 8-12 half, 13-20 full (the 20 among them)
    from game.ui.overlays import odds_words

    units = [unit(1, "veteran_soldier", "allies", Hex(0, 0), count=5, name="Rifles", attack_bonus=0),
             unit(2, "thug", "enemies", Hex(3, 0), name="Rook", ac=10, hp=100),
             unit(3, "thug", "enemies", Hex(0, 3), name="Lone", ac=10, hp=100, attack_bonus=0)]
    battle = battle_at(units, first=1)
    option = next(o for o in battle.options(1).allowed("attack") if o.target == 2)
    assert dict(option.bands) == {"none": Fraction(7, 20), "half": Fraction(5, 20), "full": Fraction(8, 20)}
    assert odds_words(option) == "full 40% / half 25%"
    lone = battle_at(units, first=3)
    single = next(o for o in lone.options(3).allowed("attack") if o.target == 1)
    assert single.bands == () and odds_words(single) == f"{round(float(single.odds.chance) * 100)}%"

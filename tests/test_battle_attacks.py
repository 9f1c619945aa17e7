"""Attacks through the facade: odds equal outcome, cover, concealment, damage, death, shock."""

from fractions import Fraction

from game.actions import Attack, DefendTotally, EndTurn, GoProne
from game.battle import Battle
from game.components import Armament, Dead, Fallen, Health, MortallyWounded
from game.hexgrid import Hex
from game.systems.rulesets.swn.line_of_fire import meat_shield
from game.scenario.model import Terrain

from kit import FOREST, LOW_WALL, WALL, battle_at, pass_turns_until, texts, unit
from kit import attack_plans, scene_of


def _battle(units, first: int, **kwargs) -> Battle:
    """A battle where combatant `first` has the turn."""
    return battle_at(units, first, seed=3, **kwargs)


def _plan(battle, attacker, target, **options):
    return dict(attack_plans(battle, attacker, **options))[target]


SOLDIER_VS_PC = [unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Sgt Voss"),
                 unit(2, "pc_warrior", "pcs", Hex(5, 0), name="Ana")]


def test_soldier_hits_ac16_on_14_or_better_and_the_window_shows_35_percent():
    battle = _battle(SOLDIER_VS_PC, first=1)
    plan = _plan(battle, 1, 2)
    assert plan.setup.target_ac == 16
    assert plan.chance == Fraction(7, 20)  # d20 + 2 >= 16: faces 14..20


def test_a_hit_rolls_weapon_damage_and_takes_hit_points():
    battle = _battle(SOLDIER_VS_PC, first=1)
    outcome = battle.submit(Attack(1, target=2, faces=(14, 9)))
    assert outcome.accepted, outcome.reason
    assert battle.world.get(2, Health).current == 18 - 9
    texts = list(outcome.lines)
    assert any("d20 14 +2 attack bonus = 16 vs 16: hit" in t for t in texts)
    assert any("[9]" in t for t in texts)
    assert battle.world.get(1, Armament).rounds == 29


def test_a_miss_rolls_only_the_d20():
    battle = _battle(SOLDIER_VS_PC, first=1)
    outcome = battle.submit(Attack(1, target=2, faces=(13,)))
    assert outcome.accepted and battle.world.get(2, Health).current == 18


def test_natural_20_always_hits_and_natural_1_always_misses():
    units = [unit(1, "civilian", "enemies", Hex(0, 0)), unit(2, "pc_warrior", "pcs", Hex(1, 0), ac=30)]
    battle = _battle(units, first=1)
    assert battle.submit(Attack(1, target=2, faces=(20, 2))).accepted
    assert battle.world.get(2, Health).current == 16


def test_unused_hand_entered_dice_refuse_the_action_and_change_nothing():
    battle = _battle(SOLDIER_VS_PC, first=1)
    before = battle.state
    outcome = battle.submit(Attack(1, target=2, faces=(2, 5, 5)))
    assert not outcome.accepted and "not needed" in outcome.reason
    assert battle.state is before


def test_a_face_too_big_for_the_die_is_refused():
    battle = _battle(SOLDIER_VS_PC, first=1)
    outcome = battle.submit(Attack(1, target=2, faces=(21,)))
    assert outcome.reason == "the face 21 you entered cannot come up on a d20"


def test_concealment_raises_the_number_needed():
    battle = _battle(SOLDIER_VS_PC, first=1, terrain={Hex(5, 0): FOREST})
    plan = _plan(battle, 1, 2)
    assert plan.cover.concealment_bonus == 4 and plan.chance == Fraction(3, 20)


def test_cover_armor_is_subtracted_from_damage_and_ignored_by_aimed_shots():
    # Ana crouches behind a brick wall (6 vs TL2); a knife is TL0.
    units = [unit(1, "thug", "enemies", Hex(0, 0), weapon="shotgun"),
             unit(2, "pc_warrior", "pcs", Hex(3, 0))]
    battle = _battle(units, first=1, terrain={Hex(2, 0): LOW_WALL})
    plan = _plan(battle, 1, 2)
    assert plan.cover.armor == 6 and plan.cover.material.id == "thin_stone"
    outcome = battle.submit(Attack(1, target=2, faces=(19, 4, 4, 2)))  # 3d4 = 10, minus 6 armor
    assert battle.world.get(2, Health).current == 18 - 4
    assert any(line.endswith("[4, 4, 2] = 10 - 6 armor = 4.") for line in outcome.lines)


def test_aimed_shot_takes_minus_4_and_ignores_cover_armor():
    units = [unit(1, "thug", "enemies", Hex(0, 0), weapon="shotgun"),
             unit(2, "pc_warrior", "pcs", Hex(3, 0))]
    battle = _battle(units, first=1, terrain={Hex(2, 0): LOW_WALL})
    plan = _plan(battle, 1, 2, aimed=True)
    assert plan.ignores_cover_armor and any(m.name == "aimed shot" and m.value == -4 for m in plan.setup.situational)
    battle.submit(Attack(1, target=2, aimed=True, faces=(20, 4, 4, 2)))
    assert battle.world.get(2, Health).current == 18 - 10


def test_no_line_of_sight_through_a_wall():
    battle = _battle(SOLDIER_VS_PC, first=1, terrain={Hex(2, 0): WALL})
    plan = _plan(battle, 1, 2)
    assert isinstance(plan, str) and plan.startswith("no line of sight")
    outcome = battle.submit(Attack(1, target=2))
    assert not outcome.accepted and outcome.reason.startswith("no line of sight")


def test_out_of_range_is_refused_with_the_distance():
    units = [unit(1, "thug", "enemies", Hex(0, 0), weapon="shotgun"), unit(2, "pc_warrior", "pcs", Hex(-11, 0))]
    battle = _battle(units, first=1, radius=12)
    assert battle.submit(Attack(1, target=2)).reason == "out of range (33 m; Shotgun reaches 30 m)"


def test_shotgun_10_metres_reach_4_hexes_and_the_5th_is_long_range_at_minus_2():
    for gap, expected in ((4, []), (5, [-2])):
        units = [unit(1, "thug", "enemies", Hex(0, 0), weapon="shotgun"), unit(2, "pc_warrior", "pcs", Hex(-gap, 0))]
        battle = _battle(units, first=1)
        assert [m.value for m in _plan(battle, 1, 2).setup.situational if m.name == "long range"] == expected


def test_long_range_costs_2_and_prone_at_range_is_partly_obscured():
    units = [unit(1, "veteran_soldier", "enemies", Hex(0, 0), weapon="semi_auto_pistol"),
             unit(2, "pc_warrior", "pcs", Hex(6, 0))]
    battle = _battle(units, first=1, radius=7)
    plan = _plan(battle, 1, 2)  # 6 hexes = 18 m: within the pistol's 30 m
    assert all(m.name != "long range" for m in plan.setup.situational)
    battle.submit(EndTurn(1))
    battle.submit(GoProne(2))
    assert _plan(battle, 1, 2).setup.concealment == 2


def test_long_gun_with_an_enemy_adjacent_takes_minus_4_pistols_do_not():
    units = [unit(1, "veteran_soldier", "enemies", Hex(0, 0)), unit(2, "pc_warrior", "pcs", Hex(1, 0)),
             unit(3, "veteran_soldier", "enemies", Hex(0, 1), weapon="semi_auto_pistol")]
    battle = _battle(units, first=1)
    assert [m.value for m in _plan(battle, 1, 2).setup.situational] == [-4]
    while battle.current() != 3:
        battle.submit(EndTurn(battle.current()))
    assert [m.value for m in _plan(battle, 3, 2).setup.situational] == []


def test_an_npc_at_zero_is_down_and_frees_its_hex():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "civilian", "enemies", Hex(1, 0), hp=3),
             unit(3, "thug", "enemies", Hex(-4, 0))]
    battle = _battle(units, first=1)
    battle.submit(Attack(1, target=2, faces=(15, 3)))  # rifle 1d12 3 +1 DEX
    assert battle.world.has(2, Dead) and battle.world.at(Hex(1, 0)) is None
    assert battle.world.get(2, Fallen).hex == Hex(1, 0)


def test_a_pc_at_zero_is_mortally_wounded_and_dies_six_rounds_later():
    units = [unit(1, "thug", "enemies", Hex(0, 0)), unit(2, "pc_warrior", "pcs", Hex(1, 0), hp=2),
             unit(3, "pc_expert", "pcs", Hex(-4, 0))]
    battle = _battle(units, first=1)
    battle.submit(Attack(1, target=2, faces=(20, 6)))
    assert battle.world.has(2, MortallyWounded) and not battle.world.has(2, Dead)
    fell = battle.state.round
    while battle.state.round < fell + 6:
        battle.submit(EndTurn(battle.current()))
    assert battle.world.has(2, Dead)


def test_knife_shock_still_hurts_on_a_miss_against_low_ac():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), weapon="knife"),
             unit(2, "civilian", "enemies", Hex(1, 0), hp=5), unit(3, "thug", "enemies", Hex(-4, 0))]
    battle = _battle(units, first=1)
    outcome = battle.submit(Attack(1, target=2, faces=(2,)))  # 2 +3 +1 +1 = 7 vs AC 10: miss
    assert outcome.accepted
    assert battle.world.get(2, Health).current == 5 - (1 + 1)  # shock 1 + STR 1


def test_battle_ends_when_one_camp_is_left():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "civilian", "enemies", Hex(1, 0), hp=1)]
    battle = _battle(units, first=1)
    outcome = battle.submit(Attack(1, target=2, faces=(15, 3)))
    assert battle.state.ended and battle.state.winner == "pcs" and battle.current() is None
    assert "hold the field" in outcome.lines[-1]
    assert battle.submit(EndTurn(1)).reason == "the battle is over"


def test_shock_compares_the_number_rolled_against_not_the_bare_ac():
    # Knife: Shock 1 / AC 15. A civilian at AC 14 on total defense is rolled against at 16.
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), weapon="knife"),
             unit(2, "civilian", "enemies", Hex(1, 0), hp=5, ac=14), unit(3, "thug", "enemies", Hex(-4, 0))]
    battle = _battle(units, first=2)
    battle.submit(DefendTotally(2))
    pass_turns_until(battle, 1)
    outcome = battle.submit(Attack(1, target=2, faces=(2,)))
    assert "vs 16 (AC 14 +2 total defense): miss" in " ".join(texts(outcome))
    assert battle.world.get(2, Health).current == 5  # 16 is above the knife's shock AC of 15


def test_a_friendly_squad_in_the_line_of_fire_is_a_meat_shield():
    # Seed 002 Meat Shields: the officer behind his own squad cannot be shot through it.
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)),
             unit(2, "veteran_soldier", "enemies", Hex(2, 0), count=3, name="Red squad"),
             unit(3, "veteran_soldier", "enemies", Hex(4, 0), name="Officer")]
    battle = _battle(units, first=1)
    assert _plan(battle, 1, 3) == "Red squad (a squad on their side) is in the line of fire"
    assert not isinstance(_plan(battle, 1, 2), str)  # the squad itself can be shot


def test_an_enemy_squad_in_between_shields_nobody():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)),
             unit(2, "veteran_soldier", "pcs", Hex(2, 0), count=3, name="Our squad"),
             unit(3, "veteran_soldier", "enemies", Hex(4, 0), name="Officer")]
    battle = _battle(units, first=1)
    assert not isinstance(_plan(battle, 1, 3), str)


FORCEFIELD = Terrain("pretech forcefield", concealment="none", material="pretech_forcefield")  # 12 vs TL5
BULKHEAD = Terrain("pretech bulkhead", move_cost=2, material="pretech")  # also 12 vs TL5
FIELD_THEN_BULKHEAD = (FORCEFIELD, BULKHEAD)


def test_an_aimed_shot_gets_past_cover_but_not_past_a_pretech_forcefield():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), weapon="mag_rifle"), unit(2, "elite_trooper", "enemies", Hex(3, 0))]
    behind_bulkhead = _battle(units, first=1, terrain={Hex(2, 0): BULKHEAD})
    assert _plan(behind_bulkhead, 1, 2, aimed=True).cover_armor == 0
    behind_field = _battle(units, first=1, terrain={Hex(2, 0): FIELD_THEN_BULKHEAD[0]})
    assert _plan(behind_field, 1, 2, aimed=True).cover_armor == 12
    # A second material of equal armor beside the field must not let the aimed shot through.
    both = _battle(units, first=1, terrain=dict(zip((Hex(2, 0), Hex(3, 0)), FIELD_THEN_BULKHEAD)))
    plan = _plan(both, 1, 2, aimed=True)
    assert plan.cover.armor == 12 and plan.cover_armor == 12



def test_an_enemy_squad_does_not_shield_a_bystander():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)),
             unit(2, "veteran_soldier", "enemies", Hex(2, 0), count=3, name="Red squad"),
             unit(3, "civilian", "bystanders", Hex(4, 0), name="Clerk")]
    battle = _battle(units, first=1)
    assert meat_shield(scene_of(battle), Hex(0, 0), 3) is None

"""Seed 002 Shove through the facade: a Punch attack vs AC 9 + HD that pushes one hex away."""

from fractions import Fraction

from game.actions import EndTurn, GoProne, SetOverwatch, Shove
from game.battle import Battle
from game.components import Health, Position, TurnBudget
from game.events import Moved
from game.hexgrid import Hex
from game.systems.rulesets.swn.overwatch import watchers_of
from game.systems.rulesets.swn.shove import shove_targets

from kit import CHASM, FOREST, WALL, battle_at, unit
from kit import scene_of

ANA_AND_VOSS = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
                unit(2, "veteran_soldier", "enemies", Hex(1, 0), name="Voss", hp=10)]


def _battle(units=ANA_AND_VOSS, first: int = 1, **kwargs) -> Battle:
    """A battle where combatant `first` has the turn."""
    return battle_at(units, first, seed=5, **kwargs)


def _plan(battle: Battle, actor: int, target: int):
    return dict(shove_targets(scene_of(battle), actor))[target]


def _texts(outcome) -> str:
    return " | ".join(outcome.lines)


def test_shoving_a_2_hd_veteran_is_a_punch_against_ac_11():
    battle = _battle()
    plan = _plan(battle, 1, 2)
    assert plan.setup.target_ac == 11 and plan.chance == Fraction(14, 20)  # d20 + 4 >= 11: 7..20
    outcome = battle.submit(Shove(1, target=2, faces=(7,)))
    assert outcome.accepted, outcome.reason
    assert "Ana shoves Voss: d20 7 +3 attack bonus +1 STR = 11 vs 11: hit." in _texts(outcome)
    assert battle.world.get(2, Position).hex == Hex(2, 0)


def test_the_push_is_one_hex_straight_away_from_the_shover():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
             unit(2, "veteran_soldier", "enemies", Hex(0, 1), name="Voss")]
    battle = _battle(units)
    assert _plan(battle, 1, 2).to == Hex(0, 2)
    outcome = battle.submit(Shove(1, target=2, faces=(20,)))
    moved = [e for e in outcome.events if isinstance(e, Moved)]
    assert moved[0].path == (Hex(0, 1), Hex(0, 2)) and "forced movement: no overwatch" in battle.describe(moved[0])


def test_a_missed_shove_leaves_the_target_where_it_stands():
    battle = _battle()
    outcome = battle.submit(Shove(1, target=2, faces=(6,)))
    assert outcome.accepted and "= 10 vs 11: miss" in _texts(outcome)
    assert battle.world.get(2, Position).hex == Hex(1, 0)
    assert battle.world.get(1, TurnBudget).main is False


def test_the_odds_shown_are_the_faces_that_push():
    battle = _battle()
    chance = _plan(battle, 1, 2).chance
    pushed = 0
    for face in range(1, 21):
        assert battle.submit(Shove(1, target=2, faces=(face,))).accepted
        pushed += battle.world.get(2, Position).hex == Hex(2, 0)
        battle.undo()
    assert Fraction(pushed, 20) == chance


def test_shoving_in_power_armor_gains_3():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", might=1),
             unit(2, "thug", "enemies", Hex(1, 0), name="Rook")]
    battle = _battle(units)
    plan = _plan(battle, 1, 2)
    assert plan.setup.target_ac == 10 and plan.chance == Fraction(18, 20)  # d20 + 7 >= 10: 3..20
    outcome = battle.submit(Shove(1, target=2, faces=(3,)))
    assert "d20 3 +3 attack bonus +1 STR +3 significantly stronger = 10 vs 10: hit" in _texts(outcome)


def test_equal_might_gains_nothing():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", might=1),
             unit(2, "thug", "enemies", Hex(1, 0), name="Rook", might=1)]
    assert all(m.name != "significantly stronger" for m in _plan(_battle(units), 1, 2).setup.situational)


def test_an_npc_shoves_with_its_attack_bonus_against_ac_9_plus_a_pcs_level():
    battle = _battle(first=2)
    plan = _plan(battle, 2, 1)
    assert plan.setup.target_ac == 12  # Ana is level 3
    assert [m.text() for m in plan.setup.bonus] == ["+2 attack bonus"]
    assert plan.to == Hex(-1, 0)


def test_a_pc_without_punch_shoves_untrained_at_minus_2():
    units = [unit(1, "pc_expert", "pcs", Hex(0, 0), name="Bex"), ANA_AND_VOSS[1]]
    plan = _plan(_battle(units), 1, 2)
    assert [m.text() for m in plan.setup.situational] == ["-2 untrained"]
    assert plan.chance == Fraction(10, 20)  # d20 +1 attack bonus +1 DEX -2 >= 11: 11..20


def test_a_prone_target_is_easier_to_shove_and_concealment_still_counts():
    battle = _battle(terrain={Hex(1, 0): FOREST})
    assert battle.submit(GoProne(2)).accepted
    plan = _plan(battle, 1, 2)
    assert [m.text() for m in plan.setup.situational] == ["+2 melee vs prone"]
    assert plan.setup.concealment == 4


def test_shove_as_the_move_action_keeps_the_main_action():
    battle = _battle()
    assert battle.submit(Shove(1, target=2, as_move=True, faces=(2,))).accepted
    assert battle.world.get(1, TurnBudget) == TurnBudget(main=True, move=False)
    assert battle.submit(Shove(1, target=2, as_move=True, faces=(2,))).accepted  # the Main spent as a move
    refused = battle.submit(Shove(1, target=2, faces=(2,)))
    assert refused.reason == "the Main action is already used this turn"


def test_a_wall_behind_the_target_stops_the_push():
    battle = _battle(terrain={Hex(2, 0): WALL})
    assert _plan(battle, 1, 2).blocked == "blocked by concrete wall"
    outcome = battle.submit(Shove(1, target=2, faces=(15,)))
    assert "Voss cannot be pushed to col 2, row 0 (blocked by concrete wall) and stays put." in _texts(outcome)
    assert battle.world.get(2, Position).hex == Hex(1, 0) and battle.world.get(2, Health).current == 10


def test_with_shove_blocked_damage_a_target_against_the_wall_takes_1d6():
    battle = _battle(terrain={Hex(2, 0): WALL}, settings={"shove_blocked_damage": True})
    outcome = battle.submit(Shove(1, target=2, faces=(15, 4)))
    assert outcome.accepted, outcome.reason
    assert ("Voss is shoved against col 2, row 0 (blocked by concrete wall) and takes 1d6: [4] = 4 = 4."
            in _texts(outcome))
    assert battle.world.get(2, Health).current == 6 and battle.world.get(2, Position).hex == Hex(1, 0)


def test_a_chasm_another_combatant_or_the_map_edge_block_the_push_too():
    assert _plan(_battle(terrain={Hex(2, 0): CHASM}), 1, 2).blocked == "blocked by chasm"
    crowd = ANA_AND_VOSS + [unit(3, "thug", "enemies", Hex(2, 0), name="Rook")]
    assert _plan(_battle(crowd), 1, 2).blocked == "held by Rook"
    edge = [unit(1, "pc_warrior", "pcs", Hex(5, 0), name="Ana"),
            unit(2, "veteran_soldier", "enemies", Hex(6, 0), name="Voss")]
    battle = _battle(edge)
    assert _plan(battle, 1, 2).blocked == "off the map"
    battle.submit(Shove(1, target=2, faces=(20,)))
    assert battle.world.get(2, Position).hex == Hex(6, 0)


def test_being_pushed_into_an_overwatch_wedge_draws_no_fire():
    units = ANA_AND_VOSS + [unit(3, "pc_warrior", "pcs", Hex(0, 2), name="Bo")]
    battle = _battle(units, first=3)
    assert battle.submit(SetOverwatch(3, facing=1)).accepted  # Bo watches towards (2, 0)
    battle.submit(EndTurn(3))
    while battle.current() != 1:
        battle.submit(EndTurn(battle.current()))
    assert watchers_of(scene_of(battle), 2, Hex(2, 0)) == [3]  # a move there would be asked
    outcome = battle.submit(Shove(1, target=2, faces=(15,)))
    assert outcome.accepted and battle.pending() is None
    assert battle.world.get(2, Position).hex == Hex(2, 0)


def test_only_an_adjacent_enemy_in_the_fight_can_be_shoved():
    units = ANA_AND_VOSS + [unit(3, "thug", "enemies", Hex(-3, 0), name="Rook"),
                            unit(4, "pc_expert", "pcs", Hex(0, 1), name="Bex")]
    battle = _battle(units)
    before = battle.state
    assert dict(shove_targets(scene_of(battle), 1))[3] == "a shove reaches only an adjacent enemy"
    assert battle.submit(Shove(1, target=3)).reason == "a shove reaches only an adjacent enemy"
    assert battle.submit(Shove(1, target=4)).reason == "that is not an enemy"
    assert battle.submit(Shove(1, target=9)).reason == "there is no combatant with id 9"
    assert battle.state is before


def test_a_prone_shover_must_stand_first():
    battle = _battle()
    battle.submit(GoProne(1))
    before = battle.state
    assert battle.submit(Shove(1, target=2)).reason == "stand up first (it takes the Move action)"
    assert battle.state is before


def test_a_soldier_cannot_shove_a_ground_car_but_a_heavy_mech_can():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
             unit(2, "ground_car", "enemies", Hex(1, 0), name="Car"),
             unit(3, "heavy_mech", "pcs", Hex(2, -1), name="Titan")]
    battle = _battle(units)
    assert battle.submit(Shove(1, target=2)).reason == "Car is too massive for Ana to shove"
    battle.submit(EndTurn(1))
    while battle.current() != 3:
        battle.submit(EndTurn(battle.current()))
    plan = _plan(battle, 3, 2)
    assert plan.setup.target_ac == 9 and [m.name for m in plan.setup.situational] == ["significantly stronger"]


def test_undo_puts_the_pushed_target_back():
    battle = _battle()
    before = battle.state
    battle.submit(Shove(1, target=2, faces=(20,)))
    assert battle.undo() and battle.state == before
    assert battle.world.get(2, Position).hex == Hex(1, 0)
    assert battle.redo() and battle.world.get(2, Position).hex == Hex(2, 0)

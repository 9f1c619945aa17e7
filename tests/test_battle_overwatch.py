"""Seed 002 Overwatch: a 60 degree wedge, one -2 attack that interrupts movement, no cover armor."""

import pytest

from game.actions import ActionFormatError, Attack, EndTurn, Hold, Move, OverwatchFire, SetOverwatch, from_json
from game.battle import Battle
from game.components import Health, Overwatch, Position, Stats
from game.hexgrid import Hex
from game.prompts import OverwatchChance
from game.systems.rulesets.swn.overwatch import overwatch_wedge

from game.scenario.model import Terrain

from kit import scenario, unit
from kit import attack_plans, scene_of

SANDBAGS = Terrain("sandbag wall", move_cost=2, material="thick_stone")  # 8 vs TL3: stops a rifle

# Voss watches direction 0 (towards +q) from the origin; Ana walks across his wedge.
UNITS = [unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss"),
         unit(2, "pc_warrior", "pcs", Hex(0, 3), name="Ana")]


def _watching(units=UNITS, **kwargs) -> Battle:
    battle = Battle.from_scenario(scenario(units, radius=8, **kwargs), seed=11)
    while battle.current() != 1:
        battle.submit(EndTurn(battle.current()))
    assert battle.submit(SetOverwatch(1, facing=0)).accepted
    battle.submit(EndTurn(1))
    while battle.current() != 2:
        battle.submit(EndTurn(battle.current()))
    return battle


def test_overwatch_takes_the_main_action_and_sets_the_facing():
    battle = Battle.from_scenario(scenario(UNITS, radius=8), seed=11)
    while battle.current() != 1:
        battle.submit(EndTurn(battle.current()))
    battle.submit(SetOverwatch(1, facing=0))
    assert battle.world.get(1, Overwatch).facing == 0
    assert battle.submit(SetOverwatch(1, facing=1)).reason == "the Main action is already used this turn"
    assert battle.submit(SetOverwatch(1, facing=7)).reason == "the facing must be a hex direction from 0 to 5"


def test_a_move_into_the_wedge_pauses_on_the_first_hex_inside_and_asks_the_watcher():
    battle = _watching()
    # (0,3) and (1,2) lie outside the +-30 degree wedge of direction 0; (2,1) and (3,0) inside.
    outcome = battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    assert outcome.accepted
    prompt = battle.pending()
    assert isinstance(prompt, OverwatchChance) and prompt.decider == 1 and prompt.hex == Hex(2, 1)
    assert battle.world.get(2, Position).hex == Hex(2, 1)
    assert prompt.remaining == (Hex(3, 0),)
    assert "overwatch -2" in prompt.question


def test_nothing_else_happens_until_the_watcher_decides():
    battle = _watching()
    battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    refused = battle.submit(Attack(2, target=1))
    assert not refused.accepted and refused.reason.startswith("waiting for a decision")


def test_overwatch_fire_is_minus_2_ignores_cover_armor_and_then_the_move_goes_on():
    battle = _watching(terrain={Hex(1, 1): SANDBAGS})  # beside (2,1) on Voss's line of fire
    battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    normal_shot = dict(attack_plans(battle, 1))[2]
    assert normal_shot.cover.armor == 8  # an ordinary attack here would lose 8 to the sandbags
    outcome = battle.submit(OverwatchFire(1, faces=(16, 10)))  # 16 +2 -2 = 16 vs AC 16: hit
    assert outcome.accepted, outcome.reason
    texts = " ".join(outcome.lines)
    assert "-2 overwatch" in texts and "armor" not in texts.split("damage")[-1]
    assert battle.world.get(2, Health).current == 18 - 10
    assert not battle.world.has(1, Overwatch)  # a single attack
    assert battle.world.get(2, Position).hex == Hex(3, 0) and battle.pending() is None


def test_holding_fire_lets_the_mover_go_on_and_asks_again_on_the_next_hex():
    battle = _watching()
    battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    assert battle.submit(Hold(1)).accepted
    assert battle.pending().hex == Hex(3, 0)
    assert battle.submit(Hold(1, for_this_move=True)).accepted
    assert battle.pending() is None and battle.world.get(2, Position).hex == Hex(3, 0)


def test_a_hold_for_this_move_is_not_asked_again():
    battle = _watching()
    battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    battle.submit(Hold(1, for_this_move=True))
    assert battle.pending() is None and battle.world.get(2, Position).hex == Hex(3, 0)


def test_a_mover_killed_by_overwatch_stops_there():
    units = [UNITS[0], unit(2, "pc_warrior", "pcs", Hex(0, 3), name="Ana", hp=3),
             unit(3, "pc_expert", "pcs", Hex(-3, 0))]
    battle = _watching(units)
    battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    battle.submit(OverwatchFire(1, faces=(20, 12)))
    assert battle.world.try_get(2, Position) is None and battle.pending() is None


def test_overwatch_fire_at_an_enemy_already_in_the_wedge_is_an_instant_action():
    units = [UNITS[0], unit(2, "pc_warrior", "pcs", Hex(4, 1), name="Ana")]
    battle = _watching(units)
    assert battle.current() == 2
    outcome = battle.submit(OverwatchFire(1, target=2, faces=(3,)))
    assert outcome.accepted and not battle.world.has(1, Overwatch)


def test_outside_the_wedge_there_is_no_shot():
    battle = _watching()
    assert battle.submit(OverwatchFire(1, target=2)).reason.startswith("that target is not inside")
    assert battle.submit(Hold(1)).reason == "there is no decision to answer"


def test_overwatch_lapses_at_the_start_of_the_watchers_next_turn():
    battle = _watching()
    while battle.current() != 1:
        battle.submit(EndTurn(battle.current()))
    assert not battle.world.has(1, Overwatch)


def test_undo_takes_back_the_interrupted_move_and_its_prompt():
    battle = _watching()
    before = battle.state
    battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    battle.submit(OverwatchFire(1, faces=(16, 10)))
    battle.undo()
    assert battle.pending() is not None
    battle.undo()
    assert battle.state == before


def test_overwatch_may_face_any_angle_not_only_a_hex_direction():
    # Rulings: any angle is allowed. At 30 degrees the wedge spans 0..60: direction 0 and 1 edges.
    battle = Battle.from_scenario(scenario(UNITS, radius=8), seed=11)
    while battle.current() != 1:
        battle.submit(EndTurn(battle.current()))
    outcome = battle.submit(SetOverwatch(1, angle=30.0))
    assert outcome.lines[-1] == "Voss goes on overwatch facing 2 o'clock."
    wedge = set(overwatch_wedge(scene_of(battle), 1))
    assert Hex(3, 0) in wedge and Hex(3, -3) in wedge  # both edges of the 0..60 wedge
    assert Hex(0, 3) not in wedge and Hex(-3, 0) not in wedge


def test_an_angle_in_a_save_must_be_a_number():
    with pytest.raises(ActionFormatError, match="'angle' must be of type float"):
        from_json({"type": "overwatch", "actor": 1, "angle": "north"})
    assert from_json({"type": "overwatch", "actor": 1, "angle": 45}).angle == 45


def test_overwatch_ignores_the_armor_of_cover_but_not_its_concealment():
    # Ana crosses heavy smoke (mostly obscured, +4 AC) at (2, 1): the shot keeps the +4.
    from kit import SMOKE

    battle = _watching(terrain={Hex(2, 1): SMOKE, Hex(1, 1): SANDBAGS})
    battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    from game.systems.rulesets.swn.combat import plan_armor, plan_attack
    scene = battle._scene(battle.state)
    plan = plan_attack(scene, 1, 2, overwatch=True)
    assert plan.setup.concealment == 4 and plan.cover.armor == 8
    assert plan.cover_armor == 0 and plan_armor(scene, plan) == battle.world.get(2, Stats).armor
    assert any(m.name == "overwatch" and m.value == -2 for m in plan.setup.situational)

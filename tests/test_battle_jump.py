"""Seed 002 Jump through the facade: a straight leap of half the move, over low obstacles."""

from dataclasses import replace
from types import MappingProxyType

from game.actions import EndTurn, GoProne, Hold, Jump, SetOverwatch
from game.battle import Battle
from game.components import Position, TurnBudget
from game.events import Moved
from game.hexgrid import DIRECTIONS, Hex, distance, spiral
from game.prompts import OverwatchChance
from game.systems.rulesets.swn import table
from game.systems.rulesets.swn.jump import jump_landings
from game.systems.rulesets.swn.overwatch import watchers_of

from kit import CHASM, ROUGH, WALL, battle_at, scenario, unit
from kit import scene_of

ANA = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana")
ROOK = unit(2, "thug", "enemies", Hex(-4, 4), name="Rook")


def _battle(units=(ANA, ROOK), first: int = 1, **kwargs) -> Battle:
    """A battle where combatant `first` has the turn."""
    return battle_at(units, first, seed=4, **kwargs)


def test_a_10_metre_mover_jumps_up_to_2_hexes_in_a_straight_line():
    battle = _battle()
    straight = sorted(d * k for d in DIRECTIONS for k in (1, 2))
    assert jump_landings(scene_of(battle), 1) == straight
    outcome = battle.submit(Jump(1, to=Hex(2, -2)))
    assert outcome.accepted, outcome.reason
    moved = outcome.events[0]
    assert isinstance(moved, Moved) and battle.describe(moved) == "Ana jumps 2 hexes to col 1, row -2."
    assert moved.path == (Hex(0, 0), Hex(1, -1), Hex(2, -2))
    assert battle.world.get(1, Position).hex == Hex(2, -2)


def test_a_5_hex_mover_jumps_3():
    battle = _battle((unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", move_m=15), ROOK))
    assert max(distance(Hex(0, 0), h) for h in jump_landings(scene_of(battle), 1)) == 3
    assert battle.submit(Jump(1, to=Hex(-3, 0))).accepted


def test_too_far_or_off_the_line_is_refused_and_changes_nothing():
    battle = _battle()
    before = battle.state
    assert battle.submit(Jump(1, to=Hex(3, 0))).reason == "a jump reaches at most 2 hexes, and col 3, row 0 is 3 away"
    assert battle.submit(Jump(1, to=Hex(2, -1))).reason.endswith("is not in a straight line along a hex direction "
                                                                 "from col 0, row 0")
    assert battle.submit(Jump(1, to=Hex(0, 0))).reason.endswith("is not in a straight line along a hex direction "
                                                                "from col 0, row 0")
    assert battle.state is before


def test_a_chasm_can_be_jumped_over_but_not_landed_in():
    battle = _battle(terrain={Hex(1, 0): CHASM})
    assert battle.submit(Jump(1, to=Hex(1, 0))).reason == "cannot land on the chasm at col 1, row 0"
    assert battle.submit(Jump(1, to=Hex(2, 0))).accepted


def test_a_tall_wall_in_between_stops_the_jump():
    battle = _battle(terrain={Hex(1, 0): WALL})
    assert battle.submit(Jump(1, to=Hex(2, 0))).reason == "the concrete wall at col 1, row 0 is too tall to jump over"
    assert Hex(2, 0) not in jump_landings(scene_of(battle), 1)


def test_rough_ground_in_between_costs_nothing():
    battle = _battle(terrain={Hex(0, 1): ROUGH, Hex(0, 2): ROUGH})
    assert battle.submit(Jump(1, to=Hex(0, 2))).accepted  # a walk there would cost 4 of 3 points


def test_a_standing_combatant_is_in_the_way_a_prone_one_is_jumped_over():
    battle = _battle((ANA, ROOK, unit(3, "thug", "enemies", Hex(1, 0), name="Lug")))
    before = battle.state
    assert battle.submit(Jump(1, to=Hex(2, 0))).reason == \
        "Lug stands in the way at col 1, row 0 (only prone combatants can be jumped over)"
    assert battle.state is before
    assert battle.submit(GoProne(3)).accepted
    assert battle.submit(Jump(1, to=Hex(2, 0))).accepted


def test_the_landing_must_be_on_the_map_and_free():
    battle = _battle((unit(1, "pc_warrior", "pcs", Hex(5, 0), name="Ana"),
                      unit(2, "thug", "enemies", Hex(3, 0), name="Rook")))
    assert battle.submit(Jump(1, to=Hex(7, 0))).reason == "col 7, row 0 is off the map"
    assert battle.submit(Jump(1, to=Hex(4, 0))).accepted
    battle.submit(EndTurn(1))
    while battle.current() != 1:
        battle.submit(EndTurn(battle.current()))
    assert battle.submit(Jump(1, to=Hex(3, 0))).reason == "col 3, row 0 is occupied by Rook"


def test_nobody_leaves_the_map_in_mid_air():
    notched = scenario([ANA, ROOK])
    notched = replace(notched, terrain=MappingProxyType({h: t for h, t in notched.terrain.items() if h != Hex(1, 0)}))
    battle = Battle.from_scenario(notched, seed=4)
    while battle.current() != 1:
        battle.submit(EndTurn(battle.current()))
    assert battle.submit(Jump(1, to=Hex(2, 0))).reason == "the jump would leave the map at col 1, row 0"


def test_prone_combatants_and_vehicles_cannot_jump_mechs_can():
    battle = _battle((ANA, ROOK, unit(3, "ground_car", "pcs", Hex(3, 0), name="Car"),
                      unit(4, "suit_mech", "pcs", Hex(-3, 0), name="Suit")))
    battle.submit(GoProne(1))
    assert battle.submit(Jump(1, to=Hex(1, 0))).reason.startswith("a prone combatant cannot jump")
    assert jump_landings(scene_of(battle), 1) == []
    for vehicle, to, reason in ((3, Hex(4, 0), "vehicles cannot jump"), (4, Hex(-5, 0), None)):
        while battle.current() != vehicle:
            battle.submit(EndTurn(battle.current()))
        outcome = battle.submit(Jump(vehicle, to=to))
        assert outcome.reason == (reason or "") and outcome.accepted == (reason is None)


def test_a_jump_takes_the_move_action_then_the_main_spent_as_a_move():
    battle = _battle()
    assert battle.submit(Jump(1, to=Hex(2, 0))).accepted
    assert battle.world.get(1, TurnBudget) == TurnBudget(main=True, move=False)
    assert battle.submit(Jump(1, to=Hex(4, 0))).accepted
    refused = battle.submit(Jump(1, to=Hex(5, 0)))
    assert refused.reason.startswith("no Move action is left this turn")
    assert jump_landings(scene_of(battle), 1) == []


def test_the_landings_shown_are_exactly_the_jumps_accepted():
    terrain = {Hex(1, 0): WALL, Hex(0, 1): CHASM, Hex(-1, 0): ROUGH, Hex(-2, 2): CHASM, Hex(0, -2): WALL}
    battle = _battle((ANA, ROOK, unit(3, "thug", "enemies", Hex(1, -1), name="Lug"),
                      unit(4, "pc_expert", "pcs", Hex(-1, 1), name="Bex")), terrain=terrain)
    scene = scene_of(battle)
    accepted = [h for h in spiral(Hex(0, 0), 3) if not isinstance(table.check(scene, Jump(1, to=h)), str)]
    assert jump_landings(scene, 1) == sorted(accepted) == [Hex(-2, 0), Hex(-1, 0), Hex(0, -1), Hex(0, 2)]


def test_overwatch_may_fire_where_the_jumper_lands_not_in_mid_air():
    units = [unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss"),
             unit(2, "pc_warrior", "pcs", Hex(2, 2), name="Ana"), unit(3, "pc_expert", "pcs", Hex(-4, 0), name="Bex")]
    battle = _battle(units, first=1, radius=8)
    assert battle.submit(SetOverwatch(1, facing=0)).accepted
    battle.submit(EndTurn(1))
    while battle.current() != 2:
        battle.submit(EndTurn(battle.current()))
    # From (2, 2) along direction 1: over (3, 1) and onto (4, 0), both in Voss's wedge.
    assert battle.submit(Jump(2, to=Hex(4, 0))).accepted
    prompt = battle.pending()
    assert isinstance(prompt, OverwatchChance) and prompt.hex == Hex(4, 0) and prompt.remaining == ()
    assert battle.submit(Hold(1)).accepted and battle.pending() is None
    assert battle.world.get(2, Position).hex == Hex(4, 0)


def test_jumping_over_a_watched_hex_draws_no_fire():
    units = [unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss"),
             unit(2, "pc_warrior", "pcs", Hex(2, -1), name="Ana"), unit(3, "pc_expert", "pcs", Hex(-4, 0), name="Bex")]
    battle = _battle(units, first=1, radius=8)
    battle.submit(SetOverwatch(1, facing=0))
    battle.submit(EndTurn(1))
    while battle.current() != 2:
        battle.submit(EndTurn(battle.current()))
    assert watchers_of(scene_of(battle), 2, Hex(1, 0)) == [1]  # a walk through (1, 0) would be asked
    assert battle.submit(Jump(2, to=Hex(0, 1))).accepted  # over (1, 0) onto (0, 1), outside the wedge
    assert battle.pending() is None and battle.world.get(2, Position).hex == Hex(0, 1)


def test_undo_takes_the_jump_back():
    battle = _battle()
    before = battle.state
    battle.submit(Jump(1, to=Hex(0, 2)))
    assert battle.undo() and battle.state == before
    assert battle.world.get(1, Position).hex == Hex(0, 0)

"""The battle facade: turn order, moves, refusals that change nothing, undo and redo."""

from dataclasses import replace

import pytest

from game.actions import Attack, DefendTotally, EndTurn, GoProne, Move, Reload, StandUp
from game.battle import Battle
from game.components import MainSpent, Position, Prone, TotalDefense, TurnBudget
from game.events import Moved
from game.hexgrid import Hex
from game.systems.rulesets.swn.fray import fray_problem
from game.systems.rulesets.swn.protect import can_snap

from kit import FOREST, WALL, battle_at, pass_turns_until, scenario, side, unit
from kit import reachable, scene_of


def _duel(**kwargs) -> Battle:
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
             unit(2, "thug", "enemies", Hex(4, 0), name="Rook")]
    return Battle.from_scenario(scenario(units, **kwargs), seed=7)


def test_initiative_is_rolled_once_with_the_dice_in_the_log():
    battle = _duel()
    rolls = [line for line in battle.log_lines() if "initiative" in line]
    assert len(rolls) >= 2
    assert battle.current() in battle.state.order
    assert battle.state.round == 1


def test_same_seed_same_opening_byte_for_byte():
    assert _duel().log_lines() == _duel().log_lines()


def test_a_move_walks_the_path_and_spends_the_move_action():
    battle = _duel()
    actor = battle.current()
    start = battle.world.get(actor, Position).hex
    reach = reachable(battle, actor)
    target = max(reach, key=lambda h: (reach[h].cost, h))
    outcome = battle.submit(Move(actor, path=reach[target].path))
    assert outcome.accepted, outcome.reason
    assert battle.world.get(actor, Position).hex == target != start
    assert isinstance(outcome.events[0], Moved)
    assert battle.world.get(actor, TurnBudget).move is False


def test_three_hexes_per_move_for_a_10_metre_person():
    battle = _duel()
    actor = battle.current()
    assert max(r.cost for r in reachable(battle, actor).values()) == 3


def test_a_second_move_spends_the_main_action_and_a_third_is_refused():
    battle = _duel()
    actor = battle.current()
    here = battle.world.get(actor, Position).hex
    for _ in range(2):
        reach = reachable(battle, actor)
        step = sorted(reach)[0]
        assert battle.submit(Move(actor, path=reach[step].path)).accepted
    assert battle.world.get(actor, TurnBudget) == TurnBudget(main=False, move=False)
    refused = battle.submit(Move(actor, path=(here,)))
    assert not refused.accepted and "no Move action is left" in refused.reason


def test_refused_actions_change_nothing():
    battle = _duel(terrain={Hex(1, 0): WALL})
    actor = battle.current()
    before = battle.state
    here = battle.world.get(actor, Position).hex
    far = Hex(here.q + 5, here.r)
    for action in (Move(actor, path=(far,)), Move(actor, path=())):
        outcome = battle.submit(action)
        assert not outcome.accepted and outcome.reason
    other = next(e for e in battle.state.order if e != actor)
    outcome = battle.submit(EndTurn(other))
    assert outcome.reason == "it is not that combatant's turn"
    assert battle.state is before


def test_walls_block_and_forest_costs_two():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "thug", "enemies", Hex(-5, 0))]
    terrain = {Hex(1, 0): WALL, Hex(0, 1): FOREST}
    battle = Battle.from_scenario(scenario(units, terrain=terrain), seed=1)
    pc = 1
    while battle.current() != pc:
        battle.submit(EndTurn(battle.current()))
    reach = reachable(battle, pc)
    assert Hex(1, 0) not in reach
    assert reach[Hex(0, 1)].cost == 2


def test_prone_combatants_must_stand_first_which_takes_the_move():
    battle = _duel()
    actor = battle.current()
    assert battle.submit(GoProne(actor)).accepted
    assert reachable(battle, actor) == {}
    assert battle.submit(StandUp(actor)).accepted
    assert not battle.world.has(actor, Prone)
    assert battle.world.get(actor, TurnBudget).move is False


def test_end_turn_passes_to_the_next_and_rounds_advance():
    battle = _duel()
    first = battle.current()
    battle.submit(EndTurn(first))
    assert battle.current() != first
    battle.submit(EndTurn(battle.current()))
    assert battle.current() == first and battle.state.round == 2


def test_undo_every_step_returns_to_the_initial_state_and_redo_replays_exactly():
    battle = _duel()
    initial = battle.state
    for _ in range(5):
        actor = battle.current()
        reach = reachable(battle, actor)
        if reach:
            battle.submit(Move(actor, path=reach[sorted(reach)[-1]].path))
        battle.submit(EndTurn(actor))
    final, log = battle.state, battle.log_lines()
    while battle.undo():
        pass
    assert battle.state == initial
    while battle.redo():
        pass
    assert battle.state == final and battle.log_lines() == log


def test_two_battles_in_one_process_do_not_interfere():
    one, two = _duel(), _duel()
    actor = one.current()
    reach = reachable(one, actor)
    one.submit(Move(actor, path=reach[sorted(reach)[0]].path))
    assert two.state.world != one.state.world
    assert two.world.get(actor, Position).hex != one.world.get(actor, Position).hex


def test_a_move_may_pass_through_an_ally_but_not_end_there():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "pc_expert", "pcs", Hex(1, 0)),
             unit(3, "thug", "enemies", Hex(-5, 0))]
    battle = Battle.from_scenario(scenario(units), seed=1)
    while battle.current() != 1:
        battle.submit(EndTurn(battle.current()))
    assert not battle.submit(Move(1, path=(Hex(1, 0),))).accepted
    assert battle.submit(Move(1, path=(Hex(1, 0), Hex(2, 0)))).accepted
    assert battle.world.at(Hex(2, 0)) == 1 and battle.world.at(Hex(1, 0)) == 2


def test_a_surprised_side_loses_its_round_one_turns_even_when_first_in_the_order():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), dex=3), unit(2, "civilian", "enemies", Hex(2, 0), dex=-3)]
    sides = {"pcs": side("pcs", None, surprised=True), "enemies": side("enemies")}
    battle = Battle.from_scenario(scenario(units, sides=sides), seed=1)
    assert battle.state.order[0] == 1  # the PC won initiative (1d8+3 against 1d8-3)
    assert battle.current() == 2 and battle.state.round == 1
    assert "Round 1: pc_warrior 1 is surprised and loses the turn." in battle.log_lines()
    battle.submit(EndTurn(2))
    assert battle.state.round == 2 and battle.current() == 1
    assert not scene_of(battle).is_surprised(1)


def test_a_surprised_combatant_cannot_snap_or_fray_in_round_one():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "civilian", "enemies", Hex(2, 0))]
    sides = {"pcs": side("pcs", None, surprised=True), "enemies": side("enemies")}
    scene = scene_of(Battle.from_scenario(scenario(units, sides=sides, ruleset="swn-heroic"), seed=1))
    assert not can_snap(scene, 1)
    assert fray_problem(scene, 1, 2).startswith("surprised")


def test_grenades_are_thrown_not_reloaded():
    units = [unit(1, "grenadier", "enemies", Hex(0, 0)), unit(2, "pc_warrior", "pcs", Hex(3, 0))]
    battle = Battle.from_scenario(scenario(units), seed=1)
    while battle.current() != 1:
        battle.submit(EndTurn(battle.current()))
    assert battle.submit(Reload(1)).reason == "a frag grenade is thrown, not reloaded"


def test_a_ruleset_that_is_not_playable_yet_is_refused_not_played_as_swn():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "thug", "enemies", Hex(3, 0))]
    with pytest.raises(ValueError, match="the ruleset 'torg' is not playable yet"):
        Battle.from_scenario(scenario(units, ruleset="torg"), seed=1)


def test_the_pcs_may_pass_through_their_allies_but_not_through_bystanders():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "civilian", "allies", Hex(1, 0)),
             unit(3, "civilian", "bystanders", Hex(0, 1)), unit(4, "thug", "enemies", Hex(-5, 0))]
    battle = battle_at(units, first=1)
    assert battle.submit(Move(1, path=(Hex(1, 0), Hex(2, 0)))).accepted
    battle.undo()
    refused = battle.submit(Move(1, path=(Hex(0, 1), Hex(0, 2))))
    assert refused.reason == "cannot move there: (0, 1) is held by someone who is not an ally".replace(
        "(0, 1)", scene_of(battle).place(Hex(0, 1)))


def test_a_side_without_a_morale_score_takes_its_units_morale():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "thug", "enemies", Hex(3, 0)),      # 7
             unit(3, "veteran_soldier", "enemies", Hex(4, 0)),                                  # 9
             unit(4, "warbot", "enemies", Hex(5, 0))]                                           # immune
    sides = {"pcs": side("pcs", None), "enemies": side("enemies", None)}
    battle = Battle.from_scenario(scenario(units, sides=sides), seed=1)
    assert battle.state.side("enemies").morale == 8  # (7 + 9) // 2; the warbot does not count
    assert battle.state.side("pcs").morale is None


def test_a_named_leaders_morale_sets_the_sides_and_a_maps_score_wins():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "thug", "enemies", Hex(3, 0)),
             unit(3, "veteran_soldier", "enemies", Hex(4, 0))]
    led = replace(side("enemies", None), leader=3)  # object 3, the veteran, leads them
    battle = Battle.from_scenario(scenario(units, sides={"pcs": side("pcs", None), "enemies": led}), seed=1)
    assert battle.state.side("enemies").morale == 9
    battle = Battle.from_scenario(scenario(units, sides={"pcs": side("pcs", None), "enemies": side("enemies", 6)}), seed=1)
    assert battle.state.side("enemies").morale == 6


def test_total_defense_is_instant_and_paid_with_this_rounds_main_action():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "thug", "enemies", Hex(3, 0))]
    battle = battle_at(units, first=2)
    # Before the PC's own turn in this round: +2 AC now, and the turn starts without a Main action.
    assert battle.submit(DefendTotally(1)).accepted and battle.world.has(1, TotalDefense)
    assert battle.submit(DefendTotally(1)).reason == "already on total defense"
    pass_turns_until(battle, 1)
    round_ = battle.state.round
    assert battle.world.get(1, TurnBudget).main is (round_ != battle.world.get(1, MainSpent).round)
    assert not battle.world.has(1, TotalDefense)


def test_total_defense_is_refused_once_the_main_action_of_the_round_is_spent():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "thug", "enemies", Hex(3, 0))]
    battle = battle_at(units, first=1)
    assert battle.submit(Attack(1, target=2, faces=(2,))).accepted
    assert battle.submit(DefendTotally(1)).reason == "the Main action of this round is already used"

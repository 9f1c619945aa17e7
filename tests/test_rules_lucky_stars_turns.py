"""These Lucky Stars turns: initiative, 4 AP a round and what each action costs (Seed 001)."""

import pytest

from game.rules.dice import ScriptedDice
from game.rules.lucky_stars.actions import (
    ACTIONS,
    Situation,
    TurnState,
    action_problem,
    grapple_roles,
    ready,
    ready_problem,
    regain_control,
    spend,
    start_turn,
    stealth_holds,
)
from game.rules.lucky_stars.initiative import Combatant, roll_initiative, turn_order

# --- Initiative --------------------------------------------------------------------------------


def test_lucky_stars_first_attacker_gains_six_on_initiative():
    rolled = roll_initiative(Combatant(1, "crew", insight=2, initiator=True), ScriptedDice([3, 4]))
    assert rolled.roll.total == 9 and rolled.total == 15


def test_lucky_stars_ambushers_acting_in_unison_all_gain_six_and_may_still_be_beaten():
    dice = ScriptedDice([1, 1, 2, 1, 6, 6])
    rolls = [roll_initiative(Combatant(1, "crew", 1, initiator=True), dice),
             roll_initiative(Combatant(2, "crew", 0, initiator=True), dice),
             roll_initiative(Combatant(3, "pirates", 2), dice)]
    assert [r.total for r in rolls] == [9, 9, 14]
    assert turn_order(rolls)[0] == 3  # Insight tipped the pirate off


def test_lucky_stars_tied_opponents_the_initiating_group_goes_first():
    dice = ScriptedDice([2, 2, 2, 2])
    rolls = [roll_initiative(Combatant(7, "pirates", 6), dice),
             roll_initiative(Combatant(3, "crew", 0, initiator=True), dice)]
    assert rolls[0].total == rolls[1].total == 10
    assert turn_order(rolls) == (3, 7)


def test_lucky_stars_tied_allies_go_in_the_order_the_players_choose():
    dice = ScriptedDice([3, 3, 3, 3])
    rolls = [roll_initiative(Combatant(1, "crew", 0, tie_order=2), dice),
             roll_initiative(Combatant(2, "crew", 0, tie_order=1), dice)]
    assert turn_order(rolls) == (2, 1)


# --- Action points -----------------------------------------------------------------------------


def test_lucky_stars_every_listed_action_costs_what_the_seed_says():
    costs = {name: cost.ap for name, cost in ACTIONS.items()}
    assert costs == {
        "standard_attack": 2, "unarmed_attack": 2, "move": 2, "step": 1, "attack_of_opportunity": 1,
        "disarm": 3, "grapple": 2, "grapple_move": 3, "grapple_attack": 3, "grapple_end": 1,
        "grapple_toss": 3, "grapple_regain": 1, "shatter": 3, "stand": 1, "trip": 3, "use_cover": 1,
        "move_silently": 2, "hide": 1, "search": 1, "pick_up": 1, "readied_attack": 2,
        "readied_trip": 3, "readied_disarm": 3, "readied_shatter": 3, "readied_grapple": 2,
    }


def test_lucky_stars_four_ap_refresh_at_the_start_of_the_turn():
    state = start_turn(TurnState(ap=0, attacked_this_turn=True, opportunity_used=True))
    assert (state.ap, state.attacked_this_turn, state.opportunity_used, state.has_acted) == (4, False, False, True)


def test_lucky_stars_attack_then_move_spends_all_four_ap():
    state = spend("standard_attack", start_turn(TurnState()))
    state = spend("move", state)
    assert state.ap == 0
    assert action_problem("step", state) == "step costs 1 AP and only 0 are left"


def test_lucky_stars_move_may_be_taken_twice_but_the_standard_attack_once_a_turn():
    state = spend("standard_attack", start_turn(TurnState()))
    assert action_problem("standard_attack", state) == "the standard attack is once a turn and has been made"
    assert action_problem("unarmed_attack", state) is not None
    twice = spend("move", spend("move", start_turn(TurnState())))
    assert twice.ap == 0


def test_lucky_stars_three_ap_maneuvers_leave_room_for_a_step():
    for name in ("disarm", "shatter", "trip"):
        state = spend(name, start_turn(TurnState()))
        assert state.ap == 1 and action_problem("step", state) is None
        assert action_problem(name, state) is not None


def test_lucky_stars_disarm_needs_a_proficient_melee_weapon():
    state = start_turn(TurnState())
    assert action_problem("disarm", state, Situation(weapon="ranged")) is not None
    assert action_problem("disarm", state, Situation(proficient=False)) is not None
    assert action_problem("disarm", state, Situation(weapon="melee")) is None


def test_lucky_stars_attack_of_opportunity_preconditions():
    ready_state = TurnState(ap=2, has_acted=True)
    opening = Situation(own_turn=False, target_acting_aggressively=True)
    assert action_problem("attack_of_opportunity", ready_state, opening) is None
    assert "acted" in action_problem("attack_of_opportunity", TurnState(ap=2), opening)
    assert "melee weapon" in action_problem("attack_of_opportunity", ready_state,
                                            Situation(own_turn=False, weapon="unarmed", target_acting_aggressively=True))
    assert "reach" in action_problem("attack_of_opportunity", ready_state,
                                     Situation(own_turn=False, target_in_reach=False, target_acting_aggressively=True))
    assert "aggressive" in action_problem("attack_of_opportunity", ready_state, Situation(own_turn=False))
    assert "defending" in action_problem("attack_of_opportunity", ready_state,
                                         Situation(own_turn=False, target_acting_aggressively=True,
                                                   defending_against_target=True))
    assert "another character" in action_problem("attack_of_opportunity", ready_state,
                                                 Situation(target_acting_aggressively=True))


def test_lucky_stars_attack_of_opportunity_is_once_a_round_and_spends_turn_ap():
    opening = Situation(own_turn=False, target_acting_aggressively=True)
    after = spend("attack_of_opportunity", TurnState(ap=2, has_acted=True))
    assert after.ap == 1
    assert action_problem("attack_of_opportunity", after, opening) == \
        "the attack of opportunity is once a round and has been made"
    assert action_problem("attack_of_opportunity", TurnState(ap=0, has_acted=True), opening) is not None


def test_lucky_stars_grapple_options_belong_to_the_character_in_control():
    state = start_turn(TurnState(grapple="in_control"))
    assert action_problem("grapple_toss", state) is None
    assert action_problem("grapple_attack", state, Situation(weapon="unarmed")) is None
    assert "light weapon" in action_problem("grapple_attack", state, Situation(weapon="melee"))
    assert action_problem("grapple_attack", state, Situation(weapon="melee", light_weapon=True)) is None
    assert spend("grapple_end", state).ap == 3
    assert "in control" in action_problem("grapple_move", start_turn(TurnState()))


def test_lucky_stars_grapple_winner_engages_in_control_or_ends_it():
    assert grapple_roles(attacker_won=True, winner_engages=True) == ("in_control", "pinned")
    assert grapple_roles(attacker_won=False, winner_engages=True) == ("pinned", "in_control")
    assert grapple_roles(attacker_won=True, winner_engages=False) == ("", "")


def test_lucky_stars_pinned_character_first_spends_one_ap_to_regain_control():
    pinned = start_turn(TurnState(grapple="pinned"))
    assert "regain control" in action_problem("move", pinned)
    tried = spend("grapple_regain", pinned)
    assert tried.ap == 3
    assert regain_control(tried, won=False).ap == 0
    assert action_problem("move", tried) == "a pinned character who failed to regain control takes no other action"
    won = regain_control(tried, won=True)
    assert won.grapple == "in_control" and action_problem("grapple_toss", won) is None


def test_lucky_stars_stand_from_prone_costs_one_ap():
    prone = start_turn(TurnState(prone=True))
    assert spend("stand", prone) == TurnState(ap=3, has_acted=True)
    assert action_problem("stand", start_turn(TurnState())) == "only a prone character stands"


def test_lucky_stars_behind_full_cover_no_attack_can_be_declared():
    state = start_turn(TurnState())
    assert "full cover" in action_problem("standard_attack", state, Situation(behind_full_cover=True))
    assert action_problem("use_cover", state, Situation(behind_full_cover=True)) is None


def test_lucky_stars_stealth_costs_what_the_action_it_stands_for_costs():
    assert ACTIONS["move_silently"].ap == ACTIONS["move"].ap
    assert ACTIONS["hide"].ap == ACTIONS["use_cover"].ap


def test_lucky_stars_stealth_meets_target_8_and_must_beat_an_active_search():
    assert stealth_holds(8) and not stealth_holds(7)
    assert stealth_holds(10, searcher_total=9) and not stealth_holds(10, searcher_total=10)


def test_lucky_stars_ready_withholds_every_ap_left_for_the_declared_action():
    state = spend("step", start_turn(TurnState()))
    assert ready_problem(state, "standard_attack") is None
    assert ready_problem(state, "trip") is None
    assert "costs 3 AP" in ready_problem(spend("step", state), "trip")
    readied = ready(state, "standard_attack")
    assert (readied.ap, readied.readied) == (3, "standard_attack")  # withheld, to pay the readied attack
    assert "withheld for the readied standard attack" in action_problem("step", readied)
    assert action_problem("readied_attack", readied, Situation(own_turn=False)) is None


@pytest.mark.parametrize("name", ["fly", "Move"])
def test_lucky_stars_unknown_action_is_refused_by_name(name):
    assert f"'{name}' is not a These Lucky Stars action" in action_problem(name, TurnState(ap=4))

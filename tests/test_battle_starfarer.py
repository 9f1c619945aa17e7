"""Starfarer (seed 003) played through the facade: action points and phases counting down with
carry-over, d100 to-hit tasks by range bracket, hit location, armour, the wound track, shock."""

from fractions import Fraction

from game.actions import Attack, EndTurn, GmAddUnit, Move
from game.battle import Battle
from game.events import Rolled, TaskAttacked, Wounded
from game.hexgrid import Hex
from game.rules.starfarer.initiative import plain_round
from game.ui.tracker import console_lines

from kit import scenario, unit
from starfarer_kit import phase_of

KITAI, MARINE = 1, 2


def _battle(*units, seed: int = 1) -> Battle:
    return Battle.from_scenario(scenario(list(units), ruleset="starfarer"), seed=seed)


def _kitai_and_marine(gap: int = 5, seed: int = 1) -> Battle:
    return _battle(unit(1, "kitai", "pcs", Hex(0, 0), name="Kitai"),
                   unit(2, "marine", "enemies", Hex(gap, 0), name="Marine"), seed=seed)



def test_starfarer_kitai_laser_at_15m_rolling_24_hits_the_chest_at_los3_for_9_worked_example():
    battle = _kitai_and_marine(gap=5)  # 5 hexes = 15 m: medium for range rating 2 (EF 5)
    phase_of(battle, KITAI)
    option = battle.options(KITAI).allowed("attack")[0]
    assert option.odds.chance == Fraction(60, 100) and option.odds.face_needed == 60  # (DEX 7, laser 5) x 5
    outcome = battle.submit(Attack(KITAI, target=MARINE, faces=(24,)))
    task = next(e for e in outcome.events if isinstance(e, TaskAttacked))
    assert (task.bracket, task.task.los, task.location) == ("medium", 3, "chest")
    wound = next(e for e in outcome.events if isinstance(e, Wounded))
    # 10/9 laser against combat armour 16: armour 6 left, damage 3, x LOS 3 = 9 (Seed 003, 3.5 example).
    assert (wound.damage, wound.shock, wound.wound, wound.level) == (9, 9, 9, 2)
    assert battle.combatant(MARINE).health == 60 - 9


def test_a_roll_over_the_mcs_misses_and_one_at_it_hits():
    battle = _kitai_and_marine(gap=5)
    phase_of(battle, KITAI)
    assert not battle.submit(Attack(KITAI, target=MARINE, faces=(61,))).events[0].hit
    battle.undo()
    assert battle.submit(Attack(KITAI, target=MARINE, faces=(60,))).events[0].hit


def test_a_phase_is_one_action():
    battle = _kitai_and_marine(gap=5)
    phase_of(battle, KITAI)
    assert battle.submit(Move(KITAI, path=(Hex(1, 0),))).accepted
    refused = battle.submit(Attack(KITAI, target=MARINE))
    assert not refused.accepted and refused.reason == "the phase's action is already taken"


def test_phases_go_to_the_most_action_points_counting_down_by_10_with_the_rest_carried():
    battle = _battle(unit(1, "kitai", "pcs", Hex(0, 0), name="Kitai"), unit(2, "marine", "enemies", Hex(6, 0)),
                     unit(3, "pirate", "enemies", Hex(6, 2)), seed=4)
    def action_point_rolls():
        return [e for e in battle.log if isinstance(e, Rolled) and e.purpose == "action points"]

    phases, carried = plain_round({e.actor: e.roll.total for e in action_point_rolls()}, {1: 12, 2: 10, 3: 9})
    taken = []
    while battle.state.round == 1:
        taken.append(battle.current())
        battle.submit(EndTurn(battle.current()))
    assert taken == [phase.who for phase in phases]
    round_two = action_point_rolls()[3:6]
    assert {e.actor: dict(e.roll.modifiers)["CARRIED"] for e in round_two} == carried


def test_the_tracker_shows_the_action_points_held_the_phases_to_come_and_what_carries_over():
    battle = _battle(unit(1, "kitai", "pcs", Hex(0, 0), name="Kitai"), unit(2, "marine", "enemies", Hex(5, 0), name="Reyes"),
                     unit(3, "pirate", "enemies", Hex(5, 2), name="Vane"))
    current = battle.combatant(battle.current())
    lines = console_lines(battle)
    # Reyes's phase at 20 is under way: 10 left, another phase at 10 (before Vane's 10: Initiative 10 to 9).
    assert f"> E Reyes [10] {current.action_points} AP, phases at 10, carries 0" in lines
    assert "  P Kitai [12] 18 AP, phases at 18, carries 8" in lines
    assert "Phases to come: Kitai 18, Reyes 10, Vane 10" in lines
    taken = []
    while battle.state.round == 1:  # the tracker's projection is the order the phases come in
        battle.submit(EndTurn(battle.current()))
        taken.append(battle.current() if battle.state.round == 1 else None)
    assert taken == [KITAI, 2, 3, None]
    assert {view.unit for view in battle.combatants()} == {"shock"}


def test_a_hit_past_the_x6_shock_bracket_takes_the_target_out():
    battle = _battle(unit(1, "marine", "pcs", Hex(0, 0), name="Reyes"),
                     unit(2, "camprat", "enemies", Hex(1, 0), name="Rat"))
    phase_of(battle, 1)
    outcome = battle.submit(Attack(1, target=2, faces=(2,)))  # close range: (DEX 7, rifle 5) x 5 = 60, LOS 4, chest
    assert any(isinstance(e, Wounded) for e in outcome.events)
    assert not battle.combatant(2).in_fight and battle.state.ended


def test_a_unit_the_gm_adds_rolls_action_points_from_the_next_round_on():
    battle = _kitai_and_marine(gap=5)
    assert battle.submit(GmAddUnit(0, unit_type="pirate", side="enemies", to=Hex(4, 2), name="Vane")).accepted
    vane = battle.turn_order()[-1]
    assert battle.combatant(vane).action_points == 0
    start = battle.state.round
    while battle.state.round == start:
        battle.submit(EndTurn(battle.current()))
    rolled = [e.actor for e in battle.log if isinstance(e, Rolled) and e.purpose == "action points"]
    assert vane not in rolled[:2] and rolled[-3:] == [KITAI, MARINE, vane]

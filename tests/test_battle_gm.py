"""The GM's overrides (the issue "The table"): drag any token, set health and conditions, bring
in a unit of any type; taken at any time, free of the turn's budget, undone and replayed."""

import shutil
from pathlib import Path

import pytest

from game.actions import (
    EndTurn,
    GmAddUnit,
    GmPlace,
    GmSetCondition,
    GmSetHealth,
    GmSetHidden,
    GmSetSideMorale,
    GmSetStat,
    Move,
    SetOverwatch,
    from_json,
    to_json,
)
from game.players.plain import choose_action
from game.components import Dead, MortallyWounded, Overwatch, Position, Prone, TotalDefense, TurnBudget
from game.events import Fell, GmOverride
from game.hexgrid import Hex
from game.savefile import battle_from_map, read_save, write_save

from kit import LAYOUT, WALL, battle_at, decline_prompts, texts, unit

ROOT = Path(__file__).resolve().parent.parent


def _fight(**options):
    """Ana (PC warrior) against two thugs; it is Ana's turn."""
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
             unit(2, "thug", "enemies", Hex(3, 0), name="Thug 2"),
             unit(3, "thug", "enemies", Hex(-3, 0), name="Thug 3")]
    return battle_at(units, first=1, **options)


def _place(hex_: Hex) -> str:
    col, row = LAYOUT.hex_to_offset(hex_)
    return f"col {col}, row {row}"


# -- placing ------------------------------------------------------------------------------
def test_the_gm_moves_a_token_off_turn_for_free():
    battle = _fight()
    budget = battle.world.get(2, TurnBudget)
    lines = texts(battle.submit(GmPlace(2, to=Hex(1, 2))))
    assert lines == [f"The GM moves Thug 2 to {_place(Hex(1, 2))}."]
    assert battle.world.get(2, Position).hex == Hex(1, 2)
    assert battle.world.get(2, TurnBudget) == budget and battle.current() == 1


def test_placing_never_wakes_overwatch():
    battle = _fight()
    assert battle.submit(SetOverwatch(1, facing=0)).accepted
    assert battle.submit(EndTurn(1)).accepted
    battle.submit(GmPlace(2, to=Hex(2, 0)))
    assert battle.pending() is None and battle.world.get(2, Position).hex == Hex(2, 0)


@pytest.mark.parametrize("to, reason", [
    (Hex(3, 0), "is occupied by Thug 2"),
    (Hex(0, 0), "is occupied by Ana"),
    (Hex(9, 0), "is off the map"),
    (Hex(1, 1), "cannot be entered"),
])
def test_placing_refuses_held_and_closed_hexes_by_name(to, reason):
    battle = _fight(terrain={Hex(1, 1): WALL})
    outcome = battle.submit(GmPlace(3 if to == Hex(3, 0) else 2, to=to))
    assert not outcome.accepted and outcome.reason == f"{_place(to)} {reason}"


def test_nobody_is_placed_while_a_decision_is_open():
    battle = _fight()
    assert battle.submit(SetOverwatch(1, facing=0)).accepted
    assert battle.submit(EndTurn(1)).accepted
    decline_prompts(battle)
    while battle.current() != 2:
        assert battle.submit(EndTurn(battle.current())).accepted
    battle.submit(Move(2, path=(Hex(2, 0),)))
    assert battle.pending() is not None
    outcome = battle.submit(GmPlace(3, to=Hex(-2, 2)))
    assert not outcome.accepted and outcome.reason.startswith("waiting for a decision")


# -- health -------------------------------------------------------------------------------
def test_the_gm_sets_health_within_the_maximum():
    battle = _fight()
    before = battle.combatant(2).health
    maximum = battle.combatant(2).health_max
    assert texts(battle.submit(GmSetHealth(2, value=1))) == [f"The GM sets Thug 2's health to 1 HP (was {before})."]
    assert battle.combatant(2).health == 1
    refused = battle.submit(GmSetHealth(2, value=maximum + 1))
    assert not refused.accepted and refused.reason == f"health must be between 0 and {maximum} for Thug 2"


def test_at_zero_an_npc_goes_down_and_a_pc_is_mortally_wounded():
    battle = _fight()
    outcome = battle.submit(GmSetHealth(2, value=0))
    assert Fell(2, "down") in outcome.events and battle.world.has(2, Dead)
    outcome = battle.submit(GmSetHealth(1, value=0))
    assert Fell(1, "mortally wounded") in outcome.events and battle.world.has(1, MortallyWounded)
    assert battle.state.ended and battle.state.winner == "enemies"


def test_the_turn_passes_on_when_the_gm_fells_the_one_acting():
    battle = _fight()
    battle.submit(GmAddUnit(0, unit_type="pc_expert", side="pcs", to=Hex(0, 3), name="Ben"))
    battle.submit(GmSetHealth(1, value=0))
    assert not battle.state.ended and battle.current() in (2, 3, 4)


def test_the_gm_does_not_raise_the_fallen():
    battle = _fight()
    battle.submit(GmSetHealth(2, value=0))
    outcome = battle.submit(GmSetHealth(2, value=3))
    assert not outcome.accepted and outcome.reason == "Thug 2 is out of the fight"


def test_felling_the_last_foe_ends_the_battle():
    battle = _fight()
    battle.submit(GmSetHealth(2, value=0))
    battle.submit(GmSetHealth(3, value=0))
    assert battle.state.ended and battle.state.winner == "pcs"


# -- conditions ---------------------------------------------------------------------------
def test_the_gm_sets_prone_and_total_defense_without_spending_actions():
    battle = _fight()
    budget = battle.world.get(1, TurnBudget)
    assert texts(battle.submit(GmSetCondition(2, condition="prone"))) == ["The GM puts Thug 2 prone."]
    assert texts(battle.submit(GmSetCondition(2, condition="prone", active=False))) == ["The GM stands Thug 2 up."]
    assert texts(battle.submit(GmSetCondition(1, condition="total_defense"))) == \
        ["The GM puts Ana on total defense (+2 AC)."]
    assert battle.world.has(1, TotalDefense) and not battle.world.has(2, Prone)
    assert battle.world.get(1, TurnBudget) == budget


def test_the_gm_ends_overwatch_but_cannot_set_it():
    battle = _fight()
    battle.submit(SetOverwatch(1, facing=0))
    assert texts(battle.submit(GmSetCondition(1, condition="overwatch", active=False))) == \
        ["The GM ends Ana's overwatch."]
    assert not battle.world.has(1, Overwatch)
    refused = battle.submit(GmSetCondition(1, condition="overwatch"))
    assert not refused.accepted and "the GM can only end it" in refused.reason


@pytest.mark.parametrize("condition, active, reason", [
    ("prone", False, "Ana is not prone"),
    ("pron", True, "not 'pron' (did you mean 'prone'?)"),
    ("stunned", True, "the GM sets only the conditions overwatch, prone, total_defense, not 'stunned'"),
])
def test_condition_refusals_name_the_problem(condition, active, reason):
    outcome = _fight().submit(GmSetCondition(1, condition=condition, active=active))
    assert not outcome.accepted and outcome.reason.endswith(reason)


# -- adding units -------------------------------------------------------------------------
def test_a_new_unit_stands_on_its_hex_and_takes_its_turns_last():
    battle = _fight()
    order = battle.state.order
    outcome = battle.submit(GmAddUnit(0, unit_type="veteran_soldier", side="enemies", to=Hex(0, 3)))
    new = next(e.target for e in outcome.events if isinstance(e, GmOverride))
    assert outcome.lines[-1] == f"The GM brings in Veteran soldier {new} for Enemies at {_place(Hex(0, 3))}."
    assert battle.state.order == order + (new,)
    view = battle.combatant(new)
    assert (view.hex, view.side, view.unit_type, view.in_fight) == (Hex(0, 3), "enemies", "veteran_soldier", True)
    for _ in range(3):
        assert battle.submit(EndTurn(battle.current())).accepted
    assert battle.current() == new


def test_a_new_unit_may_carry_the_gms_name():
    battle = _fight()
    battle.submit(GmAddUnit(0, unit_type="thug", side="pcs", to=Hex(0, 3), name="Hired Gun"))
    assert [c.name for c in battle.combatants()][-1] == "Hired Gun"


@pytest.mark.parametrize("unit_type, side, to, reason", [
    ("thugg", "enemies", Hex(0, 3), "there is no unit type 'thugg' in the data files (did you mean 'thug'?)"),
    ("thug", "raiders", Hex(0, 3), "there is no side 'raiders' in this battle (sides: enemies, pcs)"),
    ("thug", "enemies", Hex(3, 0), f"{_place(Hex(3, 0))} is occupied by Thug 2"),
])
def test_adding_refuses_with_the_reason(unit_type, side, to, reason):
    outcome = _fight().submit(GmAddUnit(0, unit_type=unit_type, side=side, to=to))
    assert not outcome.accepted and outcome.reason == reason


def test_unit_types_for_the_menu_are_sorted_id_name_pairs():
    types = _fight().unit_types()
    assert ("thug", "Thug") in types and [t for t, _ in types] == sorted(t for t, _ in types)


# -- undo, the JSON form, saves -----------------------------------------------------------
GM_ACTIONS = (GmPlace(2, to=Hex(1, 2)), GmSetHealth(3, value=1), GmSetCondition(1, condition="prone"),
              GmAddUnit(0, unit_type="thug", side="enemies", to=Hex(0, 3), name="Newcomer"),
              GmSetStat(2, stat="ac", value=20), GmSetSideMorale(0, side="enemies", value=3),
              GmSetHidden(2, hidden=True))


@pytest.mark.parametrize("action", GM_ACTIONS, ids=lambda a: a.kind)
def test_undo_takes_each_override_back_and_redo_puts_it_back(action):
    battle = _fight()
    before = battle.state
    assert battle.submit(action).accepted
    after = battle.state
    assert battle.undo() and battle.state == before
    assert battle.redo() and battle.state == after


@pytest.mark.parametrize("action", GM_ACTIONS, ids=lambda a: a.kind)
def test_overrides_survive_the_json_round_trip(action):
    assert from_json(to_json(action)) == action


def test_a_save_with_overrides_replays_to_the_identical_state(tmp_path):
    maps = tmp_path / "maps"
    shutil.copytree(ROOT / "maps", maps)
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    battle = battle_from_map(maps / "relay_station_ambush.tmx", seed="gm-1")
    first, second = sorted(c.id for c in battle.combatants())[:2]
    free = [h for h in battle.field.hexes() if battle.field.enterable(h) and battle.world.at(h) is None]
    for action in (GmPlace(first, to=free[0]), GmSetHealth(second, value=1),
                   GmSetCondition(first, condition="prone"),
                   GmAddUnit(0, unit_type="warbot", side=battle.sides()[0].id, to=free[1]),
                   GmSetStat(second, stat="ac", value=20),
                   GmSetSideMorale(0, side=next(s.id for s in battle.sides() if s.morale is not None), value=3)):
        assert battle.submit(action).accepted, action
    for _ in range(10):
        if battle.state.ended:
            break
        battle.submit(choose_action(battle))
    write_save(battle, tmp_path / "gm.json")
    loaded = read_save(tmp_path / "gm.json")
    assert loaded.stopped_at is None and loaded.battle.state == battle.state
    assert loaded.battle.log_lines() == battle.log_lines()


# -- stats --------------------------------------------------------------------------------
def test_the_gm_raises_a_thugs_ac_and_the_odds_follow():
    battle = _fight()
    before = battle.combatant(2).ac
    chance = next(o for o in battle.options(1).allowed("attack") if o.target == 2).odds.chance
    assert texts(battle.submit(GmSetStat(2, stat="ac", value=before + 4))) == [
        f"The GM sets Thug 2's AC to {before + 4} (was {before})."]
    assert battle.combatant(2).ac == before + 4
    assert next(o for o in battle.options(1).allowed("attack") if o.target == 2).odds.chance < chance


@pytest.mark.parametrize("stat, value", [("attack_bonus", 5), ("move_hexes", 2), ("hit_dice", 3),
                                         ("armor", 2), ("morale", 11), ("skill_bonus", 3)])
def test_the_gm_sets_any_number_of_a_stat_block_and_undo_takes_it_back(stat, value):
    battle = _fight()
    assert battle.submit(GmSetStat(2, stat=stat, value=value)).accepted
    assert battle.gm_stats(2)[stat] == value
    assert battle.undo()
    assert battle.gm_stats(2)[stat] != value


def test_a_lower_maximum_health_lowers_current_health_with_it():
    battle = _fight()
    assert battle.submit(GmSetStat(1, stat="max_health", value=3)).accepted
    assert (battle.combatant(1).health, battle.combatant(1).health_max) == (3, 3)


def test_the_gm_sets_the_rounds_left_in_a_magazine_up_to_its_size():
    battle = _fight()
    assert battle.submit(GmSetStat(1, stat="ammunition", value=0)).accepted
    assert battle.gm_stats(1)["ammunition"] == 0
    refused = battle.submit(GmSetStat(1, stat="ammunition", value=999))
    assert not refused.accepted and refused.reason.startswith("ammunition must be between 0 and ")


def test_a_pcs_skill_is_set_only_when_the_block_lists_it():
    battle = _fight()
    skill = next(name for name in battle.gm_stats(1) if name.startswith("skill:")).removeprefix("skill:")
    assert battle.submit(GmSetStat(1, stat=f"skill:{skill}", value=3)).accepted
    assert battle.gm_stats(1)[f"skill:{skill}"] == 3
    refused = battle.submit(GmSetStat(1, stat="skill:cooking", value=1))
    assert not refused.accepted and refused.reason == "Ana has no cooking skill"


@pytest.mark.parametrize("stat, value, reason", [
    ("ac", 99, "AC must be between 0 and 30 for Thug 2"),
    ("luck", 3, "the GM sets only ac, attack_bonus, skill_bonus, move_hexes, hit_dice, max_health, armor, "
                "morale, save, ammunition, skill:NAME, not 'luck'"),
    ("morale", 1, "morale must be between 2 and 12 for Thug 2"),
])
def test_a_bad_stat_value_is_refused_with_what_is_allowed(stat, value, reason):
    refused = _fight().submit(GmSetStat(2, stat=stat, value=value))
    assert not refused.accepted and refused.reason == reason


def test_the_gm_sets_a_sides_morale_but_not_of_a_side_that_never_checks_it():
    battle = _fight()
    before = next(s for s in battle.sides() if s.id == "enemies").morale
    lines = texts(battle.submit(GmSetSideMorale(0, side="enemies", value=5)))
    assert lines == [f"The GM sets the morale of Enemies to 5 (was {before})."]
    assert next(s for s in battle.sides() if s.id == "enemies").morale == 5
    refused = battle.submit(GmSetSideMorale(0, side="pcs", value=5))
    assert not refused.accepted and refused.reason.endswith("never checks morale")

"""The GM's gestures without a screen: Shift+drag puts a token down, a click or Shift+right
click opens its editor, the editor's buttons become GM actions, adding sets a unit down."""

from game.actions import GmAddUnit, GmPlace, GmSetCondition, GmSetHealth, GmSetSideMorale, GmSetStat
from game.hexgrid import Hex
from game.ui.gm_editor import SIDE_MORALE, condition_action, describe, health_action, stat_action
from game.ui.gm_tools import GmStep, Hand, press, release

from kit import battle_at, unit

THUG = unit(1, "thug", "enemies", Hex(0, 0), name="Thug 1")
ANA = unit(2, "pc_warrior", "pcs", Hex(3, 0), name="Ana")


def _table():
    battle = battle_at([THUG, ANA], first=1)
    standing = {c.hex: c for c in battle.combatants() if c.in_fight}
    return battle, standing


def test_a_shift_drag_from_a_token_to_a_hex_places_it_there():
    battle, standing = _table()
    step = press(Hand(), Hex(0, 0), 1, True, standing)
    assert step.taken and step.hand == Hand(dragging=1, start=Hex(0, 0)) and step.action is None
    dropped = release(step.hand, Hex(1, 2))
    assert dropped.action == GmPlace(1, to=Hex(1, 2)) and dropped.hand == Hand()
    assert battle.submit(dropped.action).accepted and battle.combatant(1).hex == Hex(1, 2)


def test_without_shift_or_gm_mode_the_turns_modes_get_the_mouse():
    _, standing = _table()
    assert press(Hand(), Hex(0, 0), 1, False, standing) == GmStep()
    assert not press(Hand(), Hex(2, 2), 1, True, standing).taken, "no token there: the map pans as usual"
    assert release(Hand(), Hex(1, 2)) == GmStep()


def test_released_where_it_started_or_shift_right_click_opens_the_editor():
    _, standing = _table()
    held = press(Hand(), Hex(3, 0), 1, True, standing).hand
    assert release(held, Hex(3, 0)).edit == 2
    assert press(Hand(), Hex(3, 0), 3, True, standing) == GmStep(edit=2, taken=True)


def test_the_editor_sets_health_typed_or_stepped_and_flips_conditions():
    battle, _ = _table()
    ana = battle.combatant(2)
    assert health_action(ana, "5") == GmSetHealth(2, value=5)
    assert health_action(ana, "-1") == GmSetHealth(2, value=ana.health - 1)
    assert health_action(ana, "+1") == GmSetHealth(2, value=ana.health + 1)
    assert health_action(ana, "lots") == "health: 'lots' is not a whole number"
    assert condition_action(ana, "prone") == GmSetCondition(2, condition="prone", active=True)
    battle.submit(GmSetCondition(2, condition="prone"))
    down = battle.combatant(2)
    assert condition_action(down, "prone") == GmSetCondition(2, condition="prone", active=False)
    assert condition_action(down, "overwatch") == GmSetCondition(2, condition="overwatch", active=False)
    assert describe(down) == f"Ana: {down.health}/{down.health_max} HP, prone"


def test_adding_sets_the_unit_down_on_the_next_click_and_right_click_cancels():
    _, standing = _table()
    adding = Hand(adding=("thug", "enemies"))
    step = press(adding, Hex(0, 3), 1, False, standing)
    assert step.action == GmAddUnit(0, unit_type="thug", side="enemies", to=Hex(0, 3)) and step.hand == Hand()
    cancelled = press(adding, Hex(0, 3), 3, False, standing)
    assert cancelled.action is None and cancelled.hand == Hand() and "cancelled" in cancelled.message


def test_the_editor_sets_a_stat_or_the_sides_morale_from_the_typed_value():
    battle, standing = _table()
    thug = standing[Hex(0, 0)]
    assert stat_action(thug, "ac", " 15 ") == GmSetStat(1, stat="ac", value=15)
    assert stat_action(thug, SIDE_MORALE, "6") == GmSetSideMorale(0, side="enemies", value=6)
    assert stat_action(thug, "ac", "high") == "ac: 'high' is not a whole number"
    assert battle.submit(stat_action(thug, "move_hexes", "1")).accepted
    assert battle.gm_stats(1)["move_hexes"] == 1

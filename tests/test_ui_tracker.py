"""The turn tracker: the order of play for the GM, and for the table the round, whose turn, who
is next, and only the morale bands a PC has read (Seed 002, Read Morale)."""

from game.actions import EndTurn, GmSetHealth, ReadMorale
from game.battle import Battle
from game.hexgrid import Hex
from game.ui.render import title_line
from game.ui.tracker import console_lines, next_up, table_line

from kit import WALL, scenario, side, unit

MIRA, ANA, ROOK, SLY = 1, 2, 3, 4
UNITS = [unit(1, "pc_psychic", "pcs", Hex(0, 0), name="Mira"),
         unit(2, "pc_warrior", "pcs", Hex(0, 1), name="Ana"),
         unit(3, "thug", "enemies", Hex(3, 0), name="Rook"),
         unit(4, "thug", "rivals", Hex(-3, 0), name="Sly")]
SIDES = {"pcs": side("pcs", None), "enemies": side("enemies", 8), "rivals": side("rivals", 6)}
IN_ORDER = 0  # seed giving the order Mira, Ana, Rook, Sly


def _battle() -> Battle:
    battle = Battle.from_scenario(scenario(UNITS, sides=SIDES, terrain={Hex(-2, 0): WALL}), seed=IN_ORDER)
    assert battle.turn_order() == (MIRA, ANA, ROOK, SLY)
    return battle


def test_the_table_strip_names_the_round_whose_turn_and_who_is_next_and_no_morale():
    battle = _battle()
    assert table_line(battle) == "round 1 - Mira's turn, next Ana"
    assert "Careful" not in title_line(battle) and "8" not in table_line(battle)


def test_after_a_read_morale_the_table_strip_shows_the_band_read_and_only_that_side():
    battle = _battle()
    assert battle.submit(ReadMorale(MIRA, faces=(6, 6))).accepted
    assert table_line(battle) == "round 1 - Mira's turn, next Ana - Enemies: Careful"
    assert "Rivals" not in table_line(battle)  # behind the wall: unread
    assert table_line(battle) in title_line(battle, "console")


def test_the_table_title_names_the_map_the_round_and_the_morale_read_and_leaves_the_turn_to_the_banner():
    battle = _battle()
    assert battle.submit(ReadMorale(MIRA, faces=(6, 6))).accepted
    assert title_line(battle, "table") == f"{battle.scenario.title} - round 1 - Enemies: Careful"
    assert title_line(battle) == title_line(battle, "table")
    assert title_line(battle, "console") == f"{battle.scenario.title} - round 1 - Mira's turn, next Ana - Enemies: Careful"


def test_a_failed_read_shows_nothing():
    battle = _battle()
    assert battle.submit(ReadMorale(MIRA, faces=(1, 1))).accepted
    assert "Enemies" not in table_line(battle)


def test_next_skips_whoever_is_down_and_wraps_round():
    battle = _battle()
    assert battle.submit(GmSetHealth(ANA, value=0)).accepted
    assert next_up(battle).name == "Rook"
    for _ in range(2):
        assert battle.submit(EndTurn(battle.current())).accepted
    assert table_line(battle) == "round 1 - Sly's turn, next Mira"


def test_the_console_marks_whose_turn_who_is_down_and_every_sides_morale():
    battle = _battle()
    assert battle.submit(GmSetHealth(ROOK, value=0)).accepted
    lines = console_lines(battle)
    assert lines[0].startswith("> P Mira [") and lines[0].endswith("]")
    assert lines[1].startswith("  P Ana")
    assert lines[2].startswith("  E Rook") and lines[2].endswith(" - dead")  # an NPC at 0 HP dies
    assert lines[4:] == ["Enemies: morale 8 (Careful)", "Rivals: morale 6 (Careful)"]


def _militia(controller: str) -> Battle:
    """The same fight with the morale rules on, the enemies (morale 4) played by `controller`."""
    sides = {**SIDES, "enemies": side("enemies", 4, controller=controller)}
    return Battle.from_scenario(scenario(UNITS, sides=sides, terrain={Hex(-2, 0): WALL}, modules=("morale",)),
                                seed=IN_ORDER)


def test_a_side_the_players_play_shows_its_band_and_limits_on_the_table():
    line = table_line(_militia("players"))
    assert "Enemies: Tactical Retreat (falls back carefully through cover, still returning fire; -2 to hit)" in line
    assert "Rivals" not in line


def test_the_console_shows_the_limits_of_the_sides_people_play_but_not_the_computers():
    assert ("Enemies: morale 4 (Tactical Retreat) - falls back carefully through cover, still returning fire; "
            "-2 to hit") in console_lines(_militia("gm"))
    assert "Enemies: morale 4 (Tactical Retreat)" in console_lines(_militia("computer"))
    assert "Enemies: morale 4 (Tactical Retreat)" in console_lines(_militia("tactical"))
    assert "Enemies" not in table_line(_militia("gm"))

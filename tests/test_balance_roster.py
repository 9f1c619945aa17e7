"""The roster the balance search varies: which units may go (the last added first; leaders and
named units kept unless asked), squads by their count, added units on free passable cells near
their side (out of the others' sight when the side starts hidden or surprised), and a candidate
played in memory exactly as the written map reads back."""

import dataclasses
from pathlib import Path

import pytest

from game.battle import Battle, load_catalog
from game.savefile import load_scenario_or_fail
from game.simulate.balance import Request, prepare
from game.simulate.placement import free_cells, keeps_out_of_sight
from game.simulate.roster import RosterChange, apply_change, side_stocks
from tests.balance_kit import BASELINE, copy_skirmish

MAPS = Path(__file__).resolve().parent.parent / "maps"
CATALOG = load_catalog()
NAMES = {key: t.name for key, t in CATALOG.unit_types.items()}


def _scenario(name: str):
    return load_scenario_or_fail(MAPS / f"{name}.tmx", CATALOG)


def _stocks(name, side, extra=(), remove_named=False):
    return {s.unit_type: s for s in side_stocks(_scenario(name), side, NAMES, extra, remove_named)}


def test_the_raiders_may_lose_their_five_thugs_last_placed_first_but_never_kell_or_boomer():
    stocks = _stocks("relay_station_ambush", "enemies")
    assert list(stocks) == ["veteran_soldier", "thug", "grenadier"]  # the order they stand on the map
    assert stocks["thug"].removable == (12, 11, 10, 9, 8)
    assert stocks["veteran_soldier"].removable == ()  # Rustjaw Kell: named, and the raiders' leader
    assert stocks["grenadier"].removable == ()  # Boomer: named
    assert (stocks["thug"].have, stocks["thug"].copy_of) == (5, 12)  # new thugs copy the last unnamed one


def test_asked_to_the_named_units_and_the_leader_may_go_too_and_the_side_is_left_leaderless():
    stocks = _stocks("relay_station_ambush", "enemies", remove_named=True)
    assert stocks["veteran_soldier"].removable == (7,)
    assert stocks["grenadier"].removable == (13,)
    setup = prepare(Request("relay_station_ambush", "pcs", 0.95, remove_named=True))
    change = setup.roster.change((-1, -2, 0))
    assert change.removed == (7, 12, 11)
    assert change.leaderless
    assert apply_change(setup.scenario, change).sides["enemies"].leader is None


def test_a_type_named_with_types_starts_at_none_and_is_added_as_a_new_unit_object():
    stocks = _stocks("relay_station_ambush", "enemies", extra=("elite_trooper",))
    assert list(stocks)[-1] == "elite_trooper"
    assert (stocks["elite_trooper"].have, stocks["elite_trooper"].copy_of) == (0, 0)


def test_a_squad_without_a_footprint_varies_by_its_count():
    stocks = _stocks("squad_ridge", "enemies")
    squad = stocks["veteran_soldier"]
    assert (squad.squad, squad.squad_count, squad.have) == (7, 8, 8)
    assert squad.fewest_removed() == 7  # a squad keeps one member
    setup = prepare(Request("squad_ridge", "pcs", 0.5))
    steps = tuple(2 if s.unit_type == "veteran_soldier" else 0 for s in setup.roster.stocks)
    change = setup.roster.change(steps)
    assert change.counts == ((7, 10),) and change.added == ()
    gang = next(u for u in apply_change(setup.scenario, change).units if u.object_id == 7)
    assert gang.count == 10


def test_added_units_stand_on_free_passable_cells_the_nearest_their_side_first():
    scenario = _scenario("relay_station_ambush")
    cells = free_cells(scenario, "enemies", Battle.from_scenario(scenario, 0))
    taken = {u.hex for u in scenario.units}
    assert cells and not taken & set(cells)
    assert all(not scenario.terrain[c].impassable for c in cells)
    raiders = [u.hex for u in scenario.units if u.side == "enemies"]
    first, last = cells[0], cells[-1]
    assert min(_distance(first, r) for r in raiders) <= min(_distance(last, r) for r in raiders)
    assert min(_distance(first, r) for r in raiders) == 1


def _distance(a, b):
    return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.q + a.r - b.q - b.r)) // 2


def surprised_baseline(folder: Path) -> Path:
    """The baseline skirmish (tests/bad_maps) with the enemies surprised: Sgt Kim in the open at
    cell 0,0, Thug A at 5,0, a wall at 2,2 that hides a few cells from Kim."""
    text = BASELINE.read_text().replace('<property name="morale" type="int" value="8"/>',
                                        '<property name="morale" type="int" value="8"/>\n'
                                        '    <property name="surprised" type="bool" value="true"/>')
    return copy_skirmish(folder, text, "surprised.tmx")


def test_a_surprised_side_gains_units_only_where_no_other_side_can_see_them(tmp_path):
    scenario = load_scenario_or_fail(surprised_baseline(tmp_path), CATALOG)
    assert keeps_out_of_sight(scenario, "enemies") and not keeps_out_of_sight(scenario, "pcs")
    battle = Battle.from_scenario(scenario, 0)
    cells = free_cells(scenario, "enemies", battle)
    kim = next(u.hex for u in scenario.units if u.side == "pcs")
    assert cells
    assert not any(battle.cover(kim, c).visible for c in cells)
    assert len(free_cells(scenario, "pcs", battle)) > len(cells)  # the pcs are not surprised: anywhere free


def test_an_open_map_leaves_a_surprised_side_no_cell_out_of_sight():
    scenario = _scenario("crystal_vault")  # the Sable Hand are surprised; the vault is open ground
    assert keeps_out_of_sight(scenario, "rivals")
    assert free_cells(scenario, "rivals", Battle.from_scenario(scenario, 0)) == ()


def test_a_hidden_unit_makes_its_side_keep_out_of_sight():
    scenario = _scenario("relay_station_ambush")
    hidden = dataclasses.replace(scenario, units=tuple(dataclasses.replace(u, hidden=u.side == "enemies")
                                                       for u in scenario.units))
    assert keeps_out_of_sight(hidden, "enemies") and not keeps_out_of_sight(scenario, "enemies")


def test_no_change_is_the_map_itself():
    scenario = _scenario("relay_station_ambush")
    assert apply_change(scenario, None) is scenario
    assert apply_change(scenario, RosterChange("enemies")) is scenario


@pytest.mark.parametrize("name", ["relay_station_ambush", "squad_ridge"])
def test_a_candidate_cannot_add_more_units_one_by_one_than_there_are_free_cells(name):
    setup = prepare(Request(name, "pcs", 0.5))
    room = setup.roster.most_added()
    singles = [i for i, s in enumerate(setup.roster.stocks) if not s.squad]
    steps = [0] * len(setup.roster.stocks)
    steps[singles[0]] = room
    assert setup.roster.possible(tuple(steps))
    steps[singles[0]] = room + 1
    assert not setup.roster.possible(tuple(steps))

"""`hexbattle place MAP TYPE --at COL,ROW --side SIDE`: a unit written into a map on the cell the
GM names, in every Tiled layout the bundled maps use, and clear refusals that leave the map as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.scenario import load_scenario

from cli_kit import copy_of_the_maps, run_command

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(p.name for p in (ROOT / "maps").glob("*.tmx"))
DEFAULT = "relay_station_ambush.tmx"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """`hexbattle place ARGV...` in-process; returns (status, stdout, stderr)."""
    return run_command(capsys, "place", *argv)


@pytest.fixture
def maps(tmp_path: Path) -> Path:
    """A copy of the bundled maps (with the assets they use) to write into."""
    return copy_of_the_maps(tmp_path)


def _free_cell(scenario) -> tuple[int, int]:
    """The last free cell a unit can stand on, far from the first rows most maps fill."""
    taken = {u.hex for u in scenario.units} | {h for u in scenario.units for h in u.footprint}
    free = [h for h in scenario.terrain if h not in taken and not scenario.terrain[h].impassable]
    return max(scenario.layout.hex_to_offset(h) for h in free)


@pytest.mark.parametrize("name", BUNDLED)
def test_the_unit_stands_on_the_named_cell_in_every_bundled_map(capsys, maps, name):
    before = load_scenario(maps / name).scenario
    cell = _free_cell(before)
    some_type = before.units[0].unit_type  # a type of the map's own ruleset
    status, out, err = run(capsys, str(maps / name), some_type, "--at", "{},{}".format(*cell),
                           "--side", "enemies", "--name", "Newcomer")
    assert (status, err) == (0, "")
    assert out.startswith("added Newcomer (object ")
    assert out.rstrip().endswith(f"to {name} at column {cell[0]}, row {cell[1]}")
    after = load_scenario(maps / name).scenario
    [added] = [u for u in after.units if u.name == "Newcomer"]
    assert after.layout.hex_to_offset(added.hex) == cell and added.unit_type == some_type
    assert len(after.units) == len(before.units) + 1


def test_a_type_may_be_named_by_its_name_and_an_unnamed_unit_is_named_as_the_map_names_it(capsys, maps):
    status, out, _ = run(capsys, str(maps / DEFAULT), "Veteran soldier", "--at", "6,2", "--side", "allies",
                         "--count", "4")
    assert status == 0
    assert out == "added Veteran soldier 15 (object 15, side allies) to relay_station_ambush.tmx at column 6, row 2\n"
    added = next(u for u in load_scenario(maps / DEFAULT).scenario.units if u.object_id == 15)
    assert (added.name, added.unit_type, added.count, added.side) == ("Veteran soldier 15", "veteran_soldier", 4, "allies")


@pytest.mark.parametrize(("argv", "message"), [
    (["thg", "--at", "3,2", "--side", "enemies"], "relay_station_ambush.tmx is a swn map, which has no unit type "
                                                  "'thg' (did you mean 'thug'?); its types are: civilian, "),
    (["spacer", "--at", "3,2", "--side", "enemies"], "relay_station_ambush.tmx is a swn map, which has no unit type 'spacer'"),
    (["thug", "--at", "3;2", "--side", "enemies"], "--at '3;2': give the cell as COL,ROW, column first"),
    (["thug", "--at", "3,2.5", "--side", "enemies"], "--at '3,2.5': give the cell as COL,ROW, column first"),
    (["thug", "--at", "40,2", "--side", "enemies"], "relay_station_ambush.tmx: cell 40,2 is not on the map"),
    (["thug", "--at", "3,2", "--side", "martians"], "--side 'martians' is not a side"),
    (["thug", "--at", "3,2", "--side", "enemies", "--count", "0"], "--count must be a whole number from 1 to 999"),
    (["pc_warrior", "--at", "3,2", "--side", "pcs", "--count", "3"], "only NPCs form squads (seed 002): a pc_warrior is a pc"),
    (["thug", "--at", "3,2", "--side", "enemies", "--name", "\x1b[31m"], "--name must be 1 to 80 printable characters"),
])
def test_bad_input_is_one_clear_line_and_the_map_is_untouched(capsys, maps, argv, message):
    before = (maps / DEFAULT).read_bytes()
    status, out, err = run(capsys, str(maps / DEFAULT), *argv)
    assert (status, out) == (2, "")
    assert err.startswith(f"hexbattle place: {message}") and err.count("\n") == 1
    assert (maps / DEFAULT).read_bytes() == before


def test_a_taken_cell_names_who_stands_there(capsys, maps):
    scenario = load_scenario(maps / DEFAULT).scenario
    first = scenario.units[0]
    col, row = scenario.layout.hex_to_offset(first.hex)
    status, _, err = run(capsys, str(maps / DEFAULT), "thug", "--at", f"{col},{row}", "--side", "enemies")
    assert status == 2
    assert f"is taken by {first.name} (object {first.object_id})" in err


def test_a_missing_map_is_refused(capsys, tmp_path):
    status, _, err = run(capsys, str(tmp_path / "nowhere.tmx"), "thug", "--at", "1,1", "--side", "enemies")
    assert status == 2 and "nowhere.tmx" in err and "not found" in err

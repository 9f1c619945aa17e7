"""`hexbattle recruit`: the Recruit downtime action (seed 002) printed as a Tiled object or
written into a map, safely, in a form the real Tiled editor opens unchanged."""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.scenario import load_scenario

from cli_kit import copy_of_the_maps, run_command

ROOT = Path(__file__).resolve().parent.parent
FORD = "kessler_ford.tmx"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """`hexbattle recruit ARGV...` in-process; returns (status, stdout, stderr)."""
    return run_command(capsys, "recruit", *argv)


@pytest.fixture
def maps(tmp_path: Path) -> Path:
    """A copy of the bundled maps (with the assets they use) to write into."""
    return copy_of_the_maps(tmp_path)


def test_recruiting_veteran_fighters_rolls_connect_against_9(capsys):
    status, out, err = run(capsys, "veteran_soldier", "--connect", "1", "--tier", "1", "--faces", "5,4")
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == ("<!-- Connect check 2d6 [5, 4] +1 Connect = 10 vs 9: success; "
                                   "2 Veteran soldier recruited (Tier 1 + 1) -->")


def test_the_printed_squad_is_a_tiled_unit_object(capsys):
    _, out, _ = run(capsys, "veteran_soldier", "--tier", "2", "--faces", "6,5", "--side", "pcs")
    obj = ElementTree.fromstring("\n".join(out.splitlines()[1:]))
    props = {p.get("name"): p.get("value") for p in obj.iter("property")}
    assert (obj.tag, obj.get("type"), obj.get("name")) == ("object", "Unit", "Veteran soldier squad (5)")
    assert props == {"count": "5", "side": "pcs", "unit_type": "veteran_soldier"}


def test_the_squad_may_be_given_a_name(capsys):
    _, out, _ = run(capsys, "thug", "--faces", "6,6", "--tier", "1", "--name", "Dock & Rail Gang")
    assert '<object name="Dock &amp; Rail Gang" type="Unit" x="0" y="0">' in out


def test_a_type_may_be_named_by_its_name(capsys):
    status, out, _ = run(capsys, "Veteran Soldier", "--faces", "1,1")
    assert status == 0 and "vs 9: failure; 1 Veteran soldier recruited" in out


def test_an_unknown_type_lists_the_known_npc_types(capsys):
    status, out, err = run(capsys, "veteran_fighter", "--faces", "3,3")
    assert (status, out) == (2, "")
    assert err == ("hexbattle recruit: unknown NPC type 'veteran_fighter'; the NPC types in units.toml are: "
                   "civilian, elite_trooper, grenadier, thug, veteran_soldier, warbot\n")


def test_a_pc_type_cannot_be_recruited(capsys):
    status, _, err = run(capsys, "pc_warrior", "--faces", "3,3")
    assert status == 2 and "unknown NPC type 'pc_warrior'" in err


@pytest.mark.parametrize("argv, message", [
    (["--faces", "5"], "ran out of faces"),
    (["--faces", "5,4,3"], "faces left over after rolling: 3"),
    (["--connect", "x"], "--connect must be a whole number from -3 to 10"),
    (["--tier", "99"], "--tier must be a whole number from 0 to 10"),
    (["--side", "martians"], "--side 'martians' is not a side"),
    (["--at", "1,1"], "--at places the squad in a map"),
    (["--name", "Red\x1b[31m"], "--name must be 1 to 80 printable characters, not 'Red?[31m'"),
    (["--name", " "], "--name must be 1 to 80 printable characters"),
])
def test_bad_input_is_one_clear_line(capsys, argv, message):
    status, out, err = run(capsys, "thug", *argv)
    assert (status, out) == (2, "")
    assert message in err and err.count("\n") == 1


def test_the_same_seed_recruits_the_same(capsys):
    first = run(capsys, "thug", "--seed", "7")
    assert run(capsys, "thug", "--seed", "7") == first


def test_into_a_map_adds_the_squad_to_the_units_layer_and_changes_nothing_else(capsys, maps):
    before = (maps / FORD).read_text()
    status, out, err = run(capsys, "veteran_soldier", "--tier", "1", "--faces", "6,6",
                           "--into", str(maps / FORD), "--at", "3,3")
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == "added Veteran soldier squad (4) (object 13) to kessler_ford.tmx at cell 3,3"
    after = (maps / FORD).read_text()
    added = [line for line in after.splitlines() if line not in before.splitlines()]
    assert added[0].startswith("<map ") and 'nextobjectid="14"' in added[0]
    assert added[1].strip().startswith('<object id="13" name="Veteran soldier squad (4)" type="Unit"')
    assert len(after.splitlines()) == len(before.splitlines()) + 8
    scenario = load_scenario(maps / FORD).scenario
    squad = next(u for u in scenario.units if u.object_id == 13)
    assert (squad.count, squad.side, squad.unit_type, squad.layer) == (4, "allies", "veteran_soldier", "units")
    assert squad.hex == scenario.layout.offset_to_hex(3, 3)


@pytest.mark.parametrize("at, message", [("4,12", "is taken by"), ("40,40", "is not on the map")])
def test_into_a_bad_cell_is_refused_and_the_map_is_untouched(capsys, maps, at, message):
    scenario = load_scenario(maps / FORD).scenario
    if message == "is taken by":
        col, row = scenario.layout.hex_to_offset(scenario.units[0].hex)
        at = f"{col},{row}"
    before = (maps / FORD).read_bytes()
    status, out, err = run(capsys, "thug", "--faces", "3,3", "--into", str(maps / FORD), "--at", at)
    assert (status, out) == (2, "")
    assert message in err
    assert (maps / FORD).read_bytes() == before
    assert sorted(p.name for p in maps.iterdir()) == sorted(p.name for p in (ROOT / "maps").iterdir())


def test_into_a_broken_map_is_refused(capsys, maps):
    broken = maps / "broken.tmx"
    broken.write_text((maps / FORD).read_text().replace('value="swn"', 'value="chess"'))
    before = broken.read_bytes()
    status, _, err = run(capsys, "thug", "--faces", "3,3", "--into", str(broken), "--at", "3,3")
    assert status == 2 and "run `hexbattle check broken.tmx` and fix them first" in err
    assert broken.read_bytes() == before


def test_into_a_json_map_is_refused_with_what_to_do(capsys, tmp_path):
    status, _, err = run(capsys, "thug", "--faces", "3,3", "--into", str(tmp_path / "m.tmj"), "--at", "1,1")
    assert status == 2 and "only .tmx maps can be written to" in err


def test_the_written_map_opens_in_the_real_tiled_editor_with_the_squad(capsys, maps, tmp_path):
    if shutil.which("tiled") is None:
        if os.environ.get("CI"):
            pytest.fail("the Tiled editor is not installed (apt-get install tiled)")
        pytest.skip("the Tiled editor is not installed")
    run(capsys, "grenadier", "--tier", "2", "--faces", "4,4", "--into", str(maps / FORD), "--at", "5,6")
    run(capsys, "veteran_soldier", "--faces", "1,1", "--into", str(maps / FORD), "--join", "4")
    out = tmp_path / "exported.tmx"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(tmp_path))
    done = subprocess.run(["tiled", "--export-map", "tmx", str(maps / FORD), str(out)], env=env,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    exported = {o.get("id"): o for o in ElementTree.parse(out).getroot().iter("object")}
    squad = exported["13"]
    props = {p.get("name"): p.get("value") for p in squad.iter("property")}
    assert props == {"count": "3", "side": "allies", "unit_type": "grenadier"}
    assert [p.get("value") for p in exported["4"].iter("property") if p.get("name") == "count"] == ["7"]
    assert load_scenario(out).scenario.units == load_scenario(maps / FORD).scenario.units


SWN_MAPS = sorted(p.name for p in (ROOT / "maps").glob("*.tmx")
                  if 'name="ruleset" propertytype="Ruleset" value="swn' in p.read_text())
"""The bundled maps played under SWN, whose unit types (a thug) the command recruits."""


@pytest.mark.parametrize("name", SWN_MAPS)
def test_into_any_bundled_map_only_adds_the_object_and_raises_nextobjectid(capsys, maps, name):
    scenario = load_scenario(maps / name).scenario
    taken = {u.hex for u in scenario.units}
    free = next(h for h in sorted(scenario.terrain) if h not in taken and not scenario.terrain[h].impassable)
    col, row = scenario.layout.hex_to_offset(free)
    before = (maps / name).read_text().splitlines()
    status, _, err = run(capsys, "thug", "--faces", "3,3", "--into", str(maps / name), "--at", f"{col},{row}")
    assert (status, err) == (0, "")
    after = (maps / name).read_text().splitlines()
    edits = [(tag, before[i1:i2], after[j1:j2])
             for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
             if tag != "equal"]
    assert [tag for tag, _, _ in edits] == ["replace", "insert"]
    assert edits[0][1][0].startswith("<map ") and 'nextobjectid="' in edits[0][2][0]
    assert len(edits[1][2]) == 8 and edits[1][2][0].strip().startswith("<object id=")
    added = next(u for u in load_scenario(maps / name).scenario.units if u.hex == free)
    assert (added.unit_type, added.count) == ("thug", 1)


def test_recruits_join_a_squad_of_their_type_in_the_map(capsys, maps):
    # The 2nd Ford Rifles (object 4) are 6 veteran soldiers from their template; 4 more join.
    status, out, err = run(capsys, "veteran_soldier", "--tier", "1", "--faces", "6,6",
                           "--into", str(maps / FORD), "--join", "4")
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == "object 4 in kessler_ford.tmx now counts 10 Veteran soldier"
    rifles = next(u for u in load_scenario(maps / FORD).scenario.units if u.object_id == 4)
    assert (rifles.count, rifles.name) == (10, "2nd Ford Rifles")


@pytest.mark.parametrize("argv, message", [
    (["--join", "4"], "object 4 is a veteran_soldier; recruits join a squad of their own type (thug)"),
    (["--join", "77"], "object 77 is not a unit on the map"),
    (["--join", "4", "--at", "1,1"], "--join ID adds recruits to a squad in a map: give --into MAP and no --at"),
    (["--join", "four"], "--join 'four': give the squad's object id"),
])
def test_a_bad_join_is_refused_and_the_map_is_untouched(capsys, maps, argv, message):
    before = (maps / FORD).read_bytes()
    status, _, err = run(capsys, "thug", "--faces", "6,6", "--into", str(maps / FORD), *argv)
    assert status == 2 and message in err
    assert (maps / FORD).read_bytes() == before


def test_a_unit_type_the_maps_ruleset_lacks_is_refused_and_the_map_left_unchanged(capsys, maps):
    before = (maps / "dust_market.tmx").read_text()  # These Lucky Stars: creature types, no thugs
    status, _, err = run(capsys, "thug", "--faces", "3,3", "--into", str(maps / "dust_market.tmx"), "--at", "5,5")
    assert status == 2 and "dust_market.tmx was left unchanged" in err and "unknown unit type 'thug'" in err
    assert (maps / "dust_market.tmx").read_text() == before

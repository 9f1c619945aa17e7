"""The bad-map corpus (tests/bad_maps/, made by make_corpus.py): each map's exact problems.

Every variant changes one thing of baseline.tmx; the table lists every error it must give,
in the order found, and nothing else may be an error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.catalog import load_catalog
from game.scenario import load_scenario

BAD = Path(__file__).resolve().parent / "bad_maps"
MATERIALS = ", ".join(load_catalog().materials)
OFF_MAP = "is off the map: its reference point"

CASES = {
    "truncated.tmx": [
        ("", "is not well-formed XML: no element found at line 29, column 1 (the file may be cut short)")],
    "malformed.tmx": [("", "is not well-formed XML: mismatched tag at line 61, column 3")],
    "not_a_map.tmx": [("", "is not a Tiled map file: its root element is <tileset>, not <map>")],
    "orthogonal.tmx": [
        ("", "map orientation is orthogonal (square cells); hexbattle needs a hexagonal map "
             "(in Tiled: Map > Map Properties > Orientation: Hexagonal)")],
    "missing_tileset.tmx": [("tileset 'nowhere.tsx'", f"file not found: {BAD}/nowhere.tsx")],
    "unknown_properties.tmx": [("", "unknown property 'rulset' (did you mean 'ruleset'?)")],
    "unknown_unit_type.tmx": [
        ("object 'Sgt Kim' (id 1) in layer 'units'", "unknown unit type 'vetran' (did you mean 'veteran_soldier'?)")],
    "two_units_one_hex.tmx": [
        ("object 'Thug B' (id 3) in layer 'units'",
         "stands on the same hex as 'Thug A' (id 2), cell (5, 0); one unit per hex: move one of them")],
    "unit_off_map.tmx": [
        ("object 'Thug B' (id 3) in layer 'units'",
         "is off the map: its reference point (560, 80) is in cell (9, 1), which has no terrain tile; "
         "move it onto the battlefield")],
    "unit_on_impassable.tmx": [
        ("object 'Thug B' (id 3) in layer 'units'",
         "stands on impassable terrain 'wall' in cell (2, 2); move it to a hex it can stand on")],
    "missing_side.tmx": [
        ("object 'Thug A' (id 2) in layer 'units'",
         "has no 'side' property; set it to one of pcs, allies, enemies, rivals, bystanders")],
    "huge.tmx": [("", "map is 1000 x 1000 cells; hexbattle reads maps of at most 256 x 256 cells")],
    "entity_bomb.tmx": [
        ("", "declares a DTD or XML entities (<!DOCTYPE ...>), which hexbattle refuses: entities can "
             "expand a small file into gigabytes (an 'entity bomb'); Tiled never writes them, so delete "
             "the <!DOCTYPE ...> block")],
    "leaves_folder.tmx": [
        ("tileset '../../../../etc/passwd.tsx'",
         "refers to '../../../../etc/passwd.tsx', which is outside the folders this map may use (the "
         "folder of its Tiled project, or without one the folder above the map's folder, and --root); keep tilesets and templates there, or widen "
         "the area with --root")],
    "absolute_path.tmx": [
        ("tileset '/etc/terrain.tsx'",
         "refers to '/etc/terrain.tsx' by an absolute path, which hexbattle refuses; use a path "
         "relative to the file")],
    "bad_property_type.tmx": [
        ("", "property 'default' has type bool, but its value 'yes' is not true or false"),
        ("map property 'enemies'", "property 'morale' must be a whole number, not '8' (make it an int "
                                   "property in Tiled; it is a string property)")],
    "unknown_material.tmx": [
        ("tileset 'terrain' tile 2", f"property 'material' must be one of {MATERIALS}, not 'granite'")],
    "zstd_bomb.tmx": [
        ("layer 'ground'", "data expands to more than the 120 bytes its cells can hold (zstd data that "
                           "is corrupt, or a compression bomb)")],
    "gzip_bomb.tmx": [
        ("layer 'ground'", "data expands to more than the 120 bytes its cells can hold (gzip data that "
                           "is corrupt, or a compression bomb)")],
}
ERROR_FILES = {"unknown_material.tmx": "granite.tsx"}


def test_the_baseline_map_is_clean():
    result = load_scenario(BAD / "baseline.tmx")
    assert result.ok
    assert result.problems == ()


def test_every_corpus_map_is_in_the_table():
    corpus = {p.name for p in BAD.glob("*.tmx")} - {"baseline.tmx"}
    assert corpus == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_corpus_map_gives_exactly_its_errors(name):
    result = load_scenario(BAD / name)
    file = str(BAD / ERROR_FILES.get(name, name))
    assert not result.ok
    assert [(p.file, p.where, p.message) for p in result.errors] == [
        (file, where, message) for where, message in CASES[name]]


def test_problem_text_names_file_place_and_fix():
    problem = load_scenario(BAD / "unknown_unit_type.tmx").errors[0]
    assert problem.text() == (f"{BAD}/unknown_unit_type.tmx: object 'Sgt Kim' (id 1) in layer 'units': "
                              "unknown unit type 'vetran' (did you mean 'veteran_soldier'?)")


def test_an_unrelated_property_is_only_a_warning():
    warnings = [p.message for p in load_scenario(BAD / "unknown_properties.tmx").warnings]
    assert warnings == ["property 'author' is not a map property hexbattle reads; ignored"]


@pytest.mark.parametrize("name", ["truncated.tmx", "orthogonal.tmx", "huge.tmx", "entity_bomb.tmx",
                                  "malformed.tmx", "not_a_map.tmx"])
def test_a_map_that_cannot_be_read_as_a_hex_map_gives_no_scenario(name):
    assert load_scenario(BAD / name).scenario is None


def test_a_bomb_layer_leaves_the_rest_of_the_map_readable():
    scenario = load_scenario(BAD / "zstd_bomb.tmx").scenario
    assert [view.name for view in scenario.tile_layers] == ["ground", "rubble", "decor"]
    assert scenario.tile_layers[0].cells == {}
    assert len(scenario.units) == 2  # their hexes are not judged against a battlefield with holes


def test_a_missing_tileset_still_marks_the_battlefield():
    scenario = load_scenario(BAD / "missing_tileset.tmx").scenario
    assert len(scenario.terrain) == 30
    assert len(scenario.units) == 2


def test_every_problem_is_reported_at_once(tmp_path):
    text = (BAD / "bad_property_type.tmx").read_text()
    text = text.replace('value="vetran"', "").replace('"veteran_soldier"', '"vetran"')
    text = text.replace('x="308" y="32"', 'x="900" y="32"')
    (tmp_path / "many.tmx").write_text(text)
    (tmp_path / "terrain.tsx").write_text((BAD / "granite.tsx").read_text())
    messages = [p.message for p in load_scenario(tmp_path / "many.tmx").errors]
    assert len(messages) == 5
    assert any("granite" in m for m in messages)
    assert any("vetran" in m for m in messages)
    assert any(m.startswith(OFF_MAP) for m in messages)

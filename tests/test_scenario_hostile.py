"""Hostile or absurd map files get a clear message, never a traceback (found by hostile tests)."""

import json
import os
import shutil

from test_scenario_loading import errors, hexmap, layer, load, obj, objects, unit_at

from game.cli import main
from game.scenario import load_scenario


def test_lists_nested_past_any_use_are_refused(folder):
    nested = '<property name="deep" type="string" value="x"/>'
    for _ in range(200):
        nested = f'<property name="deep" type="list">{nested.replace("property", "item", 2)}</property>'
    units = objects(obj(1, "", "note", 10, 10).replace("<point/>", f"<properties>{nested}</properties><point/>"))
    messages = errors(load(folder, hexmap(layer("ground"), units)))
    assert messages and all("nests lists too deeply" in m for m in messages)


def test_a_template_gid_in_unicode_digits_is_an_error_not_a_crash(folder):
    (folder / "odd.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <tileset firstgid="1" source="terrain.tsx"/>\n'
        ' <object gid="\u00b2" width="56" height="64"/>\n</template>\n')
    units = objects(obj(1, "", "", 28, 32, extra=' template="odd.tx"', shape=""))
    assert "a tile template needs a gid and an external tileset" in errors(load(folder, hexmap(layer("ground"), units)))


def test_json_nested_absurdly_deep_or_with_a_huge_number_is_refused(tmp_path):
    deep, huge = tmp_path / "deep.tmj", tmp_path / "huge.tmj"
    deep.write_text("[" * 5000 + "]" * 5000)
    huge.write_text(json.dumps({"type": "map", "orientation": "hexagonal"})[:-1] + ', "width": ' + "9" * 5000 + "}")
    for path in (deep, huge):
        result = load_scenario(path)
        assert not result.ok
        assert [p.message for p in result.problems] == [
            "is nested too deeply or holds a number too long to be a Tiled file"]


def test_check_reports_a_failure_of_its_own_and_goes_on_to_the_next_map(tmp_path, capsys, monkeypatch):
    import game.cli.check as check

    good = tmp_path / "good.tmx"
    calls = []

    def explode_once(path, *args):
        calls.append(path)
        if len(calls) == 1:
            raise RuntimeError("simulated bug")
        return load_scenario(path, *args)

    monkeypatch.setattr(check, "load_scenario", explode_once)
    good.write_text("not a map")
    assert main(["check", str(tmp_path / "first.tmx"), str(good)]) == 1
    out = capsys.readouterr().out
    assert "hexbattle failed while reading this map (RuntimeError: simulated bug)" in out
    assert len(calls) == 2 and "good.tmx" in out


def test_a_property_defined_twice_is_an_error_not_a_silent_replacement(folder):
    sides = ('  <property name="enemies" type="class" propertytype="SideSetup"/>\n'
             '  <property name="enemies" type="class" propertytype="SideSetup"/>\n'
             '  <property name="pcs" type="class" propertytype="SideSetup"/>\n')
    assert "property 'enemies' is defined twice; keep one" in errors(load(folder, hexmap(layer("ground"), props=sides)))


def test_two_units_with_one_object_id_is_an_error(folder):
    units = objects(unit_at(7, 0, 0), unit_at(7, 2, 0))
    assert ("has the id 7 of another unit; object ids must be unique (leaders are named by id)"
            in errors(load(folder, hexmap(layer("ground"), units))))


def test_a_pipe_is_not_called_a_folder(tmp_path):
    pipe = tmp_path / "pipe.tmx"
    os.mkfifo(pipe)
    assert [p.message for p in load_scenario(pipe).problems] == [
        "is not a regular file (a device or a pipe); give the path of a map file"]


def test_check_refuses_a_root_that_is_not_a_folder(tmp_path, capsys):
    assert main(["check", "--root", str(tmp_path / "nowhere"), str(tmp_path / "x.tmx")]) == 1
    assert "--root" in capsys.readouterr().out


def test_an_empty_template_reference_is_an_error(folder):
    units = objects(obj(1, "", "ghost", 28, 32, extra=' template=""', shape="<point/>"))
    assert errors(load(folder, hexmap(layer("ground"), units))) == [
        "has an empty template reference; pick its template again in Tiled or remove it"]


def test_a_unit_showing_a_tile_no_tileset_holds_is_an_error(folder):
    x, y = 28, 64
    units = objects(obj(1, "thug", "lost", x, y, extra=' gid="999" width="56" height="64"', shape="", side="enemies"))
    assert ("shows tile number 999, which belongs to no tileset of the map; place the unit again from a "
            "tileset or a template") in errors(load(folder, hexmap(layer("ground"), units)))


def test_a_json_file_that_is_not_a_tiled_map_is_named_as_such(tmp_path):
    save, other = tmp_path / "night-one.json", tmp_path / "notes.json"
    save.write_text(json.dumps({"format": "hexbattle-save", "version": 1, "actions": []}))
    other.write_text(json.dumps({"shopping": ["eggs"]}))
    assert [p.message for p in load_scenario(save).problems] == [
        "this is a hexbattle save, not a Tiled map; open it with 'hexbattle replay'"]
    assert [p.message for p in load_scenario(other).problems] == [
        'this is not a Tiled map: it has no "type": "map", orientation or layers']


def test_absurd_tile_sizes_and_a_missing_hex_side_are_named(folder):
    huge = hexmap(layer("ground")).replace('tilewidth="56"', 'tilewidth="1000000"')
    assert errors(load(folder, huge)) == [
        "tile size 1000000 x 64 px is larger than any hex tileset (4096 px at most); check the map's tile size"]
    sideless = load(folder, hexmap(layer("ground")).replace(' hexsidelength="32"', ""), name="sideless.tmx")
    assert any(p.severity == "warning" and "has no hexsidelength" in p.message for p in sideless.problems)


def test_missing_tile_images_give_one_warning_per_tileset(folder):
    tiles = "".join(f'  <tile id="{i}"><image width="56" height="64" source="gone{i}.png"/></tile>\n' for i in range(3))
    tileset = (' <tileset firstgid="1" name="art" tilewidth="56" tileheight="64" tilecount="3" columns="0">\n'
               f'{tiles} </tileset>\n')
    result = load(folder, hexmap(layer("ground"), tilesets=tileset))
    warnings = [p.message for p in result.problems if "not found" in p.message]
    assert warnings == ["tile image 'gone0.png' and 2 more not found; the window will draw plain hexes for "
                        "those tiles"]


def test_tilesets_whose_tile_numbers_overlap_are_named(folder):
    shutil.copy(folder / "terrain.tsx", folder / "more.tsx")
    tilesets = ' <tileset firstgid="1" source="terrain.tsx"/>\n <tileset firstgid="2" source="more.tsx"/>\n'
    messages = errors(load(folder, hexmap(layer("ground"), tilesets=tilesets)))
    assert any(m.startswith("has firstgid 2, inside the tile numbers of tileset 'terrain' (1 to") for m in messages), messages


def test_a_map_marked_infinite_holding_finite_data_says_so(folder):
    text = hexmap(layer("ground")).replace('infinite="0"', 'infinite="1"')
    assert ("holds the data of a finite map, but the map is marked infinite; untick Infinite in "
            "Map > Map Properties (or re-save the map in Tiled)") in errors(load(folder, text))

"""Saves record the files a battle started from and name any that changed before replaying."""

import json
import os
import shutil
from pathlib import Path

import pytest

from game.players.plain import choose_action
from game.rules.catalog import DATA_DIR, load_catalog
from game.savefile import SaveError, battle_from_map, read_save, write_save

ROOT = Path(__file__).resolve().parent.parent
MAP_NAME = "relay_station_ambush.tmx"


@pytest.fixture
def table(tmp_path):
    """A copy of the bundled maps, a battle 40 actions in on the default map, and its save."""
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    battle = battle_from_map(tmp_path / "maps" / MAP_NAME, seed="table-7")
    for _ in range(40):
        battle.submit(choose_action(battle))
    save = tmp_path / "night-one.json"
    write_save(battle, save)
    return tmp_path, battle, save


def test_an_edited_template_is_named_before_the_replay_and_blamed_when_it_stops(table):
    folder, _, save = table
    template = folder / "maps" / "templates" / "thug.tx"
    template.write_text(template.read_text().replace('value="thug"', 'value="veteran_soldier"'))
    loaded = read_save(save)
    assert loaded.warnings[0] == f"{template} has changed since the battle started"
    assert loaded.stopped_at == 0
    stop = loaded.warnings[-1]
    assert "it is not that combatant's turn" in stop
    assert f"The files the battle started from are not the same any more ({template} has changed" in stop


def test_a_harmless_edit_is_still_named_and_the_battle_still_restores(table):
    folder, battle, save = table
    tileset = folder / "maps" / "tilesets" / "unit-tokens.tsx"
    tileset.write_text(tileset.read_text() + "\n")
    loaded = read_save(save)
    assert loaded.warnings == (f"{tileset} has changed since the battle started",)
    assert loaded.stopped_at is None and loaded.battle.state == battle.state


def test_a_deleted_template_is_named_in_the_refusal(table):
    folder, _, save = table
    template = folder / "maps" / "templates" / "thug.tx"
    template.unlink()
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert f"{template} is missing or unreadable (the battle started with it)" in str(caught.value)
    assert "template file not found" in str(caught.value)


def test_a_changed_data_file_is_named(table, tmp_path):
    _, _, save = table
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    (data / "weapons.toml").write_text((data / "weapons.toml").read_text() + "\n# house rule\n")
    warnings = read_save(save, load_catalog(data)).warnings
    assert warnings == (f"data file {data / 'weapons.toml'} has changed since the battle started",)


def test_digests_are_those_of_the_start_not_of_the_save(tmp_path):
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    battle = battle_from_map(tmp_path / "maps" / MAP_NAME, seed=3)
    template = tmp_path / "maps" / "templates" / "pc_warrior.tx"
    template.write_text(template.read_text() + "\n")  # edited mid-battle
    write_save(battle, tmp_path / "save.json")
    assert read_save(tmp_path / "save.json").warnings == (f"{template} has changed since the battle started",)


@pytest.mark.parametrize("fate", ["moved", "deleted"])
def test_saving_works_when_the_map_has_moved_or_gone(table, fate):
    folder, battle, save = table
    source = folder / "maps" / MAP_NAME
    if fate == "moved":
        source.rename(folder / "elsewhere.tmx")
    else:
        source.unlink()
    write_save(battle, save)
    data = json.loads(save.read_text())
    assert data["scenario"] == f"maps/{MAP_NAME}" and data["inputs"][0]["file"] == f"maps/{MAP_NAME}"
    with pytest.raises(SaveError, match=f"the scenario maps/{MAP_NAME} is not there"):
        read_save(save)


def test_a_version_1_save_still_loads_with_a_warning(table):
    _, battle, save = table
    data = json.loads(save.read_text())
    old = {"format": "hexbattle-save", "version": 1, "scenario": data["scenario"],
           "seed": data["seed"], "actions": data["actions"]}
    save.write_text(json.dumps(old))
    loaded = read_save(save)
    assert loaded.battle.state == battle.state
    assert loaded.warnings == (f"{save}: an older save (version 1): it cannot tell whether the map's "
                               "tilesets, templates or the data files have changed since the battle started",)


@pytest.mark.parametrize("inputs, message", [
    ("all of them", 'the "inputs" entry is not a list of files with their digests'),
    ([{"file": "maps/x.tmx", "sha256": "abc"}], "the \"inputs\" entry holds {'file': 'maps/x.tmx', 'sha256': 'abc'}"),
    ([{"file": "a\u0000b", "sha256": "0" * 64}], "the \"inputs\" entry names 'a\\x00b', which is not a usable file path"),
])
def test_a_damaged_list_of_inputs_gets_a_clear_message(table, inputs, message):
    _, _, save = table
    data = json.loads(save.read_text())
    data["inputs"] = inputs
    save.write_text(json.dumps(data))
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value).startswith(f"{save}: {message}")


def test_an_input_that_became_a_fifo_is_named_without_hanging(table):
    folder, _, save = table
    tileset = folder / "maps" / "tilesets" / "unit-tokens.tsx"
    data = json.loads(save.read_text())
    data["inputs"].append({"file": "pipe.tsx", "sha256": "0" * 64})
    save.write_text(json.dumps(data))
    os.mkfifo(folder / "pipe.tsx")
    assert read_save(save).warnings == (f"{folder / 'pipe.tsx'} is missing or unreadable (the battle started with it)",)
    assert tileset.exists()

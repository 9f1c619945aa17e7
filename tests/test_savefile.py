"""Saves: a battle saved and loaded replays to the identical state; bad saves get clear words."""

import json
import os
import shutil
from pathlib import Path

import pytest

from game.actions import Attack, EndTurn, Hold, from_json
from game.players.plain import choose_action
from game.savefile import battle_from_map
from game.cli import main
from game.savefile import SaveError, ScenarioLoadError, read_save, write_save

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "relay_station_ambush.tmx"


@pytest.fixture
def played(tmp_path):
    """A battle on the default map, 40 computer actions in, saved next to a copy of its maps."""
    maps = tmp_path / "maps"
    shutil.copytree(ROOT / "maps", maps)
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    battle = battle_from_map(maps / DEFAULT_MAP.name, seed="table-7")
    for _ in range(40):
        battle.submit(choose_action(battle))
    save = tmp_path / "night-one.json"
    write_save(battle, save)
    return battle, save


def test_loading_a_save_replays_to_the_identical_state(played):
    battle, save = played
    loaded = read_save(save)
    assert loaded.warnings == () and loaded.stopped_at is None
    assert loaded.battle.state == battle.state
    assert loaded.battle.log_lines() == battle.log_lines()


def test_the_save_is_versioned_json_with_scenario_seed_and_actions(played):
    battle, save = played
    data = json.loads(save.read_text())
    assert data["format"] == "hexbattle-save" and data["version"] == 2
    assert data["scenario"] == "maps/relay_station_ambush.tmx"
    files = [entry["file"] for entry in data["inputs"]]
    assert files[0] == "maps/relay_station_ambush.tmx"
    assert {"maps/tilesets/unit-tokens.tsx", "maps/templates/pc_warrior.tx"} <= set(files)
    assert [entry["file"] for entry in data["data_files"]] == ["weapons.toml", "units.toml", "cover.toml"]
    assert all(len(entry["sha256"]) == 64 for entry in data["inputs"] + data["data_files"])
    assert data["seed"] == "table-7" and len(data["actions"]) == len(battle.actions)


def test_dice_entered_by_hand_are_saved_and_replayed(played):
    battle, save = played
    battle.submit(EndTurn(battle.current()))
    actor = battle.current()
    targets = [o.target for o in battle.options(actor).allowed("attack")]
    assert targets, "the default scenario offers a target after 40 actions"
    attack = Attack(actor, target=targets[0])
    assert battle.submit(attack).accepted
    # The natural 1 rolled at the table goes on the attack, or on the answer to a protector.
    typed = attack if battle.pending() is None else Hold(battle.pending().decider, faces=(1,))
    if typed is attack:
        battle.undo()
        typed = Attack(actor, target=targets[0], faces=(1,))
    assert battle.submit(typed).accepted
    while battle.pending() is not None:
        battle.submit(choose_action(battle))
    assert typed in battle.actions
    write_save(battle, save)
    assert from_json(json.loads(save.read_text())["actions"][battle.actions.index(typed)]) == typed
    assert read_save(save).battle.state == battle.state


@pytest.mark.parametrize("content, message", [
    ("{ not json", "damaged (not valid JSON at line 1, column 3)"),
    ('{"format": "something-else"}', 'not a hexbattle save (no "format": "hexbattle-save")'),
    ('{"format": "hexbattle-save", "version": 99}', "save version 99 is not supported (this hexbattle reads 1 to 2)"),
    ('{"format": "hexbattle-save", "version": 1, "scenario": "maps/relay_station_ambush.tmx", "seed": 1}',
     'the "actions" entry is missing or has the wrong type'),
    ('{"format": "hexbattle-save", "version": 1, "scenario": "nowhere.tmx", "seed": 1, "actions": []}',
     "the scenario nowhere.tmx is not there"),
])
def test_corrupt_saves_get_a_clear_message(played, content, message):
    _, save = played
    save.write_text(content)
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value).startswith(f"{save}: {message}")


def test_a_bad_action_stops_the_replay_there_and_keeps_everything_before_it(played):
    battle, save = played
    data = json.loads(save.read_text())
    data["actions"].insert(5, {"type": "move", "actor": 999, "path": [[0, 0]]})
    save.write_text(json.dumps(data))
    loaded = read_save(save)
    assert loaded.stopped_at == 5 and len(loaded.battle.actions) == 5
    assert "action 6 could not be replayed (move refused: there is no combatant with id 999)" in loaded.warnings[0]


def test_a_changed_scenario_is_flagged(played):
    battle, save = played
    scenario = save.parent / "maps" / DEFAULT_MAP.name
    scenario.write_text(scenario.read_text() + "\n")
    assert f"{scenario} has changed since the battle started" in read_save(save).warnings


def test_hexbattle_replay_prints_the_log(played, capsys):
    battle, save = played
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1:] == battle.log_lines()


def test_hexbattle_replay_of_a_broken_file_is_one_clear_line(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    assert main(["replay", str(broken)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"hexbattle replay: {broken}: damaged") and "Traceback" not in err


def test_a_map_switched_to_another_ruleset_is_refused_naming_the_unit_types_that_ruleset_lacks(tmp_path, capsys):
    maps = tmp_path / "maps"
    shutil.copytree(ROOT / "maps", maps)
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    source = maps / DEFAULT_MAP.name
    text = source.read_text()
    assert 'name="ruleset"' in text
    source.write_text(text.replace('name="ruleset" propertytype="Ruleset" value="swn"', 'name="ruleset" propertytype="Ruleset" value="lucky-stars"'))
    with pytest.raises(ScenarioLoadError, match="unknown unit type 'pc_warrior'"):
        battle_from_map(source, seed=1)
    assert main(["check", str(source)]) == 1
    assert "error: " in capsys.readouterr().out


def _header(**fields) -> str:
    data = {"format": "hexbattle-save", "version": 1, "scenario": "maps/relay_station_ambush.tmx",
            "seed": 1, "actions": []}
    data.update(fields)
    return json.dumps(data)


@pytest.mark.parametrize("content, message", [
    ("[" * 5000 + "]" * 5000, "damaged (nested too deeply or holding a number too long to be a save)"),
    ('{"format": "hexbattle-save", "version": 1, "seed": ' + "9" * 5000 + "}",
     "damaged (nested too deeply or holding a number too long to be a save)"),
    (_header(version=True), "save version True is not supported (this hexbattle reads 1 to 2)"),
    (_header(scenario="a\u0000b"), 'the "scenario" entry is not a usable file path'),
    (_header(scenario="x" * 5000), 'the "scenario" entry is not a usable file path'),
])
def test_hostile_saves_get_a_clear_message(played, content, message):
    _, save = played
    save.write_text(content)
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value) == f"{save}: {message}"


def test_a_save_starting_with_a_byte_order_mark_still_loads(played):
    battle, save = played
    save.write_bytes(b"\xef\xbb\xbf" + save.read_bytes())
    assert read_save(save).battle.state == battle.state


def test_a_folder_or_a_fifo_is_not_a_save(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path in (tmp_path, fifo):
        with pytest.raises(SaveError, match="not a file"):
            read_save(path)

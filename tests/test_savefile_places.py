"""Where autosaves live: the user's state folder unless told otherwise, a folder per map and per
fight, the newest fights kept, and fights listed without replaying them."""

import os
from pathlib import Path

from autosave_kit import DEFAULT_MAP, new_battle, play, scenario  # noqa: F401 (a fixture)
from game.savefile.autosave import Autosave
from game.savefile.places import (ENVIRONMENT, KEEP_FIGHTS, autosave_root, fights, map_folder, new_fight_folder,
                                  unfinished)


def test_the_autosave_folder_is_the_option_then_the_variable_then_the_xdg_state_folder(monkeypatch, tmp_path):
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "from-env"))
    assert autosave_root(tmp_path / "given") == tmp_path / "given"
    assert autosave_root() == tmp_path / "from-env"
    monkeypatch.delenv(ENVIRONMENT)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert autosave_root() == tmp_path / "state" / "hexbattle" / "autosaves"
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert autosave_root() == tmp_path / "home" / ".local" / "state" / "hexbattle" / "autosaves"


def test_two_maps_of_the_same_name_in_different_folders_get_their_own_folders(tmp_path):
    one, two = map_folder(tmp_path, Path("/maps/a/ambush.tmx")), map_folder(tmp_path, Path("/maps/b/ambush.tmx"))
    assert one != two and one.name.startswith("ambush-") and two.name.startswith("ambush-")
    assert map_folder(tmp_path, Path("/maps/a/ambush.tmx")) == one
    assert map_folder(tmp_path, Path("/maps/a/an odd name!.tmx")).name.startswith("an_odd_name_-")


def test_each_fight_has_a_folder_and_only_the_newest_are_kept(tmp_path):
    made = []
    for number in range(KEEP_FIGHTS + 3):
        folder = new_fight_folder(tmp_path, DEFAULT_MAP)
        (folder / "autosave.json").write_text("{}")
        os.utime(folder / "autosave.json", (1_000_000 + number, 1_000_000 + number))
        made.append(folder)
    kept = sorted(p for p in map_folder(tmp_path, DEFAULT_MAP).iterdir())
    assert len(set(made)) == KEEP_FIGHTS + 3 and kept == sorted(made[3:])


def test_fights_are_listed_newest_first_and_the_unfinished_one_found(scenario, tmp_path):
    older, newer = new_battle(scenario, "older"), new_battle(scenario, "newer")
    first = Autosave.new_fight(older, tmp_path)
    play(older, 3)
    second = Autosave.new_fight(newer, tmp_path)
    os.utime(first.folder / "autosave.journal", (1_000_000, 1_000_000))
    listed = fights(tmp_path)
    assert [(f.folder, f.actions, f.round, f.ended) for f in listed] == [
        (second.folder, 0, 1, False), (first.folder, 3, older.state.round, False)]
    assert listed[0].map == str(DEFAULT_MAP)
    assert unfinished(tmp_path, DEFAULT_MAP).folder == first.folder  # a fight without an action is not offered
    assert unfinished(tmp_path, Path("/maps/elsewhere.tmx")) is None

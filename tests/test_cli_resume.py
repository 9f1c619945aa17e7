"""`hexbattle resume` and `hexbattle play MAP --resume/--fresh`: going on with an autosaved fight,
on the dummy screen (the window under Xvfb is in test_ui_window_autosave.py)."""

import json
from pathlib import Path

from autosave_kit import DEFAULT_MAP, scenario, stopped  # noqa: F401 (fixtures)
from game.cli import main
from game.savefile import write_save
from game.savefile.autosave import Autosave
from game.savefile.places import fights, map_folder, snapshot_path


def _window(monkeypatch, tmp_path, *words) -> tuple[int, dict]:
    """Run the command on the dummy screen for a few frames; its status and exit code."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    status = tmp_path / "status.json"
    code = main([*words, "--frames", "3", "--no-animations", "--status", str(status)])
    return code, json.loads(status.read_text()) if status.exists() else {}


def test_play_resume_goes_on_with_the_fight_where_it_stopped(stopped, monkeypatch, tmp_path, capsys):
    battle, folder = stopped
    code, status = _window(monkeypatch, tmp_path, "play", str(DEFAULT_MAP), "--resume")
    assert code == 0 and status["actions"] == 6 and status["autosave"] == str(folder) and status["offer"] is None
    assert f"hexbattle: going on with relay_station_ambush.tmx: stopped in round" in capsys.readouterr().err


def test_play_fresh_starts_a_new_fight_and_keeps_the_old_one(stopped, monkeypatch, tmp_path, autosaves):
    code, status = _window(monkeypatch, tmp_path, "play", str(DEFAULT_MAP), "--fresh", "--seed", "2")
    assert code == 0 and status["actions"] == 0 and status["offer"] is None
    assert status["autosave"] != str(stopped[1])
    assert sorted(f.actions for f in fights(autosaves, DEFAULT_MAP)) == [0, 6]


def test_play_without_a_choice_opens_the_window_asking(stopped, monkeypatch, tmp_path, capsys):
    code, status = _window(monkeypatch, tmp_path, "play", str(DEFAULT_MAP), "--seed", "2")
    assert code == 0 and status["actions"] == 0 and set(status["offer"]) == {"go_on", "new"}
    assert "stopped in round 1 after 6 actions" in status["message"]
    assert "the window asks whether to go on with it (--resume or --fresh answers here)" in capsys.readouterr().err


def test_resume_alone_goes_on_with_the_newest_unfinished_fight(stopped, monkeypatch, tmp_path):
    code, status = _window(monkeypatch, tmp_path, "resume")
    assert code == 0 and status["actions"] == 6 and status["autosave"] == str(stopped[1])


def test_resume_takes_a_map_a_fight_folder_or_a_file_in_it(stopped, monkeypatch, tmp_path):
    for named in (DEFAULT_MAP, stopped[1], snapshot_path(stopped[1], 0)):
        code, status = _window(monkeypatch, tmp_path, "resume", str(named))
        assert code == 0 and status["actions"] == 6, named


def test_resume_of_an_ordinary_save_goes_on_as_a_new_autosaved_fight(stopped, monkeypatch, tmp_path, autosaves):
    save = tmp_path / "night.json"
    write_save(stopped[0], save)
    code, status = _window(monkeypatch, tmp_path, "resume", str(save))
    assert code == 0 and status["actions"] == 6 and status["autosave"] != str(stopped[1])
    assert Path(status["autosave"]).parent == map_folder(autosaves, DEFAULT_MAP)


def test_resume_names_the_damaged_autosave_and_the_backup_it_used(stopped, monkeypatch, tmp_path, capsys):
    battle, folder = stopped
    again = Autosave(folder)
    again.attach(battle)  # a second full save: the first becomes the backup
    again.close()
    newest = snapshot_path(folder, 0)
    newest.write_text("{\"format\": \"hexbattle-save\", \"vers")
    code, status = _window(monkeypatch, tmp_path, "resume", str(folder))
    assert code == 0 and status["actions"] == 6
    assert capsys.readouterr().err.splitlines() == [
        f"warning: {newest}: damaged (not valid JSON at line 1, column 30); it is kept aside as {newest}.corrupt",
        f"warning: {folder}: resumed from the backup autosave.1.json instead"]
    assert Path(f"{newest}.corrupt").read_text() == "{\"format\": \"hexbattle-save\", \"vers"


def test_resume_with_nothing_to_resume_is_one_clear_line(monkeypatch, tmp_path, autosaves, capsys):
    code, _ = _window(monkeypatch, tmp_path, "resume")
    assert code == 1
    assert capsys.readouterr().err == (
        f"hexbattle resume: {autosaves}: no unfinished fight was autosaved here (hexbattle play MAP starts one; "
        "hexbattle resume --list lists the fights)\n")


def test_resume_list_names_each_fight_newest_first(stopped, capsys):
    assert main(["resume", "--list"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("relay_station_ambush.tmx: stopped in round 1 after 6 actions (autosaved ")
    assert line.endswith(f") - {stopped[1]}")


def test_no_autosave_writes_nothing(monkeypatch, tmp_path, autosaves):
    code, status = _window(monkeypatch, tmp_path, "play", "--no-autosave", "--seed", "1")
    assert code == 0 and status["autosave"] is None and list(autosaves.iterdir()) == []


def test_autosave_dir_puts_the_fights_there(monkeypatch, tmp_path):
    code, status = _window(monkeypatch, tmp_path, "play", "--autosave-dir", str(tmp_path / "mine"), "--seed", "1")
    assert code == 0 and Path(status["autosave"]).parent.parent == tmp_path / "mine"

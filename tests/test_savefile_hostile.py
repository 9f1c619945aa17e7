"""Autosave and resume under hostile use (issue 23): read-only commands change nothing, a fight
folder is one fight, a save's map is the one its digest was taken of, the lock is held from the
first write to the close, and a refused command leaves nothing behind."""

import json
import os
import shutil
from pathlib import Path

import pytest

from autosave_kit import DEFAULT_MAP, new_battle, play, scenario  # noqa: F401 (fixtures)
from game.cli import main
from game.savefile import SaveError, battle_from_map, read_save, write_save
from game.savefile.autosave import Autosave
from game.savefile.lock import FightLock
from game.savefile.places import fight, journal_path, snapshot_path
from game.savefile.recovery import resume_and_autosave, resume_fight

ROOT = Path(__file__).resolve().parent.parent


def contents(folder: Path) -> dict[str, bytes]:
    """Every file in a folder with its bytes (what a read-only command must leave as it was)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def autosaved(scenario, root: Path, actions: int, seed: str = "hostile", **settings) -> tuple:
    """A fight of `actions` computer actions autosaved in a folder of its own, closed as a
    hexbattle that ended would leave it: (battle, folder)."""
    battle = new_battle(scenario, seed)
    saved = Autosave(root / f"fight-{seed}", **settings)
    saved.attach(battle)
    play(battle, actions)
    saved.close()
    return battle, saved.folder


def spoil_line(journal: Path, number: int) -> None:
    """Change one value on a journal line, leaving its check as it was (the line no longer matches it)."""
    lines = journal.read_bytes().split(b"\n")
    spoiled = lines[number - 1].replace(b'"ended":false', b'"ended":true')
    assert spoiled != lines[number - 1]
    lines[number - 1] = spoiled
    journal.write_bytes(b"\n".join(lines))


# -- 1. a read-only command never renames, moves or deletes -----------------------------------
def test_replay_and_list_of_a_damaged_journal_change_nothing_and_resume_keeps_every_change(scenario, tmp_path,
                                                                                       capsys):
    battle, folder = autosaved(scenario, tmp_path, 30)
    journal = journal_path(folder, 0)
    spoil_line(journal, 26)  # the 25th change: the 24 before it are whole
    before = contents(folder)
    assert main(["replay", str(folder)]) == 0
    assert main(["resume", "--list", "--autosave-dir", str(tmp_path)]) == 0
    assert fight(folder) is not None and resume_fight(folder, scenario[1]).battle.actions == battle.actions[:24]
    assert contents(folder) == before
    assert f"{journal}: damaged at line 26; the 24 changes before it are used; it is left where it is" \
        in capsys.readouterr().err
    resumed, autosave = resume_and_autosave(folder, scenario[1])  # the one going on with it sets it aside
    autosave.close()
    assert resumed.battle.actions == battle.actions[:24]
    assert resumed.notes == (f"{journal}: damaged at line 26; the 24 changes before it are used; it is kept "
                             f"aside as {journal}.corrupt",)


# -- 2. a fight folder is one fight -----------------------------------------------------------
def test_another_fights_journal_copied_into_a_folder_is_named_and_not_used(scenario, tmp_path):
    mine, folder = autosaved(scenario, tmp_path, 8, "mine", snapshot_every=5)
    _, other = autosaved(scenario, tmp_path, 9, "other")
    shutil.copy(journal_path(other, 0), journal_path(folder, 0))
    journal = journal_path(folder, 0)
    refused = (f"{journal}: belongs to another fight (on relay_station_ambush.tmx), not to the fight in this "
               "folder")
    assert resume_fight(folder, scenario[1]).notes == (f"{refused}; it is left where it is",)
    assert fight(folder).actions == 5  # --list reads the folder's own backup journal, not the stranger
    resumed, autosave = resume_and_autosave(folder, scenario[1])
    autosave.close()
    assert resumed.battle.actions == mine.actions[:5]  # the last full save: the journal copied over was lost
    assert resumed.notes == (f"{refused}; it is kept aside as {journal}.foreign",)


def test_another_fights_full_save_copied_in_is_named_and_the_backup_used(scenario, tmp_path):
    mine, folder = autosaved(scenario, tmp_path, 8, "mine", snapshot_every=5)
    _, other = autosaved(scenario, tmp_path, 3, "other")
    shutil.copy(snapshot_path(other, 0), snapshot_path(folder, 0))
    resumed = resume_fight(folder, scenario[1])
    assert resumed.battle.seed == "mine" and resumed.battle.actions == mine.actions  # the journals hold the rest
    assert resumed.notes[0] == (f"{snapshot_path(folder, 0)}: belongs to another fight (on relay_station_ambush.tmx), "
                                "not to the fight in this folder; it is left where it is")
    assert resumed.notes[1] == f"{folder}: resumed from the backup autosave.1.json instead"


def test_a_folder_holding_only_another_fights_full_save_is_refused_naming_it(scenario, tmp_path):
    _, folder = autosaved(scenario, tmp_path, 2, "mine")
    _, other = autosaved(scenario, tmp_path, 3, "other")
    for path in (snapshot_path, journal_path):
        shutil.copy(path(other, 0), path(folder, 0))
    with pytest.raises(SaveError) as caught:
        resume_fight(folder, scenario[1])
    assert f"{snapshot_path(folder, 0)}: belongs to another fight" in str(caught.value)


def test_every_file_of_an_autosaved_fight_carries_its_id(scenario, tmp_path):
    _, folder = autosaved(scenario, tmp_path, 7, snapshot_every=3)
    fight_id = json.loads((folder / "autosave.fight").read_text())["fight"]
    snapshots = [p for p in folder.iterdir() if p.name.endswith(".json")]
    journals = [p for p in folder.iterdir() if p.name.endswith(".journal")]
    assert len(snapshots) == len(journals) == 3
    assert {json.loads(p.read_text())["fight"] for p in snapshots} == {fight_id}
    assert {json.loads(p.read_text().splitlines()[0])["fight"] for p in journals} == {fight_id}


# -- 3. a save's map is the map its digest was taken of ---------------------------------------
def test_a_save_naming_another_map_than_the_one_recorded_is_refused(scenario, tmp_path):
    maps = tmp_path / "maps"
    shutil.copytree(ROOT / "maps", maps)
    save = tmp_path / "night.json"
    write_save(battle_from_map(maps / DEFAULT_MAP.name, 3), save)
    document = json.loads(save.read_text())
    document["scenario"] = "maps/bunker_seven.tmx"
    save.write_text(json.dumps(document))
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value) == (
        f"{save}: the save names the map maps/bunker_seven.tmx, but the battle it holds was started on "
        "maps/relay_station_ambush.tmx (its digest is recorded with the save); the \"scenario\" entry was changed "
        "or damaged: put back \"maps/relay_station_ambush.tmx\"")


# -- 4. the lock: taken before the first write, held to the close, tried for again -------------
def test_a_fight_whose_folder_could_not_be_made_takes_its_lock_once_it_can_write(scenario, tmp_path):
    blocker = tmp_path / "root"
    blocker.write_text("a file where the autosave folder should be")
    battle = new_battle(scenario)
    autosave = Autosave.new_fight(battle, blocker)
    play(battle, 1)
    assert autosave.take_news()[0].startswith("autosave failed: ")
    blocker.unlink()  # writing works again
    play(battle, 1)
    assert autosave.lock.held and fight(autosave.folder).actions == 2
    with pytest.raises(SaveError, match="this fight is being played in another hexbattle right now"):
        resume_and_autosave(autosave.folder, scenario[1])
    autosave.close()


def test_a_fight_another_hexbattle_holds_goes_on_unsaved_saying_so_and_is_written_once_it_lets_go(scenario,
                                                                                                 tmp_path):
    _, folder = autosaved(scenario, tmp_path, 3, "held")
    before = contents(folder)
    other = FightLock(folder)
    assert other.acquire()
    battle = resume_fight(folder, scenario[1]).battle
    autosave = Autosave(folder)
    autosave.attach(battle)
    play(battle, 2)
    assert contents(folder) == before  # nothing written while another holds the fight
    assert autosave.take_news() == [
        f"autosave paused: {folder} is being written by another hexbattle playing the same fight; this fight "
        "goes on unsaved (Ctrl+S saves it elsewhere) and hexbattle tries again after each action"]
    other.release()
    play(battle, 1)
    assert autosave.take_news() == [f"autosave works again: the whole fight is saved in {folder}"]
    assert resume_fight(folder, scenario[1]).battle.actions == battle.actions
    autosave.close()


# -- 5. a refused command leaves no file behind -----------------------------------------------
def _resume(monkeypatch, tmp_path, *words) -> int:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    return main(["resume", *words, "--frames", "1", "--no-animations", "--status", str(tmp_path / "status.json")])


def test_a_refused_resume_leaves_no_lock_behind(monkeypatch, tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert _resume(monkeypatch, tmp_path, str(empty)) == 1
    monkeypatch.chdir(empty)
    assert _resume(monkeypatch, tmp_path, "") == 1
    assert list(empty.iterdir()) == []
    assert capsys.readouterr().err.count("no autosave here can be resumed") == 2


def test_a_resume_refused_for_damage_leaves_the_folder_as_it_was(scenario, tmp_path, monkeypatch):
    _, folder = autosaved(scenario, tmp_path, 2)
    (folder / "autosave.lock").unlink()
    snapshot_path(folder, 0).write_text("{\"format\": \"hexbattle-save\"")
    before = contents(folder)
    assert _resume(monkeypatch, tmp_path, str(folder)) == 1
    assert contents(folder) == before


def test_starting_a_fight_never_removes_an_old_one_another_hexbattle_is_playing(tmp_path):
    from game.savefile.places import KEEP_FIGHTS, new_fight_folder
    made = []
    for number in range(KEEP_FIGHTS):
        folder = new_fight_folder(tmp_path, DEFAULT_MAP)
        (folder / "autosave.json").write_text("{}")
        os.utime(folder / "autosave.json", (1_000_000 + number, 1_000_000 + number))
        made.append(folder)
    playing = FightLock(made[0])  # the oldest, taken up again by another hexbattle
    assert playing.acquire()
    newest = new_fight_folder(tmp_path, DEFAULT_MAP)
    assert made[0].is_dir() and newest.is_dir()
    playing.release()
    new_fight_folder(tmp_path, DEFAULT_MAP)
    assert not made[0].exists()


def test_check_render_and_simulate_write_nothing_in_the_autosave_folder(autosaves, tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert main(["check", str(DEFAULT_MAP)]) == 0
    assert main(["render", str(DEFAULT_MAP), str(tmp_path / "map.png"), "--size", "320x200"]) == 0
    assert main(["simulate", str(DEFAULT_MAP), "--runs", "1", "--json", str(tmp_path / "report.json")]) == 0
    assert list(autosaves.iterdir()) == []


def test_every_test_docs_autosave_md_names_as_proof_exists():
    import re
    named = set(re.findall(r"`(test_\w+)`", (ROOT / "docs" / "autosave.md").read_text()))
    defined = {m for path in (ROOT / "tests").glob("test_*.py") for m in re.findall(r"^def (test_\w+)", path.read_text(), re.M)}
    assert len(named) > 15 and named - defined == set()

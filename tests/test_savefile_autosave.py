"""The autosave: every accepted action on disk before the next, backups kept, damage set aside,
and a resumed fight equal to a replay of its actions."""

import errno
import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.savefile.autosave as autosave_module
from game.actions import EndTurn, to_json
from game.players.plain import choose_action
from game.savefile import SaveError, read_document
from game.savefile.autosave import Autosave, changes
from game.savefile.journal import Entry, read_journal, replayed
from game.savefile.places import fight, journal_path, snapshot_path
from game.savefile.recovery import resume_and_autosave, resume_fight
from autosave_kit import new_battle as _battle, play as _play, replay as _replay, scenario  # noqa: F401

def test_every_accepted_action_is_on_disk_before_the_next_is_taken(scenario, tmp_path):
    battle = _battle(scenario)
    saved = Autosave(tmp_path / "fight", snapshot_every=4)
    saved.attach(battle)
    on_disk = []
    battle.watch(lambda b: on_disk.append((len(b.actions), fight(saved.folder).actions)))
    _play(battle, 12)
    assert on_disk == [(n, n) for n in range(1, 13)]
    assert resume_fight(saved.folder, scenario[1]).battle.state == battle.state


def test_a_resumed_fight_equals_a_replay_of_its_actions_and_goes_on_the_same(scenario, tmp_path):
    battle = _battle(scenario, "night-2")
    Autosave(tmp_path / "fight", snapshot_every=7).attach(battle)
    _play(battle, 30)
    resumed = resume_fight(tmp_path / "fight", scenario[1])
    assert resumed.notes == () and resumed.loaded.warnings == ()
    assert resumed.battle.actions == battle.actions
    assert resumed.battle.state == _replay(scenario, "night-2", battle.actions).state
    assert resumed.battle.log_lines() == battle.log_lines()
    _play(battle, 5)
    _play(resumed.battle, 5)
    assert resumed.battle.state == battle.state


def test_undo_and_redo_are_autosaved_too(scenario, tmp_path):
    battle = _battle(scenario)
    Autosave(tmp_path / "fight", snapshot_every=50).attach(battle)
    _play(battle, 6)
    battle.undo()
    battle.undo()
    assert resume_fight(tmp_path / "fight", scenario[1]).battle.actions == battle.actions[:4]
    battle.redo()
    assert resume_fight(tmp_path / "fight", scenario[1]).battle.actions == battle.actions
    battle.submit(EndTurn(battle.current()))
    assert resume_fight(tmp_path / "fight", scenario[1]).battle.state == battle.state


def test_snapshots_rotate_keeping_the_last_backups_each_with_its_journal(scenario, tmp_path):
    battle = _battle(scenario)
    folder = tmp_path / "fight"
    Autosave(folder, snapshot_every=5, backups=2).attach(battle)
    _play(battle, 23)  # full saves at 0, 5, 10, 15 and 20 actions: the oldest two have rotated away
    assert sorted(p.name for p in folder.iterdir()) == [
        "autosave.1.journal", "autosave.1.json", "autosave.2.journal", "autosave.2.json",
        "autosave.fight", "autosave.journal", "autosave.json", "autosave.lock"]
    held = [len(read_document(snapshot_path(folder, g))["actions"]) for g in (0, 1, 2)]
    assert held == [20, 15, 10]
    assert [len(read_journal(journal_path(folder, g)).entries) for g in (0, 1, 2)] == [3, 5, 5]  # each journal leads to the next snapshot


def test_a_damaged_snapshot_is_named_set_aside_and_the_backup_used_with_nothing_lost(scenario, tmp_path):
    battle = _battle(scenario)
    folder = tmp_path / "fight"
    first_run = Autosave(folder, snapshot_every=5)
    first_run.attach(battle)
    _play(battle, 14)
    first_run.close()
    newest = snapshot_path(folder, 0)
    damaged = newest.read_bytes()[:300]
    newest.write_bytes(damaged)
    resumed, again = resume_and_autosave(folder, scenario[1])  # holding the lock: it sets the file aside
    assert resumed.battle.state == battle.state  # the backup and both journals hold every action
    first, second = resumed.notes
    assert first.startswith(f"{newest}: damaged (not valid JSON at line ")
    assert first.endswith(f"); it is kept aside as {newest}.corrupt")
    assert second == f"{folder}: resumed from the backup autosave.1.json instead"
    _play(resumed.battle, 3)
    again.close()
    assert Path(f"{newest}.corrupt").read_bytes() == damaged
    assert resume_fight(folder, scenario[1]).battle.actions == resumed.battle.actions


def test_every_damaged_snapshot_is_named_and_the_folder_named_when_none_is_left(scenario, tmp_path):
    battle = _battle(scenario)
    folder = tmp_path / "fight"
    saved = Autosave(folder)
    saved.attach(battle)
    saved.close()
    snapshot_path(folder, 0).write_text("{\"format\": \"hexbattle-save\"")
    with pytest.raises(ValueError) as caught:
        resume_and_autosave(folder, scenario[1])
    assert str(caught.value) == (  # a refusal changes nothing: the damaged file is left for the GM to look at
        f"{folder}: no autosave here can be resumed ({snapshot_path(folder, 0)}: damaged (not valid JSON at "
        f"line 1, column 28); it is left where it is)")
    assert snapshot_path(folder, 0).read_text() == "{\"format\": \"hexbattle-save\""


def test_a_journal_line_cut_short_by_a_kill_loses_only_that_action(scenario, tmp_path):
    battle = _battle(scenario)
    folder = tmp_path / "fight"
    Autosave(folder).attach(battle)
    _play(battle, 8)
    with open(journal_path(folder, 0), "ab") as journal:
        journal.write(b'{"action":{"actor":3,"kind":"end_tu')
    resumed = resume_fight(folder, scenario[1])
    assert resumed.battle.state == battle.state
    assert resumed.notes == (f"{journal_path(folder, 0)}: its last line was cut short (the action being "
                             "written when hexbattle stopped); the fight resumes just before it",)


def test_a_damaged_journal_line_keeps_the_changes_before_it_and_is_set_aside(scenario, tmp_path):
    battle = _battle(scenario)
    folder = tmp_path / "fight"
    saved = Autosave(folder)
    saved.attach(battle)
    _play(battle, 8)
    saved.close()
    journal = journal_path(folder, 0)
    lines = journal.read_bytes().split(b"\n")
    lines[4] = lines[4].replace(b'"round":1', b'"round":7')  # line 5: the fourth change
    journal.write_bytes(b"\n".join(lines))
    resumed, again = resume_and_autosave(folder, scenario[1])
    again.close()
    assert resumed.battle.actions == battle.actions[:3]
    assert resumed.notes == (f"{journal}: damaged at line 5; the 3 changes before it are used; it is kept "
                             f"aside as {journal}.corrupt",)
    assert Path(f"{journal}.corrupt").read_bytes() == b"\n".join(lines)


class Killed(BaseException):
    """hexbattle stopping dead at one point of writing (no handler runs after it)."""


@pytest.mark.parametrize("dead_at", range(1, 16))
def test_a_kill_at_any_step_of_writing_loses_at_most_the_action_in_flight(scenario, tmp_path, monkeypatch, dead_at):
    battle = _battle(scenario, "kill-steps")
    folder = tmp_path / "fight"
    Autosave(folder, snapshot_every=3, backups=2).attach(battle)
    _play(battle, 4)
    steps = []

    def dies(real):
        def step(*args, **kwargs):
            steps.append(real.__name__)
            if len(steps) == dead_at:
                raise Killed
            return real(*args, **kwargs)
        return step
    for name in ("append", "write_atomically", "write_document"):
        monkeypatch.setattr(autosave_module, name, dies(getattr(autosave_module, name)))
    monkeypatch.setattr(autosave_module.os, "replace", dies(os.replace))
    monkeypatch.setattr(autosave_module.os, "unlink", dies(os.unlink))
    done = list(battle.actions)
    try:
        for _ in range(6):
            battle.submit(choose_action(battle))
            done = list(battle.actions)
    except Killed:
        pass
    monkeypatch.undo()
    resumed = resume_fight(folder, scenario[1]).battle
    assert resumed.actions in (done, battle.actions)
    assert resumed.state == _replay(scenario, "kill-steps", resumed.actions).state


def test_a_full_disk_is_one_message_the_fight_goes_on_and_nothing_is_lost(scenario, tmp_path, monkeypatch):
    battle = _battle(scenario)
    folder = tmp_path / "fight"
    saved = Autosave(folder)
    saved.attach(battle)
    _play(battle, 2)

    def full(path, lines):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))
    monkeypatch.setattr(autosave_module, "append", full)
    monkeypatch.setattr(autosave_module, "write_document", lambda d, p: full(p, b""))
    _play(battle, 3)
    assert len(battle.actions) == 5
    assert saved.take_news() == [
        f"autosave failed: {journal_path(folder, 0)}: cannot be written (the disk is full; free some space or "
        "save somewhere else); the fight goes on and nothing is lost: hexbattle writes the whole fight again "
        "after the next action (Ctrl+S saves it elsewhere)",
        f"autosave failed: {snapshot_path(folder, 0)}: cannot be written (the disk is full; free some space or "
        "save somewhere else); the fight goes on and nothing is lost: hexbattle writes the whole fight again "
        "after the next action (Ctrl+S saves it elsewhere)"]
    monkeypatch.undo()
    _play(battle, 1)
    assert saved.take_news() == [f"autosave works again: the whole fight is saved in {folder}"]
    assert resume_fight(folder, scenario[1]).battle.state == battle.state


def test_a_folder_that_cannot_be_made_is_named_and_the_fight_goes_on(scenario, tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    saved = Autosave(tmp_path / "a-file" / "fight")
    battle = _battle(scenario)
    saved.attach(battle)
    _play(battle, 1)
    assert len(battle.actions) == 1
    assert saved.take_news() == [
        f"autosave failed: {tmp_path / 'a-file' / 'fight'}: cannot be written (part of the path is a file, not a "
        "folder; save somewhere else); the fight goes on and nothing is lost: hexbattle writes the whole fight "
        "again after the next action (Ctrl+S saves it elsewhere)"]


def test_two_battles_autosave_into_their_own_folders(scenario, tmp_path):
    first, second = _battle(scenario, 1), _battle(scenario, 2)
    Autosave(tmp_path / "one").attach(first)
    Autosave(tmp_path / "two").attach(second)
    _play(first, 3)
    _play(second, 5)
    assert len(resume_fight(tmp_path / "one", scenario[1]).battle.actions) == 3
    assert len(resume_fight(tmp_path / "two", scenario[1]).battle.actions) == 5


def test_a_detached_autosave_writes_nothing_more(scenario, tmp_path):
    battle = _battle(scenario)
    saved = Autosave(tmp_path / "fight")
    saved.attach(battle)
    _play(battle, 2)
    saved.detach()
    _play(battle, 2)
    assert fight(tmp_path / "fight").actions == 2


ops = st.lists(st.one_of(st.just("undo"), st.integers(min_value=0, max_value=99)), max_size=40)


@settings(max_examples=200, deadline=None)
@given(ops)
def test_the_journal_entries_replay_to_the_actions_after_any_adds_and_undos(steps):
    """A law: whatever mixture of new actions and undos, the entries rebuild the list."""
    written: list = []
    saved_json: list = []
    for step in steps:
        actions = written[:-1] if step == "undo" else [*written, EndTurn(step)]
        entries = changes(written, actions, 1, False)
        assert all(isinstance(entry, Entry) for entry in entries)
        saved_json = replayed(saved_json, tuple(entries))
        written = actions
        assert saved_json == [to_json(action) for action in written]
    assert json.loads(json.dumps(saved_json)) == saved_json



def test_a_fight_is_taken_up_by_one_hexbattle_at_a_time(scenario, tmp_path):
    battle = _battle(scenario)
    playing = Autosave(tmp_path / "fight")
    playing.attach(battle)
    _play(battle, 2)
    with pytest.raises(SaveError) as caught:
        resume_and_autosave(tmp_path / "fight", scenario[1])
    assert str(caught.value) == (f"{tmp_path / 'fight'}: this fight is being played in another hexbattle right "
                                 "now; go on with it there, or close that one first")
    playing.close()
    resumed, again = resume_and_autosave(tmp_path / "fight", scenario[1])
    assert resumed.battle.actions == battle.actions and again.lock.held
    again.close()


def test_a_full_save_cut_short_by_a_kill_leaves_no_temporary_file_behind_once_resumed(scenario, tmp_path):
    battle = _battle(scenario)
    first = Autosave(tmp_path / "fight")
    first.attach(battle)
    _play(battle, 2)
    first.close()
    leftover = tmp_path / "fight" / ".autosave.json.k1ll3d.tmp"
    leftover.write_text('{"format": "hexbattle-save", "ver')  # what a kill mid-write leaves
    resumed, again = resume_and_autosave(tmp_path / "fight", scenario[1])
    assert resumed.notes == () and not leftover.exists()
    again.close()

"""`hexbattle replay` on an autosaved fight: its folder (or a file in it) is read with every
journal after the last full save, so the log goes to the last action taken."""

from game.cli import main

from autosave_kit import new_battle, play, scenario, stopped  # noqa: F401 (fixtures)


def test_replaying_an_autosave_folder_prints_the_log_to_the_last_action(stopped, capsys):
    battle, folder = stopped
    assert main(["replay", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(f", {len(battle.actions)} actions)") and len(battle.actions) == 6
    assert out[1:] == list(battle.log_lines())


def test_replaying_the_autosave_file_reads_its_journal_too(stopped, capsys):
    battle, folder = stopped
    assert main(["replay", str(folder / "autosave.json")]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == list(battle.log_lines())


def test_a_folder_with_no_fight_is_named(tmp_path, capsys):
    assert main(["replay", str(tmp_path)]) == 1
    assert str(tmp_path) in capsys.readouterr().err

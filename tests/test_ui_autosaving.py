"""The window's autosave (`game.ui.autosaving`): it follows the battle the window plays and
shows the autosave's news in the console (the offer to go on is tested in the real window,
test_ui_window_autosave.py)."""

from types import SimpleNamespace

from game.savefile.autosave import Autosave
from game.savefile.places import fight
from game.ui.autosaving import WindowAutosave
from autosave_kit import new_battle as _battle, play as _play, replay as _replay, scenario  # noqa: F401

def test_the_windows_autosave_follows_the_battle_it_plays_and_shows_its_news(scenario, tmp_path):
    first = _battle(scenario)
    app = SimpleNamespace(message="")
    window = WindowAutosave(app, Autosave.new_fight(first, tmp_path), None, None)
    _play(first, 2)
    replayed_on_a_changed_map = _replay(scenario, "night-1", first.actions)
    window.follow(replayed_on_a_changed_map, fresh=False)  # the same fight, written whole again
    assert window.autosave.folder.name.startswith("fight-")
    same = window.autosave.folder
    _play(replayed_on_a_changed_map, 1)
    opened = _battle(scenario, "other")
    window.follow(opened, fresh=True)  # Open: a fight of its own
    _play(opened, 1)
    _play(replayed_on_a_changed_map, 1)  # the old battle is no longer autosaved
    assert window.autosave.folder != same and fight(same).actions == 3 and fight(window.autosave.folder).actions == 1
    (window.autosave.folder / "autosave.journal").unlink()
    (window.autosave.folder / "autosave.journal").mkdir()  # the journal cannot be written any more
    _play(opened, 1)
    window.tick()
    assert app.message.startswith(f"autosave failed: {window.autosave.folder / 'autosave.journal'}: cannot be written")

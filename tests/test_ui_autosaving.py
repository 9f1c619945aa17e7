"""The window's autosave (`game.ui.autosaving`): it follows the battle the window plays and
shows the autosave's news in the console (the offer to go on is tested in the real window,
test_ui_window_autosave.py)."""

from types import SimpleNamespace

from game.savefile.autosave import Autosave
from game.savefile.places import fight
from game.ui.autosaving import WindowAutosave
from autosave_kit import new_battle as _battle, play as _play, replay as _replay, scenario, stopped  # noqa: F401

def test_the_windows_autosave_follows_the_battle_it_plays_and_shows_its_news(scenario, tmp_path):
    first = _battle(scenario)
    app = SimpleNamespace(message="")
    window = WindowAutosave(app, Autosave.new_fight(first, tmp_path), None, None)
    _play(first, 2)
    replayed_on_a_changed_map = _replay(scenario, "night-1", first.actions)
    window.adopt(replayed_on_a_changed_map, fresh=False)  # the same fight, written whole again
    assert window.autosave.folder.name.startswith("fight-")
    same = window.autosave.folder
    _play(replayed_on_a_changed_map, 1)
    opened = _battle(scenario, "other")
    window.adopt(opened, fresh=True)  # Open: a fight of its own
    _play(opened, 1)
    _play(replayed_on_a_changed_map, 1)  # the old battle is no longer autosaved
    assert window.autosave.folder != same and fight(same).actions == 3 and fight(window.autosave.folder).actions == 1
    (window.autosave.folder / "autosave.journal").unlink()
    (window.autosave.folder / "autosave.journal").mkdir()  # the journal cannot be written any more
    _play(opened, 1)
    window.tick()
    assert app.message.startswith(f"autosave failed: {window.autosave.folder / 'autosave.journal'}: cannot be written")


def test_opening_a_map_whose_last_fight_stopped_unfinished_asks_to_go_on(scenario, stopped, autosaves, monkeypatch):
    import pygame
    import pygame_gui

    from game.ui.render import start_headless

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    start_headless()
    app = SimpleNamespace(message="", manager=pygame_gui.UIManager((1000, 700)))
    window = WindowAutosave(app, Autosave.new_fight(_battle(scenario, "first"), autosaves), None,
                            pygame.Rect(0, 0, 1000, 700))
    assert not window.asking
    window.adopt(_battle(scenario, "opened"), fresh=True)  # Open picked the same map again
    assert window.asking and window.offer.folder == stopped[1]
    assert "stopped in round 1 after 6 actions" in app.message and app.message.endswith(
        ": go on with it, or start a new fight?")
    window.close()

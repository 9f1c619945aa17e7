"""F12 without --shots: the pictures go to the user's pictures folder under names with the time,
and the window says where; a folder that cannot be written is a message, never a traceback."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from tests.ui_kit import quadrant_tile  # noqa: F401  (sets the dummy video driver first)
from tests.ui_window_kit import Table, _wait, display, needs_xvfb  # noqa: F401  (display: a fixture)

import pygame  # noqa: E402

from game.ui import screenshots
from game.ui.screenshots import default_folder, save_screenshots


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """A home folder of our own, with no screenshot folder chosen and no desktop settings."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.delenv("HEXBATTLE_SCREENSHOT_DIR", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    return folder


def pictures() -> list[tuple[str, pygame.Surface]]:
    table, console = pygame.Surface((40, 30)), pygame.Surface((50, 20))
    table.fill((200, 10, 10))
    console.fill((10, 10, 200))
    return [("table", table), ("console", console)]


def test_the_folder_chosen_in_the_environment_comes_first(home, monkeypatch, tmp_path):
    (home / "Pictures").mkdir()
    monkeypatch.setenv("HEXBATTLE_SCREENSHOT_DIR", str(tmp_path / "chosen"))
    assert default_folder() == tmp_path / "chosen"


def test_then_the_pictures_folder_the_desktop_names(home):
    (home / "Bilder").mkdir()
    (home / "Pictures").mkdir()
    (home / ".config").mkdir()
    (home / ".config" / "user-dirs.dirs").write_text('XDG_DESKTOP_DIR="$HOME/Schreibtisch"\n'
                                                     'XDG_PICTURES_DIR="$HOME/Bilder"\n')
    assert default_folder() == home / "Bilder" / "hexbattle"


def test_then_pictures_in_the_home_folder_then_a_folder_of_its_own(home):
    assert default_folder() == home / "hexbattle-screenshots"
    (home / ".config").mkdir()
    (home / ".config" / "user-dirs.dirs").write_text('XDG_PICTURES_DIR="$HOME/Bilder"\n')  # named, not there
    assert default_folder() == home / "hexbattle-screenshots"
    (home / "Pictures").mkdir()
    assert default_folder() == home / "Pictures" / "hexbattle"


def test_presses_never_replace_earlier_pictures_and_the_message_says_where(home):
    (home / "Pictures").mkdir()
    folder = home / "Pictures" / "hexbattle"
    for _ in range(3):  # within one second, most likely: the names still differ
        saved, message = save_screenshots(pictures(), None)
        assert saved and message.startswith("Screenshots saved in ~/Pictures/hexbattle: hexbattle-")
    names = sorted(path.name for path in folder.iterdir())
    assert len(names) == 6 and all(name.startswith("hexbattle-") and name.endswith(("-table.png", "-console.png"))
                                   for name in names)
    table = next(folder.glob("*-table.png"))
    assert pygame.image.load(str(table)).get_at((5, 5))[:3] == (200, 10, 10)
    assert message.endswith(".png") and all(name in names for name in message.split(": ")[1].split(", "))


def test_with_shots_the_pictures_keep_their_fixed_names(tmp_path):
    for _ in range(2):
        saved, _ = save_screenshots(pictures(), tmp_path / "shots")
        assert saved
    assert sorted(path.name for path in (tmp_path / "shots").iterdir()) == ["console.png", "table.png"]


def test_a_folder_that_cannot_be_made_is_a_message(tmp_path, monkeypatch):
    (tmp_path / "a file").write_text("not a folder")
    monkeypatch.setenv("HEXBATTLE_SCREENSHOT_DIR", str(tmp_path / "a file" / "shots"))
    saved, message = save_screenshots(pictures(), None)
    assert not saved
    assert message == f"Screenshots not saved: {tmp_path / 'a file' / 'shots'} cannot be written (Not a directory)"


@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, "No space left on device"),
                                     pygame.error("Error writing to datastream")])
def test_a_full_disk_is_a_message_and_leaves_no_half_picture(tmp_path, monkeypatch, failure):
    def full(surface, path):
        Path(path).write_bytes(b"\x89PNG half")
        raise failure
    monkeypatch.setattr(screenshots.pygame.image, "save", full)
    monkeypatch.setenv("HEXBATTLE_SCREENSHOT_DIR", str(tmp_path / "shots"))
    saved, message = save_screenshots(pictures(), None)
    assert not saved and message.startswith(f"Screenshots not saved: {tmp_path / 'shots'} cannot be written (")
    assert str(failure.args[-1]) in message
    assert list((tmp_path / "shots").iterdir()) == []


# -- the window, with real key presses ------------------------------------------------------------

def pressed_f12(table: Table) -> dict:
    """F12 pressed on the table window; the status once the window has said what it did."""
    table.key("F12")
    return table.after(lambda s: s["message"].startswith("Screenshots"), "the window to answer F12")


@needs_xvfb
def test_f12_without_shots_saves_into_the_pictures_folder_and_says_so(display, tmp_path):
    home = tmp_path / "home"
    (home / "Pictures").mkdir(parents=True)
    env = {key: value for key, value in os.environ.items() if key != "HEXBATTLE_SCREENSHOT_DIR"}
    table = Table(display, tmp_path, extra=(), shots=False, env=dict(env, HOME=str(home)))
    try:
        status = pressed_f12(table)
        folder = home / "Pictures" / "hexbattle"
        assert status["message"].startswith("Screenshots saved in ~/Pictures/hexbattle: hexbattle-")
        first = sorted(folder.iterdir())
        assert [path.name.rsplit("-", 1)[1] for path in first] == ["console.png", "table.png"]
        table.key("F12")
        _wait(lambda: len(list(folder.iterdir())) == 4, "a second pair of pictures beside the first")
        shot = pygame.image.load(str(next(folder.glob("*-table.png"))))
        assert shot.get_size() == (1100, 700) and len({tuple(shot.get_at((x, 350))) for x in range(0, 1100, 50)}) > 3
        assert not (tmp_path / "shots").exists()
    finally:
        assert "Traceback" not in table.close()


@needs_xvfb
def test_f12_into_a_folder_that_cannot_be_written_says_so_and_the_fight_goes_on(display, tmp_path):
    (tmp_path / "a file").write_text("not a folder")
    env = dict(os.environ, HEXBATTLE_SCREENSHOT_DIR=str(tmp_path / "a file" / "shots"))
    table = Table(display, tmp_path, shots=False, env=env)
    try:
        status = pressed_f12(table)
        assert status["message"] == \
            f"Screenshots not saved: {tmp_path / 'a file' / 'shots'} cannot be written (Not a directory)"
        table.key("e")  # the window still plays: the turn ends
        table.after(lambda s: s["actions"] > status["actions"], "the turn to end after the failed screenshots")
    finally:
        assert "Traceback" not in table.close()

"""The real window under Xvfb and the autosave: opening a map whose last fight stopped unfinished
asks whether to go on with it, and a move made with the mouse is on the disk at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from autosave_kit import scenario, stopped  # noqa: F401 (fixtures)
from game.savefile.recovery import resume_fight
from ui_window_kit import Table, display, needs_xvfb  # noqa: F401 (display is a fixture)

pytestmark = needs_xvfb


@pytest.fixture
def window(display, tmp_path, stopped):
    running = Table(display, tmp_path)
    yield running
    assert "Traceback" not in running.close()


def test_the_window_asks_and_goes_on_with_the_stopped_fight(window, stopped):
    folder = stopped[1]
    asking = window.after(lambda s: s["offer"] is not None, "the offer to go on")
    assert asking["actions"] == 0 and "stopped in round 1 after 6 actions" in asking["message"]
    window.click(*asking["offer"]["go_on"])
    going = window.after(lambda s: s["offer"] is None, "the answer")
    assert going["actions"] == 6 and going["autosave"] == str(folder)
    assert going["message"] == f"going on with the fight of {folder.name}"


def test_a_new_fight_leaves_the_stopped_one_and_its_moves_are_autosaved_at_once(window, stopped):
    folder = stopped[1]
    asking = window.after(lambda s: s["offer"] is not None, "the offer to go on")
    window.click(*asking["offer"]["new"])
    fresh = window.after(lambda s: s["offer"] is None and s["moves"], "the answer")
    assert fresh["actions"] == 0 and fresh["message"] == "a new fight" and fresh["autosave"] != str(folder)
    window.click(*fresh["moves"][0]["screen"])
    moved = window.after(lambda s: s["actions"] == 1, "the move")
    assert len(resume_fight(Path(moved["autosave"])).battle.actions) == 1
    assert len(resume_fight(folder).battle.actions) == 6

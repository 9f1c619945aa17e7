"""The console's Balance entry in the real window under Xvfb, with real clicks: the search runs in
the background while the fight goes on, a progress line follows it, Cancel keeps the best so far,
and the balanced map opens in the window."""

from __future__ import annotations

import time
from pathlib import Path

import psutil
import pytest

from balance_kit import copy_skirmish
from test_ui_window_files import own_map as relay  # noqa: F401 (a fixture: the default scenario, free to edit)
from ui_window_kit import Table, display, needs_xvfb  # noqa: F401 (display is a fixture)

pytestmark = needs_xvfb


@pytest.fixture
def skirmish(tmp_path) -> Path:
    """The baseline skirmish (Sgt Kim against Thug A) in a folder of its own."""
    return copy_skirmish(tmp_path)


def _ask(table: Table, percent: str) -> dict:
    """Open the Balance window with a click, type the win rate, press Search."""
    table.click(*table.status()["balance"]["button"])
    dialog = table.after(lambda s: s["balance"]["dialog"] is not None, "the Balance window")["balance"]["dialog"]
    table.click(*dialog["percent"])
    for _ in range(4):
        table.key("BackSpace")
    table.type(percent)
    table.click(*dialog["search"])
    return dialog


def test_the_balance_window_finds_two_more_thugs_and_opens_the_balanced_map(display, skirmish, tmp_path):
    table = Table(display, tmp_path, map_path=skirmish)
    try:
        dialog = _ask(table, "12")
        done = table.after(lambda s: not s["balance"]["running"] and s["balance"]["words"].startswith("found"),
                           "the search to end")
        assert done["balance"]["words"].startswith("found: +2 thug: PCs (pcs) win 11.0% (95% interval 7.4% to 16.1%)")
        assert done["balance"]["dialog"]["open_enabled"]
        table.click(*dialog["open"])
        opened = table.after(lambda s: s["map"].endswith("baseline-balanced.tmx"), "the balanced map")
        assert [c["name"] for c in opened["combatants"]] == ["Sgt Kim", "Thug A", "Thug 9", "Thug 10"]
        assert opened["message"].startswith("opened baseline-balanced.tmx")
        assert opened["balance"]["dialog"] is None
        assert skirmish.with_name("baseline-balanced.tmx").exists()
    finally:
        assert "Traceback" not in table.close()


def test_the_fight_goes_on_during_a_search_and_cancel_keeps_the_best_so_far(display, relay, tmp_path):
    table = Table(display, tmp_path, map_path=relay)
    try:
        dialog = _ask(table, "60")
        table.after(lambda s: s["balance"]["running"] and "candidate" in s["balance"]["words"],
                    "the search to play its first fights")
        asked = time.monotonic()
        table.key("e")  # the acting PC ends its turn while the search runs
        moved = table.after(lambda s: s["actions"] == 1, "the end of turn")
        assert time.monotonic() - asked < 3
        assert moved["balance"]["running"]
        assert moved["balance"]["dialog"]["search_words"] == "Cancel"
        table.click(*dialog["search"])
        ended = table.after(lambda s: not s["balance"]["running"], "the search to stop")
        assert ended["balance"]["words"].startswith("cancelled; best so far")
        changed = "as on the map" not in ended["balance"]["words"]  # cancelled before any change was told
        assert ended["balance"]["dialog"]["open_enabled"] == changed
    finally:
        assert "Traceback" not in table.close()


def test_a_win_rate_the_search_cannot_take_is_said_in_the_window(display, skirmish, tmp_path):
    table = Table(display, tmp_path, map_path=skirmish)
    try:
        _ask(table, "100")
        said = table.after(lambda s: "1% to 99%" in s["balance"]["words"], "the refusal")
        assert not said["balance"]["running"]
    finally:
        assert "Traceback" not in table.close()


def test_closing_the_window_during_a_search_leaves_no_worker_behind(display, relay, tmp_path):
    table = Table(display, tmp_path, map_path=relay)
    _ask(table, "60")
    table.after(lambda s: "candidate" in s["balance"]["words"], "the search to play its first fights")
    workers = psutil.Process(table.process.pid).children(recursive=True)
    assert workers
    assert "Traceback" not in table.close()
    gone, alive = psutil.wait_procs(workers, timeout=30)
    assert alive == []

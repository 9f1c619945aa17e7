"""The other rulesets in the real window under Xvfb: a These Lucky Stars move clicked with the mouse
costs 2 of the mover's 4 AP, and the GM's tracker shows it; a Starfarer fight shows action points,
the phases to come and the points carried over; each ruleset's bundled fight is clicked to its end
with the mouse."""

from __future__ import annotations

import pytest
from ui_mouse_player import click_to_the_end
from ui_window_kit import ROOT, Table, display, needs_xvfb  # noqa: F401 (display is a fixture)

pytestmark = needs_xvfb


def _open(display: str, tmp_path, map_name: str, extra: tuple[str, ...] = ("--one-window",), pace: float = 0.02) -> Table:
    return Table(display, tmp_path, extra, map_path=ROOT / "maps" / map_name, pace=pace)


def _current_line(status: dict) -> str:
    return next(line for line in status["tracker"] if line.startswith(">"))


def test_a_lucky_stars_move_clicked_in_the_window_leaves_2_of_4_ap_on_the_tracker(display, tmp_path):
    table = _open(display, tmp_path, "dust_market.tmx")
    try:
        start = table.after(lambda s: s["moves"] and s["mode"] == "Command", "a PC's turn")
        assert _current_line(start).endswith(" 4 AP")
        done = start["actions"]
        table.click(*start["moves"][0]["screen"])
        moved = table.after(lambda s: s["actions"] == done + 1, "the move to be taken")
        assert _current_line(moved).endswith(" 2 AP")
    finally:
        assert "Traceback" not in table.close()


def test_a_starfarer_fight_opens_with_each_phase_holder_showing_action_points(display, tmp_path):
    table = _open(display, tmp_path, "derelict_hold.tmx")
    try:
        asked = table.after(lambda s: s["buttons"], "the first decision")
        while not asked["moves"]:  # seed 003: each PC may declare its first phase before the roll
            kinds = {b["kind"]: b["screen"] for b in asked["buttons"]}
            assert "hold" in kinds and "declare_attack" in kinds, asked["buttons"]
            done = asked["actions"]
            table.click(*kinds["hold"])
            asked = table.after(lambda s: s["actions"] > done and (s["buttons"] or s["moves"]), "the next decision")
        start = table.after(lambda s: s["moves"] and s["mode"] == "Command", "a PC's phase")
        assert " AP" in _current_line(start) and ", carries " in _current_line(start)
        assert any(line.startswith("Phases to come: ") for line in start["tracker"])
        done = start["actions"]
        table.click(*start["moves"][0]["screen"])
        table.after(lambda s: s["actions"] > done, "the move to be taken")
    finally:
        assert "Traceback" not in table.close()


@pytest.mark.parametrize("map_name", ["dust_market.tmx", "derelict_hold.tmx"])
def test_each_rulesets_bundled_fight_is_clicked_to_its_end_against_the_computer(display, tmp_path, map_name):
    """The crew's every turn is clicked (targets, hexes, answers, End turn); the computer
    plays the other side (at once, without animations: the test is about reaching the end)."""
    table = _open(display, tmp_path, map_name, ("--one-window", "--no-animations"), pace=0)
    try:
        final = click_to_the_end(table, seconds=300)
        assert final["ended"], "the fight did not end"
        assert final["actions"] > 20 and not final["message"].startswith("hexbattle hit a problem")
    finally:
        assert "Traceback" not in table.close()


def test_the_lucky_stars_action_bar_offers_shatter_and_ready_and_the_ready_button_withholds_the_ap(display, tmp_path):
    table = _open(display, tmp_path, "dust_market.tmx")
    try:
        start = table.after(lambda s: s["moves"] and s["mode"] == "Command", "a PC's turn")
        kinds = {button["kind"]: button["screen"] for button in start["buttons"]}
        assert {"shatter", "ready_attack"} <= set(kinds)  # trip, disarm, grapple wait for melee reach
        done = start["actions"]
        table.click(*kinds["ready_attack"])
        readied = table.after(lambda s: s["actions"] == done + 1, "the attack to be readied")
        assert _current_line(readied).endswith(" 4 AP")  # withheld, not spent
    finally:
        assert "Traceback" not in table.close()

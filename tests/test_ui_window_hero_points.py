"""Hero points in the real window under Xvfb (seed 004, the bundled SWN map cinder_well): the
crew's people at the table are shown the spend and negation decisions as buttons, each with the
points it costs and its odds or the damage left, and clicking one takes it."""

from __future__ import annotations

import time

from ui_mouse_player import next_click
from ui_window_kit import ROOT, Table, display, needs_xvfb  # noqa: F401 (display is a fixture)

pytestmark = needs_xvfb

HERO_ANSWERS = ("negate_damage", "spend_hero_point")


def test_the_crew_spends_and_negates_with_hero_points_by_clicking_the_answer_buttons(display, tmp_path):
    table = Table(display, tmp_path, map_path=ROOT / "maps" / "cinder_well.tmx")
    taken: set[str] = set()
    try:
        turn, clicks, deadline = None, 0, time.monotonic() + 300
        while time.monotonic() < deadline and taken != set(HERO_ANSWERS):
            status = table.status()
            if status["ended"]:
                break
            if not status["buttons"]:
                time.sleep(0.05)
                continue
            buttons = {b["kind"]: b["screen"] for b in status["buttons"]}
            answer = next((kind for kind in HERO_ANSWERS if kind in buttons and kind not in taken), None)
            key = (status["current"], status["pending"])
            clicks, turn = (clicks + 1 if key == turn else 0), key
            point = buttons[answer] if answer else next_click(status, clicks)
            before = status["actions"]
            table.click(*point)
            after = table.after(lambda s: s["actions"] != before or s["ended"], "the click to be taken")
            if answer and after["actions"] > before:  # nobody else acts while the decision is open
                taken.add(answer)
        assert taken == set(HERO_ANSWERS), f"only {sorted(taken)} were offered and taken"
    finally:
        assert "Traceback" not in table.close()

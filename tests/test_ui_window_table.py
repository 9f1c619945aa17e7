"""A whole fight on the default map played by clicking on the table view alone (two windows under
Xvfb, real mouse events), the GM's console never touched: the briefing put away with a click, a
refused click whose reason the table shows (in the status file and in the screenshot's pixels),
an overwatch shot and a protect step-in answered on the table's banner, then every turn of both
sides clicked on the table to the end."""

from __future__ import annotations

import time

from ui_mouse_player import camp, click_to_the_end, current, hex_distance, table_buttons
from ui_window_kit import Table, display, needs_xvfb  # noqa: F401 (display is a fixture)

pytestmark = needs_xvfb

ORANGE = (0xE6, 0x9F, 0x00)  # the refusal note's edge (game.ui.toast.EDGE)


def _close(pixel, colour) -> bool:
    return all(abs(a - b) < 24 for a, b in zip(pixel[:3], colour))


def _click(table, point) -> dict:
    """One click on the table window; the status once the window has taken it."""
    before = table.status()
    table.front()
    table.click(*point, settle=0.1)
    time.sleep(0.3)
    return table.status() if table.status() != before else table.after(lambda s: s != before, "the click")


def _refused_attack(table) -> None:
    """Attack chosen on the bar, then an enemy out of sight clicked: the table says why."""
    status = table.status()
    shootable = {t["id"] for t in status["targets"]}
    hidden_from = next(c for c in status["combatants"]
                       if c["side"] == "enemies" and c["in_fight"] and c["id"] not in shootable)
    table.front()
    table.click(*table_buttons(status)["attack"])
    table.after(lambda s: s["kind"] == "attack", "attack chosen on the bar")
    table.click(*hidden_from["screen"])
    refused = table.after(lambda s: s["toast"], "the refusal on the table")
    assert refused["toast"] and refused["toast"] == refused["message"]  # the refusal, in the words the console shows
    assert refused["actions"] == 0
    x, y, w, h = refused["toast_rect"]
    shot = table.screenshot()
    edge = [shot.get_at((x + dx, y + 1)) for dx in range(2, w - 2, 7)]
    inside = [shot.get_at((px, py)) for px in range(x + 6, x + w - 6, 2) for py in range(y + 6, y + h - 6, 2)]
    assert all(_close(p, ORANGE) for p in edge), "the note's orange edge"
    assert sum(min(p[:3]) > 200 for p in inside) > 30, "the note's white words"
    table.click(*table_buttons(refused)["move"])
    table.after(lambda s: s["kind"] == "move", "back to moving")


def _pcs_next_to_another(status: dict) -> list[dict]:
    pcs = [c for c in status["combatants"] if c["side"] == "pcs" and c["in_fight"]]
    return [c for c in pcs if any(o is not c and hex_distance(o["hex"], c["hex"]) == 1 for o in pcs)]


def _play_until_both_answered(table, seconds: float = 180.0) -> set[str]:
    """Vask watches the raiders' side; the crew's others keep their Main action; a raider walks
    into the wedge and another shoots a PC standing by a friend. Each decision is answered on the
    table's banner: Fire, Step in."""
    answered: set[str] = set()
    watching = False
    deadline = time.monotonic() + seconds
    while answered != {"overwatch_fire", "redirect"} and time.monotonic() < deadline:
        status = table.status()
        assert not status["ended"], "the fight ended before both decisions came"
        found = table_buttons(status)
        if status["pending"] is not None:
            if status["banner"]["kind"] != "decision":
                time.sleep(0.05)
                continue
            answer = next((kind for kind in ("overwatch_fire", "redirect") if kind in found), None)
            assert status["banner"]["question"] and status["banner"]["headline"].endswith(" decides")
            other = "hold_for_move" if "hold_for_move" in found else "hold" if "hold" in found else next(iter(found))
            after = _click(table, found[answer or other])
            assert after["actions"] > status["actions"]
            answered |= {answer} if answer else set()
            continue
        if "end_turn" not in found:  # the bystanders' computer moves
            time.sleep(0.05)
            continue
        me = current(status)
        if me["name"] == "Sergeant Vask" and not watching:
            _click(table, found["overwatch"])
            table.after(lambda s: s["mode"] == "AimOverwatch", "overwatch aiming")
            x, y = me["screen"]
            watched = _click(table, (x + 300, y))  # east, towards the raiders
            assert current(watched)["overwatch"] is not None
            watching = True
        elif camp(me["side"]) == "enemies":
            into = [m for m in status["moves"] if m["hex"] in [w["hex"] for w in status["watched"]]]
            shots = [t for t in status["targets"] if t["id"] in {c["id"] for c in _pcs_next_to_another(status)}]
            if into and "overwatch_fire" not in answered:
                _click(table, into[0]["screen"])
                continue
            if shots and "redirect" not in answered:
                _click(table, shots[0]["screen"])
                continue
        _click(table, found["end_turn"])
    return answered


def test_a_whole_fight_is_played_by_clicking_on_the_table_alone(display, tmp_path):
    import pygame

    table = Table(display, tmp_path, extra=(), read_briefing=False)  # two windows: the table is clicked
    try:
        start = table.status()
        assert start["briefing"] and start["banner"]["headline"] == "Sergeant Vask's turn"
        left, top, right, bottom = start["board"]  # the map is fitted clear of the banner and the bar
        assert not any(pygame.Rect(left, top, right - left, bottom - top).colliderect(area)
                       for area in start["banner"]["areas"])
        table.front()
        table.click(*start["moves"][0]["screen"])  # a click puts the briefing away, and does nothing else
        assert table.after(lambda s: s["briefing"] is None, "the briefing put away")["actions"] == 0
        _refused_attack(table)
        assert _play_until_both_answered(table) == {"overwatch_fire", "redirect"}
        final = click_to_the_end(table, seconds=300, buttons=table_buttons)
        assert final["ended"], "the fight did not end"
        assert not final["message"].startswith("hexbattle hit a problem")
    finally:
        assert "Traceback" not in table.close()


def test_render_of_a_saved_decision_draws_what_the_table_window_shows(display, tmp_path):
    # Dax Halloran may step in for Sergeant Vask: the table window's picture, banner and all, is
    # the picture `hexbattle render --save` draws of the same save at the same size.
    import pygame

    from ui_kit import at_a_protect_decision

    from game.cli import main
    from game.savefile import write_save

    save, drawn = tmp_path / "protect.json", tmp_path / "render.png"
    write_save(at_a_protect_decision(), save)
    table = Table(display, tmp_path, extra=("--save", str(save)))
    try:
        status = table.after(lambda s: s["pending"] is not None, "the decision")
        assert status["banner"]["headline"] == "Dax Halloran decides" and status["briefing"] is None
        time.sleep(1.0)  # nothing animates a restored fight; a second for the window to settle
        shot = table.screenshot()
        assert main(["render", "--save", str(save), str(drawn), "--size", "x".join(map(str, shot.get_size()))]) == 0
        assert pygame.image.tobytes(shot, "RGB") == pygame.image.tobytes(pygame.image.load(str(drawn)), "RGB")
        table.key("b")  # the briefing again, over the decision; any key puts it away
        assert table.after(lambda s: s["briefing"], "the briefing")["pending"] is not None
        table.key("space")
        assert table.after(lambda s: s["briefing"] is None, "the briefing put away")["actions"] == status["actions"]
    finally:
        assert "Traceback" not in table.close()

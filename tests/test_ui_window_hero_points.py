"""Hero points in the real window under Xvfb (seed 004, the bundled SWN map cinder_well): the
crew's people at the table are shown the spend and negation decisions as buttons, each with the
points it costs and its odds or the damage left, and clicking one takes it."""

from __future__ import annotations

import time

from ui_kit import starfarer_hero_down_at_a_rounds_start
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


def test_a_pc_lying_unconscious_is_shown_the_round_start_decision_and_clicks_to_spend(display, tmp_path):
    battle, save = starfarer_hero_down_at_a_rounds_start(tmp_path)
    decider = battle.pending().decider
    assert "failed the" in battle.pending().question and not battle.combatant(decider).in_fight
    table = Table(display, tmp_path, ("--one-window", "--save", str(save)), map_path=ROOT / "maps" / "derelict_hold.tmx")
    try:
        asked = table.after(lambda s: s["buttons"] and s["pending"] == decider, "the decision's answer buttons")
        buttons = {b["kind"]: b["screen"] for b in asked["buttons"]}
        assert "spend_hero_point" in buttons and "hold" in buttons, asked["buttons"]
        down = next(c for c in asked["combatants"] if c["id"] == decider)
        assert not down["in_fight"]
        before = asked["actions"]
        table.click(*buttons["spend_hero_point"])
        after = table.after(lambda s: s["actions"] > before, "the spend to be taken")
        assert after["actions"] >= before + 1 and not after["message"].startswith("hexbattle hit a problem")  # the computer may answer a counter next
    finally:
        assert "Traceback" not in table.close()


def _blast_on_mara(tmp_path):
    """cinder_well with Thug 8 (first to act) holding a frag grenade and Mara two hexes from it:
    the grenade lands on her and she saved, so the blast waits on her negation decision; saved there."""
    import shutil

    from game.actions import ThrowGrenade
    from game.savefile import battle_from_map, write_save

    maps = tmp_path / "maps"
    shutil.copytree(ROOT / "maps", maps)
    well = maps / "cinder_well.tmx"
    text = well.read_text().replace(
        '<object id="8" template="templates/thug.tx" x="680" y="244"/>',
        '<object id="8" template="templates/thug.tx" x="680" y="244">\n   <properties>\n'
        '    <property name="weapon" value="frag_grenade"/>\n   </properties>\n  </object>')
    well.write_text(text.replace('name="Mara Voss" x="64" y="244"', 'name="Mara Voss" x="624" y="148"'))
    battle = battle_from_map(well, 4)
    assert battle.current() == 8
    battle.submit(ThrowGrenade(8, at=battle.combatant(1).hex, faces=(19, 6, 6, 15)))  # 12; she saves: 6
    save = tmp_path / "blast.json"
    write_save(battle, save)
    return battle, save


def test_a_hero_caught_in_a_blast_is_shown_the_negation_buttons_and_clicks_one(display, tmp_path):
    battle, save = _blast_on_mara(tmp_path)
    assert battle.pending().question == (
        "Thug 8's frag grenade deals 6 damage to Mara Voss: spend hero points to negate some of it?")
    table = Table(display, tmp_path, ("--one-window", "--save", str(save)), map_path=ROOT / "maps" / "cinder_well.tmx")
    try:
        asked = table.after(lambda s: s["buttons"] and s["pending"] == 1, "the negation's answer buttons")
        kinds = [b["kind"] for b in asked["buttons"]]
        assert kinds == ["negate_damage", "negate_damage#1", "negate_damage#2", "hold"], asked["buttons"]
        button = next(b for b in asked["buttons"] if b["kind"] == "negate_damage")
        before = asked["actions"]
        table.click(*button["screen"])
        after = table.after(lambda s: s["actions"] > before, "the negation to be taken")  # then the gang plays on
        assert not after["message"].startswith("hexbattle hit a problem")
        assert after["pending"] != 1 and not any(b["kind"].startswith("negate_damage") for b in after["buttons"])
    finally:
        assert "Traceback" not in table.close()

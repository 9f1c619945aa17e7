"""A downed PC is stabilised with the mouse on the table window (two windows, the console left
alone), under Xvfb with real key and mouse events: `k`, then a click on the hex she lies on."""

from __future__ import annotations

import json

from ui_window_kit import DEFAULT_MAP, Table, display, needs_xvfb  # noqa: F401 (display is a fixture)

pytestmark = needs_xvfb


def _dax_down_beside_vask(tmp_path):
    """The default map at its start (Sergeant Vask's turn), Dax Halloran beside him brought down
    by the GM: mortally wounded, lying on his hex; saved there."""
    from game.actions import GmSetHealth
    from game.savefile import battle_from_map, write_save

    battle = battle_from_map(DEFAULT_MAP, 1)
    vask, dax = battle.combatant(1), battle.combatant(2)
    assert battle.current() == 1 and vask.name == "Sergeant Vask" and dax.name == "Dax Halloran"
    assert battle.submit(GmSetHealth(2, value=0)).accepted
    assert battle.combatant(2).down == "mortally wounded"
    assert battle.options(1).allowed("stabilise"), "Vask is offered to stabilise Dax"
    save = tmp_path / "down.json"
    write_save(battle, save)
    return save


def test_k_then_a_click_on_the_downed_pc_on_the_table_window_stabilises_him(display, tmp_path):
    save = _dax_down_beside_vask(tmp_path)
    table = Table(display, tmp_path, ("--save", str(save)))  # two windows: the clicks go to the table's
    try:
        assert table.window == table.named("(table)")
        start = table.after(lambda s: s["current"] == 1 and s["mode"] == "Command", "Vask's turn")
        dax = next(c for c in start["combatants"] if c["id"] == 2)
        assert not dax["in_fight"] and dax["screen"]
        table.xdotool("windowraise", table.window)  # the console may open over the table: the table on top
        table.key("k")
        table.after(lambda s: s["kind"] == "stabilise", "stabilise mode")
        table.click(*dax["screen"])
        after = table.after(lambda s: s["actions"] > start["actions"] or "stabilise" in s["message"].lower(),
                            "the click to be taken")
        assert after["actions"] == start["actions"] + 1, after["message"]
        table.key("ctrl+s")
        saved = table.after(lambda s: s["message"].startswith("saved to"), "the save")
        actions = json.loads((tmp_path / "fight.json").read_text())["actions"]
        assert actions[-1]["type"] == "stabilise" and actions[-1]["target"] == 2, actions[-1]
        assert saved["pending"] is None
    finally:
        assert "Traceback" not in table.close()

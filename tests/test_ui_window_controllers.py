"""The real window plays each computer side with the player its map controller names."""

from __future__ import annotations

import json
import shutil

from game.battle import Battle, load_catalog
from game.savefile import load_scenario_or_fail
from ui_window_kit import ROOT, Table, display, needs_xvfb  # noqa: F401 (display is a fixture)

pytestmark = needs_xvfb
GM = '<property name="controller" propertytype="Controller" value="gm"/>'


def test_the_window_plays_the_raiders_with_the_tactical_player_and_the_crew_with_random(display, tmp_path):
    maps = tmp_path / "maps"
    maps.mkdir()
    for folder in ("tilesets", "templates"):
        shutil.copytree(ROOT / "maps" / folder, maps / folder)
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    text = (ROOT / "maps" / "relay_station_ambush.tmx").read_text()
    assert text.count(GM) == 1 and text.count('value="players"') == 1  # the raiders' GM, the crew's players
    text = text.replace(GM, GM.replace('"gm"', '"tactical"'))
    (maps / "ambush.tmx").write_text(text.replace('value="players"', 'value="random"'))
    running = Table(display, tmp_path, map_path=maps / "ambush.tmx")
    try:
        sides = {s["id"]: s["controller"] for s in running.status()["sides"]}
        assert (sides["enemies"], sides["pcs"]) == ("tactical", "random")
        running.after(lambda s: s["actions"] >= 25 or s["ended"], "the computer to play both sides")
        running.key("ctrl+s")
        running.after(lambda s: (tmp_path / "fight.json").exists(), "the save")
    finally:
        assert "Traceback" not in running.close()
    saved = json.loads((tmp_path / "fight.json").read_text())
    battle = Battle.from_scenario(load_scenario_or_fail(maps / "ambush.tmx", load_catalog()), 1)
    side_of = {c.id: c.side for c in battle.combatants()}
    told = {side_of[a["actor"]] for a in saved["actions"] if a.get("reason")}
    assert told == {"enemies"}  # the tactical player tells why it acts; the random one never does

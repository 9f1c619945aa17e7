"""Files at the table in the real window under Xvfb: Ctrl+O opens another scenario through the
file dialog, and a map edited on disk (as Tiled saves it) is reloaded while the fight goes on."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ui_window_kit import ROOT, Table, display, needs_xvfb, table  # noqa: F401 (display and table are fixtures)

pytestmark = needs_xvfb

SHIPPING_CONTAINER = 10  # gid of the impassable container in the bundled terrain tileset (firstgid 1)


def _side_colour(pixel, side: str) -> bool:
    from game.ui.look import side_colour

    return all(abs(a - b) < 30 for a, b in zip(pixel[:3], side_colour(side)))


def test_ctrl_o_opens_another_scenario_and_the_table_shows_it(table):
    start = table.status()
    other = ROOT / "maps" / "bunker_seven.tmx"
    table.key("ctrl+o")
    dialog = table.after(lambda s: s["open_dialog"] is not None, "the open dialog")["open_dialog"]
    table.click(*dialog["path"])
    table.key("ctrl+a")
    table.type(str(other))
    table.key("Return")
    table.click(*dialog["ok"])
    opened = table.after(lambda s: s["map"] == str(other), "the other scenario")
    assert opened["message"].startswith("opened bunker_seven.tmx") and opened["actions"] == 0
    assert {c["name"] for c in opened["combatants"]} != {c["name"] for c in start["combatants"]}
    assert opened["briefing"], "a fight opened shows its map's briefing"
    table.read_briefing()
    shot = table.screenshot()
    for token in (c for c in table.status()["combatants"] if c["in_fight"] and c["side"] == "pcs"):
        x, y = token["screen"]
        assert any(_side_colour(shot.get_at((x + dx, y)), "pcs") for dx in range(-12, 13, 3)), token["name"]
    move = opened["moves"][0]
    table.click(*move["screen"])
    assert table.after(lambda s: s["actions"] == 1, "a move in the opened fight")["map"] == str(other)


@pytest.fixture
def own_map(tmp_path) -> Path:
    """The default scenario copied with its tilesets, templates and images, free to edit."""
    maps = tmp_path / "maps"
    maps.mkdir()
    for folder in ("tilesets", "templates"):
        shutil.copytree(ROOT / "maps" / folder, maps / folder)
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    shutil.copy(ROOT / "maps" / "relay_station_ambush.tmx", maps)
    return maps / "relay_station_ambush.tmx"


def _put_tile(path: Path, layer: str, hex_: list[int], gid: int) -> None:
    """Change one cell of a CSV tile layer, as saving the map in Tiled would."""
    from game.hexgrid import Hex
    from game.savefile import battle_from_map

    layout = battle_from_map(path, 1).scenario.layout
    col, row = layout.hex_to_offset(Hex(*hex_))
    text = path.read_text()
    found = re.search(rf'(<layer [^>]*name="{layer}" width="(\d+)"[^>]*>\s*<data encoding="csv">)(.*?)(</data>)',
                      text, re.S)
    width = int(found.group(2))
    cells = [line.rstrip(",").split(",") for line in found.group(3).strip().splitlines()]
    cells[row][col] = str(gid)
    csv = "\n" + ",\n".join(",".join(line) for line in cells) + "\n"
    assert all(len(line) == width for line in cells)
    path.write_text(text[:found.start(3)] + csv + text[found.end(3):])


def test_a_map_edited_on_disk_reloads_its_terrain_and_the_fight_goes_on(display, tmp_path, own_map):
    running = Table(display, tmp_path, map_path=own_map)
    try:
        start = running.status()
        first = start["moves"][0]
        running.click(*first["screen"])
        moved = running.after(lambda s: s["actions"] == 1, "the first move")
        tokens = [c["screen"] for c in moved["combatants"] if c["screen"]]
        blocked = max(moved["moves"], key=lambda m: min(abs(m["screen"][0] - x) + abs(m["screen"][1] - y)
                                                       for x, y in tokens))  # no label lies over it
        before = running.screenshot().get_at(blocked["screen"])
        _put_tile(own_map, "cover", blocked["hex"], SHIPPING_CONTAINER)
        reloaded = running.after(lambda s: "the map is reloaded" in s["message"], "the map to reload")
        assert reloaded["message"] == "relay_station_ambush.tmx changed: the map is reloaded and all 1 actions replayed on it"
        assert reloaded["actions"] == 1 and blocked["hex"] not in [m["hex"] for m in reloaded["moves"]]
        assert running.screenshot().get_at(blocked["screen"]) != before  # the container is drawn there
        running.click(*reloaded["moves"][0]["screen"])
        running.after(lambda s: s["actions"] == 2, "the fight to go on")
    finally:
        assert "Traceback" not in running.close()

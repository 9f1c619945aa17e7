"""docs/building-scenarios.md's own examples, checked against the code: the map written by hand
(step 8) is built from the doc's code block, checked and played to the end through the facade;
the worked cell centres and the terrain tiles' order are what the loader and the tileset say."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from xml.etree import ElementTree

import pytest

import game.cli
from game.players.plain import choose_action
from game.battle import Battle
from game.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "building-scenarios.md").read_text()
MOST_ACTIONS = 5000


def _section(heading: str) -> str:
    """The guide's text from a `## ` heading to the next one."""
    start = GUIDE.index(f"\n## {heading}")
    end = GUIDE.find("\n## ", start + 1)
    return GUIDE[start:end if end >= 0 else len(GUIDE)]


def _example_map() -> str:
    """The xml code block of step 8, as a GM would copy it."""
    block = re.search(r"```xml\n(.*?)```", _section("8. A map written by hand"), re.DOTALL)
    assert block, "step 8 has no ```xml code block"
    return block.group(1)


@pytest.fixture
def dockside(tmp_path: Path) -> Path:
    """The example saved as the guide says: maps/dockside.tmx beside the bundled tilesets."""
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    path = tmp_path / "maps" / "dockside.tmx"
    path.write_text(_example_map())
    return path


def _cells_written(text: str) -> dict[str, tuple[int, int]]:
    """Each unit object's id with the col and row its properties give."""
    cells = {}
    for obj in ElementTree.fromstring(text).iter("object"):
        props = {p.get("name"): p.get("value") for p in obj.iter("property")}
        cells[obj.get("id")] = (int(props["col"]), int(props["row"]))
    return cells


def test_the_example_loads_with_no_problem_and_every_unit_on_its_col_and_row(dockside):
    result = load_scenario(dockside)
    assert [p.text() for p in result.problems] == []
    scenario = result.scenario
    placed = {str(u.object_id): scenario.layout.hex_to_offset(u.hex) for u in scenario.units}
    assert placed == _cells_written(dockside.read_text())
    assert {u.name for u in scenario.units} == {"Sergeant Vask", "Ilya Moreau", "Thug 3", "Thug 4"}


def test_hexbattle_check_says_what_the_guide_says(dockside, capsys):
    assert game.cli.main(["check", str(dockside)]) == 0
    said = capsys.readouterr().out.strip()
    quoted = re.search(r"`maps/dockside\.tmx: (OK: [^`]*)`", _section("8. A map written by hand"))
    assert quoted and said.endswith("dockside.tmx: " + quoted.group(1))


def test_the_example_is_played_to_the_end_through_the_facade(dockside):
    scenario = load_scenario(dockside).scenario
    battle = Battle.from_scenario(scenario, seed=1)
    for _ in range(MOST_ACTIONS):
        if battle.state.ended:
            break
        assert battle.submit(choose_action(battle)).accepted
    assert battle.state.ended and battle.state.winner in ("pcs", "enemies")


def test_the_worked_cell_centres_are_where_the_loader_puts_them():
    rows = re.findall(r"^\s*\| `(\w+\.tmx)` \([^)]*\) \| (\d+), (\d+) \| (\d+), (\d+) \|$", GUIDE, re.MULTILINE)
    assert len(rows) == 4
    for name, col, row, x, y in rows:
        layout = load_scenario(ROOT / "maps" / name).scenario.layout
        assert layout.hex_center(layout.offset_to_hex(int(col), int(row))) == (int(x), int(y)), name


def test_the_terrain_table_lists_the_tiles_in_the_order_of_their_ids():
    """Step 8 reads a tile's id off that table's order."""
    listed = re.findall(r"^\| `(\w+)` \| \d+ \|", GUIDE, re.MULTILINE)
    tileset = ElementTree.parse(ROOT / "maps" / "tilesets" / "terrain-pointy.tsx").getroot()
    by_id = sorted((int(t.get("id")), t.get("type")) for t in tileset.iter("tile"))
    assert listed == [name for _, name in by_id]


def test_the_guide_lists_every_bundled_map():
    bundled = sorted(p.name for p in (ROOT / "maps").glob("*.tmx"))
    listed = sorted(re.findall(r"^\| `(\w+\.tmx)` \"", GUIDE, re.MULTILINE))
    assert listed == bundled
    words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    assert f"| {words[len(bundled)]} scenarios (below)" in GUIDE

"""Maps as a GM's Tiled saves them: without the project's types, by older versions, and the words
hexbattle uses to name the project's custom types."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.hexgrid import TiledHexLayout
from game.scenario import load_scenario
from game.scenario.normalise import normalise
from game.scenario.paths import policy_for_map
from game.scenario.problems import Problems
from game.scenario.tiledversion import draws_even_tile_size

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ROOT / "maps" / "hexbattle.tiled-project"


@pytest.fixture
def bundled(tmp_path: Path) -> Path:
    """A scratch copy of the bundled maps folder (with the art beside it), for maps a test edits."""
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    return tmp_path / "maps"


def project_types(kind: str) -> set[str]:
    """The names of the project's custom types of one kind (class or enum)."""
    types = json.loads(PROJECT.read_text(encoding="utf-8"))["propertyTypes"]
    return {t["name"] for t in types if t["type"] == kind}


def test_side_advice_names_the_project_class_sidesetup(bundled):
    text = (bundled / "bunker_seven.tmx").read_text(encoding="utf-8")
    text = re.sub(r'<property name="(pcs|allies|enemies|rivals|bystanders)" type="class".*?</property>\n',
                  "", text, flags=re.S)
    (bundled / "bunker_seven.tmx").write_text(text, encoding="utf-8")
    messages = [p.message for p in load_scenario(bundled / "bunker_seven.tmx").problems]
    named = {m for text in messages for m in re.findall(r"class (\w+)", text)}
    assert named == {"SideSetup"} and named <= project_types("class")


TILED = shutil.which("tiled")
needs_tiled = pytest.mark.skipif(TILED is None and not os.environ.get("CI"),
                                 reason="the Tiled editor is not installed (apt-get install tiled)")


def tiled_export(folder: Path, source: str, target: str) -> Path:
    """Open and save a map with `tiled --export-map`, headless and without the project loaded."""
    runtime = folder / "xdg"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime),
           "XDG_CONFIG_HOME": str(folder / "config")}
    done = subprocess.run([TILED or "tiled", "--export-map", "tmx", source, target], cwd=folder, env=env,
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return folder / target


def decoration_layers(path: Path) -> list[str]:
    """The names of the layers the loader treats as decoration."""
    normalised = normalise(path, path.name, policy_for_map(path), Problems())
    return [layer.name for layer in normalised.layers if layer.decoration]


def test_bundled_decoration_layers_use_the_property_not_the_layer_class():
    for path in sorted((ROOT / "maps").glob("*.tmx")):
        layers = [e for e in ElementTree.parse(path).getroot().iter("layer")]
        assert not [e.get("name") for e in layers if e.get("class")], path.name
    assert decoration_layers(ROOT / "maps" / "bunker_seven.tmx") == ["craters"]
    assert decoration_layers(ROOT / "maps" / "relay_station_ambush.tmx") == ["markings"]


@needs_tiled
@pytest.mark.parametrize("name", ["bunker_seven.tmx", "relay_station_ambush.tmx"])
def test_decoration_layers_survive_a_save_in_tiled_1_8(bundled, name):
    saved = tiled_export(bundled, name, "saved.tmx")
    assert decoration_layers(saved) == decoration_layers(bundled / name) != []



def with_side(bundled: Path, replacement: str) -> Path:
    """Bunker Seven with its 'pcs' property replaced by the given XML."""
    path = bundled / "bunker_seven.tmx"
    text = path.read_text(encoding="utf-8")
    text, done = re.subn(r'<property name="pcs" type="class".*?</property>\n', replacement + "\n", text, flags=re.S)
    assert done == 1
    path.write_text(text, encoding="utf-8")
    return path


def warnings_about(result, name: str) -> list[str]:
    """The warnings that name one property."""
    return [p.text() for p in result.problems if p.severity == "warning" and f"property '{name}'" in p.message]


@pytest.mark.parametrize("written", ['<property name="pcs" type="class"/>',
                                     '<property name="pcs" type="class" propertytype=""/>',
                                     '<property name="pcs" type="class" propertytype=""><properties/></property>'])
def test_a_class_property_with_no_type_and_no_values_is_a_warning_naming_the_project(bundled, written):
    path = with_side(bundled, written)
    result = load_scenario(path)
    assert warnings_about(result, "pcs") == [
        f"{os.path.normpath(path)}: property 'pcs' is a class property with no type and no values: Tiled "
        "saved the map without hexbattle's custom types and dropped its members; open the map through "
        "maps/hexbattle.tiled-project (Project > Open Project), set the property's type and members "
        "again, and save"]
    assert result.scenario is not None


def test_a_typed_class_property_left_at_its_defaults_is_fine(bundled):
    result = load_scenario(with_side(bundled, '<property name="pcs" type="class" propertytype="SideSetup"/>'))
    assert warnings_about(result, "pcs") == []
    assert result.scenario.sides["pcs"].name == "PCs"


@needs_tiled
def test_a_map_saved_by_tiled_1_8_without_the_project_warns_and_keeps_its_enum_values(bundled):
    saved = tiled_export(bundled, "bunker_seven.tmx", "saved.tmx")
    root = ElementTree.parse(saved).getroot()
    written = {p.get("name"): dict(p.attrib) for p in root.find("properties")}
    assert written["pcs"] == {"name": "pcs", "type": "class"}  # what Tiled 1.8.2 writes: no type, no members
    assert "propertytype" not in written["ruleset"]             # enums become plain strings
    result = load_scenario(saved)
    for side in ("enemies", "pcs"):
        [warning] = warnings_about(result, side)
        assert "open the map through maps/hexbattle.tiled-project" in warning
    assert result.scenario.ruleset == "swn-heroic"
    assert result.scenario.modules == frozenset({"morale", "hero_points"})
    assert not [p for p in result.problems if p.severity == "error"]


# A flat-top map with an odd tile size and side (55 x 55, side 27), one thug per column of row 1,
# each 3 px inside the left corner of the hex Tiled before 1.10.1 drew (its cells are 54 px wide,
# 40 px apart; Tiled 1.10.1 draws them 55 px wide, 41 px apart, so the columns drift apart).
OLD_TILED_POINTS = [(3, 81), (43, 108), (83, 81), (123, 108), (163, 81), (203, 108), (243, 81), (283, 108),
                    (323, 81), (363, 108)]
DRAWN_BY_1_2_5 = [(col, 1) for col in range(10)]
DRAWN_BY_1_10_1 = [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (5, 0), (6, 2), (7, 0), (8, 2)]


def odd_tile_map(folder: Path, tiledversion: str | None) -> Path:
    """The 55 x 55 flat-top map, saved (so its attribute says) by the given Tiled."""
    version = "" if tiledversion is None else f' tiledversion="{tiledversion}"'
    objects = "".join(
        f' <object id="{i + 1}" name="Thug {i}" type="thug" x="{x}" y="{y}"><properties>'
        f'<property name="side" value="enemies"/></properties><point/></object>\n'
        for i, (x, y) in enumerate(OLD_TILED_POINTS))
    rows = ",\n".join(",".join(["1"] * 10) for _ in range(3))
    path = folder / "odd.tmx"
    path.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.2"{version} orientation="hexagonal" renderorder="right-down" width="10" height="3"
     tilewidth="55" tileheight="55" infinite="0" hexsidelength="27" staggeraxis="x" staggerindex="odd"
     nextlayerid="3" nextobjectid="11">
 <properties><property name="enemies" type="class" propertytype="SideSetup"/></properties>
 <tileset firstgid="1" source="terrain.tsx"/>
 <layer id="1" name="ground" width="10" height="3"><data encoding="csv">
{rows}
</data></layer>
 <objectgroup id="2" name="units">
{objects} </objectgroup>
</map>
""", encoding="utf-8")
    return path


def unit_cells(path: Path) -> list[tuple[int, int]]:
    """The Tiled cell (col, row) of each unit, in object id order."""
    scenario = load_scenario(path).scenario
    units = sorted(scenario.units, key=lambda u: u.object_id)
    return [scenario.layout.hex_to_offset(u.hex) for u in units]


def test_a_map_saved_by_tiled_1_2_5_puts_units_on_the_hexes_that_tiled_drew(folder):
    assert unit_cells(odd_tile_map(folder, "1.2.5")) == DRAWN_BY_1_2_5


def test_the_same_map_saved_by_tiled_1_10_1_puts_units_where_the_new_tiled_draws(folder):
    assert unit_cells(odd_tile_map(folder, "1.10.1")) == DRAWN_BY_1_10_1


def test_a_map_with_no_tiledversion_is_read_as_the_new_tiled_draws_it_with_a_warning(folder):
    path = odd_tile_map(folder, None)
    assert unit_cells(path) == DRAWN_BY_1_10_1
    [warning] = [p.message for p in load_scenario(path).problems if "tiledversion" in p.message]
    assert "Tiled before 1.10.1 draws its tile size 55 x 55 with hex side 27 differently" in warning


def test_an_old_map_with_an_odd_tile_size_is_a_warning_naming_the_version(folder):
    problems = load_scenario(odd_tile_map(folder, "1.8.2")).problems
    [warning] = [p.message for p in problems if "Tiled 1.8.2" in p.message]
    assert warning.startswith("was saved by Tiled 1.8.2, which draws a tile size 55 x 55 with hex side 27 "
                              "differently from Tiled 1.10.1 and newer")


@pytest.mark.parametrize(("tiledversion", "rounds"), [
    ("1.2.5", True), ("1.8.2", True), ("1.10.0", True), ("1.9", True), ("0.18.2", True),
    ("1.10.1", False), ("1.10.2", False), ("1.11.2", False), ("2.0", False), (None, False), ("", False),
    ("git", False)])
def test_which_tiled_versions_drew_hexes_from_an_even_tile_size(tiledversion, rounds):
    assert draws_even_tile_size(tiledversion) is rounds


def test_even_tile_sizes_and_sides_are_drawn_alike_by_every_tiled():
    for width, height, side, axis in [(56, 64, 32, "y"), (64, 56, 32, "x"), (14, 12, 6, "y")]:
        old = TiledHexLayout(width, height, side, axis, "odd", even_tile_size=True)
        new = TiledHexLayout(width, height, side, axis, "odd")
        assert [old.tile_top_left(c, r) for c in range(6) for r in range(6)] == \
               [new.tile_top_left(c, r) for c in range(6) for r in range(6)]
        assert (old.cell_width, old.cell_height) == (new.cell_width, new.cell_height)


def test_tiled_before_1_10_1_drew_a_55_px_flat_hex_54_px_wide_and_40_px_apart():
    old = TiledHexLayout(55, 55, 27, "x", "odd", even_tile_size=True)
    new = TiledHexLayout(55, 55, 27, "x", "odd")
    assert (old.side_offset_x, old.column_width, old.cell_width, old.cell_height) == (13, 40, 54, 54)
    assert (new.side_offset_x, new.column_width, new.cell_width, new.cell_height) == (14, 41, 55, 54)


WHERE_JS = """
tiled.assetOpened.connect(function (asset) {
    if (!asset || !asset.isTileMap) return;
    var lines = [];
    for (var i = 0; i < asset.layerCount; ++i) {
        var layer = asset.layerAt(i);
        if (!layer.isObjectLayer) continue;
        for (var j = 0; j < layer.objects.length; ++j) {
            var t = asset.screenToTile(layer.objects[j].x, layer.objects[j].y);
            lines.push(Math.floor(t.x) + " " + Math.floor(t.y));
        }
    }
    var out = new TextFile(asset.fileName + ".cells", TextFile.WriteOnly);
    out.write(lines.join("\\n"));
    out.commit();
});
"""


@needs_tiled
def test_tiled_1_8_2_itself_draws_the_odd_tile_map_as_hexbattle_reads_a_pre_1_10_1_map(folder):
    path = odd_tile_map(folder, "1.8.2")
    config = folder / "config"
    (config / "tiled" / "extensions").mkdir(parents=True)
    (config / "tiled" / "extensions" / "where.js").write_text(WHERE_JS, encoding="utf-8")
    runtime = folder / "xdg"
    runtime.mkdir(mode=0o700)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime),
           "XDG_CONFIG_HOME": str(config)}
    answer = Path(str(path) + ".cells")
    editor = subprocess.Popen([TILED or "tiled", "--new-instance", str(path)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not answer.exists() and editor.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        editor.terminate()
        editor.wait(timeout=30)
    cells = [tuple(map(int, line.split())) for line in answer.read_text().splitlines()]
    assert cells == DRAWN_BY_1_2_5 == unit_cells(path)

"""The bundled maps are real Tiled files: the real editor (Tiled 1.8.2, headless) opens them.

Two checks. The command-line export (`tiled --export-map`) must open and rewrite every map
with the same layers, tiles and objects. And the editor itself, started with
maps/hexbattle.tiled-project, must save every map and tileset back with every property,
custom class member and enum type intact: without the project's types, Tiled 1.8 drops class
members and enum types, so this also proves the project file loads.

Tiled 1.8 has no layer classes and keeps one tile-data encoding per map: those two
differences are expected. When `tiled` is missing the tests skip, unless CI is set (CI
installs it), where they fail.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from xml.etree import ElementTree

import pytest

ROOT = Path(__file__).resolve().parent.parent


from tools.map_checks import decode_layer, read_props  # noqa: E402

MAPS = ROOT / "maps"
BUNDLED = sorted(MAPS.glob("*.tmx"))
TILESETS = sorted((MAPS / "tilesets").glob("*.tsx"))
EDITOR_LIMIT_S = 180  # a hung editor fails the test instead of hanging the run

ROUNDTRIP_JS = """
var expected = %d;
var saved = 0;
tiled.assetOpened.connect(function (asset) {
    if (!asset || !asset.isTileMap) return;
    tiled.mapFormat("tmx").write(asset, asset.fileName + ".roundtrip");
    for (var i = 0; i < asset.tilesets.length; ++i) {
        var ts = asset.tilesets[i];
        if (ts.fileName) tiled.tilesetFormat("tsx").write(ts, ts.fileName + ".roundtrip");
    }
    saved += 1;
    if (saved === expected)  // the marker the test waits for
        tiled.mapFormat("tmx").write(asset, asset.fileName + ".all-saved");
});
"""


@pytest.fixture
def editor_env(tmp_path: Path) -> dict[str, str]:
    """Environment for a headless, isolated editor; skips or fails when there is none."""
    if shutil.which("tiled") is None:
        message = "the Tiled editor is not installed (apt-get install tiled)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    runtime = tmp_path / "xdg-runtime"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(runtime),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    return env


def _layer_tree(parent: ElementTree.Element) -> list:
    """Layers as (tag, name, children or gids or objects), in document order."""
    tree = []
    for child in parent:
        if child.tag == "group":
            tree.append(("group", child.get("name"), _layer_tree(child)))
        elif child.tag == "layer":
            tree.append(("layer", child.get("name"), decode_layer(child)))
        elif child.tag == "objectgroup":
            tree.append(("objectgroup", child.get("name"), child.get("color")))
    return tree


def _where(path: Path, reference: str, home: Path) -> str:
    """A file reference resolved, then written relative to the maps folder it belongs to."""
    return os.path.relpath((path.parent / reference).resolve(), home)


def _objects(path: Path, with_types: bool, home: Path) -> list:
    """Every object's identity, place, template file and properties."""
    found = []
    for obj in ElementTree.parse(path).getroot().iter("object"):
        template = obj.get("template")
        found.append((obj.get("id"), obj.get("name"), obj.get("type"), obj.get("gid"),
                      float(obj.get("x")), float(obj.get("y")),
                      _where(path, template, home) if template else None,
                      read_props(obj) if with_types else _plain_values(read_props(obj))))
    return found


def _geometry(root: ElementTree.Element) -> dict:
    """The map attributes that decide where every hex is."""
    keys = ("orientation", "width", "height", "tilewidth", "tileheight", "hexsidelength",
            "staggeraxis", "staggerindex", "infinite")
    return {k: root.get(k) for k in keys}


def _tilesets(path: Path, home: Path) -> list:
    """(firstgid, source file) for each tileset reference."""
    root = ElementTree.parse(path).getroot()
    return [(ts.get("firstgid"), _where(path, ts.get("source"), home))
            for ts in root.findall("tileset")]


def _plain_values(props: dict) -> dict:
    """Property values without custom-type details (lost when the project is not loaded)."""
    return {name: value for name, (kind, _, value) in props.items() if kind != "class"}


def _same_map(original: Path, saved: Path, with_types: bool, saved_home: Path = MAPS) -> None:
    """Assert that the editor kept everything that places terrain and units.

    `saved_home` is the maps folder the saved copy's references point into.
    """
    a, b = ElementTree.parse(original).getroot(), ElementTree.parse(saved).getroot()
    assert _geometry(b) == _geometry(a)
    assert _tilesets(saved, saved_home) == _tilesets(original, MAPS)
    assert _layer_tree(b) == _layer_tree(a)
    assert _objects(saved, with_types, saved_home) == _objects(original, with_types, MAPS)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_command_line_export_opens_and_rewrites_the_map_unchanged(path, editor_env, tmp_path):
    out = tmp_path / path.name
    result = subprocess.run(["tiled", "--export-map", "tmx", str(path), str(out)], env=editor_env,
                            capture_output=True, text=True, timeout=EDITOR_LIMIT_S)
    assert result.returncode == 0, result.stderr
    _same_map(path, out, with_types=False)
    original = read_props(ElementTree.parse(path).getroot())
    exported = read_props(ElementTree.parse(out).getroot())
    assert set(exported) == set(original)
    assert _plain_values(exported) == _plain_values(original)


def _editor_roundtrip(tmp_path: Path, env: dict[str, str]) -> Path:
    """Open the project and every map in the editor; each map and tileset is saved again."""
    work = tmp_path / "copy"
    shutil.copytree(MAPS, work / "maps")
    shutil.copytree(ROOT / "assets", work / "assets")
    # Tiled 1.8 loads a project named on the command line only through its session file.
    (work / "maps" / "hexbattle.tiled-session").write_text(
        json.dumps({"project": "hexbattle.tiled-project"}))
    extensions = Path(env["XDG_CONFIG_HOME"]) / "tiled" / "extensions"
    extensions.mkdir(parents=True)
    (extensions / "roundtrip.js").write_text(ROUNDTRIP_JS % len(BUNDLED))
    maps = [str(work / "maps" / p.name) for p in BUNDLED]
    editor = subprocess.Popen(["tiled", "--new-instance", str(work / "maps" / "hexbattle.tiled-project"),
                               *maps], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        markers = [Path(m + ".all-saved") for m in maps]
        deadline = time.monotonic() + EDITOR_LIMIT_S
        while not any(m.exists() for m in markers) and editor.poll() is None \
                and time.monotonic() < deadline:
            time.sleep(0.2)
        assert any(m.exists() for m in markers), "the editor did not open and save every map"
    finally:
        editor.terminate()
        editor.wait(timeout=30)
    return work / "maps"


def test_editor_with_the_project_saves_every_map_and_tileset_with_all_properties(editor_env, tmp_path):
    saved = _editor_roundtrip(tmp_path, editor_env)
    for path in BUNDLED:
        copy = saved / (path.name + ".roundtrip")
        _same_map(path, copy, with_types=True, saved_home=saved)
        before = read_props(ElementTree.parse(path).getroot())
        after = read_props(ElementTree.parse(copy).getroot())
        assert after == before, f"{path.name}: map properties changed in the editor"
        assert "SideSetup" in {custom for _, custom, _ in after.values()}
    for tsx in TILESETS:
        copy = saved / "tilesets" / (tsx.name + ".roundtrip")
        tiles = {t.get("id"): (t.get("type"), read_props(t))
                 for t in ElementTree.parse(tsx).getroot().findall("tile")}
        kept = {t.get("id"): (t.get("type"), read_props(t))
                for t in ElementTree.parse(copy).getroot().findall("tile")}
        assert kept == tiles, f"{tsx.name}: tile classes or properties changed in the editor"


def test_project_file_is_json_declaring_the_custom_types():
    project = json.loads((MAPS / "hexbattle.tiled-project").read_text())
    kinds = {t["name"]: t["type"] for t in project["propertyTypes"]}
    assert kinds == {"Ruleset": "enum", "Module": "enum", "Side": "enum", "Controller": "enum",
                     "InitiativeTies": "enum", "Concealment": "enum", "Material": "enum",
                     "Terrain": "class", "SideSetup": "class", "Unit": "class",
                     "Decoration": "class"}

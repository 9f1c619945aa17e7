"""Maps as a GM's Tiled saves them: without the project's types, by older versions, and the words
hexbattle uses to name the project's custom types."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.scenario import load_scenario
from game.scenario.normalise import normalise
from game.scenario.paths import policy_for_map
from game.scenario.problems import Problems

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

"""Maps as a GM's Tiled saves them: without the project's types, by older versions, and the words
hexbattle uses to name the project's custom types."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from game.scenario import load_scenario

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

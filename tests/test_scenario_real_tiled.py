"""Maps written by the real Tiled editor (1.8.2, headless) load like the ones they came from."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game.scenario import load_scenario

BAD = Path(__file__).resolve().parent / "bad_maps"
TILED = shutil.which("tiled")

pytestmark = pytest.mark.skipif(TILED is None, reason="the Tiled editor is not installed")


def export(folder: Path, source: str, target: str, *options: str) -> Path:
    """Run `tiled --export-map` headless in `folder`; the exported file."""
    runtime = folder / "xdg"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime)}
    done = subprocess.run([TILED, "--export-map", *options, source, target], cwd=folder, env=env,
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return folder / target


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(BAD / "terrain.tsx", tmp_path)
    shutil.copy(BAD / "terrain.png", tmp_path)
    # Tiled 1.8.2 cannot write an object-reference property to JSON (drop the leader), and it
    # drops a layer's class (layer classes came in Tiled 1.9), so the Decoration layer goes too
    text = (BAD / "baseline.tmx").read_text().replace('<property name="leader" type="object" value="2"/>', "")
    start = text.index(' <layer id="3" name="decor"')
    text = text[:start] + text[text.index(" </layer>", start) + len(" </layer>\n"):]
    (tmp_path / "m.tmx").write_text(text)
    return tmp_path


def summary(path: Path) -> tuple:
    """What must survive a round trip through the editor: terrain, tiles and units."""
    scenario = load_scenario(path).scenario
    tiles = [(v.name, dict(v.cells)) for v in scenario.tile_layers]
    units = [(u.object_id, u.name, u.unit_type, u.side, u.hex) for u in scenario.units]
    return dict(scenario.terrain), tiles, units


@pytest.mark.parametrize(("target", "options"), [
    ("out.tmj", ()),
    ("out.tmx", ("--embed-tilesets",)),
    ("out_embedded.tmj", ("--embed-tilesets",)),
])
def test_a_map_saved_again_by_tiled_reads_the_same(folder, target, options):
    exported = export(folder, "m.tmx", target, *options)
    assert summary(exported) == summary(folder / "m.tmx")

"""The loader and the catalog say which files they read, with each file's SHA-256 (for saves)."""

import hashlib
import shutil
from pathlib import Path

from game.rules.catalog import DATA_DIR, load_catalog
from game.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_map_lists_itself_first_then_its_tilesets_and_templates_with_their_digests():
    inputs = load_scenario(MAPS / "relay_station_ambush.tmx").scenario.inputs
    files = [path for path, _ in inputs]
    assert files[0] == MAPS / "relay_station_ambush.tmx"
    assert MAPS / "tilesets" / "unit-tokens.tsx" in files
    assert MAPS / "templates" / "thug.tx" in files
    assert len(files) == len(set(files)), "each file once"
    assert all(digest == _sha(path) for path, digest in inputs)


def test_tile_images_are_not_inputs():
    inputs = load_scenario(MAPS / "relay_station_ambush.tmx").scenario.inputs
    assert {path.suffix for path, _ in inputs} <= {".tmx", ".tsx", ".tx"}


def test_the_digest_is_taken_as_the_map_is_read(tmp_path):
    copy = tmp_path / "maps"
    shutil.copytree(MAPS, copy)
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    before = load_scenario(copy / "relay_station_ambush.tmx").scenario.inputs
    template = copy / "templates" / "thug.tx"
    template.write_text(template.read_text() + "\n")
    after = load_scenario(copy / "relay_station_ambush.tmx").scenario.inputs
    changed = [a for a, b in zip(before, after) if a != b]
    assert [path for path, _ in changed] == [template]


def test_the_catalog_lists_its_three_data_files_with_their_digests():
    sources = load_catalog().sources
    assert [path.name for path, _ in sources] == ["weapons.toml", "units.toml", "cover.toml"]
    assert all(path.parent == DATA_DIR and digest == _sha(path) for path, digest in sources)

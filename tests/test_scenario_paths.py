"""Which files a map may use: its Tiled project's folder, else the folder above its own, and --root."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.scenario import load_scenario
from game.scenario.paths import find_projects, policy_for_map

BAD = Path(__file__).resolve().parent / "bad_maps"
MAP = (BAD / "baseline.tmx").read_text()


def project_tree(tmp_path: Path, folders: list[str] | None) -> Path:
    """The bevy_ecs_tiled layout: assets/maps/hexagonal/m.tmx uses ../../tiles/terrain.tsx."""
    assets = tmp_path / "assets"
    (assets / "maps" / "hexagonal").mkdir(parents=True)
    (assets / "tiles").mkdir()
    shutil.copy(BAD / "terrain.tsx", assets / "tiles")
    shutil.copy(BAD / "terrain.png", assets / "tiles")
    path = assets / "maps" / "hexagonal" / "m.tmx"
    path.write_text(MAP.replace('source="terrain.tsx"', 'source="../../tiles/terrain.tsx"'))
    if folders is not None:
        (assets / "projects").mkdir()
        (assets / "projects" / "game.tiled-project").write_text(json.dumps({"folders": folders}))
    return path


def refusal(reference: str) -> str:
    return (f"refers to '{reference}', which is outside the folders this map may use (the folder of its "
            "Tiled project, or without one the folder above the map's folder, and --root); keep tilesets "
            "and templates there, or widen the area with --root")


def test_a_project_in_a_sibling_folder_whose_folders_hold_the_map_opens_its_tiles(tmp_path):
    path = project_tree(tmp_path, [".", "../tiles", "../maps"])
    result = load_scenario(path)
    assert result.ok, [p.text() for p in result.problems]
    assert find_projects(path.resolve()) == [tmp_path / "assets" / "projects" / "game.tiled-project"]


def test_without_a_project_the_tiles_folder_is_refused(tmp_path):
    result = load_scenario(project_tree(tmp_path, None))
    assert [p.message for p in result.errors] == [refusal("../../tiles/terrain.tsx")]


def test_a_project_that_does_not_list_the_maps_folder_does_not_count(tmp_path):
    result = load_scenario(project_tree(tmp_path, ["../tiles", "../worlds"]))
    assert [p.message for p in result.errors] == [refusal("../../tiles/terrain.tsx")]


def test_root_widens_the_allowed_area(tmp_path):
    path = project_tree(tmp_path, None)
    assert load_scenario(path, root=tmp_path / "assets").ok


def test_a_project_more_than_four_levels_up_is_not_searched(tmp_path):
    deep = tmp_path / "a" / "b" / "c" / "d" / "e"
    deep.mkdir(parents=True)
    (tmp_path / "x.tiled-project").write_text(json.dumps({"folders": ["."]}))
    assert find_projects((deep / "m.tmx").resolve()) == []
    (tmp_path / "a" / "x.tiled-project").write_text(json.dumps({"folders": ["."]}))
    assert find_projects((deep / "m.tmx").resolve()) == [tmp_path / "a" / "x.tiled-project"]


def test_an_unreadable_project_file_is_skipped(tmp_path):
    (tmp_path / "broken.tiled-project").write_text("{not json")
    (tmp_path / "odd.tiled-project").write_text(json.dumps({"folders": "."}))
    assert policy_for_map(tmp_path / "m.tmx").allowed == (tmp_path.resolve(),)


def test_a_symlink_out_of_the_folder_is_refused(tmp_path):
    outside, inside = tmp_path / "outside", tmp_path / "area" / "map"
    outside.mkdir()
    inside.mkdir(parents=True)
    shutil.copy(BAD / "terrain.tsx", outside)
    (inside / "terrain.tsx").symlink_to(outside / "terrain.tsx")
    (inside / "m.tmx").write_text(MAP)
    assert [p.message for p in load_scenario(inside / "m.tmx").errors] == [refusal("terrain.tsx")]


@pytest.mark.parametrize(("attribute", "where", "prefix"), [
    ('template="../../elsewhere/t.tx"', "object (unnamed) (id 5) in layer 'units'", "template "),
])
def test_templates_outside_are_refused(tmp_path, attribute, where, prefix):
    shutil.copy(BAD / "terrain.tsx", tmp_path)
    text = MAP.replace(" </objectgroup>", f'  <object id="5" {attribute} x="1" y="1"/>\n </objectgroup>')
    (tmp_path / "m.tmx").write_text(text)
    result = load_scenario(tmp_path / "m.tmx")
    assert [(p.where, p.message) for p in result.errors] == [(where, prefix + refusal("../../elsewhere/t.tx"))]


def test_a_tile_image_outside_is_refused(tmp_path):
    (tmp_path / "terrain.tsx").write_text((BAD / "terrain.tsx").read_text().replace(
        'source="terrain.png"', 'source="../../secret.png"'))
    (tmp_path / "m.tmx").write_text(MAP)
    result = load_scenario(tmp_path / "m.tmx")
    assert [(p.where, p.message) for p in result.errors] == [
        ("tileset 'terrain'", "image " + refusal("../../secret.png"))]
    assert result.scenario.tile_layers[0].cells  # the tiles are still there, drawn plain


def sibling_tilesets(top: Path, map_folder: str = "maps") -> Path:
    """`top/<map_folder>/m.tmx` using `top/tilesets/terrain.tsx` through `../tilesets/...`."""
    (top / "tilesets").mkdir(parents=True)
    shutil.copy(BAD / "terrain.tsx", top / "tilesets")
    shutil.copy(BAD / "terrain.png", top / "tilesets")
    depth = "../" * len(Path(map_folder).parts)
    path = top / map_folder / "m.tmx"
    path.parent.mkdir(parents=True)
    path.write_text(MAP.replace('source="terrain.tsx"', f'source="{depth}tilesets/terrain.tsx"'))
    return path


def test_a_map_beside_a_sibling_tilesets_folder_loads_with_no_project_and_no_flag(tmp_path):
    path = sibling_tilesets(tmp_path / "some")
    result = load_scenario(path)
    assert result.ok, [p.text() for p in result.problems]
    assert policy_for_map(path).allowed == ((tmp_path / "some").resolve(),)


def test_without_a_project_two_folders_up_is_outside(tmp_path):
    path = sibling_tilesets(tmp_path / "some", "maps/deeper")
    assert [p.message for p in load_scenario(path).errors] == [refusal("../../tilesets/terrain.tsx")]


def test_a_project_folder_is_the_area_for_maps_in_its_sub_folders(tmp_path):
    path = sibling_tilesets(tmp_path / "maps", "scenarios")
    (tmp_path / "maps" / "game.tiled-project").write_text(json.dumps({"folders": ["."]}))
    result = load_scenario(path)
    assert result.ok, [p.text() for p in result.problems]
    assert find_projects(path.resolve()) == [(tmp_path / "maps" / "game.tiled-project").resolve()]


def test_the_nearest_project_confines_reads_even_where_the_folder_above_would_allow_them(tmp_path):
    path = sibling_tilesets(tmp_path / "top", "maps")
    (tmp_path / "top" / "maps" / "game.tiled-project").write_text(json.dumps({"folders": ["."]}))
    assert [p.message for p in load_scenario(path).errors] == [refusal("../tilesets/terrain.tsx")]


def test_a_projects_folder_list_widens_only_inside_the_folder_above_it(tmp_path):
    path = sibling_tilesets(tmp_path / "top", "maps")
    project = tmp_path / "top" / "maps" / "game.tiled-project"
    project.write_text(json.dumps({"folders": [".", "../tilesets"]}))
    assert load_scenario(path).ok
    project.write_text(json.dumps({"folders": [".", "/", "../../..", str(tmp_path)]}))
    assert policy_for_map(path).allowed == ((tmp_path / "top" / "maps").resolve(),)
    assert [p.message for p in load_scenario(path).errors] == [refusal("../tilesets/terrain.tsx")]


def test_the_area_is_never_a_filesystem_root():
    assert policy_for_map(Path("/no-such-hexbattle-folder/m.tmx")).allowed == (
        Path("/no-such-hexbattle-folder"),)

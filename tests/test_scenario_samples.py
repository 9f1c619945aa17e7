"""Every hexagonal sample map in shared/tiled/samples loads, with the right tile on the right hex.

Expected cells are literal values read off the raw layer data (the GID in the file, minus the
tileset's firstgid, with its flag bits), and literal axial hexes for Tiled's offset cells.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.hexgrid import Hex
from game.scenario import Terrain, TileRef, load_scenario

SAMPLES = Path("/work/shared/tiled/samples")
EXAMPLES = SAMPLES / "mapeditor-tiled/examples"
BEVY = SAMPLES / "bevy_ecs_tiled/assets/maps/hexagonal"
SYNTHETIC = SAMPLES / "synthetic"
HEX_MAPS = sorted(p for p in SAMPLES.rglob("*.tm[xj]") if "isometric" not in p.name)

pytestmark = pytest.mark.skipif(not SAMPLES.is_dir(), reason="shared Tiled samples not present")


def cell(path: Path, layer: str, hex_: Hex) -> TileRef:
    """The tile drawn on one hex of one layer of a sample."""
    scenario = load_scenario(path).scenario
    return next(view for view in scenario.tile_layers if view.name == layer).cells[hex_]


def plain(tileset: str, local_id: int, **flags: bool) -> tuple:
    """What a TileRef should say, without its image."""
    return (tileset, local_id, flags.get("flip_h", False), flags.get("flip_v", False),
            flags.get("rotate_60", False), flags.get("rotate_120", False))


def said(ref: TileRef) -> tuple:
    """A TileRef without its image, to compare with `plain`."""
    return ref.tileset, ref.local_id, ref.flip_h, ref.flip_v, ref.rotate_60, ref.rotate_120


def test_the_samples_hold_22_hexagonal_tmx_maps_and_one_tmj():
    assert sorted(p.suffix for p in HEX_MAPS) == [".tmj"] + [".tmx"] * 22


@pytest.mark.parametrize("path", HEX_MAPS, ids=lambda p: p.name)
def test_every_hexagonal_sample_loads_without_a_crash_or_a_pytmx_failure(path):
    result = load_scenario(path)
    assert result.scenario is not None, [p.text() for p in result.problems]
    assert result.scenario.terrain
    assert not [p for p in result.problems if "pytmx" in p.message or "outside" in p.message]


def test_the_isometric_staggered_sample_is_refused_naming_its_orientation():
    path = EXAMPLES / "isometric_staggered_grass_and_water.tmx"
    result = load_scenario(path)
    assert result.scenario is None
    assert [p.text() for p in result.problems] == [
        f"{path}: map orientation is staggered (isometric staggered, not hexagonal); hexbattle needs "
        "a hexagonal map (in Tiled: Map > Map Properties > Orientation: Hexagonal)"]


# Tiled's test_hexagonal_tile_60x60x30: flat-top, odd columns shifted. Row 0 holds 1, 536870913,
# 268435457, 3221225473, 3758096385, 3489660929; row 3 holds 2147483649, 2684354561, 2415919105,
# 1073741825, 1610612737, 1342177281 (NOTES section 4).
@pytest.mark.parametrize(("hex_", "flags"), [
    (Hex(0, 0), {}),
    (Hex(1, 0), {"rotate_60": True}),
    (Hex(2, -1), {"rotate_120": True}),
    (Hex(3, -1), {"flip_h": True, "flip_v": True}),
    (Hex(4, -2), {"flip_h": True, "flip_v": True, "rotate_60": True}),
    (Hex(5, -2), {"flip_h": True, "flip_v": True, "rotate_120": True}),
    (Hex(0, 3), {"flip_h": True}),
    (Hex(1, 3), {"flip_h": True, "rotate_60": True}),
    (Hex(3, 2), {"flip_v": True}),
    (Hex(5, 1), {"flip_v": True, "rotate_120": True}),
])
def test_flipped_and_hex_rotated_tiles_keep_their_tile(hex_, flags):
    ref = cell(EXAMPLES / "test_hexagonal_tile_60x60x30.tmx", "Tile Layer 1", hex_)
    assert said(ref) == plain("test_hexagonal_tile_60x60x30", 0, **flags)
    assert ref.image == EXAMPLES / "test_hexagonal_tile_60x60x30.png"
    assert ref.image_rect == (0, 0, 60, 60)


def test_rotated_and_flipped_cells_are_on_the_battlefield_as_open_ground():
    scenario = load_scenario(EXAMPLES / "test_hexagonal_tile_60x60x30.tmx").scenario
    assert len(scenario.terrain) == 14
    assert scenario.terrain[Hex(2, -1)] == Terrain()  # the 120 degree cell pytmx loses
    assert Hex(0, 1) not in scenario.terrain  # an empty cell is off the battlefield


def test_hexagonal_mini_zlib_cells_and_atlas_rectangles():
    path = EXAMPLES / "hexagonal-mini.tmx"
    # raw row 0: 15, 15, 15, 5, 16, 17, ...; row 2: 15, 9, 5, 2, ...
    assert said(cell(path, "Ground", Hex(4, 0))) == plain("hex mini", 15)
    assert said(cell(path, "Ground", Hex(2, 2))) == plain("hex mini", 1)
    assert cell(path, "Ground", Hex(5, 0)).image_rect == (18, 54, 18, 18)  # tile 16: column 1, row 3
    assert len(load_scenario(path).scenario.terrain) == 400


def test_bevy_infinite_map_keeps_its_negative_chunk_cells():
    path = BEVY / "infinite_pointy_top_odd.tmx"
    # chunk x=-16 y=-16, its row 11 ends "...,0,8,8": cell (-2, -5) holds gid 8
    ref = cell(path, "Tile Layer 1", Hex(1, -5))
    assert said(ref) == plain("drjamgo_hex_16x16", 7)
    assert ref.image_rect == (48, 16, 16, 16)
    assert Hex(1, -5) in load_scenario(path).scenario.terrain


def test_bevy_maps_may_use_the_tiles_folder_of_their_tiled_project():
    result = load_scenario(BEVY / "finite_pointy_top_odd.tmx")
    assert result.ok
    # row 2 of TerrainLayer: 0,0,0,0,0,0,8,...
    assert said(cell(BEVY / "finite_pointy_top_odd.tmx", "TerrainLayer", Hex(5, 2))) == plain("drjamgo_hex_16x16", 7)


def test_bevy_flat_top_even_cell():
    # row 5 of Tile Layer 1: 0,0,0,0,0,0,0,0,7,...: cell (8, 5), even columns shifted down
    ref = cell(BEVY / "finite_flat_top_even.tmx", "Tile Layer 1", Hex(8, 1))
    assert said(ref) == plain("simple hex flat top", 6)
    assert ref.image is not None and ref.image.name == "plain.png" and ref.image_rect is None


def test_zstd_layer_gives_the_tileset_terrain():
    scenario = load_scenario(SYNTHETIC / "D_zstd.tmx").scenario
    # zstd data 0,1,0,2 / 2,0,1,0 / 0,0,0,2; terrain.tsx tile 1 has move_cost 3
    assert scenario.terrain[Hex(3, 0)].move_cost == 3
    assert scenario.terrain[Hex(0, 1)].move_cost == 3
    assert scenario.terrain[Hex(2, 1)].move_cost == 1
    assert Hex(1, 1) not in scenario.terrain
    assert len(scenario.terrain) == 5


def test_every_encoding_and_group_of_the_features_map_reads_alike():
    scenario = load_scenario(SYNTHETIC / "A_hex_features.tmx").scenario
    names = [view.name for view in scenario.tile_layers]
    assert names == ["ground", "over_b64", "over_gzip", "over_zlib", "in_group"]  # document order
    over = [dict(view.cells) for view in scenario.tile_layers[1:]]
    assert over[0] == over[1] == over[2] == over[3]
    assert [v.offset for v in scenario.tile_layers] == [(0, 0), (0, 0), (0, 0), (8.0, -4.0), (0, 0)]


def test_features_map_hex_flags_and_layer_combination():
    scenario = load_scenario(SYNTHETIC / "A_hex_features.tmx").scenario
    ground = scenario.tile_layers[0].cells
    assert said(ground[Hex(0, 1)]) == plain("terrain", 1, rotate_120=True)  # 0x10000002
    assert said(ground[Hex(1, 1)]) == plain("terrain", 0, rotate_60=True)  # 0x20000001
    assert said(ground[Hex(2, 1)]) == plain("terrain", 1, flip_h=True)  # 0x80000002
    assert scenario.terrain[Hex(0, 1)].move_cost == 3  # rotated 120 degrees, terrain kept
    assert scenario.terrain[Hex(1, 1)].move_cost == 1
    # (2, 1): ground move_cost 3, the layers above put tile 0 (move_cost 1) on it: upper wins
    assert scenario.terrain[Hex(2, 1)].move_cost == 1


def test_infinite_synthetic_map_spans_negative_columns():
    scenario = load_scenario(SYNTHETIC / "J_infinite.tmx").scenario
    assert len(scenario.terrain) == 512
    assert Hex(-16, 0) in scenario.terrain  # cell (-16, 0)
    assert Hex(-8, 15) in scenario.terrain  # cell (-1, 15)
    assert Hex(-17, 0) not in scenario.terrain


def test_float_layer_offset_is_kept():
    scenario = load_scenario(SYNTHETIC / "F_float_offset.tmx").scenario
    assert scenario.tile_layers[0].offset == (10.5, -3.25)


@pytest.mark.parametrize("name", ["C_template.tmx", "K_hex.tmj"])
def test_templates_give_their_instances_name_and_class(name):
    problems = [p.text() for p in load_scenario(SYNTHETIC / name).problems]
    # the template (.tx / .tj) says name "infantry", class Unit; the sample gives no unit_type
    assert (f"{SYNTHETIC / name}: object 'infantry' (id 2) in layer 'units': has class Unit but no "
            "'unit_type' text property; set it to a unit type id from units.toml") in problems


def test_tiled_1_9_class_attribute_marks_a_unit():
    problems = [p.message for p in load_scenario(SYNTHETIC / "G_class_attr_1_9.tmx").problems]
    assert "has class Unit but no 'unit_type' text property; set it to a unit type id from units.toml" in problems


def test_json_map_with_json_tileset_reads_like_the_tmx():
    tmj = load_scenario(SYNTHETIC / "K_hex.tmj").scenario
    tmx = load_scenario(SYNTHETIC / "A_hex_features.tmx").scenario
    assert tmj.tile_layers[0].cells == tmx.tile_layers[0].cells
    assert load_scenario(SYNTHETIC / "L_tmx_with_tsj.tmx").scenario.terrain[Hex(3, 0)].move_cost == 3


@pytest.mark.parametrize(("name", "ignored"), [
    ("B_class_prop.tmx", "property 'weather' is not a map property hexbattle reads; ignored"),
    ("E_list_prop.tmx", "property 'waypoints' is not a map property hexbattle reads; ignored"),
    ("I_reserved_prop.tmx", "property 'type' is not a unit property hexbattle reads; ignored"),
])
def test_class_list_and_reserved_name_properties_are_read_and_ignored(name, ignored):
    result = load_scenario(SYNTHETIC / name)
    assert result.scenario is not None
    assert ignored in [p.message for p in result.problems]


def test_collision_shapes_in_an_embedded_tileset_do_not_become_layers():
    scenario = load_scenario(SYNTHETIC / "H_embedded_collision.tmx").scenario
    assert [v.name for v in scenario.tile_layers] == ["ground"]
    assert scenario.units == ()

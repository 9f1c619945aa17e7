"""Reading hex maps built in the test: encodings, infinite maps, groups, terrain, units, sides.

Maps are written into tmp_path beside a copy of tests/bad_maps/terrain.tsx, whose tiles are
0 grass, 1 forest (move 2, mostly concealed, thick wood), 2 wall (impassable, tall, blocks
sight, thin stone), 3 rubble (move 2); gid = tile id + 1. The map is 6 x 5 pointy-top cells of
56 x 64 pixels, side 32, odd rows shifted.
"""

from __future__ import annotations

import base64
import gzip
import shutil
import struct
import zlib
from pathlib import Path

import pytest
import zstandard
from hypothesis import given, settings
from hypothesis import strategies as st

from game.hexgrid import Hex, TiledHexLayout
from game.scenario import Terrain, load_scenario

BAD = Path(__file__).resolve().parent / "bad_maps"
LAYOUT = TiledHexLayout(56, 64, 32, "y", "odd")
W, H = 6, 5
GRASS = [1] * (W * H)
FOREST = Terrain("forest", move_cost=2, concealment="mostly", material="thick_wood")
WALL = Terrain("wall", impassable=True, tall=True, blocks_sight=True, material="thin_stone")
SIDES = """  <property name="enemies" type="class" propertytype="Side"/>
  <property name="pcs" type="class" propertytype="Side"/>
"""


# -- building maps ------------------------------------------------------------------------------

def csv_data(gids: list[int], width: int = W) -> str:
    rows = [",".join(map(str, gids[i:i + width])) for i in range(0, len(gids), width)]
    return '<data encoding="csv">\n' + ",\n".join(rows) + "\n</data>"


def packed(gids: list[int]) -> bytes:
    return struct.pack(f"<{len(gids)}I", *gids)


def encoded(gids: list[int], how: str) -> str:
    """A <data> element in one of Tiled's layer encodings."""
    if how == "csv":
        return csv_data(gids)
    if how == "xml":
        return "<data>" + "".join(f'<tile gid="{g}"/>' if g else "<tile/>" for g in gids) + "</data>"
    raw = packed(gids)
    compress = {"base64": lambda b: b, "gzip": gzip.compress, "zlib": zlib.compress,
                "zstd": zstandard.ZstdCompressor().compress}[how]
    attribute = "" if how == "base64" else f' compression="{how}"'
    return f'<data encoding="base64"{attribute}>{base64.b64encode(compress(raw)).decode()}</data>'


def layer(name: str, gids: list[int] | None = None, data: str | None = None, attrs: str = "") -> str:
    return (f' <layer id="9" name="{name}" width="{W}" height="{H}"{attrs}>\n'
            f'  {data or csv_data(gids if gids is not None else GRASS)}\n </layer>\n')


def obj(obj_id: int, cls: str = "", name: str = "", x: float = 0, y: float = 0, shape: str = "<point/>",
        extra: str = "", **props: object) -> str:
    lines = "".join(_prop(k, v) for k, v in props.items())
    block = f"<properties>{lines}</properties>" if props else ""
    name_attr = f' name="{name}"' if name else ""
    return f'  <object id="{obj_id}"{name_attr} type="{cls}" x="{x}" y="{y}"{extra}>{block}{shape}</object>\n'


def _prop(name: str, value: object) -> str:
    if isinstance(value, bool):
        return f'<property name="{name}" type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'<property name="{name}" type="int" value="{value}"/>'
    return f'<property name="{name}" value="{value}"/>'


def unit_at(obj_id: int, col: int, row: int, unit_type: str = "thug", side: str = "enemies", **props) -> str:
    x, y = LAYOUT.hex_center(LAYOUT.offset_to_hex(col, row))
    return obj(obj_id, unit_type, f"U{obj_id}", x, y, side=side, **props)


def objects(*items: str, attrs: str = "", name: str = "units") -> str:
    return f' <objectgroup id="8" name="{name}"{attrs}>\n{"".join(items)} </objectgroup>\n'


def hexmap(*layers: str, props: str = SIDES, tilesets: str = ' <tileset firstgid="1" source="terrain.tsx"/>\n',
           head: str = "") -> str:
    body = "".join(layers) or layer("ground")
    block = f" <properties>\n{props} </properties>\n" if props else ""
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="hexagonal" '
            f'renderorder="right-down" width="{W}" height="{H}" tilewidth="56" tileheight="64" '
            f'infinite="0" hexsidelength="32" staggeraxis="y" staggerindex="odd"{head}>\n'
            f"{block}{tilesets}{body}</map>\n")


def load(folder: Path, text: str, name: str = "test.tmx", **kwargs):
    (folder / name).write_text(text)
    return load_scenario(folder / name, **kwargs)


def errors(result) -> list[str]:
    return [p.message for p in result.errors]


def warnings(result) -> list[str]:
    return [p.message for p in result.warnings]


# -- layer data ---------------------------------------------------------------------------------

MIXED = [1, 2, 0, 3, 4, 0x80000002, 0x40000001, 0x20000003, 0x10000004, 0xF0000001] + [1] * 20


@pytest.mark.parametrize("how", ["csv", "xml", "base64", "gzip", "zlib", "zstd"])
def test_every_layer_encoding_gives_the_same_cells(folder, how):
    reference = load(folder, hexmap(layer("ground", data=encoded(MIXED, "csv"))), "ref.tmx").scenario
    result = load(folder, hexmap(layer("ground", data=encoded(MIXED, how))))
    assert result.scenario.tile_layers[0].cells == reference.tile_layers[0].cells
    assert result.scenario.terrain == reference.terrain
    assert len(result.scenario.terrain) == 29


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([0, 1, 2, 3, 4]), min_size=W * H, max_size=W * H),
       st.lists(st.sampled_from([0, 0x80000000, 0x40000000, 0x20000000, 0x10000000, 0xF0000000]),
                min_size=W * H, max_size=W * H),
       st.sampled_from(["csv", "gzip", "zstd"]))
def test_any_cells_round_trip_with_their_flags(tmp_path_factory, gids, flags, how):
    folder = tmp_path_factory.mktemp("round")
    shutil.copy(BAD / "terrain.tsx", folder)
    raw = [g | f if g else 0 for g, f in zip(gids, flags)]
    cells = load(folder, hexmap(layer("ground", data=encoded(raw, how)))).scenario.tile_layers[0].cells
    for i, gid in enumerate(raw):
        ref = cells.get(LAYOUT.offset_to_hex(i % W, i // W))
        if gid == 0:
            assert ref is None
        else:
            assert (ref.local_id, ref.flip_h, ref.flip_v, ref.rotate_60, ref.rotate_120) == (
                (gid & 0x0FFFFFFF) - 1, bool(gid >> 31 & 1), bool(gid >> 30 & 1), bool(gid >> 29 & 1),
                bool(gid >> 28 & 1))


def test_infinite_map_chunks_in_zlib_with_negative_coordinates(folder):
    chunk = lambda x, y, gids: (f'<chunk x="{x}" y="{y}" width="2" height="2">'  # noqa: E731
                                f'{base64.b64encode(zlib.compress(packed(gids))).decode()}</chunk>')
    data = f'<data encoding="base64" compression="zlib">{chunk(-2, -3, [0, 2, 1, 1])}{chunk(4, 1, [3, 0, 0, 0])}</data>'
    text = hexmap(layer("ground", data=data)).replace('infinite="0"', 'infinite="1"')
    scenario = load(folder, text).scenario
    cells = {LAYOUT.hex_to_offset(h): t for h, t in scenario.terrain.items()}
    assert cells == {(-1, -3): FOREST, (-2, -2): Terrain("grass"), (-1, -2): Terrain("grass"), (4, 1): WALL}
    assert scenario.terrain[Hex(1, -3)] == FOREST  # cell (-1, -3), odd row: q = -1 - (-3 - 1) / 2


def test_a_layer_of_the_wrong_size_is_reported(folder):
    result = load(folder, hexmap(layer("ground", data=csv_data([1] * 29))))
    assert errors(result) == ["data holds 29 cells, but 6 x 5 = 30 were expected", "has no tiles on any "
                              "terrain layer; paint the battlefield with tiles"]


def test_corrupt_base64_and_unknown_compression_are_reported(folder):
    result = load(folder, hexmap(layer("ground", data='<data encoding="base64">@@@</data>'),
                                 layer("top", data='<data encoding="base64" compression="lzma">AAAA</data>')))
    assert errors(result)[:2] == ["data is not valid base64 text",
                                  "data uses unknown compression 'lzma' (Tiled writes gzip, zlib or zstd)"]


# -- layers, groups, offsets --------------------------------------------------------------------

def test_group_offsets_accumulate_and_move_units(folder):
    x, y = LAYOUT.hex_center(LAYOUT.offset_to_hex(1, 1))
    group = (' <group id="5" name="outer" offsetx="28" offsety="48.5" opacity="0.5">\n'
             ' <group id="6" name="inner" offsetx="28.0" offsety="47.5" visible="0">\n'
             + objects(obj(1, "thug", "T", x, y, side="enemies"), attrs=' offsetx="0.25" opacity="0.5"')
             + layer("painted", [0] * 29 + [2]) + " </group>\n </group>\n")
    scenario = load(folder, hexmap(layer("ground"), group)).scenario
    view = scenario.tile_layers[1]
    assert (view.name, view.offset, view.visible, view.opacity) == ("painted", (56.0, 96.0), False, 0.5)
    # the centre of cell (1, 1), (112, 80), moved by (56.25, 96), is in cell (2, 3)
    assert scenario.units[0].hex == LAYOUT.offset_to_hex(2, 3)


def test_layer_order_is_the_document_order(folder):
    text = hexmap(objects(), layer("a"), ' <group name="g">\n' + layer("b") + " </group>\n", layer("c"))
    assert [v.name for v in load(folder, text).scenario.tile_layers] == ["a", "b", "c"]


def test_upper_layers_replace_only_the_members_they_set(folder):
    text = hexmap(layer("ground", [2] + [1] * 29), layer("rubble", [4] + [0] * 29),
                  layer("grass", [1] + [0] * 29))
    terrain = load(folder, text).scenario.terrain[Hex(0, 0)]
    # forest (move 2, mostly, thick wood), then rubble (move 2), then grass (sets nothing, named)
    assert terrain == Terrain("grass", move_cost=2, concealment="mostly", material="thick_wood")


def test_decoration_layers_and_groups_add_no_terrain(folder):
    decoration = (layer("trees", [2] * 30, attrs=' class="Decoration"')
                  + ' <group name="deco" class="Decoration">' + layer("walls", [3] * 30) + "</group>\n")
    scenario = load(folder, hexmap(layer("ground", [0] * 29 + [1]), decoration)).scenario
    assert scenario.terrain == {Hex(3, 4): Terrain("grass")}  # cells only decoration tiles stay off
    assert len(scenario.tile_layers[1].cells) == 30  # but the renderer gets them


@pytest.mark.parametrize("marking, forest_counts", [
    ('><properties><property name="decoration" type="bool" value="true"/></properties>', False),
    ('><properties><property name="decoration" type="bool" value="false"/></properties>', True),
    (">", True),
])
def test_a_decoration_property_marks_a_layer_as_drawing_only(folder, marking, forest_counts):
    """Tiled 1.8 drops a layer's class when it saves, so a bool property does the same job."""
    trees = layer("trees", [2] * 30).replace(f'height="{H}">', f'height="{H}"{marking}', 1)
    terrain = load(folder, hexmap(layer("ground"), trees)).scenario.terrain[Hex(0, 0)]
    assert (terrain.name == "forest") is forest_counts


def test_a_decoration_property_that_is_not_a_bool_is_an_error(folder):
    trees = layer("trees", [2] * 30).replace(
        f'height="{H}">', f'height="{H}"><properties><property name="decoration" value="yes"/></properties>', 1)
    assert errors(load(folder, hexmap(layer("ground"), trees))) == ["'decoration' must be a bool property"]


def test_an_empty_map_is_an_error(folder):
    assert errors(load(folder, hexmap(layer("ground", [0] * 30)))) == [
        "has no tiles on any terrain layer; paint the battlefield with tiles"]


# -- terrain ------------------------------------------------------------------------------------

def tileset(*tiles: str, name: str = "inline") -> str:
    return (f' <tileset firstgid="1" name="{name}" tilewidth="56" tileheight="64" tilecount="4" columns="0">\n'
            + "".join(tiles) + " </tileset>\n")


def tile(tile_id: int, cls: str = "", attr: str = "type", **props: object) -> str:
    lines = "".join(_prop(k, v) for k, v in props.items())
    return f'  <tile id="{tile_id}" {attr}="{cls}"><properties>{lines}</properties></tile>\n'


def test_a_tile_without_properties_is_open_ground(folder):
    scenario = load(folder, hexmap(tilesets=tileset('  <tile id="0"/>\n'))).scenario
    assert set(scenario.terrain.values()) == {Terrain()}
    assert len(scenario.terrain) == 30


def test_terrain_members_from_tile_properties_and_1_9_class(folder):
    tiles = tileset(tile(0, "bog", attr="class", move_cost=3, concealment="partly"),
                    tile(1, "Terrain", impassable=True))
    text = hexmap(layer("ground", [1] * 29 + [2]), tilesets=tiles)
    terrain = load(folder, text).scenario.terrain
    assert terrain[Hex(0, 0)] == Terrain("bog", move_cost=3, concealment="partly")
    assert terrain[Hex(3, 4)] == Terrain("inline tile 1", impassable=True)  # class Terrain names nothing


def test_a_class_property_of_type_terrain_stands_for_its_members(folder):
    member = ('<property name="terrain" type="class" propertytype="Terrain"><properties>'
              '<property name="move_cost" type="int" value="4"/></properties></property>')
    text = hexmap(tilesets=tileset(f'  <tile id="0" type="mud"><properties>{member}</properties></tile>\n'))
    assert load(folder, text).scenario.terrain[Hex(0, 0)] == Terrain("mud", move_cost=4)


def test_map_terrain_override_changes_every_tile_of_that_class(folder):
    override = ('  <property name="terrain:forest" type="class" propertytype="Terrain"><properties>'
                '<property name="move_cost" type="int" value="3"/>'
                '<property name="impassable" type="bool" value="true"/></properties></property>\n')
    scenario = load(folder, hexmap(layer("ground", [2] * 30), props=SIDES + override)).scenario
    assert scenario.terrain[Hex(0, 0)] == Terrain("forest", move_cost=3, impassable=True, concealment="mostly",
                                                  material="thick_wood")


def test_an_override_for_a_class_no_tile_has_is_a_warning(folder):
    override = ('  <property name="terrain:forrest" type="class" propertytype="Terrain"><properties>'
                '<property name="tall" type="bool" value="true"/></properties></property>\n')
    assert ("no tile has class 'forrest' (did you mean 'forest'?); it changes nothing"
            in warnings(load(folder, hexmap(props=SIDES + override))))


@pytest.mark.parametrize(("props", "message"), [
    ({"move_cost": 0}, "property 'move_cost' must be at least 1, not 0"),
    ({"concealment": "hidden"}, "property 'concealment' must be one of none, partly, mostly, totally, not 'hidden'"),
    ({"tall": "yes"}, "property 'tall' must be true or false, not 'yes' (make it a bool property in Tiled; "
                      "it is a string property)"),
    ({"movecost": 2}, "unknown property 'movecost' (did you mean 'move_cost'?)"),
])
def test_bad_terrain_properties_are_errors_naming_the_tile(folder, props, message):
    result = load(folder, hexmap(tilesets=tileset(tile(0, "x", **props))))
    assert [(p.where, p.message) for p in result.errors] == [("tileset 'inline' tile 0", message)]


def test_several_tilesets_and_a_missing_image(folder):
    second = (' <tileset firstgid="10" name="extra" tilewidth="56" tileheight="64" tilecount="1" columns="1">\n'
              '  <image source="nothing.png" width="56" height="64"/>\n'
              f'{tile(0, "crater", move_cost=3)} </tileset>\n')
    text = hexmap(layer("ground", [10] + [1] * 29),
                  tilesets=' <tileset firstgid="1" source="terrain.tsx"/>\n' + second)
    result = load(folder, text)
    assert result.scenario.terrain[Hex(0, 0)] == Terrain("crater", move_cost=3)
    assert result.scenario.tile_layers[0].cells[Hex(0, 0)].image is None
    assert result.scenario.tile_layers[0].cells[Hex(1, 0)].image == folder / "terrain.png"
    assert [w for w in warnings(result) if "image" in w] == [
        "image 'nothing.png' not found; the window will draw plain hexes instead"]


def test_a_tile_number_beyond_every_tileset_is_reported(folder):
    result = load(folder, hexmap(layer("ground", [7, 7] + [1] * 28)))
    assert errors(result) == ["tile number 7 (in 2 cell(s), first at cell (0, 0)) belongs to no tileset of the map"]


# -- map properties -----------------------------------------------------------------------------

def test_defaults_when_the_map_sets_nothing(folder):
    result = load(folder, hexmap(props=""))
    scenario = result.scenario
    assert (scenario.title, scenario.description, scenario.ruleset, scenario.modules, scenario.is_default) == (
        "test", "", "swn", frozenset(), False)
    assert dict(scenario.settings) == {"allies_block_movement": False, "shove_blocked_damage": False,
                                       "initiative_ties": "reroll", "declare_actions": False, "blow_through": False,
                                       "evasion_and_parry": False}
    assert result.ok
    assert warnings(result) == [
        "places no units; add objects of class Unit (or a unit type) to an object layer",
        "sets up no sides; add map properties such as 'pcs' and 'enemies' of class SideSetup"]


def test_map_properties_are_read(folder):
    props = ('  <property name="title" value="Ambush at Kell"/>\n'
             '  <property name="description">Line one\nline two</property>\n'
             '  <property name="ruleset" propertytype="Ruleset" value="swn-heroic"/>\n'
             '  <property name="modules" propertytype="Module" value="morale,hero_points"/>\n'
             '  <property name="default" type="bool" value="true"/>\n'
             '  <property name="initiative_ties" value="pcs_first"/>\n'
             '  <property name="shove_blocked_damage" type="bool" value="true"/>\n'
             '  <property name="name" value="a property named like an attribute"/>\n')
    result = load(folder, hexmap(props=props))
    s = result.scenario
    assert (s.title, s.description, s.ruleset, s.modules, s.is_default) == (
        "Ambush at Kell", "Line one\nline two", "swn-heroic", frozenset({"morale", "hero_points"}), True)
    assert s.settings["initiative_ties"] == "pcs_first" and s.settings["shove_blocked_damage"] is True
    assert "property 'name' is not a map property hexbattle reads; ignored" in warnings(result)


def test_modules_stored_as_a_bitmask(folder):
    props = '  <property name="modules" type="int" propertytype="Module" value="2"/>\n'
    assert load(folder, hexmap(props=props)).scenario.modules == frozenset({"hero_points"})


@pytest.mark.parametrize(("props", "where", "message"), [
    ('<property name="ruleset" value="swn_heroic"/>', "",
     "property 'ruleset' must be one of swn, swn-heroic, lucky-stars, starfarer, not 'swn_heroic' "
     "(did you mean 'swn-heroic'?)"),
    ('<property name="modules" value="morale,heropoints"/>', "map property 'modules'",
     "unknown module 'heropoints' (did you mean 'hero_points'?); known: morale, hero_points"),
    ('<property name="enemies" value="gm"/>', "map property 'enemies'",
     "must be a class property of type SideSetup (it is a string property)"),
    ('<property name="pcs" type="class"><properties><property name="controler" value="gm"/></properties></property>',
     "map property 'pcs'", "unknown property 'controler' (did you mean 'controller'?)"),
    ('<property name="pcs" type="class"><properties><property name="controller" value="ai"/></properties></property>',
     "map property 'pcs'", "property 'controller' must be one of players, gm, computer, not 'ai'"),
    ('<property name="terrain:forest" value="slow"/>', "map property 'terrain:forest'",
     "must be a class property of type Terrain named terrain:<tile class>, e.g. terrain:forest"),
    ('<property name="turns" type="int" value="ten"/>', "",
     "property 'turns' has type int, but its value 'ten' is not a whole number"),
])
def test_bad_map_properties_are_errors(folder, props, where, message):
    result = load(folder, hexmap(props=props + "\n"))
    assert [(p.where, p.message) for p in result.errors] == [(where, message)]


def side_prop(side_id: str, **members: object) -> str:
    lines = "".join(_prop(k, v) for k, v in members.items()).replace(
        'name="leader" type="int"', 'name="leader" type="object"')
    return f'  <property name="{side_id}" type="class" propertytype="Side"><properties>{lines}</properties></property>\n'


def test_sides_are_set_up_from_their_class_properties(folder):
    props = side_prop("pcs", controller="players", name="Crew") + side_prop(
        "enemies", morale=9, leader=2, great_leader=True, surprised=True, home_territory=True, outgunned=-1)
    units = objects(unit_at(1, 0, 0, "veteran_soldier", "pcs"), unit_at(2, 5, 4))
    scenario = load(folder, hexmap(layer("ground"), units, props=props)).scenario
    pcs, enemies = scenario.sides["pcs"], scenario.sides["enemies"]
    assert (pcs.name, pcs.controller, pcs.morale) == ("Crew", "players", None)
    assert (enemies.name, enemies.controller, enemies.morale, enemies.leader, enemies.great_leader,
            enemies.surprised, enemies.home_territory, enemies.outgunned) == (
        "Enemies", "gm", 9, 2, True, True, True, -1)
    assert list(scenario.sides) == ["pcs", "enemies"]


def test_pcs_morale_is_ignored_with_a_warning(folder):
    props = side_prop("pcs", morale=8)
    result = load(folder, hexmap(layer("ground"), objects(unit_at(1, 0, 0, side="pcs")), props=props))
    assert result.scenario.sides["pcs"].morale is None
    assert "morale 8 is ignored: the PCs' side never checks morale (seed 002)" in warnings(result)


def test_a_leader_must_be_a_unit_of_that_side(folder):
    props = side_prop("pcs", leader=2) + side_prop("enemies", leader=7)
    units = objects(unit_at(1, 0, 0, side="pcs"), unit_at(2, 5, 4))
    result = load(folder, hexmap(layer("ground"), units, props=props))
    assert errors(result) == ["leader 'U2' (id 2) fights for side 'enemies', not 'pcs'",
                              "leader refers to object id 7, which is not a unit on the map"]


def test_a_side_used_but_not_set_up_gets_defaults_with_a_warning(folder):
    result = load(folder, hexmap(layer("ground"), objects(unit_at(1, 0, 0, side="rivals"), unit_at(2, 2, 2))))
    assert result.ok
    assert result.scenario.sides["rivals"].controller == "gm"
    assert warnings(result) == [
        "units fight for side 'rivals', which has no map property 'rivals' (class SideSetup); it uses the defaults",
        "this side has no units"]


# -- units --------------------------------------------------------------------------------------

def test_a_unit_by_class_and_by_unit_type_property(folder):
    units = objects(obj(1, "Unit", "U1", *LAYOUT.hex_center(Hex(0, 0)), side="pcs", unit_type="pc_warrior"),
                    obj(2, "thug", "", *LAYOUT.hex_center(Hex(3, 2)), side="enemies", count=6, facing=3))
    scenario = load(folder, hexmap(layer("ground"), units)).scenario
    first, second = scenario.units
    assert (first.object_id, first.name, first.unit_type, first.side, first.hex) == (1, "U1", "pc_warrior", "pcs", Hex(0, 0))
    assert (second.name, second.unit_type, second.count, second.facing, second.hex, second.layer) == (
        "Thug 2", "thug", 6, 3, Hex(3, 2), "units")


def test_stat_overrides_are_checked_against_the_catalog(folder):
    units = objects(unit_at(1, 0, 0, hp=12, morale=10, weapon="knife"), unit_at(2, 2, 2, ac="high"),
                    unit_at(3, 4, 4, weapon="lazer_rifle"))
    result = load(folder, hexmap(layer("ground"), units))
    assert dict(result.scenario.units[0].overrides) == {"hp": 12, "morale": 10, "weapon": "knife"}
    assert errors(result) == ["property 'ac' must be a whole number, not 'high'",
                              "property 'weapon' names unknown weapon 'lazer_rifle' (did you mean 'laser_rifle'?)"]


@pytest.mark.parametrize(("props", "message"), [
    ({"sid": "pcs", "side": "pcs"}, "unknown property 'sid' (did you mean 'side'?)"),
    ({"side": "enemys"}, "property 'side' must be one of pcs, allies, enemies, rivals, bystanders, not 'enemys' "
                         "(did you mean 'enemies'?)"),
    ({"side": "pcs", "count": 0}, "property 'count' must be at least 1, not 0"),
    ({"side": "pcs", "facing": 6}, "property 'facing' must be at most 5, not 6"),
])
def test_bad_unit_properties(folder, props, message):
    units = objects(obj(1, "thug", "T", *LAYOUT.hex_center(Hex(0, 0)), **props))
    assert errors(load(folder, hexmap(layer("ground"), units))) == [message]


@pytest.mark.parametrize(("unit_type", "props", "message"), [
    ("pc_warrior", {"side": "pcs", "count": 2},
     "only NPCs form squads: a pc cannot have 'count' 2; set count to 1 or place separate units"),
    ("gravtank", {"side": "enemies", "count": 3},
     "only NPCs form squads: a vehicle cannot have 'count' 3; set count to 1 or place separate units"),
    ("thug", {"side": "enemies", "hd": 0}, "an NPC needs at least 1 hit die: set 'hd' to 1 or more"),
])
def test_stat_blocks_a_battle_could_not_deploy_are_errors(folder, unit_type, props, message):
    units = objects(obj(1, unit_type, "U", *LAYOUT.hex_center(Hex(0, 0)), **props))
    assert errors(load(folder, hexmap(layer("ground"), units))) == [message]


def test_objects_that_are_not_units(folder):
    items = (obj(1, "", "a note", 10, 10), obj(2, "Spawn", "spawn", 10, 10),
             obj(3, "veteran_soldeir", "typo", 10, 10), obj(4, "thug", "T", 28, 32, side="pcs", loot="gold"))
    result = load(folder, hexmap(layer("ground"), objects(*items)))
    assert [(p.severity, p.where, p.message) for p in result.problems if p.where.startswith("object")] == [
        ("warning", "object 'spawn' (id 2) in layer 'units'", "class 'Spawn' is neither Unit nor a unit type; ignored"),
        ("error", "object 'typo' (id 3) in layer 'units'", "unknown unit type 'veteran_soldeir' (did you mean "
                                                           "'veteran_soldier'?)"),
        ("warning", "object 'T' (id 4) in layer 'units'", "property 'loot' is not a unit property hexbattle reads; ignored"),
    ]


# Reference points, on the 56 x 64 grid: cell (2, 1) spans x 140..196, y 48..112, centre (168, 80).
@pytest.mark.parametrize(("shape", "x", "y", "extra", "cell"), [
    ("<point/>", 168, 80, "", (2, 1)),
    ("", 150, 60, ' width="36" height="40"', (2, 1)),  # rectangle centre (168, 80)
    ("<ellipse/>", 112, 40, ' width="112" height="80"', (2, 1)),  # centre (168, 80)
    ("", 140, 112, ' gid="1" width="56" height="64"', (2, 1)),  # tile object: bottom-left reference
    ("", 140, 112, ' gid="2147483649" width="56" height="64"', (2, 1)),  # flipped tile object, same place
    ("", 168, 80, ' width="100" height="20" rotation="180"', (1, 1)),  # centre turned to (118, 70)
    ('<polygon points="0,0 200,0 200,200"/>', 168, 80, "", (2, 1)),  # polygons use x, y
])
def test_the_unit_stands_on_the_hex_of_its_reference_point(folder, shape, x, y, extra, cell):
    units = objects(obj(1, "thug", "T", x, y, shape=shape, extra=extra, side="enemies"))
    scenario = load(folder, hexmap(layer("ground"), units)).scenario
    assert LAYOUT.hex_to_offset(scenario.units[0].hex) == cell


@pytest.mark.parametrize(("alignment", "x", "y"), [("", 140, 112), ("topleft", 140, 48), ("center", 168, 80),
                                                   ("bottomright", 196, 112)])
def test_a_tile_objects_point_follows_its_tilesets_object_alignment(folder, alignment, x, y):
    align = f' objectalignment="{alignment}"' if alignment else ""
    tiles = tileset('  <tile id="0"/>\n', tile(1, "thug", side="enemies")).replace(' columns="0"', f' columns="0"{align}')
    units = objects(f'  <object id="5" gid="2" x="{x}" y="{y}" width="56" height="64"/>\n')
    scenario = load(folder, hexmap(layer("ground"), units, tilesets=tiles)).scenario
    assert LAYOUT.hex_to_offset(scenario.units[0].hex) == (2, 1)  # centre (168, 80) every time


def test_a_tile_object_takes_its_tiles_class_and_properties(folder):
    tiles = tileset('  <tile id="0"/>\n', tile(1, "thug", side="enemies", facing=2))
    units = objects('  <object id="5" gid="2" x="140" y="112" width="56" height="64"/>\n')
    scenario = load(folder, hexmap(layer("ground"), units, tilesets=tiles)).scenario
    assert [(u.unit_type, u.side, u.facing, u.hex) for u in scenario.units] == [
        ("thug", "enemies", 2, LAYOUT.offset_to_hex(2, 1))]


# -- templates and JSON files -------------------------------------------------------------------

TEMPLATE = """<?xml version="1.0" encoding="UTF-8"?>
<template>
 <tileset firstgid="1" source="terrain.tsx"/>
 <object name="Trooper" type="elite_trooper" gid="2" width="56" height="64">
  <properties><property name="side" value="enemies"/><property name="morale" type="int" value="9"/></properties>
 </object>
</template>
"""


def test_templates_are_merged_with_their_instances(folder):
    (folder / "trooper.tx").write_text(TEMPLATE)
    units = objects('  <object id="1" template="trooper.tx" x="140" y="112"/>\n'
                    '  <object id="2" template="trooper.tx" name="Sgt Vance" x="252" y="208">'
                    '<properties><property name="morale" type="int" value="11"/></properties></object>\n')
    scenario = load(folder, hexmap(layer("ground"), units)).scenario
    assert [(u.name, u.unit_type, u.side, dict(u.overrides), LAYOUT.hex_to_offset(u.hex)) for u in scenario.units] == [
        ("Trooper", "elite_trooper", "enemies", {"morale": 9}, (2, 1)),
        ("Sgt Vance", "elite_trooper", "enemies", {"morale": 11}, (4, 3))]


def test_a_template_whose_tileset_the_map_lacks_adds_it(folder):
    (folder / "trooper.tx").write_text(TEMPLATE)
    inline = tileset('  <tile id="0"/>\n', name="local")
    units = objects('  <object id="1" template="trooper.tx" x="140" y="112"/>\n')
    result = load(folder, hexmap(layer("ground"), units, tilesets=inline))
    assert result.ok, errors(result)
    assert result.scenario.units[0].unit_type == "elite_trooper"


def test_a_missing_template_is_reported(folder):
    units = objects('  <object id="1" template="gone.tx" x="140" y="112"/>\n')
    result = load(folder, hexmap(layer("ground"), units))
    assert [(p.where, p.message) for p in result.errors] == [
        ("object (unnamed) (id 1) in layer 'units'", f"template file not found: {folder}/gone.tx")]


def test_json_tileset_and_template_in_a_tmx_map(folder):
    (folder / "terrain.tsj").write_text(
        '{"type": "tileset", "name": "terrain", "tilewidth": 56, "tileheight": 64, "tilecount": 2, "columns": 0,'
        ' "tiles": [{"id": 1, "type": "forest", "properties": [{"name": "move_cost", "type": "int", "value": 2}]}]}')
    (folder / "thug.tj").write_text(
        '{"type": "template", "tileset": {"firstgid": 1, "source": "terrain.tsj"},'
        ' "object": {"name": "Thug", "type": "thug", "gid": 2, "width": 56, "height": 64,'
        ' "properties": [{"name": "side", "type": "string", "value": "enemies"}]}}')
    units = objects('  <object id="1" template="thug.tj" x="140" y="112"/>\n')
    text = hexmap(layer("ground", [2] * 30), units, tilesets=' <tileset firstgid="1" source="terrain.tsj"/>\n')
    scenario = load(folder, text).scenario
    assert scenario.terrain[Hex(0, 0)] == Terrain("forest", move_cost=2)
    assert [(u.name, u.unit_type) for u in scenario.units] == [("Thug", "thug")]


def test_a_broken_json_file_is_reported_not_raised(folder):
    (folder / "broken.tsj").write_text('{"type": "tileset", ')
    result = load(folder, hexmap(tilesets=' <tileset firstgid="1" source="broken.tsj"/>\n'))
    assert [p.file for p in result.errors] == [str(folder / "broken.tsj")]
    assert errors(result)[0].startswith("invalid JSON at line 1")


# -- the value is read-only ---------------------------------------------------------------------

def test_the_scenario_cannot_be_changed(folder):
    scenario = load(folder, hexmap(layer("ground"), objects(unit_at(1, 0, 0)))).scenario
    with pytest.raises(TypeError):
        scenario.terrain[Hex(9, 9)] = Terrain()  # type: ignore[index]
    with pytest.raises(AttributeError):
        scenario.title = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        scenario.units[0].overrides["hp"] = 3  # type: ignore[index]


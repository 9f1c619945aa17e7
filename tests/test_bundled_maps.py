"""The bundled Tiled files: reproducible, complete, consistent with the project, playable."""

from __future__ import annotations

import json
import struct
import tomllib
from pathlib import Path
from xml.etree import ElementTree

import pytest

ROOT = Path(__file__).resolve().parent.parent


from tools.make_assets import generated_images  # noqa: E402
from tools.make_maps import generated_maps  # noqa: E402
from tools.map_checks import MapReadback, decode_layer, design_problems, is_decoration, read_props, tile_layers  # noqa: E402
from tools.terrain_catalog import TILES, cover_ids  # noqa: E402

MAPS = ROOT / "maps"
DATA = ROOT / "game" / "data"
BUNDLED = sorted(MAPS.glob("*.tmx"))
TILESETS = sorted((MAPS / "tilesets").glob("*.tsx"))
TEMPLATES = sorted((MAPS / "templates").rglob("*.tx"))
PROJECT = json.loads((MAPS / "hexbattle.tiled-project").read_text())
TYPES = {t["name"]: t for t in PROJECT["propertyTypes"]}
UNIT_TYPES = tomllib.loads((DATA / "units.toml").read_text())["units"]
WEAPONS = tomllib.loads((DATA / "weapons.toml").read_text())["weapons"]
LUCKY_STARS = tomllib.loads((DATA / "lucky_stars.toml").read_text())
STARFARER = tomllib.loads((DATA / "starfarer.toml").read_text())
RULESET_DATA = {"lucky-stars": (LUCKY_STARS["creatures"], LUCKY_STARS["weapons"]),
                "starfarer": (STARFARER["creatures"], STARFARER["weapons"])}
"""A ruleset with its own data file: the unit types (its creatures) and weapons its maps place."""


def _tsx_tiles(path: Path) -> list[ElementTree.Element]:
    return ElementTree.parse(path).getroot().findall("tile")


def _root(path: Path) -> ElementTree.Element:
    return ElementTree.parse(path).getroot()


def _png_size(path: Path) -> tuple[int, int]:
    return struct.unpack(">II", path.read_bytes()[16:24])


# -- the generators ------------------------------------------------------------------------

def test_asset_generator_gives_identical_bytes_twice_and_matches_the_committed_images():
    first, second = generated_images(), generated_images()
    assert first == second
    generated_dirs = (ROOT / "assets" / "tiles", ROOT / "assets" / "tokens")
    on_disk = {str(p.relative_to(ROOT)): p.read_bytes() for d in generated_dirs for p in d.rglob("*.png")}
    assert on_disk == first


def test_map_generator_gives_identical_bytes_twice_and_matches_the_committed_files():
    first, second = generated_maps(), generated_maps()
    assert first == second
    committed = [p for p in MAPS.rglob("*") if p.is_file() and p.suffix in
                 {".tmx", ".tsx", ".tx", ".tiled-project"}]
    assert {str(p.relative_to(ROOT)): p.read_bytes() for p in committed} == first


# -- tilesets and images -------------------------------------------------------------------

@pytest.mark.parametrize("tsx", TILESETS[:2], ids=lambda p: p.stem)
def test_every_material_except_none_and_every_concealment_appears_on_a_terrain_tile(tsx):
    concealment, materials = cover_ids()
    seen = {"concealment": set(), "material": set()}
    for tile in _tsx_tiles(tsx):
        for name, (_, _, value) in read_props(tile).items():
            if name in seen:
                seen[name].add(value)
    assert seen["concealment"] == set(concealment)
    assert seen["material"] == set(materials) - {"none"}


@pytest.mark.parametrize("tsx", TILESETS, ids=lambda p: p.stem)
def test_every_tile_image_exists_with_the_size_the_tileset_states(tsx):
    for tile in _tsx_tiles(tsx):
        image = tile.find("image")
        path = (tsx.parent / image.get("source")).resolve()
        assert path.is_relative_to(ROOT / "assets")
        assert _png_size(path) == (int(image.get("width")), int(image.get("height")))


def test_hex_tiles_keep_the_sizes_tiled_draws_without_shrinking():
    pointy = _root(MAPS / "tilesets" / "terrain-pointy.tsx")
    flat = _root(MAPS / "tilesets" / "terrain-flat.tsx")
    assert (pointy.get("tilewidth"), pointy.get("tileheight")) == ("56", "64")
    assert (flat.get("tilewidth"), flat.get("tileheight")) == ("64", "56")
    for m in map(_root, BUNDLED):
        w, h, s = int(m.get("tilewidth")), int(m.get("tileheight")), int(m.get("hexsidelength"))
        if m.get("staggeraxis") == "y":
            assert w % 2 == 0 and (h - s) % 2 == 0
        else:
            assert (w - s) % 2 == 0 and h % 2 == 0


def test_terrain_tiles_are_typed_as_the_contract_says():
    kinds = {"move_cost": ("int", ""), "impassable": ("bool", ""), "tall": ("bool", ""),
             "blocks_sight": ("bool", ""), "concealment": ("string", "Concealment"),
             "material": ("string", "Material")}
    for tsx in TILESETS[:2]:
        for tile in _tsx_tiles(tsx):
            assert tile.get("type"), "every terrain tile has a class naming the terrain"
            for name, (kind, custom, _) in read_props(tile).items():
                assert (kind, custom) == kinds[name], f"{tsx.name} tile {tile.get('type')} {name}"


def test_a_chasm_is_impassable_but_low_enough_to_jump():
    chasm = next(t for t in _tsx_tiles(TILESETS[0]) if t.get("type") == "chasm")
    props = {name: value for name, (_, _, value) in read_props(chasm).items()}
    assert props == {"impassable": "true"}


# -- the project's custom types ------------------------------------------------------------

def test_project_declares_the_contract_types_with_unique_names():
    assert {t["name"] for t in PROJECT["propertyTypes"]} == {
        "Ruleset", "Module", "Side", "Controller", "InitiativeTies", "Concealment", "Material",
        "Terrain", "SideSetup", "Unit", "Decoration"}
    assert len({t["id"] for t in PROJECT["propertyTypes"]}) == len(PROJECT["propertyTypes"])
    assert PROJECT["folders"] == [".", "../assets"]


def test_project_enums_hold_the_contract_values():
    concealment, materials = cover_ids()
    assert TYPES["Ruleset"]["values"] == ["swn", "swn-heroic", "lucky-stars", "starfarer"]
    assert TYPES["Module"]["values"] == ["morale", "hero_points"] and TYPES["Module"]["valuesAsFlags"]
    assert TYPES["Side"]["values"] == ["pcs", "allies", "enemies", "rivals", "bystanders"]
    assert TYPES["Controller"]["values"] == ["players", "gm", "computer", "random", "tactical"]
    assert TYPES["InitiativeTies"]["values"] == ["reroll", "pcs_first"]
    assert TYPES["Concealment"]["values"] == list(concealment)
    assert TYPES["Material"]["values"] == list(materials)


def test_project_classes_have_the_contract_members_and_uses():
    def members(name):
        return {m["name"]: (m["type"], m.get("propertyType", ""), m["value"])
                for m in TYPES[name]["members"]}
    assert members("Terrain") == {
        "move_cost": ("int", "", 1), "impassable": ("bool", "", False), "tall": ("bool", "", False),
        "blocks_sight": ("bool", "", False), "concealment": ("string", "Concealment", "none"),
        "material": ("string", "Material", "none")}
    assert set(members("SideSetup")) == {"name", "morale", "controller", "leader", "great_leader",
                                         "surprised", "home_territory", "outgunned",
                                         "immune_to_morale", "hero_pool"}
    assert members("SideSetup")["leader"] == ("object", "", 0)
    assert members("SideSetup")["controller"] == ("string", "Controller", "gm")
    assert members("Unit")["side"] == ("string", "Side", "")
    assert {"unit_type", "count", "facing", "hp", "hd", "ac", "attack_bonus", "weapon",
            "morale", "hero_points", "trademark"} <= set(members("Unit"))
    assert "tile" in TYPES["Terrain"]["useAs"] and TYPES["Unit"]["useAs"] == ["object"]
    assert TYPES["Decoration"]["useAs"] == ["layer"]


def _typed_props(element: ElementTree.Element, where: str):
    """Yield (where, name, type, propertytype, value) for every property, members included."""
    for name, (kind, custom, value) in read_props(element).items():
        yield where, name, kind, custom, value
        if kind == "class":
            holder = next(p for p in element.find("properties") if p.get("name") == name)
            yield from _typed_props(holder, f"{where} {name}")


def _type_mistakes(where: str, kind: str, custom: str, value) -> list[str]:
    if not custom:
        return []
    declared = TYPES.get(custom)
    if declared is None:
        return [f"{where}: unknown custom type {custom}"]
    if declared["type"] == "enum":
        parts = value.split(",") if declared["valuesAsFlags"] else [value]
        return [f"{where}: {custom} has no value {p!r}" for p in parts if p not in declared["values"]]
    members = {m["name"]: m["type"] for m in declared["members"]}
    return [f"{where}: {custom} has no member {n} of type {k}" for n, (k, _, _) in value.items()
            if members.get(n) != k]


@pytest.mark.parametrize("path", BUNDLED + TILESETS + TEMPLATES, ids=lambda p: p.name)
def test_files_use_only_declared_custom_types_and_values(path):
    mistakes = []
    for element in _root(path).iter():
        if element.find("properties") is not None and element.tag != "property":
            for where, name, kind, custom, value in _typed_props(element, f"{path.name} {element.tag}"):
                mistakes += _type_mistakes(f"{where} {name}", kind, custom, value)
    assert mistakes == []


# -- templates -----------------------------------------------------------------------------

def _template_ruleset(tx: Path) -> str | None:
    """The ruleset whose folder holds a template (None: the SWN templates at the top)."""
    folder = tx.parent.relative_to(MAPS / "templates")
    return None if folder == Path(".") else str(folder)


@pytest.mark.parametrize("tx", TEMPLATES, ids=lambda p: p.relative_to(MAPS / "templates").as_posix())
def test_templates_are_unit_tokens_of_a_known_unit_type_and_side(tx):
    obj = _root(tx).find("object")
    props = read_props(obj)
    ruleset = _template_ruleset(tx)
    assert obj.get("type") == "Unit" and obj.get("gid")
    assert props["unit_type"][2] in (RULESET_DATA[ruleset][0] if ruleset else UNIT_TYPES)
    tokens = (tx.parent / _root(tx).find("tileset").get("source")).resolve()
    assert tokens == (MAPS / "tilesets" / "unit-tokens.tsx").resolve()
    assert props["side"][1:] == ("Side", props["side"][2]) and props["side"][2] in TYPES["Side"]["values"]


def test_templates_cover_the_common_unit_types_and_a_squad_of_six():
    stems = {p.stem for p in TEMPLATES}
    assert {"veteran_soldier", "thug", "elite_trooper", "pc_warrior", "pc_expert", "suit_mech",
            "gravtank", "veteran_squad"} <= stems
    squad = read_props(_root(MAPS / "templates" / "veteran_squad.tx").find("object"))
    assert squad["count"] == ("int", "", "6") and squad["unit_type"][2] == "veteran_soldier"


@pytest.mark.parametrize("ruleset", sorted(RULESET_DATA))
def test_every_creature_of_a_rulesets_data_file_has_a_template_in_its_folder(ruleset):
    folder = MAPS / "templates" / ruleset
    placed = {read_props(_root(tx).find("object"))["unit_type"][2] for tx in folder.glob("*.tx")}
    assert placed == set(RULESET_DATA[ruleset][0])


# -- the scenarios -------------------------------------------------------------------------

def test_at_least_three_scenarios_in_both_layouts_and_every_stagger():
    layouts = {(m.get("staggeraxis"), m.get("staggerindex")) for m in map(_root, BUNDLED)}
    assert len(BUNDLED) >= 3
    assert {axis for axis, _ in layouts} == {"x", "y"}
    assert {index for _, index in layouts} == {"odd", "even"}


def test_exactly_one_default_map_and_it_is_pointy_top():
    defaults = [p for p in BUNDLED if read_props(_root(p)).get("default") == ("bool", "", "true")]
    assert [p.name for p in defaults] == ["relay_station_ambush.tmx"]
    assert _root(defaults[0]).get("staggeraxis") == "y"


def test_together_the_scenarios_paint_every_terrain_tile():
    used = set().union(*(MapReadback(p).used_tiles() for p in BUNDLED))
    assert used == {tile.name for tile in TILES}


def test_together_the_scenarios_use_the_format_features():
    roots = [_root(p) for p in BUNDLED]
    everything = [e for r in roots for e in r.iter()]
    encodings = {(d.get("encoding"), d.get("compression")) for d in everything if d.tag == "data"}
    assert {("csv", None), ("base64", "zlib")} <= encodings
    assert any(e.tag == "group" for e in everything)
    assert any(e.tag == "layer" and is_decoration(e) for e in everything)
    assert any(e.tag == "object" and e.get("template") for e in everything)
    assert all(ts.get("source") for r in roots for ts in r.findall("tileset"))
    assert any(e.tag == "object" and e.get("type") in UNIT_TYPES for e in everything)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_no_unit_on_an_impassable_hex_or_sharing_a_hex_and_squads_have_room(path):
    assert design_problems(path) == []


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_scenario_has_title_briefing_ruleset_and_sides_with_leaders_on_their_side(path):
    m = MapReadback(path)
    assert m.props["title"][2] and m.props["description"][2]
    assert m.props["ruleset"][1] == "Ruleset"
    units = {u.id: u for u in m.units()}
    sides = {name: v for name, v in m.props.items() if v[1] == "SideSetup"}
    assert "pcs" in sides and len(sides) >= 2
    for side_id, (_, _, members) in sides.items():
        if "leader" in members:
            assert units[int(members["leader"][2])].props["side"][2] == side_id
    assert {u.props["side"][2] for u in units.values()} == set(sides)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_units_name_known_types_and_override_stats_with_the_right_types(path):
    readback = MapReadback(path)
    ruleset = readback.props.get("ruleset", (None, None, "swn"))[2]
    unit_types, weapons = RULESET_DATA.get(ruleset, (UNIT_TYPES, WEAPONS))
    for unit in readback.units():
        unit_type = unit.props["unit_type"][2] if unit.object_class == "Unit" else unit.object_class
        assert unit_type in unit_types
        for name, (kind, _, value) in unit.props.items():
            if name in ("hp", "hd", "ac", "attack_bonus", "morale", "count", "facing"):
                assert kind == "int"
            if name == "facing":
                assert 0 <= int(value) <= 5
            if name == "weapon":
                assert value in weapons


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_every_tile_layer_fills_the_map_and_uses_known_tiles(path):
    m = MapReadback(path)
    for layer in tile_layers(m.root):
        gids = decode_layer(layer)
        assert len(gids) == m.width * m.height
        assert all(g & 0x0FFFFFFF in m.tiles for g in gids if g)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_files_a_map_references_stay_inside_the_project_folders(path):
    allowed = (MAPS, ROOT / "assets")
    for ref in [ts.get("source") for ts in _root(path).findall("tileset")] + \
               [o.get("template") for o in _root(path).iter("object") if o.get("template")]:
        assert (path.parent / ref).resolve().is_relative_to(allowed[0])


# -- the game's own loader -----------------------------------------------------------------

@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_every_bundled_map_loads_in_the_game_without_problems(path):
    from game.scenario import load_scenario

    result = load_scenario(path)
    assert result.ok, "\n".join(p.text() for p in result.problems)
    assert [p.text() for p in result.problems] == []
    assert len(result.scenario.units) == len(MapReadback(path).units())


def test_the_default_map_is_the_one_the_game_starts():
    from game.scenario import load_scenario

    defaults = [p.name for p in BUNDLED if load_scenario(p).scenario.is_default]
    assert defaults == ["relay_station_ambush.tmx"]


# -- the GM's guide ------------------------------------------------------------------------

def test_the_guide_lists_every_terrain_tile_with_its_real_properties():
    guide = (ROOT / "docs" / "building-scenarios.md").read_text()
    rows = {}
    for line in guide.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[0].startswith("`") and cells[1].isdigit():
            rows[cells[0].strip("`")] = cells[1:7]
    for tile in _tsx_tiles(MAPS / "tilesets" / "terrain-pointy.tsx"):
        props = {name: value for name, (_, _, value) in read_props(tile).items()}
        flag = {"true": "yes"}
        expected = [props.get("move_cost", "1"), flag.get(props.get("impassable"), ""),
                    flag.get(props.get("tall"), ""), flag.get(props.get("blocks_sight"), ""),
                    props.get("concealment", ""), props.get("material", "")]
        assert rows.pop(tile.get("type")) == expected, tile.get("type")
    assert rows == {}

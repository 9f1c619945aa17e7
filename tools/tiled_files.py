"""Write the Tiled project, the tilesets and the unit templates, formatted as Tiled writes them.

The custom types follow docs/scenario-format.md. Tiled type names must be unique, so the
side *enum* is `Side` and the class holding a side's setup (a map property) is `SideSetup`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from xml.sax.saxutils import quoteattr

from game.scenario.mapprops import CONTROLLERS  # people, then every computer player by name
from tools.terrain_catalog import (
    ENUM_OF_PROPERTY, HexSize, PROPERTY_ORDER, SIDES, TILES, TOKEN_IDS, TOKEN_SIZE,
    cover_ids, tile_image_path, token_image_path,
)

XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
FORMAT_VERSION = "1.10"

RULESETS = ("swn", "swn-heroic", "lucky-stars", "starfarer")
MODULES = ("morale", "hero_points")
INITIATIVE_TIES = ("reroll", "pcs_first")


# -- properties ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Prop:
    """One Tiled custom property: name, Tiled type, value, optional custom type name.

    For type "class" the value is a tuple of member Props (only members that differ from
    the class defaults, as Tiled saves them).
    """

    name: str
    type: str
    value: object
    propertytype: str = ""


def prop_value_text(prop: Prop) -> str:
    """The value as Tiled writes it in XML."""
    if prop.type == "bool":
        return "true" if prop.value else "false"
    return str(prop.value)


def properties_xml(props: list[Prop] | tuple[Prop, ...], indent: str) -> str:
    """A <properties> element, members sorted by name as Tiled sorts them."""
    if not props:
        return ""
    lines = [f"{indent}<properties>"]
    for prop in sorted(props, key=lambda p: p.name):
        attrs = f"name={quoteattr(prop.name)}"
        if prop.type != "string":
            attrs += f" type={quoteattr(prop.type)}"
        if prop.propertytype:
            attrs += f" propertytype={quoteattr(prop.propertytype)}"
        if prop.type == "class":
            lines.append(f"{indent} <property {attrs}>")
            lines.append(properties_xml(prop.value, indent + "  ").rstrip("\n"))
            lines.append(f"{indent} </property>")
        elif "\n" in prop_value_text(prop):
            text = prop_value_text(prop).replace("&", "&amp;").replace("<", "&lt;")
            lines.append(f"{indent} <property {attrs}>{text}</property>")
        else:
            lines.append(f"{indent} <property {attrs} value={quoteattr(prop_value_text(prop))}/>")
    lines.append(f"{indent}</properties>")
    return "\n".join(lines) + "\n"


def terrain_props(props: dict) -> list[Prop]:
    """Typed Tiled properties for a terrain dict (move_cost int, enums with propertytype)."""
    out = []
    for name in PROPERTY_ORDER:
        if name not in props:
            continue
        value = props[name]
        if name in ENUM_OF_PROPERTY:
            out.append(Prop(name, "string", value, ENUM_OF_PROPERTY[name]))
        elif isinstance(value, bool):
            out.append(Prop(name, "bool", value))
        else:
            out.append(Prop(name, "int", value))
    return out


# -- project ------------------------------------------------------------------------------

def _enum(type_id: int, name: str, values: tuple[str, ...], flags: bool = False) -> dict:
    """A string-stored enum type."""
    return {"id": type_id, "name": name, "storageType": "string", "type": "enum",
            "values": list(values), "valuesAsFlags": flags}


def _member(name: str, kind: str, value: object, propertytype: str = "") -> dict:
    """One class member with its default value."""
    member = {"name": name, "type": kind, "value": value}
    if propertytype:
        member["propertyType"] = propertytype
    return member


def _class(type_id: int, name: str, colour: str, use_as: list[str], members: list[dict]) -> dict:
    """A class type; members sorted by name as Tiled keeps them."""
    return {"color": colour, "drawFill": True, "id": type_id,
            "members": sorted(members, key=lambda m: m["name"]), "name": name,
            "type": "class", "useAs": use_as}


def property_types() -> list[dict]:
    """Every custom type of the scenario format, in a fixed order with fixed ids."""
    concealment, materials = cover_ids()
    return [
        _enum(1, "Ruleset", RULESETS),
        _enum(2, "Module", MODULES, flags=True),
        _enum(3, "Side", SIDES),
        _enum(4, "Controller", CONTROLLERS),
        _enum(5, "InitiativeTies", INITIATIVE_TIES),
        _enum(6, "Concealment", concealment),
        _enum(7, "Material", materials),
        _class(8, "Terrain", "#ff6f8f3f", ["property", "tile"], [
            _member("move_cost", "int", 1), _member("impassable", "bool", False),
            _member("tall", "bool", False), _member("blocks_sight", "bool", False),
            _member("concealment", "string", "none", "Concealment"),
            _member("material", "string", "none", "Material")]),
        _class(9, "SideSetup", "#ff2f6fdf", ["property"], [
            _member("name", "string", ""), _member("morale", "int", 0),
            _member("controller", "string", "gm", "Controller"),
            _member("leader", "object", 0), _member("great_leader", "bool", False),
            _member("surprised", "bool", False), _member("home_territory", "bool", False),
            _member("outgunned", "int", 0), _member("immune_to_morale", "bool", False),
            _member("hero_pool", "int", 0)]),
        _class(10, "Unit", "#ffd63028", ["object"], [
            _member("unit_type", "string", ""), _member("side", "string", "", "Side"),
            _member("count", "int", 1), _member("facing", "int", 0), _member("hp", "int", 0),
            _member("hd", "int", 0), _member("ac", "int", 0), _member("attack_bonus", "int", 0),
            _member("weapon", "string", ""), _member("morale", "int", 0), _member("led_by", "object", 0),
            _member("hidden", "bool", False), _member("hero_points", "int", 0),
            _member("trademark", "string", "")]),
        _class(11, "Decoration", "#ff808080", ["layer"], []),
    ]


def project_json() -> str:
    """The hexbattle.tiled-project file (maps in this folder, images in ../assets)."""
    project = {
        "automappingRulesFile": "",
        "commands": [],
        "extensionsPath": "extensions",
        "folders": [".", "../assets"],
        "objectTypesFile": "",
        "propertyTypes": property_types(),
    }
    return json.dumps(project, indent=4) + "\n"


# -- tilesets -----------------------------------------------------------------------------

def terrain_tileset_xml(size: HexSize) -> str:
    """An image-collection tileset of every terrain tile for one hex layout."""
    name = f"terrain-{size.layout}"
    lines = [XML_HEAD.rstrip("\n"),
             f'<tileset version="{FORMAT_VERSION}" name="{name}" tilewidth="{size.width}" '
             f'tileheight="{size.height}" tilecount="{len(TILES)}" columns="0">',
             ' <grid orientation="orthogonal" width="1" height="1"/>']
    for tile in TILES:
        lines.append(f' <tile id="{tile.id}" type="{tile.name}">')
        body = properties_xml(terrain_props(tile.props), "  ")
        if body:
            lines.append(body.rstrip("\n"))
        lines.append(f'  <image width="{size.width}" height="{size.height}" '
                     f'source="../../{tile_image_path(size, tile)}"/>')
        lines.append(" </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def token_tileset_xml() -> str:
    """An image-collection tileset of the side tokens used by unit tile objects."""
    lines = [XML_HEAD.rstrip("\n"),
             f'<tileset version="{FORMAT_VERSION}" name="unit-tokens" tilewidth="{TOKEN_SIZE}" '
             f'tileheight="{TOKEN_SIZE}" tilecount="{len(SIDES)}" columns="0">',
             ' <grid orientation="orthogonal" width="1" height="1"/>']
    for side in SIDES:
        lines.append(f' <tile id="{TOKEN_IDS[side]}">')
        lines.append(f'  <image width="{TOKEN_SIZE}" height="{TOKEN_SIZE}" '
                     f'source="../../{token_image_path(side)}"/>')
        lines.append(" </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


# -- templates ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class UnitTemplate:
    """A unit template: file stem, unit type id, default side, extra properties."""

    stem: str
    unit_type: str
    side: str
    extra: tuple[Prop, ...] = ()

    def props(self) -> list[Prop]:
        """The template object's properties."""
        return [Prop("unit_type", "string", self.unit_type),
                Prop("side", "string", self.side, "Side"), *self.extra]


TEMPLATES = (
    UnitTemplate("pc_warrior", "pc_warrior", "pcs"),
    UnitTemplate("pc_expert", "pc_expert", "pcs"),
    UnitTemplate("pc_psychic", "pc_psychic", "pcs"),
    UnitTemplate("civilian", "civilian", "bystanders"),
    UnitTemplate("thug", "thug", "enemies"),
    UnitTemplate("veteran_soldier", "veteran_soldier", "enemies"),
    UnitTemplate("veteran_squad", "veteran_soldier", "allies", (Prop("count", "int", 6),)),
    UnitTemplate("elite_trooper", "elite_trooper", "enemies"),
    UnitTemplate("grenadier", "grenadier", "enemies"),
    UnitTemplate("warbot", "warbot", "enemies"),
    UnitTemplate("ground_car", "ground_car", "bystanders"),
    UnitTemplate("gravtank", "gravtank", "enemies"),
    UnitTemplate("suit_mech", "suit_mech", "allies"),
    UnitTemplate("light_mech", "light_mech", "enemies"),
    UnitTemplate("heavy_mech", "heavy_mech", "enemies"),
    # The other rulesets' creature types, one folder each (their data files name the types).
    UnitTemplate("lucky-stars/spacer", "spacer", "pcs"),
    UnitTemplate("lucky-stars/pirate", "pirate", "enemies"),
    UnitTemplate("lucky-stars/security_drone", "security_drone", "enemies"),
    UnitTemplate("lucky-stars/dune_stalker", "dune_stalker", "enemies"),
    UnitTemplate("starfarer/marine", "marine", "pcs"),
    UnitTemplate("starfarer/kitai", "kitai", "pcs"),
    UnitTemplate("starfarer/colonist", "colonist", "pcs"),
    UnitTemplate("starfarer/pirate", "pirate", "enemies"),
    UnitTemplate("starfarer/camprat", "camprat", "enemies"),
)
TEMPLATE_BY_STEM = {t.stem: t for t in TEMPLATES}


def template_xml(template: UnitTemplate) -> str:
    """A .tx template: a side token tile object of class Unit."""
    gid = 1 + TOKEN_IDS[template.side]
    up = "../" * (template.stem.count("/") + 1)  # a ruleset's templates sit one folder deeper
    lines = [XML_HEAD.rstrip("\n"), "<template>",
             f' <tileset firstgid="1" source="{up}tilesets/unit-tokens.tsx"/>',
             f' <object type="Unit" gid="{gid}" width="{TOKEN_SIZE}" height="{TOKEN_SIZE}">',
             properties_xml(template.props(), "  ").rstrip("\n"),
             " </object>", "</template>"]
    return "\n".join(lines) + "\n"

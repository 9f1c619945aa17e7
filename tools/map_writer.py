"""Turn a scenario design into an ordinary Tiled .tmx file, laid out as Tiled saves it.

A design is plain data (layers of tile names, units on offset cells, side setups); this
module assigns layer and object ids, places unit tokens at hex centres with Tiled's own
geometry (game/hexgrid/tiled.py) and encodes tile data as csv or base64 (+zlib).
"""

from __future__ import annotations

import base64
import struct
import zlib
from dataclasses import dataclass
from xml.sax.saxutils import quoteattr

from game.hexgrid.tiled import TiledHexLayout
from tools.terrain_catalog import TILE_BY_NAME, TILES, TOKEN_IDS, TOKEN_SIZE, HexSize
from tools.tiled_files import FORMAT_VERSION, TEMPLATE_BY_STEM, XML_HEAD, Prop, properties_xml

FLIP_H, FLIP_V, ROT60, ROT120 = 0x80000000, 0x40000000, 0x20000000, 0x10000000
TOKEN_FIRSTGID = 1 + len(TILES)


# -- design data --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Cell:
    """A painted cell: a terrain tile name plus Tiled flip/rotation flag bits."""

    tile: str
    flags: int = 0

    def gid(self) -> int:
        """The map gid (terrain tileset first, firstgid 1) with the flag bits."""
        return (1 + TILE_BY_NAME[self.tile].id) | self.flags


@dataclass(frozen=True, slots=True)
class TileLayer:
    """A tile layer: rows of cells (None = empty), its encoding, and whether it is decoration.

    Decoration is marked by the bool layer property `decoration`, not the layer class
    `Decoration`: Tiled 1.8 drops a layer's class when it saves, and keeps its properties.
    """

    name: str
    cells: tuple[tuple[Cell | None, ...], ...]
    encoding: str = "csv"  # csv | base64 | base64-zlib
    decoration: bool = False


@dataclass(frozen=True, slots=True)
class Group:
    """A group layer holding other layers."""

    name: str
    layers: tuple


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on an offset cell: from a template (stem) or a bare object of a class."""

    key: str
    col: int
    row: int
    side: str
    template: str = ""
    unit_type: str = ""
    name: str = ""
    overrides: tuple[Prop, ...] = ()
    object_class: str = "Unit"
    shape: str = "tile"  # tile | ellipse


@dataclass(frozen=True, slots=True)
class Note:
    """A text note for the GM (an object with no class: the game ignores it)."""

    col: int
    row: int
    text: str
    width: int = 200
    height: int = 60


@dataclass(frozen=True, slots=True)
class ObjectLayer:
    """An object layer of units and notes."""

    name: str
    objects: tuple
    color: str = ""


@dataclass(frozen=True, slots=True)
class SideSetup:
    """A side taking part (a map property of class SideSetup named after the side id)."""

    side: str
    name: str
    controller: str = "gm"
    leader: str = ""  # a Unit key
    members: tuple[Prop, ...] = ()


@dataclass(frozen=True, slots=True)
class MapDesign:
    """Everything one scenario file holds."""

    file: str
    size: HexSize
    stagger_index: str
    width: int
    height: int
    props: tuple[Prop, ...]
    sides: tuple[SideSetup, ...]
    layers: tuple

    @property
    def layout(self) -> TiledHexLayout:
        """Tiled's hex geometry for this map."""
        return hex_layout(self.size, self.stagger_index)


def hex_layout(size: HexSize, stagger_index: str) -> TiledHexLayout:
    """Tiled's hex geometry for a tile size and stagger index."""
    return TiledHexLayout(size.width, size.height, size.side, size.stagger_axis, stagger_index)


# -- writing ------------------------------------------------------------------------------

def _num(value: float) -> str:
    """A coordinate as Tiled prints it (no trailing .0)."""
    return f"{value:.10g}"


def encode_data(layer: TileLayer, indent: str) -> str:
    """The <data> element for a tile layer."""
    gids = [[cell.gid() if cell else 0 for cell in row] for row in layer.cells]
    if layer.encoding == "csv":
        rows = [",".join(str(g) for g in row) for row in gids]
        body = ",\n".join(rows)
        return f'{indent}<data encoding="csv">\n{body}\n</data>'
    raw = b"".join(struct.pack("<I", g) for row in gids for g in row)
    compression = ""
    if layer.encoding == "base64-zlib":
        raw = zlib.compress(raw, 9)
        compression = ' compression="zlib"'
    text = base64.b64encode(raw).decode("ascii")
    return f'{indent}<data encoding="base64"{compression}>\n{indent}   {text}\n{indent}</data>'


class _Writer:
    """Assigns ids in document order and renders XML lines."""

    def __init__(self, design: MapDesign) -> None:
        """Prepare ids for every unit (objects are numbered in document order from 1)."""
        self.design = design
        self.next_layer = 1
        self.object_ids: dict[str, int] = {}
        counter = 1
        for layer in _object_layers(design.layers):
            for obj in layer.objects:
                if isinstance(obj, Unit):
                    self.object_ids[obj.key] = counter
                counter += 1
        self.next_object = counter

    def layer_lines(self, layer, indent: str) -> list[str]:
        """XML for one layer (recursing into groups)."""
        lid = self.next_layer
        self.next_layer += 1
        name = quoteattr(layer.name)
        if isinstance(layer, Group):
            lines = [f"{indent}<group id=\"{lid}\" name={name}>"]
            for child in layer.layers:
                lines += self.layer_lines(child, indent + " ")
            return lines + [f"{indent}</group>"]
        if isinstance(layer, TileLayer):
            d = self.design
            marks = properties_xml([Prop("decoration", "bool", True)] if layer.decoration else [], indent + " ")
            return [f'{indent}<layer id="{lid}" name={name} width="{d.width}" height="{d.height}">',
                    *([marks.rstrip("\n")] if marks else []), encode_data(layer, indent + " "), f"{indent}</layer>"]
        colour = f" color={quoteattr(layer.color)}" if layer.color else ""
        lines = [f"{indent}<objectgroup id=\"{lid}\" name={name}{colour}>"]
        for obj in layer.objects:
            lines += self.object_lines(obj, indent + " ")
        return lines + [f"{indent}</objectgroup>"]

    def object_lines(self, obj, indent: str) -> list[str]:
        """XML for a unit or a note."""
        layout = self.design.layout
        cx, cy = layout.hex_center(layout.offset_to_hex(obj.col, obj.row))
        if isinstance(obj, Note):
            oid = self._note_id(obj)
            return [f'{indent}<object id="{oid}" x="{_num(cx - obj.width / 2)}" y="{_num(cy)}" '
                    f'width="{obj.width}" height="{obj.height}">',
                    f'{indent} <text wrap="1">{_escape(obj.text)}</text>', f"{indent}</object>"]
        return _unit_lines(obj, self.object_ids[obj.key], cx, cy, indent)

    def _note_id(self, note: Note) -> int:
        """A note's id: its position among all objects, counted in document order."""
        counter = 1
        for layer in _object_layers(self.design.layers):
            for obj in layer.objects:
                if obj is note:
                    return counter
                counter += 1
        raise AssertionError("note not in design")

    def side_props(self) -> list[Prop]:
        """The SideSetup map properties with leaders resolved to object ids."""
        props = []
        for side in self.design.sides:
            members = [Prop("name", "string", side.name),
                       Prop("controller", "string", side.controller, "Controller"), *side.members]
            if side.leader:
                members.append(Prop("leader", "object", self.object_ids[side.leader]))
            props.append(Prop(side.side, "class", tuple(members), "SideSetup"))
        return props


def _escape(text: str) -> str:
    """Escape XML text content."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _unit_lines(unit: Unit, oid: int, cx: float, cy: float, indent: str) -> list[str]:
    """A unit object: a template instance, a token tile object, or an ellipse.

    Attributes in Tiled's order: id, template, name, type, gid, x, y, width, height.
    """
    half = TOKEN_SIZE / 2
    token_gid = TOKEN_FIRSTGID + TOKEN_IDS[unit.side]
    props: list[Prop] = list(unit.overrides)
    attrs = [f'id="{oid}"']
    if unit.template:
        attrs.append(f'template="templates/{unit.template}.tx"')
    if unit.name:
        attrs.append(f"name={quoteattr(unit.name)}")
    if unit.template:
        if unit.side != TEMPLATE_BY_STEM[unit.template].side:
            attrs.append(f'gid="{token_gid}"')
            props.append(Prop("side", "string", unit.side, "Side"))
        attrs.append(f'x="{_num(cx - half)}" y="{_num(cy + half)}"')
    else:
        attrs.append(f"type={quoteattr(unit.object_class)}")
        if unit.object_class == "Unit":
            props.append(Prop("unit_type", "string", unit.unit_type))
        props.append(Prop("side", "string", unit.side, "Side"))
        if unit.shape == "ellipse":
            attrs.append(f'x="{_num(cx - half)}" y="{_num(cy - half)}"')
        else:
            attrs.append(f'gid="{token_gid}" x="{_num(cx - half)}" y="{_num(cy + half)}"')
        attrs.append(f'width="{TOKEN_SIZE}" height="{TOKEN_SIZE}"')
    body = properties_xml(props, indent + " ")
    if unit.shape == "ellipse":
        body += f"{indent} <ellipse/>\n"
    head = " ".join(attrs)
    if not body:
        return [f"{indent}<object {head}/>"]
    return [f"{indent}<object {head}>", body.rstrip("\n"), f"{indent}</object>"]


def _object_layers(layers) -> list[ObjectLayer]:
    """Object layers in document order, inside groups too."""
    found = []
    for layer in layers:
        if isinstance(layer, Group):
            found += _object_layers(layer.layers)
        elif isinstance(layer, ObjectLayer):
            found.append(layer)
    return found


def _count_layers(layers) -> int:
    """Layers including groups and their children."""
    return sum(1 + (_count_layers(l.layers) if isinstance(l, Group) else 0) for l in layers)


def map_xml(design: MapDesign) -> str:
    """The complete .tmx text for a design."""
    w = _Writer(design)
    s = design.size
    head = (f'<map version="{FORMAT_VERSION}" orientation="hexagonal" renderorder="right-down" '
            f'width="{design.width}" height="{design.height}" tilewidth="{s.width}" '
            f'tileheight="{s.height}" infinite="0" hexsidelength="{s.side}" '
            f'staggeraxis="{s.stagger_axis}" staggerindex="{design.stagger_index}" '
            f'nextlayerid="{_count_layers(design.layers) + 1}" nextobjectid="{w.next_object}">')
    lines = [XML_HEAD.rstrip("\n"), head]
    props = properties_xml([*design.props, *w.side_props()], " ")
    if props:
        lines.append(props.rstrip("\n"))
    lines.append(f' <tileset firstgid="1" source="tilesets/terrain-{s.layout}.tsx"/>')
    lines.append(f' <tileset firstgid="{TOKEN_FIRSTGID}" source="tilesets/unit-tokens.tsx"/>')
    for layer in design.layers:
        lines += w.layer_lines(layer, " ")
    lines.append("</map>")
    return "\n".join(lines) + "\n"

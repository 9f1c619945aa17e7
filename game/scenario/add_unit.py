"""Writing a unit into a Tiled map: the object as XML, and `add_unit` into a `.tmx` file.

The map is first read with the loader (it must have no errors), the object goes onto the
map's units object layer with the map's next object id, and the new file is read again by
the loader before it atomically replaces the old one: a map is never left half written, and
never written in a form the loader (or Tiled) would refuse.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET

import defusedxml
import defusedxml.ElementTree

from game.hexgrid import Hex
from game.rules.catalog import Catalog
from game.scenario.documents import MAX_FILE_BYTES
from game.scenario.loader import load_scenario
from game.scenario.model import Scenario
from game.userfiles import read_file

UNITS_LAYER = "units"
TILED_INDENT = " "  # Tiled writes one space per level


class AddUnitError(ValueError):
    """The unit cannot be written into the map; the message names the map and what to fix."""


@dataclass(frozen=True, slots=True)
class NewUnit:
    """A unit to place: its type id, side, squad size and name (empty: the loader names it from
    its type and object id)."""

    unit_type: str
    side: str
    count: int
    name: str


def unit_object(unit: NewUnit, x: float = 0, y: float = 0, object_id: int | None = None) -> ET.Element:
    """The Tiled point object for a unit (class Unit), as the loader reads it (scenario-format.md)."""
    attributes = {"id": str(object_id)} if object_id is not None else {}
    attributes |= {"name": unit.name} if unit.name else {}
    attributes |= {"type": "Unit", "x": _number(x), "y": _number(y)}
    obj = ET.Element("object", attributes)
    props = ET.SubElement(obj, "properties")
    ET.SubElement(props, "property", {"name": "count", "type": "int", "value": str(unit.count)})
    ET.SubElement(props, "property", {"name": "side", "propertytype": "Side", "value": unit.side})
    ET.SubElement(props, "property", {"name": "unit_type", "value": unit.unit_type})
    ET.SubElement(obj, "point")
    return obj


def object_text(obj: ET.Element, level: int = 0) -> str:
    """The object as indented XML, the way Tiled lays it out."""
    ET.indent(obj, space=TILED_INDENT, level=level)
    return ET.tostring(obj, encoding="unicode").rstrip().replace(" />", "/>")


def _number(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


def add_unit(path: Path, unit: NewUnit, cell: tuple[int, int], catalog: Catalog) -> tuple[int, Hex]:
    """Add the unit to the map at `cell`; returns its object id and hex. Raises AddUnitError."""
    path = Path(path).resolve()
    if path.suffix.lower() != ".tmx":
        raise AddUnitError(f"{path.name}: only .tmx maps can be written to; save the map as .tmx in Tiled")
    scenario = _readable(path, catalog)
    hex_ = _free_hex(scenario, cell, path)
    tree = _parsed(path)
    object_id = _take_object_id(tree.getroot())
    layer, (dx, dy) = _units_layer(tree.getroot(), scenario)
    x, y = scenario.layout.hex_center(hex_)
    _append(layer, unit_object(unit, x - dx, y - dy, object_id))
    _replace_checked(path, tree, catalog, object_id, hex_)
    return object_id, hex_


def join_squad(path: Path, object_id: int, unit_type: str, recruits: int, catalog: Catalog) -> int:
    """Add recruits to the squad object `object_id` of the same type (seed 002: NPCs may join a
    squad of their type); returns its new count. Raises AddUnitError."""
    path = Path(path).resolve()
    if path.suffix.lower() != ".tmx":
        raise AddUnitError(f"{path.name}: only .tmx maps can be written to; save the map as .tmx in Tiled")
    scenario = _readable(path, catalog)
    squad = next((u for u in scenario.units if u.object_id == object_id), None)
    if squad is None or squad.unit_type != unit_type:
        found = f"is a {squad.unit_type}" if squad else "is not a unit on the map"
        raise AddUnitError(f"{path.name}: object {object_id} {found}; recruits join a squad of their own type ({unit_type})")
    tree = _parsed(path)
    obj = next((o for o in tree.getroot().iter("object") if o.get("id") == str(object_id)), None)
    if obj is None:
        raise AddUnitError(f"{path.name}: object {object_id} is not written in the map itself; raise its count in Tiled")
    set_count(obj, squad.count + recruits)
    _replace_checked(path, tree, catalog, object_id, squad.hex, squad.count + recruits)
    return squad.count + recruits


def _parsed(path: Path) -> ET.ElementTree:
    """The map's XML as written (the loader has just read it safely; read it the same way,
    `game.userfiles`, in case something else was put at its path since)."""
    try:
        return ET.ElementTree(defusedxml.ElementTree.fromstring(read_file(path, MAX_FILE_BYTES), forbid_dtd=True))
    except (OSError, ET.ParseError, defusedxml.DefusedXmlException) as error:
        raise AddUnitError(f"{path.name}: cannot be read again to add to it ({getattr(error, 'strerror', None) or error})") from None


def set_count(obj: ET.Element, count: int) -> None:
    """Set the object's own `count` property (it may have come from its template before)."""
    props = obj.find("properties")
    if props is None:
        props = ET.Element("properties")
        obj.insert(0, props)
    found = next((p for p in props.findall("property") if p.get("name") == "count"), None)
    if found is None:
        found = ET.Element("property", {"name": "count", "type": "int"})
        after = [i for i, p in enumerate(props) if (p.get("name") or "") < "count"]
        props.insert(after[-1] + 1 if after else 0, found)  # Tiled keeps properties sorted by name
    found.set("value", str(count))
    ET.indent(obj, space=TILED_INDENT, level=2)


def _readable(path: Path, catalog: Catalog) -> Scenario:
    result = load_scenario(path, catalog)
    errors = [p for p in result.problems if p.severity == "error"]
    if result.scenario is None or errors:
        first = errors[0].text() if errors else "it cannot be read as a hex map"
        raise AddUnitError(f"{path.name} has problems ({first}); run `hexbattle check {path.name}` and fix them first")
    return result.scenario


def _free_hex(scenario: Scenario, cell: tuple[int, int], path: Path) -> Hex:
    """The hex at the map cell; it must be on the map, passable and not taken by another unit."""
    hex_ = scenario.layout.offset_to_hex(*cell)
    where = f"{path.name}: cell {cell[0]},{cell[1]}"
    terrain = scenario.terrain.get(hex_)
    if terrain is None:
        raise AddUnitError(f"{where} is not on the map; give a column and row as Tiled shows them")
    if terrain.impassable:
        raise AddUnitError(f"{where} is impassable terrain; choose another cell")
    taken = next((u for u in scenario.units if u.hex == hex_), None)
    if taken is not None:
        raise AddUnitError(f"{where} is taken by {taken.name} (object {taken.object_id}); choose another cell")
    return hex_


def _take_object_id(root: ET.Element) -> int:
    """The map's next object id, raised by one as Tiled does."""
    used = [int(o.get("id", "0")) for o in root.iter("object") if (o.get("id") or "").isdigit()]
    next_id = max([int(root.get("nextobjectid", "0") or 0), *(i + 1 for i in used), 1])
    root.set("nextobjectid", str(next_id + 1))
    return next_id


def _units_layer(root: ET.Element, scenario: Scenario) -> tuple[ET.Element, tuple[float, float]]:
    """The top-level object layer named `units`, else the first holding a unit, else a new one."""
    layers = root.findall("objectgroup")
    holding = {u.layer for u in scenario.units}
    layer = next((g for g in layers if g.get("name") == UNITS_LAYER), None) \
        or next((g for g in layers if g.get("name") in holding), None)
    if layer is None:
        layer = _new_layer(root)
    return layer, (float(layer.get("offsetx", 0)), float(layer.get("offsety", 0)))


def _new_layer(root: ET.Element) -> ET.Element:
    layer_id = int(root.get("nextlayerid", "0") or 0) or 1 + max(
        [int(e.get("id", 0)) for e in root.iter() if e.tag in ("layer", "objectgroup", "group", "imagelayer")] or [0])
    root.set("nextlayerid", str(layer_id + 1))
    layer = ET.Element("objectgroup", {"id": str(layer_id), "name": UNITS_LAYER})
    _append(root, layer, level=1)
    return layer


def _append(parent: ET.Element, child: ET.Element, level: int = 2) -> None:
    """Append with Tiled's indentation, keeping the closing tag on its own line."""
    ET.indent(child, space=TILED_INDENT, level=level)
    closing = "\n" + TILED_INDENT * (level - 1)
    if len(parent):
        parent[-1].tail = "\n" + TILED_INDENT * level
    else:
        parent.text = "\n" + TILED_INDENT * level
    child.tail = closing
    parent.append(child)


def _replace_checked(path: Path, tree: ET.ElementTree, catalog: Catalog, object_id: int, hex_: Hex,
                     count: int | None = None) -> None:
    """Write beside the map, read it back with the loader, then atomically put it in place."""
    handle, temp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmx", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(map_text(tree.getroot()).encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        _check_written(Path(temp), catalog, object_id, hex_, path, count)
        os.chmod(temp, path.stat().st_mode & 0o7777)
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


def map_text(root: ET.Element) -> str:
    """The map as Tiled writes it: its XML declaration, and `<x/>` for empty elements. The
    serialiser escapes `>` in text and attributes, so ` />` only ever ends a tag."""
    body = ET.tostring(root, encoding="unicode").replace(" />", "/>")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def _check_written(temp: Path, catalog: Catalog, object_id: int, hex_: Hex, path: Path, count: int | None) -> None:
    result = load_scenario(temp, catalog)
    errors = [p for p in result.problems if p.severity == "error"]
    placed = result.scenario and any(u.object_id == object_id and u.hex == hex_ and count in (None, u.count)
                                     for u in result.scenario.units)
    if errors or not placed:
        why = errors[0].text() if errors else "the new unit did not read back on its hex"
        raise AddUnitError(f"{path.name} was left unchanged: the written map would not load ({why})")

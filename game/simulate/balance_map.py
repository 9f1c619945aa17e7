"""Writing the balanced scenario: the original .tmx with the candidate's roster, nothing else changed.

Added units go at the end of an object layer: a copy of an unnamed unit of their type and side
(its template, token and facing; its name left to the loader, 'Thug 15'), else a new object of
class Unit in the layer of the side's last unit, with that unit's facing. Removed units go with
their line; a squad's count is set on its object; the map's next object id moves past the new
ones; a removed leader's `leader` member goes too. Written elsewhere than beside the original,
the map's file references (tilesets, templates, images, file properties) are rewritten to reach
the same files. The new map is read back by the loader and must place exactly the units the
search played (`apply_change`) before it is moved into place; the original is never written.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from xml.etree import ElementTree as ET

from game.battle import Catalog
from game.scenario.add_unit import NewUnit, set_count, unit_object
from game.scenario.loader import load_scenario
from game.scenario.map_edits import MapEditError, MapEdits, read_map
from game.scenario.model import Scenario, UnitPlacement
from game.scenario.xml_spans import Span, children
from game.simulate.roster import Added, RosterChange, apply_change

REFERENCES = {"tileset": "source", "image": "source", "object": "template"}
"""The attribute of each element that names another file, relative to the map."""


class BalanceMapError(ValueError):
    """The balanced map cannot be written; the message says why and what to do."""


def balanced_bytes(data: bytes, scenario: Scenario, change: RosterChange) -> bytes:
    """The map's bytes with the candidate's roster (raises MapEditError)."""
    edits = MapEdits(data)
    for object_id in change.removed:
        edits.remove(edits.object(object_id))
    for object_id, count in change.counts:
        span = edits.object(object_id)
        squad = edits.element(span)
        set_count(squad, count)
        edits.replace(span, squad)
    by_id = {u.object_id: u for u in scenario.units}
    for added in change.added:
        _add(edits, added, change.side, scenario, by_id)
    if change.added:
        before = int(edits.spans[0].attrs.get("nextobjectid", "0") or 0)
        edits.set_attribute(edits.spans[0], "nextobjectid", str(max(before, change.added[-1].object_id + 1)))
    if change.leaderless:
        edits.remove(_leader_member(edits, change.side))
    return edits.apply()


def _add(edits: MapEdits, added: Added, side: str, scenario: Scenario, by_id: Mapping[int, UnitPlacement]) -> None:
    """One added unit: a copy of its model's object, else a new Unit object."""
    if added.copy_of:
        span = edits.object(added.copy_of)
        edits.append_object(edits.spans[span.parent], _copy(edits.element(span), added, by_id[added.copy_of], scenario))
        return
    span = edits.object(added.beside)
    layer = edits.spans[span.parent]
    x, y = scenario.layout.hex_center(added.hex)
    dx, dy = _offsets(edits.spans, span.parent)
    obj = unit_object(NewUnit(added.unit_type, side, 1, ""), x - dx, y - dy, added.object_id)
    props = obj.find("properties")
    extra = ([("facing", "int", str(added.facing))] if added.facing is not None else []) + \
        ([("hidden", "bool", "true")] if added.hidden else [])
    for at, (name, kind, value) in enumerate(extra, start=1):  # after count: Tiled sorts them by name
        props.insert(at, ET.Element("property", {"name": name, "type": kind, "value": value}))
    edits.append_object(layer, obj)


def _copy(obj: ET.Element, added: Added, model: UnitPlacement, scenario: Scenario) -> ET.Element:
    """The model's object as the added unit: its id, moved to the added unit's hex, unnamed,
    leading nobody's squad."""
    obj.set("id", str(added.object_id))
    obj.attrib.pop("name", None)
    (nx, ny), (ox, oy) = scenario.layout.hex_center(added.hex), scenario.layout.hex_center(model.hex)
    x, y = float(obj.get("x", 0)), float(obj.get("y", 0))
    props = obj.find("properties")
    found = {p.get("name"): p for p in props.findall("property")} if props is not None else {}
    if "col" in found and "row" in found:
        col, row = scenario.layout.hex_to_offset(added.hex)
        found["col"].set("value", str(col))
        found["row"].set("value", str(row))
    if (x, y) != (0, 0) or "col" not in found:
        obj.set("x", _coordinate(x + nx - ox))
        obj.set("y", _coordinate(y + ny - oy))
    if "led_by" in found:
        props.remove(found["led_by"])
    return obj


def _coordinate(value: float) -> str:
    """A pixel coordinate as Tiled writes it: whole, or with the decimals it needs."""
    return str(int(value)) if value == int(value) else f"{value:.4f}".rstrip("0").rstrip(".")


def _offsets(spans: tuple[Span, ...], index: int) -> tuple[float, float]:
    """The pixel offsets of a layer and every group holding it, added up."""
    dx = dy = 0.0
    while index > 0:
        dx += float(spans[index].attrs.get("offsetx", 0) or 0)
        dy += float(spans[index].attrs.get("offsety", 0) or 0)
        index = spans[index].parent
    return dx, dy


def _leader_member(edits: MapEdits, side: str) -> Span:
    """The `leader` member of the side's SideSetup map property."""
    spans = edits.spans
    for props in (i for i in children(spans, 0) if spans[i].tag == "properties"):
        for prop in children(spans, props):
            if spans[prop].attrs.get("name") != side:
                continue
            for inner in (i for i in children(spans, prop) if spans[i].tag == "properties"):
                for member in children(spans, inner):
                    if spans[member].attrs.get("name") == "leader":
                        return spans[member]
    raise MapEditError(f"sets no leader for side '{side}' in the map itself")


def file_references(spans: tuple[Span, ...]) -> Iterator[tuple[Span, str, str]]:
    """Every relative file reference in the map: (element, attribute, value)."""
    for span in spans:
        name = "value" if span.tag == "property" and span.attrs.get("type") == "file" else REFERENCES.get(span.tag)
        value = span.attrs.get(name or "")
        if value and not os.path.isabs(value) and "://" not in value:
            yield span, name, value


def moved_reference(value: str, source_dir: Path, out_dir: Path) -> str:
    """A reference relative to `source_dir`, rewritten relative to `out_dir` (same file)."""
    return os.path.relpath((source_dir / value).resolve(), out_dir.resolve()).replace(os.sep, "/")


def moved_references(data: bytes, source_dir: Path, out_dir: Path) -> bytes:
    """The map's bytes with each relative file reference rewritten to reach the same file from
    `out_dir` (unchanged when the two folders are the same)."""
    if source_dir.resolve() == out_dir.resolve():
        return data
    edits = MapEdits(data)
    for span, name, value in file_references(edits.spans):
        edits.set_attribute(span, name, moved_reference(value, source_dir, out_dir))
    return edits.apply()


def write_balanced(source: Path, out: Path, scenario: Scenario, change: RosterChange, catalog: Catalog) -> None:
    """Write the balanced map to `out` (never the source), read it back, and move it into place
    only when it places exactly the candidate's units; raises BalanceMapError."""
    try:
        data = balanced_bytes(read_map(source), scenario, change)
        data = moved_references(data, source.parent, out.parent)
    except (OSError, MapEditError) as error:
        raise BalanceMapError(f"{source.name}: cannot be rewritten ({getattr(error, 'strerror', None) or error})") from None
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{out.stem[:60]}.", suffix=".tmx", dir=out.parent)
    except OSError as error:
        raise BalanceMapError(f"{out}: cannot be written ({error.strerror or error})") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        _check_written(Path(temp), out, scenario, change, catalog)
        os.chmod(temp, source.stat().st_mode & 0o666)
        os.replace(temp, out)
    except OSError as error:
        raise BalanceMapError(f"{out}: cannot be written ({error.strerror or error})") from None
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


def _check_written(temp: Path, out: Path, scenario: Scenario, change: RosterChange, catalog: Catalog) -> None:
    """The written map must load without errors and place the units the search played."""
    result = load_scenario(temp, catalog)
    expected = apply_change(scenario, change)
    if not result.ok:
        why = result.errors[0].text() if result.errors else "it cannot be read as a hex map"
        raise BalanceMapError(f"{out.name} was not written: the balanced map would not load there ({why}); "
                              "write it in the original map's folder")
    written = result.scenario
    if written.units != expected.units or written.sides[change.side].leader != expected.sides[change.side].leader:
        raise BalanceMapError(f"{out.name} was not written: the map read back does not place the units the search "
                              "played (a bug: please report it with the map)")


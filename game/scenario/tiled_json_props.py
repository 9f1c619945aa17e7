"""Shared pieces of the Tiled JSON -> TMX conversion: reading JSON fields, writing TMX attributes, properties.

Properties follow mapeditor/tiled ``docs/reference/json-map-format.rst`` (Property) and
``src/libtiled/mapwriter.cpp`` ``writeProperties``/``writePropertyValue``: sorted by name (Tiled
keeps them in a ``QMap``), no ``type`` for strings, multi-line strings as element text, class
values as nested ``<properties>`` (members sorted by name), ``list`` values (Tiled 1.12) as
``<item>`` children.

JSON stores only the *values* of class members, not their types. Member types come from the
project's custom types when the caller passes them (``property_types``: the ``propertyTypes``
array of a ``.tiled-project`` or an exported types file); otherwise they are read off the JSON
value (bool, int, float, string, object -> class, array -> list), so a ``color``/``file``/enum
member converted without the types reads back as a plain string.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, SubElement

from game.userfiles import read_file

PropertyTypes = Mapping[str, Mapping[str, Any]]
"""Custom class types by name, as built by ``index_property_types``."""

MAX_JSON_BYTES = 32 * 1024 * 1024
"""Largest Tiled JSON file read (as for TMX files, `game.scenario.documents`)."""

PROPERTY_TYPES = frozenset({"string", "int", "float", "bool", "color", "file", "object", "class", "list"})
_KINDS = {
    "int": "an integer",
    "num": "a number",
    "str": "a string",
    "bool": "true or false",
    "list": "a list",
    "dict": "a JSON object",
}


class TiledJsonError(ValueError):
    """A Tiled JSON file that cannot be converted: ``file``, ``where`` in it (outermost first), ``message``."""

    def __init__(self, message: str, file: str = "", where: tuple[str, ...] = ()) -> None:
        self.message, self.file, self.where = message, file, where
        super().__init__(": ".join(((file,) if file else ()) + where + (message,)))


@contextmanager
def within(label: str) -> Iterator[None]:
    """Add ``label`` (a layer, object, property...) to the place of any TiledJsonError raised inside."""
    try:
        yield
    except TiledJsonError as error:
        raise TiledJsonError(error.message, error.file, (label, *error.where)) from None


@contextmanager
def in_file(file: str) -> Iterator[None]:
    """Name ``file`` in any TiledJsonError raised inside."""
    try:
        yield
    except TiledJsonError as error:
        raise TiledJsonError(error.message, file, error.where) from None


def _coerce(value: Any, kind: str) -> Any:
    """Return ``value`` as ``kind`` or raise TypeError; JSON null never reaches here."""
    if kind == "int":
        if isinstance(value, float) and value.is_integer():
            return int(value)
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind == "num":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif kind == "bool":
        if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
            return bool(value)  # json1 and hand-written files use 0/1
        ok = isinstance(value, bool)
    else:
        ok = isinstance(value, {"str": str, "list": list, "dict": dict}[kind])
    if not ok:
        raise TypeError(kind)
    return value


def field(data: Mapping[str, Any], key: str, kind: str, default: Any = None) -> Any:
    """Read ``data[key]`` as ``kind`` (int, num, str, bool, list, dict); absent or null gives ``default``."""
    value = data.get(key)
    if value is None:
        return default
    try:
        return _coerce(value, kind)
    except TypeError:
        raise TiledJsonError(f"'{key}' must be {_KINDS[kind]}, not {json_repr(value)}") from None


def json_repr(value: Any) -> str:
    """A short JSON-style rendering of a bad value for error messages."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def fmt_num(value: int | float) -> str:
    """A number as Qt writes it: whole values without a decimal point, others at full precision."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    return repr(value) if isinstance(value, float) else str(value)


Spec = tuple[tuple[str, str, Any], ...]
"""Attributes to copy: (JSON key = TMX attribute name, kind for ``field``, the value Tiled leaves out)."""


def load_json(path: Path, limit: int = MAX_JSON_BYTES) -> Any:
    """Read and parse a JSON file (a regular file of at most `limit` bytes, `game.userfiles`)
    with the json module only; any failure is a TiledJsonError naming the spot."""
    try:
        data = read_file(Path(path), limit)
    except OSError as error:
        raise TiledJsonError(f"cannot read the file ({error.strerror or error})", str(path)) from None
    return parse_json(data, str(path))


def parse_json(data: bytes, source: str) -> Any:
    """Parse a JSON file's bytes (`source` names it in messages); any failure is a
    TiledJsonError naming the spot."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise TiledJsonError(f"not UTF-8 text (bad byte at offset {error.start})", source) from None
    try:
        with in_file(source):
            return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        hint = " - this looks like XML (TMX/TSX/TX), not JSON" if text.lstrip().startswith("<") else ""
        message = f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}{hint}"
        raise TiledJsonError(message, source) from None


def _reject_constant(name: str) -> Any:
    """NaN and Infinity are not JSON and Tiled never writes them."""
    raise TiledJsonError(f"invalid JSON: {name} is not a number JSON allows")


def top_level(data: Any, expected: str) -> dict[str, Any]:
    """The top-level object, checked to be a Tiled file of the expected ``type`` when it says."""
    if not isinstance(data, dict):
        raise TiledJsonError(f"the top level must be a JSON object (a Tiled {expected}), not {json_repr(data)}")
    kind = data.get("type")
    if kind is not None and kind != expected:
        raise TiledJsonError(f"this is a Tiled {json_repr(kind)} file, not a {expected}")
    if data.get("format") == "hexbattle-save":
        raise TiledJsonError("this is a hexbattle save, not a Tiled map; open it with 'hexbattle replay'")
    if expected == "map" and kind is None and "orientation" not in data and "layers" not in data:
        raise TiledJsonError('this is not a Tiled map: it has no "type": "map", orientation or layers')
    return data


def items(data: Mapping[str, Any], key: str, what: str, label_by: str = "name") -> list[tuple[str, dict]]:
    """The JSON objects in list ``key``, each with a label for messages (its name or id, else its position)."""
    labelled = []
    for index, item in enumerate(field(data, key, "list", [])):
        if not isinstance(item, dict):
            raise TiledJsonError(f"{what} #{index + 1} in '{key}' must be a JSON object, not {json_repr(item)}")
        name = item.get(label_by)
        labelled.append((f"{what} {name!r}" if name not in (None, "") else f"{what} #{index + 1}", item))
    return labelled


def copy_attributes(element: Element, data: Mapping[str, Any], spec: Spec) -> None:
    """Set the attributes in ``spec`` that the JSON has, leaving out empty strings and Tiled's defaults."""
    for key, kind, left_out in spec:
        value = field(data, key, kind)
        if value is not None and value != left_out and value != "":
            element.set(key, attribute_text(value))


def attribute_text(value: Any) -> str:
    """TMX attribute text: bools as 1/0, numbers as Qt writes them, strings as they are."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return fmt_num(value) if isinstance(value, (int, float)) else value


def set_pair(element: Element, data: Mapping[str, Any], key_x: str, key_y: str) -> None:
    """Both of an x/y pair (offsets, parallax origin) when either is non-zero, as Tiled writes them."""
    x, y = field(data, key_x, "num", 0), field(data, key_y, "num", 0)
    if x or y:
        element.set(key_x, fmt_num(x))
        element.set(key_y, fmt_num(y))


def set_version(element: Element, data: Mapping[str, Any]) -> None:
    """The format ``version``: a string since Tiled 1.6, a number before."""
    version = data.get("version")
    if isinstance(version, (int, float)) and not isinstance(version, bool):
        version = fmt_num(version)
    if version is not None and not isinstance(version, str):
        raise TiledJsonError(f"'version' must be a string, not {json_repr(version)}")
    if version:
        element.set("version", version)


def index_property_types(property_types: Sequence[Mapping[str, Any]] | None) -> PropertyTypes:
    """Custom *class* types by name from a ``propertyTypes`` array (enums need no lookup)."""
    index: dict[str, Mapping[str, Any]] = {}
    for entry in property_types or ():
        if isinstance(entry, Mapping) and entry.get("type") == "class" and isinstance(entry.get("name"), str):
            index[entry["name"]] = entry
    return index


def properties_element(owner: Mapping[str, Any], types: PropertyTypes) -> Element | None:
    """The ``<properties>`` element for a JSON map/layer/tileset/tile/object, or None if it has none."""
    entries = _property_entries(owner)
    if not entries:
        return None
    element = Element("properties")
    for name, ptype, propertytype, value in entries:
        with within(f"property {name!r}"):
            prop = SubElement(element, "property", name=name)
            write_value(prop, ptype, propertytype, value, types)
    return element


def _property_entries(owner: Mapping[str, Any]) -> list[tuple[str, str, str, Any]]:
    """(name, type, propertytype, value) sorted by name, from the 1.2+ list or the json1 object form."""
    raw = owner.get("properties")
    if raw is None:
        return []
    if isinstance(raw, dict):  # Tiled <= 1.1 / json1: {"name": value} + "propertytypes": {"name": "int"}
        declared = field(owner, "propertytypes", "dict", {})
        raw = [{"name": k, "type": declared.get(k) or infer_type(v), "value": v} for k, v in raw.items()]
    if not isinstance(raw, list):
        raise TiledJsonError(f"'properties' must be a list, not {json_repr(raw)}")
    entries: dict[str, tuple[str, str, str, Any]] = {}
    for index, item in enumerate(raw):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise TiledJsonError(f"property #{index + 1} must be an object with a string 'name'")
        name = item["name"]
        if name in entries:
            raise TiledJsonError(f"property {name!r} is defined twice")
        with within(f"property {name!r}"):
            ptype = field(item, "type", "str", "string")
            entries[name] = (name, ptype, field(item, "propertytype", "str", ""), item.get("value"))
    return [entries[name] for name in sorted(entries)]


def infer_type(value: Any) -> str:
    """The Tiled property type a bare JSON value reads as (class members, json1 properties)."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return {dict: "class", list: "list"}.get(type(value), "string")


def write_value(
    element: Element, ptype: str, propertytype: str, value: Any, types: PropertyTypes
) -> None:
    """Fill a ``<property>`` or ``<item>`` element: type/propertytype attributes and the value."""
    if ptype not in PROPERTY_TYPES:
        known = ", ".join(sorted(PROPERTY_TYPES))
        raise TiledJsonError(f"unknown property type {json_repr(ptype)} (Tiled's types are {known})")
    if ptype != "string":
        element.set("type", ptype)
    if propertytype:
        element.set("propertytype", propertytype)
    if ptype == "class":
        _write_class(element, propertytype, value, types)
    elif ptype == "list":
        _write_list(element, value, types)
    else:
        text = _scalar_text(ptype, value)
        if "\n" in text:
            element.text = text
        else:
            element.set("value", text)


def _scalar_text(ptype: str, value: Any) -> str:
    """The TMX text of a string/int/float/bool/color/file/object value."""
    kind = {"int": "int", "object": "int", "float": "num", "bool": "bool"}.get(ptype, "str")
    if value is None:
        value = {"int": 0, "num": 0, "bool": False}.get(kind, "")
    try:
        value = _coerce(value, kind)
    except TypeError:
        raise TiledJsonError(f"'value' of type {ptype!r} must be {_KINDS[kind]}, not {json_repr(value)}") from None
    if kind == "bool":
        return "true" if value else "false"
    return fmt_num(value) if kind in ("int", "num") else value


def _write_class(element: Element, propertytype: str, value: Any, types: PropertyTypes) -> None:
    """Nested ``<properties>`` for the set members of a class value (none written when empty)."""
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise TiledJsonError(f"'value' of type 'class' must be a JSON object of members, not {json_repr(value)}")
    if not value:
        return
    members = {
        m["name"]: m
        for m in types.get(propertytype, {}).get("members", ())
        if isinstance(m, Mapping) and isinstance(m.get("name"), str)
    }
    nested = SubElement(element, "properties")
    for name in sorted(value):
        member = members.get(name, {})
        mtype = member.get("type") or infer_type(value[name])
        with within(f"member {name!r}"):
            prop = SubElement(nested, "property", name=name)
            write_value(prop, mtype, member.get("propertytype") or "", value[name], types)


def _write_list(element: Element, value: Any, types: PropertyTypes) -> None:
    """``<item>`` children for a list value; items are ``{type, propertytype, value}`` objects."""
    if value is None:
        value = []
    if not isinstance(value, list):
        raise TiledJsonError(f"'value' of type 'list' must be a JSON array, not {json_repr(value)}")
    for index, item in enumerate(value):
        with within(f"item #{index + 1}"):
            if isinstance(item, dict) and "value" in item:
                ptype = field(item, "type", "str", "string")
                propertytype = field(item, "propertytype", "str", "")
                item_value = item["value"]
            else:  # a bare value, as inside older class members
                ptype, propertytype, item_value = infer_type(item), "", item
            write_value(SubElement(element, "item"), ptype, propertytype, item_value, types)

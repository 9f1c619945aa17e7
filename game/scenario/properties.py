"""Tiled custom properties: read with their types, then checked against what hexbattle reads.

Read here rather than by pytmx, which crashes on class and list properties, on values that do
not fit their type, and on names equal to attribute names (NOTES 6.11-6.13).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from xml.etree.ElementTree import Element

from game.rules.fields import Field, check_value, is_near_miss, suggestion
from game.scenario.problems import Problems

MAX_CLASS_DEPTH = 8
TILED_TYPES = ("string", "int", "float", "bool", "color", "file", "object", "class", "list")
FIELD_TYPES = {"int": "int", "bool": "bool", "str": "string", "name": "string", "text": "string", "choice": "string"}


@dataclass(frozen=True, slots=True)
class Prop:
    """One Tiled property: its Tiled type, its value and its custom type name if any.

    A class value is a dict of member name -> Prop; a list value is a tuple of Prop.
    """

    name: str
    type: str
    value: Any
    propertytype: str = ""


@dataclass(frozen=True, slots=True)
class Place:
    """Where properties live, for messages: the file and the thing in it."""

    file: str
    where: str


def read_properties(element: Element, place: Place, problems: Problems) -> dict[str, Prop]:
    """The properties of an element, by name; unreadable ones are reported and left out."""
    block = element.find("properties")
    return {} if block is None else _read_block(block, place, problems, 0)


def _read_block(block: Element, place: Place, problems: Problems, depth: int) -> dict[str, Prop]:
    """Every `<property>` of one `<properties>` block."""
    props: dict[str, Prop] = {}
    seen: set[str] = set()
    for node in block.findall("property"):
        name = node.get("name", "")
        if name in seen:
            problems.error(place.file, place.where, f"property '{name}' is defined twice; keep one")
            continue
        seen.add(name)
        prop = _read_property(node, place, problems, depth)
        if prop is not None:
            props[prop.name] = prop
    return props


def _read_property(node: Element, place: Place, problems: Problems, depth: int) -> Prop | None:
    """One property, converted to its Tiled type, or None when its value does not fit."""
    name = node.get("name", "")
    kind = node.get("type", "string") or "string"
    custom = node.get("propertytype", "")
    if kind not in TILED_TYPES:
        problems.error(place.file, place.where, f"property '{name}' has unknown type '{kind}'")
        return None
    if kind == "class":
        if depth >= MAX_CLASS_DEPTH:
            problems.error(place.file, place.where, f"property '{name}' nests classes too deeply")
            return None
        inner = node.find("properties")
        members = {} if inner is None else _read_block(inner, place, problems, depth + 1)
        if not members and not custom:
            problems.warning(place.file, place.where, untyped_class_advice(name))
        return Prop(name, kind, members, custom)
    if kind == "list":
        if depth >= MAX_CLASS_DEPTH:
            problems.error(place.file, place.where, f"property '{name}' nests lists too deeply")
            return None
        items = [_read_property(item, place, problems, depth + 1) for item in node.findall("item")]
        return Prop(name, kind, tuple(i for i in items if i is not None), custom)
    text = node.get("value")
    if text is None:
        text = node.text or ""
    value = _convert(kind, text)
    if value is None:
        problems.error(place.file, place.where,
                       f"property '{name}' has type {kind}, but its value '{text[:40]}' is not {_A[kind]}")
        return None
    return Prop(name, kind, value, custom)


PROJECT_FILE = "maps/hexbattle.tiled-project"


def untyped_class_advice(name: str) -> str:
    """What to do about a class property saved with no type and no members.

    Tiled writes a class property that way when it saves a map without the project's custom
    types loaded (the map was opened on its own, not through the project): the members are lost.
    """
    return (f"property '{name}' is a class property with no type and no values: Tiled saved the map "
            f"without hexbattle's custom types and dropped its members; open the map through "
            f"{PROJECT_FILE} (Project > Open Project), set the property's type and members again, and save")


_A = {"int": "a whole number", "float": "a number", "bool": "true or false",
      "object": "an object id", "string": "text", "color": "a colour", "file": "a file name"}


def _convert(kind: str, text: str) -> Any:
    """A property value of a scalar Tiled type, or None when the text does not fit it."""
    if kind in ("int", "object"):
        stripped = text.strip()
        digits = stripped[1:] if stripped[:1] == "-" else stripped
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 18):
            return None
        number = int(stripped)
        return None if kind == "object" and number < 0 else number
    if kind == "float":
        try:
            number = float(text)
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    if kind == "bool":
        return {"true": True, "false": False, "1": True, "0": False}.get(text.strip().lower())
    return text


def plain(prop: Prop) -> Any:
    """The property's value as plain Python: class -> dict, list -> list."""
    if prop.type == "class":
        return {name: plain(member) for name, member in prop.value.items()}
    if prop.type == "list":
        return [plain(item) for item in prop.value]
    return prop.value


def strip_properties(element: Element) -> None:
    """Remove the element's `<properties>` block (pytmx gets none; we have read them)."""
    for block in element.findall("properties"):
        element.remove(block)


def check_fields(props: Mapping[str, Prop], fields: Mapping[str, Field], place: Place,
                 problems: Problems, what: str, extra_known: Iterable[str] = ()) -> dict[str, Any]:
    """The values of properties we read, checked; unknown names reported, the rest ignored.

    An unknown name close to one of ours is an error with a suggestion (a typo loses a
    setting silently otherwise); any other unknown name is a warning that it is ignored.
    """
    values = {}
    known = [*fields, *extra_known]
    for name, prop in props.items():
        if name in fields:
            value = checked_value(prop, fields[name], place, problems)
            if value is not None:
                values[name] = value
        elif name not in known:
            report_unknown(name, known, place, problems, what)
    return values


def checked_value(prop: Prop, field: Field, place: Place, problems: Problems) -> Any:
    """A property's value if it fits the field, else None with the problem recorded."""
    value = plain(prop)
    problem = check_value(field, value)
    if problem:
        hint = ""
        wanted = FIELD_TYPES.get(field.kind)
        if wanted and prop.type != wanted and not (wanted == "int" and prop.type == "object"):
            hint = f" (make it {_article(wanted)} {wanted} property in Tiled; it is {_article(prop.type)} {prop.type} property)"
        problems.error(place.file, place.where, f"property '{prop.name}' {problem}{hint}")
        return None
    return value


def _article(word: str) -> str:
    """'a' or 'an' before a word."""
    return "an" if word[:1] in "aeiou" else "a"


def report_unknown(name: str, known: Iterable[str], place: Place, problems: Problems, what: str) -> None:
    """An unknown property: an error when it looks like a typo of a known one, else a warning."""
    known = list(known)
    if is_near_miss(name, known):
        problems.error(place.file, place.where, f"unknown property '{name}'{suggestion(name, known)}")
    else:
        problems.warning(place.file, place.where, f"property '{name}' is not {what} hexbattle reads; ignored")

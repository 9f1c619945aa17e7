"""Actions as JSON, the form a save file holds: `to_json`, `from_json`, and `canonical`, the
action as its save file will hold it (or why it cannot be one), which the battle asks at the door.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from game.actions.shared import ACTION_TYPES, Action, ActionFormatError
from game.hexgrid import Hex
from game.rules.dice import MAX_SIDES


def _encode(value: Any) -> Any:
    if isinstance(value, Hex):
        return [value.q, value.r]
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


LEFT_OUT_EMPTY = ("faces", "reason", "aim")
"""The fields a save file leaves out when they are empty (most actions carry none)."""


def to_json(action: Action) -> dict[str, Any]:
    """A plain JSON-able dict: {"type": kind, field: value, ...} (empty `LEFT_OUT_EMPTY` left out)."""
    data: dict[str, Any] = {"type": action.kind}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if f.name in LEFT_OUT_EMPTY and not value:
            continue
        data[f.name] = _encode(value)
    return data


def _decode(name: str, annotation: str, value: Any) -> Any:
    if "tuple[Hex" in annotation:
        if not isinstance(value, list) or not all(_is_pair(v) for v in value):
            raise ActionFormatError(f"'{name}' must be a list of [q, r] pairs")
        return tuple(Hex(*v) for v in value)
    if annotation.startswith("Hex"):
        if not _is_pair(value):
            raise ActionFormatError(f"'{name}' must be a [q, r] pair")
        return Hex(*value)
    if "tuple[str" in annotation:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ActionFormatError(f"'{name}' must be a list of words")
        return tuple(value)
    if "tuple[int" in annotation:
        if not isinstance(value, list) or not all(_is_int(v) for v in value):
            raise ActionFormatError(f"'{name}' must be a list of whole numbers")
        return tuple(value)
    expected = {"int": _is_int, "bool": lambda v: isinstance(v, bool), "str": lambda v: isinstance(v, str),
                "float": lambda v: (_is_int(v) or isinstance(v, float)) and math.isfinite(v)}
    check = expected.get(annotation.split(" ")[0])
    if check and not check(value) and not (annotation.endswith("None") and value is None):
        raise ActionFormatError(f"'{name}' must be of type {annotation}, not {value!r}")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_pair(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)


def _exact_hex(value: Any) -> bool:
    return type(value) is Hex and type(value.q) is int and type(value.r) is int


_EXACT = {
    "int": lambda v: type(v) is int,
    "bool": lambda v: type(v) is bool,
    "str": lambda v: type(v) is str,
    "Hex": _exact_hex,
    "tuple[Hex, ...]": lambda v: type(v) is tuple and all(_exact_hex(h) for h in v),
    "tuple[int, ...]": lambda v: type(v) is tuple and all(type(i) is int for i in v),
    "tuple[str, ...]": lambda v: type(v) is tuple and all(type(w) is str for w in v),
}
"""For each field annotation, a test that a value is exactly what `from_json` would rebuild
from its JSON (the same type, nothing converted on the way)."""


_EXACT_TYPES = {"int": int, "bool": bool, "str": str}
"""The annotations whose test is that the value's type is exactly this one (`_EXACT`'s first three),
which `in_json_form` reads in place rather than through a call."""


_EXACT_FIELDS: dict[type, tuple[tuple[str, Any], ...] | None] = {}


def _exact_fields(cls: type) -> tuple[tuple[str, Any], ...] | None:
    """Each field of an action type with its exactness test (for a plain int, bool or str field,
    the very type its value must have); None when a field has a type the tests do not cover (its
    actions then always take the JSON round trip)."""
    if cls not in _EXACT_FIELDS:
        tests = [(f.name, _EXACT_TYPES.get(str(f.type)) or _EXACT.get(str(f.type))) for f in dataclasses.fields(cls)]
        _EXACT_FIELDS[cls] = None if any(test is None for _, test in tests) else tuple(tests)
    return _EXACT_FIELDS[cls]


def in_json_form(action: Action) -> bool:
    """Whether `from_json(to_json(action))` would give back this very action, field for field and
    type for type, told without the round trip (a sufficient test: False means "make the trip",
    not "malformed"). Every action a battle accepts is checked, so this is worth its speed."""
    cls = type(action)
    if ACTION_TYPES.get(cls.kind) is not cls:
        return False
    tests = _exact_fields(cls)
    if tests is None:
        return False
    for name, test in tests:
        value = getattr(action, name)
        if type(test) is type:  # a plain field: its type, exactly (no call)
            if type(value) is not test:
                return False
        elif not test(value):
            return False
    return True


def from_json(data: Any) -> Action:
    """The action a JSON dict describes; raises ActionFormatError saying what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ActionFormatError("an action must be an object with a \"type\"")
    cls = ACTION_TYPES.get(data["type"])
    if cls is None:
        raise ActionFormatError(f"unknown action type '{data['type']}'")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields) - {"type"})
    if unknown:
        raise ActionFormatError(f"action '{cls.kind}' has unknown fields: {', '.join(unknown)}")
    if "actor" not in data:
        raise ActionFormatError(f"action '{cls.kind}' needs an 'actor'")
    values = {name: _decode(name, str(fields[name].type), value)
              for name, value in data.items() if name != "type"}
    return cls(**values)


def canonical(action: object) -> tuple[Action | None, str | None]:
    """The action as its save file will hold it, or why it cannot be one: a value that does not
    survive the JSON round trip (wrong types, a bare tuple for a hex) would make an unreplayable
    save, so it is refused at the door."""
    if not isinstance(action, Action):
        return None, f"not an action: {action!r}"
    if in_json_form(action):  # what the round trip below would give back unchanged, told quicker
        bad = [face for face in action.faces if not 1 <= face <= MAX_SIDES]
        return (None, f"the face {bad[0]} you entered is not a face any die has") if bad else (action, None)
    try:
        again = from_json(to_json(action))
    except ActionFormatError as error:
        return None, f"malformed action: {error}"
    except (TypeError, ValueError) as error:
        return None, f"malformed action: {error}"
    if again != action:
        return None, f"malformed action: {action!r} does not describe a {action.kind} action exactly"
    bad = [face for face in again.faces if not 1 <= face <= MAX_SIDES]
    if bad:
        return None, f"the face {bad[0]} you entered is not a face any die has"
    return again, None

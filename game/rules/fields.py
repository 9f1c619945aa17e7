"""Typed fields for hand-edited data: one place that says what a value may be.

The data catalog (TOML files) and the scenario loader (Tiled properties overriding a unit's
stats) both check values against these fields, so a GM gets the same message for the same
mistake wherever it was made.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.rules.dice import DiceError, DiceExpression
from game.rules.names import NAME_LIMIT, text_problem


@dataclass(frozen=True, slots=True)
class Field:
    """One named value a record may hold.

    kind: "int", "str", "name" (text shown to the table: `game.rules.names`, at most `maximum`
    characters, NAME_LIMIT unless given), "text" (the same over several lines), "bool",
    "dice" (a dice expression), "choice" (one of `choices`),
    "choices" (a list of `choices`), "skills" (a table of skill name -> int),
    "range" ([normal, maximum] metres), "shock" ({damage, max_ac}), "armor_rows",
    "scores" (a table of names from `choices` -> whole numbers in minimum..maximum).
    """

    name: str
    kind: str
    required: bool = False
    default: Any = None
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""


def suggestion(name: str, known: Iterable[str]) -> str:
    """' (did you mean X?)' for a near miss of a known name, else ''."""
    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.75)
    return f" (did you mean '{close[0]}'?)" if close else ""


def is_near_miss(name: str, known: Iterable[str]) -> bool:
    """Whether `name` looks like a misspelling of one of the known names."""
    return bool(difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.75))


def _check_int(field: Field, value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return f"must be a whole number, not {value!r}"
    if field.minimum is not None and value < field.minimum:
        return f"must be at least {field.minimum}, not {value}"
    if field.maximum is not None and value > field.maximum:
        return f"must be at most {field.maximum}, not {value}"
    return None


def _check_dice(value: Any) -> str | None:
    if not isinstance(value, str):
        return f"must be a dice expression such as \"1d8\", not {value!r}"
    try:
        DiceExpression.parse(value)
    except DiceError as error:
        return f"is not a dice expression: {error}"
    return None


def _check_choice(field: Field, value: Any) -> str | None:
    if value not in field.choices:
        return f"must be one of {', '.join(field.choices)}, not {value!r}{suggestion(str(value), field.choices)}"
    return None


def _check_choices(field: Field, value: Any) -> str | None:
    if not isinstance(value, list) or not value:
        return f"must be a non-empty list such as [\"{field.choices[0]}\"], not {value!r}"
    for item in value:
        problem = _check_choice(field, item)
        if problem:
            return f"has an entry that {problem}"
    return None


def _check_skills(field: Field, value: Any) -> str | None:
    if not isinstance(value, Mapping):
        return f"must be a table such as {{ shoot = 1 }}, not {value!r}"
    for skill, level in value.items():
        if skill not in field.choices:
            return f"names an unknown skill '{skill}'{suggestion(skill, field.choices)}; known: {', '.join(field.choices)}"
        if isinstance(level, bool) or not isinstance(level, int) or not -1 <= level <= 4:
            return f"gives skill '{skill}' the level {level!r}; levels are whole numbers from -1 to 4"
    return None


def _check_scores(field: Field, value: Any) -> str | None:
    if not isinstance(value, Mapping):
        return f"must be a table such as {{ {field.choices[0]} = 1 }}, not {value!r}"
    for name, score in value.items():
        if name not in field.choices:
            return f"names an unknown entry '{name}'{suggestion(name, field.choices)}; known: {', '.join(field.choices)}"
        problem = _check_int(field, score)
        if problem:
            return f"gives '{name}' a value that {problem}"
    return None


def _check_range(value: Any) -> str | None:
    ok = isinstance(value, list) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value)
    if not ok or value[0] > value[1]:
        return f"must be [normal, maximum] metres with normal <= maximum, not {value!r}"
    return None


def _check_shock(value: Any) -> str | None:
    if not isinstance(value, Mapping) or set(value) != {"damage", "max_ac"} or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
        return f"must be {{ damage = N, max_ac = N }}, not {value!r}"
    return None


def check_value(field: Field, value: Any) -> str | None:
    """Why `value` does not fit `field` (a phrase to follow the field's name), or None."""
    if field.kind == "int":
        return _check_int(field, value)
    if field.kind == "str":
        return None if isinstance(value, str) else f"must be text, not {value!r}"
    if field.kind in ("name", "text"):  # words shown to the table (`game.rules.names`)
        if not isinstance(value, str):
            return f"must be text, not {value!r}"
        return text_problem(value, field.maximum or NAME_LIMIT, lines=field.kind == "text")
    if field.kind == "bool":
        return None if isinstance(value, bool) else f"must be true or false, not {value!r}"
    if field.kind == "dice":
        return _check_dice(value)
    if field.kind == "choice":
        return _check_choice(field, value)
    if field.kind == "choices":
        return _check_choices(field, value)
    if field.kind == "skills":
        return _check_skills(field, value)
    if field.kind == "scores":
        return _check_scores(field, value)
    if field.kind == "range":
        return _check_range(value)
    if field.kind == "shock":
        return _check_shock(value)
    raise ValueError(f"unknown field kind {field.kind!r}")  # a bug in a field table


def check_record(record: Mapping[str, Any], fields: Mapping[str, Field]) -> list[str]:
    """Every problem with one record: unknown keys, missing required keys, bad values."""
    problems = []
    for key in record:
        if key not in fields:
            problems.append(f"unknown field '{key}'{suggestion(key, fields)}")
    for name, field in fields.items():
        if name not in record:
            if field.required:
                problems.append(f"missing required field '{name}'")
            continue
        problem = check_value(field, record[name])
        if problem:
            problems.append(f"'{name}' {problem}")
    return problems

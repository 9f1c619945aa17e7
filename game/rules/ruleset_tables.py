"""A ruleset's own data file (seed 001, seed 003), read for every ruleset that has one: each
table's entries checked against its fields, with defaults applied, as read-only `Entry` values;
a creature's weapon and armour checked against the same file; every problem found listed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.rules.catalog import CatalogError, read_toml, record_problems, section, with_defaults
from game.rules.fields import Field, suggestion


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a table: its id and every field with defaults applied."""

    id: str
    stats: Mapping[str, Any]

    def __getattr__(self, name: str) -> Any:
        """A field read as an attribute: `weapon.penetration`."""
        try:
            return self.stats[name]
        except KeyError:
            raise AttributeError(name) from None


def _freeze(value: Any) -> Any:
    """A list as a tuple, a table as a read-only mapping, anything else as it is."""
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, Mapping):
        return MappingProxyType(dict(value))
    return value


def frozen_entries(records: Mapping[str, dict[str, Any]]) -> Mapping[str, Entry]:
    """Records as read-only `Entry` values, for the rulesets' own data files."""
    return MappingProxyType({key: Entry(key, MappingProxyType({k: _freeze(v) for k, v in record.items()}))
                             for key, record in records.items()})


def load_tables(path: Path, tables: Mapping[str, Mapping[str, Field]]) -> tuple[dict[str, dict[str, dict[str, Any]]], list[str]]:
    """Each [table] of one data file as {key: record with defaults}, and every problem found (file, entry, what to fix)."""
    problems: list[str] = []
    data = read_toml(path, problems)
    loaded: dict[str, dict[str, dict[str, Any]]] = {}
    for table, fields in tables.items():
        loaded[table] = {}
        for key, record in section(data, table, path, problems).items():
            found = record_problems(path, table, key, record, fields)
            problems.extend(found)
            if not found:
                loaded[table][key] = with_defaults(record, fields)
    for unknown in sorted(set(data) - set(tables)):
        problems.append(f"{path}: unknown table [{unknown}]{suggestion(unknown, tables)}; known: {', '.join(tables)}")
    return loaded, problems


@dataclass(frozen=True, slots=True)
class RulesetCatalog:
    """A ruleset's own data file (seed 001, seed 003): weapons, armour and creature types, keyed by id."""

    weapons: Mapping[str, Entry]
    armour: Mapping[str, Entry]
    creatures: Mapping[str, Entry]


EntryCheck = Callable[[Mapping[str, Any]], list[str]]


def _gear_problems(stats: Mapping[str, Any], tables: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """A creature's weapon and armour must be entries of the same file."""
    problems = []
    for name, table in (("weapon", "weapons"), ("armour", "armour")):
        if stats[name] not in tables[table]:
            problems.append(f"'{name}' names unknown {name} '{stats[name]}'{suggestion(stats[name], tables[table])}")
    return problems


def load_ruleset_data(path: Path, fields: Mapping[str, Mapping[str, Field]],
                      checks: Mapping[str, EntryCheck]) -> RulesetCatalog:
    """Read a ruleset's weapons, armour and creatures, run each table's own checks; CatalogError lists every problem."""
    tables, problems = load_tables(path, fields)
    for table in ("weapons", "armour", "creatures"):
        for key, stats in tables[table].items():
            found = _gear_problems(stats, tables) if table == "creatures" else []
            found += checks[table](stats) if table in checks else []
            problems.extend(f"{path}: [{table}.{key}] {problem}" for problem in found)
    if problems:
        raise CatalogError(problems)
    return RulesetCatalog(*(frozen_entries(tables[table]) for table in ("weapons", "armour", "creatures")))

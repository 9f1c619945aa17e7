"""The data catalog: weapons, unit types, cover materials and concealment, from TOML files.

The bundled files live in `game/data/`; a GM edits them by hand. Loading validates every
entry and reports all problems at once, each naming the file, the entry and what to fix.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.memo import remembered
from game.rules.cover import ArmorRow, Concealment, Material, WeaponClass
from game.rules.fields import Field, check_record, check_value, suggestion
from game.userfiles import read_file, read_text

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
DATA_FILES = ("weapons.toml", "units.toml", "cover.toml")
MAX_DATA_BYTES = 4 * 1024 * 1024
"""Largest data file read: the bundled ones are a few kilobytes."""

SKILLS = ("punch", "stab", "shoot", "exert", "pilot", "lead", "notice", "heal")
ATTRIBUTES = ("str", "dex", "con", "int", "wis", "cha")
UNIT_KINDS = ("npc", "pc", "vehicle", "mech")
SIZE_CLASSES = ("person", "suit_mech", "ordinary_vehicle", "light_mech", "gravtank", "heavy_mech")
CHARACTER_CLASSES = ("warrior", "expert", "psychic", "adventurer")

WEAPON_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "name", required=True),
    Field("damage", "dice", required=True),
    Field("kind", "choice", required=True, choices=("melee", "projectile", "energy", "laser", "explosive")),
    Field("skill", "choice", required=True, choices=("punch", "stab", "shoot", "exert")),
    Field("attributes", "choices", required=True, choices=ATTRIBUTES),
    Field("tl", "int", required=True, minimum=0, maximum=6),
    Field("range_m", "range"),
    Field("magazine", "int", default=0, minimum=0),
    Field("burst", "bool", default=False),
    Field("heavy", "bool", default=False),
    Field("pistol", "bool", default=False),
    Field("thrown", "bool", default=False),
    Field("armor_piercing", "int", default=0, minimum=0),
    Field("shock", "shock"),
    Field("blast_radius_m", "int", default=0, minimum=0),
    Field("save", "choice", choices=("evasion", "physical", "mental")),
)}

UNIT_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "name", required=True),
    Field("kind", "choice", required=True, choices=UNIT_KINDS),
    Field("hd", "int", minimum=0, maximum=40, help="hit dice"),
    Field("hp", "int", minimum=1, maximum=10000, help="fixed hit points"),
    Field("ac", "int", required=True, minimum=0, maximum=40),
    Field("armor", "int", default=0, minimum=0, maximum=100),
    Field("attack_bonus", "int", default=0, minimum=-5, maximum=20),
    Field("skill_bonus", "int", default=0, minimum=-1, maximum=5),
    Field("weapon", "str", default="unarmed"),
    Field("move_m", "int", default=10, minimum=0, maximum=100),
    Field("speed_hexes", "int", default=0, minimum=0, maximum=40),
    Field("morale", "int", default=8, minimum=0, maximum=20),
    Field("immune_to_morale", "bool", default=False),
    Field("size_class", "choice", default="person", choices=SIZE_CLASSES),
    Field("might", "int", default=0, minimum=0, maximum=5),
    Field("pilot", "int", default=0, minimum=-1, maximum=5),
    Field("level", "int", default=1, minimum=1, maximum=20),
    Field("character_class", "choice", choices=CHARACTER_CLASSES),
    *(Field(name, "int", default=0, minimum=-3, maximum=3) for name in ATTRIBUTES),
    Field("skills", "skills", choices=SKILLS),
    Field("save", "int", minimum=2, maximum=20, help="save target override"),
    Field("fray_die", "dice"),
    Field("nemesis", "bool", default=False),
    Field("authority", "int", default=0, minimum=0, maximum=2, help="Authority focus level"),
    Field("hero_points", "int", default=0, minimum=0, maximum=20, help="seed 004, with the map module hero_points"),
    Field("trademark", "str", default="", help="seed 004: the one item (a weapon id, or a vehicle's or mech's own "
          "unit type) whose damage the unit's hero points may negate"),
)}


class CatalogError(ValueError):
    """The data files have problems; `problems` lists every one, each a full sentence."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@remembered("weapon classes", 256)
def _weapon_class(tl: int, kind: str, heavy: bool) -> WeaponClass:
    """One shared WeaponClass per kind of weapon (every cover reading asks for one)."""
    return WeaponClass(tl=tl, kind=kind, heavy=heavy)


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon as the data file describes it (SWN core defaults)."""

    id: str
    name: str
    damage: str
    kind: str
    skill: str
    attributes: tuple[str, ...]
    tl: int
    range_m: tuple[int, int] | None = None
    magazine: int = 0
    burst: bool = False
    heavy: bool = False
    pistol: bool = False
    thrown: bool = False
    armor_piercing: int = 0
    shock: tuple[int, int] | None = None
    blast_radius_m: int = 0
    save: str | None = None

    @property
    def is_melee(self) -> bool:
        """A weapon with no range is used in melee."""
        return self.range_m is None

    @property
    def weapon_class(self) -> WeaponClass:
        """What hard cover needs to know of this weapon."""
        return _weapon_class(self.tl, self.kind, self.heavy)


@dataclass(frozen=True, slots=True)
class UnitType:
    """A unit type's stat block; `stats` holds every field of UNIT_FIELDS with defaults applied."""

    id: str
    stats: Mapping[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.stats[name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(frozen=True, slots=True)
class Catalog:
    """Everything the data files define, keyed by id."""

    weapons: Mapping[str, Weapon]
    unit_types: Mapping[str, UnitType]
    materials: Mapping[str, Material]
    concealment: Mapping[str, Concealment]
    sources: tuple[tuple[Path, str], ...] = ()
    """The data files read, as (path, SHA-256 hex); a save records them."""
    ruleset_data: Any = None
    """The battle's ruleset's own data (a `RulesetCatalog`) when it is not SWN: its unit types and
    weapons above are that data presented to the shared hex mechanics (see game/rules/ruleset_data.py)."""


def read_toml(path: Path, problems: list[str]) -> dict[str, Any]:
    """A data file's tables; {} with the problem listed when it cannot be read (a folder, a pipe
    or a device is never opened: `game.userfiles`)."""
    try:
        return tomllib.loads(read_text(path, MAX_DATA_BYTES))
    except FileNotFoundError:
        problems.append(f"{path}: file not found")
    except OSError as error:
        problems.append(f"{path}: cannot be read: {error.strerror or error}")
    except UnicodeDecodeError:
        problems.append(f"{path}: not UTF-8 text, so not a data file")
    except tomllib.TOMLDecodeError as error:
        problems.append(f"{path}: not valid TOML: {error}")
    return {}


def section(data: Mapping[str, Any], name: str, path: Path, problems: list[str]) -> Mapping[str, Any]:
    section = data.get(name, {})
    if not isinstance(section, Mapping):
        problems.append(f"{path}: [{name}] must be a table of entries")
        return {}
    return section


def record_problems(path: Path, table: str, key: str, record: Any, fields: Mapping[str, Field]) -> list[str]:
    if not isinstance(record, Mapping):
        return [f"{path}: [{table}.{key}] must be a table"]
    return [f"{path}: [{table}.{key}] {p}" for p in check_record(record, fields)]


def with_defaults(record: Mapping[str, Any], fields: Mapping[str, Field]) -> dict[str, Any]:
    return {name: record.get(name, f.default) for name, f in fields.items()}


def _load_weapons(path: Path, problems: list[str]) -> dict[str, Weapon]:
    weapons = {}
    for key, record in section(read_toml(path, problems), "weapons", path, problems).items():
        found = record_problems(path, "weapons", key, record, WEAPON_FIELDS)
        problems.extend(found)
        if found:
            continue
        values = with_defaults(record, WEAPON_FIELDS)
        values["attributes"] = tuple(values["attributes"])
        values["range_m"] = tuple(values["range_m"]) if values["range_m"] else None
        values["shock"] = (values["shock"]["damage"], values["shock"]["max_ac"]) if values["shock"] else None
        weapons[key] = Weapon(id=key, **values)
    return weapons


def _unit_problems(path: Path, key: str, stats: Mapping[str, Any], weapons: Mapping[str, Weapon]) -> list[str]:
    where = f"{path}: [units.{key}]"
    problems = []
    if stats["weapon"] not in weapons:
        problems.append(f"{where} 'weapon' names unknown weapon '{stats['weapon']}'"
                        f"{suggestion(stats['weapon'], weapons)}")
    if stats["kind"] == "npc" and not stats["hd"]:
        problems.append(f"{where} an NPC needs 'hd' (hit dice) of 1 or more")
    if stats["kind"] != "npc" and stats["hp"] is None:
        problems.append(f"{where} a {stats['kind']} needs fixed 'hp'")
    if stats["kind"] in ("vehicle", "mech") and stats["speed_hexes"] < 1:
        problems.append(f"{where} a {stats['kind']} needs 'speed_hexes' of 1 or more")
    return problems


def _load_units(path: Path, weapons: Mapping[str, Weapon], problems: list[str]) -> dict[str, UnitType]:
    units = {}
    for key, record in section(read_toml(path, problems), "units", path, problems).items():
        found = record_problems(path, "units", key, record, UNIT_FIELDS)
        if not found:
            stats = with_defaults(record, UNIT_FIELDS)
            stats["skills"] = MappingProxyType(dict(stats["skills"] or {}))
            found = _unit_problems(path, key, stats, weapons)
        problems.extend(found)
        if not found:
            units[key] = UnitType(id=key, stats=MappingProxyType(stats))
    return units


def _armor_rows(path: Path, key: str, rows: Any, problems: list[str]) -> tuple[ArmorRow, ...]:
    where = f"{path}: [materials.{key}] 'armor'"
    if not isinstance(rows, list):
        problems.append(f"{where} must be a list of {{ armor = N, max_tl = N }} rows")
        return ()
    parsed = []
    for row in rows:
        against = row.get("against", "all") if isinstance(row, Mapping) else None
        valid = (isinstance(row, Mapping) and set(row) <= {"armor", "max_tl", "against"}
                 and isinstance(row.get("armor"), int) and row["armor"] >= 0
                 and isinstance(row.get("max_tl"), int) and row["max_tl"] >= -1
                 and against in ("all", "energy", "laser"))
        if not valid:
            problems.append(f"{where} row {row!r} must be {{ armor = N, max_tl = N (-1 = any), "
                            "against = \"all\" | \"energy\" | \"laser\" }")
            continue
        max_tl = None if row["max_tl"] == -1 else row["max_tl"]
        parsed.append(ArmorRow(armor=row["armor"], max_tl=max_tl, against=against))
    return tuple(parsed)


MATERIAL_KEYS = {"name", "examples", "armor", "resists_aimed_shot"}
CONCEALMENT_FIELDS: Mapping[str, Field] = {
    "name": Field("name", "name", required=True),
    "ac_bonus": Field("ac_bonus", "int", required=True, minimum=0, maximum=20),
}


def _load_cover(path: Path, problems: list[str]) -> tuple[dict[str, Material], dict[str, Concealment]]:
    data = read_toml(path, problems)
    materials, concealment = {}, {}
    for key, record in section(data, "materials", path, problems).items():
        if not isinstance(record, Mapping) or not isinstance(record.get("name"), str):
            problems.append(f"{path}: [materials.{key}] needs a 'name'")
            continue
        for unknown in sorted(set(record) - MATERIAL_KEYS):
            problems.append(f"{path}: [materials.{key}] unknown field '{unknown}'{suggestion(unknown, MATERIAL_KEYS)}")
        rows = _armor_rows(path, key, record.get("armor", []), problems)
        resists = record.get("resists_aimed_shot", False)
        if not isinstance(resists, bool):
            problems.append(f"{path}: [materials.{key}] 'resists_aimed_shot' must be true or false")
        materials[key] = Material(key, record["name"], rows, resists is True, str(record.get("examples", "")))
    for key, record in section(data, "concealment", path, problems).items():
        found = record_problems(path, "concealment", key, record, CONCEALMENT_FIELDS)
        problems.extend(found)
        if not found:
            concealment[key] = Concealment(key, record["name"], record["ac_bonus"])
    for needed, table in (("none", materials), ("none", concealment)):
        if needed not in table:
            problems.append(f"{path}: an entry with id 'none' is needed in every table (no cover)")
    return materials, concealment


def load_catalog(directory: Path | None = None) -> Catalog:
    """Read and validate the three data files; raises CatalogError listing every problem."""
    directory = Path(directory) if directory else DATA_DIR
    problems: list[str] = []
    sources = _digests(directory)
    weapons = _load_weapons(directory / "weapons.toml", problems)
    units = _load_units(directory / "units.toml", weapons, problems)
    materials, concealment = _load_cover(directory / "cover.toml", problems)
    if problems:
        raise CatalogError(problems)
    return Catalog(MappingProxyType(weapons), MappingProxyType(units),
                   MappingProxyType(materials), MappingProxyType(concealment), sources)


def _digests(directory: Path) -> tuple[tuple[Path, str], ...]:
    """Each data file's SHA-256, taken just before reading (a missing one is reported by the reader)."""
    found = []
    for name in DATA_FILES:
        try:
            found.append((directory / name, hashlib.sha256(read_file(directory / name, MAX_DATA_BYTES)).hexdigest()))
        except OSError:
            pass
    return tuple(found)


def check_unit_override(name: str, value: Any, catalog: Catalog) -> str | None:
    """Why a per-unit stat override does not fit (phrase), or None; unknown names included."""
    if name not in UNIT_FIELDS or name in ("name", "kind"):
        overridable = sorted(set(UNIT_FIELDS) - {"name", "kind"})
        return f"is not a unit stat{suggestion(name, overridable)}"
    problem = check_value(UNIT_FIELDS[name], value)
    if problem is None and name == "weapon" and value not in catalog.weapons:
        return f"names unknown weapon '{value}'{suggestion(value, catalog.weapons)}"
    if problem is None and name == "trademark" and value and value not in {**catalog.weapons, **catalog.unit_types}:
        items = sorted({*catalog.weapons, *catalog.unit_types})
        return f"names neither a weapon nor a unit type: '{value}'{suggestion(value, items)}"
    return problem

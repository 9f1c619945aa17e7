"""Save files: a versioned JSON record of a battle that replays to the identical state.

A save holds the scenario's path (relative to the save file when possible) and its SHA-256,
the seed, and every accepted action with any dice typed in by hand. Loading starts a new
battle from the scenario and seed and replays the actions. Nothing else is stored, so a save
cannot disagree with the rules that produced it.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.actions import ActionFormatError, from_json, to_json
from game.battle import Battle, scenario_problem
from game.rules.catalog import Catalog, load_catalog
from game.scenario import load_scenario

FORMAT = "hexbattle-save"
VERSION = 1
MAX_SAVE_BYTES = 5_000_000
MAX_ACTIONS = 50_000  # a long evening's fight is a few thousand; far more is not a real save


class SaveError(ValueError):
    """A save file cannot be used; the message names the file and what is wrong."""


class ScenarioLoadError(ValueError):
    """A scenario has errors; `problems` holds every message."""

    def __init__(self, path: Path, problems: list[str], headline: str = "the scenario has errors"):
        super().__init__(f"{path}: {headline}:\n" + "\n".join(problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class LoadedSave:
    """A battle restored from a save, with anything the GM should know about it."""

    battle: Any
    warnings: tuple[str, ...] = ()
    stopped_at: int | None = None  # index of the first action that could not be replayed


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes, as hex."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def load_scenario_or_fail(path: Path, catalog: Catalog):
    """Load a scenario; raise ScenarioLoadError listing every error (warnings are ignored)."""
    result = load_scenario(path, catalog)
    if not result.ok:
        raise ScenarioLoadError(path, [p.text() for p in result.problems if p.severity == "error"])
    problem = scenario_problem(result.scenario)
    if problem:
        raise ScenarioLoadError(path, [f"{path}: {problem}"], headline="no battle can start on it")
    return result.scenario


def battle_from_map(path: Path, seed: int | str, catalog: Catalog | None = None) -> Battle:
    """Load a scenario file and start a battle on it; raises ScenarioLoadError with every problem."""
    catalog = catalog or load_catalog()
    return Battle.from_scenario(load_scenario_or_fail(Path(path), catalog), seed, catalog)


def _scenario_reference(scenario_path: Path, save_path: Path) -> str:
    try:
        return Path(os.path.relpath(scenario_path.resolve(), save_path.resolve().parent)).as_posix()
    except ValueError:  # another drive on Windows
        return scenario_path.resolve().as_posix()


def save_data(battle, save_path: Path) -> dict[str, Any]:
    """The JSON document for a battle."""
    scenario_path = Path(battle.scenario.path)
    return {
        "format": FORMAT,
        "version": VERSION,
        "scenario": _scenario_reference(scenario_path, save_path),
        "scenario_sha256": file_digest(scenario_path),
        "seed": battle.seed,
        "actions": [to_json(action) for action in battle.actions],
    }


def write_save(battle, path: Path) -> None:
    """Write the save atomically: a half-written file never replaces a good one."""
    text = json.dumps(save_data(battle, path), indent=1, sort_keys=False) + "\n"
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def _text(path: Path) -> str:
    """The save's text: only a regular file, and only so much of it (a FIFO or a device
    would hang or never end)."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise SaveError(f"{path}: not a file (a folder or a device); give the path of a .json save")
        with path.open("rb") as handle:
            data = handle.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except OSError as error:
        raise SaveError(f"{path}: cannot be read ({error.strerror or error})") from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: too large to be a hexbattle save")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a text file, so not a hexbattle save") from None


def _read(path: Path) -> dict[str, Any]:
    text = _text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(f"{path}: damaged (not valid JSON at line {error.lineno}, column {error.colno})") from None
    except (RecursionError, ValueError):
        raise SaveError(f"{path}: damaged (nested too deeply or holding a number too long to be a save)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path}: not a hexbattle save (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise SaveError(f"{path}: save version {data.get('version')!r} is not supported (this hexbattle reads {VERSION})")
    for key, kind in (("scenario", str), ("seed", (int, str)), ("actions", list)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise SaveError(f"{path}: the \"{key}\" entry is missing or has the wrong type")
    if len(data["actions"]) > MAX_ACTIONS:
        raise SaveError(f"{path}: {len(data['actions'])} actions is more than a hexbattle save holds ({MAX_ACTIONS})")
    if "\0" in data["scenario"] or len(data["scenario"]) > 4096:
        raise SaveError(f"{path}: the \"scenario\" entry is not a usable file path")
    return data


def read_save(path: Path, catalog: Catalog | None = None) -> LoadedSave:
    """Restore a battle by replaying its save; stops (and says where) at a bad action."""
    path = Path(path)
    data = _read(path)
    catalog = catalog or load_catalog()
    try:
        scenario_path = (path.parent / data["scenario"]).resolve()
        found = scenario_path.is_file()
    except (OSError, ValueError):
        raise SaveError(f"{path}: the \"scenario\" entry is not a usable file path") from None
    if not found:
        raise SaveError(f"{path}: the scenario {data['scenario']} is not there (looked for {scenario_path})")
    try:
        scenario = load_scenario_or_fail(scenario_path, catalog)
    except ScenarioLoadError as error:
        raise SaveError(f"{path}: {error}") from None
    warnings = []
    if data.get("scenario_sha256") not in (None, file_digest(scenario_path)):
        warnings.append(f"{scenario_path} has changed since the battle was saved; the replay may differ")
    battle = Battle.from_scenario(scenario, data["seed"], catalog)
    for index, raw in enumerate(data["actions"]):
        problem = _replay_one(battle, raw)
        if problem:
            warnings.append(f"{path}: action {index + 1} could not be replayed ({problem}); "
                            f"the battle is restored up to action {index}")
            return LoadedSave(battle, tuple(warnings), index)
    return LoadedSave(battle, tuple(warnings))


def _replay_one(battle, raw: Any) -> str | None:
    try:
        action = from_json(raw)
    except ActionFormatError as error:
        return str(error)
    outcome = battle.submit(action)
    return None if outcome.accepted else f"{action.kind} refused: {outcome.reason}"

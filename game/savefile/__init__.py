"""Save files: a versioned JSON record of a battle that replays to the identical state.

A save holds the scenario's path (relative to the save file when possible), the seed, every
accepted action with any dice typed in by hand, and the SHA-256 of every file the battle was
started from (the map, its tilesets and templates, the data files), taken when it started.
Loading starts a new battle from the scenario and seed and replays the actions, first naming
any file that has changed since (a save whose map is not the file its digests were taken of is
refused: its "scenario" entry was edited). Nothing else is stored, so a save cannot disagree with the
rules that produced it. Writing is atomic (`game.savefile.atomic`) and refuses anything the reader
would refuse.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.savefile import inputs as saveinputs
from game.actions import ActionFormatError, from_json, to_json
from game.battle import Battle, scenario_problem
from game.rules.catalog import Catalog, load_catalog
from game.rules.dice import fresh_seed
from game.savefile.atomic import WriteError, write_atomically
from game.scenario import load_scenario
from game.userfiles import NotAFile, TooLarge, read_file

FORMAT = "hexbattle-save"
VERSION = 2
READABLE_VERSIONS = (1, 2)  # version 1 recorded only the map's digest, taken when saving
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


MAP_SUFFIXES = (".tmx", ".tmj")
SAVE_SUFFIXES = (".json",)


def open_battle(path: Path, catalog: Catalog | None = None) -> LoadedSave:
    """What the window's Open does: a map starts a new battle with a fresh seed, a save is
    restored with its warnings; anything unusable raises SaveError naming the file."""
    path = Path(path)
    if path.suffix.lower() in SAVE_SUFFIXES:
        return read_save(path, catalog)
    if path.suffix.lower() not in MAP_SUFFIXES:
        raise SaveError(f"{path}: not a map (.tmx, .tmj) or a save (.json)")
    try:
        return LoadedSave(battle_from_map(path, fresh_seed(), catalog))
    except ScenarioLoadError as error:
        raise SaveError(str(error)) from None
    except OSError as error:
        raise SaveError(f"{path}: cannot be read ({error.strerror or error})") from None


def replay_on(scenario, battle: Battle) -> tuple[Battle, str | None]:
    """The battle started again on a changed scenario (the GM saved the map in Tiled) with its
    seed, catalog and every accepted action replayed; or the old battle and why not (a map
    nobody can fight on, or the first action that no longer replays, named)."""
    problem = scenario_problem(scenario)
    if problem:
        return battle, f"{scenario.path}: {problem}; the fight goes on on the old map"
    try:
        fresh = Battle.from_scenario(scenario, battle.seed, battle.catalog)
    except ValueError as error:
        return battle, f"{scenario.path}: {error}; the fight goes on on the old map"
    for index, action in enumerate(battle.actions):
        outcome = fresh.submit(action)
        if not outcome.accepted:
            who = battle.combatant(action.actor)
            name = who.name if who is not None else f"combatant {action.actor}"
            return battle, (f"{scenario.path}: action {index + 1} ({name}'s {action.kind.replace('_', ' ')}) "
                            f"no longer works on the changed map ({outcome.reason}); the fight goes on on the old map")
    return fresh, None


def save_data(battle, save_path: Path) -> dict[str, Any]:
    """The JSON document for a battle; reads no file, so a moved or deleted map is no obstacle."""
    folder = Path(save_path).parent
    return {
        "format": FORMAT,
        "version": VERSION,
        "scenario": saveinputs.reference(_started_from(battle.scenario), folder),
        "inputs": saveinputs.map_entries(battle.scenario, folder),
        "data_files": saveinputs.data_entries(_catalog_of(battle)),
        "seed": battle.seed,
        "actions": [to_json(action) for action in battle.actions],
    }


def _started_from(scenario) -> Path:
    """The map file as it was when the battle started (the loader lists it first)."""
    return scenario.inputs[0][0] if scenario.inputs else Path(os.path.abspath(scenario.path))


def _catalog_of(battle):
    """The catalog the battle plays with."""
    return battle.catalog


def write_save(battle, path: Path) -> None:
    """Write the save atomically; raise SaveError (naming the path) for anything that fails.

    The text is checked with the reader's own checks first, so a save that could not be
    loaded is never written.
    """
    path = Path(path)
    write_document(save_data(battle, path), path)


def write_document(document: dict[str, Any], path: Path) -> None:
    """Write a save's document (as `save_data` makes it) atomically, checked as `write_save` does."""
    path = Path(path)
    try:
        text = json.dumps(document, indent=1, sort_keys=False) + "\n"
    except ValueError as error:  # e.g. a seed with more digits than JSON numbers may have here
        raise SaveError(f"{path}: not saved: the battle cannot be written as a save ({error})") from None
    _readable(text, path)
    try:
        write_atomically(path, text.encode("utf-8"))
    except WriteError as error:
        raise SaveError(str(error)) from None


def _readable(text: str, path: Path) -> None:
    """Refuse, before writing, what `read_save` would refuse."""
    size = len(text.encode("utf-8"))
    if size > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: not saved: the battle is {size} bytes, more than a hexbattle save "
                        f"holds ({MAX_SAVE_BYTES}); any earlier file there is unchanged")
    try:
        _check(_parse(text, path), path)
    except SaveError as error:
        raise SaveError(f"{error}; not saved, any earlier file there is unchanged") from None


def _text(path: Path) -> str:
    """The save's text: only a regular file, and only so much of it (`game.userfiles`: a FIFO or
    a device would hang or never end)."""
    try:
        data = read_file(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except NotAFile as error:
        raise SaveError(f"{path}: {error.strerror}; give the path of a .json save") from None
    except TooLarge:
        raise SaveError(f"{path}: too large to be a hexbattle save") from None
    except (OSError, ValueError) as error:
        raise SaveError(f"{path}: cannot be read ({getattr(error, 'strerror', None) or error})") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a text file, so not a hexbattle save") from None


def _read(path: Path) -> dict[str, Any]:
    """The save's checked JSON document."""
    return _check(_parse(_text(path), path), path)


def _parse(text: str, path: Path) -> Any:
    """The JSON in a save's text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(f"{path}: damaged (not valid JSON at line {error.lineno}, column {error.colno})") from None
    except (RecursionError, ValueError):
        raise SaveError(f"{path}: damaged (nested too deeply or holding a number too long to be a save)") from None


def _check(data: Any, path: Path) -> dict[str, Any]:
    """The document when it has every entry a save needs, each of the right type and size."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path}: not a hexbattle save (no \"format\": \"{FORMAT}\")")
    if data.get("version") not in READABLE_VERSIONS or isinstance(data.get("version"), bool):
        raise SaveError(f"{path}: save version {data.get('version')!r} is not supported "
                        f"(this hexbattle reads {READABLE_VERSIONS[0]} to {VERSION})")
    for key, kind in (("scenario", str), ("seed", (int, str)), ("actions", list)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise SaveError(f"{path}: the \"{key}\" entry is missing or has the wrong type")
    if len(data["actions"]) > MAX_ACTIONS:
        raise SaveError(f"{path}: {len(data['actions'])} actions is more than a hexbattle save holds ({MAX_ACTIONS})")
    if "fight" in data and not isinstance(data["fight"], str):
        raise SaveError(f"{path}: the \"fight\" entry is not a fight id")
    if "\0" in data["scenario"] or len(data["scenario"]) > 4096:
        raise SaveError(f"{path}: the \"scenario\" entry is not a usable file path")
    for key in ("inputs", "data_files") if data["version"] >= 2 else ():
        problem = saveinputs.entries_problem(data.get(key), key)
        if problem:
            raise SaveError(f"{path}: {problem}")
    return data


def read_save(path: Path, catalog: Catalog | None = None) -> LoadedSave:
    """Restore a battle by replaying its save; names changed inputs first; stops (and says where)
    at a bad action."""
    path = Path(path)
    return restore(path, read_document(path), catalog)


def read_document(path: Path) -> dict[str, Any]:
    """A save's checked JSON document, without replaying it; SaveError names what is wrong."""
    return _read(Path(path))


def restore(path: Path, data: dict[str, Any], catalog: Catalog | None = None) -> LoadedSave:
    """Replay a checked save document (as `read_document` returns it) that lives at `path`, whose
    folder its file names are relative to."""
    catalog = catalog or load_catalog()
    scenario_path = _scenario_path(path, data)
    _check_map_recorded(path, data, scenario_path)
    changes = _changed_inputs(path, data, catalog)
    try:
        scenario = load_scenario_or_fail(scenario_path, catalog)
    except ScenarioLoadError as error:
        raise SaveError(f"{path}: {error}{_blame(changes)}") from None
    warnings = [*_version_warnings(path, data, scenario_path), *changes]
    battle = Battle.from_scenario(scenario, data["seed"], catalog)
    for index, raw in enumerate(data["actions"]):
        problem = _replay_one(battle, raw)
        if problem:
            warnings.append(f"{path}: action {index + 1} could not be replayed ({problem}); "
                            f"the battle is restored up to action {index}{_blame(changes)}")
            return LoadedSave(battle, tuple(warnings), index)
    return LoadedSave(battle, tuple(warnings))


def _scenario_path(path: Path, data: dict[str, Any]) -> Path:
    """The scenario file the save names, which must be there."""
    try:
        scenario_path = (path.parent / data["scenario"]).resolve()
        found = scenario_path.is_file()
    except (OSError, ValueError):
        raise SaveError(f"{path}: the \"scenario\" entry is not a usable file path") from None
    if not found:
        raise SaveError(f"{path}: the scenario {data['scenario']} is not there (looked for {scenario_path})")
    return scenario_path


def _check_map_recorded(path: Path, data: dict[str, Any], scenario_path: Path) -> None:
    """Refuse a version 2 save whose map is not the first file its record of inputs names (the
    one the battle started from, whose digest is compared before anything is replayed): its
    "scenario" entry was changed or damaged, and replaying it would play another map."""
    if data["version"] < 2 or not data["inputs"]:
        return
    started = data["inputs"][0]["file"]
    try:
        same = (path.parent / started).resolve() == scenario_path
    except (OSError, ValueError):
        same = False
    if not same:
        raise SaveError(f"{path}: the save names the map {data['scenario']}, but the battle it holds was started "
                        f"on {started} (its digest is recorded with the save); the \"scenario\" entry was "
                        f"changed or damaged: put back \"{started}\"")


def _changed_inputs(path: Path, data: dict[str, Any], catalog: Catalog) -> list[str]:
    """A sentence for each file the battle started from that differs now (version 2 saves)."""
    if data["version"] < 2:
        return []
    return [*saveinputs.changed_map_files(data["inputs"], path.parent),
            *saveinputs.changed_data_files(data["data_files"], catalog)]


def _version_warnings(path: Path, data: dict[str, Any], scenario_path: Path) -> list[str]:
    """What a version 1 save cannot tell, and the one change it can."""
    if data["version"] >= 2:
        return []
    warnings = [f"{path}: an older save (version 1): it cannot tell whether the map's tilesets, "
                "templates or the data files have changed since the battle started"]
    if data.get("scenario_sha256") not in (None, saveinputs.digest_of(scenario_path)):
        warnings.append(f"{scenario_path} has changed since the battle was saved; the replay may differ")
    return warnings


def _blame(changes: list[str]) -> str:
    """Words pointing at changed inputs as the likely cause of a failure, if any changed."""
    if not changes:
        return ""
    files = "; ".join(changes)
    return (f". The files the battle started from are not the same any more ({files}); that is "
            "the likely cause: restore those files to replay the whole battle")


def _replay_one(battle, raw: Any) -> str | None:
    try:
        action = from_json(raw)
    except ActionFormatError as error:
        return str(error)
    outcome = battle.submit(action)
    return None if outcome.accepted else f"{action.kind} refused: {outcome.reason}"

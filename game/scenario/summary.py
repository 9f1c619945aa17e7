"""Words about a scenario: the one-line check summary, the battle summary, the default map."""

from __future__ import annotations

from pathlib import Path

from game.scenario.documents import read_document
from game.scenario.model import Scenario
from game.scenario.problems import Problems
from game.scenario.properties import Place, read_properties


def _bundled_maps() -> Path:
    """Where the bundled maps are: inside the installed package (game/maps, from a wheel or
    `pip install .`), else a source checkout's maps/ folder."""
    here = Path(__file__).resolve()
    installed = here.parents[1] / "maps"
    return installed if installed.is_dir() else here.parents[2] / "maps"


MAPS_DIR = _bundled_maps()
"""The bundled maps (the installed package's, or a source checkout's maps/ folder)."""


def check_line(scenario: Scenario) -> str:
    """One line for `hexbattle check`: hexes, units per side, ruleset."""
    counts = [f"{side} {sum(u.side == side for u in scenario.units)}" for side in scenario.sides]
    units = ", ".join(counts) if counts else "none"
    return f"OK: {len(scenario.terrain)} hexes; units: {units}; ruleset {scenario.ruleset}"


def battle_summary(scenario: Scenario) -> str:
    """What a battle on this map starts with: title, rules, each side with its units and morale."""
    modules = ", ".join(sorted(scenario.modules)) or "none"
    lines = [scenario.title, f"ruleset: {scenario.ruleset}; modules: {modules}"]
    if scenario.description:
        lines.append(scenario.description.strip())
    for side in scenario.sides.values():
        units = [u for u in scenario.units if u.side == side.id]
        lines.append(f"{side.name} ({side.id}, controlled by {side.controller}): "
                     f"{len(units)} unit(s), {_morale(side.id, side.morale, side.immune_to_morale)}")
        for unit in units:
            count = f" x{unit.count}" if unit.count > 1 else ""
            cell = scenario.layout.hex_to_offset(unit.hex)
            lines.append(f"  {unit.name}: {unit.unit_type}{count} at cell {cell}")
    return "\n".join(lines)


def _morale(side_id: str, morale: int | None, immune: bool) -> str:
    """A side's starting morale in words."""
    if side_id == "pcs":
        return "no morale checks"
    if immune:
        return "immune to morale"
    return f"morale {morale}" if morale is not None else "morale from its units"


def default_maps(folder: Path = MAPS_DIR) -> list[Path]:
    """The `*.tmx` maps in a folder whose `default` property is true, sorted."""
    found = []
    for path in sorted(Path(folder).glob("*.tmx")):
        problems = Problems()
        root = read_document(path, str(path), "map", problems)
        props = {} if root is None else read_properties(root, Place(str(path), ""), problems)
        flag = props.get("default")
        if flag is not None and flag.type == "bool" and flag.value is True:
            found.append(path)
    return found

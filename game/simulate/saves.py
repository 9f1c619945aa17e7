"""A save for every fight that failed, written beside the report, so `hexbattle replay` shows it.

The fight is played again in this process from its seed and the actions it took before it
failed (a replay is exact), then saved as any battle is. The save records the map, so a run
under another ruleset (`--ruleset`) is replayed under the map's own: the report says so.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from game.actions import from_json
from game.battle import Battle, load_catalog
from game.savefile import SaveError, write_save
from game.simulate.fight import FightPlan, FightResult, load_plan_scenario
from game.simulate.runner import RunResult


def write_failure_saves(plan: FightPlan, run: RunResult, folder: Path, tag: str = "") -> dict[int, str]:
    """Write a save for each failed fight into `folder`; returns fight number -> what became of
    its save (the path, or why it could not be written)."""
    failed = [r for r in run.results if r.failed]
    if not failed:
        return {}
    catalog = load_catalog()
    scenario = load_plan_scenario(plan, catalog)
    own = load_plan_scenario(dataclasses.replace(plan, ruleset=None), catalog).ruleset
    note = f" (it replays under the map's ruleset {own}, not {scenario.ruleset})" if own != scenario.ruleset else ""
    stem = Path(plan.map_path).stem
    return {r.index: _save_one(scenario, catalog, r, folder / f"{stem}{tag}-fight-{r.index}.save.json", note)
            for r in failed}


def _save_one(scenario, catalog, result: FightResult, path: Path, note: str) -> str:
    """The fight rebuilt up to its failure and saved; the path, or why there is no save."""
    try:
        battle = Battle.from_scenario(scenario, result.seed, catalog)
        for raw in result.actions:
            battle.submit(from_json(raw))
        write_save(battle, path)
    except SaveError as error:
        return f"not written ({error})"
    except Exception as error:  # the fight fails before its first action: nothing to replay
        return f"not written (the battle cannot be set up again: {type(error).__name__}: {error})"
    return f"{path}{note}"

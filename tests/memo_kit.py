"""One short computer-played fight on every bundled map, told in full: what tests/test_memo_off.py
compares between a process with every memo on and one with every memo off (`HEXBATTLE_MEMO=off`).

Run as a script it prints the fights as JSON (map name -> the fight told in full).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.actions import to_json
from game.battle import Battle, load_catalog
from game.savefile import load_scenario_or_fail
from game.simulate.fight import FightPlan, _play, _players

MAPS = Path(__file__).resolve().parent.parent / "maps"
ROUNDS = 6
"""Rounds of each fight: enough for moves, overwatch, charges, grenades and the fallen; few enough
that every map's fight with every memo off takes seconds."""


def told(battle: Battle) -> str:
    """Everything a fight produced: the log's sentences, its events, the actions and the views."""
    return "\n".join([*battle.log_lines(), *map(repr, battle.log), json.dumps([to_json(a) for a in battle.actions]),
                      *map(repr, battle.combatants()), *map(repr, battle.sides())])


def fights() -> dict[str, str]:
    """One fight on every bundled map, the sides played alternately by the plain and the tactical
    computer player, told in full."""
    catalog, found = load_catalog(), {}
    for path in sorted(MAPS.glob("*.tmx")):
        scenario = load_scenario_or_fail(path, catalog)
        battle = Battle.from_scenario(scenario, 11, catalog)
        sides = sorted(side.id for side in battle.sides())
        players = tuple((side, ("computer", "tactical")[n % 2]) for n, side in enumerate(sides))
        _play(battle, _players(FightPlan(str(path), players, 3, ROUNDS), 0), ROUNDS)
        found[path.stem] = told(battle)
    return found


if __name__ == "__main__":
    json.dump(fights(), sys.stdout)

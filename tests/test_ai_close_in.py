"""The computer player lists its moves only when one of them could close in: wherever
`could_close_in` says no hex in reach is nearer the enemy, the whole listing offers no move that
closes in either (`best_move` finds none), decision after decision through whole fights."""

from collections import Counter
from pathlib import Path

from game.players.plain import best_move, choose_action, could_close_in
from game.battle import Battle, load_catalog
from game.simulate.fight import FightPlan, _take, load_plan_scenario
from game.simulate.plans import prepare
from game.simulate.seeds import fight_seed

MAPS = Path(__file__).resolve().parent.parent / "maps"


def _checked_through_fights(name: str, indices: tuple[int, ...]) -> Counter:
    plan = prepare(FightPlan(str(MAPS / f"{name}.tmx"), ()), {})[0]
    catalog = load_catalog()
    start = Battle.starter(load_plan_scenario(plan, catalog), catalog)
    seen: Counter = Counter()
    for index in indices:
        battle = start(fight_seed(plan.run_seed, index))
        while not battle.state.ended and battle.state.round <= 30:
            if battle.pending() is None:
                me = battle.combatant(battle.current())
                closing = best_move(battle, battle.options(me.id, groups=("move",)), me)
                if not could_close_in(battle, me):
                    assert closing is None, f"{me.name} could close in by {closing}"
                seen[("squad" if me.squad_units else "unit"), could_close_in(battle, me), closing is not None] += 1
            _take(battle, choose_action(battle))
    return seen


def test_a_unit_or_squad_with_no_nearer_hex_in_reach_has_no_move_that_closes_in():
    seen = _checked_through_fights("kessler_ford", (0, 1))
    assert seen["unit", False, False] > 50 and seen["squad", False, False] > 5  # the shortcut is taken, often
    assert seen["unit", True, True] > 5  # and a move that closes in is still found where one is


def test_the_shortcut_holds_on_open_ground_with_squads():
    seen = _checked_through_fights("squad_ridge", (0,))
    assert sum(count for (_, could, _), count in seen.items() if not could) > 0
    assert sum(count for (_, _, closes), count in seen.items() if closes) > 0

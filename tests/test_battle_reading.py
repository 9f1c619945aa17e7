"""Reading a battle changes nothing: a state's options, views and the facade's other reads are
worked out on a scene that reads the state's own world, not a copy of it (`Battle._reading`),
so a reader that changed it would change the fight. Every bundled map is played a while by the
random player (which takes every kind of option: charges, grenades, aimed shots, stances) and
at every state everything a window or a computer player reads is read, then the world is
compared byte for byte with what it was."""

import pickle
from pathlib import Path

import pytest

from game.battle import Battle, load_catalog
from game.simulate.fight import FightPlan, _take, load_plan_scenario
from game.simulate.plans import prepare
from game.players import acting, make_policy
from game.simulate.seeds import fight_seed

MAPS = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.tmx"))
ACTIONS = 60


def _read_everything(battle: Battle) -> None:
    """All a client reads of the state now: every view, every side, the standing and each
    combatant's enemies, and the options of everyone in the fight."""
    battle.sides()
    standing = battle.standing()
    for view in battle.combatants():
        battle.combatant(view.id)
    for entity, _, _ in standing:
        battle.enemy_hexes(entity)
        battle.options(entity)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_reading_every_option_leaves_the_state_as_it_was(path):
    plan, _ = prepare(FightPlan(str(path), (), run_seed=11), {})
    catalog = load_catalog()
    scenario = load_plan_scenario(plan, catalog)
    battle = Battle.from_scenario(scenario, fight_seed(plan.run_seed, 0), catalog)
    players = {side.id: make_policy("random", 7 + n) for n, side in enumerate(battle.sides())}
    taken = 0
    while not battle.state.ended and taken < ACTIONS:
        before = pickle.dumps(battle.state.world)
        _read_everything(battle)
        assert pickle.dumps(battle.state.world) == before, f"{path.stem}: reading changed the world before action {taken}"
        _take(battle, players[battle.combatant(acting(battle)).side](battle))
        taken += 1
    assert taken >= 20

"""The simulator's shortcuts never change a fight: battles started by one `Battle.starter` share
the terrain (and the lines of fire it remembers) and still play exactly the fights that fresh
battles play, log line by log line and action by action, whatever fights came before."""

from pathlib import Path

from game.actions import to_json
from game.battle import Battle, load_catalog
from game.simulate.fight import FightPlan, _play, _players, _take, load_plan_scenario, play_fight
from game.simulate.plans import prepare
from game.simulate.seeds import fight_seed

MAPS = Path(__file__).resolve().parent.parent / "maps"
DEFAULT = FightPlan(str(MAPS / "relay_station_ambush.tmx"),
                    (("bystanders", "computer"), ("enemies", "computer"), ("pcs", "computer")), run_seed=5)
MIXED = prepare(FightPlan(str(MAPS / "squad_ridge.tmx"), (), run_seed=3), {"enemies": "tactical", "pcs": "random"})[0]


def _fight(plan: FightPlan, battle: Battle, index: int) -> tuple[list[str], list[dict]]:
    """Play fight `index` of the plan on this freshly started battle; its log and actions."""
    _play(battle, _players(plan, index), plan.max_rounds)
    return battle.log_lines(), [to_json(action) for action in battle.actions]


def _same_fights_shared_and_fresh(plan: FightPlan, indices: tuple[int, ...]) -> None:
    catalog = load_catalog()
    scenario = load_plan_scenario(plan, catalog)
    start = Battle.starter(scenario, catalog)
    for index in indices:  # the shared terrain has remembered the lines of the fights before
        seed = fight_seed(plan.run_seed, index)
        shared = _fight(plan, start(seed), index)
        fresh = _fight(plan, Battle.from_scenario(scenario, seed, catalog), index)
        assert shared == fresh
        assert len(shared[1]) > 10


def test_fights_on_a_shared_starter_are_the_fights_fresh_battles_play():
    _same_fights_shared_and_fresh(DEFAULT, (3, 0, 1))


def test_fights_with_the_tactical_and_random_players_are_the_same_on_a_shared_starter():
    _same_fights_shared_and_fresh(MIXED, (1, 0))


def test_a_batchs_fight_result_equals_the_same_fight_played_alone():
    catalog = load_catalog()
    scenario = load_plan_scenario(DEFAULT, catalog)
    start = Battle.starter(scenario, catalog)
    in_batch = [play_fight(scenario, catalog, DEFAULT, index, start) for index in (2, 4)]
    alone = [play_fight(scenario, catalog, DEFAULT, index) for index in (2, 4)]
    assert in_batch == alone and not any(result.failed for result in in_batch)


def test_shelters_read_in_one_batch_equal_protection_hex_by_hex():
    from game.players.reading import enemy_hexes, protection, shelters
    from game.options import MoveOption

    scenario = load_plan_scenario(DEFAULT, load_catalog())
    battle, apart = Battle.from_scenario(scenario, 7), Battle.from_scenario(scenario, 7)  # apart: its own terrain
    me = battle.combatant(battle.current())
    hexes = [o.hex for o in battle.options(me.id, groups=("move",)).allowed("move") if isinstance(o, MoveOption)]
    enemies = enemy_hexes(battle, me.id)
    one_by_one = {h: protection(apart, me, h, enemies) for h in [*hexes, me.hex]}
    found = shelters(battle, me, [*hexes, me.hex], enemies)
    assert len(found) == len(hexes) + 1 and len(set(found.values())) > 1
    assert found == one_by_one


def test_a_run_keeps_each_equal_loss_table_once_and_its_results_unchanged():
    from game.simulate.runner import run_fights

    run = run_fights(DEFAULT, 6)
    catalog = load_catalog()
    scenario = load_plan_scenario(DEFAULT, catalog)
    assert list(run.results) == [play_fight(scenario, catalog, DEFAULT, index) for index in range(6)]
    tables = {}
    for result in run.results:
        assert tables.setdefault(result.losses, result.losses) is result.losses
    assert len(tables) < len(run.results)  # some fights ended alike: their table is kept once


def test_reading_options_and_views_never_changes_the_scene_they_are_read_from():
    """Options and views of one state are read from one scene (`Battle._reading`), shared by every
    reading of that state: reading must leave it exactly as the state it was made from."""
    from game.players.plain import choose_action
    from game.battle import OPTION_GROUPS

    for name in ("relay_station_ambush", "squad_ridge", "dust_market", "derelict_hold"):
        catalog = load_catalog()
        scenario = load_plan_scenario(FightPlan(str(MAPS / f"{name}.tmx"), ()), catalog)
        battle = Battle.from_scenario(scenario, 11, catalog)
        for _ in range(80):
            if battle.state.ended:
                break
            state = battle.state
            for view in battle.combatants():
                battle.options(view.id)
                battle.combatant(view.id)
            if battle.current() is not None and battle.pending() is None:
                battle.options(battle.current(), groups=OPTION_GROUPS)
            action = choose_action(battle)
            scene = battle._reading(state)
            assert scene.world == state.world and scene.events == [] and scene.pending == list(state.pending)
            assert scene.sides == {s.id: s for s in state.sides} and scene.round == state.round
            _take(battle, action)  # as the simulator plays it (a refused action ends the turn)

"""The move listings the terrain remembers (issue 11: a fight asks the same move search again
round after round) are the listings worked out afresh, in every state of whole fights, for units
and squads alike, whatever fights on the same terrain came before."""

from pathlib import Path

from game.players.plain import choose_action
from game.battle import Battle, load_catalog
from game.components import Position
from game.hexgrid import Hex
from game.options import MoveOption, walking_options
from game.simulate.fight import FightPlan, _take, load_plan_scenario
from game.systems import choices, footprint, movement
from game.systems.budget import move_points_available
from tests.kit import battle_at, scene_of, unit

MAPS = Path(__file__).resolve().parent.parent / "maps"


def _afresh(battle: Battle, actor: int) -> list[MoveOption]:
    """The move options of the actor on its turn, worked out with nothing remembered."""
    scene = scene_of(battle)
    points = move_points_available(scene, actor)
    if footprint.is_spread(scene.world, actor):
        return choices._squad_moves_now(scene, actor, points)
    field, world = scene.setup.field, scene.world
    rule = movement.passage_rule(world, actor, scene.setup.setting("allies_block_movement", False))
    held = {hex_: rule(hex_) for hex_ in world.occupied()}  # everyone on the map, near or far
    grid = field.cost_grid()
    closed, passing = (frozenset(grid.cells(h for h, how in held.items() if how == kind)) for kind in ("blocked", "pass"))
    key = (world.get(actor, Position).hex, points, closed, passing)
    return walking_options(actor, movement._search(field, key).values())


def _moves_checked(name: str, seeds: tuple[int, ...], decisions: int = 150) -> int:
    catalog = load_catalog()
    start = Battle.starter(load_plan_scenario(FightPlan(str(MAPS / f"{name}.tmx"), ()), catalog), catalog)
    checked = 0
    for seed in seeds:  # the later fights read what the earlier ones left remembered
        battle = start(seed)
        for _ in range(decisions):
            if battle.state.ended:
                break
            actor = battle.current()
            if battle.pending() is None:
                listed = [o for o in battle.options(actor, groups=("move",)).items if isinstance(o, MoveOption)]
                if listed:
                    assert listed == _afresh(battle, actor)
                    checked += 1
            _take(battle, choose_action(battle))
    return checked


def test_remembered_moves_are_the_moves_worked_out_afresh_on_a_map_of_squads():
    assert _moves_checked("squad_ridge", (1, 2, 3)) > 50


def test_remembered_moves_are_the_moves_worked_out_afresh_at_kessler_ford():
    assert _moves_checked("kessler_ford", (4, 5), decisions=120) > 50


def test_a_blocker_beyond_the_movers_reach_does_not_change_its_search_and_one_within_does():
    battle = battle_at([unit(1, "civilian", "pcs", Hex(0, 0)), unit(2, "civilian", "enemies", Hex(6, 0))])
    scene = scene_of(battle)
    field, points = scene.setup.field, move_points_available(scene, 1)
    far = movement._reach_key(field, scene.world, 1, points, False, None)
    assert far[2] == frozenset() and points < 6  # the enemy six hexes off is beyond any walk of it
    near = battle_at([unit(1, "civilian", "pcs", Hex(0, 0)), unit(2, "civilian", "enemies", Hex(1, 0))])
    key = movement._reach_key(field, scene_of(near).world, 1, points, False, None)
    assert key[2] == frozenset({field.cost_grid().cell(Hex(1, 0))})
    assert Hex(1, 0) not in movement.reachable(field, scene_of(near).world, 1, points)

"""The map changed on disk while playing: the fight is replayed on it (`replay_on`), or kept."""

from game.actions import EndTurn, Move
from game.battle import Battle
from game.hexgrid import Hex
from game.savefile import replay_on

from kit import FOREST, WALL, scenario, unit

UNITS = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
         unit(2, "veteran_soldier", "enemies", Hex(5, 0), name="Sgt Voss")]


def _played() -> Battle:
    """A battle where the first to act walked east two hexes and ended the turn."""
    battle = Battle.from_scenario(scenario(UNITS), seed=7)
    actor = battle.current()
    here = battle.combatant(actor).hex
    step = 1 if actor == 1 else -1
    path = (Hex(here.q + step, here.r), Hex(here.q + 2 * step, here.r))
    assert battle.submit(Move(actor, path=path)).accepted
    assert battle.submit(EndTurn(actor)).accepted
    return battle


def test_a_terrain_change_away_from_the_fight_replays_every_action_on_the_new_terrain():
    battle = _played()
    forest = Hex(-3, 3)
    changed, problem = replay_on(scenario(UNITS, terrain={forest: FOREST}), battle)
    assert problem is None and changed is not battle
    assert changed.actions == battle.actions
    assert [c.hex for c in changed.combatants()] == [c.hex for c in battle.combatants()]
    assert changed.map.field != battle.map.field


def test_a_wall_on_the_path_walked_keeps_the_old_battle_and_names_the_action():
    battle = _played()
    walked = battle.actions[0].path[0]
    kept, problem = replay_on(scenario(UNITS, terrain={walked: WALL}), battle)
    assert kept is battle
    name = battle.combatant(battle.actions[0].actor).name
    assert f"action 1 ({name}'s move) no longer works on the changed map" in problem


def test_a_map_nobody_can_fight_on_keeps_the_old_battle():
    battle = _played()
    kept, problem = replay_on(scenario(UNITS[:1]), battle)
    assert kept is battle and "two sides" in problem


def test_open_battle_starts_a_map_restores_a_save_and_names_an_unusable_file(tmp_path):
    import pytest

    from game.savefile import SaveError, open_battle, write_save

    from pathlib import Path
    relay = Path(__file__).resolve().parent.parent / "maps" / "relay_station_ambush.tmx"
    fresh = open_battle(relay).battle
    assert fresh.actions == [] and fresh.scenario.path.name == relay.name
    assert fresh.submit(EndTurn(fresh.current())).accepted
    write_save(fresh, tmp_path / "fight.json")
    assert open_battle(tmp_path / "fight.json").battle.state == fresh.state
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map")
    for bad in (broken, tmp_path / "notes.txt", tmp_path / "missing.json"):
        with pytest.raises(SaveError, match=bad.name):
            open_battle(bad)

"""Whole bundled scenarios played through the facade by the computer player."""

from pathlib import Path

import pytest

from game.players.plain import choose_action, play
from game.savefile import battle_from_map

MAPS = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.tmx"))


@pytest.mark.parametrize("map_path", MAPS, ids=[m.stem for m in MAPS])
def test_a_whole_fight_plays_to_the_end_and_the_same_seed_gives_the_same_log(map_path):
    first, second = battle_from_map(map_path, seed=2026), battle_from_map(map_path, seed=2026)
    play(first), play(second)
    assert first.state.ended
    assert first.log_lines() == second.log_lines()
    assert first.state == second.state


@pytest.mark.parametrize("map_path", MAPS, ids=[m.stem for m in MAPS])
def test_undoing_every_step_returns_to_the_initial_state(map_path):
    battle = battle_from_map(map_path, seed=5)
    initial = battle.state
    for _ in range(150):
        if battle.state.ended:
            break
        battle.submit(choose_action(battle))
    assert battle.actions
    while battle.undo():
        pass
    assert battle.state == initial and battle.actions == []


def test_different_seeds_give_different_fights():
    logs = {tuple(play_log(seed)) for seed in range(3)}
    assert len(logs) == 3


def play_log(seed):
    battle = battle_from_map(MAPS[0], seed=seed)
    play(battle)
    return battle.log_lines()

"""A map side's controller names the computer player that plays it (`computer`, `tactical`,
`random`), or people (`players`, `gm`): `hexbattle simulate` and the window play it with that
player, `hexbattle check` refuses an unknown name, and the Tiled project offers the names."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.battle import Battle, load_catalog
from game.cli import main
from game.savefile import load_scenario_or_fail
from game.scenario import load_scenario
from game.scenario.mapprops import COMPUTER_PLAYERS, CONTROLLERS, computer_plays
from game.players import make_policy, policy_names
from game.players.tactical import decide

BAD = Path(__file__).resolve().parent / "bad_maps"
MORALE = '<property name="morale" type="int" value="8"/>'


def raiders_played_by(folder: Path, controller: str) -> Path:
    """The baseline skirmish with its enemies' controller set to `controller`."""
    for name in ("terrain.tsx", "terrain.png"):
        shutil.copy(BAD / name, folder)
    text = (BAD / "baseline.tmx").read_text()
    assert MORALE in text
    path = folder / "skirmish.tmx"
    path.write_text(text.replace(MORALE, f'{MORALE}\n    <property name="controller" propertytype="Controller" '
                                         f'value="{controller}"/>'))
    return path


def test_the_maps_computer_players_are_exactly_the_registered_ones():
    assert sorted(COMPUTER_PLAYERS) == list(policy_names())
    assert CONTROLLERS == ("players", "gm", *COMPUTER_PLAYERS)
    assert [c for c in CONTROLLERS if computer_plays(c)] == list(COMPUTER_PLAYERS)


@pytest.mark.parametrize("name", ["tactical", "random", "computer"])
def test_a_side_may_name_any_computer_player(tmp_path, name):
    result = load_scenario(raiders_played_by(tmp_path, name))
    assert result.ok and result.scenario.sides["enemies"].controller == name


@pytest.mark.parametrize("name", ["tactical", "random"])
def test_simulate_plays_the_side_with_the_player_its_controller_names(tmp_path, capsys, name):
    path = raiders_played_by(tmp_path, name)
    assert main(["simulate", str(path), "--runs", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].endswith(f"players: enemies {name}, pcs computer")
    assert f"Enemies (enemies, played by {name})" in lines


def test_the_command_line_still_overrides_the_maps_controller(tmp_path, capsys):
    path = raiders_played_by(tmp_path, "tactical")
    assert main(["simulate", str(path), "--runs", "2", "--policy", "enemies=random"]) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("players: enemies random, pcs computer")


def test_check_refuses_an_unknown_player_naming_the_map_the_side_and_the_names_allowed(tmp_path, capsys):
    path = raiders_played_by(tmp_path, "tactician")
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"error: {path}: map property 'enemies': property 'controller' must be one of players, gm, computer, "
        "random, tactical, not 'tactician' (did you mean 'tactical'?)"]


def test_the_window_plays_a_side_with_the_player_its_controller_names(tmp_path):
    from game.ui.players import ComputerSides  # headless: the window's table of who plays which side

    battle = Battle.from_scenario(load_scenario_or_fail(raiders_played_by(tmp_path, "tactical"), load_catalog()), 4)
    sides = ComputerSides(battle)
    assert (sides.plays("enemies"), sides.plays("pcs")) == (True, False)
    assert (sides.label("enemies"), sides.label("pcs")) == ("tactical", "people")
    while battle.combatant(battle.current()).side != "enemies":
        battle.submit(make_policy("computer", 0)(battle))
    assert sides.choose(battle, "enemies") == decide(battle).action
    assert sides.choose(battle, "enemies").reason  # the tactical player says why


def test_the_gm_hands_a_side_to_people_and_back_to_the_player_the_map_names(tmp_path):
    from game.ui.players import ComputerSides

    battle = Battle.from_scenario(load_scenario_or_fail(raiders_played_by(tmp_path, "random"), load_catalog()), 4)
    sides = ComputerSides(battle)
    sides.toggle("enemies")
    assert sides.chosen["enemies"] == "players" and not sides.plays("enemies")
    sides.toggle("enemies")
    assert sides.chosen["enemies"] == "random"
    sides.toggle("pcs")  # the map gives the crew to people: the computer takes it with the default player
    assert sides.chosen["pcs"] == "computer" and sides.label("pcs") == "computer"

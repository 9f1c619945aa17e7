"""What the autosave tests share: the default scenario loaded once, battles on it played by the
computer, and a fight that stopped unfinished, autosaved."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.players.plain import choose_action
from game.battle import Battle
from game.rules.catalog import load_catalog
from game.savefile import load_scenario_or_fail
from game.savefile.autosave import Autosave

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "relay_station_ambush.tmx"


@pytest.fixture(scope="module")
def scenario():
    """The default scenario and the catalog, loaded once per module."""
    catalog = load_catalog()
    return load_scenario_or_fail(DEFAULT_MAP, catalog), catalog


def new_battle(scenario, seed="night-1") -> Battle:
    """A battle on the loaded scenario."""
    return Battle.from_scenario(scenario[0], seed, scenario[1])


def play(battle: Battle, count: int) -> None:
    """Let the computer take `count` actions."""
    for _ in range(count):
        battle.submit(choose_action(battle))


def replay(scenario, seed, actions) -> Battle:
    """A fresh battle with the actions replayed, each accepted."""
    fresh = new_battle(scenario, seed)
    for action in actions:
        assert fresh.submit(action).accepted
    return fresh


@pytest.fixture
def stopped(scenario, autosaves):
    """A fight on the default map that stopped after 6 actions, autosaved: (battle, its folder)."""
    battle = new_battle(scenario, "stopped")
    autosave = Autosave.new_fight(battle, autosaves)
    play(battle, 6)
    autosave.close()
    return battle, autosave.folder

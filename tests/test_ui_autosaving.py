"""The window's autosave (`game.ui.autosaving`): it follows the battle the window plays and
shows the autosave's news in the console (the offer to go on is tested in the real window,
test_ui_window_autosave.py)."""

from pathlib import Path
from types import SimpleNamespace

import pytest

from game.ai import choose_action
from game.battle import Battle
from game.rules.catalog import load_catalog
from game.savefile import load_scenario_or_fail
from game.savefile.autosave import Autosave
from game.savefile.places import fight
from game.ui.autosaving import WindowAutosave

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "relay_station_ambush.tmx"


@pytest.fixture(scope="module")
def scenario():
    catalog = load_catalog()
    return load_scenario_or_fail(DEFAULT_MAP, catalog), catalog


def _battle(scenario, seed="night-1") -> Battle:
    return Battle.from_scenario(scenario[0], seed, scenario[1])


def _play(battle: Battle, count: int) -> None:
    for _ in range(count):
        battle.submit(choose_action(battle))


def _replay(scenario, seed, actions) -> Battle:
    fresh = _battle(scenario, seed)
    for action in actions:
        assert fresh.submit(action).accepted
    return fresh


def test_the_windows_autosave_follows_the_battle_it_plays_and_shows_its_news(scenario, tmp_path):
    first = _battle(scenario)
    app = SimpleNamespace(message="")
    window = WindowAutosave(app, Autosave.new_fight(first, tmp_path), None, None)
    _play(first, 2)
    replayed_on_a_changed_map = _replay(scenario, "night-1", first.actions)
    window.follow(replayed_on_a_changed_map, fresh=False)  # the same fight, written whole again
    assert window.autosave.folder.name.startswith("fight-")
    same = window.autosave.folder
    _play(replayed_on_a_changed_map, 1)
    opened = _battle(scenario, "other")
    window.follow(opened, fresh=True)  # Open: a fight of its own
    _play(opened, 1)
    _play(replayed_on_a_changed_map, 1)  # the old battle is no longer autosaved
    assert window.autosave.folder != same and fight(same).actions == 3 and fight(window.autosave.folder).actions == 1
    (window.autosave.folder / "autosave.journal").unlink()
    (window.autosave.folder / "autosave.journal").mkdir()  # the journal cannot be written any more
    _play(opened, 1)
    window.tick()
    assert app.message.startswith(f"autosave failed: {window.autosave.folder / 'autosave.journal'}: cannot be written")

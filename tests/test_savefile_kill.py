"""Kill a fight dead (SIGKILL) at seeded random moments, many times, and resume it each time:
the resumed fight equals a replay of the accepted actions, and at most the action in flight is
lost. The fight is the computer playing every side of the default scenario in a child process
(tests/autosave_child.py) with the autosave on."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.ai import choose_action
from game.battle import Battle
from game.rules.catalog import load_catalog
from game.rules.dice import SeededDice
from game.savefile import load_scenario_or_fail
from game.savefile.places import fights
from game.savefile.recovery import resume_fight

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "relay_station_ambush.tmx"
CHILD = Path(__file__).resolve().parent / "autosave_child.py"
SEED = "kill-7"
KILLS = 10


@pytest.fixture(scope="module")
def whole_fight():
    """The fight played to its end in this process: its actions and the state after each."""
    catalog = load_catalog()
    battle = Battle.from_scenario(load_scenario_or_fail(DEFAULT_MAP, catalog), SEED, catalog)
    states = [battle.state]
    while not battle.state.ended:
        assert battle.submit(choose_action(battle)).accepted
        states.append(battle.state)
    return battle.actions, states, catalog


def _run_until_killed(moment: SeededDice, root: Path) -> tuple[int, int | None, bool]:
    """Start the child, let it take a seeded number of actions, wait a seeded few milliseconds and
    kill it; (actions it started from, the most it reported autosaved, whether it was killed
    before the fight was over)."""
    child = subprocess.Popen([sys.executable, str(CHILD), str(DEFAULT_MAP), SEED], cwd=ROOT,
                             env=dict(os.environ, HEXBATTLE_AUTOSAVE_DIR=str(root)),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started = int(child.stdout.readline().split()[1])
    target, reported = started + moment.roll_die(12), None
    for line in child.stdout:
        if line.strip() == "over":
            break
        reported = int(line)
        if reported >= target:
            time.sleep((moment.roll_die(6) - 1) / 1000)
            break
    child.send_signal(signal.SIGKILL)
    rest, errors = child.communicate(timeout=60)
    assert "Traceback" not in errors
    counts = [int(word) for word in rest.split() if word.isdigit()]
    over = "over" in rest.split() or child.returncode == 0
    return started, max([reported or 0, *counts]), not over


def test_a_fight_killed_at_random_moments_resumes_each_time_to_a_replay_of_its_actions(whole_fight, autosaves):
    actions, states, catalog = whole_fight
    moment = SeededDice("kill-moments")
    killed_mid_fight = 0
    for _ in range(KILLS):
        started, reported, killed = _run_until_killed(moment, autosaves)
        resumed = resume_fight(fights(autosaves, DEFAULT_MAP)[0].folder, catalog).battle
        count = len(resumed.actions)
        assert reported <= count <= reported + 1  # at most the action in flight is lost
        assert count >= started
        assert resumed.actions == actions[:count]
        assert resumed.state == states[count]
        killed_mid_fight += killed
        if resumed.state.ended:
            break
    assert killed_mid_fight >= 7

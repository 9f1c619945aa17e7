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

from game.players.plain import choose_action
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


def _run_until_killed(moment: SeededDice, root: Path) -> tuple[int, bool]:
    """Start the child and kill it at a seeded moment: most times a few milliseconds after it
    reported a seeded number of new actions autosaved; one time in four a seeded few
    milliseconds after it has loaded (while it resumes the fight, writes its first full save or
    takes its first actions). Returns the most
    actions it reported autosaved (0 if none) and whether it was killed before the fight ended."""
    child = subprocess.Popen([sys.executable, str(CHILD), str(DEFAULT_MAP), SEED], cwd=ROOT,
                             env=dict(os.environ, HEXBATTLE_AUTOSAVE_DIR=str(root)),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen: list[str] = [child.stdout.readline()]  # "ready"
    if moment.roll_die(4) == 1:
        time.sleep(moment.roll_die(30) * 0.005)
    else:
        seen.append(child.stdout.readline())
        target = int(seen[-1].split()[1]) + moment.roll_die(12)
        for line in child.stdout:
            seen.append(line)
            if line.strip() == "over" or int(line) >= target:
                break
        time.sleep((moment.roll_die(6) - 1) / 1000)
    child.send_signal(signal.SIGKILL)
    rest, errors = child.communicate(timeout=60)
    assert "Traceback" not in errors, errors
    words = " ".join([*seen, rest]).split()
    return max([0, *(int(word) for word in words if word.isdigit())]), "over" not in words


def test_a_fight_killed_at_random_moments_resumes_each_time_to_a_replay_of_its_actions(whole_fight, autosaves):
    actions, states, catalog = whole_fight
    moment = SeededDice("kill-moments")
    killed_mid_fight, before = 0, 0
    for _ in range(KILLS):
        reported, killed = _run_until_killed(moment, autosaves)
        found = fights(autosaves, DEFAULT_MAP)
        resumed = resume_fight(found[0].folder, catalog).battle if found else None
        count = len(resumed.actions) if resumed else 0
        on_disk = max(before, reported)
        seen = (before, reported, count, found and sorted(p.name for p in found[0].folder.iterdir()))
        assert on_disk <= count <= on_disk + 1, seen  # at most the action in flight is lost
        assert resumed is None or (resumed.actions == actions[:count] and resumed.state == states[count]), seen
        killed_mid_fight += killed
        before = count
        if resumed is not None and resumed.state.ended:
            break
    assert killed_mid_fight >= 7 and before > 20, (killed_mid_fight, before)

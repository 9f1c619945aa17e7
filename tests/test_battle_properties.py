"""A battle that never sticks, as properties: random legal and illegal actions, undo, redo,
save and load on every bundled map under every ruleset it can be played under, with the laws
(tests/fuzz_driver.py) checked after every step.

The hypothesis state machine explores; the seeded random play walks the same kinds of steps
from fixed seeds, so a failure there reproduces without hypothesis. How far each goes is the
run's profile (`HEXBATTLE_FUZZ`): `ci`, the default, keeps the test run short; `long` takes
100,000 steps in each fuzzer over all the pairs (`python tools/fuzz.py --profile long`, which
also prints the steps and laws checked per pair; a test run prints their sum at its end).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from fuzz_actions import DrawPicker, Picker, SeededPicker, random_action
from fuzz_driver import PAIRS, Driver, Pair, record, size
from game.battle import PLAYABLE_RULESETS, Battle
from game.rules.catalog import load_catalog
from game.savefile import load_scenario_or_fail

IDS = [str(pair) for pair in PAIRS]


class BattleMachine(RuleBasedStateMachine):
    """Random play on one bundled map under one ruleset (the test makes one class per pair);
    `counts` gathers the steps and laws of every example."""

    pair: Pair = PAIRS[0]
    counts: dict = {}

    def __init__(self):
        super().__init__()
        self.driver: Driver | None = None

    @initialize(seed=st.one_of(st.integers(0, 2**32), st.text(max_size=4)))
    def start(self, seed):
        self.driver = Driver(self.pair, seed)

    @rule(count=st.integers(1, 12))
    def computer_plays(self, count):
        self.driver.steps += 1
        self.driver.play_computer(count)

    @rule(data=st.data())
    def random_action(self, data):
        self.driver.steps += 1
        self.driver.submit(random_action(self.driver.battle, DrawPicker(data)))

    @rule()
    def pass_turn(self):
        self.driver.steps += 1
        self.driver.pass_turn()

    @rule()
    def undo(self):
        self.driver.steps += 1
        self.driver.battle.undo()

    @rule()
    def redo(self):
        self.driver.steps += 1
        self.driver.battle.redo()

    @rule()
    def undo_to_start_and_back(self):
        self.driver.steps += 1
        self.driver.undo_to_start_and_back()

    @rule()
    def save_and_load(self):
        self.driver.steps += 1
        self.driver.save_and_load()

    @invariant()
    def laws_hold(self):
        if self.driver is not None:
            self.driver.check()

    def teardown(self):
        if self.driver is not None:
            self.counts["steps"] += self.driver.steps
            self.counts["laws"].update(self.driver.laws)
            self.driver.close()


def _machine_settings(examples: int, steps: int, explore: bool) -> settings:
    """The state machine's settings; `explore` draws fresh examples each call (the long run)."""
    return settings(max_examples=examples, stateful_step_count=steps, deadline=None,
                    # Building a battle and replaying saves take tenths of a second by design.
                    suppress_health_check=[HealthCheck.too_slow],
                    **({"derandomize": False, "database": None} if explore else {}))


# In the ci profile, 12 fights of at most 30 steps a pair: about 35 s for this file on 2 cores.
@pytest.mark.parametrize("pair", PAIRS, ids=IDS)
def test_random_play_with_undo_redo_save_and_load_keeps_every_law(pair):
    run = size()
    counts = {"steps": 0, "laws": Counter()}
    machine = type(f"BattleMachine_{pair.map}_{pair.ruleset}", (BattleMachine,), {"pair": pair, "counts": counts})
    run_state_machine_as_test(machine, settings=_machine_settings(run.hypothesis_examples, run.hypothesis_steps, False))
    while counts["steps"] < run.hypothesis_total:  # the long run: call after call, each drawing afresh
        before = counts["steps"]
        run_state_machine_as_test(machine, settings=_machine_settings(run.hypothesis_examples, run.hypothesis_steps, True))
        assert counts["steps"] > before, "a whole call of the state machine took no step"
    record("hypothesis", pair, counts["steps"], counts["laws"])
    assert counts["steps"] > 0


def random_step(driver: Driver, pick: Picker) -> None:
    """One step of seeded random play: mostly the computer, then random actions, undo, redo, saves."""
    driver.steps += 1
    roll = pick.integer(0, 99)
    if roll < 50:
        driver.play_computer(1)
    elif roll < 55:
        driver.pass_turn()
    elif roll < 85:
        driver.submit(random_action(driver.battle, pick))
    elif roll < 91:
        driver.battle.undo()
    elif roll < 96:
        driver.battle.redo()
    elif roll < 98:
        driver.undo_to_start_and_back()
    else:
        driver.save_and_load()


def seeded_fight(pair: Pair, seed: int | str, picks: int, steps: int) -> Driver:
    """`steps` steps of seeded random play on a fresh battle, every law checked after each and
    at the end; the driver, closed, with its counts."""
    driver = Driver(pair, seed)
    pick = SeededPicker(picks)
    try:
        for _ in range(steps):
            random_step(driver, pick)
            driver.check()
        driver.undo_to_start_and_back()
        driver.save_and_load()
    finally:
        driver.close()
    return driver


@pytest.mark.parametrize("pair", PAIRS, ids=IDS)
def test_seeded_random_play_keeps_every_law(pair):
    run = size()
    first = seeded_fight(pair, 2026, 7, run.fight_steps)
    assert first.accepted > 50
    steps, laws, fights = first.steps, first.laws, 1
    while steps < run.seeded_total:  # the long run: fight after fight, each from its own seeds
        more = seeded_fight(pair, f"fuzz-{fights}", fights, run.fight_steps)
        steps, fights = steps + more.steps, fights + 1
        laws.update(more.laws)
    record("seeded", pair, steps, laws)


def test_the_pairs_are_every_map_under_every_ruleset_a_battle_can_start_under():
    catalog = load_catalog()
    startable = set()
    for name in sorted({pair.map for pair in PAIRS}):
        scenario = load_scenario_or_fail(PAIRS[0].path.parent / f"{name}.tmx", catalog)
        for ruleset in PLAYABLE_RULESETS:
            try:
                Battle.from_scenario(dataclasses.replace(scenario, ruleset=ruleset), 1, catalog)
            except ValueError:
                continue
            startable.add((name, ruleset, ruleset == scenario.ruleset))
    assert set(PAIRS) == startable
    assert {pair.ruleset for pair in PAIRS} == set(PLAYABLE_RULESETS)
    assert {pair.map for pair in PAIRS} == {p.stem for p in PAIRS[0].path.parent.glob("*.tmx")}


def test_the_long_profile_takes_100000_steps_in_each_fuzzer_and_ci_a_short_run():
    long, ci = size("long"), size("ci")
    assert long.hypothesis_total * len(PAIRS) >= 100_000 and long.seeded_total * len(PAIRS) >= 100_000
    assert (ci.hypothesis_examples, ci.hypothesis_steps, ci.hypothesis_total, ci.seeded_total) == (12, 30, 0, 200)

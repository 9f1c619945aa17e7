"""The battle fuzzers' driver: a battle on one bundled map under one ruleset, driven step by
step with every law checked and counted, the (map, ruleset) pairs to fuzz, and the size of a
run (`HEXBATTLE_FUZZ`: `ci`, the default, or `long`, the nightly run of `tools/fuzz.py`).

The laws: nothing but a refusal ever comes out of `submit`; the battle has ended or someone
in the fight can act (and ending the turn, or holding at the open decision, is accepted);
the dead never act; no two standing combatants share a hex and the dead stand nowhere;
undoing to the start gives the opening; a save replays to the same state.

Each fuzz test adds a line to the file `HEXBATTLE_FUZZ_REPORT` names (when set): the fuzzer,
the pair, the steps taken and the laws checked; tests/conftest.py sums them up after a test
run, and tools/fuzz.py prints them per pair.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import tempfile
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from game.actions import Action, EndTurn, Hold, from_json
from game.players.plain import choose_action
from game.battle import Battle
from game.components import Allegiance, Dead, Position
from game.rules.catalog import load_catalog
from game.savefile import load_scenario_or_fail, read_document, read_save, write_save
from fuzz_actions import in_the_fight

MAPS_DIR = Path(__file__).resolve().parent.parent / "maps"
REPORT = "HEXBATTLE_FUZZ_REPORT"
PROFILE = "HEXBATTLE_FUZZ"
LONG_STEPS = 100_000
"""Steps the long profile takes in each fuzzer, spread evenly over the pairs."""


class Pair(NamedTuple):
    """A bundled map and a ruleset a battle on it can be played under."""

    map: str
    ruleset: str
    own: bool  # whether it is the map's own ruleset

    @property
    def path(self) -> Path:
        return MAPS_DIR / f"{self.map}.tmx"

    def __str__(self) -> str:
        return f"{self.map}/{self.ruleset}"


OWN_RULESETS = {"bunker_seven": "swn-heroic", "cinder_well": "swn", "crystal_vault": "swn", "derelict_hold": "starfarer",
                "dust_market": "lucky-stars", "kessler_ford": "swn", "relay_station_ambush": "swn",
                "squad_ridge": "swn"}
SWN_FAMILY = ("swn", "swn-heroic")
"""The rulesets that share SWN's unit types; a map of one plays under the other too (the others'
unit types are their own: tests check that every pair a battle can start under is here)."""
PAIRS = tuple(Pair(name, ruleset, ruleset == own) for name, own in sorted(OWN_RULESETS.items())
              for ruleset in (SWN_FAMILY if own in SWN_FAMILY else (own,)))


@lru_cache(maxsize=None)
def _scenario(pair: Pair):
    """The pair's scenario (under its ruleset) and the catalog, loaded once per test process."""
    catalog = load_catalog()
    scenario = load_scenario_or_fail(pair.path, catalog)
    return dataclasses.replace(scenario, ruleset=pair.ruleset), catalog


@dataclass(frozen=True, slots=True)
class Size:
    """How much a fuzz test does for one pair."""

    hypothesis_examples: int  # per call of the state machine
    hypothesis_steps: int  # at most, per example
    hypothesis_total: int  # steps to take over as many calls as it needs (0: one call)
    seeded_total: int  # steps of seeded random play, in fights of `fight_steps`
    fight_steps: int


def size(profile: str | None = None) -> Size:
    """The size of a run: `ci` keeps the test run short; `long` takes LONG_STEPS steps in each
    fuzzer over all the pairs."""
    profile = profile or os.environ.get(PROFILE, "ci")
    if profile == "ci":
        return Size(12, 30, 0, 200, 200)
    if profile == "long":
        share = -(-LONG_STEPS // len(PAIRS))
        return Size(25, 50, share, share, 200)
    raise ValueError(f"{PROFILE}={profile}: give ci or long")


def record(fuzzer: str, pair: Pair, steps: int, laws: Counter) -> None:
    """Add one test's counts to the report file, when a run asked for one (appended whole: tests
    running side by side never mix their lines)."""
    path = os.environ.get(REPORT)
    if not path:
        return
    line = json.dumps({"fuzzer": fuzzer, "pair": str(pair), "steps": steps, "laws": dict(laws),
                       "profile": os.environ.get(PROFILE, "ci")}) + "\n"
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(descriptor, line.encode("utf-8"))
    finally:
        os.close(descriptor)


def throwaway(battle: Battle) -> Battle:
    """A battle starting from this one's state, to try an action on without touching the
    original's undo and redo stacks."""
    return Battle(battle.setup, battle.scenario, battle.seed, battle.state, ())


class Driver:
    """A battle on a bundled map under one ruleset, driven step by step, with every law checked
    and each check counted (`laws`), as are the steps its fuzzer takes (`steps`)."""

    def __init__(self, pair: Pair, seed: int | str):
        self.pair = pair
        scenario, catalog = _scenario(pair)
        self.battle = Battle.from_scenario(scenario, seed, catalog)
        self.opening = self.battle.state
        self.folder = Path(tempfile.mkdtemp(prefix="hexbattle-fuzz-"))
        self.saves = 0
        self.accepted = 0
        self.steps = 0
        self.laws: Counter[str] = Counter()

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def submit(self, action: Action) -> bool:
        """Submit; anything but an Outcome fails, and an accepted action's actor was standing."""
        battle = self.battle
        before = battle.state
        standing = in_the_fight(before.world, action.actor)
        try:
            outcome = battle.submit(action)
        except Exception as error:  # noqa: BLE001 - any escape from submit is the bug we hunt
            raise AssertionError(f"submit({action!r}) raised {error!r} on {self.pair}") from error
        self.laws["submit answers with an outcome, and a refusal changes nothing"] += 1
        if not outcome.accepted:
            assert battle.state is before, f"refused {action!r} changed the state ({outcome.reason})"
            return False
        # The GM's actions where nobody acts: actor 0, or the combatant shown or hidden, fallen or
        # not; a GM's note of a wound or condition (game/systems/gm_notes.py) is for any combatant,
        # the fallen first of all (seed 001: the last hit inflicts one)
        nobody_acts = action.kind in ("gm_add_unit", "gm_outgunned", "gm_set_side_morale", "gm_set_hidden",
                                      "gm_award_hero_points", "gm_note_condition")
        assert standing or nobody_acts, f"{action!r} was accepted from a combatant out of the fight"
        assert battle.actions[-1] == action
        self.accepted += 1
        return True

    def play_computer(self, count: int) -> None:
        """Let the computer player act for whoever must act now, `count` times."""
        for _ in range(count):
            if self.battle.state.ended:
                return
            action = choose_action(self.battle)
            if not self.submit(action):  # as game.players.plain.play does: end the turn, or hold
                prompt = self.battle.pending()
                fallback = Hold(prompt.decider) if prompt else EndTurn(self.battle.current())
                assert self.submit(fallback), f"the computer player is stuck after {action!r}"
            self.check()

    def pass_turn(self) -> None:
        """End the turn, or hold at the open decision (so the next actions meet a fresh turn)."""
        battle = self.battle
        if not battle.state.ended:
            prompt = battle.pending()
            self.submit(Hold(prompt.decider) if prompt else EndTurn(battle.current()))

    def undo_to_start_and_back(self) -> None:
        """Undo everything: the opening; redo as many: where we were (anything undone before
        stays undone)."""
        battle = self.battle
        where, actions = battle.state, battle.actions
        undone = 0
        while battle.undo():
            undone += 1
        assert battle.state == self.opening and battle.actions == []
        for _ in range(undone):
            assert battle.redo()
        assert battle.state == where and battle.actions == actions
        self.laws["undoing everything gives the opening, and redoing it gives the battle back"] += 1

    def save_and_load(self) -> None:
        """Save, load back, and go on with the loaded battle: the same state and the same log."""
        self.saves += 1
        path = self.folder / f"save{self.saves}.json"
        write_save(self.battle, path)
        loaded = self._reload(path)
        assert loaded.state == self.battle.state
        assert loaded.log_lines() == self.battle.log_lines()
        assert loaded.actions == self.battle.actions
        self.battle = loaded
        assert self.battle.can_redo() is False
        self.laws["a save replays to the same state and log"] += 1

    def _reload(self, path: Path) -> Battle:
        """The saved battle read back: by `read_save` under the map's own ruleset; under another
        (which a save does not record) its actions replayed on the same scenario."""
        if self.pair.own:
            loaded = read_save(path)
            assert loaded.stopped_at is None and loaded.warnings == (), loaded.warnings
            return loaded.battle
        document = read_document(path)
        scenario, catalog = _scenario(self.pair)
        battle = Battle.from_scenario(scenario, document["seed"], catalog)
        for raw in document["actions"]:
            assert battle.submit(from_json(raw)).accepted, raw
        return battle

    def check(self) -> None:
        """Every law that holds after any step."""
        self.check_places()
        self.check_standing()
        self.check_someone_can_act()
        self.laws["no two standing combatants share a hex, and the dead stand nowhere"] += 1
        self.laws["who stands is who the components say stands"] += 1
        self.laws["the battle has ended or someone in the fight can act"] += 1

    def check_places(self) -> None:
        world = self.battle.world
        standing = {}
        for entity, position in world.query(Position):
            assert position.hex not in standing, \
                f"{entity} and {standing[position.hex]} both stand on {position.hex}"
            standing[position.hex] = entity
            assert world.at(position.hex) == entity, f"the hex index has lost {entity} on {position.hex}"
        for entity, _ in world.query(Dead):
            assert not world.has(entity, Position), f"dead {entity} still stands on the map"

    def check_standing(self) -> None:
        """Who stands, as the battle remembers it from state to state (`World.derived`), is who
        stands read afresh from the components."""
        world = self.battle.world
        fresh = tuple((entity, side.side, world.get(entity, Position).hex)
                      for entity, side in world.query(Allegiance) if in_the_fight(world, entity))
        assert self.battle.standing() == fresh
        assert {c.id for c in self.battle.combatants() if c.in_fight} == {e for e, _, _ in fresh}

    def check_someone_can_act(self) -> None:
        battle = self.battle
        if battle.state.ended:
            return
        prompt = battle.pending()
        if prompt is not None:
            assert in_the_fight(battle.world, prompt.decider), f"{prompt!r} waits on someone out of the fight"
            answer: Action = Hold(prompt.decider)
        else:
            current = battle.current()
            assert current is not None and in_the_fight(battle.world, current), \
                f"the turn belongs to {current}, who is out of the fight"
            answer = EndTurn(current)
        probe = throwaway(battle)
        try:
            outcome = probe.submit(answer)
        except Exception as error:  # noqa: BLE001
            raise AssertionError(f"submit({answer!r}) raised {error!r} on {self.pair}") from error
        assert outcome.accepted, f"the battle is stuck: {answer!r} refused ({outcome.reason})"



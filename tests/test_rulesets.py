"""One list of ruleset names (game/rules/ruleset_names.py), and everything that names rulesets agrees with it."""

import json
from pathlib import Path

from game.battle import PLAYABLE_RULESETS
from game.rules import ruleset_data
from game.rules.ruleset_names import DEFAULT, HEROIC, ROLL_UNDER, RULESETS
from game.scenario import mapprops
from game.systems import rulesets

PROJECT = Path(__file__).resolve().parent.parent / "maps" / "hexbattle.tiled-project"


def test_the_registered_rulesets_are_exactly_the_named_ones_each_once():
    registered = [name for ruleset in rulesets.REGISTERED for name in ruleset.names]
    assert sorted(registered) == sorted(RULESETS) and len(set(registered)) == len(registered)
    assert tuple(rulesets.RULESETS) == RULESETS == PLAYABLE_RULESETS


def test_a_map_may_name_exactly_those_and_the_tiled_project_offers_exactly_those():
    field = mapprops.MAP_FIELDS["ruleset"]
    assert tuple(field.choices) == RULESETS
    types = {t["name"]: t for t in json.loads(PROJECT.read_text())["propertyTypes"]}
    assert tuple(types["Ruleset"]["values"]) == RULESETS


def test_the_facts_and_the_data_name_only_known_rulesets():
    assert DEFAULT in RULESETS and HEROIC <= set(RULESETS) and ROLL_UNDER <= set(RULESETS)
    assert set(ruleset_data.PRESENTERS) <= set(RULESETS)

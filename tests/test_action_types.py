"""Action types are registered one way (`action_type`), every one of them, each under its own kind."""

from dataclasses import dataclass
from typing import ClassVar

import pytest

from game import actions
from game.actions import ACTION_TYPES, Action, action_type, from_json, to_json


def _action_classes() -> set[type]:
    found, todo = set(), [Action]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("game."):
                found.add(sub)
                todo.append(sub)
    return found


def test_every_action_type_of_the_game_is_registered_under_its_kind():
    import game.battle  # noqa: F401 (loads every ruleset's vocabulary)
    classes = {cls for cls in _action_classes() if getattr(actions, cls.__name__, None) is cls}
    assert classes and all(ACTION_TYPES.get(cls.kind) is cls for cls in classes)
    assert set(ACTION_TYPES.values()) == classes


def test_a_second_type_of_a_kind_already_taken_is_refused():
    with pytest.raises(TypeError, match="kind of its own, not 'move'"):
        @action_type
        @dataclass(frozen=True, slots=True)
        class Walk(Action):
            kind: ClassVar[str] = "move"
    assert ACTION_TYPES["move"] is actions.Move


def test_a_registered_type_round_trips_through_json():
    action = actions.Move(3, path=(actions.Hex(1, 2),))
    assert from_json(to_json(action)) == action

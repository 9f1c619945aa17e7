"""Malformed actions from a script or a plug-in are refused at the door and change nothing."""

import pytest

from game.actions import Attack, EndTurn, Jump, Move, SetOverwatch, from_json, in_json_form, to_json
from game.hexgrid import Hex

from kit import battle_at, unit

UNITS = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "thug", "enemies", Hex(3, 0))]


@pytest.mark.parametrize("action, reason", [
    (None, "not an action: None"),
    ("attack", "not an action: 'attack'"),
    (Attack(1.0, target=2), "malformed action: 'actor' must be of type int, not 1.0"),
    (Attack(True, target=2), "malformed action: 'actor' must be of type int, not True"),
    (Attack(1, target=2.0), "malformed action: 'target' must be of type int, not 2.0"),
    (Attack(1, target=2, burst="no"), "malformed action: 'burst' must be of type bool, not 'no'"),
    (Move(1, path="xx"), "malformed action: 'path' must be a list of [q, r] pairs"),
    (Move(1, path=(Hex(1.0, 0),)), "malformed action: 'path' must be a list of [q, r] pairs"),
    (Attack(1, target=2, faces=("20",)), "malformed action: 'faces' must be a list of whole numbers"),
    (Attack(1, target=2, faces=(0,)), "the face 0 you entered is not a face any die has"),
    (Attack(1, target=2, faces=(-5,)), "the face -5 you entered is not a face any die has"),
    (SetOverwatch(1, facing="2"), "malformed action: 'facing' must be of type int, not '2'"),
    (Jump(1, to=None), "malformed action: 'to' must be a [q, r] pair"),
])
def test_malformed_actions_are_refused_with_a_reason_and_change_nothing(action, reason):
    battle = battle_at(UNITS, first=1)
    before = battle.state
    outcome = battle.submit(action)
    assert (outcome.accepted, outcome.reason) == (False, reason)
    assert battle.state is before


def test_a_plain_tuple_for_a_hex_is_taken_as_that_hex():
    battle = battle_at(UNITS, first=1)
    assert battle.submit(Move(1, path=((1, 0),))).accepted
    assert isinstance(battle.actions[-1].path[0], Hex)


def test_faces_none_is_refused_not_crashed():
    battle = battle_at(UNITS, first=1)
    outcome = battle.submit(EndTurn(1, faces=None))
    assert not outcome.accepted and outcome.reason.startswith("malformed action")


@pytest.mark.parametrize("action, exact", [
    (Attack(1, target=2, burst=True, faces=(3, 20), reason="best odds"), True),
    (Move(1, path=(Hex(1, 0), Hex(2, -1))), True),
    (Jump(1, to=Hex(0, 2)), True),
    (EndTurn(4), True),
    (Move(1, path=((1, 0),)), False),  # a plain tuple: the round trip makes it a Hex
    (Move(1, path=[Hex(1, 0)]), False),
    (Attack(1, target=True), False),
    (Attack(1.0, target=2), False),
    (Jump(1, to=None), False),
    (SetOverwatch(1, facing=2, angle=30.0), False),  # a float field: always the round trip
])
def test_an_action_told_in_json_form_is_the_one_the_round_trip_gives_back(action, exact):
    assert in_json_form(action) is exact
    if exact:  # the shortcut `submit` takes: the same action, field for field and type for type
        again = from_json(to_json(action))
        assert again == action and again.reason == action.reason
        assert all(type(getattr(again, f)) is type(getattr(action, f)) for f in action.__dataclass_fields__)

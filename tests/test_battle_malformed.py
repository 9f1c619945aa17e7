"""Malformed actions from a script or a plug-in are refused at the door and change nothing."""

import pytest

from game.actions import Attack, EndTurn, Jump, Move, SetOverwatch
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

"""The world's side groups: who belongs to a side is a lookup kept up to date, and a snapshot's
groups never change with the original's."""

from __future__ import annotations

from game.components import Allegiance, Position
from game.ecs import World
from game.hexgrid import Hex


def test_a_side_lists_its_members_as_they_join_change_side_and_leave():
    world = World()
    vask = world.spawn(Allegiance("pcs"), Position(Hex(0, 0)))
    thug = world.spawn(Allegiance("enemies"), Position(Hex(1, 0)))
    assert world.group(Allegiance, "pcs") == {vask}
    world.set(thug, Allegiance("pcs"))
    assert world.groups(Allegiance) == {"pcs": {vask, thug}}
    world.despawn(vask)
    world.remove(thug, Allegiance)
    assert world.groups(Allegiance) == {} and world.group(Allegiance, "pcs") == frozenset()


def test_a_snapshot_keeps_its_own_groups():
    world = World()
    vask = world.spawn(Allegiance("pcs"))
    copy = world.snapshot()
    world.set(vask, Allegiance("enemies"))
    copy.spawn(Allegiance("pcs"))
    assert world.groups(Allegiance) == {"enemies": {vask}}
    assert copy.groups(Allegiance) == {"pcs": {vask, vask + 1}}

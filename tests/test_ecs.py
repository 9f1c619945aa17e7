"""The world: spawn, replace, query, the hex index, and snapshots for undo."""

import pytest

from game.components import Allegiance, Health, Identity, Position, Prone
from game.ecs import World
from game.hexgrid import Hex


def _soldier(world: World, hex_: Hex, side: str = "enemies") -> int:
    return world.spawn(Identity("Kim", "veteran_soldier", "npc"), Allegiance(side), Position(hex_), Health(9, 9))


def test_components_are_replaced_and_the_index_follows():
    world = World()
    kim = _soldier(world, Hex(0, 0))
    assert world.at(Hex(0, 0)) == kim
    world.set(kim, Position(Hex(1, 0)))
    assert world.at(Hex(0, 0)) is None and world.at(Hex(1, 0)) == kim
    world.remove(kim, Position)
    assert world.at(Hex(1, 0)) is None and world.try_get(kim, Position) is None


def test_two_combatants_on_one_hex_is_a_bug():
    world = World()
    _soldier(world, Hex(0, 0))
    with pytest.raises(ValueError, match="already occupied"):
        _soldier(world, Hex(0, 0))


def test_query_yields_in_id_order_only_entities_with_every_type():
    world = World()
    a = _soldier(world, Hex(0, 0))
    b = world.spawn(Identity("Crate", "prop", "npc"))
    c = _soldier(world, Hex(2, 0), side="pcs")
    world.set(c, Prone())
    assert [e for e, _ in world.query(Position)] == [a, c]
    assert [e for e, _, _ in world.query(Position, Prone)] == [c]
    assert world.entities() == [a, b, c]


def test_snapshot_is_independent_and_equal_until_changed():
    world = World()
    kim = _soldier(world, Hex(0, 0))
    before = world.snapshot()
    assert before == world
    world.set(kim, Health(3, 9))
    world.set(kim, Position(Hex(0, 1)))
    assert before != world
    assert before.get(kim, Health).current == 9
    assert before.at(Hex(0, 0)) == kim and before.at(Hex(0, 1)) is None


def test_ids_are_never_reused():
    world = World()
    a = _soldier(world, Hex(0, 0))
    world.despawn(a)
    b = _soldier(world, Hex(0, 0))
    assert b != a and world.at(Hex(0, 0)) == b


def test_two_worlds_share_nothing():
    one, two = World(), World()
    _soldier(one, Hex(0, 0))
    assert two.at(Hex(0, 0)) is None and two.entities() == []


def test_a_snapshot_changed_leaves_the_world_it_came_from_as_it_was():
    world = World()
    kim, lee = _soldier(world, Hex(0, 0)), _soldier(world, Hex(1, 0), side="pcs")
    copy = world.snapshot()
    again = copy.snapshot()  # stores shared three ways until each is changed
    copy.set(kim, Position(Hex(0, 2)))
    copy.set(lee, Prone())
    copy.despawn(lee)
    assert world.at(Hex(0, 0)) == kim and world.at(Hex(0, 2)) is None and world.get(lee, Health).current == 9
    assert not world.has(lee, Prone) and world.group(Allegiance, "pcs") == {lee}
    assert copy.at(Hex(0, 2)) == kim and not copy.exists(lee) and copy.group(Allegiance, "pcs") == frozenset()
    assert again == world and again.at(Hex(1, 0)) == lee
    world.remove(kim, Position)
    assert again.at(Hex(0, 0)) == kim and copy.at(Hex(0, 2)) == kim

"""The world: spawn, replace, query, the hex index, and snapshots for undo."""

import copy

import pytest

from game.components import Allegiance, Health, Identity, Overwatch, Position, Prone
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


def _healthy(world: World) -> tuple[int, ...]:
    """Who has health left (reads Health only), counting each time it is worked out."""
    _healthy.counted += 1
    return tuple(e for e, health in world.query(Health) if health.current > 0)


_healthy.counted = 0


def test_a_derived_value_is_remembered_until_a_store_it_read_is_changed():
    world = World()
    kim, lee = _soldier(world, Hex(0, 0)), _soldier(world, Hex(1, 0), side="pcs")
    state = world.snapshot()  # a battle state: its stores are shared, so never changed in place
    start = _healthy.counted
    assert state.derived((Health,), _healthy) == (kim, lee)
    assert state.derived((Health,), _healthy) == (kim, lee) and _healthy.counted == start + 1
    working = state.snapshot()  # the next action's copy holds the same stores: the answer holds
    working.set(kim, Position(Hex(0, 2)))  # a store not read
    assert working.derived((Health,), _healthy) == (kim, lee) and _healthy.counted == start + 1
    working.set(kim, Health(0, 9))  # copied: this world's own from now on, changed in place
    assert working.derived((Health,), _healthy) == (lee,)
    assert working.derived((Health,), _healthy) == (lee,) and _healthy.counted == start + 2
    working.set(lee, Health(0, 9))
    assert working.derived((Health,), _healthy) == () and _healthy.counted == start + 3
    after = working.snapshot()  # the action is over: its last answer holds in the next state
    assert after.derived((Health,), _healthy) == () and _healthy.counted == start + 3
    assert state.derived((Health,), _healthy) == (kim, lee)  # undone to: worked out again
    working.set(lee, Health(5, 9))  # copies the store again, leaving `after` as it was
    assert working.derived((Health,), _healthy) == (lee,) and after.derived((Health,), _healthy) == ()


def test_a_derived_value_holds_only_for_what_it_was_given():
    world = World()
    kim = _soldier(world, Hex(0, 0))
    state = world.snapshot()

    def wounded_among(world: World, among: frozenset[int]) -> tuple[int, ...]:
        return tuple(e for e in sorted(among) if world.get(e, Health).current < world.get(e, Health).maximum)

    assert state.derived((Health,), wounded_among, frozenset()) == ()
    working = state.snapshot()
    working.set(kim, Health(4, 9))
    assert working.snapshot().derived((Health,), wounded_among, frozenset({kim})) == (kim,)
    assert state.derived((Health,), wounded_among, frozenset({kim})) == ()


def test_holders_are_the_entities_having_a_type():
    world = World()
    kim, lee = _soldier(world, Hex(0, 0)), _soldier(world, Hex(1, 0))
    world.set(lee, Prone())
    assert world.holders(Position) - world.holders(Prone) == {kim}
    assert set(world.holders(Prone)) == {lee} and set(world.holders(Overwatch)) == set()


def test_a_world_changed_after_a_snapshot_does_not_lend_its_answers_to_the_snapshot():
    world = World()
    kim = _soldier(world, Hex(0, 0))
    copy = world.snapshot()  # nothing asked yet: both start from the same (empty) memories
    world.set(kim, Health(0, 9))
    assert world.derived((Health,), _healthy) == ()
    assert copy.derived((Health,), _healthy) == (kim,)
    assert world.derived((Health,), _healthy) == ()


def test_a_deep_copy_holds_the_same_components_and_works_its_answers_out_again():
    world = World()
    kim = _soldier(world, Hex(0, 0))
    assert world.derived((Health,), _healthy) == (kim,)
    clone = copy.deepcopy(world)
    assert clone == world and clone.at(Hex(0, 0)) == kim and clone.group(Allegiance, "enemies") == {kim}
    assert clone.derived((Health,), _healthy) == (kim,)
    clone.set(kim, Health(0, 9))
    assert clone.derived((Health,), _healthy) == () and world.derived((Health,), _healthy) == (kim,)
    assert world.get(kim, Health).current == 9

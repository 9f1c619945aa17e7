"""The fast path search finds exactly what a plain Dijkstra over hexes finds: the same hexes,
the same costs and the same paths, ties included."""

from __future__ import annotations

import heapq

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.hexgrid import Hex, neighbors, spiral
from game.hexgrid.paths import CostGrid, DistanceTable, Nearest, Ways, cheapest_to, cheapest_within


def plain_reachable(costs, start, budget, blocked, passing):
    """The engine's former search, kept here as the reference: (cost, path) per hex one may end on."""
    best = {start: (0, ())}
    frontier = [(0, start, ())]
    while frontier:
        cost, hex_, path = heapq.heappop(frontier)
        if best[hex_][0] < cost:
            continue
        for step in neighbors(hex_):
            step_cost = costs.get(step)
            if step_cost is None or step in blocked:
                continue
            total = cost + step_cost
            if total <= budget and (step not in best or total < best[step][0]):
                best[step] = (total, path + (step,))
                heapq.heappush(frontier, (total, step, path + (step,)))
    return {h: found for h, found in sorted(best.items()) if h != start and h not in passing}


def fast_reachable(costs, start, budget, blocked, passing):
    """The same question through CostGrid and cheapest_within."""
    grid = CostGrid(costs)
    found = cheapest_within(grid, start, budget, grid.cells(blocked))
    paths, skip = found.paths(), grid.cells(passing) | {grid.cell(start)}
    return {grid.hexes[c]: (found.cost[c], paths[c]) for c in sorted(found.cost) if c not in skip}


MAP = spiral(Hex(0, 0), 6)


@st.composite
def battlefields(draw):
    """A radius-6 map: each hex costs 1-3 or is closed; some hexes held by foes or by allies."""
    cells = draw(st.lists(st.sampled_from([1, 1, 1, 2, 3, None]), min_size=len(MAP), max_size=len(MAP)))
    costs = dict(zip(MAP, cells))
    start = draw(st.sampled_from(MAP))
    costs[start] = costs[start] or 1
    others = [h for h in MAP if h != start]
    blocked = set(draw(st.lists(st.sampled_from(others), max_size=8)))
    passing = set(draw(st.lists(st.sampled_from(others), max_size=8))) - blocked
    return costs, start, draw(st.integers(0, 14)), blocked, passing


@settings(max_examples=300, deadline=None)
@given(battlefields())
def test_fast_search_equals_plain_dijkstra(case):
    assert fast_reachable(*case) == plain_reachable(*case)


def test_open_ground_reaches_every_hex_within_the_budget_once():
    costs = {h: 1 for h in spiral(Hex(0, 0), 5)}
    found = fast_reachable(costs, Hex(0, 0), 3, set(), set())
    assert sorted(found) == sorted(h for h in spiral(Hex(0, 0), 3) if h != Hex(0, 0))
    assert found[Hex(3, 0)] == (3, (Hex(1, 0), Hex(2, 0), Hex(3, 0)))


def test_an_ally_is_walked_through_but_not_ended_on():
    costs = {Hex(q, 0): 1 for q in range(4)}
    found = fast_reachable(costs, Hex(0, 0), 3, set(), {Hex(1, 0)})
    assert Hex(1, 0) not in found
    assert found[Hex(2, 0)] == (2, (Hex(1, 0), Hex(2, 0)))


def test_a_foe_closes_its_hex():
    costs = {Hex(q, 0): 1 for q in range(4)}
    assert fast_reachable(costs, Hex(0, 0), 3, {Hex(1, 0)}, set()) == {}


def test_a_cost_below_one_is_refused_as_a_bug():
    with pytest.raises(ValueError, match="at least 1"):
        CostGrid({Hex(0, 0): 0})


def plain_cheapest_to(costs, goals):
    """Reference for `cheapest_to`: a multi-source Dijkstra over hexes, entering each at its cost."""
    best = {goal: 0 for goal in goals}
    frontier = [(0, goal) for goal in sorted(best)]
    while frontier:
        spent, hex_ = heapq.heappop(frontier)
        if best[hex_] < spent:
            continue
        for step in neighbors(hex_):
            enter = costs.get(step)
            if enter is not None and spent + enter < best.get(step, 1 << 60):
                best[step] = spent + enter
                heapq.heappush(frontier, (spent + enter, step))
    return best


@settings(max_examples=300, deadline=None)
@given(battlefields(), st.data())
def test_ways_read_a_few_hexes_at_a_time_give_the_whole_searchs_costs(case, data):
    costs = case[0]
    goals = data.draw(st.lists(st.sampled_from(MAP), min_size=1, max_size=4, unique=True))
    for goal in goals:
        costs[goal] = costs[goal] or 1
    asked = data.draw(st.lists(st.sampled_from(MAP + [Hex(9, 9)]), max_size=20))
    expected = plain_cheapest_to(costs, goals)
    grid = CostGrid(costs)
    ways = Ways(grid, goals)
    for hex_ in asked:  # each answer final whenever it is asked, however far the search has gone
        assert ways.get(hex_, -1) == expected.get(hex_, -1)
        assert (hex_ in ways) == (hex_ in expected)
    assert ways.whole() == expected
    assert list(ways.whole().items()) == list(cheapest_to(grid, goals).items())  # the same order
    assert len(ways) == len(expected) and set(ways) == set(expected)


def test_ways_to_a_goal_along_a_row():
    costs = {Hex(q, 0): 1 for q in range(5)} | {Hex(2, 0): 3}
    ways = Ways(CostGrid(costs), [Hex(0, 0)])
    assert ways.get(Hex(1, 0)) == 1 and ways[Hex(3, 0)] == 5 and ways.get(Hex(7, 0), "none") == "none"
    with pytest.raises(KeyError):
        ways[Hex(0, 3)]


@settings(max_examples=300, deadline=None)
@given(battlefields(), st.data())
def test_the_nearest_goal_read_from_kept_rows_is_the_multi_source_searchs(case, data):
    costs = case[0]
    grid = CostGrid(costs)
    table = DistanceTable(grid)  # one table, its rows kept, for several sets of goals
    for _ in range(3):
        goals = data.draw(st.lists(st.sampled_from(MAP), max_size=4, unique=True))
        expected = plain_cheapest_to(costs, goals)
        nearest = Nearest(table, goals)
        for hex_ in MAP + [Hex(9, 9)]:
            assert nearest.get(hex_, -1) == expected.get(hex_, -1)
            assert (hex_ in nearest) == (hex_ in expected)
        assert list(nearest.whole().items()) == list(cheapest_to(grid, goals).items())
        assert len(nearest) == len(expected) and set(nearest) == set(expected)


def test_a_map_too_big_for_a_table_is_searched_instead():
    assert DistanceTable.fits(CostGrid({h: 1 for h in spiral(Hex(0, 0), 6)}))
    assert not DistanceTable.fits(CostGrid({h: 1 for h in spiral(Hex(0, 0), 20)}))  # 1,261 hexes


def plain_nearer(expected: dict, around, within: int) -> tuple:
    """The hexes within `within` of one of `around` cheaper than `around[0]`, read hex by hex."""
    far = 1 << 62
    mine = expected.get(around[0], far)
    return tuple(sorted({h for start in around for h in spiral(start, within) if expected.get(h, far) < mine}))


@settings(max_examples=300, deadline=None)
@given(battlefields(), st.data())
def test_the_hexes_nearer_the_goals_are_the_same_read_from_rows_or_searched(case, data):
    costs = case[0]
    grid = CostGrid(costs)
    table = DistanceTable(grid)
    for _ in range(3):
        goals = data.draw(st.lists(st.sampled_from(MAP), max_size=4, unique=True))
        around = data.draw(st.lists(st.sampled_from(MAP + [Hex(9, 9)]), min_size=1, max_size=3, unique=True))
        within = data.draw(st.integers(0, 5))
        expected = plain_nearer(plain_cheapest_to(costs, goals), around, within)
        assert Nearest(table, goals).nearer(around, within) == expected
        assert Ways(grid, goals).nearer(around, within) == expected


def test_from_a_hex_three_steps_along_a_row_only_the_hexes_nearer_the_goal_are_named():
    costs = {Hex(q, 0): 1 for q in range(6)}  # a corridor: the goal at one end
    grid = CostGrid(costs)
    nearest = Nearest(DistanceTable(grid), [Hex(0, 0)])
    assert nearest.nearer((Hex(3, 0),), 2) == (Hex(1, 0), Hex(2, 0))
    assert nearest.nearer((Hex(3, 0), Hex(4, 0)), 1) == (Hex(2, 0),)  # cheaper than the first hex only
    assert nearest.nearer((Hex(0, 0),), 3) == ()  # nothing is nearer than the goal itself
    assert Ways(grid, [Hex(0, 0)]).nearer((Hex(3, 0),), 2) == (Hex(1, 0), Hex(2, 0))

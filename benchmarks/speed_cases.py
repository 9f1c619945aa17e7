"""The cases benchmarks/speed.py measures, and the former ways of doing them (its baselines)."""

from __future__ import annotations

import gc
import heapq
import os
import random
import time
import tracemalloc
from pathlib import Path

from game.actions import EndTurn, GmAddUnit, Hold
from game.players.plain import choose_action, play
from game.players.reading import enemy_hexes
from game.players import make_policy
from game.battle import Battle
from game.components import Allegiance, Position
from game.ecs import World
from game.hexgrid import Hex, distance, neighbors
from game.hexgrid.paths import cheapest_within  # noqa: F401  (measured by speed.py)
from game.options import MoveOption
from game.rules.catalog import load_catalog
from game.savefile import battle_from_map, load_scenario_or_fail
from game.systems import choices
from game.systems.movement import Reach, passage_rule, reachable  # noqa: F401
from game.systems.sight import trace_cover  # noqa: F401
from game.systems.sightlines import every_line_of_fire  # noqa: F401
from game.systems.turns import camps_standing
from game.terrain import Battlefield, HexTerrain

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "relay_station_ambush.tmx"
CATALOG = load_catalog()
CROWD = 100
UNREACHABLE = 1 << 30


def _terrain(wall: bool, concealment: str = "none", material: str = "none") -> HexTerrain:
    return HexTerrain("wall" if wall else "ground", 1, wall, wall, wall,
                      CATALOG.concealment[concealment], CATALOG.materials[material])


def _rectangle(cols: int, rows: int) -> list[Hex]:
    """The hexes of a Tiled map of cols x rows cells (odd columns shifted down)."""
    return [Hex(c, r - (c + (c & 1)) // 2) for c in range(cols) for r in range(rows)]


def open_map(cols: int, rows: int) -> tuple[Battlefield, World, int]:
    """Open ground with one combatant in the middle."""
    field = Battlefield({h: _terrain(False) for h in _rectangle(cols, rows)})
    world = World()
    middle = Hex(cols // 2, rows // 2 - (cols // 2 + 1) // 2)
    return field, world, world.spawn(Position(middle), Allegiance("pcs"))


def position(world: World, entity: int) -> Hex:
    """Where the entity stands."""
    return world.get(entity, Position).hex


def plain_dijkstra(field: Battlefield, start: Hex, budget: int) -> dict[Hex, int]:
    """The textbook search: a heap of (cost, Hex), costs only."""
    best = {start: 0}
    frontier = [(0, start)]
    while frontier:
        cost, hex_ = heapq.heappop(frontier)
        if best[hex_] < cost:
            continue
        for step in neighbors(hex_):
            enter = field.move_cost(step)
            if enter is not None and cost + enter <= budget and cost + enter < best.get(step, UNREACHABLE):
                best[step] = cost + enter
                heapq.heappush(frontier, (cost + enter, step))
    return best


def former_reachable(field: Battlefield, world: World, mover: int, points: int) -> dict[Hex, Reach]:
    """The engine's search before hexgrid.paths: a heap of (cost, Hex, path), paths copied per push."""
    start = world.get(mover, Position).hex
    rule = passage_rule(world, mover, False)
    best = {start: (0, ())}
    frontier = [(0, start, ())]
    while frontier:
        cost, hex_, path = heapq.heappop(frontier)
        if best[hex_][0] < cost:
            continue
        for step in field.neighbours_on_map(hex_):
            step_cost = field.move_cost(step)
            if step_cost is None or rule(step) == "blocked":
                continue
            total = cost + step_cost
            if total <= points and (step not in best or total < best[step][0]):
                best[step] = (total, path + (step,))
                heapq.heappush(frontier, (total, step, path + (step,)))
    return {h: Reach(h, c, p) for h, (c, p) in sorted(best.items()) if h != start and rule(h) == "free"}


def walled_map(cols: int, rows: int, units: int) -> tuple[dict, list[Hex], list]:
    """Random walls (one hex in seven), concealment and cover materials; units on open hexes."""
    rng = random.Random(11)
    concealment, materials = sorted(CATALOG.concealment), sorted(CATALOG.materials)
    terrain = {h: _terrain(rng.random() < 1 / 7, rng.choice(concealment), rng.choice(materials))
               for h in _rectangle(cols, rows)}
    hexes = rng.sample([h for h, t in terrain.items() if not t.blocks_sight], units)
    kinds = sorted({w.weapon_class for w in CATALOG.weapons.values()}, key=repr)
    return terrain, hexes, [rng.choice(kinds) for _ in hexes]


def largest_map() -> Path:
    """The bundled map with the most hexes."""
    return max(sorted((ROOT / "maps").glob("*.tmx")), key=lambda p: len(battle_from_map(p, 1).field))


def former_approach_costs(battle: Battle, enemies: list[Hex]) -> dict[Hex, int]:
    """The former player's full-map Dijkstra, run afresh for every move."""
    field = battle.field
    costs = {e: 0 for e in enemies}
    frontier = [(0, e) for e in sorted(enemies)]
    while frontier:
        cost, hex_ = heapq.heappop(frontier)
        if costs[hex_] < cost:
            continue
        for step in field.neighbours_on_map(hex_):
            enter = field.move_cost(step)
            if enter is not None and cost + enter < costs.get(step, UNREACHABLE):
                costs[step] = cost + enter
                heapq.heappush(frontier, (cost + enter, step))
    return costs


def former_move_search(battle: Battle) -> None:
    """The former player's move search for whoever acts: options, full-map Dijkstra, and a line
    traced for every candidate hex (what a decision to move cost before)."""
    actor = battle.current()
    me = battle.combatant(actor)
    options = battle.options(actor, groups=("move", "attack"))
    reach = [o.hex for o in options.allowed("move") if isinstance(o, MoveOption)]
    enemies = enemy_hexes(battle, actor)
    if not reach or not enemies:
        return
    former_approach_costs(battle, enemies)
    weapon = CATALOG.weapons[me.weapon or "unarmed"].weapon_class
    for hex_ in reach:
        nearest = min(enemies, key=lambda e: (distance(hex_, e), e))
        trace_cover(battle.field, nearest, hex_, weapon)


def decision_times(path: Path, fights: int) -> tuple[list[float], list[float]]:
    """Seconds per decision now, and per former move search on the very same states."""
    scenario = load_scenario_or_fail(path, CATALOG)
    now, before = [], []
    for seed in range(fights):
        battle = Battle.from_scenario(scenario, seed, CATALOG)
        while not battle.state.ended and len(battle.actions) < 2000:
            if battle.pending() is None:
                start = time.perf_counter()
                former_move_search(battle)
                before.append(time.perf_counter() - start)
            start = time.perf_counter()
            action = choose_action(battle)
            now.append(time.perf_counter() - start)
            battle.submit(action)
    return now, before


def policy_decision_times(path: Path, policy: str, fights: int) -> list[float]:
    """CPU seconds of every decision of the named player playing every side, over `fights` fights."""
    scenario = load_scenario_or_fail(path, CATALOG)
    times = []
    for seed in range(fights):
        battle, player = Battle.from_scenario(scenario, seed, CATALOG), make_policy(policy, seed)
        while not battle.state.ended and len(battle.actions) < 2000:
            start = time.process_time()
            action = player(battle)
            times.append(time.process_time() - start)
            if not battle.submit(action).accepted:
                pending = battle.pending()
                battle.submit(Hold(pending.decider) if pending is not None else EndTurn(battle.current()))
    return times


def fight_rates(path: Path, fights: int) -> tuple[float, float]:
    """Fights per second with today's player, and with the former move search added per decision."""
    scenario = load_scenario_or_fail(path, CATALOG)
    start = time.perf_counter()
    for seed in range(fights):
        play(Battle.from_scenario(scenario, seed, CATALOG))
    rate = fights / (time.perf_counter() - start)
    start = time.perf_counter()
    for seed in range(fights):
        battle = Battle.from_scenario(scenario, seed, CATALOG)
        while not battle.state.ended and len(battle.actions) < 2000:
            if battle.pending() is None:
                former_move_search(battle)
            battle.submit(choose_action(battle))
    return rate, fights / (time.perf_counter() - start)


def crowded_scene(extra: int):
    """The default map's first combatant on its turn, with `extra` allies added far from it."""
    battle = battle_from_map(DEFAULT_MAP, seed=2)
    actor = battle.current()
    me = battle.combatant(actor)
    free = sorted((h for h in battle.field.hexes() if battle.field.enterable(h) and battle.world.at(h) is None),
                  key=lambda h: (-distance(h, me.hex), h))
    for number, hex_ in enumerate(free[:extra]):
        battle.submit(GmAddUnit(0, unit_type="thug", side=me.side, to=hex_, name=f"Extra {number}"))
    return battle._scene(battle.state), actor


def attack_options_cost(extra: int) -> float:
    """Seconds to list one unit's attack options with `extra` far-away allies on the map."""
    scene, actor = crowded_scene(extra)
    return _best(lambda: choices.options_on_turn(scene, actor, ("attack",)), 50)


def standing_cost(extra: int) -> float:
    """Seconds to ask which camps still stand with `extra` more units on the map."""
    scene, _ = crowded_scene(extra)
    return _best(lambda: camps_standing(scene), 200)


def _best(function, repeat: int) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            function()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def resident_bytes() -> int:
    """The process's resident memory now (Linux /proc; 0 where it cannot be read)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


def memory_over_fights(fights: int, traced: bool) -> dict[str, int]:
    """Memory after a tenth of the fights and after all, measured between fights (the scenario
    loaded once): resident bytes, or with `traced` the live Python bytes (tracemalloc, which
    itself costs resident memory, so the two are measured in separate passes); and the most
    lines one battle remembered."""
    scenario = load_scenario_or_fail(DEFAULT_MAP, CATALOG)
    measure = (lambda: tracemalloc.get_traced_memory()[0]) if traced else resident_bytes
    if traced:
        tracemalloc.start()
    found = {"kept": 0}
    for seed in range(fights):
        battle = Battle.from_scenario(scenario, seed, CATALOG)
        play(battle)
        found["kept"] = max(found["kept"], len(battle.field.lines_seen))
        del battle
        if seed + 1 == max(1, fights // 10):
            gc.collect()
            found["early"] = measure()
    gc.collect()
    found["late"] = measure()
    tracemalloc.stop()
    return found


def pair_by_pair(terrain: dict, hexes: list[Hex], weapons: list, pairs: list[tuple[int, int]]) -> float:
    """Seconds to read the pairs one by one on a fresh battlefield (nothing remembered yet)."""
    field = Battlefield(terrain)
    start = time.perf_counter()
    for i, j in pairs:
        trace_cover(field, hexes[i], hexes[j], weapons[i])
    return time.perf_counter() - start

"""Test helpers: small battlefields and scenarios built in code, no Tiled file needed."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

from game.hexgrid import Hex, TiledHexLayout, spiral
from game.scenario.model import Scenario, SideSetup, Terrain, UnitPlacement

LAYOUT = TiledHexLayout(56, 64, 32, "y", "odd")

WALL = Terrain("concrete wall", impassable=True, tall=True, blocks_sight=True, material="thick_stone")
LOW_WALL = Terrain("brick wall", move_cost=2, material="thin_stone")
FOREST = Terrain("forest", move_cost=2, concealment="mostly", material="thick_wood")
SMOKE = Terrain("smoke", concealment="mostly", material="particulates")
ROUGH = Terrain("rough ground", move_cost=2)
CHASM = Terrain("chasm", impassable=True)


def side(side_id: str, morale: int | None = 8, surprised: bool = False, controller: str = "gm") -> SideSetup:
    """A side setup with the usual defaults."""
    return SideSetup(side_id, side_id.title(), morale, controller, None, False, surprised, False, 0, False)


def unit(object_id: int, unit_type: str, side_id: str, hex_: Hex, count: int = 1, name: str | None = None,
         **overrides) -> UnitPlacement:
    """A unit placement."""
    return UnitPlacement(object_id, name or f"{unit_type} {object_id}", unit_type, side_id, hex_, count,
                         None, MappingProxyType(overrides), "units")


def scenario(units, terrain: dict[Hex, Terrain] | None = None, radius: int = 6, ruleset: str = "swn",
             sides=None, modules=(), settings=None, path: Path | None = None) -> Scenario:
    """A hexagonal field of open ground of the given radius with some special hexes."""
    field = {h: Terrain() for h in spiral(Hex(0, 0), radius)}
    field.update(terrain or {})
    used = sorted({u.side for u in units})
    sides = sides or {s: side(s, None if s == "pcs" else 8) for s in used}
    return Scenario(path or Path("test.tmx"), "Test", "", ruleset, frozenset(modules),
                    MappingProxyType(settings or {}), LAYOUT, MappingProxyType(field), (),
                    tuple(units), MappingProxyType(sides), False)


def decline_prompts(battle, faces: tuple[int, ...] = ()) -> None:
    """Answer every open decision with Hold (nobody fires from overwatch, nobody protects);
    `faces` go with the last answer (the dice of the action that then goes on)."""
    from game.actions import Hold

    while battle.pending() is not None:
        last = len(battle.state.pending) == 1
        hold = Hold(battle.pending().decider, for_this_move=True, faces=faces if last else ())
        outcome = battle.submit(hold)
        assert outcome.accepted, outcome.reason


def pass_turns_until(battle, entity: int) -> None:
    """End turns (declining any decisions) until it is `entity`'s turn."""
    from game.actions import EndTurn

    decline_prompts(battle)
    for _ in range(200):
        if battle.current() == entity:
            return
        assert battle.submit(EndTurn(battle.current())).accepted
    raise AssertionError(f"combatant {entity} never got a turn")


def battle_at(units, first: int = 1, seed: int | str = 1, catalog=None, **scenario_options):
    """A battle on a code-built scenario, with turns passed until `first` has the turn."""
    from game.battle import Battle

    battle = Battle.from_scenario(scenario(list(units), **scenario_options), seed=seed, catalog=catalog)
    pass_turns_until(battle, first)
    return battle


def texts(outcome) -> list[str]:
    """The log lines of an accepted action (fails the test with the reason if it was refused)."""
    assert outcome.accepted, outcome.reason
    return list(outcome.lines)


def scene_of(battle):
    """A throwaway copy of the battle's current scene, for tests of engine internals."""
    return battle._scene(battle.state)


def attack_plans(battle, attacker: int, **flags):
    """Every enemy with the engine's attack plan (or the refusal), as the planner builds it."""
    from game.systems.combat import attack_options

    return attack_options(scene_of(battle), attacker, **flags)


def reachable(battle, actor: int):
    """The movement overlay's hexes as the movement system builds them."""
    from game.systems.movement import move_options

    return move_options(scene_of(battle), actor)


def at_an_overwatch_shot():
    """Voss (1, enemies) watches east; Ana (2, a PC) walks into the wedge: Voss may fire (an
    `OverwatchChance` open, Ana's turn)."""
    from game.actions import EndTurn, Move, SetOverwatch

    units = [unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss"), unit(2, "pc_warrior", "pcs", Hex(0, 3), name="Ana")]
    battle = battle_at(units, first=1, radius=8, seed=11)
    assert battle.submit(SetOverwatch(1, facing=0)).accepted and battle.submit(EndTurn(1)).accepted
    while battle.current() != 2:
        assert battle.submit(EndTurn(battle.current())).accepted
    assert battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0)))).accepted
    return battle

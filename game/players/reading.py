"""What the computer players read from the map through the facade: where the enemies stand,
the way left to them (around walls), and how well a hex shelters a combatant from the nearest
one (cover and concealment, read in batches)."""

from __future__ import annotations

from game.battle import Battle
from game.hexgrid import Hex, distance
from game.options import MoveOption, Options

UNREACHABLE = 1 << 30


def approach_costs(battle: Battle, enemies: list[Hex]) -> dict[Hex, int]:
    """Movement cost from every enterable hex to the nearest enemy, around walls (Dijkstra)."""
    return battle.approach_costs(enemies)


def enemy_hexes(battle: Battle, actor: int) -> list[Hex]:
    """Where the enemies still in the fight stand, in id order (`Battle.enemy_hexes`)."""
    return list(battle.enemy_hexes(actor))


def protection(battle: Battle, me, hex_: Hex, enemies: list[Hex]) -> int:
    """How well a hex shelters this combatant from the nearest enemy (armor plus concealment;
    out of sight counts as 10)."""
    nearest = min(enemies, key=lambda e: (distance(hex_, e), e))
    shelter = battle.cover(nearest, hex_, me.weapon or "unarmed")
    return shelter.armor + shelter.concealment_bonus if shelter.visible else 10


def read_shelters(battle: Battle, me, hexes, enemies: list[Hex]) -> None:
    """Read the cover of many hexes from their nearest enemies in one batch; `protection` then
    finds each reading remembered (the same readings, only quicker)."""
    hexes = list(hexes)
    nearest = [min(enemies, key=lambda e: (distance(h, e), e)) for h in hexes]
    battle.covers(nearest, hexes, me.weapon or "unarmed")


def shelters(battle: Battle, me, hexes, enemies: list[Hex]) -> dict[Hex, int]:
    """`protection` of many hexes at once (the same values): each hex's nearest enemy found once
    and all their cover read in one batch."""
    hexes = list(dict.fromkeys(hexes))
    nearest = [min(enemies, key=lambda e: (distance(h, e), e)) for h in hexes]
    readings = battle.covers(nearest, hexes, me.weapon or "unarmed")
    return {h: reading.armor + reading.concealment_bonus if reading.visible else 10
            for h, reading in zip(hexes, readings)}


def moves_by_hex(options: Options) -> dict[Hex, MoveOption]:
    """The allowed move options by the hex each ends on (`options.allowed("move")`, read in one
    pass: a listing holds every hex in reach)."""
    return {o.hex: o for o in options.items if o.kind == "move" and o.action is not None and isinstance(o, MoveOption)}

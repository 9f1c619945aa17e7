"""Helpers for Starfarer (seed 003) battle tests: waiting for a combatant's phase, and for a round to end."""

from __future__ import annotations

from game.actions import EndTurn, Hold
from game.battle import Battle
from game.prompts import DeclarationChance


def declare_nothing(battle: Battle, faces: tuple[int, ...] = ()) -> None:
    """Answer every declaration before the first roll with Hold (the last one rolls the points, with `faces`)."""
    while isinstance(battle.pending(), DeclarationChance):
        last = sum(isinstance(p, DeclarationChance) for p in battle.state.pending) == 1
        assert battle.submit(Hold(battle.pending().decider, faces=faces if last else ())).accepted


def phase_of(battle: Battle, entity: int) -> None:
    """End phases until `entity` has one (declaring nothing before the first roll)."""
    declare_nothing(battle)
    for _ in range(50):
        if battle.current() == entity:
            return
        assert battle.submit(EndTurn(battle.current())).accepted
    raise AssertionError("no phase came up")


def end_round(battle: Battle, faces: tuple[int, ...] = ()) -> list:
    """End phases until the round ends; the phase that ends it rolls the next round's start with `faces`."""
    start = battle.state.round
    outcome = None
    while battle.state.round == start:
        outcome = battle.submit(EndTurn(battle.current(), faces=faces))
        if not outcome.accepted:
            outcome = battle.submit(EndTurn(battle.current()))
            assert outcome.accepted
    return list(outcome.events)


def rounds_until(battle: Battle, round_: int) -> None:
    """End rounds with the seeded dice until `round_` has begun."""
    while battle.state.round < round_:
        end_round(battle)

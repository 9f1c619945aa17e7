"""Helpers for Starfarer (seed 003) battle tests: waiting for a combatant's phase, and for a round to end."""

from __future__ import annotations

from game.actions import EndTurn
from game.battle import Battle


def phase_of(battle: Battle, entity: int) -> None:
    """End phases until `entity` has one."""
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

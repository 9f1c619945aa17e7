"""The random baseline: any legal option of whoever must act, each equally likely, from the
player's own seeded stream (never the battle's dice)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from game.actions import Action, EndTurn, Hold
from game.battle import Battle


def acting(battle: Battle) -> int | None:
    """Who must act now: the open decision's decider, else the combatant whose turn it is."""
    prompt = battle.pending()
    return prompt.decider if prompt is not None else battle.current()


def random_player(seed: int) -> Callable[[Battle], Action]:
    """A baseline that takes one of the legal options of whoever acts, each equally likely
    (`Battle.options()`, every group), drawing from its own seeded stream."""
    stream = np.random.Generator(np.random.PCG64(seed))

    def choose(battle: Battle) -> Action:
        actor = acting(battle)
        legal = battle.options(actor).allowed()
        if legal:
            return legal[int(stream.integers(len(legal)))].action
        return Hold(actor) if battle.pending() is not None else EndTurn(actor)

    return choose

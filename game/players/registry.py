"""Computer players by name: a small registry the simulator picks each side's player from.

A policy maker takes a seed (an int, for a policy that draws at random) and returns a
`Policy`: a function from the battle to the action for whoever must act now (the open
decision's decider, or the combatant whose turn it is). A new player (a tactical one, say)
is one more row in `POLICIES`; `--policy SIDE=NAME` and a side's controller name them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

from game.actions import Action, EndTurn, Hold
from game.ai import choose_action
from game.battle import Battle
from game.tactical import tactical_player

Policy = Callable[[Battle], Action]
"""Chooses the next action for whoever must act now."""
PolicyMaker = Callable[[int], Policy]
"""Makes a policy from a seed (policies without chance ignore it)."""
DEFAULT_POLICY = "computer"


@dataclass(frozen=True, slots=True)
class PolicyEntry:
    """One registered computer player: its name, what it does in a sentence, and its maker."""

    name: str
    summary: str
    make: PolicyMaker


def policy_names() -> tuple[str, ...]:
    """Every registered policy's name, sorted."""
    return tuple(sorted(POLICIES))


def make_policy(name: str, seed: int) -> Policy:
    """A fresh player of the named policy; raises KeyError naming the known ones."""
    entry = POLICIES.get(name)
    if entry is None:
        raise KeyError(f"no policy named {name!r} (known: {', '.join(policy_names())})")
    return entry.make(seed)


def acting(battle: Battle) -> int | None:
    """Who must act now: the open decision's decider, else the combatant whose turn it is."""
    prompt = battle.pending()
    return prompt.decider if prompt is not None else battle.current()


def computer_player(seed: int) -> Policy:
    """The plain computer player of `game.ai` (deterministic: the seed is not used)."""
    return choose_action


def random_player(seed: int) -> Policy:
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


POLICIES: Mapping[str, PolicyEntry] = MappingProxyType({
    "computer": PolicyEntry("computer", "the plain computer player (game.ai): the best expected damage, "
                            "else closing in through cover", computer_player),
    "tactical": PolicyEntry("tactical", "the tactical player (game.tactical): focus fire, cover, out of "
                            "overwatch wedges, grenades at clusters, charges on good odds", tactical_player),
    "random": PolicyEntry("random", "a baseline: any legal option, each equally likely", random_player),
})
"""The registry: every computer player by name. A new player is one more row."""

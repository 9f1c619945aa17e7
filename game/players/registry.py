"""Computer players by name: the registry the simulator and the window pick each side's player from.

A policy maker takes a seed (an int, for a policy that draws at random) and returns a
`Policy`: a function from the battle to the action for whoever must act now (the open
decision's decider, or the combatant whose turn it is). A new player (a tactical one, say)
is one more row in `POLICIES`; `--policy SIDE=NAME` and a side's controller name them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.actions import Action
from game.battle import Battle
from game.players.baseline import acting, random_player
from game.players.plain import choose_action
from game.players.tactical import tactical_player

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


def computer_player(seed: int) -> Policy:
    """The plain computer player of `game.players.plain` (deterministic: the seed is not used)."""
    return choose_action


POLICIES: Mapping[str, PolicyEntry] = MappingProxyType({
    "computer": PolicyEntry("computer", "the plain computer player (game.players.plain): the best expected damage, "
                            "else closing in through cover", computer_player),
    "tactical": PolicyEntry("tactical", "the tactical player (game.players.tactical): focus fire, cover, out of "
                            "overwatch wedges, grenades at clusters, charges on good odds", tactical_player),
    "random": PolicyEntry("random", "a baseline: any legal option, each equally likely", random_player),
})
"""The registry: every computer player by name. A new player is one more row."""

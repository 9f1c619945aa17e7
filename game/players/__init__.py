"""Every computer player, in one home, and the registry that names them.

`registry` names the players (`POLICIES`: `computer`, `tactical`, `random`) and makes them;
`plain` is the plain computer player, `tactical/` the tactical one, `baseline` the random
baseline; `reading` holds the map and cover readings both players share, `answers` how they
answer an open decision, `lucky_stars` the Lucky Stars maneuvers both play. Each player's
turn under a ruleset is data: a tuple of decision functions per ruleset name
(`battle.ruleset_name`), tried in order.

The players are clients of the facade like the window: they read `Battle.options()`, the
combatants' views and the map, and submit actions. The window, the CLI and the simulator
find them here, by name.
"""

from __future__ import annotations


from game.players.registry import DEFAULT_POLICY, POLICIES, Policy, PolicyEntry, acting, make_policy, policy_names

__all__ = ["DEFAULT_POLICY", "POLICIES", "Policy", "PolicyEntry", "acting", "make_policy", "policy_names"]

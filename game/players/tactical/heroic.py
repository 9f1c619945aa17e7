"""Against heroes (Seed 000, heroic rules): where a heroic NPC steps to fire from. Every hero
rolls a free Fray Die each round at a lesser foe (hit dice no more than its level) in its
sight and reach, whatever the cover, so a firing hex is worth the fewer heroes' eyes on it,
not its closeness."""

from __future__ import annotations

from game.actions import EndTurn, Move
from game.players.reading import enemy_hexes
from game.battle import Battle
from game.options import MoveOption, Options
from game.players.tactical.attacks import Decision
from game.players.tactical.moving import exposure_to, fired_this_turn, watched_by
from game.views import CombatantView

HIT_DICE = "hd"
"""A heroic NPC's health is counted in hit dice (Seed 000); its enemies are heroes."""


def moved_this_turn(battle: Battle, me: CombatantView) -> bool:
    """Whether this combatant has already moved this turn (its Move action spent)."""
    for action in reversed(battle.actions):
        if isinstance(action, EndTurn):
            return False
        if action.actor == me.id and isinstance(action, Move):
            return True
    return False


def firing_hex_decision(battle: Battle, options: Options, me: CombatantView) -> Decision | None:
    """A heroic NPC with nothing to shoot from where it stands, that has neither moved nor
    fired this turn, steps to the hex from which it sees an enemy that the fewest heroes see,
    then with the best cover against them, off the watchers' paths, and fires from there with
    its Main action. None when it is no heroic NPC, has moved or fired, or no such hex is in reach.
    On bunker_seven the garrison had walked to the slits, the hexes closest to the heroes and
    seen by all four of them, and their Fray Dice wore it down."""
    if me.unit != HIT_DICE or moved_this_turn(battle, me) or fired_this_turn(battle, me):
        return None
    enemies = enemy_hexes(battle, me.id)
    watched = set(watched_by(options))
    reach = {o.hex: o for o in options.allowed("move") if isinstance(o, MoveOption)
             and not any(step in watched for step in o.path)}
    if not reach or not enemies:
        return None
    seen = exposure_to(battle, me, list(reach), enemies)
    firing = [(seen[h][0], -seen[h][1], reach[h].cost, h) for h in reach if seen[h][0] > 0]
    if not firing:
        return None
    eyes, shelter, _, best = min(firing)
    return Decision(reach[best].action, f"steps to {battle.place(best)} to fire: seen by {eyes} "
                                        f"{'hero' if eyes == 1 else 'heroes'}, cover {-shelter}")

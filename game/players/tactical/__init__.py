"""The tactical computer player: a facade client that weighs what `Battle.options()` offers.

Like the plain player (`game.players.plain`) it reads only the options, the combatants' views and the
facade's cover readings, and it obeys its side's morale band the same way, but for one case:
Panicked with nowhere left to run, it shoots back (or reloads an empty gun to), where the plain
player never shoots (`cornered`). On top of that:

- focus fire: of the shots in reach (plain, aimed, burst, charge) it takes the one that
  removes the largest share of a target's remaining health (exact expected damage from
  `AttackOption`), so the wounded go down first, the dangerous (bigger guns) breaking ties;
- grenades at clusters: a throw is weighed over its whole landing spread (each landing's
  chance times the enemies its blast catches), never when the blast may catch a friend;
- charges when the odds say so: a charge's expected damage (the option's own, cover armor
  included) must beat the best shot;
- moving, it keeps out of enemy overwatch wedges (`Options.watched`), takes the hex the
  fewest enemies see, then the best cover, among the hexes that close in, and keeps its
  side's leader (the toughest of the side) back in cover rather than in front; having fired,
  it steps back out of the enemies' sight; before a long gun's shot with an enemy adjacent
  (-4) it steps clear first, and before a weak shot (under 1 expected damage) at a concealed
  target it moves where the target is seen with less concealment (`flanking`); a heroic NPC
  (Seed 000) with nothing to shoot steps out to fire from the hex the fewest heroes see (every
  hero's free Fray Die reaches a lesser foe it sees);
- other rulesets: under Lucky Stars it hides before an attack when it has the AP for both, and
  again after firing, so its attacks come from hiding as surprise attacks (`ambush`), and
  searches for the hidden (and grapples, readies or hides as the plain player does); under
  Starfarer it ranks shots by expected damage (the shock left is not what drops a combatant),
  declares its phases as the plain player, and gives up a phase to evade or parry a shot at
  least 50% likely to hit whenever that makes it less likely, and lets a longer shot come
  (`evading`);
- beyond shooting: a heroic PC's free Fray Die every round, Intimidate when a success drops
  an enemy side a morale band, a reload of a burst weapon rather than a weak shot, overwatch
  with an unused Main action.

`attacks` holds the sums for a blow, `moving` where to stand, `flanking` where to shoot a
concealed target from, `heroic` where a heroic NPC fires from, `ambush` when to hide under
Lucky Stars, `cornered` a Panicked fighter's turn, `pressure` the rest, `player` the turn in
order.

Every decision comes with a reason in words ("moves to col 12, row 7: cover 4, seen by 1
enemy, out of the watchers' wedges"), carried on the action (`Action.reason`) so the battle's
log tells it (an `Explained` event) and a save replays it exactly. It has no dice of its own: fully
deterministic.
"""

from __future__ import annotations

from game.players.tactical.attacks import Decision, grenade_value
from game.players.tactical.player import decide, tactical_player

__all__ = ["Decision", "decide", "grenade_value", "tactical_player"]

"""The tactical computer player: a facade client that weighs what `Battle.options()` offers.

Like the plain player (`game.ai`) it reads only the options, the combatants' views and the
facade's cover readings, and it obeys its side's morale band the same way. On top of that:

- focus fire: of the shots in reach (plain, aimed, burst, charge) it takes the one that
  removes the largest share of a target's remaining health (exact expected damage from
  `AttackOption`), so the wounded go down first, the dangerous (bigger guns) breaking ties;
- grenades at clusters: a throw is weighed over its whole landing spread (each landing's
  chance times the enemies its blast catches), never when the blast may catch a friend;
- charges when the odds say so: a charge's expected blow must beat the best shot;
- moving, it keeps out of enemy overwatch wedges (`Options.watched`), takes the best cover
  among the hexes that close in, and keeps its side's leader (the toughest of the side)
  back in cover rather than in front.

Every decision comes with a reason in words ("moves to col 12, row 7: cover 4, out of the
watchers' wedges"), carried on the action (`Action.reason`) so the battle's log tells it
(an `Explained` event) and a save replays it exactly. It has no dice of its own: fully
deterministic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from game.actions import Action, Attack, Charge, EndTurn, ThrowGrenade
from game.ai import answer_prompt, conduct_of, enemy_hexes, falling_back, protection, read_shelters
from game.battle import Battle
from game.hexgrid import Hex
from game.options import AttackOption, ChargeOption, GrenadeOption, MoveOption, Options, SideOption, TargetOption
from game.views import CombatantView

UNREACHABLE = 1 << 30
WATCHED_PENALTY = 3
"""A hex in an enemy overwatch wedge counts as this many hexes farther (the shot it invites)."""
SCOOT_GIVE = 2
"""Having fired, a combatant gives up at most this many hexes of approach to get into shelter."""
SHOT_KINDS = ("attack", "aimed_attack", "burst_attack")
DICE = re.compile(r"^\s*(\d*)d(\d+)\s*([+-]\s*\d+)?\s*$")


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and why it was chosen, in words a GM reads in the log."""

    action: Action
    reason: str


def mean_damage(expression: str) -> Fraction:
    """The mean of a dice expression such as "2d6+1" (a plain number is itself; unknown is 0)."""
    found = DICE.match(expression or "")
    if found is None:
        return Fraction(int(expression)) if (expression or "").strip().lstrip("-").isdigit() else Fraction(0)
    count, sides, plus = int(found.group(1) or 1), int(found.group(2)), found.group(3)
    return Fraction(count * (sides + 1), 2) + (int(plus.replace(" ", "")) if plus else 0)


def mean_after_armor(expression: str, armor: int) -> Fraction:
    """The mean of a dice expression's roll less armor, never below 0 (SWN core: armor comes
    off every blow), worked out exactly over every face; with no armor it is `mean_damage`."""
    found = DICE.match(expression or "")
    if found is None or armor <= 0:
        return max(mean_damage(expression) - max(armor, 0), Fraction(0))
    count, sides, plus = int(found.group(1) or 1), int(found.group(2)), found.group(3)
    totals = {int(plus.replace(" ", "")) if plus else 0: 1}
    for _ in range(count):
        totals = _add_die(totals, sides)
    ways = sides ** count
    return sum((Fraction(n * max(0, total - armor), ways) for total, n in totals.items()), Fraction(0))


def _add_die(totals: dict[int, int], sides: int) -> dict[int, int]:
    """The ways to reach every total after one more die of `sides` faces."""
    more: dict[int, int] = {}
    for total, ways in totals.items():
        for face in range(1, sides + 1):
            more[total + face] = more.get(total + face, 0) + ways
    return more


def shot_value(option: AttackOption, target: CombatantView | None) -> tuple[Fraction, Fraction]:
    """How good a shot is: the share of the target's remaining health it takes away (capped at
    all of it), then the raw expected damage."""
    health = max(target.health, 1) if target is not None else 1
    return min(option.expected_damage / health, Fraction(1)), option.expected_damage


def best_shot(options: Options, people: dict[int, CombatantView]) -> tuple[AttackOption, tuple] | None:
    """The shot (plain, aimed or burst) that does the most to finish someone; None if none hurts."""
    shots = [o for o in options.allowed(*SHOT_KINDS) if isinstance(o, AttackOption) and o.expected_damage > 0]
    if not shots:
        return None
    best = max(shots, key=lambda o: (*shot_value(o, people.get(o.target)), -o.target, o.kind == "attack"))
    return best, shot_value(best, people.get(best.target))


def best_charge(options: Options, people: dict[int, CombatantView]) -> tuple[ChargeOption, Fraction] | None:
    """The charge with the largest expected blow: the chance to hit times the mean damage left
    after the target's own armor (a gravtank's 18 shrugs off a 1d6 shove: no blow at all)."""
    charges = [(o.odds.chance * mean_after_armor(o.damage, _armor(people.get(o.target))), -o.target, o)
               for o in options.allowed("charge") if isinstance(o, ChargeOption) and o.odds is not None]
    if not charges:
        return None
    blow, _, option = max(charges, key=lambda item: item[:2])
    return (option, blow) if blow > 0 else None


def _armor(view: CombatantView | None) -> int:
    """A combatant's own armor (0 when unknown)."""
    return view.armor if view is not None else 0


def grenade_value(option: GrenadeOption, foes: set[Hex], friends: set[Hex]) -> tuple[Fraction, Fraction]:
    """Over the throw's whole spread: the expected number of enemies and of friends caught."""
    enemies = sum((landing.chance * len(foes.intersection(landing.blast)) for landing in option.spread), Fraction(0))
    allies = sum((landing.chance * len(friends.intersection(landing.blast)) for landing in option.spread), Fraction(0))
    return enemies, allies


def best_grenade(options: Options, foes: set[Hex], friends: set[Hex]) -> tuple[GrenadeOption, Fraction] | None:
    """The throw catching the most enemies on average and no friend anywhere in its spread."""
    throws = []
    for option in options.allowed("grenade"):
        if isinstance(option, GrenadeOption):
            enemies, allies = grenade_value(option, foes, friends)
            if allies == 0 and enemies > 0:
                throws.append((enemies, option.at, option))
    if not throws:
        return None
    enemies, _, option = max(throws, key=lambda item: item[:2])
    return option, enemies


def camp_of(battle: Battle, me: CombatantView) -> tuple[set[Hex], set[Hex]]:
    """Where the enemies in the fight stand, and where the friends (not me) stand."""
    camps = {side.id: side.camp for side in battle.sides()}
    mine = camps.get(me.side)
    foes, friends = set(), set()
    for other in battle.combatants():
        if other.in_fight and other.hex is not None and other.id != me.id:
            (friends if camps.get(other.side) == mine else foes).add(other.hex)
    return foes, friends


def is_leader(battle: Battle, me: CombatantView) -> bool:
    """Whether this is its side's leader: the toughest of a side of several (ties to the lower id)."""
    side = [c for c in battle.combatants() if c.side == me.side and c.in_fight]
    if len(side) < 2:
        return False
    return max(side, key=lambda c: (c.health_max, -c.id)).id == me.id


def attack_decision(battle: Battle, options: Options, me: CombatantView) -> Decision | None:
    """The best of a focused shot, a grenade at a cluster or a charge; None if none is worth it."""
    people = {c.id: c for c in battle.combatants()}
    shot = best_shot(options, people)
    foes, friends = camp_of(battle, me)
    throw = best_grenade(options, foes, friends)
    charge = best_charge(options, people)
    shot_damage = shot[0].expected_damage if shot else Fraction(0)
    if throw is not None and (throw[1] >= Fraction(3, 2) or shot is None):
        option, enemies = throw
        return Decision(option.action, f"throws at {battle.place(option.at)}: about {float(enemies):.1f} "
                                       "enemies in the blast, no friend near")
    if charge is not None and charge[1] > shot_damage:
        option, blow = charge
        return Decision(option.action, f"charges {battle.name(option.target)}: expected blow "
                                       f"{float(blow):.1f} beats any shot ({float(shot_damage):.1f})")
    if shot is None:
        return None
    option, (share, damage) = shot
    target = people[option.target]
    return Decision(option.action, f"fires at {battle.name(target.id)} ({target.health}/{target.health_max} "
                                   f"health): expected {float(damage):.1f} damage, "
                                   f"{float(share) * 100:.0f}% of what is left")


def watched_by(options: Options) -> dict[Hex, tuple[int, ...]]:
    """Every hex an enemy watcher could fire on, with who watches it."""
    return {w.hex: w.watchers for w in options.watched}


def fired_this_turn(battle: Battle, me: CombatantView) -> bool:
    """Whether this combatant has already shot, thrown or charged this turn (read from the
    actions taken since the last turn ended)."""
    for action in reversed(battle.actions):
        if isinstance(action, EndTurn):
            return False
        if action.actor == me.id and isinstance(action, (Attack, ThrowGrenade, Charge)):
            return True
    return False


def exposure_to(battle: Battle, me: CombatantView, hexes: list[Hex], enemies: list[Hex]) -> dict[Hex, tuple[int, int]]:
    """For each hex: how many enemies have a line of sight to it, and the weakest shelter (armor
    plus concealment) it gives against those that do (10 when none sees it)."""
    pairs = [(enemy, hex_) for hex_ in hexes for enemy in enemies]
    readings = battle.covers([e for e, _ in pairs], [h for _, h in pairs], me.weapon or "unarmed")
    seen: dict[Hex, tuple[int, int]] = {hex_: (0, 10) for hex_ in hexes}
    for (_, hex_), reading in zip(pairs, readings):
        if reading.visible:
            count, weakest = seen[hex_]
            seen[hex_] = (count + 1, min(weakest, reading.armor + reading.concealment_bonus))
    return seen


def scoot_decision(battle: Battle, reach: dict[Hex, MoveOption], me: CombatantView, enemies: list[Hex],
                   way, watched: set[Hex]) -> Decision | None:
    """Having fired, step back into shelter: the hex fewest enemies see (then the best cover
    against them), giving up at most SCOOT_GIVE hexes of approach, off the watchers' paths."""
    here = way.get(me.hex, UNREACHABLE)
    near = [h for h in reach if way.get(h, UNREACHABLE) <= here + SCOOT_GIVE
            and not any(step in watched for step in reach[h].path)]
    seen = exposure_to(battle, me, [me.hex, *near], enemies)

    def score(hex_: Hex) -> tuple:
        return (seen[hex_][0], -seen[hex_][1], way.get(hex_, UNREACHABLE), reach[hex_].cost if hex_ in reach else 0, hex_)

    best = min(near, key=score, default=None)
    if best is None or score(best)[:2] >= score(me.hex)[:2]:
        return None
    count, shelter = seen[best]
    sight = "out of every enemy's sight" if count == 0 else f"seen by {count}, cover {shelter}"
    return Decision(reach[best].action, f"falls back to {battle.place(best)} after firing: {sight}")


def move_decision(battle: Battle, options: Options, me: CombatantView) -> Decision | None:
    """Close in through cover and out of overwatch wedges (the leader: cover first); having
    fired this turn, step back into shelter instead; None when no hex is better than standing."""
    reach = {o.hex: o for o in options.allowed("move") if isinstance(o, MoveOption)}
    enemies = enemy_hexes(battle, me.id)
    if not reach or not enemies:
        return None
    way = battle.approach_costs(enemies)
    if fired_this_turn(battle, me):
        return scoot_decision(battle, reach, me, enemies, way, set(watched_by(options)))
    read_shelters(battle, me, [*reach, me.hex], enemies)
    watched = watched_by(options)
    leader = is_leader(battle, me)

    def exposure(hex_: Hex) -> int:
        path = reach[hex_].path if hex_ in reach else ()
        return sum(1 for h in path if h in watched)

    def score(hex_: Hex) -> tuple:
        distance = way.get(hex_, UNREACHABLE) + WATCHED_PENALTY * exposure(hex_)
        cover = protection(battle, me, hex_, enemies)
        keys = (distance - cover, -cover) if leader else (distance, -cover)
        return (*keys, reach[hex_].cost if hex_ in reach else 0, hex_)

    target = min(reach, key=score)
    if score(target)[:2] >= score(me.hex)[:2]:
        return None
    return Decision(reach[target].action, move_reason(battle, me, target, protection(battle, me, target, enemies),
                                                      exposure(target), leader))


def move_reason(battle: Battle, me: CombatantView, hex_: Hex, cover: int, exposure: int, leader: bool) -> str:
    """Why a move: where to, the cover there, the watchers' wedges."""
    shelter = "out of sight" if cover >= 10 else f"cover {cover}"
    wedges = "out of the watchers' wedges" if exposure == 0 else f"through {exposure} watched hex(es)"
    role = ", keeping the leader back" if leader else ""
    return f"moves to {battle.place(hex_)}: {shelter}, {wedges}{role}"


def decide(battle: Battle) -> Decision:
    """The next action for whoever must act now, with its reason."""
    prompt = battle.pending()
    if prompt is not None:
        return Decision(answer_prompt(battle.options(prompt.decider)), "")
    actor = battle.current()
    me = battle.combatant(actor)
    if me.prone:
        standing = battle.options(actor, groups=("stances",)).allowed("stand_up")
        if standing:
            return Decision(standing[0].action, "stands up to fight")
    conduct = conduct_of(battle, me)
    if conduct != "fight":
        band = "panics and runs" if conduct == "flee" else "falls back through cover"
        return Decision(falling_back(battle, me, conduct), f"{band}, as its side's morale says")
    return fighting(battle, me)


def shot_damage(options: Options, attack: Decision | None) -> Fraction:
    """The expected damage of the shot decided on (0 with none)."""
    if attack is None:
        return Fraction(0)
    return next((o.expected_damage for o in options.allowed(*SHOT_KINDS)
                 if isinstance(o, AttackOption) and o.action == attack.action), Fraction(0))


def fray_decision(battle: Battle, me: CombatantView) -> Decision | None:
    """A heroic PC's free Fray Die, once a round, at the foe in reach with the least health left
    (the likeliest to drop; Seed 000, The Fray Die); None when it has none to roll."""
    rolls = [o for o in battle.options(me.id, groups=("fray",)).allowed("fray_die") if isinstance(o, TargetOption)]
    if not rolls:
        return None
    people = {c.id: c for c in battle.combatants()}
    option = min(rolls, key=lambda o: (people[o.target].health, o.target))
    target = people[option.target]
    return Decision(option.action, f"rolls the Fray Die at {target.name} ({target.health} health left)")


BAND_EDGES = (13, 10, 6, 3)
"""Morale scores one point above a band's floor (Fearless 13, Bold 10, Careful 6, Tactical
Retreat 3): one successful Intimidate there drops the side a band (Seed 002, Morale Threshold)."""
INTIMIDATE_CHANCE = Fraction(1, 2)
WEAK_SHOT = Fraction(1)
"""A shot expected to do less than this is worth less than a likely Intimidate across a band."""


def intimidate_decision(battle: Battle, me: CombatantView, shot: Fraction) -> Decision | None:
    """Intimidate an enemy side when a success drops it a band, the check is likely to pass and
    no shot worth more is there (Seed 002, Intimidate); None otherwise."""
    if shot >= WEAK_SHOT:
        return None
    sides = {side.id: side for side in battle.sides()}
    choices = [o for o in battle.options(me.id, groups=("morale",)).allowed("intimidate")
               if isinstance(o, SideOption) and o.chance is not None and o.chance >= INTIMIDATE_CHANCE
               and sides.get(o.side) is not None and sides[o.side].morale in BAND_EDGES]
    if not choices:
        return None
    option = max(choices, key=lambda o: (o.chance, o.side))
    side = sides[option.side]
    return Decision(option.action, f"intimidates {side.name} (morale {side.morale}, {side.band}): "
                                   f"{float(option.chance) * 100:.0f}% to drop them a band")


def fighting(battle: Battle, me: CombatantView) -> Decision:
    """A combatant whose side fights on: the Fray Die, attack, intimidate, reload, move, or end
    the turn."""
    fray = fray_decision(battle, me)
    if fray is not None:
        return fray
    options = battle.options(me.id, groups=("move", "attack", "aimed", "charge", "grenade"))
    attack = attack_decision(battle, options, me)
    if attack is None or isinstance(attack.action, Attack):  # a grenade or a charge is never weak
        threat = intimidate_decision(battle, me, shot_damage(options, attack))
        if threat is not None:
            return threat
    if attack is not None:
        return attack
    if me.magazine and me.rounds == 0:
        reload = battle.options(me.id, groups=("gear",)).allowed("reload")
        if reload:
            return Decision(reload[0].action, "reloads the empty gun")
    move = move_decision(battle, options, me)
    return move if move is not None else Decision(EndTurn(me.id), "")


def tactical_player(seed: int):
    """A fresh tactical player (deterministic: the seed is not used); each action carries its
    reason, which the log tells."""

    def choose(battle: Battle) -> Action:
        decision = decide(battle)
        return replace(decision.action, reason=decision.reason) if decision.reason else decision.action

    return choose

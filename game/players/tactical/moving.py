"""Where the tactical player moves: closing in through cover and out of overwatch wedges,
its leader kept back, and, having fired, stepping back into shelter."""

from __future__ import annotations

from game.actions import Attack, Charge, EndTurn, ThrowGrenade
from game.players.reading import enemy_hexes, protection, read_shelters
from game.battle import Battle
from game.hexgrid import Hex, distance
from game.options import AttackOption, MoveOption, Options
from game.players.tactical.attacks import Decision, is_leader
from game.views import CombatantView

UNREACHABLE = 1 << 30
WATCHED_PENALTY = 3
"""A hex in an enemy overwatch wedge counts as this many hexes farther (the shot it invites)."""
SCOOT_GIVE = 2
"""Having fired, a combatant gives up at most this many hexes of approach to get into shelter."""


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


def exposure_to(battle: Battle, me: CombatantView, hexes: list[Hex],
                enemies: list[Hex]) -> dict[Hex, tuple[int, int, int]]:
    """For each hex: how many enemies have a line of sight to it, the weakest shelter (armor
    plus concealment) it gives against those that do (10 when none sees it), and how many of
    them see it with no hard cover in the way (no cover armor: Seed 002, Hard Cover)."""
    pairs = [(enemy, hex_) for hex_ in hexes for enemy in enemies]
    readings = battle.covers([e for e, _ in pairs], [h for _, h in pairs], me.weapon or "unarmed")
    seen: dict[Hex, tuple[int, int, int]] = {hex_: (0, 10, 0) for hex_ in hexes}
    for (_, hex_), reading in zip(pairs, readings):
        if reading.visible:
            count, weakest, bare = seen[hex_]
            seen[hex_] = (count + 1, min(weakest, reading.armor + reading.concealment_bonus), bare + (reading.armor == 0))
    return seen


def bare_first(seen: tuple[int, int, int], lurking: bool) -> tuple[int, ...]:
    """While two or more other camps fight, a hex's first key: the enemies that see it with no
    hard cover in the way (each a shot with nothing to stop it); else nothing. On
    crystal_vault nearly every hex is in sight of all five of the crew and the wardens, so the
    count of eyes alone told the Sable Hand's hexes apart hardly at all; the psitech crystals'
    armor 12 (Seed 002, Hard Cover) against some of them did."""
    return (seen[2],) if lurking else ()


def bare_words(seen: tuple[int, int, int], lurking: bool) -> str:
    """The reason's words for `bare_first` (none unless lurking)."""
    return f", open to {seen[2]} with no cover between" if lurking else ""


def scoot_decision(battle: Battle, reach: dict[Hex, MoveOption], me: CombatantView, enemies: list[Hex],
                   way, watched: set[Hex]) -> Decision | None:
    """Having fired, step back into shelter: the hex fewest enemies see (then the best cover
    against them), giving up at most SCOOT_GIVE hexes of approach, off the watchers' paths."""
    here = way.get(me.hex, UNREACHABLE)
    near = [h for h in reach if way.get(h, UNREACHABLE) <= here + SCOOT_GIVE
            and not any(step in watched for step in reach[h].path)]
    seen = exposure_to(battle, me, [me.hex, *near], enemies)
    lurking = rival_camps(battle, me) >= 2

    def score(hex_: Hex) -> tuple:
        return (*bare_first(seen[hex_], lurking), seen[hex_][0], -seen[hex_][1], way.get(hex_, UNREACHABLE),
                reach[hex_].cost if hex_ in reach else 0, hex_)

    best = min(near, key=score, default=None)
    compared = 2 + lurking
    if best is None or score(best)[:compared] >= score(me.hex)[:compared]:
        return None
    count, shelter, _ = seen[best]
    sight = "out of every enemy's sight" if count == 0 else f"seen by {count}, cover {shelter}"
    return Decision(reach[best].action,
                    f"falls back to {battle.place(best)} after firing: {sight}{bare_words(seen[best], lurking)}")


def move_decision(battle: Battle, options: Options, me: CombatantView) -> Decision | None:
    """Close in through cover and out of overwatch wedges (the leader: cover first); among
    equally close hexes, the one the fewest enemies see, then the best cover (a heroic PC's
    Fray Die and every shot need a line of sight); while two or more other camps still fight,
    the fewest enemies' eyes before closeness; having fired this turn, step back into shelter
    instead; None when no hex is better than standing. While other camps fight, the enemies
    that see a hex with no hard cover in the way come first of all (`bare_first`), here and
    in the step back after firing."""
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
    lurking = rival_camps(battle, me) >= 2
    seen = exposure_to(battle, me, [*reach, me.hex], enemies)

    def exposure(hex_: Hex) -> int:
        path = reach[hex_].path if hex_ in reach else ()
        return sum(1 for h in path if h in watched)

    def score(hex_: Hex) -> tuple:
        distance = way.get(hex_, UNREACHABLE) + WATCHED_PENALTY * exposure(hex_)
        cover = protection(battle, me, hex_, enemies)
        if lurking:
            keys = (*bare_first(seen[hex_], lurking), seen[hex_][0], distance, -cover)
        else:
            keys = (distance - cover, -cover) if leader else (distance, seen[hex_][0], -cover)
        return (*keys, reach[hex_].cost if hex_ in reach else 0, hex_)

    target = min(reach, key=score)
    compared = 2 + lurking
    if score(target)[:compared] >= score(me.hex)[:compared]:
        return None
    reason = move_reason(battle, me, target, protection(battle, me, target, enemies), exposure(target), leader,
                         seen[target][0]) + bare_words(seen[target], lurking)
    return Decision(reach[target].action, f"{reason}, out of sight first while other camps fight" if lurking else reason)


def rival_camps(battle: Battle, me: CombatantView) -> int:
    """How many camps other than its own still have someone in the fight. With two or more,
    every camp is the others' enemy: a combatant moving with no shot takes the hex the fewest
    enemies see before a closer one, and lets the others wear each other down (holding
    crystal_vault's outnumbered Sable Hand against random crew and wardens it had walked into
    both camps' fire)."""
    camps = {side.id: side.camp for side in battle.sides()}
    mine = camps.get(me.side)
    return len({camps.get(side) for _, side, _ in battle.standing()} - {mine, None})


def move_reason(battle: Battle, me: CombatantView, hex_: Hex, cover: int, exposure: int, leader: bool,
                eyes: int) -> str:
    """Why a move: where to, the cover there, how many enemies see it, the watchers' wedges."""
    shelter = "out of the nearest enemy's sight" if cover >= 10 else f"cover {cover}"
    sight = "seen by no enemy" if eyes == 0 else f"seen by {eyes} {'enemy' if eyes == 1 else 'enemies'}"
    wedges = "out of the watchers' wedges" if exposure == 0 else f"through {exposure} watched hex(es)"
    role = ", keeping the leader back" if leader else ""
    return f"moves to {battle.place(hex_)}: {shelter}, {sight}, {wedges}{role}"


CRAMPED = "long gun with enemy adjacent"
"""The named part of a shot's odds for firing a long gun with an enemy adjacent (SWN core: -4)."""


def cramped(option: AttackOption) -> bool:
    """Whether the shot is a long gun fired with an enemy adjacent."""
    return option.odds is not None and any(part.name == CRAMPED for part in option.odds.bonus)


def foe_hexes(battle: Battle, me: CombatantView) -> set[Hex]:
    """Every hex an enemy in the fight stands on (a squad's whole footprint; bystanders are no enemy)."""
    camps = {side.id: side.camp for side in battle.sides()}
    mine = camps.get(me.side)
    return {h for c in battle.combatants() if c.in_fight and c.hex is not None and camps.get(c.side) not in (mine, None)
            for h in (c.footprint or (c.hex,))}


def step_clear_decision(battle: Battle, options: Options, me: CombatantView, shot: AttackOption) -> Decision | None:
    """Before a cramped shot, step to a hex with no enemy adjacent that still sees the target,
    off the watchers' paths, the best shelter from the target first, then the shortest step;
    None when there is no such hex (the shot is then taken as it is)."""
    foes = foe_hexes(battle, me)
    watched = set(watched_by(options))
    free = [o for o in options.allowed("move") if isinstance(o, MoveOption)
            and all(distance(h, f) > 1 for h in (o.hexes or (o.hex,)) for f in foes)
            and not any(step in watched for step in o.path)]
    target = battle.combatant(shot.target)
    if not free or target is None or target.hex is None:
        return None
    readings = battle.covers([target.hex] * len(free), [o.hex for o in free], me.weapon or "unarmed")
    seen = [(-(r.armor + r.concealment_bonus), o.cost, o.hex, o) for o, r in zip(free, readings) if r.visible]
    if not seen:
        return None
    shelter, _, hex_, option = min(seen, key=lambda item: item[:3])
    return Decision(option.action, f"steps to {battle.place(hex_)}, clear of adjacent enemies, before firing at "
                                   f"{target.name}: no -4 for a long gun with an enemy adjacent, cover {-shelter}")

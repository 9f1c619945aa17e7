"""A computer player: plays any side through the facade, reading only `Battle.options()`, the
combatants' views and the map, exactly as a window would.

It is deliberately plain and fully deterministic (no dice of its own): attack the enemy with
the best expected damage if one is in reach; reload an empty gun; otherwise move towards the
nearest enemy, preferring hexes with cover; fire from overwatch when the shot is decent. The
simulator and the playthrough tests drive whole battles with it.

It obeys its side's morale band (Seed 002, Morale Threshold, with the morale rules on): in
Tactical Retreat it still shoots but moves only away from the enemy, cover first; Panicked,
it does not shoot and runs as far from the enemy as it can. Units immune to morale fight on.
"""

from __future__ import annotations

from fractions import Fraction

from game.actions import Action, EndTurn, Hold
from game.ai_lucky_stars import held_or_holding, instead_of_waiting, plays_lucky_stars
from game.battle import Battle
from game.hexgrid import Hex, distance
from game.options import AttackOption, ChanceOption, DeclareOption, MoveOption, Options, ReactionOption

OVERWATCH_THRESHOLD = Fraction(3, 10)
HERO_POINT_THRESHOLD = Fraction(1, 2)
REACTION_THRESHOLD = Fraction(1, 3)  # seed 003: evade or parry when it takes a third off the attack's chance
UNREACHABLE = 1 << 30


def answer_prompt(options: Options) -> Action:
    """The decider's answer to the open decision: fire from overwatch when the odds are decent,
    make a seed 001 attack of opportunity or readied attack that can do damage, spend a hero point
    when it more likely than not turns the roll, counter an enemy's, evade or parry (seed 003)
    when that takes a third or more off the attack's chance, otherwise let it pass (for the rest
    of the move, so it is not asked again)."""
    for option in options.allowed("overwatch_fire"):
        if isinstance(option, AttackOption) and option.odds.chance >= OVERWATCH_THRESHOLD:
            return option.action
    for kind in ("attack_of_opportunity", "readied_attack"):  # seed 001: AP kept back would lapse anyway
        for option in options.allowed(kind):
            if isinstance(option, AttackOption) and option.expected_damage > 0:
                return option.action
    for option in options.allowed("spend_hero_point"):  # seed 004: only when it likely turns the roll
        if isinstance(option, ChanceOption) and option.chance >= HERO_POINT_THRESHOLD:
            return option.action
    if (saving := _negation_that_saves(options)) is not None:  # seed 004: a hit that would drop it
        return saving
    for option in options.allowed("counter_hero_point"):  # an enemy's bought die is worth a point
        return option.action
    reactions = [o for o in options.allowed("evade", "parry") if isinstance(o, ReactionOption)]
    if reactions:  # seed 003: give up a phase only when it cuts the attack's chance a good deal
        best = min(reactions, key=lambda o: o.hit_chance)
        if best.hit_chance <= (1 - REACTION_THRESHOLD) * best.hit_chance_unopposed:
            return best.action
    passing = options.allowed("hold_for_move") or options.allowed("hold")
    return passing[0].action if passing else Hold(options.actor, for_this_move=True)


def _negation_that_saves(options: Options) -> Action | None:
    """Seed 004: the cheapest negation that keeps the character standing, when the hit taken as it
    is would drop them; None otherwise (points are kept for a roll that matters)."""
    taking = options.allowed("hold")  # a negation decision's options say what each leaves (NegationOption)
    if not (taking and getattr(taking[0], "drops", False)):
        return None
    return next((o.action for o in options.allowed("negate_damage") if not o.drops), None)


def best_attack(options: Options) -> Action | None:
    """The plain attack with the highest expected damage, ties to the lower target id; None when
    no attack can be made or none would do any damage."""
    scored = [(option.expected_damage, -option.target, option.action)
              for option in options.allowed("attack") if isinstance(option, AttackOption)]
    if not scored:
        return None
    damage, _, action = max(scored, key=lambda item: item[:2])
    return action if damage > 0 else None


def declaration(battle: Battle, actor: int) -> Action | None:
    """Seed 003's declared actions (a map with `declare_actions`): the declaration whose attacks do
    the most mean damage per action point the phase costs, when that beats one undeclared attack
    for 10 points; None when nothing is offered or nobody is in reach."""
    if not battle.scenario.settings.get("declare_actions"):  # asking costs: only where the map has the rule
        return None
    offered = [o for o in battle.options(actor, groups=("declare",)).allowed()
               if isinstance(o, DeclareOption) and o.expected_damage > 0]
    if not offered:
        return None
    def per_point(option: DeclareOption) -> Fraction:
        return option.expected_damage / (10 - option.points_now - option.points_after)
    plain = max((o.expected_damage for o in offered if o.attacks == 1 and not o.move), default=Fraction(0)) / 10
    best = max(offered, key=lambda o: (per_point(o), -o.attacks))
    return best.action if per_point(best) > plain else None


def approach_costs(battle: Battle, enemies: list[Hex]) -> dict[Hex, int]:
    """Movement cost from every enterable hex to the nearest enemy, around walls (Dijkstra)."""
    return battle.approach_costs(enemies)


def enemy_hexes(battle: Battle, actor: int) -> list[Hex]:
    """Where the enemies still in the fight stand, in id order (`Battle.enemy_hexes`)."""
    return list(battle.enemy_hexes(actor))


def protection(battle: Battle, me, hex_: Hex, enemies: list[Hex]) -> int:
    """How well a hex shelters this combatant from the nearest enemy (armor plus concealment;
    out of sight counts as 10)."""
    nearest = min(enemies, key=lambda e: (distance(hex_, e), e))
    shelter = battle.cover(nearest, hex_, me.weapon or "unarmed")
    return shelter.armor + shelter.concealment_bonus if shelter.visible else 10


def read_shelters(battle: Battle, me, hexes, enemies: list[Hex]) -> None:
    """Read the cover of many hexes from their nearest enemies in one batch; `protection` then
    finds each reading remembered (the same readings, only quicker)."""
    hexes = list(hexes)
    nearest = [min(enemies, key=lambda e: (distance(h, e), e)) for h in hexes]
    battle.covers(nearest, hexes, me.weapon or "unarmed")


def shelters(battle: Battle, me, hexes, enemies: list[Hex]) -> dict[Hex, int]:
    """`protection` of many hexes at once (the same values): each hex's nearest enemy found once
    and all their cover read in one batch."""
    hexes = list(dict.fromkeys(hexes))
    nearest = [min(enemies, key=lambda e: (distance(h, e), e)) for h in hexes]
    readings = battle.covers(nearest, hexes, me.weapon or "unarmed")
    return {h: reading.armor + reading.concealment_bonus if reading.visible else 10
            for h, reading in zip(hexes, readings)}


def _moves_by_hex(options: Options) -> dict[Hex, MoveOption]:
    """The allowed move options by the hex each ends on (`options.allowed("move")`, read in one
    pass: a listing holds every hex in reach)."""
    return {o.hex: o for o in options.items if o.kind == "move" and o.action is not None and isinstance(o, MoveOption)}


def best_move(battle: Battle, options: Options, me, enemies: list[Hex] | None = None) -> Action | None:
    """A move that shortens the way to the nearest enemy, preferring cover; None if none does
    (`enemies`: `enemy_hexes` of the mover in this very state, when the caller has them)."""
    reach = _moves_by_hex(options)
    if not reach:
        return None
    if enemies is None:
        enemies = enemy_hexes(battle, options.actor)
    if not enemies:
        return None
    way = approach_costs(battle, enemies)
    left = {hex_: way.get(hex_, UNREACHABLE) for hex_ in reach}
    nearest = min(left.values())
    if nearest >= way.get(me.hex, UNREACHABLE):
        return None
    # The way left decides first: only the hexes that leave the least of it have their cover
    # read (the same choice as reading every hex's, for a fraction of the readings).
    closest = [hex_ for hex_, cost in left.items() if cost == nearest]
    sheltered = shelters(battle, me, closest, enemies)
    target = min(closest, key=lambda hex_: (-sheltered[hex_], reach[hex_].cost, hex_))
    return reach[target].action


def could_close_in(battle: Battle, me, enemies: list[Hex] | None = None) -> bool:
    """Whether a move of this combatant could end nearer the enemy than where it stands: some hex
    within its movement of a hex it stands on (every step costs at least 1) is nearer, and is not
    where another combatant in the fight stands. When none is, `best_move` would find no move, so
    the moves need not be listed (most turns of a standoff end so). `enemies`: as `best_move`'s."""
    if enemies is None:
        enemies = enemy_hexes(battle, me.id)
    if not enemies:
        return False
    held = {hex_ for entity, _, hex_ in battle.standing() if entity != me.id}
    nearer = battle.nearer_hexes(enemies, me.footprint or (me.hex,), me.move_hexes)
    return any(hex_ not in held for hex_ in nearer)


def retreat_move(battle: Battle, options: Options, me, panicked: bool) -> Action | None:
    """A move away from the enemy (Seed 002, Morale Threshold): panicked, the farthest hex
    first; in tactical retreat, never closer and the best cover first. None when nothing is
    better than standing still."""
    reach = _moves_by_hex(options)
    enemies = enemy_hexes(battle, options.actor)
    if not reach or not enemies:
        return None
    way = approach_costs(battle, enemies)
    sheltered = shelters(battle, me, [*reach, me.hex], enemies)

    def score(hex_: Hex) -> tuple[int, int]:
        far = way.get(hex_, -1)
        return (far, sheltered[hex_]) if panicked else (sheltered[hex_], far)

    here = score(me.hex)
    better = [h for h in reach if way.get(h, -1) >= way.get(me.hex, -1) and score(h) > here]
    if not better:
        return None
    return reach[min(better, key=lambda h: (tuple(-x for x in score(h)), reach[h].cost, h))].action


def conduct_of(battle: Battle, me) -> str:
    """What the combatant's side's morale band makes it do: "flee", "retreat" or "fight"
    (always "fight" for a unit immune to morale, or with the morale rules off)."""
    if me.morale_immune:
        return "fight"
    return next((s.conduct for s in battle.sides() if s.id == me.side and s.conduct), "fight")


def falling_back(battle: Battle, me, conduct: str) -> Action:
    """Obey a retreating band: in tactical retreat shoot if a shot is there, then withdraw
    through cover; panicked, only run (Seed 002, Morale Threshold)."""
    if conduct == "retreat":
        attack = best_attack(battle.options(me.id, groups=("attack",)))
        if attack is not None:
            return attack
        reload = reload_empty_gun(battle, me)
        if reload is not None:
            return reload
    move = retreat_move(battle, battle.options(me.id, groups=("move",)), me, panicked=conduct == "flee")
    return move if move is not None else EndTurn(me.id)


def reload_empty_gun(battle: Battle, me) -> Action | None:
    """The reload of a gun with a magazine and no round left in it, when it is allowed; None
    otherwise (the gear options are asked for only then)."""
    if not me.magazine or me.rounds:
        return None
    reload = battle.options(me.id, groups=("gear",)).allowed("reload")
    return reload[0].action if reload else None


def choose_action(battle: Battle) -> Action:
    """The next action for whoever must act now (the open decision's decider, or the current turn)."""
    prompt = battle.pending()
    if prompt is not None:
        return answer_prompt(battle.options(prompt.decider))
    actor = battle.current()
    me = battle.combatant(actor)
    if me.prone:  # only the options it needs: asking for every one costs the simulator dear
        standing = battle.options(actor, groups=("stances",)).allowed("stand_up")
        if standing:
            return standing[0].action
    conduct = conduct_of(battle, me)
    if conduct != "fight":
        return falling_back(battle, me, conduct)
    if plays_lucky_stars(battle) and (trick := held_or_holding(battle, me)) is not None:
        return trick  # seed 001: regain control first when pinned; grapple a shooter, strike the one held
    attack = best_attack(battle.options(actor, groups=("attack",)))  # the moves only when no attack is taken
    if attack is not None:
        return attack
    reload = reload_empty_gun(battle, me)
    if reload is not None:
        return reload
    search = search_for_the_hidden(battle, me)
    if search is not None:
        return search
    enemies = enemy_hexes(battle, actor)  # read once for both questions (nothing moves between them)
    move = best_move(battle, battle.options(actor, groups=("move",)), me, enemies) \
        if could_close_in(battle, me, enemies) else None
    if move is not None:
        return move
    if plays_lucky_stars(battle) and (waiting := instead_of_waiting(battle, me)) is not None:
        return waiting  # seed 001: ready an attack for an enemy coming, or hide
    return declaration(battle, actor) or EndTurn(actor)


def search_for_the_hidden(battle: Battle, me) -> Action | None:
    """Seed 001: with nothing to attack and an enemy out of sight in hiding, search for it (the
    search is offered only while an enemy is hidden from this combatant)."""
    if "stealth" not in battle.ruleset.groups:  # no hiding under this ruleset: nothing to ask
        return None
    search = battle.options(me.id, groups=("stealth",)).allowed("search")
    return search[0].action if search else None


def play(battle: Battle, max_actions: int = 5000) -> int:
    """Let the computer play every side until the battle ends; returns the actions taken."""
    taken = 0
    while not battle.state.ended and taken < max_actions:
        action = choose_action(battle)
        outcome = battle.submit(action)
        if not outcome.accepted:
            fallback = EndTurn(battle.current()) if battle.pending() is None else Hold(battle.pending().decider)
            outcome = battle.submit(fallback)
            if not outcome.accepted:
                raise RuntimeError(f"the computer player is stuck: {action} refused ({outcome.reason})")
        taken += 1
    return taken

"""The plain computer player: plays any side through the facade, reading only
`Battle.options()`, the combatants' views and the map, exactly as a window would.

It is deliberately plain and fully deterministic (no dice of its own): attack the enemy with
the best expected damage if one is in reach; reload an empty gun; otherwise move towards the
nearest enemy, preferring hexes with cover; fire from overwatch when the shot is decent. The
simulator and the playthrough tests drive whole battles with it. What it does on its turn
under each ruleset is data: `TURNS`, a tuple of decisions per ruleset name, tried in order.

It obeys its side's morale band (Seed 002, Morale Threshold, with the morale rules on): in
Tactical Retreat it still shoots but moves only away from the enemy, cover first; Panicked,
it does not shoot and runs as far from the enemy as it can. Units immune to morale fight on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType

from game.actions import Action, EndTurn, Hold
from game.battle import Battle
from game.hexgrid import Hex
from game.options import AttackOption, DeclareOption, Options
from game.players.answers import answer_prompt
from game.players.lucky_stars import held_or_holding, instead_of_waiting
from game.players.lucky_stars_maneuvers import maneuver_that_pays
from game.players.reading import UNREACHABLE, approach_costs, enemy_hexes, moves_by_hex, shelters
from game.views import CombatantView


def best_attack(options: Options) -> Action | None:
    """The plain attack with the highest expected damage, ties to the lower target id; None when
    no attack can be made or none would do any damage."""
    scored = [(option.expected_damage, -option.target, option.action)
              for option in options.allowed("attack") if isinstance(option, AttackOption)]
    if not scored:
        return None
    damage, _, action = max(scored, key=lambda item: item[:2])
    return action if damage > 0 else None


def declaration(battle: Battle, me: CombatantView) -> Action | None:
    """Seed 003's declared actions (a map with `declare_actions`): the declaration whose attacks do
    the most mean damage per action point the phase costs, when that beats one undeclared attack
    for 10 points; None when nothing is offered or nobody is in reach."""
    if not battle.scenario.settings.get("declare_actions"):  # asking costs: only where the map has the rule
        return None
    offered = [o for o in battle.options(me.id, groups=("declare",)).allowed()
               if isinstance(o, DeclareOption) and o.expected_damage > 0]
    if not offered:
        return None
    def per_point(option: DeclareOption) -> Fraction:
        return option.expected_damage / (10 - option.points_now - option.points_after)
    plain = max((o.expected_damage for o in offered if o.attacks == 1 and not o.move), default=Fraction(0)) / 10
    best = max(offered, key=lambda o: (per_point(o), -o.attacks))
    return best.action if per_point(best) > plain else None


def best_move(battle: Battle, options: Options, me, enemies: list[Hex] | None = None) -> Action | None:
    """A move that shortens the way to the nearest enemy, preferring cover; None if none does
    (`enemies`: `enemy_hexes` of the mover in this very state, when the caller has them)."""
    reach = moves_by_hex(options)
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
    held = {hex_ for entity, _, hex_ in battle.map.standing() if entity != me.id}
    nearer = battle.map.nearer_hexes(enemies, me.footprint or (me.hex,), me.move_hexes)
    return any(hex_ not in held for hex_ in nearer)


def retreat_move(battle: Battle, options: Options, me, panicked: bool) -> Action | None:
    """A move away from the enemy (Seed 002, Morale Threshold): panicked, the farthest hex
    first; in tactical retreat, never closer and the best cover first. None when nothing is
    better than standing still."""
    reach = moves_by_hex(options)
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


def attack(battle: Battle, me: CombatantView) -> Action | None:
    """The plain attack with the best expected damage (the moves are asked only when none is taken)."""
    return best_attack(battle.options(me.id, groups=("attack",)))


def attack_or_maneuver(battle: Battle, me: CombatantView) -> Action | None:
    """Seed 001: a trip, disarm or shatter where the odds favour it over the plain attack, else that attack."""
    options = battle.options(me.id, groups=("attack",))
    return maneuver_that_pays(battle, me, options) or best_attack(options)


def search_for_the_hidden(battle: Battle, me: CombatantView) -> Action | None:
    """Seed 001: with nothing to attack and an enemy out of sight in hiding, search for it (the
    search is offered only while an enemy is hidden from this combatant)."""
    search = battle.options(me.id, groups=("stealth",)).allowed("search")
    return search[0].action if search else None


def close_in(battle: Battle, me: CombatantView) -> Action | None:
    """A move nearer the nearest enemy through cover, when one can end nearer at all."""
    enemies = enemy_hexes(battle, me.id)  # read once for both questions (nothing moves between them)
    if not could_close_in(battle, me, enemies):
        return None
    return best_move(battle, battle.options(me.id, groups=("move",)), me, enemies)


Decision = Callable[[Battle, CombatantView], Action | None]
"""One thing a combatant may do on its turn, or None when it does not apply."""
ANY_RULESET: tuple[Decision, ...] = (attack, reload_empty_gun, close_in)
"""Attack, reload an empty gun, close in: the turn under SWN, and under a ruleset `TURNS` does not name."""
TURNS: Mapping[str, tuple[Decision, ...]] = MappingProxyType({
    "swn": ANY_RULESET,
    # seed 001: regain control or grapple first; trip, disarm or shatter where it pays; search for
    # the hidden; ready or hide rather than wait
    "lucky-stars": (held_or_holding, attack_or_maneuver, reload_empty_gun, search_for_the_hidden, close_in,
                    instead_of_waiting),
    # seed 003: several attacks declared for the next phase when they pay more
    "starfarer": (*ANY_RULESET, declaration),
})
"""The plain player's turn by ruleset name: the first decision that applies is taken, else the turn ends."""


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
    for decide in TURNS.get(battle.ruleset_name, ANY_RULESET):
        action = decide(battle, me)
        if action is not None:
            return action
    return EndTurn(actor)


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

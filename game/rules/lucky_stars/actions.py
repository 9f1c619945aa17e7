"""Action points: 4 AP a round, what each combat action costs and when it is allowed (Seed 001, Taking Action).

The table is data; the legality functions read it with the character's `TurnState` and the
`Situation` the action is tried in, and return a refusal as a sentence (None when allowed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

AP_PER_ROUND = 4  # Seed 001, Taking Action
STEALTH_TARGET = 8  # Seed 001, Stealth: most stealth checks start at target 8


@dataclass(frozen=True, slots=True)
class ActionCost:
    """One row of the action table: its AP, how often it may be taken, whose turn, its kind."""

    ap: int
    once_per: str = ""  # "turn", "round" or "" (as often as AP allow)
    on_own_turn: bool = True  # False: taken during another character's turn (an attack of opportunity)
    attack: bool = False  # an attack a character behind full cover may not declare
    grapple: str = ""  # "in_control" or "pinned": only in that grapple role


# Seed 001, Actions in Combat. The standard and unarmed attacks share the once-a-turn limit.
ACTIONS: Mapping[str, ActionCost] = MappingProxyType({
    "standard_attack": ActionCost(2, once_per="turn", attack=True),
    "unarmed_attack": ActionCost(2, once_per="turn", attack=True),
    "move": ActionCost(2),
    "step": ActionCost(1),
    "attack_of_opportunity": ActionCost(1, once_per="round", on_own_turn=False, attack=True),
    "disarm": ActionCost(3, attack=True),
    "grapple": ActionCost(2, attack=True),
    "grapple_move": ActionCost(3, grapple="in_control"),
    "grapple_attack": ActionCost(3, attack=True, grapple="in_control"),
    "grapple_end": ActionCost(1, grapple="in_control"),
    "grapple_toss": ActionCost(3, grapple="in_control"),
    "grapple_regain": ActionCost(1, grapple="pinned"),
    "shatter": ActionCost(3, attack=True),
    "stand": ActionCost(1),
    "trip": ActionCost(3, attack=True),
    "use_cover": ActionCost(1),
    "move_silently": ActionCost(2),  # Seed 001, Stealth: costs what a move costs
    "hide": ActionCost(1),  # Seed 001, Stealth: costs what taking cover costs
    "search": ActionCost(1),  # Ruling: actively searching is a simple task
    "pick_up": ActionCost(1),  # Seed 001, Taking Action: picking up an item
    "readied_attack": ActionCost(2, on_own_turn=False, attack=True),  # Seed 001, Ready Action: the readied standard attack
    "readied_trip": ActionCost(3, on_own_turn=False, attack=True),  # the readied maneuvers cost what they cost on the turn
    "readied_disarm": ActionCost(3, on_own_turn=False, attack=True),
    "readied_shatter": ActionCost(3, on_own_turn=False, attack=True),
    "readied_grapple": ActionCost(2, on_own_turn=False, attack=True),
})
READYABLE: Mapping[str, str] = MappingProxyType({
    "standard_attack": "readied_attack", "trip": "readied_trip", "disarm": "readied_disarm",
    "shatter": "readied_shatter", "grapple": "readied_grapple"})
"""Ruling on Seed 001's Ready Action: the actions that may be readied (those aimed at an enemy,
with the trigger "an enemy ends a move or step within reach"), each with the entry its springing pays."""
ONCE_A_TURN_ATTACKS = frozenset({"standard_attack", "unarmed_attack"})


@dataclass(frozen=True, slots=True)
class TurnState:
    """A character's action economy this round."""

    ap: int = 0
    attacked_this_turn: bool = False
    opportunity_used: bool = False
    has_acted: bool = False  # has taken a turn in initiative (needed for an attack of opportunity)
    prone: bool = False
    grapple: str = ""  # "", "in_control" or "pinned"
    pinned_check_made: bool = False
    readied: str = ""


@dataclass(frozen=True, slots=True)
class Situation:
    """The circumstances an action is tried in."""

    own_turn: bool = True
    weapon: str = "melee"  # "melee", "ranged" or "unarmed": what the character attacks with
    light_weapon: bool = False
    proficient: bool = True
    behind_full_cover: bool = False
    target_in_reach: bool = True
    target_acting_aggressively: bool = False
    defending_against_target: bool = False


def start_turn(state: TurnState, ap_per_round: int = AP_PER_ROUND) -> TurnState:
    """AP refresh at the start of the character's own turn; the once-a-turn and once-a-round uses reset (Seed 001)."""
    return replace(state, ap=ap_per_round, attacked_this_turn=False, opportunity_used=False,
                   has_acted=True, pinned_check_made=False, readied="")


def _timing_problem(name: str, cost: ActionCost, state: TurnState, situation: Situation) -> str | None:
    """Whose turn it must be, and the once-a-turn / once-a-round limits."""
    if cost.on_own_turn != situation.own_turn:
        return f"{name} is taken {'on your own turn' if cost.on_own_turn else 'during another character’s turn'}"
    if name in ONCE_A_TURN_ATTACKS and state.attacked_this_turn:
        return "the standard attack is once a turn and has been made"
    if cost.once_per == "round" and state.opportunity_used:
        return "the attack of opportunity is once a round and has been made"
    return None


def _grapple_problem(name: str, cost: ActionCost, state: TurnState) -> str | None:
    """Grapple options belong to one role; a pinned character first tries to regain control."""
    if cost.grapple and state.grapple != cost.grapple:
        return f"{name} needs the character to be {cost.grapple.replace('_', ' ')} in a grapple"
    if state.grapple == "pinned" and name != "grapple_regain":
        if not state.pinned_check_made:
            return "a pinned character must spend 1 AP to regain control before anything else"
        return "a pinned character who failed to regain control takes no other action"
    if name == "grapple" and state.grapple:
        return "already in a grapple"
    return None


def _readied_problem(cost: ActionCost, state: TurnState) -> str | None:
    """Readying withholds all of the turn's actions for the readied one (Seed 001, Ready Action)."""
    if state.readied and cost.on_own_turn:
        return f"the turn's actions are withheld for the readied {state.readied.replace('_', ' ')}: end the turn"
    return None


def _weapon_problem(name: str, situation: Situation) -> str | None:
    """What each attack needs in hand (Seed 001, Aggressive Actions)."""
    if name == "standard_attack" and situation.weapon == "unarmed":
        return "an attack with no weapon is an unarmed attack"
    if name in ("disarm", "readied_disarm") and (situation.weapon != "melee" or not situation.proficient):
        return "disarm needs a melee weapon the character is proficient with"
    if name == "grapple_attack" and not (situation.weapon == "unarmed" or situation.light_weapon):
        return "a grappler attacks only with a light weapon or unarmed"
    return None


def _opportunity_problem(state: TurnState, situation: Situation) -> str | None:
    """An attack of opportunity's preconditions (Seed 001, Attack of Opportunity)."""
    if not state.has_acted:
        return "an attack of opportunity needs the character to have acted in combat already"
    if situation.weapon != "melee":
        return "an attack of opportunity needs a melee weapon (not unarmed, not ranged)"
    if not situation.target_in_reach:
        return "the target is not within melee reach"
    if not situation.target_acting_aggressively:
        return "an attack of opportunity answers an aggressive action, and the target took none"
    if situation.defending_against_target:
        return "the character is defending against that action, so it gives no opening"
    return None


def action_problem(name: str, state: TurnState, situation: Situation = Situation()) -> str | None:
    """Why the action cannot be taken now, or None (Seed 001, Taking Action and Actions in Combat)."""
    cost = ACTIONS.get(name)
    if cost is None:
        return f"'{name}' is not a These Lucky Stars action (known: {', '.join(ACTIONS)})"
    problem = (_grapple_problem(name, cost, state) or _timing_problem(name, cost, state, situation)
               or _readied_problem(cost, state) or _weapon_problem(name, situation))
    if problem is None and name == "attack_of_opportunity":
        problem = _opportunity_problem(state, situation)
    if problem is None and cost.attack and situation.behind_full_cover:
        problem = "a character behind full cover cannot declare attacks until at least partial cover"
    if problem is None and name == "stand" and not state.prone:
        problem = "only a prone character stands"
    if problem is None and cost.ap > state.ap:
        problem = f"{name.replace('_', ' ')} costs {cost.ap} AP and only {state.ap} are left"
    return problem


def spend(name: str, state: TurnState) -> TurnState:
    """The turn state after a checked action: its AP paid and its use counted (Seed 001, Taking Action)."""
    cost = ACTIONS[name]
    after = replace(state, ap=state.ap - cost.ap)
    if name in ONCE_A_TURN_ATTACKS:
        after = replace(after, attacked_this_turn=True)
    if name == "attack_of_opportunity":
        after = replace(after, opportunity_used=True)
    if name == "stand":
        after = replace(after, prone=False)
    if name == "grapple_regain":
        after = replace(after, pinned_check_made=True)
    return after


def grapple_roles(attacker_won: bool, winner_engages: bool) -> tuple[str, str]:
    """(attacker's role, defender's role) after a grapple check: the winner engages in control or ends it (Seed 001, Grapple)."""
    if not winner_engages:
        return "", ""
    return ("in_control", "pinned") if attacker_won else ("pinned", "in_control")


def regain_control(state: TurnState, won: bool) -> TurnState:
    """A pinned character's contest: winning takes control, losing ends their actions this turn (Seed 001, Grapple)."""
    if won:
        return replace(state, grapple="in_control")
    return replace(state, ap=0)


def stealth_holds(stealth_total: int, searcher_total: int | None = None) -> bool:
    """A stealth roll meets target 8, and beats the INS roll of anyone actively searching (Seed 001, Stealth; Ruling)."""
    if stealth_total < STEALTH_TARGET:
        return False
    return searcher_total is None or stealth_total > searcher_total


def ready_problem(state: TurnState, readied: str, situation: Situation = Situation()) -> str | None:
    """Readying withholds all remaining AP for one declared action with a trigger (Seed 001, Ready Action)."""
    if readied not in READYABLE:
        return f"'{readied}' is not an action to ready (ready: {', '.join(READYABLE)})"
    if ACTIONS[readied].ap > state.ap:
        return f"the readied {readied.replace('_', ' ')} costs {ACTIONS[readied].ap} AP and only {state.ap} are left"
    if ACTIONS[readied].attack and situation.behind_full_cover:
        return "a character behind full cover cannot declare attacks"
    return None


def ready(state: TurnState, readied: str) -> TurnState:
    """Withhold every AP left this turn for the readied action, which is paid from them when its
    trigger comes; nothing else is done this turn (Seed 001, Ready Action)."""
    return replace(state, readied=readied)

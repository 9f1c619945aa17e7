"""The tactical player's turn under each ruleset, as data: `TURNS`, a tuple of decisions per
ruleset name, tried in order until one applies. Each decision reads one `Turn`, which asks
for the options and decides the best attack once, when a decision first needs them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from game.actions import Attack
from game.battle import Battle
from game.options import AttackOption, Options
from game.players.lucky_stars import held_or_holding, instead_of_waiting
from game.players.lucky_stars_maneuvers import maneuver_that_pays
from game.players.plain import declaration, search_for_the_hidden
from game.players.tactical.ambush import hide_after_firing_decision, hide_before_attack_decision
from game.players.tactical.attacks import SHOT_KINDS, Decision, attack_decision
from game.players.tactical.flanking import flank_decision
from game.players.tactical.heroic import firing_hex_decision
from game.players.tactical.moving import cramped, move_decision, step_clear_decision
from game.players.tactical.pressure import (fray_decision, intimidate_decision, overwatch_decision, reload_decision,
                                            shot_damage)
from game.views import CombatantView

GROUPS = ("move", "attack", "aimed", "charge", "grenade")
"""The option groups a fighting turn weighs (moves and every kind of attack)."""
_UNDECIDED = Decision(Attack(0), "")


@dataclass(slots=True)
class Turn:
    """One combatant's turn as the tactical player weighs it: its options and its best attack,
    each found once, when first asked for."""

    battle: Battle
    me: CombatantView
    _options: Options | None = field(default=None, repr=False)
    _attack: Decision | None = field(default=_UNDECIDED, repr=False)

    @property
    def options(self) -> Options:
        """The moves and attacks on offer (`GROUPS`)."""
        if self._options is None:
            self._options = self.battle.options(self.me.id, groups=GROUPS)
        return self._options

    @property
    def attack(self) -> Decision | None:
        """The best of a focused shot, a grenade at a cluster or a charge; None if none is worth it."""
        if self._attack is _UNDECIDED:
            self._attack = attack_decision(self.battle, self.options, self.me)
        return self._attack


def fray(turn: Turn) -> Decision | None:
    """A heroic PC's free Fray Die (Seed 000)."""
    return fray_decision(turn.battle, turn.me)


def held(turn: Turn) -> Decision | None:
    """Seed 001: regain control when pinned, grapple a shooter, strike the one held."""
    trick = held_or_holding(turn.battle, turn.me)
    return Decision(trick, trick.reason) if trick is not None else None


def trip_or_take_the_gun(turn: Turn) -> Decision | None:
    """Seed 001: trip, disarm or shatter where the odds favour it over the standard attack."""
    trick = maneuver_that_pays(turn.battle, turn.me, turn.options)
    return Decision(trick, trick.reason) if trick is not None else None


def better_than_a_weak_shot(turn: Turn) -> Decision | None:
    """Intimidate or reload rather than a weak shot (a grenade or a charge is never weak)."""
    attack = turn.attack
    if attack is not None and not isinstance(attack.action, Attack):
        return None
    shot = shot_damage(turn.options, attack)
    return intimidate_decision(turn.battle, turn.me, shot) or reload_decision(turn.battle, turn.me, shot)


def hide_first(turn: Turn) -> Decision | None:
    """Seed 001: hide before attacking, so the attack from hiding is a surprise attack."""
    attack = turn.attack
    return hide_before_attack_decision(turn.battle, turn.me, attack) if attack is not None else None


def take_the_attack(turn: Turn) -> Decision | None:
    """The attack decided on, from a better hex first where a step buys a better shot."""
    attack = turn.attack
    return first_clear_of_enemies(turn.battle, turn.options, turn.me, attack) if attack is not None else None


def search(turn: Turn) -> Decision | None:
    """Seed 001: search when an enemy hides out of sight and nothing else is in reach."""
    found = search_for_the_hidden(turn.battle, turn.me)
    return Decision(found, "searches: an enemy hides out of sight and nothing else is in reach") if found else None


def hide_again(turn: Turn) -> Decision | None:
    """Seed 001: having fired, hide again, so the next shot from hiding is a surprise attack."""
    return hide_after_firing_decision(turn.battle, turn.me)


def move(turn: Turn) -> Decision | None:
    """A heroic NPC's firing hex, else a move that closes in through cover."""
    return firing_hex_decision(turn.battle, turn.options, turn.me) or move_decision(turn.battle, turn.options, turn.me)


def overwatch(turn: Turn) -> Decision | None:
    """With the Main action unused and nothing to shoot, watch the likeliest wedge (Seed 002)."""
    return overwatch_decision(turn.battle, turn.me)


def wait_ready(turn: Turn) -> Decision | None:
    """Seed 001: ready an attack for an enemy coming, or hide."""
    waiting = instead_of_waiting(turn.battle, turn.me)
    return Decision(waiting, waiting.reason) if waiting is not None else None


def declare(turn: Turn) -> Decision | None:
    """Seed 003: several attacks in the next phase when they pay more."""
    declared = declaration(turn.battle, turn.me)
    return Decision(declared, "declares its next phase: the most damage for the action points") if declared else None


Step = Callable[[Turn], Decision | None]
"""One thing the tactical player may do on its turn, or None when it does not apply."""
ANY_RULESET: tuple[Step, ...] = (take_the_attack, move)
"""Attack, else move: the turn under a ruleset `TURNS` does not name."""
TURNS: Mapping[str, tuple[Step, ...]] = MappingProxyType({
    "swn": (fray, better_than_a_weak_shot, take_the_attack, move, overwatch),
    "lucky-stars": (held, trip_or_take_the_gun, hide_first, take_the_attack, search, hide_again, move, wait_ready),
    "starfarer": (take_the_attack, move, declare),
})
"""The tactical player's turn by ruleset name: the first decision that applies is taken, else the turn ends."""


def first_clear_of_enemies(battle: Battle, options: Options, me: CombatantView, attack: Decision) -> Decision:
    """A long gun's shot with an enemy adjacent takes -4 (SWN core): with the Move action
    still to spend, step clear first and fire from there. A weak shot at a concealed target
    (Seed 002: concealment is AC) is first taken to a hex that sees it with less concealment
    (`flank_decision`). Otherwise the shot as decided."""
    shot = next((o for o in options.allowed(*SHOT_KINDS) if isinstance(o, AttackOption) and o.action == attack.action),
                None)
    if shot is None:
        return attack
    if not cramped(shot):
        return flank_decision(battle, options, me, shot) or attack
    return step_clear_decision(battle, options, me, shot) or attack

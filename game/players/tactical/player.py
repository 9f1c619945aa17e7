"""The tactical player's turn: obey the morale band (Panicked with nowhere left to run,
shoot back: `cornered`), then the Fray Die, the best attack (a step clear of an adjacent
enemy first when a long gun's shot would take -4, or to a hex that sees a concealed target
clear before a weak shot at it; under Lucky Stars hiding first, so the attack is a surprise
attack, and hiding again after firing), Intimidate, reload, a search for the hidden (Lucky
Stars), move, overwatch, ready or hide (Lucky Stars), declare (Starfarer), or end the turn;
each decision with its reason. An open decision is answered as the plain player answers it,
but for an evasion or parry under Starfarer (`evading`: only against a likely hit)."""

from __future__ import annotations

from dataclasses import replace

from game.actions import Action, Attack, EndTurn
from game.ai import answer_prompt, conduct_of, declaration, falling_back, search_for_the_hidden
from game.ai_lucky_stars import held_or_holding, instead_of_waiting, plays_lucky_stars
from game.battle import Battle
from game.options import AttackOption
from game.tactical.ambush import hide_after_firing_decision, hide_before_attack_decision
from game.tactical.attacks import SHOT_KINDS, Decision, attack_decision
from game.tactical.cornered import panicked_decision
from game.tactical.evading import reaction_decision
from game.tactical.flanking import flank_decision
from game.tactical.heroic import firing_hex_decision
from game.tactical.moving import cramped, move_decision, step_clear_decision
from game.tactical.pressure import (fray_decision, intimidate_decision, overwatch_decision, reload_decision,
                                    shot_damage)
from game.views import CombatantView


def decide(battle: Battle) -> Decision:
    """The next action for whoever must act now, with its reason."""
    prompt = battle.pending()
    if prompt is not None:
        answers = battle.options(prompt.decider)
        return reaction_decision(battle, answers) or Decision(answer_prompt(answers), "")
    actor = battle.current()
    me = battle.combatant(actor)
    if me.prone:
        standing = battle.options(actor, groups=("stances",)).allowed("stand_up")
        if standing:
            return Decision(standing[0].action, "stands up to fight")
    conduct = conduct_of(battle, me)
    if conduct == "retreat":  # still returning fire (Seed 002, Tactical Retreat): its best shot
        options = battle.options(me.id, groups=("attack", "aimed", "grenade"))
        attack = attack_decision(battle, options, me)
        if attack is not None:
            return Decision(attack.action, f"{attack.reason}, falling back as its side's morale says")
    if conduct == "flee":  # runs; cornered, shoots back (our reading of Seed 002's "likely")
        return panicked_decision(battle, me)
    if conduct != "fight":
        return Decision(falling_back(battle, me, conduct), "falls back through cover, as its side's morale says")
    return fighting(battle, me)


def fighting(battle: Battle, me: CombatantView) -> Decision:
    """A combatant whose side fights on: the Fray Die, attack, intimidate, reload, move, or end
    the turn."""
    fray = fray_decision(battle, me)
    if fray is not None:
        return fray
    lucky = plays_lucky_stars(battle)
    if lucky and (trick := held_or_holding(battle, me)) is not None:
        return Decision(trick, trick.reason)  # seed 001: regain control, grapple a shooter, strike the one held
    options = battle.options(me.id, groups=("move", "attack", "aimed", "charge", "grenade"))
    attack = attack_decision(battle, options, me)
    if attack is None or isinstance(attack.action, Attack):  # a grenade or a charge is never weak
        shot = shot_damage(options, attack)
        better = intimidate_decision(battle, me, shot) or reload_decision(battle, me, shot)
        if better is not None:
            return better
    if lucky and attack is not None and (hiding := hide_before_attack_decision(battle, me, attack)) is not None:
        return hiding  # seed 001: the attack from hiding is a surprise attack
    if attack is not None:
        return first_clear_of_enemies(battle, options, me, attack)
    if lucky and (search := search_for_the_hidden(battle, me)) is not None:
        return Decision(search, "searches: an enemy hides out of sight and nothing else is in reach")
    if lucky and (hiding := hide_after_firing_decision(battle, me)) is not None:
        return hiding  # seed 001: the next shot from hiding is a surprise attack
    move = firing_hex_decision(battle, options, me) or move_decision(battle, options, me)
    if move is not None:
        return move
    watch = overwatch_decision(battle, me)
    if watch is not None:
        return watch
    if lucky and (waiting := instead_of_waiting(battle, me)) is not None:
        return Decision(waiting, waiting.reason)  # seed 001: ready an attack for an enemy coming, or hide
    declared = declaration(battle, me.id)  # seed 003: several attacks in the next phase when they pay more
    if declared is not None:
        return Decision(declared, "declares its next phase: the most damage for the action points")
    return Decision(EndTurn(me.id), "")


def first_clear_of_enemies(battle: Battle, options, me: CombatantView, attack: Decision) -> Decision:
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


def tactical_player(seed: int):
    """A fresh tactical player (deterministic: the seed is not used); each action carries its
    reason, which the log tells."""

    def choose(battle: Battle) -> Action:
        decision = decide(battle)
        return replace(decision.action, reason=decision.reason) if decision.reason else decision.action

    return choose

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

from game.actions import Action, EndTurn
from game.battle import Battle
from game.players.answers import answer_prompt
from game.players.plain import conduct_of, falling_back
from game.players.tactical.attacks import Decision, attack_decision
from game.players.tactical.cornered import panicked_decision
from game.players.tactical.evading import reaction_decision
from game.players.tactical.turns import ANY_RULESET, TURNS, Turn
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
    """A combatant whose side fights on: the first decision of its ruleset's turn (`TURNS`)
    that applies, else it ends the turn."""
    turn = Turn(battle, me)
    for step in TURNS.get(battle.ruleset_name, ANY_RULESET):
        decision = step(turn)
        if decision is not None:
            return decision
    return Decision(EndTurn(me.id), "")


def tactical_player(seed: int):
    """A fresh tactical player (deterministic: the seed is not used); each action carries its
    reason, which the log tells."""

    def choose(battle: Battle) -> Action:
        decision = decide(battle)
        return replace(decision.action, reason=decision.reason) if decision.reason else decision.action

    return choose

"""A Panicked side runs (Seed 002, Morale Threshold: "retreating, likely not shooting at all").
The plain player reads that as never shooting; the tactical player reads "likely" as leaving
one case open: a panicked fighter with nowhere left to run (no hex in reach is farther from
the enemy, or as far and better sheltered, than where it stands) shoots back with the best
shot it has, at the band's -4 to hit, or reloads an empty gun to shoot back next turn, rather
than stand idle. On `crystal_vault` the Sable Hand, Panicked by losses and the random camps'
Intimidate, stood in the vault's far corner for sixty rounds and more with a shot at the crew
on most turns, never taken (and, once it took them, with its magazines soon empty): the fight
drawn at the round limit or lost to the crew's survivors."""

from __future__ import annotations

from game.actions import EndTurn
from game.players.plain import reload_empty_gun, retreat_move
from game.battle import Battle
from game.players.tactical.attacks import Decision, attack_decision
from game.views import CombatantView

RUNS = "panics and runs, as its side's morale says"
CORNERED = "cornered and panicked: {}, nowhere left to run"


def panicked_decision(battle: Battle, me: CombatantView) -> Decision:
    """A Panicked combatant's action: the plain player's flight (the hex farthest from the
    enemy, the best-sheltered first among equals); when no move is better than standing, its
    best shot (`attack_decision` among plain and aimed shots), else a reload of an empty gun;
    else the end of its turn."""
    run = retreat_move(battle, battle.options(me.id, groups=("move",)), me, panicked=True)
    if run is not None:
        return Decision(run, RUNS)
    shot = attack_decision(battle, battle.options(me.id, groups=("attack", "aimed")), me)
    if shot is not None:
        return Decision(shot.action, CORNERED.format(shot.reason))
    reload = reload_empty_gun(battle, me)
    if reload is not None:
        return Decision(reload, CORNERED.format("reloads the empty gun"))
    return Decision(EndTurn(me.id), RUNS)

"""Under Starfarer (seed 003, with the map's evasion and parry): when to give up a phase to
evade or parry an attack. The plain player reacts whenever the reaction takes a third off the
attack's chance, whatever that chance is; the tactical player weighs the attack's chance
first. A reaction's success takes 1 + its level of success off the attack's Ease Factor, which
lowers the level of success of a hit (its damage: the modified damage times the LOS, Seed
003, 3.5) as well as its chance, so against a likely hit any cut is worth the phase given up;
against a long shot (under 50%) the phase is worth more than the cut, and the attack is let
come. On `derelict_hold` Sgt. Reyes's rifle hits a pirate 60% of the time and knocks it out
with one or two success levels, and the evasion (50% to succeed) leaves it about 42%, under
the plain player's third, so the pirates let his shots come; while the marines (evasion 60%)
gave up Reyes's phases to evade the pirates' 25% shots."""

from __future__ import annotations

from fractions import Fraction

from game.battle import Battle
from game.options import Options, ReactionOption
from game.players.tactical.attacks import Decision

REACTIONS = {"evade": "evades", "parry": "parries"}
LIKELY_HIT = Fraction(1, 2)
"""An attack at least this likely to hit is worth a phase to make less likely; a longer shot
is let come (the phase is worth more)."""


def reaction_decision(battle: Battle, options: Options) -> Decision | None:
    """Asked whether to react to an attack: against a likely hit, the reaction (evade or parry)
    leaving it the least chance, when that is less than letting it come; against a long shot,
    letting it come. None when there is no reaction to choose (the prompt is then answered as
    the plain player answers it)."""
    reactions = [o for o in options.allowed(*REACTIONS) if isinstance(o, ReactionOption)]
    holding = options.allowed("hold")
    if not reactions or not holding:
        return None
    best = min(reactions, key=lambda o: (o.hit_chance, o.kind))
    attack = getattr(battle.pending(), "attack", None)
    attacker = f"{battle.name(attack.actor)}'s attack" if attack is not None else "the attack"
    unopposed = f"{float(best.hit_chance_unopposed) * 100:.0f}%"
    if best.hit_chance_unopposed < LIKELY_HIT or best.hit_chance >= best.hit_chance_unopposed:
        return Decision(holding[0].action, f"lets {attacker} come: {unopposed} to hit, not worth its next phase")
    return Decision(best.action, f"{REACTIONS[best.kind]} {attacker}, giving up its next phase: "
                                 f"{float(best.hit_chance) * 100:.0f}% to be hit against {unopposed} letting it come")

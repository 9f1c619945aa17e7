"""Under Starfarer (seed 003, with the map's evasion and parry): when to give up a phase to
evade or parry a shot. The plain player reacts only when the reaction takes a third off the
attack's chance; against an attack at least 50% likely to hit the tactical player reacts
whenever that lowers the chance at all. A reaction's success takes 1 + its level of success
off the attack's Ease Factor, and that lowers the level of success of a hit as well as its
chance (damage is the modified damage times the LOS, Seed 003, 3.5), so the damage averted is
larger than the chance cut shows. On `derelict_hold` a belt pirate's phase is a rifle shot at
25% for about 1.6 damage, while Sgt. Reyes's shot at it (60%) knocks it out with one or two
success levels; against a 60% shot the evasion (50% to succeed) takes about 30% off the
chance (60% to about 42%), under the plain player's third, so its pirates let his shots come."""

from __future__ import annotations

from fractions import Fraction

from game.battle import Battle
from game.options import Options, ReactionOption
from game.tactical.attacks import Decision

REACTIONS = {"evade": "evades", "parry": "parries"}
LIKELY_HIT = Fraction(1, 2)
"""An attack at least this likely to hit is worth a phase to make less likely; against a long
shot the phase is worth more (the marines' shots, spent on evading the pirates' 25% shots, had
the computer's pirates winning more often against them)."""


def reaction_decision(battle: Battle, options: Options) -> Decision | None:
    """The reaction (evade or parry) leaving the attack the least chance to hit, when it leaves
    less than letting it come; None when there is no reaction to make or none lowers the
    chance (then the prompt is answered as the plain player does)."""
    reactions = [o for o in options.allowed(*REACTIONS) if isinstance(o, ReactionOption)]
    if not reactions:
        return None
    best = min(reactions, key=lambda o: (o.hit_chance, o.kind))
    if best.hit_chance_unopposed < LIKELY_HIT or best.hit_chance >= best.hit_chance_unopposed:
        return None
    attack = getattr(battle.pending(), "attack", None)
    attacker = f"{battle.name(attack.actor)}'s attack" if attack is not None else "the attack"
    return Decision(best.action, f"{REACTIONS[best.kind]} {attacker}, giving up its next phase: "
                                 f"{float(best.hit_chance) * 100:.0f}% to be hit against "
                                 f"{float(best.hit_chance_unopposed) * 100:.0f}% letting it come")

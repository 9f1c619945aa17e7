"""How the computer players answer an open decision: overwatch fire, an attack of opportunity
or a readied attack, a hero point spent, countered or used to negate damage (seed 004), an
evasion or parry (seed 003); otherwise the decision passes."""

from __future__ import annotations

from fractions import Fraction

from game.actions import Action, Hold
from game.options import AttackOption, ChanceOption, Options, ReactionOption

OVERWATCH_THRESHOLD = Fraction(3, 10)
HERO_POINT_THRESHOLD = Fraction(1, 2)
REACTION_THRESHOLD = Fraction(1, 3)  # seed 003: evade or parry when it takes a third off the attack's chance


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

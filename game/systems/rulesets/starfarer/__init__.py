"""Starfarer (seed 003): the ruleset `starfarer` behind the engine's seam.

Action points 1d10 + Initiative each round with phases counting down by 10 and the rest
carried; d100 to-hit tasks by range bracket; hit location, armour, lethality, the wound track,
shock, bleeding and the checks they call for. The hex mechanics are the shared ones; the GM's
overrides are the shared rows. See docs/rules/starfarer.md for what is wired.
"""

from __future__ import annotations

from types import MappingProxyType

from game.rules.ruleset_names import STARFARER
from game.actions import Attack, Declare, EndTurn, Hold, Move, NegateDamage
from game.prompts import HeroPointChance
from game.rules.hero_points import ExtraRoll
from game.rules.starfarer.negation import NEGATION
from game.systems import turns as shared_turns
from game.systems.dispatch import Row
from game.systems.rulesets import hero_points
from game.systems.rulesets.starfarer import attack as attacks
from game.systems.rulesets.starfarer import body
from game.systems.rulesets.starfarer import limbs
from game.systems.rulesets.starfarer import negation
from game.systems.rulesets.starfarer import options
from game.systems.rulesets.starfarer import phase
from game.systems.rulesets.starfarer import reactions
from game.systems.rulesets.starfarer import state
from game.systems.rulesets.starfarer import turns as phases
from game.systems.rulesets.ruleset import Ruleset, nothing, nothing_off_turn, on_turn_options, shared_rows
from game.systems.scene import Scene

def _limb_lands(scene: Scene, chance: HeroPointChance, waiting, bought: bool) -> None:
    """A disability check after a hero point decision: passed, the attack or the move goes on."""
    if limbs.bought_back(scene, chance, waiting, bought):
        (attacks.arm_usable if isinstance(chance.attack, Attack) else phases.legs_usable)(scene, chance.attack)


STEPS: dict[str, hero_points.Resume] = {reactions.REACTION: reactions.reaction_lands,
                                        attacks.SHOCK_CHECK: attacks.shock_lands,
                                        attacks.SURVIVAL_CHECK: attacks.survival_lands,
                                        limbs.DISABILITY: _limb_lands,
                                        **dict.fromkeys(body.ROUND_START, phases.round_start_lands)}
"""The rolls beyond an attack's to-hit task that stop for a hero point decision, and how each goes on
(the checks at a round's start go on with the rest of the round's start)."""


def _go_on(scene: Scene, chance: HeroPointChance, extras: tuple[ExtraRoll, ...]) -> None:
    """After a hero point decision: a reaction or a check goes on from its task, a to-hit task lands or not."""
    if chance.waiting is not None:
        hero_points.resume(scene, chance, extras, STEPS)
    else:
        attacks.go_on(scene, chance, extras)


HERO_POINT_ROWS = {**hero_points.rows(_go_on), NegateDamage: negation.NEGATING.row()}
HERO_POINT_ROWS[Hold] = phase.hold_row(negation.NEGATING.hold_row(HERO_POINT_ROWS[Hold]),
                                       phases.roll_after_declarations)


def _declare(scene: Scene, action: Declare, plan) -> None:
    """Declare; the last answer before the first roll rolls the round's points (Seed 003, 3.2.1)."""
    answering = phase.asked(scene, action.actor)
    phase.apply_declare(scene, action, plan)
    if answering and not phase.before_the_roll(scene):
        phases.roll_after_declarations(scene)


TABLE = MappingProxyType({
    **shared_rows(),
    Move: Row(phases.check_move, phases.move),
    Attack: Row(attacks.check_attack, attacks.attack),
    Declare: Row(phase.check_declare, _declare, answers=True),
    EndTurn: Row(shared_turns.check_end_turn, phase.end),
    **HERO_POINT_ROWS,
    **reactions.rows(HERO_POINT_ROWS[Hold]),
})
"""Which seed 003 action each action type is, read top to bottom."""

RULESET = Ruleset(
    names=(STARFARER,), table=TABLE, settle=nothing, roll_initiative=phases.roll_initiative,
    begin_round=phases.begin_round, begin_turn=phases.begin_turn, options_on_turn=on_turn_options(options.BUILDERS),
    options_off_turn=nothing_off_turn, prompt_options=options.prompt_options, groups=options.GROUPS,
    prepare=phases.prepare, surprise_skips_turn=False, dress=state.dress, next_turn=phases.next_turn,
    first_turn=phases.first_turn, negation=NEGATION)

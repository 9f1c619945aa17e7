"""These Lucky Stars (seed 001): the ruleset `lucky-stars` behind the engine's seam.

4 AP a round refilled at the start of each turn; initiative 2d6 + Insight; opposed 2d6 attacks
against current DEF; damage by relative size draining DEF and VIT. The hex mechanics (paths,
sight, cover) are the shared ones; the GM's overrides are the shared rows. See
docs/rules/lucky-stars.md for what is wired and how the seed was read.
"""

from __future__ import annotations

from types import MappingProxyType

from game.actions import (
    Attack,
    ChooseBlow,
    Disarm,
    EndGrapple,
    Grapple,
    GrappleAttack,
    GrappleMove,
    GrappleToss,
    Hide,
    Hold,
    Move,
    NegateDamage,
    NonlethalAttack,
    OpportunityAttack,
    PickUp,
    ReadiedAttack,
    ReadyAttack,
    RegainControl,
    Search,
    Shatter,
    StandUp,
    Step,
    TakeHold,
    Trip,
    UseCover,
)
from game.prompts import BlowChoice, GrappleWon, HeroPointChance, NegationChance, ReactionChance
from game.rules.hero_points import ExtraRoll
from game.rules.lucky_stars.negation import NEGATION
from game.systems import turns
from game.systems.dispatch import Row
from game.systems.rulesets import hero_points
from game.systems.rulesets import lucky_stars_attack as attacks
from game.systems.rulesets import lucky_stars_blows as blows
from game.systems.rulesets import lucky_stars_grapple as grapple
from game.systems.rulesets import lucky_stars_maneuvers as maneuvers
from game.systems.rulesets import lucky_stars_moves as moves
from game.systems.rulesets import lucky_stars_negation as negation
from game.systems.rulesets import lucky_stars_reactions as reactions
from game.systems.rulesets import lucky_stars_stealth as stealth
from game.systems.rulesets import lucky_stars_options as options
from game.systems.rulesets import lucky_stars_state as state
from game.systems.rulesets import lucky_stars_turns as lucky_turns
from game.systems.scene import Scene
from game.systems.rulesets.ruleset import Ruleset, nothing_off_turn, on_turn_options, shared_rows


def _go_on(scene: Scene, chance: HeroPointChance, extras: tuple[ExtraRoll, ...]) -> None:
    """After a hero point decision: a stealth or search roll settles, a maneuver or a grapple goes on
    from its roll or check, any other attack lands."""
    if chance.waiting is not None:
        hero_points.resume(scene, chance, extras, STEPS)
    elif isinstance(chance.attack, (Trip, Disarm, Shatter)):
        maneuvers.go_on(scene, chance, extras)
    elif isinstance(chance.attack, (Grapple, RegainControl, GrappleToss)):
        grapple.go_on(scene, chance, extras)
    else:
        attacks.go_on(scene, chance, extras)


STEPS: dict[str, hero_points.Resume] = {stealth.STEALTH_ROLL: stealth.stealth_lands,
                                        stealth.SEARCH_ROLL: stealth.search_lands}
"""The rolls beyond an attack or a contested check that an action stops at for a hero point
decision, and how each goes on (`RollWaiting.step`)."""

HERO_POINT_ROWS = hero_points.rows(_go_on)


HOLDS = {ReactionChance: (reactions.check_hold, reactions.hold), BlowChoice: (blows.check_choose, blows.choose),
         GrappleWon: (grapple.check_take_hold, grapple.take_hold),
         NegationChance: (negation.check_hold, negation.hold)}
"""What Hold does to each seed 001 decision: lets an opening pass, keeps a lethal blow, ends a won
grapple, takes a hit as rolled (seed 004)."""


def _check_hold(scene: Scene, action: Hold):
    """Hold answers this ruleset's decisions, or lets a hero point decision stand."""
    found = HOLDS.get(type(scene.pending[0])) if scene.pending else None
    return found[0](scene, action) if found else HERO_POINT_ROWS[Hold].check(scene, action)


def _hold(scene: Scene, action: Hold, plan) -> None:
    found = HOLDS.get(type(scene.pending[0])) if scene.pending else None
    (found[1] if found else HERO_POINT_ROWS[Hold].apply)(scene, action, plan)


def _row(check, apply, **when) -> Row:
    """A row whose action the enemies may answer (an opening, or a readied attack's trigger)."""
    return Row(check, reactions.reacting(apply), **when)


ANSWER = {"instant": True, "answers": True, "only_answers": True}
TABLE = MappingProxyType({
    **shared_rows(),
    Move: _row(lucky_turns.check_move, stealth.silently(moves.move)),
    Step: _row(lucky_turns.check_step, stealth.silently(lucky_turns.step)),
    Attack: _row(attacks.check_attack, attacks.attack),
    NonlethalAttack: _row(attacks.check_attack, attacks.attack),
    StandUp: _row(lucky_turns.check_stand, lucky_turns.stand),
    UseCover: Row(lucky_turns.check_use_cover, lucky_turns.use_cover),
    Trip: _row(maneuvers.check_maneuver, maneuvers.maneuver),
    Disarm: _row(maneuvers.check_maneuver, maneuvers.maneuver),
    Shatter: _row(maneuvers.check_maneuver, maneuvers.maneuver),
    PickUp: Row(maneuvers.check_pick_up, maneuvers.pick_up),
    Grapple: _row(grapple.check_grapple, grapple.grapple),
    GrappleAttack: _row(grapple.check_grapple_attack, grapple.grapple_attack),
    EndGrapple: _row(grapple.check_end, grapple.end),
    GrappleMove: _row(grapple.check_grapple_move, grapple.grapple_move),
    GrappleToss: _row(grapple.check_grapple_toss, grapple.grapple_toss),
    RegainControl: _row(grapple.check_regain, grapple.regain),
    ReadyAttack: Row(reactions.check_ready, reactions.ready),
    Hide: Row(stealth.check_hide, stealth.hide),
    Search: Row(stealth.check_search, stealth.search),
    **HERO_POINT_ROWS,
    NegateDamage: negation.NEGATING.row(),
    Hold: Row(_check_hold, _hold, **ANSWER),
    OpportunityAttack: _row(reactions.check_opportunity, reactions.opportunity, **ANSWER),
    ReadiedAttack: _row(reactions.check_readied, reactions.readied_attack, **ANSWER),
    ChooseBlow: Row(blows.check_choose, blows.choose, **ANSWER),
    TakeHold: Row(grapple.check_take_hold, grapple.take_hold, **ANSWER),
})
"""Which seed 001 action each action type is, read top to bottom (with the shared end of turn and
the GM's overrides, and the hero point answers)."""

RULESET = Ruleset(
    names=("lucky-stars",), table=TABLE, settle=moves.resume, roll_initiative=lucky_turns.roll_initiative,
    begin_round=turns.begin_round, begin_turn=lucky_turns.begin_turn, options_on_turn=on_turn_options(options.BUILDERS),
    options_off_turn=nothing_off_turn, prompt_options=options.prompt_options, groups=options.GROUPS,
    prepare=lucky_turns.prepare, surprise_skips_turn=False, dress=state.dress, negation=NEGATION)

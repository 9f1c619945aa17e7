"""These Lucky Stars (seed 001): the ruleset `lucky-stars` behind the engine's seam.

4 AP a round refilled at the start of each turn; initiative 2d6 + Insight; opposed 2d6 attacks
against current DEF; damage by relative size draining DEF and VIT. The hex mechanics (paths,
sight, cover) are the shared ones; the GM's overrides are the shared rows. See
docs/rules/lucky-stars.md for what is wired and how the seed was read.
"""

from __future__ import annotations

from types import MappingProxyType

from game.actions import Attack, Move, NonlethalAttack, StandUp, Step, UseCover
from game.rules.lucky_stars.negation import NEGATION
from game.systems import turns
from game.systems.dispatch import Row
from game.systems.rulesets import hero_points
from game.systems.rulesets import lucky_stars_attack as attacks
from game.systems.rulesets import lucky_stars_options as options
from game.systems.rulesets import lucky_stars_state as state
from game.systems.rulesets import lucky_stars_turns as lucky_turns
from game.systems.rulesets.ruleset import Ruleset, nothing, nothing_off_turn, on_turn_options, shared_rows

TABLE = MappingProxyType({
    **shared_rows(),
    Move: Row(lucky_turns.check_move, lucky_turns.move),
    Step: Row(lucky_turns.check_step, lucky_turns.step),
    Attack: Row(attacks.check_attack, attacks.attack),
    NonlethalAttack: Row(attacks.check_attack, attacks.attack),
    StandUp: Row(lucky_turns.check_stand, lucky_turns.stand),
    UseCover: Row(lucky_turns.check_use_cover, lucky_turns.use_cover),
    **hero_points.rows(attacks.go_on),
})
"""Which seed 001 action each action type is, read top to bottom (with the shared end of turn and
the GM's overrides, and the hero point answers)."""

RULESET = Ruleset(
    names=("lucky-stars",), table=TABLE, settle=nothing, roll_initiative=lucky_turns.roll_initiative,
    begin_round=turns.begin_round, begin_turn=lucky_turns.begin_turn, options_on_turn=on_turn_options(options.BUILDERS),
    options_off_turn=nothing_off_turn, prompt_options=options.prompt_options, groups=options.GROUPS,
    prepare=lucky_turns.prepare, surprise_skips_turn=False, dress=state.dress, negation=NEGATION)

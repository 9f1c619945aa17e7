"""Stars Without Number (SWN core, seeds 000 and 002): rulesets `swn` and `swn-heroic`.

The engine's original behaviour behind the `Ruleset` seam: its table of mechanics (`table`), SWN
initiative and turns (one Main and one Move action, `turns`), and the option builders of
`choices`; with the map module `hero_points`, the hero point answers (seed 004, `hero_points`
and `negation`). Heroic combat (seed 000) differs only where the mechanics read `Setup.heroic`.
"""

from __future__ import annotations

from types import MappingProxyType

from game.actions import Action, Attack
from game.rules.hero_points import SWN_NEGATION
from game.rules.ruleset_names import SWN, SWN_HEROIC
from game.systems import turns as shared_turns
from game.systems.rulesets.ruleset import Ruleset
from game.systems.rulesets.swn import choices, combat, table
from game.systems.rulesets.swn import hero_points as swn_hero_points
from game.systems.rulesets.swn import turns as swn_turns

TABLE = MappingProxyType({**table.TABLE, **swn_hero_points.rows()})
"""The table of mechanics, with the hero point answers (and a Hold answering those too)."""


def planned(memo: dict, action: Action) -> combat.AttackPlan | str | None:
    """An attack's plan (or refusal) as the options of the state worked it out, if they did."""
    return combat.checked_before(memo, action) if type(action) is Attack else None


RULESET = Ruleset(
    names=(SWN, SWN_HEROIC), table=TABLE, settle=table.settle,
    roll_initiative=swn_turns.roll_initiative, begin_round=shared_turns.begin_round, begin_turn=swn_turns.begin_turn,
    options_on_turn=choices.options_on_turn, options_off_turn=choices.options_off_turn,
    prompt_options=swn_hero_points.prompt_options, groups=choices.GROUPS, reuse=planned,
    negation=SWN_NEGATION)

"""Stars Without Number (SWN core, seeds 000 and 002): rulesets `swn` and `swn-heroic`.

The engine's original behaviour, unchanged, behind the `Ruleset` seam: the dispatch table, SWN
initiative and turns (one Main and one Move action), and the option builders of `choices`.
Heroic combat (seed 000) differs only where the mechanics read `Setup.heroic`.
"""

from __future__ import annotations

from game.systems import choices, dispatch, turns
from game.systems.rulesets.ruleset import Ruleset

RULESET = Ruleset(
    names=("swn", "swn-heroic"), table=dispatch.TABLE, settle=dispatch.settle,
    roll_initiative=turns.roll_initiative, begin_round=turns.begin_round, begin_turn=turns.begin_turn,
    options_on_turn=choices.options_on_turn, options_off_turn=choices.options_off_turn,
    prompt_options=choices.prompt_options, groups=choices.GROUPS)

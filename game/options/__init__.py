"""Options: everything a combatant can do now, as frozen values a client reads (`Battle.options`).

Each option carries the `Action` that takes it, built from the same plan the engine resolves,
so the odds a window shows and a computer player weighs are the odds the engine rolls. An
option that cannot be taken has no action and says why in `refused`. Numbers come with their
breakdown (each modifier and what it is called), so a window can explain any of them.

One module per ruleset beside the shared options, all of them re-exported here:
`from game.options import ChargeOption` wherever it lives.
"""

from game.options.shared import *  # noqa: F401,F403
from game.options.swn import *  # noqa: F401,F403
from game.options.lucky_stars import *  # noqa: F401,F403
from game.options.starfarer import *  # noqa: F401,F403
from game.options.hero_points import *  # noqa: F401,F403

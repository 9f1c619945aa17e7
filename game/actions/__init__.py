"""Actions: frozen data recording a decision (the path, the target, the facing), with JSON.

An action names its actor by entity id (deployment makes ids stable per scenario). `faces`
holds dice a player rolled at the table and typed in; the battle uses them before its own
seeded dice, and saves keep them so a replay is exact.

One module per ruleset beside the shared actions (`shared`: what an action is and how its type
is registered, ending the turn, moving, attacking, holding, standing up, disarming, picking up;
`gm`: the GM's overrides) and the JSON codec (`codec`), all of them re-exported here:
`from game.actions import Charge` wherever it lives.
"""

from game.actions.shared import *  # noqa: F401,F403
from game.actions.gm import *  # noqa: F401,F403
from game.actions.swn import *  # noqa: F401,F403
from game.actions.lucky_stars import *  # noqa: F401,F403
from game.actions.starfarer import *  # noqa: F401,F403
from game.actions.hero_points import *  # noqa: F401,F403
from game.actions.codec import *  # noqa: F401,F403

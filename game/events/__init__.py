"""Events: what happened, as frozen facts the window can animate and the log can tell.

Each event holds facts only (who by entity id, weapons by id, sides by id, hexes, the rules'
own result values with every die face and modifier). Its log sentence is written on demand by
`text(say)`, from those facts and a `Narrator` that knows the names: the battle facade and the
scene are narrators. The simulator counts events; the window animates them.

One module per ruleset beside the shared events (`shared`: rounds and turns, dice, moving,
falling, conditions, weapons changing hands, morale, a computer player's reasons; `gm`: the
GM's overrides), all of them re-exported here: `from game.events import Attacked` wherever it lives.
"""

from game.events.shared import *  # noqa: F401,F403
from game.events.gm import *  # noqa: F401,F403
from game.events.swn import *  # noqa: F401,F403
from game.events.swn_mechanics import *  # noqa: F401,F403
from game.events.lucky_stars import *  # noqa: F401,F403
from game.events.starfarer import *  # noqa: F401,F403
from game.events.hero_points import *  # noqa: F401,F403

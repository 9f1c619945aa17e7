"""Prompts: decisions the battle waits for in the middle of an action (style habit 9).

A prompt is plain data in the battle state, so it snapshots, undoes and replays like
everything else. While a prompt is open, only an answer from its `decider` is accepted.

One module per ruleset beside the shared prompts, all of them re-exported here:
`from game.prompts import OverwatchChance` wherever it lives.
"""

from game.prompts.shared import *  # noqa: F401,F403
from game.prompts.swn import *  # noqa: F401,F403
from game.prompts.lucky_stars import *  # noqa: F401,F403
from game.prompts.starfarer import *  # noqa: F401,F403
from game.prompts.hero_points import *  # noqa: F401,F403

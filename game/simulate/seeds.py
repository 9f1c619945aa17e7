"""Each fight's seeds, derived from the run's seed and the fight's number alone.

numpy's `SeedSequence(S, spawn_key=(index,))` mixes the run's seed S and the fight's index
into well-spread bits without `hash()`, the same on every platform and Python, so fight 17
of seed 1 is the same fight whichever worker plays it and in whatever order. A policy that
draws at random gets its own stream per side (`spawn_key=(index, side_number)`), so the dice
of the battle and the choices of the players never share one.
"""

from __future__ import annotations

import numpy as np

SEED_BITS = 63  # a save file and JSON hold it as a plain non-negative integer


def _draw(run_seed: int, key: tuple[int, ...]) -> int:
    """63 well-mixed bits from the run's seed and a spawn key."""
    words = np.random.SeedSequence(run_seed, spawn_key=key).generate_state(1, np.uint64)
    return int(words[0]) >> (64 - SEED_BITS)


def fight_seed(run_seed: int, index: int) -> int:
    """The battle seed (its dice) of fight number `index` of a run."""
    return _draw(run_seed, (index,))


def policy_seed(run_seed: int, index: int, side_number: int) -> int:
    """The seed of the computer player of the `side_number`-th side (from 1, sides sorted by
    id) in fight number `index`."""
    return _draw(run_seed, (index, side_number))

"""One system per mechanic: each validates against the world and applies through game.rules.

A system module registers its action handlers with `@handles(ActionType)`; `load_systems`
imports every module of this package so the battle knows every action without a list that
each new system would have to edit.
"""

from __future__ import annotations

import importlib
import pkgutil


def load_systems() -> None:
    """Import every system module (registering its handlers); safe to call more than once."""
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        importlib.import_module(f"{__name__}.{module}")

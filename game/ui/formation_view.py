"""A squad choosing a formation in the window: the formations at the hex under the mouse,
fetched from the facade once per state of the battle and hex, and their place in the status
file tests read (Seed 002, Squad Size)."""

from __future__ import annotations

from collections.abc import Callable

from game.battle import Battle
from game.hexgrid import Hex
from game.options import FormationOption
from game.ui.modes import Board, Formation


class FormationPreview:
    """The formations of the squad in the formation mode, at the hovered hex."""

    def __init__(self) -> None:
        self._cached: tuple = (None, ())

    def at(self, battle: Battle, mode: object, hover: Hex | None) -> tuple[FormationOption, ...]:
        """The squad's formations with their head on `hover` (none outside the formation mode)."""
        if not isinstance(mode, Formation) or hover is None:
            return ()
        key = (id(battle), battle.state, mode.actor, hover)
        if self._cached[0] != key:
            self._cached = (key, battle.formations(mode.actor, hover))
        return self._cached[1]


def formation_status(mode: object, board: Board, screen: Callable[[Hex], list[int] | None]) -> dict | None:
    """The formation under the mouse for the status file: its shape, whether it can be taken
    (or why not), its hexes and where they are on screen."""
    shown = mode.shown(board) if isinstance(mode, Formation) else None
    if shown is None:
        return None
    return {"formation": shown.formation, "allowed": shown.allowed, "refused": shown.refused,
            "hexes": [[h.q, h.r] for h in shown.hexes], "screen": [screen(h) for h in shown.hexes]}

"""The window's computer players: which sides the computer plays, and with which player.

A side's controller names its player (`computer`, `tactical`, `random`: the simulator's
registry, `game.players.registry`); `players` and `gm` sides are played by people. The GM
may hand a side to the computer or take it back with a click: a side the map gives people
goes to the default player, a side the map gives a computer player goes back to that one.
"""

from __future__ import annotations

from game.actions import Action
from game.battle import Battle
from game.scenario.mapprops import computer_plays
from game.players import DEFAULT_POLICY, Policy, make_policy


class ComputerSides:
    """Each side's controller as the table has it now, and a player for every computer side."""

    def __init__(self, battle: Battle) -> None:
        self.chosen = {side.id: side.controller for side in battle.sides()}
        self._from_map = dict(self.chosen)
        self._players: dict[tuple[str, str], Policy] = {}

    def plays(self, side: str | None) -> bool:
        """Whether the computer plays this side now."""
        return computer_plays(self.chosen.get(side or "", ""))

    def toggle(self, side: str) -> None:
        """Hand the side to people, or to the computer player the map names (else the default)."""
        if self.plays(side):
            self.chosen[side] = "players"
        else:
            mapped = self._from_map.get(side, "")
            self.chosen[side] = mapped if computer_plays(mapped) else DEFAULT_POLICY

    def player(self, side: str) -> Policy:
        """The side's computer player (one per side and name, kept for the whole fight; its seed
        is the side's place among the sides, so a random player draws the same way every time)."""
        name = self.chosen[side]
        key = (side, name)
        if key not in self._players:
            self._players[key] = make_policy(name, sorted(self.chosen).index(side))
        return self._players[key]

    def choose(self, battle: Battle, side: str) -> Action:
        """The next action of the computer player of `side` (whose member must act now)."""
        return self.player(side)(battle)

    def label(self, side: str) -> str:
        """How the panel names who plays the side: "people", else its computer player's name."""
        return self.chosen[side] if self.plays(side) else "people"

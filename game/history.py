"""The record of a fight: every accepted action with the states around it and its events (a
`Step`), the log read across them, undo and redo; and the answer a submitted action gets (an
`Outcome`, whose events are told as the battle stood right after it).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from game.actions import Action
from game.components import Identity
from game.events import Event, Narrator
from game.flow import BattleState
from game.hexgrid import Hex
from game.slots import slot_maker
from game.systems.scene import Setup


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer to a submitted action: accepted with its events, or refused with a reason."""

    accepted: bool
    events: tuple[Event, ...] = ()
    reason: str = ""
    needs: int | None = None
    """With `typed_only`: the size of the die the table must roll next (a d`needs`), else None."""
    teller: Narrator | None = field(default=None, repr=False, compare=False)
    """Who tells the events as the battle stood right after the action (names, places)."""

    @property
    def lines(self) -> tuple[str, ...]:
        """The events' log sentences, in order: told when asked for, so a player that never reads
        them (the simulator's) never pays for the words."""
        teller = self.teller
        return tuple(event.text(teller) for event in self.events) if teller is not None else ()


class Teller:
    """Tells events as the battle stood in one state (the `Narrator` of an `Outcome`)."""

    __slots__ = ("_setup", "_state")

    def __init__(self, setup: Setup, state: BattleState):
        self._setup, self._state = setup, state

    def name(self, entity: int) -> str:
        """A combatant's name."""
        return self._state.world.get(entity, Identity).name

    def place(self, hex: Hex) -> str:
        """A hex as the GM finds it in Tiled."""
        return self._setup.place(hex)

    def weapon(self, weapon_id: str) -> str:
        """A weapon's name, lower case."""
        return self._setup.weapon_name(weapon_id)

    def facing(self, direction: int, angle: float | None = None) -> str:
        """A facing as the map shows it on screen."""
        return self._setup.facing(direction, angle)

    def side(self, side_id: str) -> str:
        """A side's name."""
        return self._state.side(side_id).name


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted action with the states around it and the events it produced."""

    action: Action
    before: BattleState
    after: BattleState
    events: tuple[Event, ...]


make_step, make_outcome = slot_maker(Step), slot_maker(Outcome)
"""`Step(...)` and `Outcome(...)` with every field given in order, set slot by slot: every
accepted action makes one of each."""


class History:
    """The steps of one fight from its opening, and those undone (redo puts them back)."""

    __slots__ = ("_opening", "opening_events", "_steps", "_undone", "_ends")

    def __init__(self, opening: BattleState, opening_events: tuple[Event, ...]):
        self._opening = opening
        self.opening_events = opening_events
        self._steps: list[Step] = []
        self._undone: list[Step] = []
        self._ends: list[int] = []  # the log length after each step

    @property
    def state(self) -> BattleState:
        """The state after the last step (the opening, before any)."""
        return self._steps[-1].after if self._steps else self._opening

    @property
    def log(self) -> list[Event]:
        """Every event from the start, in order."""
        events = list(self.opening_events)
        for step in self._steps:
            events.extend(step.events)
        return events

    @property
    def actions(self) -> list[Action]:
        """The accepted actions, in order."""
        return [step.action for step in self._steps]

    @property
    def log_length(self) -> int:
        """How many events the log holds."""
        return self._ends[-1] if self._ends else len(self.opening_events)

    def log_since(self, index: int) -> tuple[Event, ...]:
        """The events from position `index` of the log on; only the steps after `index` are read
        (found by bisection)."""
        index = max(0, index)
        found: list[Event] = list(self.opening_events[index:])
        first = bisect_right(self._ends, index)
        for number in range(first, len(self._steps)):
            start = self._ends[number - 1] if number else len(self.opening_events)
            found.extend(self._steps[number].events[max(0, index - start):])
        return tuple(found)

    def accept(self, step: Step) -> None:
        """A new step: the steps undone are gone for good."""
        self._push(step)
        self._undone.clear()

    def _push(self, step: Step) -> None:
        self._ends.append(self.log_length + len(step.events))  # measured before the step is counted
        self._steps.append(step)

    def can_undo(self) -> bool:
        """Whether there is a step to take back."""
        return bool(self._steps)

    def can_redo(self) -> bool:
        """Whether there is an undone step to put back."""
        return bool(self._undone)

    def undo(self) -> bool:
        """Take back the last step."""
        if not self._steps:
            return False
        self._undone.append(self._steps.pop())
        self._ends.pop()
        return True

    def redo(self) -> bool:
        """Put back the last undone step exactly as it happened."""
        if not self._undone:
            return False
        self._push(self._undone.pop())
        return True

"""What a ruleset supplies to a battle: its action table, turn structure and option builders.

The hex mechanics (movement, jump, charge paths, the overwatch wedge, cover and concealment,
grenade scatter, squad footprints) are shared; a ruleset decides the turn structure (initiative,
what a round and a turn refresh), which actions exist and how each is checked and applied
(attack resolution, damage), and the options a combatant is offered. The battle facade asks the
ruleset of its scenario for all of these and for nothing else, so a new ruleset is one new
package registering one `Ruleset` value (docs/adding-a-ruleset.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from game.actions import Action, EndTurn
from game.ecs import EntityId
from game.options import AT_ONCE, Option, Options
from game.prompts import Prompt
from game.systems import dispatch, turns
from game.systems.dispatch import Row
from game.systems.scene import Scene
from game.views import CombatantView


def nothing(scene: Scene) -> None:
    """Nothing to do: the world is ready as it is (no preparation, no work left after an action)."""


def _same_turn(scene: Scene, order: tuple[EntityId, ...], turn: int) -> int:
    """The turn order itself says who acts first in a round."""
    return turn


def _not_planned(memo: dict, action: Action) -> None:
    """This ruleset keeps no plans from the options of a state: every action is checked afresh."""
    return None


def _as_it_is(scene: Scene, view: CombatantView) -> CombatantView:
    """The shared view says all this ruleset counts."""
    return view


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One ruleset: the names a map may give it, its table and its turn and option functions."""

    names: tuple[str, ...]
    table: Mapping[type[Action], Row]
    settle: Callable[[Scene], None]
    """The work done once an action is applied (SWN: paused moves walk on, charges land, morale follows the losses)."""
    roll_initiative: Callable[[Scene, list[EntityId]], tuple[EntityId, ...]]
    begin_round: Callable[[Scene], None]
    begin_turn: Callable[[Scene, EntityId], None]
    options_on_turn: Callable[[Scene, EntityId, Iterable[str]], Options]
    options_off_turn: Callable[[Scene, EntityId], Options]
    prompt_options: Callable[[Scene, Prompt], Options]
    groups: tuple[str, ...]
    prepare: Callable[[Scene], None] = nothing
    """Run once on the deployed world before initiative (a ruleset's own components)."""
    surprise_skips_turn: bool = True
    """Whether a side the map marks surprised loses its turns in round 1 (SWN core, Surprise)."""
    dress: Callable[[Scene, CombatantView], CombatantView] = _as_it_is
    """Add what this ruleset counts to a combatant's view (action points, DEF)."""
    next_turn: Callable[[Scene, tuple[EntityId, ...], int], tuple[int, bool]] = turns.next_turn
    """Who acts after the turn at this index, and whether the round is over first."""
    first_turn: Callable[[Scene, tuple[EntityId, ...], int], int] = _same_turn
    """Who acts first once a round has begun (a ruleset whose order changes each round picks here)."""
    reuse: Callable[[dict, Action], Any] = _not_planned
    """The plan the options of the state worked out for this very action (`memo` is the reading
    scene's `Scene.memo`), or None: the battle then takes that plan rather than checking the
    action again (a player mostly takes one of its options)."""
    negation: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Seed 004, Negating Damage: what each pick a hero point buys against a hit undoes under this
    ruleset (shock, condition, knockdown, wound); a pick it has nothing for is left out."""

    def row(self, action: Action) -> Row | None:
        """The table row for this action's type, if this ruleset knows it."""
        return self.table.get(type(action))

    def check(self, scene: Scene, action: Action) -> Any:
        """The plan for the action, or a str saying why it cannot be taken now."""
        found = self.row(action)
        if found is None:
            return f"'{action.kind}' is not an action this battle's ruleset ({self.names[0]}) knows"
        return found.check(scene, action)

    def apply(self, scene: Scene, action: Action, plan: Any) -> None:
        """Carry out a checked action with the plan its check returned."""
        self.table[type(action)].apply(scene, action, plan)



Builder = Callable[[Scene, EntityId], list[Option]]


def on_turn_options(builders: tuple[tuple[str, Builder], ...]) -> Callable[[Scene, EntityId, Iterable[str]], Options]:
    """`options_on_turn` for a ruleset whose option groups are these builders: each group asked
    for, in order, then ending the turn."""
    def options_on_turn(scene: Scene, actor: EntityId, groups: Iterable[str]) -> Options:
        wanted = set(groups)
        items = [option for name, build in builders if name in wanted for option in build(scene, actor)]
        return Options(actor, (*items, Option("end_turn", EndTurn(actor), aim=AT_ONCE)))
    return options_on_turn


def nothing_off_turn(scene: Scene, actor: EntityId) -> Options:
    """A ruleset with no actions outside one's own turn (yet)."""
    return Options(actor)



def shared_rows() -> dict[type[Action], Row]:
    """The rows every ruleset takes as they are: ending the turn and the GM's overrides."""
    return dict(dispatch.SHARED)

"""Initiative and the start of a turn under SWN (SWN core: Round and actions; Surprise).

Each combatant rolls 1d8 + Dex modifier once; the order holds for the whole fight. Ties are
rerolled among the tied (setting `initiative_ties` = `pcs_first` puts the PCs' side first
instead). A turn starts with a fresh Main and Move action; Overwatch and Total Defense last
until the start of the combatant's own next turn.
"""

from __future__ import annotations

from game.components import Initiative, MainSpent, Overwatch, Stats, TotalDefense, TurnBudget
from game.ecs import EntityId
from game.events import ConditionChanged, TurnBegan
from game.systems.scene import Scene, camp


def roll_initiative(scene: Scene, combatants: list[EntityId]) -> tuple[EntityId, ...]:
    """Roll 1d8 + Dex for each combatant (id order) and return the turn order, highest first."""
    scores = {}
    for entity in combatants:
        dex = scene.world.get(entity, Stats).attribute("dex")
        result = scene.roll("1d8+DEX", entity, "initiative", DEX=dex)
        scene.world.set(entity, Initiative(result.total, result.text()))
        scores[entity] = result.total
    return _break_ties(scene, scores)


def _break_ties(scene: Scene, scores: dict[EntityId, int]) -> tuple[EntityId, ...]:
    """Order by score; tied combatants reroll 1d8 among themselves until ordered."""
    pcs_first = scene.setup.setting("initiative_ties", "reroll") == "pcs_first"
    groups: dict[int, list[EntityId]] = {}
    for entity in sorted(scores):
        groups.setdefault(scores[entity], []).append(entity)
    order: list[EntityId] = []
    for score in sorted(groups, reverse=True):
        order.extend(_order_tied(scene, groups[score], pcs_first))
    return tuple(order)


def _order_tied(scene: Scene, tied: list[EntityId], pcs_first: bool) -> list[EntityId]:
    if len(tied) == 1:
        return tied
    if pcs_first:
        return sorted(tied, key=lambda e: (camp(scene.side_of(e)) != "pcs", e))
    rerolls = {e: scene.roll("1d8", e, "initiative tie-break").total for e in tied}
    ordered: list[EntityId] = []
    for value in sorted(set(rerolls.values()), reverse=True):
        ordered.extend(_order_tied(scene, [e for e in tied if rerolls[e] == value], pcs_first))
    return ordered


def begin_turn(scene: Scene, entity: EntityId) -> None:
    """Start a combatant's turn: fresh actions, lapsed stances, the mortal-wound clock."""
    world = scene.world
    for condition, label in ((Overwatch, "overwatch"), (TotalDefense, "total defense")):
        if world.has(entity, condition):
            world.remove(entity, condition)
            scene.emit(ConditionChanged(entity, label, False, "lapsed"))
    spent = world.try_get(entity, MainSpent)
    snapped = spent is not None and spent.round == scene.round  # a snap action used it already
    world.set(entity, TurnBudget(main=not snapped, move=True))
    scene.emit(TurnBegan(entity, scene.round))

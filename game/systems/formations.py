"""Moving a squad in formation, and its owner's answer when casualties or healing reshape it
(Seed 002, Squad Size; Ruling: Squads).

A squad's Move may rearrange it into any connected group of one hex per three units: a line
across a facing, a column, a wedge, a blob, or hexes painted one by one. Each new hex must be
within the squad's movement of a hex it holds now, and no hex it holds may be left with no new
hex in reach (its units must get somewhere). Terrain costs count as for any move; others block
as for any move (allies may be passed, not stood on). The move spends the Move action (or the
Main action as a second move) and costs the dearest walk any of its hexes needed.

Overwatch: the squad arrives all at once, watched along the way its units walked (Seed 002, Squad
Size: "treated as a single NPC", so one attack). Every enemy watcher with a hex of those walks
inside its wedge (not one the squad held before) is asked, once, about the first such hex walked,
and fires at the squad as it stood there (`overwatch.ask_along`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import Hold, MoveSquad, Regroup
from game.components import Prone, Squad
from game.ecs import EntityId
from game.events import FootprintChanged
from game.hexgrid import Hex, distance
from game.prompts import FootprintChoice
from game.rules.formation import FORMATIONS, SHAPED, blob, cut_off, growth_order, shape
from game.rules.squad import footprint_hexes
from game.systems.budget import move_points_available, needs, spend
from game.systems.footprint import footprint, place, standing_problem, usable
from game.systems.movement import passage_rule, reachable
from game.systems.overwatch import ask_along
from game.systems.scene import Scene


@dataclass(frozen=True, slots=True)
class SquadMove:
    """A checked formation move: the new hexes in growth order, what it costs, the way the
    anchor walks there (for a window to draw) and the walk to each new hex, in `hexes` order."""

    hexes: tuple[Hex, ...]
    cost: int
    path: tuple[Hex, ...]
    routes: tuple[tuple[Hex, ...], ...] = ()

    def walked(self) -> tuple[Hex, ...]:
        """Every hex the units walk through, in the order walked: the first step of every walk,
        then the second, and so on."""
        longest = max((len(r) for r in self.routes), default=0)
        return tuple(r[k] for k in range(longest) for r in self.routes if k < len(r))


@dataclass(frozen=True, slots=True)
class SquadReach:
    """What each hex a squad holds can reach this move: hex -> (cost, path) for each."""

    points: int
    walks: dict[Hex, dict[Hex, tuple[int, tuple[Hex, ...]]]]

    def best(self, hex_: Hex) -> tuple[int, tuple[Hex, ...]] | None:
        """The cheapest walk any of the squad's units has to this hex, or None."""
        found = [walk[hex_] for walk in self.walks.values() if hex_ in walk]
        return min(found, key=lambda f: (f[0], len(f[1]))) if found else None


def squad_reach(scene: Scene, squad: EntityId, points: int | None = None) -> SquadReach:
    """Where the units on each of the squad's hexes can walk with the movement left."""
    points = move_points_available(scene, squad) if points is None else points
    allies_block = scene.setup.setting("allies_block_movement", False)
    walks = {}
    for start in footprint(scene.world, squad):
        found = reachable(scene.setup.field, scene.world, squad, points, allies_block, start)
        walks[start] = {start: (0, ())} | {h: (r.cost, r.path) for h, r in found.items()}
    return SquadReach(points, walks)


def moves_key(scene: Scene, squad: EntityId, points: int) -> tuple:
    """What a squad's default moves (`choices`' listing: `squad_reach`, `default_formation`,
    `plan_squad_move`) read beside the terrain: its hexes, size, movement and who holds each hex
    near enough to matter, as blocking or passable (an ally's). A hex is near enough within
    `points` plus twice the squad's size of one of its hexes: a walk ends within `points` of the
    hex it starts from, its present shape carried to a hex reached lies within `points` plus its
    breadth of where it stands, and a blob grows at most `size` hexes from its head."""
    here = footprint(scene.world, squad)
    size = footprint_hexes(scene.world.get(squad, Squad).units)
    allies_block = scene.setup.setting("allies_block_movement", False)
    rule = passage_rule(scene.world, squad, allies_block)
    near = points + 2 * size
    held = tuple(sorted((hex_, how) for hex_ in scene.world.occupied()
                        if (how := rule(hex_)) != "free" and any(distance(hex_, h) <= near for h in here)))
    return squad, here, size, points, allies_block, held


def formation_problem(scene: Scene, squad: EntityId, hexes: tuple[Hex, ...], reach: SquadReach) -> str | None:
    """Why the squad cannot move onto these hexes (anchor first), or None."""
    need = footprint_hexes(scene.world.get(squad, Squad).units)
    if len(hexes) != need:
        return f"{scene.name(squad)} covers {need} hex{'es' if need > 1 else ''} now; {len(hexes)} were given"
    for index, hex_ in enumerate(hexes):
        if hex_ in hexes[:index]:
            return f"{scene.place(hex_)} is given twice"
        problem = standing_problem(scene, squad, hex_)
        if problem:
            return problem
    lost = cut_off(hexes)
    if lost is not None:
        return f"{scene.place(lost)} is cut off from the rest: a squad's hexes must be one connected group"
    for hex_ in hexes:
        if reach.best(hex_) is None:
            return f"{scene.place(hex_)} is beyond the squad's movement ({reach.points} movement points)"
    for start, walk in reach.walks.items():
        if not any(h in walk for h in hexes):
            return f"the units at {scene.place(start)} cannot reach any of the new hexes"
    return None


def plan_squad_move(scene: Scene, squad: EntityId, hexes: tuple[Hex, ...], reach: SquadReach) -> SquadMove | str:
    """The checked move onto these hexes, or why not."""
    problem = formation_problem(scene, squad, hexes, reach)
    if problem:
        return problem
    return squad_move(hexes, reach)


def squad_move(hexes: tuple[Hex, ...], reach: SquadReach) -> SquadMove:
    """The move onto hexes `formation_problem` found nothing against: growth order, the dearest
    walk, the anchor's way."""
    ordered = growth_order(hexes)
    walks = {h: reach.best(h) for h in hexes}
    return SquadMove(ordered, max(cost for cost, _ in walks.values()), walks[hexes[0]][1],
                     tuple(walks[h][1] for h in ordered))


def check_move_squad(scene: Scene, action: MoveSquad) -> SquadMove | str:
    """A squad's Move into a new footprint (Seed 002, Squad Size)."""
    if not scene.world.has(action.actor, Squad):
        return "only a squad moves in formation"
    if action.formation not in FORMATIONS + ("",):
        return f"'{action.formation}' is not a formation: {', '.join(FORMATIONS)}, or \"\" for hexes painted one by one"
    if scene.world.has(action.actor, Prone):
        return "stand up first (it takes the Move action)"
    refusal = needs(scene, action.actor, "move")
    if refusal:
        return refusal
    plan = plan_squad_move(scene, action.actor, action.hexes, squad_reach(scene, action.actor))
    return f"cannot move there: {plan}" if isinstance(plan, str) else plan


def move_squad(scene: Scene, action: MoveSquad, plan: SquadMove) -> None:
    """Spend the Move, stand on the new hexes, then ask each watcher who sees a hex its units
    walked through or onto."""
    spend(scene, action.actor, "move")
    before = footprint(scene.world, action.actor)
    place(scene.world, action.actor, plan.hexes)
    scene.emit(FootprintChanged(action.actor, before, plan.hexes, "move", action.formation, plan.cost))
    ask_along(scene, action.actor, plan.walked() + plan.hexes, before)


# -- the formations on offer ----------------------------------------------------------------
def formations_at(scene: Scene, squad: EntityId, anchor: Hex) -> list[tuple[str, int | None, tuple[Hex, ...]]]:
    """Every formation with its head (anchor) on this hex: (name, facing, hexes), shaped ones for
    each of the six facings, then the blob; shapes already listed are left out."""
    size = footprint_hexes(scene.world.get(squad, Squad).units)
    found, seen = [], set()
    for kind in SHAPED:
        for facing in range(6):
            hexes = shape(kind, anchor, facing, size)
            if frozenset(hexes) not in seen:
                seen.add(frozenset(hexes))
                found.append((kind, facing, hexes))
    lump = blob(anchor, size, usable(scene, squad))
    if lump is not None and frozenset(lump) not in seen:
        found.append(("blob", None, lump))
    return found


def default_formation(scene: Scene, squad: EntityId, anchor: Hex, reach: SquadReach) -> tuple[str, tuple[Hex, ...]] | None:
    """The formation a plain click on a hex takes: the squad's present shape carried there if it
    can be, else a blob around it, checked (`formation_problem` finds nothing against it, so
    `squad_move` makes its move); None when neither can."""
    here = footprint(scene.world, squad)
    size = footprint_hexes(scene.world.get(squad, Squad).units)
    carried = tuple(anchor + (h - here[0]) for h in here)
    if len(carried) == size and formation_problem(scene, squad, carried, reach) is None:
        return "", carried
    lump = blob(anchor, size, usable(scene, squad))
    if lump is not None and formation_problem(scene, squad, lump, reach) is None:
        return "blob", lump
    return None


# -- the owner's answer when losses or healing reshaped the squad ---------------------------
def open_choice(scene: Scene, actor: EntityId) -> FootprintChoice | None:
    """The footprint decision this squad must answer now, if any."""
    prompt = scene.pending[0] if scene.pending else None
    return prompt if isinstance(prompt, FootprintChoice) and prompt.decider == actor else None


def check_regroup(scene: Scene, action: Regroup) -> tuple[Hex, ...] | str:
    """Take one of the decision's choices instead of the default."""
    prompt = open_choice(scene, action.actor)
    if prompt is None:
        return "there is no footprint decision for you to make"
    chosen = next((c for c in prompt.choices if set(c) == set(action.hexes)), None)
    if chosen is None or len(chosen) != len(action.hexes):
        return "those hexes are not one of the choices"
    problem = next((p for h in chosen if (p := standing_problem(scene, action.actor, h))), None)
    return problem or chosen


def regroup(scene: Scene, action: Regroup, chosen: tuple[Hex, ...]) -> None:
    """Stand on the chosen hexes; the decision is closed."""
    scene.pending.pop(0)
    before = footprint(scene.world, action.actor)
    place(scene.world, action.actor, chosen)
    scene.emit(FootprintChanged(action.actor, before, footprint(scene.world, action.actor), "regroup"))


def check_keep(scene: Scene, action: Hold) -> FootprintChoice | str:
    """Keeping the hexes the engine chose."""
    return open_choice(scene, action.actor) or "there is no footprint decision for you to make"


def keep(scene: Scene, action: Hold, prompt: FootprintChoice) -> None:
    """The decision is closed; the squad stays as it is."""
    scene.pending.pop(0)

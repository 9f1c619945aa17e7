"""Negating damage with hero points in a battle (seed 004, Negating Damage; module `hero_points`).

A character just hit, holding a point of their own or in their side's pool, is asked before the
damage is taken (`NegationChance`, opened by the ruleset's attack). The answer `NegateDamage`
pays at most one personal point and any from the pool, three picks a point from those the
ruleset can undo (`Ruleset.negation`); nobody may counter it. `Hold` takes the hit as it is.
The ruleset's `Land` then applies the hit, with the picks or without.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations_with_replacement

from game.actions import Hold, NegateDamage
from game.components import HeroPoints
from game.options import AT_ONCE, NegationOption, Option
from game.prompts import NegationChance
from game.rules.hero_points import PICKS_PER_POINT, Negation, Spend, negation_problem, spend_problem
from game.systems.dispatch import Row
from game.systems.hero_chances import points, pool
from game.systems.scene import Scene

Land = Callable[[Scene, NegationChance, "NegateDamage | None"], None]
"""How a ruleset's hit lands after the decision: with the picks bought (None: as it was rolled)."""
Outcome = Callable[[Scene, NegationChance, "tuple[str, ...]"], "tuple[int, bool]"]
"""What a hit would do with these picks bought: the damage it deals and whether it drops the character."""
POOL_POINTS_OFFERED = 3  # the most pool points one option puts on a hit (the action takes any number)


@dataclass(frozen=True, slots=True)
class Negating:
    """One ruleset's negation: its name, what its picks undo, how its hit lands and what picks do."""

    ruleset: str
    negation: Negation
    land: Land
    outcome: Outcome
    picks: Callable[[Scene, NegationChance, int], tuple[str, ...]]
    """The picks a number of points buys against this hit when the option is built (the computer's
    and the window's): the ones that leave the least of it (`best_picks`)."""

    def check(self, scene: Scene, action: NegateDamage) -> NegateDamage | str:
        """Negating answers an open negation decision: one personal point at most, any from the
        pool, three picks a point from those this ruleset undoes (Seed 004, Negating Damage)."""
        if not (scene.pending and isinstance(scene.pending[0], NegationChance)):
            return "there is no hit to negate damage from"
        spend = Spend(int(action.personal), action.from_pool)
        return (spend_problem(spend, points(scene, action.actor), pool(scene, action.actor))
                or negation_problem(self.negation, spend, action.picks, self.ruleset) or action)

    def negate(self, scene: Scene, action: NegateDamage, plan: NegateDamage) -> None:
        """Pay the points, then let the hit land with the picks; it cannot be countered (Seed 004)."""
        prompt = scene.pending.pop(0)
        if action.personal:
            scene.world.set(action.actor, HeroPoints(points(scene, action.actor) - 1))
        side = scene.side_of(action.actor)
        scene.update_side(side, hero_pool=scene.sides[side].hero_pool - action.from_pool)
        self.land(scene, prompt, action)

    def hold(self, scene: Scene, action: Hold) -> None:
        """Take the hit as it was rolled."""
        self.land(scene, scene.pending.pop(0), None)

    def row(self) -> Row:
        """The table row answering a negation decision."""
        return Row(self.check, self.negate, instant=True, answers=True, only_answers=True)

    def hold_row(self, other: Row) -> Row:
        """A Hold row that takes an open hit as rolled, and answers any other decision as `other` does."""
        def check(scene: Scene, action: Hold) -> object:
            return action if _negation_open(scene) else other.check(scene, action)

        def apply(scene: Scene, action: Hold, plan: object) -> None:
            if _negation_open(scene):
                self.hold(scene, action)
            else:
                other.apply(scene, action, plan)
        return Row(check, apply, instant=True, answers=True, only_answers=True)

    def options(self, scene: Scene, prompt: NegationChance) -> tuple[Option, ...]:
        """Each way to negate, fewest points first (a personal point before the pool's), up to the
        number that makes the hit do nothing, each with the damage then dealt; then taking the hit."""
        decider = prompt.decider
        damage, drops = self.outcome(scene, prompt, ())
        found: list[NegationOption] = []
        for bought in range(1, POOL_POINTS_OFFERED + 2):
            for personal in (True, False):
                action = NegateDamage(decider, personal=personal, from_pool=bought - int(personal),
                                      picks=self.picks(scene, prompt, bought))
                if isinstance(self.check(scene, action), str):
                    continue
                after, still_drops = self.outcome(scene, prompt, action.picks)
                found.append(NegationOption("negate_damage", action, aim=AT_ONCE, picks=action.picks, damage=after, drops=still_drops))
            if found and found[-1].damage == 0:
                break
        return (*found, NegationOption("hold", Hold(decider), aim=AT_ONCE, damage=damage, drops=drops))


def _negation_open(scene: Scene) -> bool:
    return bool(scene.pending) and isinstance(scene.pending[0], NegationChance)


def shock_picks(scene: Scene, prompt: NegationChance, points_spent: int) -> tuple[str, ...]:
    """Every pick a "shock" pick: the one SWN has (3 points off the hit each)."""
    return ("shock",) * (PICKS_PER_POINT * points_spent)


Harm = Callable[[tuple[str, ...]], tuple]
"""How much a hit still does with these picks, worst parts first (smaller is better)."""


def best_picks(offered: tuple[str, ...], points_spent: int, harm: Harm) -> tuple[str, ...]:
    """The three picks a point from `offered` (in the ruleset's order of preference) that leave the
    least harm; among equals, the ones earlier in `offered` (a "shock" pick before the rest)."""
    rank = {pick: place for place, pick in enumerate(offered)}
    choices = combinations_with_replacement(offered, PICKS_PER_POINT * points_spent)
    return min(choices, key=lambda picks: (harm(picks), sorted(rank[pick] for pick in picks)))

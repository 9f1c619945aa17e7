"""Every option the engine offers on the bundled maps says how it is aimed, and every part of
every odds it shows carries the rule it comes from: played by the computer on each map, every
listing along the way is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.players.plain import choose_action
from game.hexgrid import Hex
from game.options import Aim
from game.savefile import battle_from_map

MAPS = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.tmx"))
STEPS = 80  # actions played on each map: every kind of listing of a fight's opening rounds comes up
NAMED = {"hex": (Hex, tuple), "combatant": (int,), "side": (str,), "facing": (int,)}


def _listings(path: Path):
    """Every listing of the decider's options along a computer-played fight on the map."""
    battle = battle_from_map(path, 5)
    for _ in range(STEPS):
        if battle.state.ended:
            return
        prompt = battle.pending()
        yield battle.options(prompt.decider if prompt is not None else battle.current())
        assert battle.submit(choose_action(battle)).accepted


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_every_part_of_every_odds_on_the_map_names_its_rule(path):
    parts = 0
    for listing in _listings(path):
        for option in listing.items:
            odds = getattr(option, "odds", None)
            if odds is None:
                continue
            assert odds.source, f"{path.stem}: the odds of {option.kind} name no rule"
            for part in odds.bonus + odds.target:
                assert part.source, f"{path.stem}: {option.kind}'s part {part.name} names no rule"
                parts += 1
    assert parts > 0


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_every_option_on_the_map_says_how_it_is_aimed_and_the_allowed_ones_name_it(path):
    for listing in _listings(path):
        for option in listing.items:
            assert isinstance(option.aim, Aim), option
            if option.allowed and option.aim.field:
                named = getattr(option, option.aim.field)
                assert isinstance(named, NAMED[option.aim.at]), (path.stem, option.kind, option.aim, named)

"""The footprint law as a property (Seed 002, Squad Size; Ruling: Squads): whatever moves and
casualties come (formations, blasts, the GM's health changes, the owner's answers), a standing squad covers one hex per three units (fewer only when boxed in with
no free hex next to it), its hexes are one connected group (every first few of them too, so
closing ranks from the end never splits it), each enterable, held by nobody else; a fallen squad
holds none."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import EndTurn, GmSetHealth, Hold
from game.hexgrid import Hex, neighbors
from game.rules.formation import connected
from game.rules.swn.squad import footprint_hexes

from kit import WALL, battle_at, unit

WALLS = {h: WALL for h in (Hex(0, 0), Hex(0, 1), Hex(1, -2), Hex(-2, 2))}


def _battle():
    units = [replace(unit(1, "veteran_soldier", "pcs", Hex(-3, 0), count=11, name="Blue squad")),
             replace(unit(2, "veteran_soldier", "enemies", Hex(3, 0), count=8, name="Red squad")),
             unit(3, "grenadier", "enemies", Hex(2, 3)), unit(4, "thug", "pcs", Hex(-2, -2))]
    return battle_at(units, first=1, terrain=WALLS, radius=5)


def _check_the_law(battle) -> None:
    field = battle.map.field
    for view in battle.combatants():
        if view.squad_units is None:
            continue
        hexes = view.footprint
        if not view.in_fight:
            assert all(battle.world.at(h) != view.id for h in field.hexes())
            continue
        need = footprint_hexes(view.squad_units)
        assert all(connected(hexes[:n]) for n in range(1, len(hexes) + 1)) and len(set(hexes)) == len(hexes)
        assert all(field.move_cost(h) is not None and battle.world.at(h) == view.id for h in hexes)
        if len(hexes) < need:  # boxed in: no free hex next to it
            around = {n for h in hexes for n in neighbors(h)} - set(hexes)
            assert all(n not in field or field.move_cost(n) is None or battle.world.at(n) is not None for n in around)
        else:
            assert len(hexes) == need


def _step(battle, data) -> None:
    prompt = battle.pending()
    if prompt is not None:
        answers = battle.options(prompt.decider).allowed()
        battle.submit(data.draw(st.sampled_from(answers)).action if answers else Hold(prompt.decider))
        return
    actor = battle.current()
    move = data.draw(st.integers(0, 3))
    view = battle.combatant(actor)
    if move == 0:
        squad = data.draw(st.sampled_from([1, 2]))
        health = battle.combatant(squad)
        if health.in_fight:
            battle.submit(GmSetHealth(squad, value=data.draw(st.integers(0, health.health_max))))
        return
    if move == 3 and view.squad_units is None:  # the grenadier: blasts take units off the squads
        throws = battle.options(actor, groups=("grenade",)).allowed("grenade")
        if throws:
            battle.submit(data.draw(st.sampled_from(throws)).action)
            return
    if move in (1, 2) and view.squad_units is not None:
        anchor = data.draw(st.sampled_from(sorted(battle.map.field.hexes())))
        shapes = battle.formations(actor, anchor)
        if shapes:
            chosen = data.draw(st.sampled_from(shapes))
            outcome = battle.submit(chosen.action) if chosen.allowed else None
            assert outcome is None or outcome.accepted, outcome.reason
            return
    battle.submit(EndTurn(actor))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_squad_stays_one_connected_group_of_the_right_size_through_moves_and_casualties(data):
    battle = _battle()
    _check_the_law(battle)
    for _ in range(data.draw(st.integers(5, 25))):
        if battle.state.ended:
            break
        _step(battle, data)
        _check_the_law(battle)

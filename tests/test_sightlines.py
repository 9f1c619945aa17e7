"""Lines of fire in bulk give, pair for pair, the reading the engine's own lookup gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.hexgrid import Hex
from game.rules.catalog import load_catalog
from game.savefile import battle_from_map
from game.systems import sightlines
from game.systems.sight import cover_lookup, trace_cover
from game.systems.sightlines import every_line_of_fire, lines_of_fire, prime_covers
from game.terrain import Battlefield, HexTerrain

CATALOG = load_catalog()
CONCEALMENT = sorted(CATALOG.concealment.values(), key=lambda c: c.id)
MATERIALS = sorted(CATALOG.materials.values(), key=lambda m: m.id)
WEAPONS = [None] + sorted({w.weapon_class for w in CATALOG.weapons.values()}, key=repr)


def ground(wall: bool, concealment: int, material: int) -> HexTerrain:
    """One hex: a sight-blocking wall, or open ground with some concealment and cover."""
    return HexTerrain("wall" if wall else "ground", 1, wall, wall, wall,
                      CONCEALMENT[concealment], MATERIALS[material])


@st.composite
def battlefields(draw):
    """A rectangle of up to 12 x 10 Tiled cells (odd columns shifted) with random terrain."""
    cols, rows = draw(st.integers(2, 12)), draw(st.integers(2, 10))
    cells = [Hex(c, r - (c + (c & 1)) // 2) for c in range(cols) for r in range(rows)]
    terrain = {h: ground(draw(st.booleans()) and draw(st.booleans()),
                         draw(st.integers(0, len(CONCEALMENT) - 1)), draw(st.integers(0, len(MATERIALS) - 1)))
               for h in cells}
    return Battlefield(terrain), cells


@settings(max_examples=60, deadline=None)
@given(battlefields(), st.data())
def test_every_pair_reads_as_the_engine_reads_it(case, data):
    field, cells = case
    units = data.draw(st.lists(st.sampled_from(cells), min_size=1, max_size=12))
    weapons = data.draw(st.lists(st.sampled_from(WEAPONS), min_size=len(units), max_size=len(units)))
    found = every_line_of_fire(field, units, weapons, units)
    for i, attacker in enumerate(units):
        for j, target in enumerate(units):
            assert found.reading(i * len(units) + j) == trace_cover(field, attacker, target, weapons[i])


def test_a_wall_between_blocks_the_line_at_the_wall():
    field = Battlefield({Hex(q, 0): ground(q == 2, 0, 0) for q in range(5)})
    found = lines_of_fire(field, [Hex(0, 0), Hex(4, 0)], [Hex(4, 0), Hex(0, 0)], [None, None])
    assert [found.reading(k).blocked_at for k in range(2)] == [Hex(2, 0), Hex(2, 0)]


def test_the_bundled_map_units_read_alike_both_ways():
    battle = battle_from_map("maps/kessler_ford.tmx", seed=3)
    hexes = [c.hex for c in battle.combatants()]
    weapons = [battle.catalog.weapons[c.weapon or "unarmed"].weapon_class for c in battle.combatants()]
    found = every_line_of_fire(battle.map.field, hexes, weapons, hexes)
    expected = [trace_cover(battle.map.field, a, b, w) for a, w in zip(hexes, weapons) for b in hexes]
    assert [found.reading(k) for k in range(len(found))] == expected


def test_a_table_that_grew_too_large_starts_afresh_and_stays_right(monkeypatch):
    monkeypatch.setattr(sightlines, "STEPS_KEPT", 10)
    field = Battlefield({Hex(q, r): ground(False, (q + r) % 3, q % 4) for q in range(8) for r in range(8)})
    pairs = [(Hex(0, 0), Hex(q, 7)) for q in range(8)] + [(Hex(7, 7), Hex(q, 0)) for q in range(8)]
    for _ in range(2):
        found = lines_of_fire(field, [a for a, _ in pairs], [b for _, b in pairs], [WEAPONS[1]] * len(pairs))
        assert [found.reading(k) for k in range(len(pairs))] == [trace_cover(field, a, b, WEAPONS[1]) for a, b in pairs]


def test_primed_readings_are_what_the_lookup_then_returns():
    field = Battlefield({Hex(q, r): ground(q == 3 and r < 4, r % 4, q % 5) for q in range(9) for r in range(9)})
    targets = [Hex(8, r) for r in range(9)]
    prime_covers(field, [Hex(0, 4)] * 9, targets, [WEAPONS[2]] * 9)
    assert len(field.covers_seen) == 9
    assert [cover_lookup(field, Hex(0, 4), t, WEAPONS[2]) for t in targets] == \
        [trace_cover(field, Hex(0, 4), t, WEAPONS[2]) for t in targets]


def test_a_few_unknown_pairs_are_left_to_the_lookup():
    field = Battlefield({Hex(q, 0): ground(False, 0, 0) for q in range(4)})
    prime_covers(field, [Hex(0, 0)], [Hex(3, 0)], [None])
    assert len(field.covers_seen) == 0


def test_remembered_readings_are_bounded():
    kept = 3
    field = Battlefield({Hex(q, 0): ground(False, 0, 0) for q in range(8)})
    field.covers_seen.kept = kept
    for q in range(8):
        cover_lookup(field, Hex(0, 0), Hex(q, 0), None)
    assert len(field.covers_seen) == kept

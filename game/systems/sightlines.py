"""Lines of fire in bulk: sight, concealment and cover armor for many attacker and target hexes
in one numpy pass, reading for reading what `sight.cover_lookup` gives pair by pair.

The rules are sight's (Rulings: Grid; Cover and concealment): a line is blocked at its first
step whose hexes all block sight; cover and concealment count from the target's hex and the
hexes next to it on the line; the best of each applies, the first found winning a tie.
Shielding mechs are not terrain: a batch reads terrain alone, and `cover_lookup` traces a
pair with shields itself, never from what a batch remembered.

Terrain never changes during a battle, so everything derived from it (per-hex arrays, the
lines to every offset, a `hexgrid.linetable`) is built once per battlefield and kept there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.hexgrid import Hex
from game.hexgrid.linetable import steps_between
from game.rules.cover import CoverReading, Material, WeaponClass, material_armor
from game.terrain import Battlefield

BATCH_FROM = 8
"""Fewer unknown pairs than this are quicker read one by one than set up for numpy."""

STEPS_KEPT = 4_000_000
"""Steps of traced lines kept per battlefield (about 40 MB) before the table starts afresh."""

COVER_WIDTH = 5  # the target and up to two hexes from each of the last two steps

_PAD = 2  # closed cells round the map: a line's steps and a target's neighbours stay inside


class _Grid:
    """Hexes as cell numbers on a padded rectangle of the map's axial bounding box."""

    def __init__(self, hexes: Sequence[Hex]):
        qs, rs = np.array([h.q for h in hexes]), np.array([h.r for h in hexes])
        self.q0, self.r0 = int(qs.min()) - _PAD, int(rs.min()) - _PAD
        self.stride = int(rs.max()) - self.r0 + 1 + _PAD
        self.size = (int(qs.max()) - self.q0 + 1 + _PAD) * self.stride
        self.span_q, self.span_r = int(np.ptp(qs)), int(np.ptp(rs))
        self.offsets = (2 * self.span_q + 1) * (2 * self.span_r + 1)

    def cells(self, qs: np.ndarray, rs: np.ndarray) -> np.ndarray:
        """Cell numbers of hexes."""
        return (qs - self.q0) * self.stride + (rs - self.r0)

    def offset_ids(self, dqs: np.ndarray, drs: np.ndarray) -> np.ndarray:
        """Row of each offset in the line table."""
        return (dqs + self.span_q) * (2 * self.span_r + 1) + (drs + self.span_r)

    def offset_of(self, offset_ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The (dq, dr) of offset rows."""
        dqs, drs = np.divmod(offset_ids, 2 * self.span_r + 1)
        return dqs - self.span_q, drs - self.span_r


class SightTable:
    """One battlefield's terrain as arrays, and its lines to every offset between two of its hexes."""

    def __init__(self, field: Battlefield):
        hexes = field.hexes()
        grid = self.grid = _Grid(hexes)
        cells = grid.cells(np.array([h.q for h in hexes]), np.array([h.r for h in hexes]))
        terrains = [field.terrain(h) for h in hexes]
        self.materials: list[Material] = sorted({t.material for t in terrains}, key=lambda m: m.id)
        number = {m: i for i, m in enumerate(self.materials)}
        self.material = np.full(grid.size, len(self.materials))  # the last row: no material
        self.material[cells] = [number[t.material] for t in terrains]
        self.resists = np.array([m.resists_aimed_shot for m in self.materials] + [False])
        self.concealment = np.zeros(grid.size, dtype=np.int64)
        self.concealment[cells] = [t.concealment.ac_bonus for t in terrains]
        blocks = np.zeros(grid.size, dtype=bool)
        blocks[cells] = [t.blocks_sight for t in terrains]
        # One lookup per step: kind 0 is a hex; kinds 1-3 an edge (the lower hex and its
        # neighbour at +1, +stride-1, +stride), blocked only when both hexes block.
        self.edges = (1, grid.stride - 1, grid.stride)
        self.blocking = np.concatenate([blocks] + [blocks & np.roll(blocks, -e) for e in self.edges])
        self._forget()

    def _forget(self) -> None:
        """Drop every line traced so far (at the start, and when the table grows too large)."""
        self.row_of = np.full(self.grid.offsets, -1, dtype=np.int64)
        self.counts = self.starts = np.zeros(0, dtype=np.int64)
        self.step_code = np.zeros(0, dtype=np.int32)
        self.step_hex = np.zeros((0, 2), dtype=np.int64)
        self.cover_cells = np.zeros((0, COVER_WIDTH), dtype=np.int64)
        self.cover_used = np.zeros((0, COVER_WIDTH), dtype=bool)

    def rows(self, offset_ids: np.ndarray) -> np.ndarray:
        """The table rows of these offsets, tracing the lines not traced yet."""
        missing = np.unique(offset_ids[self.row_of[offset_ids] < 0])
        if missing.size:
            if self.step_code.size > STEPS_KEPT:
                self._forget()
                missing = np.unique(offset_ids)
            self._trace(missing)
        return self.row_of[offset_ids]

    def _trace(self, offset_ids: np.ndarray) -> None:
        """Add the lines to these offsets: each step's lower hex and kind, and the covering hexes."""
        grid = self.grid
        dq, dr = grid.offset_of(offset_ids)
        steps = steps_between(dq, dr)
        low_q, low_r, kind = _lower_hex(steps)
        counts = np.bincount(steps["owner"], minlength=dq.size)
        self.row_of[offset_ids] = np.arange(dq.size) + self.counts.size
        self.starts = np.concatenate([self.starts, np.cumsum(counts) - counts + self.step_code.size])
        self.counts = np.concatenate([self.counts, counts])
        code = (kind * grid.size + low_q * grid.stride + low_r).astype(np.int32)
        self.step_code = np.concatenate([self.step_code, code])
        self.step_hex = np.concatenate([self.step_hex, np.stack([low_q, low_r], axis=1)])
        cells, used = _covering(grid, dq, dr, steps, counts)
        self.cover_cells = np.concatenate([self.cover_cells, cells])
        self.cover_used = np.concatenate([self.cover_used, used])

    def armor_table(self, weapons: Sequence[WeaponClass | None]) -> np.ndarray:
        """Armor of each material (rows) against each weapon (columns); no weapon: 0."""
        table = np.zeros((len(self.materials) + 1, len(weapons)), dtype=np.int64)
        for column, weapon in enumerate(weapons):
            if weapon is not None:
                table[:-1, column] = [material_armor(m, weapon) for m in self.materials]
        return table


def _covering(grid: _Grid, dq: np.ndarray, dr: np.ndarray, steps: dict[str, np.ndarray],
              counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per offset: the target (0) and then, in line order, each hex next to the target on the
    line, as cell offsets from the target (sight.covering_hexes). Rounding moves a point less
    than a hex, so only the last two steps can touch the target; only they are read."""
    last_two = steps["index"] >= counts[steps["owner"]] - 1
    owner = np.repeat(steps["owner"][last_two], 2)
    qs = np.stack([steps["plus_q"][last_two], steps["minus_q"][last_two]], axis=1)
    rs = np.stack([steps["plus_r"][last_two], steps["minus_r"][last_two]], axis=1)
    first = (qs[:, 0] < qs[:, 1]) | ((qs[:, 0] == qs[:, 1]) & (rs[:, 0] <= rs[:, 1]))
    order = np.where(first[:, None], [0, 1], [1, 0])  # each step's hexes in sorted order
    qs = np.take_along_axis(qs, order, axis=1).ravel() - dq[owner]
    rs = np.take_along_axis(rs, order, axis=1).ravel() - dr[owner]
    near = np.maximum(np.maximum(np.abs(qs), np.abs(rs)), np.abs(qs + rs)) == 1
    owner, rel = owner[near], (qs * grid.stride + rs)[near]
    _, keep = np.unique(owner * (4 * grid.size) + rel + 2 * grid.size, return_index=True)
    keep.sort()
    owner, rel = owner[keep], rel[keep]
    rank = np.arange(owner.size) - np.searchsorted(owner, owner) + 1
    cells = np.zeros((dq.size, COVER_WIDTH), dtype=np.int64)
    used = np.zeros((dq.size, COVER_WIDTH), dtype=bool)
    used[:, 0] = True
    cells[owner, rank], used[owner, rank] = rel, True
    return cells, used


def _lower_hex(steps: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each step's lower hex (q, r) and its kind: 0 one hex, 1-3 an edge to +r, +q-r, +q."""
    pq, pr, mq, mr = steps["plus_q"], steps["plus_r"], steps["minus_q"], steps["minus_r"]
    plus_first = (pq < mq) | ((pq == mq) & (pr <= mr))
    low_q, low_r = np.where(plus_first, pq, mq), np.where(plus_first, pr, mr)
    gap_q, gap_r = np.abs(pq - mq), np.abs(pr - mr)
    kind = np.select([(gap_q == 0) & (gap_r == 0), gap_q == 0, gap_r == 0], [0, 1, 3], default=2)
    return low_q, low_r, kind


def sight_table(field: Battlefield) -> SightTable:
    """The battlefield's sight table, built on first use and kept with the terrain."""
    return field.memo("sight table", SightTable)


@dataclass(frozen=True, slots=True, eq=False)
class LinesOfFire:
    """Readings for many (attacker hex, target hex) pairs, as arrays; `reading(k)` gives pair k's
    `CoverReading` exactly as `cover_lookup` would."""

    field: Battlefield
    attacker_q: np.ndarray
    attacker_r: np.ndarray
    target_q: np.ndarray
    target_r: np.ndarray
    visible: np.ndarray
    blocked_at: np.ndarray  # (q, r) of the blocking hex, where not visible
    concealment: np.ndarray  # the best concealment's AC bonus
    concealment_at: np.ndarray  # (q, r) of the hex giving it
    armor: np.ndarray
    armor_at: np.ndarray
    aim_proof_armor: np.ndarray

    def __len__(self) -> int:
        return self.visible.size

    def reading(self, k: int) -> CoverReading:
        """The cover reading of pair k."""
        if not self.visible[k]:
            return CoverReading(visible=False, blocked_at=Hex(*map(int, self.blocked_at[k])))
        conceal_hex = Hex(*map(int, self.concealment_at[k])) if self.concealment[k] else None
        armor_hex = Hex(*map(int, self.armor_at[k])) if self.armor[k] else None
        return CoverReading(
            visible=True, concealment=self.field.terrain(conceal_hex).concealment if conceal_hex else None,
            concealment_hex=conceal_hex, armor=int(self.armor[k]),
            material=self.field.terrain(armor_hex).material if armor_hex else None, material_hex=armor_hex,
            aim_proof_armor=int(self.aim_proof_armor[k]))


def lines_of_fire(field: Battlefield, attackers: Sequence[Hex], targets: Sequence[Hex],
                  weapons: Sequence[WeaponClass | None]) -> LinesOfFire:
    """Pair k is attackers[k] firing at targets[k] with weapons[k] (None: concealment only).
    Every hex must be on the battlefield."""
    aq, ar = np.array([h.q for h in attackers], dtype=np.int64), np.array([h.r for h in attackers], dtype=np.int64)
    bq, br = np.array([h.q for h in targets], dtype=np.int64), np.array([h.r for h in targets], dtype=np.int64)
    columns, kinds = _weapon_columns(weapons)
    return _read(field, aq, ar, bq, br, columns, kinds)


def every_line_of_fire(field: Battlefield, attackers: Sequence[Hex], weapons: Sequence[WeaponClass | None],
                       targets: Sequence[Hex]) -> LinesOfFire:
    """Every attacker (with its weapon) against every target: pair i * len(targets) + j."""
    columns, kinds = _weapon_columns(weapons)
    many = len(targets)
    aq = np.repeat(np.array([h.q for h in attackers], dtype=np.int64), many)
    ar = np.repeat(np.array([h.r for h in attackers], dtype=np.int64), many)
    bq = np.tile(np.array([h.q for h in targets], dtype=np.int64), len(attackers))
    br = np.tile(np.array([h.r for h in targets], dtype=np.int64), len(attackers))
    return _read(field, aq, ar, bq, br, np.repeat(columns, many), kinds)


def _weapon_columns(weapons: Sequence[WeaponClass | None]) -> tuple[np.ndarray, list[WeaponClass | None]]:
    """Each weapon's column in the armor table, and the distinct weapons in column order."""
    kinds = sorted(set(weapons), key=repr)
    column = {w: i for i, w in enumerate(kinds)}
    return np.array([column[w] for w in weapons], dtype=np.int64), kinds


def _read(field: Battlefield, aq: np.ndarray, ar: np.ndarray, bq: np.ndarray, br: np.ndarray,
          columns: np.ndarray, weapons: list[WeaponClass | None]) -> LinesOfFire:
    """Sight first, then cover and concealment, for every pair at once."""
    table = sight_table(field)
    grid = table.grid
    rows = table.rows(grid.offset_ids(bq - aq, br - ar))
    visible, blocked_at = _sight(table, aq, ar, bq, br)
    cells = grid.cells(bq, br)[:, None] + table.cover_cells[rows]
    used = table.cover_used[rows]
    concealment = np.where(used, table.concealment[cells], 0)
    armor = table.armor_table(weapons)[np.where(used, table.material[cells], -1), columns[:, None]]
    resists = table.resists[np.where(used, table.material[cells], -1)]
    best_conceal, best_armor = concealment.argmax(axis=1), armor.argmax(axis=1)
    pick = np.arange(rows.size)
    return LinesOfFire(
        field, aq, ar, bq, br, visible, blocked_at, concealment[pick, best_conceal],
        _hex_of(grid, cells[pick, best_conceal]), armor[pick, best_armor], _hex_of(grid, cells[pick, best_armor]),
        np.where(resists, armor, 0).max(axis=1))


def _sight(table: SightTable, aq: np.ndarray, ar: np.ndarray, bq: np.ndarray,
           br: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Whether each line is clear, and where a blocked one is first blocked (from the attacker).

    A line from b to a is the line from a to b walked backwards (the same sample points, so the
    same hexes), so each pair of hexes is traced once, from its lower cell: its first blocked
    step serves the attacker there, its last the attacker at the other end."""
    grid = table.grid
    a_cells, b_cells = grid.cells(aq, ar), grid.cells(bq, br)
    swap = a_cells > b_cells
    low, high = np.where(swap, b_cells, a_cells), np.where(swap, a_cells, b_cells)
    lines, which = np.unique(low * grid.size + high, return_inverse=True)
    low, high = lines // grid.size, lines % grid.size
    rows = table.rows(grid.offset_ids(high // grid.stride - low // grid.stride, high % grid.stride - low % grid.stride))
    first, last, steps = _blocked_steps(table, low, rows)
    start_of_line = np.stack([low // grid.stride + grid.q0, low % grid.stride + grid.r0], axis=1)
    step = np.where(swap, last[which], first[which])
    visible = step < 0
    blocked_at = np.zeros((aq.size, 2), dtype=np.int64)
    hidden = np.flatnonzero(~visible)
    blocked_at[hidden] = table.step_hex[steps[step[hidden]]] + start_of_line[which[hidden]]
    return visible, blocked_at


def _blocked_steps(table: SightTable, starts: np.ndarray,
                   rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per line, the position of its first and its last blocked step (-1: clear), and the table
    row of every position."""
    counts = table.counts[rows]
    firsts = np.cumsum(counts) - counts
    total = int(counts.sum())
    steps = np.repeat((table.starts[rows] - firsts).astype(np.int32), counts)
    steps += np.arange(total, dtype=np.int32)
    cells = np.take(table.step_code, steps)
    cells += np.repeat(starts.astype(np.int32), counts)
    blocked = np.flatnonzero(np.take(table.blocking, cells))
    del cells
    owner = np.repeat(np.arange(rows.size, dtype=np.int32), counts)[blocked]
    first, last = np.full(rows.size, -1), np.full(rows.size, -1)
    if blocked.size:
        starts_here = np.flatnonzero(np.diff(owner, prepend=-1))
        ends_here = np.flatnonzero(np.diff(owner, append=rows.size))
        first[owner[starts_here]] = blocked[starts_here]
        last[owner[ends_here]] = blocked[ends_here]
    return first, last, steps


def _hex_of(grid: _Grid, cells: np.ndarray) -> np.ndarray:
    """(q, r) of cell numbers."""
    return np.stack([cells // grid.stride + grid.q0, cells % grid.stride + grid.r0], axis=1)


def prime_covers(field: Battlefield, attackers: Sequence[Hex], targets: Sequence[Hex],
                 weapons: Sequence[WeaponClass | None]) -> None:
    """Work out in one batch the terrain cover readings of the pairs not yet remembered, so
    that `cover_lookup` finds them all (a handful is quicker one by one, and left to it)."""
    seen = field.covers_seen
    wanted = dict.fromkeys(key for key in zip(attackers, targets, weapons) if key not in seen)
    if len(wanted) < BATCH_FROM:
        return
    found = lines_of_fire(field, *zip(*wanted))
    for k, key in enumerate(wanted):
        seen.put(key, found.reading(k))

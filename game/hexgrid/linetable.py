"""Lines from the origin to many offsets at once (numpy), hex for hex what `cube.line_with_edges` draws.

A line depends only on the offset between its ends: the line from a to b is the line from the
origin to b - a, moved by a. (The nudge that settles exact ties is far larger than any float
error, so moving a line never changes a rounding.) A map therefore needs the lines to each
offset once, and any pair of hexes reads its line from there.
"""

from __future__ import annotations

import numpy as np

from .cube import _NUDGE


def _round_many(q: np.ndarray, r: np.ndarray, s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """cube_round for arrays: the (q, r) of the hexes holding the fractional cube points."""
    rq, rr, rs = np.floor(q + 0.5), np.floor(r + 0.5), np.floor(s + 0.5)
    dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    out_q = np.where(fix_q, -rr - rs, rq)
    out_r = np.where(fix_r, -rq - rs, rr)
    return out_q.astype(np.int64), out_r.astype(np.int64)


def steps_between(dqs: np.ndarray, drs: np.ndarray) -> dict[str, np.ndarray]:
    """The steps strictly between the origin and each offset (dq, dr), every line one after another.

    Returns `owner` (which offset a step belongs to), `index` (1 .. n-1 along its line), and the
    hex on each side of the nudged line, `plus_q, plus_r` and `minus_q, minus_r`: the same hex
    where the line crosses a hex, the two hexes of an edge it runs along.
    """
    dqs, drs = np.asarray(dqs, dtype=np.int64), np.asarray(drs, dtype=np.int64)
    n = np.maximum(np.maximum(np.abs(dqs), np.abs(drs)), np.abs(dqs + drs))
    counts = np.maximum(n - 1, 0)
    owner = np.repeat(np.arange(len(dqs)), counts)
    firsts = np.cumsum(counts) - counts
    index = np.arange(owner.size) - np.repeat(firsts, counts) + 1
    steps = {"owner": owner, "index": index}
    length = n[owner].astype(np.float64)
    q = (dqs[owner] * index) / length
    r = (drs[owner] * index) / length
    s = (-(dqs + drs)[owner] * index) / length
    for name, sign in (("plus", 1), ("minus", -1)):
        steps[f"{name}_q"], steps[f"{name}_r"] = _round_many(
            q + sign * _NUDGE[0], r + sign * _NUDGE[1], s + sign * _NUDGE[2])
    return steps

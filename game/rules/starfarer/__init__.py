"""Starfarer (seed 003), ruleset `starfarer`: pure rules, one module per concern.

`tasks` (BCS, EF, MCS, d100, level of success, hit location), `initiative` (action points and
phases), `ranges`, `damage` (penetration, damage rating, blow-through, lethality), `wounds`
(the wound track, trait penalties, bleeding) and `checks` (shock, disability, survival).
See docs/rules/starfarer.md for how the seed was read.
"""
